"""``m3desk --self-test``: the smoke test of an installed or frozen build, and the start-up bench."""

from __future__ import annotations

import time

from PySide6.QtWidgets import QApplication

from m3desk import __version__
from m3desk.ui.main_window import MainWindow


def self_test(window: MainWindow, started: float) -> int:
    QApplication.processEvents()
    exercised = window.exercise_views()
    elapsed_ms = (time.perf_counter() - started) * 1000
    print(f"m3desk {__version__} self-test ok: {', '.join(exercised)} in {elapsed_ms:.0f} ms")
    window.close()
    return 0
