"""Writing an encounter's outcome back into the sheet files its combatants came from.

What goes back is the game's rule (``GameSystem.write_back``: Monsters & Magic's PHP, MHP,
hero points and effects; OSE's and AD&D's hit points and experience); this module re-reads
each file just before writing, so everything else in it is kept. A file operation, not an
undoable encounter edit.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel

from m3desk.core import registry
from m3desk.core.encounter import Combatant, Encounter
from m3desk.core.system import WriteBack
from m3desk.storage.errors import DocumentLoadError, SaveError
from m3desk.storage.sheet_files import load_sheet, save_sheet

__all__ = ["WriteBackItem", "apply_write_back", "plan_write_back", "write_back_summary"]

Sheet = BaseModel


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


def _plan_one(path: Path, combatant: Combatant, rule: WriteBack) -> WriteBackItem:
    names = (combatant.name,)
    try:
        on_disk = load_sheet(path).model
    except DocumentLoadError as error:
        return WriteBackItem(path, names, problem=error.message)
    if not isinstance(on_disk, type(combatant.sheet)):
        return WriteBackItem(
            path, names, problem=f"“{path.name}” is no longer a {combatant.sheet.kind} sheet"
        )
    updated = rule.merged_into(on_disk, combatant.sheet)
    return WriteBackItem(path, names, rule.describe(on_disk, updated), updated)


def plan_write_back(encounter: Encounter) -> list[WriteBackItem]:
    """Read every source file now and work out its changes; nothing is written yet.

    Several combatants from one file (Goblin 1, Goblin 2) cannot all be written into it,
    so such a file is left alone and reported.
    """
    rule = registry.system_of(encounter).write_back
    if rule is None:
        return []
    by_path: dict[Path, list[Combatant]] = defaultdict(list)
    for combatant in encounter.combatants:
        if combatant.source_path:
            by_path[Path(combatant.source_path)].append(combatant)
    items = []
    for path, combatants in by_path.items():
        if len(combatants) > 1:
            names = tuple(c.name for c in combatants)
            items.append(
                WriteBackItem(
                    path,
                    names,
                    problem=(
                        f"{', '.join(names)} all come from “{path.name}”; write one of them back "
                        "by hand"
                    ),
                )
            )
        else:
            items.append(_plan_one(path, combatants[0], rule))
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
