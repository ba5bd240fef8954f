"""Packaging: the PyInstaller spec and its pruning policy, the desktop entry, the MIME types, the
icons and the scripts. Everything here is fast and needs no build, except the last test, which
runs packaging/build.sh (about 25 s) only when M3DESK_BUILD_BUNDLE=1.
"""

from __future__ import annotations

import ast
import configparser
import importlib.util
import os
import shutil
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType

import pytest
from PySide6.QtGui import QImage, QImageReader

import m3desk

ROOT = Path(__file__).resolve().parents[2]
PACKAGING = ROOT / "packaging"
SPEC = PACKAGING / "m3desk.spec"
ICONS = ROOT / "resources" / "icons"
DESKTOP = ROOT / "resources" / "desktop" / f"{m3desk.APP_ID}.desktop"
MIME_XML = ROOT / "resources" / "desktop" / f"{m3desk.APP_ID}.xml"
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
# The document types: extension -> MIME type (the app's file-format contract).
DOCUMENT_TYPES = {
    "m3c": "application/x-m3desk-character",
    "m3m": "application/x-m3desk-monster",
    "m3e": "application/x-m3desk-encounter",
}
MIME_NS = "{http://www.freedesktop.org/standards/shared-mime-info}"


def _load(name: str) -> ModuleType:
    """Import a packaging/ script as a module without putting packaging/ on sys.path."""
    spec = importlib.util.spec_from_file_location(f"_packaging_{name}", PACKAGING / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


policy = _load("bundle_policy")


# --- the spec -----------------------------------------------------------------------------------


def _spec_tree() -> ast.Module:
    return ast.parse(SPEC.read_text(encoding="utf-8"), filename=str(SPEC))


def _calls(tree: ast.Module, name: str) -> list[ast.Call]:
    return [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == name
    ]


def _keyword(call: ast.Call, name: str) -> ast.expr:
    return next(k.value for k in call.keywords if k.arg == name)


def test_spec_compiles_as_python() -> None:
    compile(SPEC.read_text(encoding="utf-8"), str(SPEC), "exec")


def test_spec_builds_one_windowed_folder_with_resources() -> None:
    tree = _spec_tree()
    (exe,) = _calls(tree, "EXE")
    assert ast.literal_eval(_keyword(exe, "exclude_binaries")) is True, "one-folder, not onefile"
    console = _keyword(exe, "console")  # windowed unless the spec is given --console
    assert isinstance(console, ast.Attribute) and console.attr == "console"
    assert ast.literal_eval(_keyword(exe, "upx")) is False
    assert len(_calls(tree, "COLLECT")) == 1 and len(_calls(tree, "BUNDLE")) == 1
    source = SPEC.read_text(encoding="utf-8")
    assert '"m3desk/resources"' in source, "resources/ must land where m3desk/assets.py looks"
    assert '"m3desk/table_server/page"' in source, "the phones' page is package data"
    assert 'add_argument("--console", action="store_true")' in source
    assert "bundle_policy.EXCLUDED_MODULES" in source and "drop_orphans" in source


def test_spec_document_types_match_the_mime_types() -> None:
    """macOS (CFBundleDocumentTypes in the spec) and Linux (MIME XML) declare the same types."""
    assign = next(
        node
        for node in _spec_tree().body
        if isinstance(node, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == "DOCUMENT_TYPES" for t in node.targets)
    )
    declared = {ext: mime for ext, _kind, mime, _text in ast.literal_eval(assign.value)}
    assert declared == DOCUMENT_TYPES


# --- the pruning policy ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "dest",
    [
        "PySide6/Qt/plugins/platforms/libqxcb.so",
        "PySide6/Qt/plugins/platforms/libqwayland.so",
        "PySide6/Qt/plugins/platforms/libqoffscreen.so",
        "PySide6\\Qt\\plugins\\platforms\\qwindows.dll",  # Windows separators
        "PySide6/Qt/plugins/platforms/libqcocoa.dylib",
        "PySide6/Qt/plugins/platformthemes/libqxdgdesktopportal.so",
        "PySide6/Qt/plugins/imageformats/libqsvg.so",
        "PySide6/Qt/plugins/imageformats/libqjpeg.so",
        "PySide6/Qt/plugins/imageformats/libqwebp.so",
        "PySide6/Qt/plugins/iconengines/libqsvgicon.so",
        "PySide6/Qt/plugins/platforminputcontexts/libcomposeplatforminputcontextplugin.so",
        "PySide6/Qt/plugins/platforminputcontexts/libibusplatforminputcontextplugin.so",
        "PySide6/Qt/plugins/xcbglintegrations/libqxcb-glx-integration.so",
        "PySide6/Qt/plugins/wayland-shell-integration/libxdg-shell.so",
        "PySide6/Qt/plugins/wayland-decoration-client/libadwaita.so",
        "PySide6/Qt/plugins/printsupport/cocoaprintersupport.dylib",
        "PySide6/Qt/plugins/styles/qmodernwindowsstyle.dll",
        "PySide6/Qt/lib/libQt6Network.so.6",  # libraries are not plugins: drop_orphans decides
    ],
)
def test_policy_keeps_plugins_the_app_needs(dest: str) -> None:
    assert policy.keep_plugin(dest)


