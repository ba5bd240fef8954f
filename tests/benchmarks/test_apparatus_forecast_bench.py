"""Speed of Apparatus's fight forecast: 10,000 fights of six sample combatants, as issue 22
states it: under 1 s on this 2-core machine against the same-run baseline
(:mod:`.ten_thousand_fights`: at most 80 × the CPU of 10,000 × six ``random.randint(1, 20)``)."""

from __future__ import annotations

import statistics
from typing import Any

from m3desk.core import encounter as core
from m3desk.core.forecast import FightResult, Policy, run_fights
from m3desk.systems.apparatus.forecast import simulate
from m3desk.systems.apparatus.samples import BRUTE, CAVE_BEAR, KESTREL, WREN
from m3desk.systems.apparatus.state import ApparatusEncounter
from m3desk.systems.apparatus.system import SYSTEM
from tests.benchmarks.ten_thousand_fights import FIGHTS, RATIO_LIMIT, cpu_ratio


def _six() -> ApparatusEncounter:
    """Kestrel, Wren and a second Kestrel against two Brutes and the cave bear, 12 m apart
    (2 m within a side), before initiative: each fight rolls it, runs, Dashes and fights
    to the end."""
    rules = SYSTEM.encounter
    assert rules is not None
    encounter = ApparatusEncounter()
    for sheet, side in (
        (KESTREL, "Party"),
        (WREN, "Party"),
        (KESTREL, "Party"),
        (BRUTE, "Monsters"),
        (CAVE_BEAR, "Monsters"),
        (BRUTE, "Monsters"),
    ):
        encounter = core.join(encounter, rules.make_combatant(sheet, side))
    ids = [c.id for c in encounter.combatants]
    for i, a in enumerate(ids):
        for b in ids[i + 1 :]:
            same = encounter.combatant(a).side == encounter.combatant(b).side
            encounter = core.set_position(encounter, a, b, 2 if same else 12)
    return encounter


def test_ten_thousand_fights_of_six(benchmark: Any) -> None:
    encounter = _six()
    run_fights(encounter, simulate, fights=10, seed=1)  # read the encounter once

    def fights() -> list[FightResult]:
        return run_fights(encounter, simulate, fights=FIGHTS, seed=1, policy=Policy())

    cpu, baseline, ratio = cpu_ratio(fights)
    results = benchmark.pedantic(fights, rounds=1, iterations=1)
    wall = benchmark.stats.stats.median
    benchmark.extra_info.update(
        baseline_s=round(baseline, 4),
        cpu_s=round(cpu, 4),
        wall_s=round(wall, 4),
        ratio=round(ratio, 1),
    )
    rounds = statistics.mean(result.rounds for result in results)
    print(
        f"\nApparatus forecast: {FIGHTS} fights of six (mean {rounds:.1f} rounds) CPU median "
        f"{cpu:.3f} s (wall {wall:.3f} s); 10,000 × six randint {baseline * 1000:.1f} ms CPU; "
        f"ratio {ratio:.1f}x (limit {RATIO_LIMIT:.0f}x: 1 s on the quiet machine)"
    )
    assert len(results) == FIGHTS
    assert all(result.winner in ("Party", "Monsters", None) for result in results)
    assert ratio < RATIO_LIMIT
