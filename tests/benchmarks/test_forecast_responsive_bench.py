"""The window stays live while a forecast plays (issue 22): 10,000 fights of six in each game
on the dialog's worker thread, a 5 ms timer on the GUI thread as the probe. Reported: the
longest gap between two ticks (target: no stall over 50 ms), how long Stop takes to show the
partial result, and the worker's wall time against the same fights played on this thread.

The gaps are the window's own: each gap less the time the GUI thread waited in the operating
system's run queue meanwhile (``/proc/thread-self/schedstat``, where Linux keeps it), so a
neighbour holding both cores does not count as a stall while the window's own work, a sleep
or a wait on a lock does. The lead's run at load ~12 on two cores read 94-96 ms gaps (AD&D,
Skirmish) on a wall clock that an idle loop read 23-34 ms on at other moments; a 100 ms busy
loop or sleep injected into the dialog's progress still fails it.

A game whose fights are slow (the generic simulator's take ~2.5 ms each: Skirmish's 10,000
took 100 s on the worker at that load, Pikes' did not end within the 120 s wait) plays as
many as about :data:`WORKER_CPU_S` of this thread's CPU plays, at least :data:`AT_LEAST`:
the window is watched over a forecast of several seconds all the same."""

from __future__ import annotations

import itertools
import time
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QTimer

from m3desk.assets import sample_files
from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.core.forecast import forecast
from m3desk.storage.sheet_files import load_sheet
from m3desk.systems.monsters_and_magic.encounter import Encounter, add_combatant
from m3desk.systems.monsters_and_magic.sheet import MonsterSheet
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.encounter.forecast_dialog import ForecastDialog
from tests.benchmarks import (
    test_adnd2e_forecast_bench,
    test_apparatus_forecast_bench,
    test_ose_forecast_bench,
)
from tests.systems.monsters_and_magic.samples import MUMMY, sample_sheet

FIGHTS = 10_000
STALL_MS = 50
WORKER_CPU_S = 4.0
"""The fights a game plays here: at most what this much CPU plays on this thread."""
AT_LEAST = 1000

_SCHEDSTAT = Path("/proc/thread-self/schedstat")


