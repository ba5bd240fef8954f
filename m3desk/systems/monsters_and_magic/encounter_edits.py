"""The GM's direct edits in the tracker, as new encounters plus the undo text.

Each function returns ``(encounter, text)`` for one :meth:`EncounterDocument.apply`, so a
typed initiative, a PHP change or a removed consequence is one undo step. The game
arithmetic stays in :mod:`m3desk.systems.monsters_and_magic.encounter`; what is here is bookkeeping
(which
field, which log line, where a newcomer sits among simultaneous combatants).
"""

from __future__ import annotations

from typing import Literal

from m3desk.core.edits import (
    move_within_count,
    set_encounter_name,
    set_initiative,
    set_initiatives,
    set_name,
    set_notes,
    set_side,
)
from m3desk.core.numbers import pool_text
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


def set_casting(encounter: Encounter, combatant_id: str, casting: bool) -> Edit:
    name = encounter.combatant(combatant_id).name
    changed = update_combatant(encounter, combatant_id, casting=casting)
    return changed, f"{name} {'casts' if casting else 'does not cast'} this round"


def _with_sheet_change(encounter: Encounter, combatant_id: str, **changes: object) -> Encounter:
    sheet = encounter.combatant(combatant_id).sheet
    return replace_sheet(encounter, combatant_id, sheet.model_copy(update=changes))


def set_pool(
    encounter: Encounter,
    combatant_id: str,
    pool: PoolName,
    current: int,
    maximum: int | None = None,
) -> Edit:
    """The GM sets hit points outright; logged so the table can see what was changed."""
    combatant = encounter.combatant(combatant_id)
    before: Pool = getattr(combatant.sheet, pool)
    after = Pool(current=current, maximum=before.maximum if maximum is None else maximum)
    label = POOL_LABELS[pool]
    changed = _with_sheet_change(encounter, combatant_id, **{pool: after})
    now = pool_text(after.current, after.maximum)
    text = f"GM: {combatant.name} {label} {pool_text(before.current, before.maximum)} → {now}"
    changed = add_log(changed, text, target=combatant_id)
    return changed, f"Set {combatant.name}'s {label} to {now}"


def adjust_pool(encounter: Encounter, combatant_id: str, pool: PoolName, delta: int) -> Edit:
    """Damage (negative) or healing (positive); healing stops at the maximum."""
    before: Pool = getattr(encounter.combatant(combatant_id).sheet, pool)
    return set_pool(encounter, combatant_id, pool, before.adjusted(delta).current)


def set_hero_points(encounter: Encounter, combatant_id: str, points: int) -> Edit:
    combatant = encounter.combatant(combatant_id)
    changed = _with_sheet_change(encounter, combatant_id, hero_points=points)
    changed = add_log(
        changed,
        f"GM: {combatant.name} hero points {combatant.sheet.hero_points} → {points}",
        target=combatant_id,
    )
    return changed, f"Set {combatant.name}'s hero points to {points}"


def add_condition(encounter: Encounter, combatant_id: str, condition: Condition) -> Edit:
    """Place an effect or consequence now; its duration counts from this round and count."""
    combatant = encounter.combatant(combatant_id)
    conditions = (*combatant.sheet.conditions, condition)
    changed = _with_sheet_change(encounter, combatant_id, conditions=conditions)
    changed = mark_applied(changed, [condition.id])
    changed = add_log(
        changed, f"{combatant.name}: {condition_short(condition)}", target=combatant_id
    )
    return changed, f"Add {condition.name} to {combatant.name}"


def remove_condition(encounter: Encounter, combatant_id: str, condition_id: str) -> Edit:
    combatant = encounter.combatant(combatant_id)
    gone = next(c for c in combatant.sheet.conditions if c.id == condition_id)
    kept = tuple(c for c in combatant.sheet.conditions if c.id != condition_id)
    changed = _with_sheet_change(encounter, combatant_id, conditions=kept)
    changed = add_log(changed, f"{gone.name} removed from {combatant.name}", target=combatant_id)
    return changed, f"Remove {gone.name} from {combatant.name}"


def set_conditions(encounter: Encounter, conditions: EncounterConditions) -> Edit:
    changed = encounter.model_copy(update={"conditions": conditions})
    return changed, f"Conditions: {conditions.label}"


def set_maximum_override(encounter: Encounter, band: RangeBand | None) -> Edit:
    changed = encounter.model_copy(update={"maximum_range_override": band})
    text = "Maximum range from Table 13" if band is None else f"Maximum range {band.label}"
    return changed, text