@pytest.mark.parametrize(
    "dest",
    [
        "PySide6/Qt/plugins/platforms/libqeglfs.so",
        "PySide6/Qt/plugins/platforms/libqvnc.so",
        "PySide6/Qt/plugins/platforms/libqlinuxfb.so",
        "PySide6/Qt/plugins/platformthemes/libqgtk3.so",
        "PySide6/Qt/plugins/imageformats/libqtiff.so",
        "PySide6/Qt/plugins/egldeviceintegrations/libqeglfs-kms-egldevice-integration.so",
        "PySide6/Qt/plugins/generic/libqevdevmouseplugin.so",
        "PySide6/Qt/plugins/tls/libqopensslbackend.so",
        "PySide6/Qt/plugins/networkinformation/libqnetworkmanager.so",
        "PySide6/Qt/plugins/wayland-shell-integration/libivi-shell.so",
        "PySide6/Qt/plugins/qmltooling/libqmldbg_debugger.so",
    ],
)
def test_policy_drops_unused_plugins(dest: str) -> None:
    assert not policy.keep_plugin(dest)


def test_libcups_is_left_to_the_users_system() -> None:
    assert not policy.keep_library("libcups.so.2")
    assert policy.keep_library("PySide6/Qt/lib/libQt6PrintSupport.so.6")
    assert policy.keep_library("libxcb-cursor.so.0")


@pytest.mark.skipif(
    not sys.platform.startswith("linux") or shutil.which("objdump") is None,
    reason="ELF and binutils only",
)
def test_direct_imports_are_not_transitive() -> None:
    import PySide6

    widgets = Path(PySide6.__file__).parent / "Qt" / "lib" / "libQt6Widgets.so.6"
    imports = policy.direct_imports(str(widgets))
    assert "libQt6Gui.so.6" in imports
    assert not [name for name in imports if name.startswith("libicu")], "ICU comes via QtCore"


def test_translation_policy_keeps_only_qtbase_catalogues_of_the_apps_languages() -> None:
    base = "PySide6/Qt/translations/"
    assert policy.keep_translation(f"{base}qtbase_de.qm", ["de"])
    assert policy.keep_translation(f"{base}qt_de.qm", ["de"])
    assert policy.keep_translation(f"{base}qtbase_pt_BR.qm", ["pt"])
    assert not policy.keep_translation(f"{base}qt_help_de.qm", ["de"])
    assert not policy.keep_translation(f"{base}qtbase_fr.qm", ["de"])
    assert not policy.keep_translation(f"{base}qtbase_de.qm", [])
    assert policy.keep_translation("m3desk/resources/i18n/m3desk_de.qm", [])  # not Qt's


def test_drop_orphans_follows_chains_and_keeps_roots() -> None:
    links = {
        "/src/qvnc.so": ["libQt6Network.so.6"],
        "/src/libQt6Network.so.6": ["libgssapi_krb5.so.2"],
        "/src/libgssapi_krb5.so.2": ["libkrb5.so.3"],
        "/src/libkrb5.so.3": [],
        "/src/qxcb.so": ["libQt6Gui.so.6"],
        "/src/libQt6Gui.so.6": [],
        "/src/libicudata.so.73": [],  # linked by nothing collected: a root, stays
    }
    entries = {src: (f"lib/{Path(src).name}", src, "BINARY") for src in links}
    dropped = [entries["/src/qvnc.so"]]
    binaries = [e for e in entries.values() if e not in dropped]
    kept, orphans = policy.drop_orphans(binaries, dropped, lambda src: links[src])
    assert {Path(e[1]).name for e in orphans} == {
        "libQt6Network.so.6",
        "libgssapi_krb5.so.2",
        "libkrb5.so.3",
    }
    assert {Path(e[1]).name for e in kept} == {"qxcb.so", "libQt6Gui.so.6", "libicudata.so.73"}