def _queued_s() -> float:
    """Seconds this thread has waited in the run queue (0 where the system does not say)."""
    try:
        return int(_SCHEDSTAT.read_text().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return 0.0


class _Probe:
    """A 5 ms timer on the GUI thread: its ticks' wall times and run-queue waits."""

    def __init__(self) -> None:
        self.ticks: list[tuple[float, float]] = []
        self._timer = QTimer()
        self._timer.setInterval(5)
        self._timer.timeout.connect(self._tick)

    def _tick(self) -> None:
        self.ticks.append((time.perf_counter(), _queued_s()))

    def start(self) -> None:
        self._timer.start()

    def stop(self) -> None:
        self._timer.stop()

    def gaps_ms(self) -> list[float]:
        """Each gap between two ticks less the run-queue wait inside it: the window's own."""
        return [
            max(0.0, (b - a) - (qb - qa)) * 1000
            for (a, qa), (b, qb) in itertools.pairwise(self.ticks)
        ]

    def wall_gaps_ms(self) -> list[float]:
        return [(b - a) * 1000 for (a, _qa), (b, _qb) in itertools.pairwise(self.ticks)]


def _longest_gap_ms(qtbot: Any, seconds: float) -> tuple[float, float, int]:
    """The same 5 ms probe on an idle event loop: its longest own and wall gaps, and count."""
    probe = _Probe()
    probe.start()
    qtbot.wait(int(seconds * 1000))
    probe.stop()
    return max(probe.gaps_ms()), max(probe.wall_gaps_ms()), len(probe.ticks) - 1


def _fights_for(encounter: core.Encounter, simulate: Any) -> int:
    """:data:`FIGHTS`, or fewer where they would take more than :data:`WORKER_CPU_S`."""
    forecast(encounter, simulate, fights=20, seed=3)  # the encounter read once
    began = time.thread_time()
    forecast(encounter, simulate, fights=100, seed=2)
    each = max(time.thread_time() - began, 1e-6) / 100
    return max(AT_LEAST, min(FIGHTS, int(WORKER_CPU_S / each) // 100 * 100))


def _mm_six() -> Encounter:
    encounter = Encounter(name="Fane of the First Ones")
    for name in ("felix", "gramfive", "guido", "shamira", "xiola", MUMMY):
        sheet = sample_sheet(name)
        side = "Monsters" if isinstance(sheet, MonsterSheet) else "Party"
        encounter = add_combatant(encounter, sheet, side)
    return encounter


OWN_SIX = {
    "monsters_and_magic": _mm_six,
    "ose": test_ose_forecast_bench._six,
    "adnd2e": test_adnd2e_forecast_bench._six,
    "apparatus": test_apparatus_forecast_bench._six,
}
"""The six of a game's own forecast benchmark, where it has one (read by ``OWN_SIX.get``)."""


def _samples_six(game: str) -> core.Encounter:
    """Six of the game's samples, characters against monsters, cycled."""
    rules = registry.get(game).encounter
    assert rules is not None
    sheets = [load_sheet(path).model for path in sample_files(game)]
    encounter = rules.encounter_type(name="Six")
    for number in range(6):
        sheet = sheets[number % len(sheets)]
        side = "Party" if getattr(sheet, "kind", "") == "character" else "Monsters"
        encounter = core.join(encounter, rules.make_combatant(sheet, side))
    return encounter


def six(game: str) -> core.Encounter:
    """The game's six for a forecast: its own benchmark's, else six of its samples."""
    own = OWN_SIX.get(game)
    return own() if own is not None else _samples_six(game)


GAMES = [system.id for system in registry.systems() if system.encounter is not None]


@pytest.mark.parametrize("game", GAMES)
def test_the_window_stays_live_while_ten_thousand_fights_play(qtbot: Any, game: str) -> None:
    encounter: core.Encounter = six(game)
    assert len(encounter.combatants) == 6
    dialog = ForecastDialog(EncounterDocument(encounter))
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.simulate is not None
    fights = _fights_for(encounter, dialog.simulate)
    dialog.fights.setValue(fights)
    probe = _Probe()
    probe.start()
    qtbot.wait(50)
    began = time.perf_counter()
    dialog.start()
    start_ms = (time.perf_counter() - began) * 1000
    qtbot.waitUntil(lambda: dialog.forecast is not None, timeout=120_000)
    worker_s = time.perf_counter() - began
    qtbot.wait(20)
    probe.stop()
    gaps = probe.gaps_ms()
    stall_ms = max(gaps)
    wall_ms = max(probe.wall_gaps_ms())
    where = probe.ticks[gaps.index(stall_ms)][0] - began
    # Stop: from the click to the partial result on screen.
    dialog.fights.setValue(dialog.fights.maximum())
    dialog.start()
    qtbot.waitUntil(lambda: dialog.latest is not None, timeout=10_000)
    clicked = time.perf_counter()
    dialog.cancel_button.click()
    stop_ms = (time.perf_counter() - clicked) * 1000
    assert "stopped after" in dialog.summary.text()
    began = time.perf_counter()
    forecast(encounter, dialog.simulate, fights=fights, seed=1)
    here_s = time.perf_counter() - began
    idle_ms, idle_wall_ms, idle_ticks = _longest_gap_ms(qtbot, min(worker_s, 5.0))
    print(
        f"\n{game}: {fights} fights on the worker {worker_s:.2f} s (on the GUI thread "
        f"{here_s:.2f} s); longest event-loop gap {stall_ms:.0f} ms own, {wall_ms:.0f} ms "
        f"wall, over {len(gaps)} ticks (idle loop: {idle_ms:.0f} ms own, {idle_wall_ms:.0f} "
        f"ms wall over {idle_ticks}); Stop {stop_ms:.1f} ms; start {start_ms:.0f} ms; the "
        f"longest gap began {where:.2f} s in"
    )
    assert stall_ms < STALL_MS + idle_ms
