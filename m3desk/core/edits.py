"""The GM's direct edits that every game shares, as new encounters plus the undo text.

Each function returns ``(encounter, text)`` for one undoable step: a typed initiative, a
renamed combatant, a move within a simultaneous count. Games add their own (hit points,
conditions) in their packages.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

from m3desk.core.encounter import Encounter, add_log, update_combatant

__all__ = [
    "move_within_count",
    "set_encounter_name",
    "set_initiative",
    "set_initiatives",
    "set_name",
    "set_notes",
    "set_side",
]

E = TypeVar("E", bound=Encounter)


def _tie_after_others(encounter: E, combatant_id: str, value: int | None) -> int:
    """A combatant joining an occupied count resolves after those already on it.

    The book's round one: the mummy rolls 20 and acts with Xiola, who is resolved first.
    """
    others = [
        c.tie_order
        for c in encounter.combatants
        if c.id != combatant_id and c.initiative == value and value is not None
    ]
    return max(others) + 1 if others else 0


def _set_count(encounter: E, combatant_id: str, value: int | None) -> E:
    if value == encounter.combatant(combatant_id).initiative:
        return encounter
    tie = _tie_after_others(encounter, combatant_id, value)
    return update_combatant(encounter, combatant_id, initiative=value, tie_order=tie)


def set_initiative(encounter: E, combatant_id: str, value: int | None) -> tuple[E, str]:
    """Typing the same number again changes nothing (its place on the count stays)."""
    combatant = encounter.combatant(combatant_id)
    if value == combatant.initiative:
        return encounter, ""
    changed = _set_count(encounter, combatant_id, value)
    shown = "none" if value is None else str(value)
    # A count typed from the table's own dice is a roll like any other: the log keeps it.
    logged = add_log(changed, f"{combatant.name}'s initiative: {shown} (typed)", actor=combatant_id)
    return logged, f"Set {combatant.name}'s initiative to {shown}"


def set_initiatives(encounter: E, results: Mapping[str, tuple[int, str]]) -> tuple[E, str]:
    """Several rolled initiatives in one step; ``results`` maps id → (total, how it came)."""
    changed = encounter
    for combatant_id, (total, details) in results.items():
        changed = _set_count(changed, combatant_id, total)
        name = changed.combatant(combatant_id).name
        # The dice and modifiers ride in the line itself: the log is the table's record.
        shown = f"{total} ({details})" if details else str(total)
        changed = add_log(
            changed, f"{name} rolls initiative: {shown}", actor=combatant_id, details=details
        )
    names = ", ".join(encounter.combatant(i).name for i in results)
    return changed, f"Roll initiative for {names}"


def move_within_count(encounter: E, combatant_id: str, step: int) -> tuple[E, str]:
    """Resolve earlier (step −1) or later (+1) among combatants on the same count."""
    combatant = encounter.combatant(combatant_id)
    group = sorted(
        (
            c
            for c in encounter.combatants
            if c.initiative == combatant.initiative and c.initiative is not None
        ),
        key=lambda c: c.tie_order,
    )
    ids = [c.id for c in group]
    if combatant_id not in ids:
        return encounter, ""
    index = ids.index(combatant_id)
    target = index + step
    if not 0 <= target < len(ids):
        return encounter, ""
    ids[index], ids[target] = ids[target], ids[index]
    changed = encounter
    for order, member in enumerate(ids):
        changed = update_combatant(changed, member, tie_order=order)
    when = "earlier" if step < 0 else "later"
    return changed, f"Resolve {combatant.name} {when} on count {combatant.initiative}"


def set_notes(encounter: E, combatant_id: str, notes: str) -> tuple[E, str]:
    name = encounter.combatant(combatant_id).name
    return update_combatant(encounter, combatant_id, notes=notes), f"Edit {name}'s notes"


def set_name(encounter: E, combatant_id: str, name: str) -> tuple[E, str]:
    old = encounter.combatant(combatant_id).name
    return update_combatant(encounter, combatant_id, name=name), f"Rename {old} to {name}"


def set_side(encounter: E, combatant_id: str, side: str) -> tuple[E, str]:
    name = encounter.combatant(combatant_id).name
    changed = update_combatant(encounter, combatant_id, side=side)
    if side not in changed.sides:
        changed = changed.model_copy(update={"sides": (*changed.sides, side)})
    return changed, f"Move {name} to the {side}"


def set_encounter_name(encounter: E, name: str) -> tuple[E, str]:
    return encounter.model_copy(update={"name": name}), f"Rename encounter to {name}"
