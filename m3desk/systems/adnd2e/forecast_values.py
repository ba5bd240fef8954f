"""What the AD&D 2e forecast reads from an encounter once, as plain values (its attack rows,
missile segments, the encounter by combatant index) and the missile count memoised on small
ints: shared by the reading (:mod:`~m3desk.systems.adnd2e.forecast`) and the fight
(:mod:`~m3desk.systems.adnd2e.forecast_fight`)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING, NamedTuple

from m3desk.core.forecast_space import Foes
from m3desk.core.places import Plane
from m3desk.systems.adnd2e.movement import end_round_credit, fire_credit

if TYPE_CHECKING:
    from m3desk.systems.adnd2e.option_rules import AttackRule, DeathRule

__all__ = [
    "Arms",
    "Prepared",
    "Row",
    "Segment",
    "Sight",
    "after_volley",
    "rate_id",
    "segment_at",
    "state_id",
    "volley",
]


class Row(NamedTuple):
    """One attack roll as the loop plays it: hit on a natural d20 ≥ ``threshold``, then
    ``number``d``sides`` + ``bonus`` damage, at least 1."""

    threshold: int
    number: int
    sides: int
    bonus: int
    mean: float
    hold: float = 0.0
    """The chance a roll's effect takes hold (hit × failed save): the policy's weight of it."""
    fail: float = 0.0
    """The chance the target fails its save against a hit's effect."""
    kind: int = 0
    """What a failed save does: 0 nothing played, 1 out of the fight, 2 dead."""
    harm: bool = True
    """A hit deals damage (False: a paralysing touch deals none)."""


Segment = tuple[int, Row | None, int]
"""Up to how many feet, the best missile row there (None: no shot), the rate's small id."""

Sight = tuple[int, Callable[[int, int], object], int]
"""(closing feet, whether a foe at some feet is in reach this round, how far to look)."""


class Arms(NamedTuple):
    """Every attack the fight can make, by attacker and target, under a set of conditions."""

    melee: tuple[tuple[tuple[Row, ...] | None, ...], ...]
    fire: tuple[tuple[tuple[Segment, ...], ...], ...]
    rear: tuple[tuple[tuple[Row, ...] | None, ...], ...]
    ranged_stay: tuple[tuple[int, ...], ...]
    ranged_only: tuple[tuple[int, ...], ...]
    bound: tuple[bool, ...]
    farthest_stay: tuple[int, ...]
    """Each one's farthest shot at anyone, by ``ranged_stay`` (beyond it only a closing
    reaches)."""
    farthest_only: tuple[int, ...]
    """The same by ``ranged_only``."""


