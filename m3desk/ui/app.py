"""Application start-up: arguments, the QApplication, the main window, the self-test.

Start-up order is chosen for speed: the window is shown first, and everything
that reads the disk beyond the settings (library scan, crash recovery, files
from the command line) runs from the event loop right after, so the user sees
a window in a fraction of a second. Heavy modules (the sheet editor, the
encounter table) load when the first such document opens.

``m3desk export-pdf FILE... -o OUT.pdf`` is a command, not a window: it is handed
to :mod:`m3desk.ui.printing.cli` before any QApplication exists, so it works over
SSH and in scripts (a file literally named ``export-pdf`` opens as ``./export-pdf``).
"""

from __future__ import annotations

import contextlib
import gc
import os
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from m3desk import APP_DISPLAY_NAME, APP_ID, APP_NAME, APP_ORG, __version__

if TYPE_CHECKING:
    import argparse

    from PySide6.QtCore import QEvent, QObject
    from PySide6.QtWidgets import QApplication

    from m3desk.storage.paths import AppPaths
    from m3desk.ui.main_window import MainWindow
    from m3desk.ui.single_instance import InstanceClaim


EXPORT_PDF_COMMAND = "export-pdf"


@dataclass(frozen=True)
class Arguments:
    """What the command line asks for: files to open, or the self-test."""

    files: list[str] = field(default_factory=list)
    self_test: bool = False


def parse_args(argv: list[str]) -> Arguments:
    """The command line; ``--help`` and ``--version`` print and exit (``SystemExit``).

    Launched from a desktop menu or a file manager, m3desk gets no option, only files (or
    nothing): those are taken as they are, which is what argparse would make of them, without
    loading and building it (a few milliseconds of every start).
    """
    if not any(argument.startswith("-") for argument in argv):
        return Arguments(files=list(argv))
    parsed = _parser().parse_args(argv)
    return Arguments(files=list(parsed.files), self_test=bool(parsed.self_test))


def _parser() -> argparse.ArgumentParser:
    import argparse

    parser = argparse.ArgumentParser(
        prog=APP_NAME,
        description="The desktop table companion for tabletop role-playing games",
        epilog=f"{APP_NAME} {EXPORT_PDF_COMMAND} FILE... -o OUT.pdf writes sheets and "
        f"encounters to a PDF without opening a window (see "
        f"{APP_NAME} {EXPORT_PDF_COMMAND} --help).",
    )
    parser.add_argument("files", nargs="*", help="character, monster or encounter files to open")
    parser.add_argument(
        "--self-test",
        action="store_true",
        help="start the whole app, exercise every main view, print one line, exit",
    )
    parser.add_argument("--version", action="version", version=f"{APP_NAME} {__version__}")
    return parser


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


