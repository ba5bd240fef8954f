"""The fight forecast: play an encounter from its current state many times with the game's
own rules, and say how it tends to go.

A game offers ``EncounterRules.simulate``: one whole fight from the encounter as it stands,
played by a stated, simple policy (:class:`Policy`), its dice drawn from the ``random.Random``
it is handed, returning a :class:`FightResult`. The core runs it ``fights`` times, each fight
on its own seeded stream (fight *i* of seed *s* is the same whatever else runs), and sums the
results up with standard errors. Nothing here names a game.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal, NamedTuple

if TYPE_CHECKING:
    from m3desk.core.encounter import Encounter

__all__ = [
    "FightResult",
    "Forecast",
    "Policy",
    "Simulate",
    "forecast",
    "run_fights",
    "stream",
    "summarise",
]

Target = Literal["nearest", "weakest", "strongest"]


class Policy(NamedTuple):
    """The main choices the simulated combatants make; each game says how it reads them.

    ``target``: whom an attacker picks among the foes it can reach (or closes on):
    the nearest, the one with the fewest hit points left, or the one with the most.
    ``ranged_stay``: a combatant with a missile weapon stays at range and shoots rather than
    closing to melee. ``max_rounds``: a fight still going then is called a stalemate.
    """

    target: Target = "nearest"
    ranged_stay: bool = True
    max_rounds: int = 20


@dataclass(frozen=True, slots=True)
class FightResult:
    """How one simulated fight ended."""

    winner: str | None
    """The side left standing (None: a stalemate at the round limit, or everyone down)."""
    rounds: int
    down: frozenset[str]
    """Ids of the combatants down (dead, unconscious) at the end."""
    fled: frozenset[str] = frozenset()
    """Ids of the combatants who fled or surrendered (morale)."""
    hit_points: Mapping[str, int] = field(default_factory=dict)
    """Each combatant's hit points at the end, by id."""


Simulate = Callable[["Encounter", random.Random, Policy], FightResult]


def stream(seed: int, fight: int) -> random.Random:
    """Fight ``fight``'s own dice: the same for the same seed, whatever ran before."""
    return random.Random(seed * 1_000_003 + fight)


def run_fights(encounter: Encounter, simulate: Simulate, *, fights: int, seed: int,
               policy: Policy = Policy(), start: int = 0) -> list[FightResult]:  # noqa: B008
    """Fights ``start`` … ``start + fights − 1`` of this seed (the UI runs them in chunks)."""
    return [simulate(encounter, stream(seed, number), policy)
            for number in range(start, start + fights)]


@dataclass(frozen=True, slots=True)
class Share:
    """A proportion with its standard error (binomial): ``value ± error``."""

    value: float
    error: float


def _share(hits: int, total: int) -> Share:
    if total <= 0:
        return Share(0.0, 0.0)
    p = hits / total
    return Share(p, math.sqrt(p * (1 - p) / total))


@dataclass(frozen=True, slots=True)
class Forecast:
    """What many fights say: who wins, how long it takes, who is down, hit points left."""

    fights: int
    wins: Mapping[str, Share]
    """Each side's chance to be the one left standing."""
    stalemate: Share
    """Neither side won within the round limit (or both went down)."""
    rounds: Mapping[int, int]
    """How many fights ended after each number of rounds."""
    mean_rounds: float
    down: Mapping[str, Share]
    """Each combatant's chance to be down at the end."""
    fled: Mapping[str, Share]
    hit_points: Mapping[str, float]
    """Each combatant's mean hit points at the end."""


def summarise(results: Iterable[FightResult], sides: Iterable[str],
              combatants: Iterable[str]) -> Forecast:
    """Add the fights up (the CLI, the dialog and the tests read the same numbers)."""
    results = list(results)
    total = len(results)
    winners = Counter(result.winner for result in results)
    rounds = Counter(result.rounds for result in results)
    ids = list(combatants)
    down = Counter(i for result in results for i in result.down)
    fled = Counter(i for result in results for i in result.fled)
    hp_sum: Counter[str] = Counter()
    for result in results:
        hp_sum.update({i: result.hit_points.get(i, 0) for i in ids})
    return Forecast(
        fights=total,
        wins={side: _share(winners[side], total) for side in sides},
        stalemate=_share(winners[None], total),
        rounds=dict(sorted(rounds.items())),
        mean_rounds=sum(r * n for r, n in rounds.items()) / total if total else 0.0,
        down={i: _share(down[i], total) for i in ids},
        fled={i: _share(fled[i], total) for i in ids},
        hit_points={i: hp_sum[i] / total if total else 0.0 for i in ids},
    )


def forecast(encounter: Encounter, simulate: Simulate, *, fights: int = 1000,
             seed: int = 1, policy: Policy = Policy()) -> Forecast:  # noqa: B008
    """Play the encounter ``fights`` times from where it stands and sum the results up."""
    results = run_fights(encounter, simulate, fights=fights, seed=seed, policy=policy)
    return summarise(results, encounter.sides, [c.id for c in encounter.combatants])
