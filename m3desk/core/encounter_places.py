"""Where the combatants of an encounter stand, changed: a band per pair in a game of bands,
a place on the plane in a game of distances (see :mod:`m3desk.core.places`); the sides set
apart at the start, a pair set or nudged to a distance, a mover closing on a target."""

from __future__ import annotations

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
from m3desk.core.places import Place, free_spot, slot_place, toward
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
    first = toward(model, here, there, value)
    ids = [c.id for c in encounter.combatants if c.id in encounter.places]
    spots = [encounter.places[i] for i in ids]
    gone = [encounter.out_of_fight(encounter.combatant(i)) for i in ids]
    x, y, z = free_spot(
        model,
        ids.index(mover),
        ids.index(target),
        (first.x, first.y, first.z),
        [p.x for p in spots],
        [p.y for p in spots],
        [p.z for p in spots],
        gone,
        budget,
    )
    return Place.at(x, y, z)


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
