"""Speed of the Monsters & Magic fight forecast: 10,000 fights of six (target < 1 s).

The Example of Play's line-up (five heroes against the First One mummy, from Short range,
so blows first buy their bands) through the core's runner, as the forecast dialog and the
command line run it; reported as a ratio against 10,000 × six ``random.randint(1, 20)`` calls
measured in the same run, so a slower or faster machine reads the same.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable

from pytest_benchmark.fixture import BenchmarkFixture

from m3desk.core.forecast import Forecast, forecast
from m3desk.systems.monsters_and_magic.encounter import Encounter, add_combatant
from m3desk.systems.monsters_and_magic.forecast import simulate
from m3desk.systems.monsters_and_magic.sheet import MonsterSheet
from tests.systems.monsters_and_magic.samples import MUMMY, sample_sheet

TARGET_S = 1.0
FIGHTS = 10_000
REPEATS = 5


def _median(run: Callable[[], object]) -> float:
    times = []
    for _ in range(REPEATS):
        began = time.perf_counter()
        run()
        times.append(time.perf_counter() - began)
    return statistics.median(times)


def _baseline() -> None:
    dice = random.Random(1)
    for _ in range(FIGHTS * 6):
        dice.randint(1, 20)


def test_ten_thousand_fights_of_six_in_under_a_second(benchmark: BenchmarkFixture) -> None:
    encounter = Encounter(name="Fane of the First Ones")
    for name in ("felix", "gramfive", "guido", "shamira", "xiola", MUMMY):
        sheet = sample_sheet(name)
        side = "Monsters" if isinstance(sheet, MonsterSheet) else "Party"
        encounter = add_combatant(encounter, sheet, side)
    assert len(encounter.combatants) == 6

    def run() -> Forecast:
        return forecast(encounter, simulate, fights=FIGHTS, seed=1)  # type: ignore[arg-type]

    result = benchmark.pedantic(run, rounds=REPEATS, iterations=1)
    assert result.fights == FIGHTS and 0 < result.wins["Party"].value < 1
    fights = benchmark.stats.stats.median
    baseline = _median(_baseline)
    print(
        f"\n10,000 fights of six: median {fights * 1000:.0f} ms; 60,000 randint(1, 20): "
        f"{baseline * 1000:.0f} ms; ratio {fights / baseline:.1f}; "
        f"mean {result.mean_rounds:.1f} rounds a fight"
    )
    assert fights < TARGET_S
