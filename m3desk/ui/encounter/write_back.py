"""Writing an encounter's outcome back into the sheet files its combatants came from.

Only what a fight changes goes back: current PHP and MHP, hero points, and effects and
consequences. Everything else in the file (a level-up the player made meanwhile, notes,
items) is kept, because the file is re-read just before writing and only those four fields
are replaced. This is a file operation, not an undoable encounter edit.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from m3desk.storage.errors import DocumentLoadError, SaveError
from m3desk.storage.sheet_files import load_sheet, save_sheet
from m3desk.systems.monsters_and_magic.condition_text import condition_short
from m3desk.systems.monsters_and_magic.encounter import Combatant, Encounter
from m3desk.systems.monsters_and_magic.sheet import CharacterSheet, MonsterSheet, Pool

__all__ = ["WriteBackItem", "apply_write_back", "plan_write_back", "write_back_summary"]

Sheet = CharacterSheet | MonsterSheet


@dataclass(frozen=True, slots=True)
class WriteBackItem:
    """One sheet file: what would change in it, or why it cannot be written."""

    path: Path
    names: tuple[str, ...]
    changes: tuple[str, ...] = ()
    updated: Sheet | None = None
    problem: str = ""

    @property
    def writable(self) -> bool:
        return self.updated is not None and bool(self.changes) and not self.problem


def _pool(encounter_pool: Pool, file_pool: Pool) -> Pool:
    """The encounter's current value within the file's maximum (which the file decides)."""
    return encounter_pool.within(file_pool.maximum)


def _describe(before: Sheet, after: Sheet) -> tuple[str, ...]:
    changes = []
    for field, label in (("php", "PHP"), ("mhp", "MHP")):
        old, new = getattr(before, field), getattr(after, field)
        if old != new:
            changes.append(f"{label} {old.current}/{old.maximum} → {new.current}/{new.maximum}")
    if before.hero_points != after.hero_points:
        changes.append(f"hero points {before.hero_points} → {after.hero_points}")
    if before.conditions != after.conditions:
        old_ids = {c.id for c in before.conditions}
        new_ids = {c.id for c in after.conditions}
        added = [condition_short(c) for c in after.conditions if c.id not in old_ids]
        removed = [c.name for c in before.conditions if c.id not in new_ids]
        updated = [condition_short(c) for c in after.conditions
                   if c.id in old_ids and c not in before.conditions]
        if added:
            changes.append("adds " + ", ".join(added))
        if updated:
            changes.append("updates " + ", ".join(updated))
        if removed:
            changes.append("removes " + ", ".join(removed))
    return tuple(changes)


def _plan_one(path: Path, combatant: Combatant) -> WriteBackItem:
    names = (combatant.name,)
    try:
        on_disk = load_sheet(path).model
    except DocumentLoadError as error:
        return WriteBackItem(path, names, problem=error.message)
    if not isinstance(on_disk, type(combatant.sheet)):
        return WriteBackItem(path, names, problem=f"“{path.name}” is no longer a "
                             f"{combatant.sheet.kind} sheet")
    sheet = combatant.sheet
    updated = on_disk.model_copy(update={
        "php": _pool(sheet.php, on_disk.php), "mhp": _pool(sheet.mhp, on_disk.mhp),
        "hero_points": sheet.hero_points, "conditions": sheet.conditions})
    return WriteBackItem(path, names, _describe(on_disk, updated), updated)


def plan_write_back(encounter: Encounter) -> list[WriteBackItem]:
    """Read every source file now and work out its changes; nothing is written yet.

    Several combatants from one file (Goblin 1, Goblin 2) cannot all be written into it,
    so such a file is left alone and reported.
    """
    by_path: dict[Path, list[Combatant]] = defaultdict(list)
    for combatant in encounter.combatants:
        if combatant.source_path:
            by_path[Path(combatant.source_path)].append(combatant)
    items = []
    for path, combatants in by_path.items():
        if len(combatants) > 1:
            names = tuple(c.name for c in combatants)
            items.append(WriteBackItem(path, names, problem=(
                f"{', '.join(names)} all come from “{path.name}”; write one of them back "
                "by hand")))
        else:
            items.append(_plan_one(path, combatants[0]))
    return items


def write_back_summary(items: list[WriteBackItem]) -> str:
    """The confirmation's text: per file, whose sheet and what changes."""
    lines = []
    for item in items:
        who = ", ".join(item.names)
        if item.problem:
            lines.append(f"• {who} ({item.path.name}): not written, {item.problem}")
        elif item.changes:
            lines.append(f"• {who} ({item.path.name}): " + "; ".join(item.changes))
        else:
            lines.append(f"• {who} ({item.path.name}): no changes")
    return "\n".join(lines)


def apply_write_back(items: list[WriteBackItem]) -> list[tuple[Path, str]]:
    """Save every writable item; returns (path, message) for each file that failed."""
    failures = []
    for item in items:
        if not item.writable or item.updated is None:
            continue
        try:
            save_sheet(item.path, item.updated)
        except SaveError as error:
            failures.append((item.path, error.message))
    return failures
