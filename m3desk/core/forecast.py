"""The fight forecast: play an encounter from its current state many times with the game's
own rules, and say how it tends to go.

A game offers ``EncounterRules.simulate``: one whole fight from the encounter as it stands,
played by a stated, simple policy (:class:`Policy`), its dice drawn from the ``random.Random``
it is handed, returning a :class:`FightResult`. The core runs it ``fights`` times, each fight
on its own seeded stream (fight *i* of seed *s* is the same whatever else runs), and sums the
results up with standard errors. Nothing here names a game.

The work has a budget: :func:`batches` plays the fights in batches sized by time (each about
:data:`BATCH_SECONDS`, whatever one fight costs), adding each result into a :class:`Tally`
as it comes, so memory does not grow with the number of fights; :func:`fight_limit` bounds
the fights by the encounter's size. The dialog runs the batches in a worker process
(:mod:`m3desk.forecast_worker`), the CLI in its own loop with a progress line.
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Literal, NamedTuple, TypeVar

if TYPE_CHECKING:
    from m3desk.core.encounter import Encounter

__all__ = [
    "BATCH_SECONDS",
    "MAX_COMBATANT_FIGHTS",
    "MAX_FIGHTS",
    "FightResult",
    "Forecast",
    "Policy",
    "PreparedOnce",
    "Simulate",
    "Tally",
    "batches",
    "fight_limit",
    "forecast",
    "no_fight",
    "play_and_send",
    "policy_key",
    "policy_weight",
    "run_fights",
    "stream",
    "summarise",
]

MAX_FIGHTS = 1_000_000
"""The most fights one forecast plays (a million: ±0.05 % on a share; more tells nothing)."""
MAX_COMBATANT_FIGHTS = 20_000_000
"""The most fights × combatants one forecast plays: 200,000 fights of 100, 100,000 of 200 (a
fight's cost grows with its combatants; this keeps the biggest forecast to minutes)."""
BATCH_SECONDS = 0.05
"""A batch's wall-time target: the progress and the plots move, Stop and Ctrl+C act."""

Target = Literal["nearest", "weakest", "strongest"]


HP_WEIGHT = 1 << 24
"""More than any distance a game measures (a board's farthest is a few hundred feet)."""


def policy_weight(how: Target) -> int:
    """What a hit point left weighs in :func:`policy_key` (a simulator's hot loop reads it
    once and adds ``feet + hp × weight`` itself)."""
    return HP_WEIGHT if how == "weakest" else -HP_WEIGHT if how == "strongest" else 0


def policy_key(how: Target, hp: int, feet: int) -> int:
    """The order in which the policy prefers a foe (lowest first; the lower index then):
    the nearest; the one with the fewest hit points left, nearest first among equals; the
    one with the most, nearest first among equals."""
    return feet + hp * policy_weight(how)


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


_Key = TypeVar("_Key")
_Prepared = TypeVar("_Prepared")


class PreparedOnce(Generic[_Key, _Prepared]):
    """A simulator's precomputation of the last few encounter objects, by identity: one
    policy for every game's forecast (the runner hands each fight the same object, and a
    frozen model is the same fight as long as it is the same object; holding it keeps its
    id from being reused). The most recent first; the oldest is dropped past ``size``."""

    def __init__(self, prepare: Callable[[_Key], _Prepared], size: int = 4) -> None:
        self._prepare = prepare
        self.size = size
        self._kept: list[tuple[_Key, _Prepared]] = []

    def __call__(self, encounter: _Key) -> _Prepared:
        kept = self._kept
        for held, values in kept:
            if held is encounter:
                return values
        values = self._prepare(encounter)
        self._kept = [(encounter, values), *kept][: self.size]
        return values

    def __len__(self) -> int:
        return len(self._kept)

    def clear(self) -> None:
        self._kept = []


def stream(seed: int, fight: int) -> random.Random:
    """Fight ``fight``'s own dice: the same for the same seed, whatever ran before."""
    return random.Random(seed * 1_000_003 + fight)


def run_fights(
    encounter: Encounter,
    simulate: Simulate,
    *,
    fights: int,
    seed: int,
    policy: Policy = Policy(),  # noqa: B008
    start: int = 0,
) -> list[FightResult]:
    """Fights ``start`` … ``start + fights − 1`` of this seed (the UI runs them in chunks)."""
    return [
        simulate(encounter, stream(seed, number), policy) for number in range(start, start + fights)
    ]


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
    """Each combatant's mean hit points left at the end (a fight it ends below 0 counts 0)."""


class Tally:
    """Fights added up as they come, in memory that does not grow with their number: counts
    by side, by round, by combatant, and sums of hit points."""

    __slots__ = ("_down", "_fled", "_hp", "_ids", "_rounds", "_sides", "_winners", "fights")

    def __init__(self, sides: Iterable[str], combatants: Iterable[str]) -> None:
        self._sides = list(sides)
        self._ids = list(combatants)
        self.fights = 0
        self._winners: Counter[str | None] = Counter()
        self._rounds: Counter[int] = Counter()
        self._down: Counter[str] = Counter()
        self._fled: Counter[str] = Counter()
        self._hp: dict[str, int] = dict.fromkeys(self._ids, 0)

    def add(self, result: FightResult) -> None:
        self.fights += 1
        self._winners[result.winner] += 1
        self._rounds[result.rounds] += 1
        self._down.update(result.down)
        if result.fled:
            self._fled.update(result.fled)
        hp, points = self._hp, result.hit_points
        for i in self._ids:
            # Hit points left are never fewer than none: a goblin at −1 has 0 left, and the
            # mean must not fall below what a living creature can have.
            hp[i] += max(points.get(i, 0), 0)

    def forecast(self) -> Forecast:
        """What the fights so far say."""
        total = self.fights
        rounds = self._rounds
        ids = self._ids
        return Forecast(
            fights=total,
            wins={side: _share(self._winners[side], total) for side in self._sides},
            stalemate=_share(self._winners[None], total),
            rounds=dict(sorted(rounds.items())),
            mean_rounds=sum(r * n for r, n in rounds.items()) / total if total else 0.0,
            down={i: _share(self._down[i], total) for i in ids},
            fled={i: _share(self._fled[i], total) for i in ids},
            hit_points={i: self._hp[i] / total if total else 0.0 for i in ids},
        )


def summarise(
    results: Iterable[FightResult], sides: Iterable[str], combatants: Iterable[str]
) -> Forecast:
    """Add the fights up (the CLI, the dialog and the tests read the same numbers)."""
    tally = Tally(sides, combatants)
    for result in results:
        tally.add(result)
    return tally.forecast()


def no_fight(encounter: Encounter) -> str | None:
    """Why there is nothing to forecast (None: there is a fight): fewer than two sides, or
    at most one side with anyone still in the fight."""
    sides = {c.side for c in encounter.combatants}
    if len(sides) < 2:
        return "The encounter needs combatants on two sides."
    standing = {c.side for c in encounter.combatants if not encounter.out_of_fight(c)}
    if not standing:
        return "Everyone is already down: there is no fight to forecast."
    if len(standing) < 2:
        side = next(iter(standing))
        return f"Only {side} left standing: there is no fight to forecast."
    return None


def fight_limit(encounter: Encounter) -> int:
    """The most fights this encounter may be played (:data:`MAX_FIGHTS`, fewer for a big
    one: :data:`MAX_COMBATANT_FIGHTS` over its combatants)."""
    size = max(len(encounter.combatants), 1)
    return max(1, min(MAX_FIGHTS, MAX_COMBATANT_FIGHTS // size))


def batches(
    encounter: Encounter,
    simulate: Simulate,
    *,
    fights: int,
    seed: int,
    policy: Policy = Policy(),  # noqa: B008
    seconds: float = BATCH_SECONDS,
    clock: Callable[[], float] = time.perf_counter,
    tally: Tally | None = None,
) -> Iterator[Tally]:
    """Play the fights in batches of about ``seconds`` each, adding them into one tally, and
    yield it after every batch (its ``fights`` is the count so far). The first batch is one
    fight; each next one is sized from the pace so far. Fight *i* is the same fight however
    the batches fall, so the result does not depend on the machine's speed. Stop early by
    not asking for the next batch."""
    if tally is None:
        tally = Tally(encounter.sides, [c.id for c in encounter.combatants])
    done = tally.fights
    size = 1
    while done < fights:
        count = min(size, fights - done)
        began = clock()
        for number in range(done, done + count):
            tally.add(simulate(encounter, stream(seed, number), policy))
        spent = clock() - began
        done += count
        yield tally
        pace = spent / count if spent > 0 else 0.0
        size = max(1, min(size * 4, int(seconds / pace) if pace else size * 4))


def forecast(
    encounter: Encounter,
    simulate: Simulate,
    *,
    fights: int = 1000,
    seed: int = 1,
    policy: Policy = Policy(),  # noqa: B008
) -> Forecast:
    """Play the encounter ``fights`` times from where it stands and sum the results up."""
    tally = Tally(encounter.sides, [c.id for c in encounter.combatants])
    for _ in batches(encounter, simulate, fights=fights, seed=seed, policy=policy, tally=tally):
        pass
    return tally.forecast()


def play_and_send(
    send: Callable[[tuple[str, Any]], None],
    encounter: Encounter,
    simulate: Simulate,
    fights: int,
    seed: int,
    policy: Policy,
    every: float,
) -> None:
    """A worker's whole job (the dialog runs it in a process of its own): play the fights in
    timed batches, ``send`` ``("progress", forecast)`` at most every ``every`` seconds and
    ``("done", forecast)`` at the end, or ``("error", sentence)`` if the simulator fails."""
    try:
        tally = Tally(encounter.sides, [c.id for c in encounter.combatants])
        shown = time.monotonic()
        for _ in batches(encounter, simulate, fights=fights, seed=seed, policy=policy, tally=tally):
            if tally.fights < fights and time.monotonic() - shown >= every:
                shown = time.monotonic()
                send(("progress", tally.forecast()))
        send(("done", tally.forecast()))
    except Exception as error:
        send(("error", f"The simulator failed: {type(error).__name__}: {error}"))
