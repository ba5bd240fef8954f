"""What a fight changes on a Monsters & Magic sheet, to be written back into its file.

Only current PHP and MHP (within the file's own maximum), hero points, and effects and
consequences; everything else in the file (a level-up the player made meanwhile, notes,
items) is the file's. The reading and writing of files is the app's; this is the rule.
"""

from __future__ import annotations

from m3desk.core.numbers import pool_text
from m3desk.systems.monsters_and_magic.condition_text import condition_short
from m3desk.systems.monsters_and_magic.sheet import CharacterSheet, MonsterSheet

__all__ = ["WRITTEN_BACK", "describe_changes", "merged_into"]

Sheet = CharacterSheet | MonsterSheet

WRITTEN_BACK = ("php", "mhp", "hero_points", "conditions")
"""The sheet fields a fight changes and writing back replaces."""


def merged_into(on_disk: Sheet, fought: Sheet) -> Sheet:
    """The file's sheet with the fight's results: pools within the file's maximum."""
    return on_disk.model_copy(
        update={
            "php": fought.php.within(on_disk.php.maximum),
            "mhp": fought.mhp.within(on_disk.mhp.maximum),
            "hero_points": fought.hero_points,
            "conditions": fought.conditions,
        }
    )


def describe_changes(before: Sheet, after: Sheet) -> tuple[str, ...]:
    """What writing back changes, in the table's words ("PHP 25/25 → 7/25")."""
    changes = []
    for field, label in (("php", "PHP"), ("mhp", "MHP")):
        old, new = getattr(before, field), getattr(after, field)
        if old != new:
            changes.append(
                f"{label} {pool_text(old.current, old.maximum)} → "
                f"{pool_text(new.current, new.maximum)}"
            )
    if before.hero_points != after.hero_points:
        changes.append(f"hero points {before.hero_points} → {after.hero_points}")
    if before.conditions != after.conditions:
        old_ids = {c.id for c in before.conditions}
        new_ids = {c.id for c in after.conditions}
        added = [condition_short(c) for c in after.conditions if c.id not in old_ids]
        removed = [c.name for c in before.conditions if c.id not in new_ids]
        updated = [
            condition_short(c)
            for c in after.conditions
            if c.id in old_ids and c not in before.conditions
        ]
        if added:
            changes.append("adds " + ", ".join(added))
        if updated:
            changes.append("updates " + ", ".join(updated))
        if removed:
            changes.append("removes " + ", ".join(removed))
    return tuple(changes)