class Prepared(NamedTuple):
    """An encounter read into plain values, by combatant index."""

    ids: tuple[str, ...]
    sides: tuple[int, ...]
    side_names: tuple[str, ...]
    hp: tuple[int, ...]
    max_hp: tuple[int, ...]
    out: tuple[bool, ...]
    fallen: tuple[bool, ...]
    """Who is down as the fight begins (:func:`combat.down` of the hit points)."""
    monster: tuple[bool, ...]
    morale: tuple[int, ...]
    bound: tuple[bool, ...]
    foes: tuple[tuple[int, ...], ...]
    close: tuple[int, ...]
    move: tuple[int, ...]
    moved: tuple[int, ...]
    melee: tuple[tuple[tuple[Row, ...] | None, ...], ...]
    """melee[a][t]: the rows a strikes t with in a round (None: not a foe, or no melee)."""
    fire: tuple[tuple[tuple[Segment, ...], ...], ...]
    """fire[a][t]: a's bows, crossbows, slings and darts against t, as distance segments
    (the best weapon in each, by damage a round)."""
    ranged_stay: tuple[tuple[int, ...], ...]
    """ranged_stay[a][t]: the farthest a shoots at t (0: cannot)."""
    ranged_only: tuple[tuple[int, ...], ...]
    """The same for a combatant with no melee attack on t (it shoots even when told to
    close)."""
    arms: Arms
    """The attacks above, as one value (the fight's first round reads them)."""
    monsters: tuple[tuple[int, ...], ...]
    """By side: its monsters (who check morale)."""
    alive: tuple[int, ...]
    """By side: how many stand."""
    stage: tuple[int, ...]
    """By side: the morale trigger already past (:func:`combat.morale_trigger`): the fight
    starts with what the table has reached (the tracker prompts for checks still owed)."""
    rear: tuple[tuple[tuple[Row, ...] | None, ...], ...]
    """rear[a][t]: a's free attacks at t's back as t flees."""
    initiative: tuple[tuple[int, int, int, int], ...]
    """Each combatant's initiative modifiers for attack, close, fire, move."""
    credit: tuple[int, ...]
    """Each one's missile count, by its small id."""
    individual: bool
    death: DeathRule
    """When the fallen die, and whether they bleed (:func:`option_rules.death_rule`)."""
    critical: AttackRule
    """The table's attack roll, its critical hits included (:func:`option_rules.attack_rule`)."""
    later: tuple[tuple[int, Arms], ...]
    """The attacks again from the round (1 = the fight's first) in which timed conditions
    have run out, as the tracker's round end counts them down."""
    plane: Plane
    """Where everyone stands (the fight moves copies)."""
    orders: dict[tuple[tuple[int, int], ...], list[list[int]]]
    """Round orders already worked out (:func:`combat.initiative_order`), by the counts."""
    partial: tuple[tuple[int, ...], ...]
    """The rest of the current round when the encounter stands mid-round: counts of indices."""
    surprise: int | None
    """The side index acting alone in a surprise round still to come."""
    starts: dict[str, Foes]
    """The spatial index as the fight begins, by the policy's target (each fight copies
    it: the distances are measured once)."""
    sights: dict[tuple[int, bool], list[Sight]]
    """Each one's test of who is in reach at its full closing (``Fight.sight``), by the
    attacks in force (the :class:`Arms`' ``id``: it lives as long as these values) and
    whether those told to close stay and shoot: made once, read by every fight."""


def segment_at(segments: tuple[Segment, ...], feet: int) -> Segment | None:
    for segment in segments:
        if feet <= segment[0]:
            return segment
    return None


# -- the missile count, memoised on small ints ------------------------------------------------

_STATES: list[Fraction | None] = [None]
_STATE_IDS: dict[Fraction | None, int] = {None: 0}
_RATES: list[Fraction] = []
_RATE_IDS: dict[Fraction, int] = {}
_VOLLEY: dict[tuple[int, int], tuple[int, Fraction]] = {}
_AFTER: dict[tuple[int, int, int], int] = {}


_NAMING = threading.Lock()
"""Names are handed out once (a forecast may run on a worker thread)."""


def state_id(credit: Fraction | None) -> int:
    """A missile count's small-int name (0: loaded, never fired)."""
    found = _STATE_IDS.get(credit)
    if found is None:
        with _NAMING:
            found = _STATE_IDS.get(credit)
            if found is None:
                _STATES.append(credit)
                found = _STATE_IDS[credit] = len(_STATES) - 1
    return found


def rate_id(rate: Fraction) -> int:
    found = _RATE_IDS.get(rate)
    if found is None:
        with _NAMING:
            found = _RATE_IDS.get(rate)
            if found is None:
                _RATES.append(rate)
                found = _RATE_IDS[rate] = len(_RATES) - 1
    return found


def volley(state: int, rate: int) -> tuple[int, Fraction]:
    """A standing round of fire: the shots the package's count allows, and the count."""
    key = (state, rate)
    found = _VOLLEY.get(key)
    if found is None:
        count = fire_credit(_STATES[state], _RATES[rate])
        found = _VOLLEY[key] = (count.shots, count.credit)
    return found


def after_volley(state: int, rate: int, taken: int) -> int:
    """The count kept into the next round after ``taken`` shots."""
    key = (state, rate, taken)
    found = _AFTER.get(key)
    if found is None:
        _shots, credit = volley(state, rate)
        found = _AFTER[key] = state_id(end_round_credit(credit - taken, _RATES[rate]))
    return found


# -- the fight ------------------------------------------------------------------------------
