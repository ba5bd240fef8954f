"""What the frozen m3desk leaves out, and why. Read by ``m3desk.spec`` and the packaging tests.

PyInstaller collects far more of Qt than a QtWidgets app uses: every plugin of every Qt module
it sees (platforms for embedded boards, VNC, TLS, network information, GTK integration...) and
every shared library those plugins link, including system libraries from the build machine.
``excludes`` alone does not help: it only drops *Python* modules, while plugins and the
libraries they link are found by binary analysis (PyInstaller issues #5503 and #8672). So the
spec does three things, each listed here with its reason:

1. ``EXCLUDED_MODULES``: Python modules m3desk never imports (Qt bindings, stdlib, dev tools).
2. ``filter_qt``: drops unused Qt plugins and Qt translations from ``a.binaries``/``a.datas``,
   and the few system libraries that must come from the user's system (libcups).
3. ``drop_orphans``: drops every shared library that only the dropped files linked.

Only the standard library is imported at module level, so tests can import this file without
PyInstaller. The numbers in the comments were measured on the reference Linux box
(``packaging/README.md`` has the full table).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterable

# A PyInstaller TOC entry: (name inside the bundle, source path, typecode).
TocEntry = tuple[str, str, str]

# --- 1. Python modules ------------------------------------------------------------------------

_M3DESK = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "m3desk")


def _packages_in(*folder: str) -> list[str]:
    """The packages in a folder of the source tree, so a new game cannot be missed."""
    path = os.path.join(_M3DESK, *folder)
    return sorted(
        name for name in os.listdir(path) if os.path.isfile(os.path.join(path, name, "__init__.py"))
    )


# The installed game systems (``m3desk/systems/<id>/system.py``), which the registry imports
# by name at run time.
GAME_SYSTEM_MODULES = [f"m3desk.systems.{name}.system" for name in _packages_in("systems")]


def _game_ui_packages() -> list[str]:
    """The games' own widgets (``m3desk/ui/games/<id>/``), which ``m3desk.ui.games`` imports by
    the system's id at run time."""
    return [f"m3desk.ui.games.{name}" for name in _packages_in("ui", "games")]


GAME_UI_MODULES = _game_ui_packages()

# The games' forecasts (``m3desk/systems/<id>/forecast.py``), which a game's rules load by name
# with the first forecast (``m3desk.core.forecast_loaded``), not with the game.
GAME_FORECAST_MODULES = [
    f"m3desk.systems.{name}.forecast"
    for name in _packages_in("systems")
    if os.path.isfile(os.path.join(_M3DESK, "systems", name, "forecast.py"))
]
HIDDEN_IMPORTS = GAME_SYSTEM_MODULES + GAME_UI_MODULES + GAME_FORECAST_MODULES
"""What the spec lists as hidden imports: every module m3desk imports by name."""

# Qt bindings m3desk does not import. The PySide6 hooks add QtNetwork and QtDBus on their own
# (the Qt libraries link them), and a stray import anywhere would pull in the rest. Only the
# *bindings* go; libQt6DBus stays because libQt6Gui links it.
# QtNetwork stays: the single-instance server (QLocalServer, m3desk/ui/single_instance.py).
# A fast test (tests/packaging) fails if m3desk imports an excluded module.
EXCLUDED_QT_MODULES = [
    "PySide6.QtDBus",
    "PySide6.QtOpenGL",
    "PySide6.QtOpenGLWidgets",
    "PySide6.QtQml",
    "PySide6.QtQuick",
    "PySide6.QtQuickControls2",
    "PySide6.QtQuickWidgets",
    "PySide6.QtQuickTest",
    "PySide6.QtQmlFeatures",
    "PySide6.QtSql",
    "PySide6.QtTest",
    "PySide6.QtXml",
    "PySide6.QtConcurrent",
    "PySide6.QtDesigner",
    "PySide6.QtHelp",
    "PySide6.QtUiTools",
    "PySide6.QtLabsStyleKit",
    "PySide6.QtSvgWidgets",
    # Not in the Essentials wheel; listed so that a PySide6-Addons wheel in a build venv
    # cannot drag them in (pyinstaller #6447: QML/WebEngine bundles of 600 MB).
    "PySide6.QtWebEngineCore",
    "PySide6.QtWebEngineWidgets",
    "PySide6.QtMultimedia",
    "PySide6.Qt3DCore",
    "PySide6.QtCharts",
]

