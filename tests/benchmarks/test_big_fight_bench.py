"""Forecast per fight at 6, 50 and 200 combatants on the map, in every game that measures
distance (issue 30: 8-19 s a fight at 200).

The crowds are each game's samples cycled, alternately on two sides, in their starting
formation. The baseline, measured in the same run, is one fight of the game's six of the
forecast benchmarks; the ratios say how a fight's cost grows with its combatants (n log n
from 6 to 200 would be about 100×; the whole n × n table of distances kept after every move
costs a little more). Checked on this thread's CPU time: on a shared machine wall time
measures the neighbours too. The target: a fight of 200 in at most 0.2 s on the reference
machine; here, loaded, the bound checked is twice that.
"""

from __future__ import annotations

import statistics
import time

import pytest

from m3desk.assets import sample_files
from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.core.forecast import run_fights
from m3desk.core.forecast_by_actions import simulator_of
from m3desk.storage.sheet_files import load_sheet
from tests.benchmarks.test_forecast_responsive_bench import six

GAMES = sorted(s.id for s in registry.systems() if s.positions.kind == "distance")
TARGET_S = 0.4


def _crowd(game: str, count: int) -> core.Encounter:
    system = registry.get(game)
    assert system.encounter is not None
    spec = next(d for d in system.documents if d.kind == "encounter")
    encounter = spec.model(name="Crowd")
    sheets = [load_sheet(path).model for path in sample_files(game)]
    for number in range(count):
        encounter = core.join(encounter, system.encounter.make_combatant(
            sheets[number % len(sheets)], "Party" if number % 2 == 0 else "Monsters"))
    return encounter


def _per_fight(encounter: core.Encounter, simulate: object, fights: int) -> float:
    run_fights(encounter, simulate, fights=1, seed=1)  # type: ignore[arg-type]
    times = []
    for start in range(1, 1 + fights):
        began = time.thread_time()
        run_fights(encounter, simulate, fights=1, seed=1, start=start)  # type: ignore[arg-type]
        times.append(time.thread_time() - began)
    return statistics.median(times)


@pytest.mark.parametrize("game", GAMES)
def test_a_fight_per_size(game: str) -> None:
    simulate = simulator_of(registry.get(game))
    assert simulate is not None
    baseline = _per_fight(six(game), simulate, 50)
    found = {count: _per_fight(_crowd(game, count), simulate, 5 if count > 50 else 10)
             for count in (50, 200)}
    print(f"\n{game} forecast per fight (CPU): six {baseline * 1000:.2f} ms; " + "; ".join(
        f"{count}: {value * 1000:.0f} ms ({value / baseline:.0f}×)"
        for count, value in found.items()))
    assert found[200] < TARGET_S
