"""How live the window stays while a forecast plays (issue 22): the longest event-loop stall.

For each game it opens the Forecast dialog on an encounter of six (the benchmarks' fights)
or of about 200 (those six copied, everyone placed in two groups), starts 10,000 fights and
probes the GUI thread with a 5 ms timer while they play, then measures Stop from the click to
the partial result on screen. It prints, per game and size, the longest gap between two
ticks (the stall; the target is none over 50 ms), where in the run it fell (the start, a
progress update, the end), how long an idle event loop's longest gap is on this machine
right now (the neighbours' share), the fights played and Stop.

    QT_QPA_PLATFORM=offscreen .venv/bin/python tools/forecast_stalls.py [--sizes 6 200]
        [--seconds 12] [--games ose adnd2e ...]

A big encounter's 10,000 fights take minutes: the probe then runs ``--seconds`` and Stops.
"""

from __future__ import annotations

import argparse
import gc
import itertools
import os
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

FIGHTS = 10_000


def _encounter(game: str, size: int) -> Any:
    from m3desk.core import encounter as core
    from m3desk.core import registry
    from tests.benchmarks.test_forecast_responsive_bench import SIX

    encounter = SIX[game]()
    rules = registry.get(game).encounter
    assert rules is not None
    six = list(encounter.combatants)
    for extra in range(size - len(six)):
        model = six[extra % len(six)]
        encounter = core.join(encounter, rules.make_combatant(model.sheet, model.side))
    if encounter.position_model.kind == "distance":
        encounter = core.arrange(encounter, encounter.position_model.starting_distance)
    return encounter


def _probe(app: Any, game: str, size: int, seconds: float) -> str:
    from PySide6.QtCore import QTimer

    from m3desk.ui.documents.encounter_document import EncounterDocument
    from m3desk.ui.encounter.forecast_dialog import ForecastDialog

    encounter = _encounter(game, size)
    dialog = ForecastDialog(EncounterDocument(encounter))
    dialog.show()
    dialog.fights.setValue(min(FIGHTS, dialog.fights.maximum()))
    ticks: list[float] = []
    marks: list[tuple[float, str]] = []
    probe = QTimer()
    probe.setInterval(5)
    probe.timeout.connect(lambda: ticks.append(time.perf_counter()))
    probe.start()
    _spin(app, 0.1)
    pauses: list[tuple[float, int]] = []
    collecting: list[float] = []

    def collected(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            collecting[:] = [time.perf_counter()]
        elif collecting:
            pauses.append((time.perf_counter() - collecting[0], info["generation"]))

    gc.callbacks.append(collected)
    began = time.perf_counter()
    dialog.start()
    marks.append((time.perf_counter(), "start returned"))
    assert dialog._run is not None
    dialog._run.progressed.connect(lambda _f: marks.append((time.perf_counter(), "progress")))
    deadline = began + seconds
    while dialog.forecast is None and time.perf_counter() < deadline:
        app.processEvents()
        time.sleep(0.001)
    finished = dialog.forecast is not None
    played = dialog.forecast.fights if finished else (dialog.latest.fights if dialog.latest else 0)
    stop_ms = 0.0
    if not finished:
        clicked = time.perf_counter()
        dialog.cancel_button.click()
        stop_ms = (time.perf_counter() - clicked) * 1000
    _spin(app, 0.05)
    probe.stop()
    gc.callbacks.remove(collected)
    longest_gc = max(pauses, default=(0.0, 0))
    gaps = [(b - a, a) for a, b in itertools.pairwise(ticks)]
    worst, at = max(gaps)
    near = min(marks, key=lambda mark: abs(mark[0] - at), default=(at, "?"))
    idle = _idle(app, min(3.0, seconds))
    dialog.close()
    return (
        f"{game:<19} {size:>4}: longest stall {worst * 1000:5.0f} ms at {at - began:5.2f} s "
        f"(nearest event: {near[1]} at {near[0] - began:.2f} s); idle loop {idle:4.0f} ms; "
        f"{played:,} fights in {min(seconds, time.perf_counter() - began):.1f} s"
        f"{'' if finished else f'; Stop {stop_ms:.1f} ms'}; longest garbage collection "
        f"{longest_gc[0] * 1000:.0f} ms (generation {longest_gc[1]})"
    )


def _spin(app: Any, seconds: float) -> None:
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        app.processEvents()
        time.sleep(0.001)


def _idle(app: Any, seconds: float) -> float:
    from PySide6.QtCore import QTimer

    ticks: list[float] = []
    probe = QTimer()
    probe.setInterval(5)
    probe.timeout.connect(lambda: ticks.append(time.perf_counter()))
    probe.start()
    _spin(app, seconds)
    probe.stop()
    return max(b - a for a, b in itertools.pairwise(ticks)) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[6, 200])
    parser.add_argument("--seconds", type=float, default=12.0)
    parser.add_argument(
        "--games", nargs="+", default=["monsters_and_magic", "ose", "adnd2e", "apparatus"]
    )
    arguments = parser.parse_args()
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([sys.argv[0]])
    for size in arguments.sizes:
        for game in arguments.games:
            print(_probe(app, game, size, arguments.seconds), flush=True)


if __name__ == "__main__":
    main()
