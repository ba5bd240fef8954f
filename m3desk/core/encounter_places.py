"""Where the combatants of an encounter stand, changed: a band per pair in a game of bands,
a place on the plane in a game of distances (see :mod:`m3desk.core.places`); the sides set
apart at the start, a pair set or nudged to a distance, a mover closing on a target."""

from __future__ import annotations

import threading
from itertools import compress
from operator import is_not
from typing import TypeVar

from m3desk.core.encounter_model import (
    Encounter,
    add_log,
    free_slot,
    pair_key,
    position_between,
    side_index,
    start_gap,
)
from m3desk.core.places import FAR, Place, Spots, free_spot, slot_place, toward
from m3desk.core.places_fit import fit

E = TypeVar("E", bound="Encounter")


def foes_within(
    encounter: Encounter, combatant_id: str, reach: float, *, at: Place | None = None
) -> list[str]:
    """Who the combatant is in melee with: the ids of those of other sides, still in the
    fight, at most ``reach`` from it by the game's metric (from ``at`` where it would stand,
    if given), nearest first. A game of bands has no places: nobody."""
    here = at if at is not None else encounter.places.get(combatant_id)
    if here is None:
        return []
    side = encounter.combatant(combatant_id).side
    model = encounter.position_model
    # Every metric is at least the largest of |dx|, |dy|, |dz|: most are rejected by that.
    near = reach + model.step
    places = encounter.places
    found: list[tuple[int, str]] = []
    for other in encounter.combatants:
        there = places.get(other.id)
        if (
            there is None
            or other.side == side
            or abs(there.x - here.x) > near
            or abs(there.y - here.y) > near
            or abs(there.z - here.z) > near
            or other.id == combatant_id
        ):
            continue
        distance = model.measure(here, there)
        if distance <= reach and not encounter.out_of_fight(other):
            found.append((distance, other.id))
    return [other_id for _distance, other_id in sorted(found)]


def move_to(encounter: E, combatant_id: str, place: Place) -> E:
    """Put a combatant at a place (a game of distances); every distance to it follows."""
    encounter.combatant(combatant_id)
    return encounter.model_copy(update={"places": {**encounter.places, combatant_id: place}})


def arrange(encounter: E, apart: int) -> E:
    """Everyone back in their side's starting group, the sides ``apart`` from each other
    (the nearest members of two sides; at most the board's farthest)."""
    model = encounter.position_model
    if model.kind != "distance":
        raise ValueError("only a game that measures distance places its combatants")
    apart = model.snap(apart)
    gap = start_gap(model)
    slots: dict[str, int] = {}
    places = {}
    for combatant in encounter.combatants:
        index, count = side_index(encounter, combatant.side)
        slot = slots.get(combatant.side, 0)
        slots[combatant.side] = slot + 1
        places[combatant.id] = slot_place(index, count, slot, apart, gap)
    return encounter.model_copy(update={"places": places})


def sides_apart(encounter: Encounter) -> int | None:
    """How far apart the sides stand: the distance between the nearest two combatants of
    different sides (None while fewer than two sides have a place)."""
    model = encounter.position_model
    placed = [
        (c.side, encounter.places[c.id]) for c in encounter.combatants if c.id in encounter.places
    ]
    found = [
        model.measure(a, b)
        for i, (side_a, a) in enumerate(placed)
        for side_b, b in placed[i + 1 :]
        if side_a != side_b
    ]
    return min(found) if found else None


def sides_apart_text(encounter: Encounter) -> str:
    """ "the sides are 35 ft apart" (what a starting-distance step shows), or ""."""
    apart = sides_apart(encounter)
    return "" if apart is None else f"the sides are {encounter.position_model.label(apart)} apart"


def start_apart(encounter: E, apart: int, text: str) -> E:
    """A set-up step's starting distance: everyone back in their side's group, the sides
    ``apart`` (at most the board's farthest), and ``text`` logged, with the distance the
    board shows when it is shorter than the one rolled."""
    shown = min(apart, encounter.position_model.maximum)
    if shown < apart:
        text += f"; the board shows its farthest, {encounter.position_model.label(shown)}"
    return add_log(arrange(encounter, shown), text)


