"""Application start-up: arguments, the QApplication, the main window, the self-test."""

from __future__ import annotations

import argparse
import sys
import time

from m3desk import APP_DISPLAY_NAME, APP_NAME, APP_ORG, __version__


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog=APP_NAME, description="Monsters & Magic table companion")
    parser.add_argument("files", nargs="*", help="character, monster or encounter files to open")
    parser.add_argument("--self-test", action="store_true",
                        help="start the whole app, exercise every main view, print one line, exit")
    parser.add_argument("--version", action="version", version=f"{APP_NAME} {__version__}")
    return parser.parse_args(argv)


def run(argv: list[str]) -> int:
    started = time.perf_counter()
    args = parse_args(argv)
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([sys.argv[0] if sys.argv else APP_NAME])
    app.setApplicationName(APP_NAME)
    app.setApplicationDisplayName(APP_DISPLAY_NAME)
    app.setOrganizationName(APP_ORG)
    app.setApplicationVersion(__version__)

    from m3desk.ui.main_window import MainWindow

    window = MainWindow()
    window.show()
    if args.self_test:
        from m3desk.ui.self_test import self_test

        return self_test(window, started)
    return app.exec()
