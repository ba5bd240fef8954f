"""Who is in an encounter, changed: combatants joining (several copies numbered and placed
on their side's free spots) and leaving, and the conditions they bear placed and removed."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeVar

from m3desk.core.encounter_model import (
    MAX_COMBATANTS,
    AppliedAt,
    Combatant,
    ConditionState,
    Encounter,
    add_log,
    current_count,
    free_slot,
    next_in_order,
    side_index,
    start_gap,
    update_combatant,
)
from m3desk.core.places import Place, slot_place

E = TypeVar("E", bound="Encounter")


_NAME_MAX = next(
    int(rule.max_length)
    for rule in Combatant.model_fields["name"].metadata
    if getattr(rule, "max_length", None) is not None
)
"""The longest name a combatant keeps (a copy's number must fit within it)."""


def _with_number(base: str, number: int) -> str:
    """``base`` numbered ("Goblin 12"), the name cut short first where the number would
    not fit (a sheet's name may already be as long as a combatant's can be)."""
    tail = f" {number}"
    return base[: _NAME_MAX - len(tail)].rstrip() + tail


def _numbered(existing: Iterable[str], base: str) -> str:
    names = set(existing)
    if base not in names and _with_number(base, 1) not in names:
        return base
    number = 2
    while _with_number(base, number) in names:
        number += 1
    return _with_number(base, number)


def join(encounter: E, combatant: Combatant) -> E:
    """Add a combatant; several copies of one creature are numbered (Goblin 1, Goblin 2)."""
    if len(encounter.combatants) >= MAX_COMBATANTS:
        raise ValueError(f"an encounter holds at most {MAX_COMBATANTS} combatants")
    names = [c.name for c in encounter.combatants]
    combatants = list(encounter.combatants)
    base = combatant.name
    if base in names:
        # The first copy becomes "Name 1" so that the numbering reads naturally.
        index = names.index(base)
        combatants[index] = combatants[index].model_copy(update={"name": _with_number(base, 1)})
        names[index] = _with_number(base, 1)
    name = _numbered(names, base)
    joined = combatant.model_copy(update={"name": name})
    side = joined.side
    sides = encounter.sides if side in encounter.sides else (*encounter.sides, side)
    changes: dict[str, object] = {"combatants": (*combatants, joined), "sides": sides}
    if encounter.position_model.kind == "distance" and joined.id not in encounter.places:
        grown = encounter.model_copy(update={"sides": sides})
        changes["places"] = {
            **encounter.places,
            joined.id: free_slot(grown, encounter.places, side),
        }
    after = encounter.model_copy(update=changes)
    return add_log(after, f"{name} joins the {side}", actor=joined.id)


def join_all(encounter: E, combatants: Sequence[Combatant]) -> E:
    """Add several combatants at once, numbered and placed as :func:`join` would one by one
    (Goblin 1 … Goblin 12, each on the next free spot of its side), in one pass: no log line
    (the caller writes one for them all). Raises ValueError past the roster's size."""
    if len(encounter.combatants) + len(combatants) > MAX_COMBATANTS:
        raise ValueError(f"an encounter holds at most {MAX_COMBATANTS} combatants")
    roster = list(encounter.combatants)
    names = {c.name for c in roster}
    sides = tuple(encounter.sides)
    joined: list[Combatant] = []
    for combatant in combatants:
        base = combatant.name
        if base in names:
            index = next(n for n, c in enumerate(roster) if c.name == base)
            roster[index] = roster[index].model_copy(update={"name": _with_number(base, 1)})
            names.discard(base)
            names.add(_with_number(base, 1))
        if base not in names and _with_number(base, 1) not in names:
            name = base
        else:
            number = 2
            while _with_number(base, number) in names:
                number += 1
            name = _with_number(base, number)
        names.add(name)
        one = combatant.model_copy(update={"name": name})
        roster.append(one)
        joined.append(one)
        if one.side not in sides:
            sides = (*sides, one.side)
    changes: dict[str, object] = {"combatants": tuple(roster), "sides": sides}
    if encounter.position_model.kind == "distance":
        grown = encounter.model_copy(update={"sides": sides})
        places = dict(encounter.places)
        for side in dict.fromkeys(c.side for c in joined):
            unplaced = [c for c in joined if c.side == side and c.id not in places]
            for one, spot in zip(
                unplaced, _free_slots(grown, places, side, len(unplaced)), strict=True
            ):
                places[one.id] = spot
        changes["places"] = places
    return encounter.model_copy(update=changes)


def _free_slots(
    encounter: Encounter, places: dict[str, Place], side: str, count: int
) -> list[Place]:
    """The first ``count`` places of ``side``'s starting group nobody stands on, as
    :func:`free_slot` would find them one after another (each taken in turn)."""
    model = encounter.position_model
    index, sides = side_index(encounter, side)
    gap = start_gap(model)
    taken = list(places.values())
    found: list[Place] = []
    spot = slot_place(index, sides, 0, model.starting_distance, gap)
    for slot in range(MAX_COMBATANTS + 1):
        if len(found) == count:
            break
        spot = slot_place(index, sides, slot, model.starting_distance, gap)
        if all(abs(spot.x - p.x) + abs(spot.y - p.y) >= gap / 2 for p in taken):
            taken.append(spot)
            found.append(spot)
    return found + [spot] * (count - len(found))


def remove_combatant(encounter: E, combatant_id: str) -> E:
    gone = encounter.combatant(combatant_id)
    positions = {k: v for k, v in encounter.positions.items() if combatant_id not in k.split("|")}
    turn = encounter.turn
    if turn == combatant_id:
        turn = next_in_order(encounter, combatant_id)
    places = {k: v for k, v in encounter.places.items() if k != combatant_id}
    after = encounter.model_copy(
        update={
            "combatants": tuple(c for c in encounter.combatants if c.id != combatant_id),
            "positions": positions,
            "places": places,
            "turn": turn,
            "resume": None if encounter.resume == combatant_id else encounter.resume,
        }
    )
    return add_log(after, f"{gone.name} leaves the encounter")


def add_condition(encounter: E, combatant_id: str, condition: ConditionState) -> E:
    """Place a condition, stamped with this round and count (see :meth:`round_ended`)."""
    bearer = encounter.combatant(combatant_id)
    after = update_combatant(encounter, combatant_id, conditions=(*bearer.conditions, condition))
    applied = dict(after.applied_at)
    applied[condition.id] = AppliedAt(round=encounter.round, count=current_count(encounter))
    rounds = (
        f" for {condition.rounds} round{'s' if condition.rounds != 1 else ''}"
        if condition.rounds
        else ""
    )
    return add_log(
        after.model_copy(update={"applied_at": applied}),
        f"{bearer.name}: {condition.name}{rounds}",
        actor=combatant_id,
    )


def remove_condition(encounter: E, combatant_id: str, condition_id: str) -> E:
    bearer = encounter.combatant(combatant_id)
    kept = tuple(c for c in bearer.conditions if c.id != condition_id)
    gone = [c.name for c in bearer.conditions if c.id == condition_id]
    after = update_combatant(encounter, combatant_id, conditions=kept)
    applied = {k: v for k, v in after.applied_at.items() if k != condition_id}
    after = after.model_copy(update={"applied_at": applied})
    return (
        add_log(after, f"{bearer.name}: {', '.join(gone)} ends", actor=combatant_id)
        if gone
        else after
    )