def test_dangling_symlinks_are_dropped() -> None:
    gone = [("PySide6/Qt/lib/libQt6Network.so.6", "/src/libQt6Network.so.6", "BINARY")]
    entries = [
        ("libQt6Network.so.6", "PySide6/Qt/lib/libQt6Network.so.6", "SYMLINK"),
        ("libQt6Gui.so.6", "PySide6/Qt/lib/libQt6Gui.so.6", "SYMLINK"),
    ]
    assert policy.drop_dangling_symlinks(entries, gone) == entries[1:]


def test_warn_file_parsing_finds_the_apps_own_imports_of_excluded_modules() -> None:
    text = (
        "excluded module named PySide6.QtNetwork - imported by PySide6 (delayed), "
        "m3desk.ui.single_instance (top-level)\n"
        "excluded module named ssl - imported by asyncio.sslproto (optional)\n"
    )
    assert policy.app_imports_of_excluded(text) == [
        "PySide6.QtNetwork (imported by m3desk.ui.single_instance)"
    ]


def _is_excluded(module: str) -> bool:
    return any(module == name or module.startswith(name + ".") for name in policy.EXCLUDED_MODULES)


def test_app_source_imports_no_excluded_module() -> None:
    """Catches e.g. a new `from PySide6.QtNetwork import QLocalServer` before a build does."""
    offenders = []
    for source in (ROOT / "m3desk").rglob("*.py"):
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            names = (
                [alias.name for alias in node.names]
                if isinstance(node, ast.Import)
                else [node.module]
                if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module
                else []
            )
            if isinstance(node, ast.ImportFrom) and node.module == "PySide6":
                names = [f"PySide6.{alias.name}" for alias in node.names]
            offenders += [f"{source.relative_to(ROOT)}: {n}" for n in names if _is_excluded(n)]
    assert not offenders, (
        "m3desk imports modules that packaging/bundle_policy.py excludes "
        f"from the frozen app: {offenders}"
    )


