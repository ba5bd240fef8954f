"""Speed of the AD&D 2e fight forecast: 10,000 fights of six combatants (target < 1 s).

The fight: Rath, Ilse and Rupert against an ogre, a troll and an orc, 60' apart (about five
rounds a fight; Rupert shoots twice a round while they come). The baseline, measured in the
same run, is 10,000 × six ``random.randint(1, 20)``; the ratio says what a whole fight costs
in d20 rolls. The target is checked on the process's CPU time (other sessions share the
two cores), and the wall median is printed beside it.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from m3desk.core import encounter as core
from m3desk.core.forecast import run_fights
from m3desk.systems.adnd2e.forecast import prepared, simulate
from m3desk.systems.adnd2e.samples import ILSE, OGRE, ORC, RATH, RUPERT, TROLL
from m3desk.systems.adnd2e.table import ENCOUNTER_RULES, AdndEncounter

FIGHTS = 10_000
TARGET_S = 1.0


def _six() -> AdndEncounter:
    encounter = AdndEncounter(name="Bench")
    for sheet, side in (
        (RATH, "Party"),
        (ILSE, "Party"),
        (RUPERT, "Party"),
        (OGRE, "Monsters"),
        (TROLL, "Monsters"),
        (ORC, "Monsters"),
    ):
        encounter = core.join(encounter, ENCOUNTER_RULES.make_combatant(sheet, side))
    party, monsters = encounter.combatants[:3], encounter.combatants[3:]
    for a in party:
        for b in monsters:
            encounter = core.set_position(encounter, a.id, b.id, 60)
    return encounter


def _baseline() -> None:
    roll = random.Random(1).randint
    for _ in range(FIGHTS):
        for _ in range(6):
            roll(1, 20)


def _median(fn: Callable[[], object], runs: int, clock: Callable[[], float]) -> float:
    times = []
    for _ in range(runs):
        start = clock()
        fn()
        times.append(clock() - start)
    return statistics.median(times)


def test_ten_thousand_fights_of_six(benchmark: Any) -> None:
    encounter = _six()
    prepared(encounter)  # read once, as the runner's first chunk does
    seeds = iter(range(1_000_000))

    def fights() -> None:
        run_fights(encounter, simulate, fights=FIGHTS, seed=next(seeds))

    benchmark.pedantic(fights, rounds=5, iterations=1, warmup_rounds=1)
    wall = benchmark.stats.stats.median
    cpu = _median(fights, 3, time.process_time)
    baseline = _median(_baseline, 5, time.perf_counter)
    results = run_fights(encounter, simulate, fights=1000, seed=1)
    rounds = sum(r.rounds for r in results) / len(results)
    benchmark.extra_info.update(
        cpu_median_s=round(cpu, 3),
        baseline_s=round(baseline, 4),
        ratio=round(wall / baseline, 1),
        mean_rounds=rounds,
    )
    print(
        f"\n{FIGHTS} AD&D 2e fights of six (mean {rounds:.1f} rounds): wall median "
        f"{wall:.3f} s, CPU median {cpu:.3f} s (target < {TARGET_S:.0f} s); baseline "
        f"{FIGHTS} × 6 randint(1, 20) {baseline * 1000:.1f} ms; ratio {wall / baseline:.0f}x"
    )
    assert cpu < TARGET_S


def test_reading_an_encounter_once(benchmark: Any) -> None:
    """The per-encounter precomputation (the dialog's plans for every pair): once per
    forecast, not per fight."""
    from m3desk.systems.adnd2e.forecast import prepare

    values = benchmark(prepare, _six())
    assert len(values.ids) == 6
