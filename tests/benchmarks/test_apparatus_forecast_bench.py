"""Speed of Apparatus's fight forecast: 10,000 fights of six sample combatants (target < 1 s),
reported as a ratio against 10,000 × six ``random.randint(1, 20)`` calls measured in the
same run."""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

from m3desk.core import encounter as core
from m3desk.core.forecast import Policy, run_fights
from m3desk.systems.apparatus.forecast import simulate
from m3desk.systems.apparatus.samples import BRUTE, CAVE_BEAR, KESTREL, WREN
from m3desk.systems.apparatus.state import ApparatusEncounter
from m3desk.systems.apparatus.system import SYSTEM

FIGHTS = 10_000
TARGET_S = 1.0


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


def _baseline() -> float:
    runs = []
    for _ in range(5):
        dice = random.Random(1)
        start = time.perf_counter()
        for _fight in range(FIGHTS):
            for _roll in range(6):
                dice.randint(1, 20)
        runs.append(time.perf_counter() - start)
    return statistics.median(runs)


def test_ten_thousand_fights_of_six(benchmark: Any) -> None:
    encounter = _six()
    run_fights(encounter, simulate, fights=10, seed=1)  # read the encounter once
    baseline = _baseline()
    results = benchmark.pedantic(
        run_fights,
        args=(encounter, simulate),
        kwargs={"fights": FIGHTS, "seed": 1, "policy": Policy()},
        rounds=5,
        iterations=1,
    )
    median = benchmark.stats.stats.median
    ratio = median / baseline
    benchmark.extra_info.update(
        baseline_s=round(baseline, 4), median_s=round(median, 4), ratio=round(ratio, 1)
    )
    rounds = statistics.mean(result.rounds for result in results)
    print(
        f"\nApparatus forecast: {FIGHTS} fights of six (mean {rounds:.1f} rounds) median "
        f"{median:.3f} s; 10,000 × six randint {baseline:.3f} s; ratio {ratio:.1f}x "
        f"(target < {TARGET_S:.0f} s)"
    )
    assert len(results) == FIGHTS
    assert all(result.winner in ("Party", "Monsters", None) for result in results)
    assert median < TARGET_S
