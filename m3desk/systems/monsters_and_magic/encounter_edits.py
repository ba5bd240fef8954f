"""The GM's direct edits in the tracker, as new encounters plus the undo text.

Each function returns ``(encounter, text)`` for one :meth:`EncounterDocument.apply`, so a
typed initiative, a PHP change or a removed consequence is one undo step. The game
arithmetic stays in :mod:`m3desk.systems.monsters_and_magic.encounter`; what is here is bookkeeping
(which
field, which log line, where a newcomer sits among simultaneous combatants).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from m3desk.systems.monsters_and_magic.condition_text import condition_short
from m3desk.systems.monsters_and_magic.conditions import Condition
from m3desk.systems.monsters_and_magic.encounter import (
    Encounter,
    add_log,
    mark_applied,
    replace_sheet,
    update_combatant,
)
from m3desk.systems.monsters_and_magic.ranges import EncounterConditions, RangeBand
from m3desk.systems.monsters_and_magic.sheet import Pool

__all__ = [
    "Edit",
    "add_condition",
    "adjust_pool",
    "move_within_count",
    "remove_condition",
    "set_casting",
    "set_conditions",
    "set_encounter_name",
    "set_hero_points",
    "set_initiative",
    "set_initiatives",
    "set_maximum_override",
    "set_name",
    "set_notes",
    "set_pool",
    "set_side",
]

Edit = tuple[Encounter, str]
PoolName = Literal["php", "mhp"]
POOL_LABELS: dict[str, str] = {"php": "PHP", "mhp": "MHP"}


def _tie_after_others(encounter: Encounter, combatant_id: str, value: int | None) -> int:
    """A combatant joining an occupied count resolves after those already on it.

    The book's round one: the mummy rolls 20 and acts with Xiola, who is resolved first.
    """
    others = [c.tie_order for c in encounter.combatants
              if c.id != combatant_id and c.initiative == value and value is not None]
    return max(others) + 1 if others else 0


def set_initiative(encounter: Encounter, combatant_id: str, value: int | None) -> Edit:
    """Typing the same number again changes nothing (its place on the count stays)."""
    combatant = encounter.combatant(combatant_id)
    if value == combatant.initiative:
        return encounter, ""
    tie = _tie_after_others(encounter, combatant_id, value)
    changed = update_combatant(encounter, combatant_id, initiative=value, tie_order=tie)
    shown = "none" if value is None else str(value)
    return changed, f"Set {combatant.name}'s initiative to {shown}"


def set_initiatives(encounter: Encounter, results: Mapping[str, tuple[int, str]]) -> Edit:
    """Several rolled initiatives in one step; ``results`` maps id → (total, how it came)."""
    changed = encounter
    for combatant_id, (total, details) in results.items():
        changed, _text = set_initiative(changed, combatant_id, total)
        name = changed.combatant(combatant_id).name
        changed = add_log(changed, f"{name} rolls initiative: {total}", actor=combatant_id,
                          details=details)
    names = ", ".join(encounter.combatant(i).name for i in results)
    return changed, f"Roll initiative for {names}"


def move_within_count(encounter: Encounter, combatant_id: str, step: int) -> Edit:
    """Resolve earlier (step −1) or later (+1) among combatants on the same count."""
    combatant = encounter.combatant(combatant_id)
    group = sorted((c for c in encounter.combatants
                    if c.initiative == combatant.initiative and c.initiative is not None),
                   key=lambda c: c.tie_order)
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


def set_casting(encounter: Encounter, combatant_id: str, casting: bool) -> Edit:
    name = encounter.combatant(combatant_id).name
    changed = update_combatant(encounter, combatant_id, casting=casting)
    return changed, f"{name} {'casts' if casting else 'does not cast'} this round"


def set_notes(encounter: Encounter, combatant_id: str, notes: str) -> Edit:
    name = encounter.combatant(combatant_id).name
    return update_combatant(encounter, combatant_id, notes=notes), f"Edit {name}'s notes"


def set_name(encounter: Encounter, combatant_id: str, name: str) -> Edit:
    old = encounter.combatant(combatant_id).name
    return update_combatant(encounter, combatant_id, name=name), f"Rename {old} to {name}"


def set_side(encounter: Encounter, combatant_id: str, side: str) -> Edit:
    name = encounter.combatant(combatant_id).name
    changed = update_combatant(encounter, combatant_id, side=side)
    if side not in changed.sides:
        changed = changed.model_copy(update={"sides": (*changed.sides, side)})
    return changed, f"Move {name} to the {side}"


def _with_sheet_change(encounter: Encounter, combatant_id: str, **changes: object) -> Encounter:
    sheet = encounter.combatant(combatant_id).sheet
    return replace_sheet(encounter, combatant_id, sheet.model_copy(update=changes))


def set_pool(encounter: Encounter, combatant_id: str, pool: PoolName, current: int,
             maximum: int | None = None) -> Edit:
    """The GM sets hit points outright; logged so the table can see what was changed."""
    combatant = encounter.combatant(combatant_id)
    before: Pool = getattr(combatant.sheet, pool)
    after = Pool(current=current, maximum=before.maximum if maximum is None else maximum)
    label = POOL_LABELS[pool]
    changed = _with_sheet_change(encounter, combatant_id, **{pool: after})
    text = (f"GM: {combatant.name} {label} {before.current}/{before.maximum} → "
            f"{after.current}/{after.maximum}")
    changed = add_log(changed, text, target=combatant_id)
    return changed, f"Set {combatant.name}'s {label} to {after.current}/{after.maximum}"


def adjust_pool(encounter: Encounter, combatant_id: str, pool: PoolName, delta: int) -> Edit:
    """Damage (negative) or healing (positive); healing stops at the maximum."""
    before: Pool = getattr(encounter.combatant(combatant_id).sheet, pool)
    return set_pool(encounter, combatant_id, pool, before.adjusted(delta).current)


def set_hero_points(encounter: Encounter, combatant_id: str, points: int) -> Edit:
    combatant = encounter.combatant(combatant_id)
    changed = _with_sheet_change(encounter, combatant_id, hero_points=points)
    changed = add_log(changed, f"GM: {combatant.name} hero points "
                               f"{combatant.sheet.hero_points} → {points}", target=combatant_id)
    return changed, f"Set {combatant.name}'s hero points to {points}"


def add_condition(encounter: Encounter, combatant_id: str, condition: Condition) -> Edit:
    """Place an effect or consequence now; its duration counts from this round and count."""
    combatant = encounter.combatant(combatant_id)
    conditions = (*combatant.sheet.conditions, condition)
    changed = _with_sheet_change(encounter, combatant_id, conditions=conditions)
    changed = mark_applied(changed, [condition.id])
    changed = add_log(changed, f"{combatant.name}: {condition_short(condition)}",
                      target=combatant_id)
    return changed, f"Add {condition.name} to {combatant.name}"


def remove_condition(encounter: Encounter, combatant_id: str, condition_id: str) -> Edit:
    combatant = encounter.combatant(combatant_id)
    gone = next(c for c in combatant.sheet.conditions if c.id == condition_id)
    kept = tuple(c for c in combatant.sheet.conditions if c.id != condition_id)
    changed = _with_sheet_change(encounter, combatant_id, conditions=kept)
    changed = add_log(changed, f"{gone.name} removed from {combatant.name}",
                      target=combatant_id)
    return changed, f"Remove {gone.name} from {combatant.name}"


def set_encounter_name(encounter: Encounter, name: str) -> Edit:
    return encounter.model_copy(update={"name": name}), f"Rename encounter to {name}"


def set_conditions(encounter: Encounter, conditions: EncounterConditions) -> Edit:
    changed = encounter.model_copy(update={"conditions": conditions})
    return changed, f"Conditions: {conditions.label}"


def set_maximum_override(encounter: Encounter, band: RangeBand | None) -> Edit:
    changed = encounter.model_copy(update={"maximum_range_override": band})
    text = "Maximum range from Table 13" if band is None else f"Maximum range {band.label}"
    return changed, text