def place_at_distances(encounter: E, distances: dict[tuple[str, str], int]) -> E:
    """Everyone named in ``distances`` (pairs of ids) placed anew so that those pairs stand
    that far apart, as well as places can (read the distances back to see); the others
    keep their places. A scene described by its distances: a test, a fight set up by hand."""
    ids = list(dict.fromkeys(i for pair in distances for i in pair))
    for combatant_id in ids:
        encounter.combatant(combatant_id)
    fitted = fit(
        encounter.position_model, ids, {pair: float(value) for pair, value in distances.items()}
    )
    return encounter.model_copy(update={"places": {**encounter.places, **fitted}})


def set_position(
    encounter: E,
    a: str,
    b: str,
    value: int,
    *,
    reason: str = "",
    log: bool = True,
    mover: str | None = None,
) -> E:
    """Set how far apart a pair is; ``log=False`` when the caller writes its own log entry.

    In a game of distances one of the two moves along the line through both until they are
    ``value`` apart: ``mover``, by default ``a`` (the one acting: the charger, the one who
    withdraws, the token dragged). Every other distance to the mover follows its place."""
    model = encounter.position_model
    value = model.snap(value)
    if model.kind == "distance":
        moving = a if mover is None else mover
        if moving not in (a, b):
            raise ValueError("the mover must be one of the pair")
        anchor = b if moving == a else a
        after = _moved_to_distance(encounter, moving, anchor, value)
    else:
        positions = dict(encounter.positions)
        positions[pair_key(a, b)] = value
        after = encounter.model_copy(update={"positions": positions})
    if not log:
        return after
    text = (
        f"{encounter.combatant(a).name} ↔ {encounter.combatant(b).name}: "
        f"{model.label(value)}" + (f" ({reason})" if reason else "")
    )
    return add_log(after, text, actor=a, target=b)


def _moved_to_distance(encounter: E, moving: str, anchor: str, value: int) -> E:
    model = encounter.position_model
    pair_key(moving, anchor)
    here, there = encounter.places.get(moving), encounter.places.get(anchor)
    if there is None:
        there = free_slot(encounter, dict(encounter.places), encounter.combatant(anchor).side)
    if here is None:
        here = there
    # A mover standing on the other leaves toward its own side's starting group.
    mine, count = side_index(encounter, encounter.combatant(moving).side)
    theirs, _count = side_index(encounter, encounter.combatant(anchor).side)
    home = slot_place(mine, count, 0, model.starting_distance, 0.0)
    away = slot_place(theirs, count, 0, model.starting_distance, 0.0)
    fallback = (home.x - away.x, home.y - away.y) if mine != theirs else (0.0, 1.0)
    place = toward(model, here, there, value, fallback=fallback)
    places = {**encounter.places, anchor: there, moving: place}
    return encounter.model_copy(update={"places": places})


def closing_place(
    encounter: Encounter, mover: str, target: str, value: float, budget: float | None = None
) -> Place:
    """Where ``mover`` stops closing on ``target`` until ``value`` apart (the action dialog's
    "move toward", a charge's walk in before the blow): the spot on the line, or, when
    someone still in the fight stands there, the free spot around ``target`` that
    :func:`~m3desk.core.places.free_spot` gives the forecasts too (within ``budget`` of the
    mover)."""
    model = encounter.position_model
    here, there = encounter.places[mover], encounter.places[target]
    standing = _standing(encounter)
    asked = (mover, target, value, budget)
    if standing.asked == asked:
        return standing.found  # the dialog's preview, then its resolve: asked twice
    first = toward(model, here, there, value)
    x, y, z = free_spot(
        model,
        standing.index[mover],
        standing.index[target],
        (first.x, first.y, first.z),
        standing.xs,
        standing.ys,
        standing.zs,
        standing.gone,
        budget,
        standing.spots,
    )
    standing.asked, standing.found = asked, Place.at(x, y, z)
    return standing.found


_NOWHERE = 8 * FAR
"""Where an unplaced combatant is put among the spots: beyond any place, never in the way."""


