"""Forecast per fight at 6, 50 and 200 combatants on the map, in every game that measures
distance (issue 30: 8-19 s a fight at 200).

The crowds are each game's samples cycled, alternately on two sides, in their starting
formation. The baseline, measured in the same run, is one fight of the game's six of the
forecast benchmarks; the ratios say how a fight's cost grows with its combatants (n log n
from 6 to 200 would be about 100×; the whole n × n table of distances kept after every move
costs a little more; a fight of at most ``forecast_space.TABLE`` keeps that table, cheaper
there than the index, so growth is measured on the index at both sizes). The target: a
fight of 200 in at most 0.2 s on the reference machine; here, loaded, the bound checked is
twice that.

How it is measured, so that a loaded machine does not fail it (the bounds are not loosened;
only the noise is taken out of what is compared with them):

- on this thread's CPU time (``time.thread_time``): on a shared machine wall time measures
  the neighbours too;
- the same fights every time: each size plays fixed seeds (fight ``start`` of seed 1), so
  each repeat of a fight does the very same work;
- the sizes interleaved fight by fight (six, 50, 200, six, 50, 200 … and the other way round
  on the next repeat), so a burst of load falls on all of them alike, not on one size;
- each fight's cost is the least of its repeats: the same work can only be made dearer by
  the neighbours (their cache misses, a shared core), never cheaper, so the least is the
  fight's own cost, and the one nearest to what it costs on a quiet machine;
- per fight, the median of the fights; per round, the median of the fights' costs each
  divided by the rounds it played (a fight of 200 plays more rounds: its rear ranks walk in
  first).

Both tests read one measurement per game (:func:`_measured`), so a game's fights are played
once for the two checks.

What this cannot take out: at a load of 7-10 on two cores the CPU time of the very same
fight still varies by 10-80 % from one play to the next, in spells of several seconds, and a
fight of 200 (its larger working set) suffers more than one of 50; a ratio that sits near
its bound (AD&D's and Apparatus's rounds, 7.5-8.5× here) can then fall on either side of
it. The bounds stay: they are the issue's, and such a ratio is the code's, not the noise's
(AD&D's first four rounds, both sizes playing the same four, grow 9.5×).
"""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass
from functools import cache

import pytest

from m3desk.assets import sample_files
from m3desk.core import encounter as core
from m3desk.core import forecast_space, registry
from m3desk.core.forecast import Simulate, run_fights
from m3desk.core.forecast_by_actions import simulator_of
from m3desk.storage.sheet_files import load_sheet
from tests.benchmarks.test_forecast_responsive_bench import six

GAMES = sorted(s.id for s in registry.systems() if s.positions.kind == "distance")
TARGET_S = 0.4
GROWTH = 8.0
"""A round of 200 costs at most this many rounds of 50, both on the spatial index (n log n:
about 5.4; n²: 16)."""
INDEXED = -50
"""The crowd of 50 played on the spatial index (the plain scan switched off for it): a
fight of 50 is played on its table of distances as shipped (``forecast_space.TABLE``, the
cheaper there), a fight of 200 on the index, and growth is the index's own, measured on one
algorithm at both sizes."""
SEEDS = {6: 8, 50: 8, INDEXED: 8, 200: 5}
"""How many fixed fights each size plays (fights 1 … n of seed 1). A round's cost differs
from fight to fight by up to twice (how many still stand, how many walk), so several fights
of each size, not one or two, make the ratio the game's rather than a seed's; their median
also sets aside a fight that load made dearer in both its repeats."""
REPEATS = 3
"""How many times each fight is played; its least CPU time is its cost (the first play of
the first fight, which fills the caches, is thereby no warm-up of its own: the next one is
warm)."""


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


def _size(count: int) -> int:
    return 50 if count == INDEXED else count


@dataclass(frozen=True)
class Measured:
    """One game's fights at each size: the least CPU time of each fixed fight over the
    repeats, and the rounds each played."""

    seconds: dict[int, list[float]]
    rounds: dict[int, list[int]]

    def per_fight(self, count: int) -> float:
        return statistics.median(self.seconds[count])

    def per_round(self, count: int) -> float:
        return statistics.median(
            spent / max(1, rounds)
            for spent, rounds in zip(self.seconds[count], self.rounds[count], strict=True)
        )


def _cpu(encounter: core.Encounter, simulate: Simulate, start: int) -> tuple[float, int]:
    """One fight's CPU time on this thread, and the rounds it played."""
    began = time.thread_time()
    result = run_fights(encounter, simulate, fights=1, seed=1, start=start)[0]
    return time.thread_time() - began, result.rounds


def _schedule(repeat: int) -> list[tuple[int, int]]:
    """The (size, fight) pairs of one repeat, interleaved: each size's next fight in turn,
    the sizes in the other order on every other repeat."""
    sizes = sorted(SEEDS) if repeat % 2 == 0 else sorted(SEEDS, reverse=True)
    return [
        (count, start)
        for start in range(1, 1 + max(SEEDS.values()))
        for count in sizes
        if start <= SEEDS[count]
    ]


@cache
def _measured(game: str) -> Measured:
    simulate = simulator_of(registry.get(game))
    assert simulate is not None
    crowds = {count: six(game) if count == 6 else _crowd(game, _size(count)) for count in SEEDS}
    seconds = {count: [float("inf")] * fights for count, fights in SEEDS.items()}
    rounds = {count: [0] * fights for count, fights in SEEDS.items()}
    table = forecast_space.TABLE
    for repeat in range(REPEATS):
        for count, start in _schedule(repeat):
            # the plain scan switched off for the whole of the INDEXED crowd's fights
            forecast_space.TABLE = 0 if count == INDEXED else table
            try:
                spent, played = _cpu(crowds[count], simulate, start)
            finally:
                forecast_space.TABLE = table
            seconds[count][start - 1] = min(seconds[count][start - 1], spent)
            rounds[count][start - 1] = played
    return Measured(seconds, rounds)


@pytest.mark.parametrize("game", GAMES)
def test_a_fight_per_size(game: str) -> None:
    """A fight of 200 costs at most :data:`TARGET_S` of CPU (the median of the fixed
    fights, each at its least over the repeats)."""
    found = _measured(game)
    baseline = found.per_fight(6)
    print(
        f"\n{game} forecast per fight (CPU): six {baseline * 1000:.2f} ms; "
        + "; ".join(
            f"{count}: {found.per_fight(count) * 1000:.0f} ms "
            f"({found.per_fight(count) / baseline:.0f}×)"
            for count in (50, 200)
        )
    )
    assert found.per_fight(200) < TARGET_S


@pytest.mark.parametrize("game", GAMES)
def test_a_fight_grows_as_n_log_n(game: str) -> None:
    """From 50 to 200 combatants a round of a fight costs at most :data:`GROWTH` times as
    much (issue 30: a scan of everyone per step made a fight 15-40 times dearer), in CPU
    time measured in the same run, both on the spatial index (a fight of 50 as shipped
    keeps its table of distances, cheaper still: printed beside). Every game's simulator is
    held to it: its own, or the one played through its actions."""
    found = _measured(game)
    fifty, two_hundred = found.per_round(INDEXED), found.per_round(200)
    print(
        f"\n{game} forecast per round on the index, 50 -> 200: {fifty * 1000:.2f} ms -> "
        f"{two_hundred * 1000:.2f} ms ({two_hundred / fifty:.1f}×); 50 on its table "
        f"{found.per_round(50) * 1000:.2f} ms"
    )
    assert two_hundred / fifty < GROWTH
