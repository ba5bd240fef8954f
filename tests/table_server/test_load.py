"""The GM's window under a table of phones: 8 live devices and 100 clients connecting and
dropping, on the loopback address, from a process of their own.

While they run, the GM presses Next Turn ten times a second; a 5 ms timer on the window's
event loop measures its longest stall outside the GM's own command: never over 50 ms more
than the same run's baseline, the same phones' process playing against a stand-in server of
its own (the machine as loaded, the window serving no one; on two shared cores the machine's
own load alone can stall a loop that long, as tests/benchmarks/test_forecast_responsive_bench.py
also allows),
every live device sees every change in
order, and afterwards the server holds only the live devices and sockets (its memory does
not grow with the clients that came and went). The suite runs it for a few seconds;
M3DESK_LOAD_SECONDS=60 runs the issue's minute.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from PySide6.QtCore import QElapsedTimer, QTimer

from m3desk.core import encounter as core
from m3desk.ui.phones import show_phones
from tests.table_server.table import ose_table

ROOT = Path(__file__).resolve().parents[2]
SECONDS = float(os.environ.get("M3DESK_LOAD_SECONDS", "4"))
LIVE, CHURN = 8, 100
STALL_MS = 50


def _run(qtbot: Any, document: Any, base: str, code: str) -> tuple[int, dict[str, Any]]:
    """The phones' process against ``base`` while the GM presses Next Turn ten times a
    second: the longest stall of the window's event loop outside that command, and what the
    phones saw."""
    clients = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tests.table_server.load_clients",
            base,
            code,
            str(SECONDS),
            str(LIVE),
            str(CHURN),
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        qtbot.wait(1000)  # the live phones join
        clock = QElapsedTimer()
        clock.start()
        last = [clock.elapsed()]
        worst = [0]

        def tick() -> None:
            now = clock.elapsed()
            worst[0] = max(worst[0], now - last[0] - 5)
            last[0] = now

        turns = [document.encounter, core.next_turn(document.encounter)]

        def next_turn() -> None:
            # Morgan's turn, Silverleaf's, Morgan's again…: a change every time. The GM's
            # own command (the tracker's work) is not the phones' stall: the stall clock
            # starts again when it returns.
            turns.reverse()
            document.apply(turns[0], "Next turn")
            last[0] = clock.elapsed()

        ticker = QTimer()
        ticker.setInterval(5)
        ticker.timeout.connect(tick)
        turner = QTimer()
        turner.setInterval(100)
        turner.timeout.connect(next_turn)
        ticker.start()
        turner.start()
        ended = time.monotonic() + SECONDS - 2.0
        qtbot.waitUntil(lambda: time.monotonic() > ended, timeout=int(SECONDS * 1000) + 5000)
        turner.stop()
        ticker.stop()
        qtbot.wait(300)  # the last change reaches the server's loop
        output, _errors = clients.communicate(timeout=60)
    finally:
        if clients.poll() is None:
            clients.kill()
    return worst[0], json.loads(output)


def test_eight_phones_and_a_hundred_comers_never_stall_the_window(qtbot: Any) -> None:
    # The tab not painted: what is measured is the phones' cost, not the tracker's repaint.
    widget = ose_table(qtbot)
    widget.hide()
    document = widget.document
    dialog = show_phones(widget)
    qtbot.addWidget(dialog)
    dialog.hide()
    assert dialog.start("127.0.0.1")
    server = dialog.server
    # The baseline: the same phones against a stand-in in their own process.
    baseline, _seen = _run(qtbot, document, "self", "")
    stall, result = _run(qtbot, document, server.address(), server.code)
    published = server._seq
    print(
        f"\nlongest stall with {LIVE} phones and {CHURN} comers: {stall} ms (the same "
        f"load on a stand-in: {baseline} ms); {published} changes; {result['churn']} comings"
    )
    assert stall <= STALL_MS + baseline, f"the window stalled {stall} ms ({baseline} ms)"
    assert result["churn"] > CHURN  # the comers came and went, more than once each
    for seen in result["live"]:
        assert seen, "a live device saw nothing"
        missed = sorted(set(range(seen[0], published + 1)) - set(seen))
        assert seen == list(range(seen[0], published + 1)), (
            f"a device missed {len(missed)} changes of {published}: {missed[:5]}…{missed[-3:]}; "
            f"it saw {len(seen)}, the last {seen[-1]}"
        )
    qtbot.waitUntil(lambda: len(server._sockets) == 0, timeout=10000)
    # The comers that joined left (but for one whose socket failed before its leave could
    # be sent: a phone that vanishes stays known, as it may come back); no socket kept.
    assert len(server.devices()) <= LIVE + result["stayed"]
    assert result["stayed"] < CHURN // 4, f"{result['stayed']} comers could not leave"