def test_self_test_loads_no_excluded_module(tmp_path: Path) -> None:
    """What the whole app imports at run time (incl. pydantic's and PySide6's internals).

    asyncio (the players' phones' server) imports ``ssl`` where it can and goes without it
    where it cannot, as in the frozen app, which leaves it out: the self-test runs here with
    ``ssl`` made unimportable, so it must pass without it too."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "M3DESK_HOME": str(tmp_path)}
    blocked = ("ssl", "_ssl")
    script = (
        "import sys, runpy; "
        + "".join(f"sys.modules[{name!r}] = None; " for name in blocked)
        + "sys.argv = ['m3desk', '--self-test']; "
        "runpy.run_module('m3desk', run_name='__main__')"
    )
    result = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", script],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr[-2000:]
    loaded = {
        line.rsplit("|", 1)[1].strip()
        for line in result.stderr.splitlines()
        if line.startswith("import time:") and "|" in line
    }
    assert "m3desk.ui.app" in loaded
    # a blocked module's failed import is listed too (in microseconds): it was not loaded
    assert not sorted(m for m in loaded - set(blocked) if _is_excluded(m))


# --- desktop integration ----------------------------------------------------------------------


def _desktop_entry() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # keys are case-sensitive
    parser.read(DESKTOP, encoding="utf-8")
    return parser["Desktop Entry"]


def _mime_types() -> dict[str, ET.Element]:
    root = ET.parse(MIME_XML).getroot()
    return {node.get("type", ""): node for node in root.iter(f"{MIME_NS}mime-type")}


def test_desktop_entry_has_the_required_keys() -> None:
    entry = _desktop_entry()
    assert entry["Type"] == "Application"
    assert entry["Name"] and entry["Comment"]
    # Files arrive as arguments; install-desktop.sh replaces "m3desk" with the bundle's path.
    assert entry["Exec"] == "m3desk %F"
    assert entry["Icon"] == m3desk.APP_ID
    assert {"Game", "RolePlaying"} <= set(entry["Categories"].strip(";").split(";"))
    # Qt's xcb plugin sets the WM_CLASS class to QCoreApplication.applicationName().
    assert entry["StartupWMClass"] == m3desk.APP_NAME
    assert entry["MimeType"].endswith(";")


def test_desktop_mime_types_are_the_mime_xml_types_with_their_globs() -> None:
    listed = set(_desktop_entry()["MimeType"].strip(";").split(";"))
    types = _mime_types()
    assert listed == set(types) == set(DOCUMENT_TYPES.values())
    for extension, mime in DOCUMENT_TYPES.items():
        node = types[mime]
        assert [g.get("pattern") for g in node.iter(f"{MIME_NS}glob")] == [f"*.{extension}"]
        assert [s.get("type") for s in node.iter(f"{MIME_NS}sub-class-of")] == ["application/json"]
        assert node.findtext(f"{MIME_NS}comment")


@pytest.mark.skipif(
    shutil.which("desktop-file-validate") is None, reason="desktop-file-utils not installed"
)
def test_desktop_entry_passes_desktop_file_validate() -> None:
    result = subprocess.run(["desktop-file-validate", str(DESKTOP)], capture_output=True, text=True)
    assert result.returncode == 0 and not result.stdout.strip(), result.stdout + result.stderr


def test_install_desktop_registers_a_bundle_under_a_prefix(tmp_path: Path) -> None:
    bundle = tmp_path / "opt dir" / "m3desk"  # a space, as in many home folders
    bundle.mkdir(parents=True)
    executable = bundle / "m3desk"
    executable.write_text("#!/bin/sh\n", encoding="utf-8")
    executable.chmod(0o755)
    prefix = tmp_path / "prefix"
    result = subprocess.run(
        [str(PACKAGING / "install-desktop.sh"), "--bundle", str(bundle), "--prefix", str(prefix)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    share = prefix / "share"
    installed = share / "applications" / DESKTOP.name
    assert f'Exec="{executable}" %F' in installed.read_text(encoding="utf-8").splitlines()
    assert (share / "mime" / "packages" / MIME_XML.name).is_file()
    for size in ICON_SIZES:
        assert (share / f"icons/hicolor/{size}x{size}/apps/{m3desk.APP_ID}.png").is_file()
    if shutil.which("update-mime-database"):
        globs = (share / "mime" / "globs2").read_text(encoding="utf-8")
        assert all(f"{mime}:*.{ext}" in globs for ext, mime in DOCUMENT_TYPES.items())
    if shutil.which("desktop-file-validate"):
        check = subprocess.run(
            ["desktop-file-validate", str(installed)], capture_output=True, text=True
        )
        assert check.returncode == 0, check.stdout
    removed = subprocess.run(
        [str(PACKAGING / "install-desktop.sh"), "--prefix", str(prefix), "--uninstall"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert removed.returncode == 0 and not installed.exists(), removed.stderr


# --- icons --------------------------------------------------------------------------------------


@pytest.mark.parametrize("size", ICON_SIZES)
def test_icon_png_exists_at_its_size(size: int) -> None:
    path = ICONS / "hicolor" / f"{size}x{size}" / "apps" / f"{m3desk.APP_ID}.png"
    reader = QImageReader(str(path))
    assert reader.format().data() == b"png", f"{path} is not a PNG"
    image = QImage(str(path))
    assert not image.isNull()
    assert (image.width(), image.height()) == (size, size)
    assert image.hasAlphaChannel()


def _max_channel_difference(a: QImage, b: QImage) -> int:
    a = a.convertToFormat(QImage.Format.Format_ARGB32)
    b = b.convertToFormat(QImage.Format.Format_ARGB32)
    return max(abs(x - y) for x, y in zip(bytes(a.constBits()), bytes(b.constBits()), strict=True))


@pytest.mark.parametrize("size", [16, 32, 256])
def test_icon_pngs_are_up_to_date_with_the_svg(qapp, size: int) -> None:
    """Edited the SVG? Run `.venv/bin/python packaging/make_icons.py` and commit the results."""
    make_icons = _load("make_icons")
    committed = QImage(str(ICONS / "hicolor" / f"{size}x{size}" / "apps" / f"{m3desk.APP_ID}.png"))
    assert _max_channel_difference(make_icons.render(size), committed) <= 8


@pytest.mark.parametrize(
    ("name", "count", "largest"), [("m3desk.ico", 7, 256), ("m3desk.icns", 11, 1024)]
)
def test_windows_and_macos_icons_hold_every_size(qapp, name: str, count: int, largest: int) -> None:
    reader = QImageReader(str(ICONS / name))
    assert reader.imageCount() == count
    widths = []
    for i in range(count):
        assert reader.jumpToImage(i)
        image = reader.read()
        assert not image.isNull(), reader.errorString()
        widths.append(image.width())
    assert 16 in widths and max(widths) == largest


# --- scripts ------------------------------------------------------------------------------------


@pytest.mark.parametrize("script", ["build.sh", "install-desktop.sh"])
def test_shell_scripts_are_executable_strict_and_parse(script: str) -> None:
    path = PACKAGING / script
    assert os.access(path, os.X_OK), f"chmod +x packaging/{script}"
    assert "set -euo pipefail" in path.read_text(encoding="utf-8")
    result = subprocess.run(["bash", "-n", str(path)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


# --- the real build (slow; opt-in) ----------------------------------------------------------------


@pytest.mark.skipif(
    os.environ.get("M3DESK_BUILD_BUNDLE") != "1",
    reason="builds the frozen app (~25 s); set M3DESK_BUILD_BUNDLE=1",
)
def test_build_sh_freezes_an_app_that_passes_its_self_test() -> None:
    started = time.monotonic()
    result = subprocess.run(
        [str(PACKAGING / "build.sh")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "PYTHON": os.environ.get("PYTHON", sys.executable)},
    )
    elapsed = time.monotonic() - started
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert "self-test ok" in result.stdout
    assert (ROOT / "dist" / "m3desk" / "_internal" / "m3desk" / "resources" / "samples").is_dir()
    page = ROOT / "dist" / "m3desk" / "_internal" / "m3desk" / "table_server" / "page"
    assert sorted(p.name for p in page.iterdir()) == ["index.html", "page.css", "page.js"]
    assert "players' phones page" in result.stdout  # the self-test fetched it from the server
    assert elapsed < 180, f"the build took {elapsed:.0f} s; the CI budget is 3 minutes"


def test_every_installed_game_system_is_frozen_into_the_bundle() -> None:
    """The registry imports systems by name; the bundle must list each one explicitly."""
    from m3desk.systems import INSTALLED

    assert sorted(policy.GAME_SYSTEM_MODULES) == sorted(INSTALLED.values())
    assert "bundle_policy.HIDDEN_IMPORTS" in (ROOT / "packaging" / "m3desk.spec").read_text()


def test_every_games_forecast_loaded_by_name_is_frozen_into_the_bundle() -> None:
    """A game's rules load its forecast by name with the first forecast
    (``m3desk.core.forecast_loaded``), which the import scan cannot follow: each such module
    is listed, or the frozen app's forecast fails with ModuleNotFoundError."""
    from m3desk.core import registry
    from m3desk.systems import INSTALLED

    named = [
        getattr(type(system.encounter), "forecast_module", None)
        for system in registry.systems()
        if system.encounter is not None and system.id in INSTALLED
    ]
    named = [module for module in named if module]
    assert named  # the games with fights on a map at least
    assert set(named) <= set(policy.HIDDEN_IMPORTS), sorted(set(named) - set(policy.HIDDEN_IMPORTS))


def test_every_games_own_widgets_are_frozen_into_the_bundle() -> None:
    """``m3desk.ui.games`` imports a game's own widgets by its id: each package is listed."""
    from m3desk.ui.games import game_ui_packages

    assert [f"m3desk.ui.games.{g}" for g in game_ui_packages()] == policy.GAME_UI_MODULES
    assert set(policy.GAME_UI_MODULES) <= set(policy.HIDDEN_IMPORTS)
    assert policy.GAME_UI_MODULES  # Monsters & Magic's effect-point dialog at least