def _headless_for_self_test() -> None:
    """The self-test needs no screen: without a display it runs offscreen by itself, and
    Qt's own chatter (a platform plugin's notes) stays out of its one line of output."""
    if sys.platform.startswith("linux") and not (
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    ):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QtMsgType, qInstallMessageHandler

    def quiet(kind: QtMsgType, _context: object, message: str) -> None:
        if kind in (QtMsgType.QtCriticalMsg, QtMsgType.QtFatalMsg):
            sys.stderr.write(f"{message}\n")

    qInstallMessageHandler(quiet)


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    """No garbage collection while start-up builds the window; frozen afterwards.

    Start-up allocates tens of thousands of objects that live until m3desk exits (modules,
    classes, models, the window) and next to no cyclic garbage (some 700 objects), so the
    collections it would trigger (about 15 ms of it) free nothing. After it, ``gc.freeze``
    moves everything made so far to the permanent generation, so later full collections (and
    the one at exit) do not walk it again; then the collector runs as before.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if was_enabled:
            gc.enable()


def run(argv: list[str]) -> int:
    started = time.perf_counter()
    if argv and argv[0] == EXPORT_PDF_COMMAND:
        from m3desk.ui.printing.cli import export_pdf_main

        return export_pdf_main(argv[1:])
    args = parse_args(argv)
    if args.self_test:
        _headless_for_self_test()
    with _collector_paused():
        shown = _show_window(args)
    if shown is None:
        return 0  # the running m3desk for this data folder opens the files
    window, paths, settings_warning = shown
    if args.self_test:
        from m3desk.ui.self_test import self_test

        return self_test(window, started)

    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from m3desk.ui.plain_text import install_plain_text_guard

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    if sys.platform == "darwin":
        # Only macOS sends QFileOpenEvent. An application-wide Python event filter has
        # PySide wrap every Qt-private object it sees (building all of Qt's classes once),
        # which the other platforms need not pay for.
        app.installEventFilter(_file_open_filter(window))
    files = [Path(name) for name in args.files]

    def start() -> None:
        # The first turn of the event loop fills the first window: the library.
        window.fill_library()
        QTimer.singleShot(0, open_documents)

    def open_documents() -> None:
        # Then the plain-text guard, messages, recovered work and the files asked for;
        # then it listens for later launches (Qt's network module loads then). A launch
        # meanwhile waits: the data folder's lock says one is starting.
        install_plain_text_guard(app)  # before the warning: its text may name a file
        if settings_warning:
            from m3desk.ui import dialogs

            dialogs.show_warning(window, "Settings", settings_warning)
        window.open_startup_documents(files)
        QTimer.singleShot(0, listen)

    def listen() -> None:
        from m3desk.ui.single_instance import InstanceServer

        server = InstanceServer(paths.state_dir, window)
        server.files_received.connect(window.open_handed_over)

    QTimer.singleShot(0, start)
    return app.exec()


_CLAIMS: list[object] = []


def _wait_for_instance(
    app: QApplication, state_dir: Path, files: list[Path], claim: InstanceClaim
) -> bool:
    """Another m3desk holds this data folder: hand it the files, waiting (and saying so) while
    it is busy or still starting. True when this launch ends: the files were handed over, or
    the user stopped waiting; False when the other one quit and this launch is the m3desk."""
    from PySide6.QtWidgets import QMessageBox, QProgressDialog

    from m3desk.ui.single_instance import InstanceBusyError, wait_to_hand_over

    shown: list[QProgressDialog] = []

    def waiting(elapsed: float) -> bool:
        if elapsed >= 0.5 and not shown:
            print(
                "m3desk: waiting for the m3desk already open on this data folder…", file=sys.stderr
            )
            dialog = QProgressDialog(
                "Waiting for the m3desk already open on this data folder to take over…",
                "&Stop Waiting",
                0,
                0,
            )
            dialog.setWindowTitle(APP_DISPLAY_NAME)
            dialog.setMinimumDuration(0)
            dialog.show()
            shown.append(dialog)
        app.processEvents()
        return not (shown and shown[0].wasCanceled())

    try:
        while True:
            try:
                return wait_to_hand_over(state_dir, files, claim, waiting=waiting)
            except InstanceBusyError as error:
                if shown and shown[0].wasCanceled():
                    print("m3desk: stopped waiting; nothing was opened", file=sys.stderr)
                    return True
                answer = QMessageBox.question(
                    None,
                    APP_DISPLAY_NAME,
                    f"The m3desk already open on this data folder is not answering ({error}). "
                    "Keep waiting for it? A second window on the same files could overwrite "
                    "its work, so none is opened.",
                    QMessageBox.StandardButton.Retry | QMessageBox.StandardButton.Close,
                )
                if answer != QMessageBox.StandardButton.Retry:
                    return True
    finally:
        for dialog in shown:
            dialog.close()


def _show_window(args: Arguments) -> tuple[MainWindow, AppPaths, str | None] | None:
    """The QApplication, settings, theme and the main window, shown; None if another m3desk
    for the same data folder took the files instead."""
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([sys.argv[0] if sys.argv else APP_NAME])
    assert isinstance(app, QApplication)
    app.setApplicationName(APP_NAME)
    app.setApplicationDisplayName(APP_DISPLAY_NAME)
    app.setOrganizationName(APP_ORG)
    app.setApplicationVersion(__version__)
    app.setDesktopFileName(APP_ID)

    from m3desk.ui.app_icon import app_icon

    app.setWindowIcon(app_icon())  # before any window: the self-test's window has it too

    from m3desk.storage.paths import AppPaths
    from m3desk.storage.settings import load_settings
    from m3desk.ui.theme import apply_theme

    paths = AppPaths.from_environment()
    files = [Path(name) for name in args.files]
    if not args.self_test:
        from m3desk.ui.single_instance import InstanceClaim

        claim = InstanceClaim(paths.state_dir)
        if not claim.take() and _wait_for_instance(app, paths.state_dir, files, claim):
            return None
        _CLAIMS.append(claim)  # held, and so the data folder is ours, until the process ends
    settings, settings_warning = load_settings(paths)
    apply_theme(app, settings.theme)

    from m3desk.ui.main_window import MainWindow

    window = MainWindow(paths, settings)
    window.show()
    return window, paths, settings_warning
