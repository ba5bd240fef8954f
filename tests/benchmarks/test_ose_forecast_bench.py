"""Speed of the OSE fight forecast: 10,000 fights of six combatants in under 1 second.

The fight: the four sample characters against the sample hobgoblin boss and a hobgoblin,
30' apart (about three rounds a fight). The baseline, measured in the same run, is what the
dice alone cost: 10,000 × six ``random.randint(1, 20)``; the ratio says how many such dice
rolls a whole fight costs. The target is checked on this thread's CPU time (on a shared
machine wall time measures the neighbours too); pytest-benchmark's table shows wall time.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable

from pytest_benchmark.fixture import BenchmarkFixture

from m3desk.core import encounter as core
from m3desk.core.forecast import run_fights
from m3desk.systems.ose.encounter import OseEncounter
from m3desk.systems.ose.samples import characters, monsters
from m3desk.systems.ose.system import SYSTEM

FIGHTS = 10_000
TARGET_S = 1.0
RULES = SYSTEM.encounter


def _six() -> OseEncounter:
    encounter = OseEncounter(name="Hobgoblin patrol")
    for sheet in characters().values():
        encounter = core.join(encounter, RULES.make_combatant(sheet, "Party"))
    for name in ("Hobgoblin boss", "Hobgoblin"):
        encounter = core.join(encounter, RULES.make_combatant(monsters()[name], "Monsters"))
    everyone = encounter.combatants
    for index, a in enumerate(everyone):
        for b in everyone[index + 1 :]:
            encounter = core.set_position(
                encounter, a.id, b.id, 10 if a.side == b.side else 30, log=False
            )
    return encounter


def _cpu_median(run: Callable[[], object], rounds: int = 3) -> float:
    times = []
    for _ in range(rounds):
        start = time.thread_time()
        run()
        times.append(time.thread_time() - start)
    return statistics.median(times)


def _dice_alone() -> None:
    roll = random.Random(1).randint
    for _ in range(FIGHTS * 6):
        roll(1, 20)


def test_ten_thousand_fights_of_six(benchmark: BenchmarkFixture) -> None:
    encounter = _six()
    assert len(encounter.combatants) == 6 and RULES.simulate is not None
    simulate = RULES.simulate
    cpu: list[float] = []

    def fights() -> None:
        start = time.thread_time()
        results = run_fights(encounter, simulate, fights=FIGHTS, seed=1)
        cpu.append(time.thread_time() - start)
        assert len(results) == FIGHTS and all(r.winner for r in results)

    baseline = _cpu_median(_dice_alone)
    benchmark.pedantic(fights, rounds=5, iterations=1, warmup_rounds=1)
    median = statistics.median(cpu)
    benchmark.extra_info.update(
        dice_alone_ms=round(baseline * 1000, 1),
        fights_cpu_ms=round(median * 1000, 1),
        ratio=round(median / baseline, 1),
    )
    print(
        f"\nOSE forecast: {FIGHTS} fights of six, median {median * 1000:.0f} ms CPU "
        f"({benchmark.stats.stats.median * 1000:.0f} ms wall); "
        f"{FIGHTS} × six randint(1, 20): {baseline * 1000:.0f} ms; "
        f"ratio {median / baseline:.1f}×"
    )
    assert median < TARGET_S
