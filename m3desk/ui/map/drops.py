"""Where a dropped token lands and what its ruler says, without Qt: on or beside a foe in
its reach (:func:`landing`), past the allowance where the allowance ends
(:func:`stop_at_allowance`), and the ruler's words (:func:`ruler_lines`). The rules of a move
stay the game's ``check_move`` / ``make_move``."""

from __future__ import annotations

from m3desk.core.encounter import Encounter, closing_place
from m3desk.core.places import Place
from m3desk.core.system import EncounterRules, MoveCheck
from m3desk.ui.map.moves import snapped

__all__ = ["PLACE_MODIFIER", "landing", "ruler_lines", "stop_at_allowance"]

PLACE_MODIFIER = "Shift"
"""Held while dragging a token: the GM places it (no movement spent, no move's words)."""


def ruler_lines(check: MoveCheck, unit: str) -> tuple[str, ...]:
    """What the ruler says: the move's length (its cost against the allowance where the
    game prices moves), whether it is within or over the allowance (the GM may still drop
    it), and the rules' notes."""
    first = f"{check.verb} {check.distance} {unit}"
    if check.allowance is None:
        if check.cost != check.distance:
            first += f" · costs {check.cost}"
    elif check.cost != check.distance:
        first += f" · costs {check.cost} of {check.allowance}"
    else:
        first += f" · allowance {check.allowance} {unit}"
    notes = list(check.notes)
    lines = [first]
    if check.blocked:
        lines.append(f"Blocked by the rules: {PLACE_MODIFIER}+drag places it without a move")
    elif check.over:
        # The game's own words for it when it gives them ("over the allowance (90 ft)").
        said = next(
            (n for n in notes if n.casefold().startswith("over the allowance")),
            f"over the allowance ({check.allowance} {unit})",
        )
        if said in notes:
            notes.remove(said)
        lines.append(f"{said[:1].upper()}{said[1:]}: a drop here asks (stop at it, or move anyway)")
    elif check.allowance is not None:
        lines.append("Within the allowance")
    return (*lines, *notes)


def landing(encounter: Encounter, rules: EncounterRules, combatant_id: str, place: Place) -> Place:
    """Where a drop at ``place`` lands: on or beside a foe (within a grid step of its
    reach) it stands in reach of it, at the free spot beside it that closing in always
    takes (:func:`~m3desk.core.encounter.closing_place`); elsewhere where dropped."""
    model = encounter.position_model
    if combatant_id not in encounter.places:
        return place
    mover = encounter.combatant(combatant_id)
    reach = max(
        (r.value for r in rules.rings(encounter, combatant_id) if r.kind == "reach"),
        default=model.step,
    )
    nearest: tuple[float, str] | None = None
    for other in encounter.combatants:
        there = encounter.places.get(other.id)
        if there is None or other.side == mover.side or encounter.out_of_fight(other):
            continue
        gap = model.norm(place.x - there.x, place.y - there.y, place.z - there.z)
        if gap <= reach + model.step and (nearest is None or gap < nearest[0]):
            nearest = (gap, other.id)
    if nearest is None:
        return place
    foe = nearest[1]
    if model.measure(place, encounter.places[foe]) <= reach and not _taken(
        encounter, combatant_id, place
    ):
        return place
    return closing_place(encounter, combatant_id, foe, reach)


def _taken(encounter: Encounter, combatant_id: str, place: Place) -> bool:
    """Someone else still in the fight stands within a grid step of ``place``."""
    model = encounter.position_model
    return any(
        model.norm(place.x - p.x, place.y - p.y, place.z - p.z) < model.step
        for other_id, p in encounter.places.items()
        if other_id != combatant_id and not encounter.out_of_fight(encounter.combatant(other_id))
    )


def stop_at_allowance(
    encounter: Encounter, rules: EncounterRules, combatant_id: str, origin: Place, target: Place
) -> Place | None:
    """The farthest grid point on the way from ``origin`` to ``target`` the allowance
    still covers (the rules' own cost, terrain included); None when no step is."""
    model = encounter.position_model
    best: Place | None = None
    low, high = 0.0, 1.0
    for _ in range(12):
        middle = (low + high) / 2
        spot = snapped(
            model,
            origin.x + (target.x - origin.x) * middle,
            origin.y + (target.y - origin.y) * middle,
            origin.z + (target.z - origin.z) * middle,
        )
        if not rules.check_move(encounter, combatant_id, spot).over:
            low, best = middle, spot
        else:
            high = middle
    return best if best is not None and best != origin else None