class _Standing:
    """Who stands where in one encounter, as :func:`free_spot` reads it (by roster index;
    one without a place, or out of the fight, is ``gone``), with its :class:`Spots`. Kept
    for the last encounter seen and brought up to date from what the next one changed (a
    frozen model keeps, by identity, the combatants and places it did not change): a fight
    played step by step (the forecast through the game's actions) pays for the few who
    moved or fell, not for a rebuild of everyone at each stride."""

    __slots__ = (
        "asked",
        "combatants",
        "found",
        "gone",
        "index",
        "kind",
        "model",
        "places",
        "spots",
        "xs",
        "ys",
        "zs",
    )

    def __init__(self, encounter: Encounter) -> None:
        self.kind = type(encounter)
        self.model = model = encounter.position_model
        self.combatants = combatants = encounter.combatants
        self.places = places = encounter.places
        self.index = {c.id: i for i, c in enumerate(combatants)}
        self.xs: list[float] = []
        self.ys: list[float] = []
        self.zs: list[float] = []
        self.gone: list[bool] = []
        for c in combatants:
            place = places.get(c.id)
            if place is None:
                self.xs.append(_NOWHERE)
                self.ys.append(0.0)
                self.zs.append(0.0)
                self.gone.append(True)
            else:
                self.xs.append(place.x)
                self.ys.append(place.y)
                self.zs.append(place.z)
                self.gone.append(encounter.out_of_fight(c))
        self.spots = Spots(float(model.step), self.xs, self.ys)
        self.asked: tuple[str, str, float, float | None] | None = None
        """The last question asked of these places, and its answer."""
        self.found = Place()

    def follow(self, encounter: Encounter) -> bool:
        """Take in what ``encounter`` changed from the last one (False: read it afresh). A
        combatant's ``out_of_fight`` is read again when the combatant changed (it reads the
        combatant alone, in every game)."""
        if type(encounter) is not self.kind or encounter.position_model is not self.model:
            return False
        old, new = self.combatants, encounter.combatants
        places = encounter.places
        moved = places is not self.places
        if moved and (len(places) != len(self.places) or list(places) != list(self.places)):
            return False  # someone placed or taken off the map
        if new is not old:
            if len(new) != len(old):
                return False
            for i in compress(range(len(new)), map(is_not, old, new)):
                if new[i].id != old[i].id:
                    return False
                if new[i].id in places:
                    self.gone[i] = encounter.out_of_fight(new[i])
            self.combatants = new
            self.asked = None
        if moved:
            index, xs, ys, zs, spots = self.index, self.xs, self.ys, self.zs, self.spots
            for cid, place in compress(
                places.items(), map(is_not, self.places.values(), places.values())
            ):
                k = index.get(cid)
                if k is None:
                    return False
                xs[k], ys[k], zs[k] = place.x, place.y, place.z
                spots.move(k, place.x, place.y)
            self.places = places
            self.asked = None
        return True


class _Last(threading.local):
    standing: _Standing | None = None


_LAST = _Last()
"""The last encounter :func:`closing_place` read, per thread."""


def _standing(encounter: Encounter) -> _Standing:
    standing = _LAST.standing
    if standing is None or not standing.follow(encounter):
        standing = _LAST.standing = _Standing(encounter)
    return standing


def nudge_position(run_start: E, a: str, b: str, value: int, *, mover: str | None = None) -> E:
    """A run of nudges of one pair (+/− on the board) as one change from where the run
    started: the position and one log line with the net change ("Hal → Orc: 30 ft →
    50 ft"); nudged back to the start, nothing changed. ``mover`` as in
    :func:`set_position`."""
    model = run_start.position_model
    value = model.snap(value)
    before = position_between(run_start, a, b)
    if value == before:
        return run_start
    after = set_position(run_start, a, b, value, log=False, mover=mover)
    text = (
        f"{run_start.combatant(a).name} → {run_start.combatant(b).name}: "
        f"{model.label(before)} → {model.label(value)}"
    )
    return add_log(after, text, actor=a, target=b)
