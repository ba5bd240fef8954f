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
GROWTH = 8.0
"""A round of 200 costs at most this many rounds of 50 (n log n: about 5.4; n²: 16)."""


def _crowd(game: str, count: int) -> core.Encounter:
    system = registry.get(game)
    assert system.encounter is not None
    spec = next(d for d in system.documents if d.kind == "encounter")
    encounter = spec.model(name="Crowd")
    sheets = [load_sheet(path).model for path in sample_files(game)]
    for number in range(count):
        encounter = core.join(
            encounter,
            system.encounter.make_combatant(
                sheets[number % len(sheets)], "Party" if number % 2 == 0 else "Monsters"
            ),
        )
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
    found = {
        count: _per_fight(_crowd(game, count), simulate, 5 if count > 50 else 10)
        for count in (50, 200)
    }
    print(
        f"\n{game} forecast per fight (CPU): six {baseline * 1000:.2f} ms; "
        + "; ".join(
            f"{count}: {value * 1000:.0f} ms ({value / baseline:.0f}×)"
            for count, value in found.items()
        )
    )
    assert found[200] < TARGET_S


def _per_round(encounter: core.Encounter, simulate: object, fights: int) -> float:
    """CPU time per round played (median of fights): a crowd of 200 stands in columns
    twice as deep as one of 50 and fights more rounds (its rear ranks walk in), which is the
    fight, not the simulator's cost."""
    run_fights(encounter, simulate, fights=1, seed=1)  # type: ignore[arg-type]
    times = []
    for start in range(1, 1 + fights):
        began = time.thread_time()
        result = run_fights(
            encounter,
            simulate,
            fights=1,
            seed=1,  # type: ignore[arg-type]
            start=start,
        )[0]
        times.append((time.thread_time() - began) / max(1, result.rounds))
    return statistics.median(times)


@pytest.mark.parametrize("game", GAMES)
def test_a_fight_grows_as_n_log_n(game: str) -> None:
    """From 50 to 200 combatants a round of a fight costs at most :data:`GROWTH` times as
    much (issue 30: a scan of everyone per step made a fight 15-40 times dearer), in CPU
    time measured in the same run. Every game's simulator is held to it: its own, or the
    one played through its actions."""
    simulate = simulator_of(registry.get(game))
    assert simulate is not None
    fifty = _per_round(_crowd(game, 50), simulate, 10)
    two_hundred = _per_round(_crowd(game, 200), simulate, 5)
    print(
        f"\n{game} forecast per round, 50 -> 200: {fifty * 1000:.2f} ms -> "
        f"{two_hundred * 1000:.2f} ms ({two_hundred / fifty:.1f}×)"
    )
    assert two_hundred / fifty < GROWTH