# Standard-library and tooling modules a desktop app never needs at run time. Most are pure
# Python (small), but excluding them also keeps tkinter's Tcl/Tk and test data out when the
# build Python has them, and stops build tools (setuptools, pip) from being analysed.
# NOT excluded on purpose: email, urllib, zipfile (importlib.metadata and pydantic use them),
# hashlib, socket, ctypes (m3desk uses them), decimal, csv, zoneinfo (imported at start-up).
EXCLUDED_STDLIB = [
    "tkinter",
    "_tkinter",
    "turtle",
    "turtledemo",
    "idlelib",
    "unittest",
    "doctest",
    "pydoc",
    "pydoc_data",
    "pdb",
    "lib2to3",
    "distutils",
    "setuptools",
    "pkg_resources",
    "pip",
    "ensurepip",
    "venv",
    "test",
    "xmlrpc",
    "sqlite3",
    "curses",
    "_curses",
    "readline",  # interactive prompt only
    # No network in m3desk; Qt would bring its own TLS plugin if it ever needs one.
    # Saves _ssl + libssl (0.9 MB).
    "ssl",
    "_ssl",
]

# Development tools that leak in through optional imports of runtime packages:
# pydantic's hook collects every pydantic submodule, and pydantic.mypy (the mypy plugin)
# imports mypy (compiled, several MB) while pydantic.v1._hypothesis_plugin imports hypothesis.
# Both modules are only ever loaded by those tools themselves, never by the app.
EXCLUDED_DEV_TOOLS = [
    "pydantic.mypy",
    "mypy",
    "mypyc",
    "hypothesis",
    "pytest",
    "_pytest",
    "pytestqt",
    "ruff",
]

EXCLUDED_MODULES = EXCLUDED_QT_MODULES + EXCLUDED_STDLIB + EXCLUDED_DEV_TOOLS


def app_imports_of_excluded(warn_text: str, package: str = "m3desk") -> list[str]:
    """Excluded modules that ``package`` itself imports, from PyInstaller's warn-*.txt file.

    Lines read ``excluded module named PySide6.QtNetwork - imported by m3desk.ui.x (top-level),
    ...``. The spec fails the build on any hit: the frozen app would raise ImportError where
    the unfrozen one works. The fix is to take the module off the lists above.
    """
    hits = []
    for line in warn_text.splitlines():
        match = re.match(r"excluded module named (\S+) - imported by (.*)$", line)
        if not match:
            continue
        importers = [part.split(" (")[0].strip() for part in match[2].split(", ")]
        ours = [name for name in importers if name == package or name.startswith(package + ".")]
        if ours:
            hits.append(f"{match[1]} (imported by {', '.join(ours)})")
    return hits


# --- 2. Qt plugins and translations -----------------------------------------------------------

ALL = "*"

