"""Application start-up: arguments, the QApplication, the main window, the self-test.

Start-up order is chosen for speed: the window is shown first, and everything
that reads the disk beyond the settings (library scan, crash recovery, files
from the command line) runs from the event loop right after, so the user sees
a window in a fraction of a second. Heavy modules (the sheet editor) load when
the first sheet opens.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from m3desk import APP_DISPLAY_NAME, APP_ID, APP_NAME, APP_ORG, __version__

if TYPE_CHECKING:
    from PySide6.QtCore import QEvent, QObject

    from m3desk.ui.main_window import MainWindow


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog=APP_NAME, description="Monsters & Magic table companion")
    parser.add_argument("files", nargs="*", help="character, monster or encounter files to open")
    parser.add_argument("--self-test", action="store_true",
                        help="start the whole app, exercise every main view, print one line, exit")
    parser.add_argument("--version", action="version", version=f"{APP_NAME} {__version__}")
    return parser.parse_args(argv)


def guard_pyside_refcounts() -> bool:
    """Keep ``None``, ``True`` and ``False`` alive despite PySide6 6.12.0's refcount bugs.

    On CPython < 3.12 (where these singletons still have a reference count),
    PySide6 6.12.0 hands them out without taking a reference: every
    ``SignalInstance.emit()`` lowers ``True``'s count, every ``None`` returned from
    or passed to a Qt call (an empty ``QModelIndex.data()``, ``setParent(None)``,
    ``QUndoGroup.setActiveStack(None)``) lowers ``None``'s. After a few hundred
    edits the interpreter aborts with "deallocating None/True". Repeated probe calls
    detect the bug (nothing happens on a fixed PySide6, or on 3.12+ where the
    singletons are immortal) and then give the three a count that cannot run out,
    which is what CPython 3.12 does for them anyway. Returns True if needed.
    """
    if sys.version_info >= (3, 12) or sys.implementation.name != "cpython":
        return False
    from PySide6.QtCore import QObject, Signal

    class Probe(QObject):
        ping = Signal()

    import gc

    probe = Probe()
    rounds = 64  # a leak loses one reference per call; other noise is not proportional
    collecting = gc.isenabled()
    gc.disable()
    try:
        true_before, none_before = sys.getrefcount(True), sys.getrefcount(None)
        for _ in range(rounds):
            probe.ping.emit()
            probe.setParent(None)
        true_lost = true_before - sys.getrefcount(True)
        none_lost = none_before - sys.getrefcount(None)
    finally:
        if collecting:
            gc.enable()
    if true_lost < rounds and none_lost < rounds:
        return False
    import ctypes

    for singleton in (None, True, False):  # ob_refcnt is the first field of every object
        ctypes.c_ssize_t.from_address(id(singleton)).value += 1 << 40
    return True


def _file_open_filter(window: MainWindow) -> QObject:
    """Route macOS Finder double-clicks (``QFileOpenEvent``) into the window's open path."""
    from PySide6.QtCore import QEvent, QObject
    from PySide6.QtGui import QFileOpenEvent

    class FileOpenFilter(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.FileOpen and isinstance(event, QFileOpenEvent):
                window.open_path(Path(event.file()))
                return True
            return super().eventFilter(watched, event)

    return FileOpenFilter(window)


def run(argv: list[str]) -> int:
    started = time.perf_counter()
    args = parse_args(argv)
    guard_pyside_refcounts()
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([sys.argv[0] if sys.argv else APP_NAME])
    assert isinstance(app, QApplication)
    app.setApplicationName(APP_NAME)
    app.setApplicationDisplayName(APP_DISPLAY_NAME)
    app.setOrganizationName(APP_ORG)
    app.setApplicationVersion(__version__)
    app.setDesktopFileName(APP_ID)

    from m3desk.storage.paths import AppPaths
    from m3desk.storage.settings import load_settings
    from m3desk.ui.theme import apply_theme

    paths = AppPaths.from_environment()
    settings, settings_warning = load_settings(paths)
    apply_theme(app, settings.theme)

    from m3desk.ui.main_window import MainWindow

    window = MainWindow(paths, settings)
    window.show()
    if args.self_test:
        from m3desk.ui.self_test import self_test

        return self_test(window, started)

    app.installEventFilter(_file_open_filter(window))
    files = [Path(name) for name in args.files]

    def start() -> None:
        from m3desk.ui import dialogs

        if settings_warning:
            dialogs.show_warning(window, "Settings", settings_warning)
        window.startup(files)

    QTimer.singleShot(0, start)
    return app.exec()
