"""How long the GUI thread went without running a 10 ms timer: the window answering, or not."""

from __future__ import annotations

import gc
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QElapsedTimer, QEvent, QTimer
from PySide6.QtWidgets import QApplication


def event_loop_stalls(
    qtbot: Any,
    until: Callable[[], bool],
    timeout_s: float = 10.0,
    start: Callable[[], object] | None = None,
) -> float:
    """The longest the GUI thread went without running a 10 ms timer while ``until()``
    was false; with ``start``, from ``start()`` run inside the event loop, the timer
    already going. Earlier tests' leftovers are cleared first, so that their cost is not
    counted as this window's: the widgets they closed, waiting to be deleted, and the
    garbage a long run of tests leaves to one full collection (either froze the GUI thread
    of a suite's worker for 1-8 s inside the measured wait, and never in a test run alone)."""
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)
    gc.collect()
    clock = QElapsedTimer()
    clock.start()
    worst, last = [0.0], [0]

    def tick() -> None:
        now = clock.elapsed()
        worst[0] = max(worst[0], (now - last[0]) / 1000)
        last[0] = now

    timer = QTimer()
    timer.setInterval(10)
    timer.timeout.connect(tick)
    timer.start()
    if start is not None:
        QTimer.singleShot(30, start)
        qtbot.wait(60)
    qtbot.waitUntil(until, timeout=int(timeout_s * 1000))
    timer.stop()
    tick()
    return worst[0]