# Per plugin folder: ("drop", names) drops those plugins, ("keep", names) keeps only those,
# names=ALL means the whole folder. Names are stems without "lib" and the suffix
# ("libqxcb.so" and "qwindows.dll" are "qxcb" and "qwindows"). Folders not listed are kept
# whole (styles, printsupport, iconengines, platforminputcontexts, xcbglintegrations,
# accessiblebridge...), because a missing plugin there shows up only on a user's desktop.
QT_PLUGIN_POLICY: dict[str, tuple[str, Iterable[str] | str]] = {
    # Keep xcb (X11/XWayland), wayland (native Wayland), offscreen (--self-test, CI), and
    # windows/cocoa on the other OSes. Drop the embedded-device and remote backends; they
    # also pull libQt6EglFS*, libQt6Network and Kerberos in via qvnc.
    "platforms": (
        "drop",
        {"qeglfs", "qlinuxfb", "qminimal", "qminimalegl", "qvnc", "qvkkhrdisplay", "qdirect2d"},
    ),
    # eglfs device backends and evdev/tuio input: only for the eglfs/linuxfb platforms above.
    "egldeviceintegrations": ("drop", ALL),
    "generic": ("drop", ALL),
    # gtk3 links libgtk-3: on a build machine with GTK, PyInstaller bundles the whole GTK
    # stack; without it (this box), it bundles cairo/pango/harfbuzz/gdk-pixbuf (≈ 8 MB) but
    # not libgtk-3, so on a GNOME desktop the plugin would load the *system* GTK against the
    # *bundled* glib/cairo/pango — a known source of crashes. Without it Qt uses its own
    # GNOME/KDE themes (dark mode still follows the desktop via the portal since Qt 6.5) and
    # Qt's own file dialog. xdgdesktopportal is kept: it links nothing extra.
    "platformthemes": ("drop", {"qgtk3"}),
    # PNG is built into QtGui. SVG for the icons, JPEG and WebP for pictures (a map's scan;
    # the WebP plug-in is also the libwebp a large WebP is read scaled through). Add "qgif"
    # here if the app ever accepts such pictures.
    "imageformats": ("keep", {"qsvg", "qjpeg", "qwebp"}),
    # Wayland: keep the xdg-shell (every desktop compositor), the client-side decorations
    # (GNOME) and wayland-egl. The "-server" buffer integrations are only for clients of
    # Qt-based compositors; ivi/fullscreen/wl-shell/qt-shell are for embedded compositors.
    "wayland-shell-integration": ("keep", {"xdg-shell"}),
    "wayland-graphics-integration-client": ("keep", {"qt-plugin-wayland-egl"}),
    # QtNetwork plugins: m3desk uses only a local socket, never TLS or the network.
    "tls": ("drop", ALL),
    "networkinformation": ("drop", ALL),
    "networkaccess": ("drop", ALL),
    "bearer": ("drop", ALL),
    # Never used by a widgets app, even if another hook collects them.
    "qmltooling": ("drop", ALL),
    "sqldrivers": ("drop", ALL),
    "designer": ("drop", ALL),
}

# Qt's own translations (qtbase_de.qm etc., 7 MB for ~33 languages) are only read when the app
# installs a QTranslator for them. m3desk ships in English and installs none, so none are
# kept. When the app gets translations (B10 in the performance note), list the languages here
# ("de", "fr", ...): their qt_XX/qtbase_XX catalogues are then kept, so Qt's standard dialogs
# match the app's language.
QT_TRANSLATION_LANGUAGES: list[str] = []


def _plugin_stem(filename: str) -> str:
    """``libqxcb.so`` → ``qxcb``, ``qwindows.dll`` → ``qwindows``, ``libqjpeg.dylib`` → "
    "``qjpeg``."""
    stem = os.path.basename(filename)
    stem = re.sub(r"\.(so(\.\d+)*|dll|dylib)$", "", stem)
    return stem[3:] if stem.startswith("lib") else stem


def _split_plugin(dest: str) -> tuple[str, str] | None:
    """(folder, stem) when ``dest`` is a Qt plugin inside the bundle, else None."""
    parts = dest.replace("\\", "/").split("/")
    if "plugins" not in parts:
        return None
    i = parts.index("plugins")
    if i == 0 or parts[i - 1] != "Qt" or len(parts) < i + 3:
        return None
    return parts[i + 1], _plugin_stem(parts[-1])


def keep_plugin(dest: str) -> bool:
    split = _split_plugin(dest)
    if split is None:
        return True
    folder, stem = split
    if folder not in QT_PLUGIN_POLICY:
        return True
    mode, names = QT_PLUGIN_POLICY[folder]
    listed = names == ALL or stem in names
    return not listed if mode == "drop" else listed


_TRANSLATION = re.compile(
    r"(?:^|/)Qt/translations/(?P<base>[a-z_]+?)_(?P<lang>[a-z]{2,3}(_[A-Z]{2})?)\.qm$"
)


def keep_translation(dest: str, languages: Iterable[str] | None = None) -> bool:
    """Keep qt_XX/qtbase_XX catalogues for the app's languages; drop the rest (incl. qt_help)."""
    match = _TRANSLATION.search(dest.replace("\\", "/"))
    if match is None:
        return True
    wanted = set(QT_TRANSLATION_LANGUAGES if languages is None else languages)
    lang = match["lang"]
    return match["base"] in {"qt", "qtbase"} and (lang in wanted or lang.split("_")[0] in wanted)


