"""Speed of the AD&D 2e fight forecast: 10,000 fights of six, as issue 22 states it: under
1 s on this 2-core machine against the same-run baseline (:mod:`.ten_thousand_fights`: at
most 80 × the CPU of 10,000 × six ``random.randint(1, 20)``).

The fight: Rath, Ilse and Rupert against an ogre, a troll and an orc, 60' apart (about five
rounds a fight; Rupert shoots twice a round while they come). The ratio says what a whole
fight costs in d20 rolls; the wall median is printed beside it.
"""

from __future__ import annotations

from typing import Any

from m3desk.core import encounter as core
from m3desk.core.forecast import run_fights
from m3desk.systems.adnd2e.forecast import prepared, simulate
from m3desk.systems.adnd2e.samples import ILSE, OGRE, ORC, RATH, RUPERT, TROLL
from m3desk.systems.adnd2e.table import ENCOUNTER_RULES, AdndEncounter
from tests.benchmarks.ten_thousand_fights import FIGHTS, RATIO_LIMIT, cpu_ratio


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


def test_ten_thousand_fights_of_six(benchmark: Any) -> None:
    encounter = _six()
    prepared(encounter)  # read once, as the runner's first chunk does
    seeds = iter(range(1_000_000))

    def fights() -> None:
        run_fights(encounter, simulate, fights=FIGHTS, seed=next(seeds))

    run_fights(encounter, simulate, fights=100, seed=0)
    cpu, baseline, ratio = cpu_ratio(fights)
    benchmark.pedantic(fights, rounds=1, iterations=1)
    wall = benchmark.stats.stats.median
    results = run_fights(encounter, simulate, fights=1000, seed=1)
    rounds = sum(r.rounds for r in results) / len(results)
    benchmark.extra_info.update(
        cpu_median_s=round(cpu, 3),
        baseline_s=round(baseline, 4),
        ratio=round(ratio, 1),
        mean_rounds=rounds,
    )
    print(
        f"\n{FIGHTS} AD&D 2e fights of six (mean {rounds:.1f} rounds): CPU median {cpu:.3f} s "
        f"(wall {wall:.3f} s); baseline {FIGHTS} × 6 randint(1, 20) {baseline * 1000:.1f} ms "
        f"CPU; ratio {ratio:.0f}x (limit {RATIO_LIMIT:.0f}x: 1 s on the quiet machine)"
    )
    assert ratio < RATIO_LIMIT


def test_reading_an_encounter_once(benchmark: Any) -> None:
    """The per-encounter precomputation (the dialog's plans for every pair): once per
    forecast, not per fight."""
    from m3desk.systems.adnd2e.forecast import prepare

    values = benchmark(prepare, _six())
    assert len(values.ids) == 6