# Linux: libraries the *user's* system must provide, although a kept plugin links them.
# libcups (linked by printsupport/libcupsprintersupport.so, the native print dialog's printer
# list): bundled, it drags the build machine's TLS stack along (gnutls, nettle, p11-kit,
# libunistring, Kerberos, avahi: ≈ 8 MB), and that stack then reads the build distribution's
# p11-kit modules and certificate paths on every other distribution. Every Linux desktop that can
# print has libcups2, and it matches the local CUPS server. Without it the plugin does not load
# and Qt still prints to PDF — the same as a machine without CUPS.
FROM_THE_SYSTEM = ("libcups.so.",)


def keep_library(dest: str) -> bool:
    return not os.path.basename(dest.replace("\\", "/")).startswith(FROM_THE_SYSTEM)


def filter_qt(
    binaries: list[TocEntry], datas: list[TocEntry]
) -> tuple[list[TocEntry], list[TocEntry], list[TocEntry]]:
    """Apply the plugin, translation and system-library policy.
    Returns (binaries, datas, dropped)."""
    kept_bins = [e for e in binaries if keep_plugin(e[0]) and keep_library(e[0])]
    kept_datas = [e for e in datas if keep_translation(e[0])]
    dropped = [e for e in binaries if e not in kept_bins] + [
        e for e in datas if e not in kept_datas
    ]
    return kept_bins, kept_datas, dropped


# --- 3. Libraries that only dropped files needed ----------------------------------------------

_LIBRARY_TYPES = {"BINARY", "EXTENSION"}


def drop_orphans(
    binaries: list[TocEntry], dropped: list[TocEntry], imports_of: Callable[[str], Iterable[str]]
) -> tuple[list[TocEntry], list[TocEntry]]:
    """Remove the libraries that were collected only because a dropped file linked them.

    ``imports_of(src_path)`` returns the basenames a binary links *directly* (``direct_imports``;
    a transitive list such as ldd's would keep libcups' TLS stack "linked" by the cups plugin
    after libcups itself is gone). A library that *no*
    collected binary links (the Python extensions, the plugins, libraries a hook added on
    purpose such as ICU or opengl32sw.dll on Windows) is a root and always stays. A library
    that something linked stays while something still kept links it. Repeats until nothing
    changes, so chains (plugin → libQt6Network → libgssapi_krb5 → libkrb5) go as a whole.
    Returns (kept binaries, newly dropped orphans).
    """
    libs = [e for e in binaries + dropped if e[2] in _LIBRARY_TYPES]
    links = {e[1]: {n.lower() for n in imports_of(e[1])} for e in libs}
    linked_at_all = set().union(*links.values()) if links else set()

    kept = list(binaries)
    orphans: list[TocEntry] = []
    while True:
        still_linked = set().union(*(links.get(e[1], set()) for e in kept))
        newly = [
            e
            for e in kept
            if e[2] in _LIBRARY_TYPES
            and os.path.basename(e[0]).lower() in linked_at_all
            and os.path.basename(e[0]).lower() not in still_linked
        ]
        if not newly:
            break
        orphans += newly
        kept = [e for e in kept if e not in newly]
    return kept, orphans


def direct_imports(path: str) -> list[str]:
    """Basenames of the libraries ``path`` links directly (ELF DT_NEEDED, PE imports, Mach-O
    load commands). Linux: ``objdump -p``, which PyInstaller itself requires there (binutils)."""
    if sys.platform.startswith("linux"):
        objdump = shutil.which("objdump")
        if objdump is None:
            raise SystemExit("objdump not found: install binutils (PyInstaller needs it too)")
        result = subprocess.run([objdump, "-p", path], capture_output=True, text=True)
        return re.findall(r"^\s*NEEDED\s+(\S+)", result.stdout, re.MULTILINE)
    from PyInstaller.depend import bindepend  # PE/Mach-O readers; direct imports only

    return [os.path.basename(name) for name, _ in bindepend.get_imports(path)]


def drop_dangling_symlinks(entries: list[TocEntry], gone: Iterable[TocEntry]) -> list[TocEntry]:
    """Remove SYMLINK entries that point at a dropped file (PyInstaller 6 keeps them in
    ``a.datas``: e.g. ``libQt6Network.so.6 -> PySide6/Qt/lib/libQt6Network.so.6``)."""
    gone_names = {os.path.normpath(e[0]) for e in gone}
    return [
        e
        for e in entries
        if not (
            e[2] == "SYMLINK"
            and os.path.normpath(os.path.join(os.path.dirname(e[0]), e[1])) in gone_names
        )
    ]
