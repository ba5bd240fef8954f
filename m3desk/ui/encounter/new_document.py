"""Starting an encounter from sheet files or from sheets already open in the window."""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from PySide6.QtCore import QObject

from m3desk.storage.sheet_files import load_sheet
from m3desk.systems.monsters_and_magic.encounter import Encounter, add_combatant
from m3desk.systems.monsters_and_magic.sheet import CharacterSheet, MonsterSheet
from m3desk.systems.monsters_and_magic.table_rules import TableRules
from m3desk.ui.documents.encounter_document import EncounterDocument

__all__ = [
    "OpenSheet",
    "SheetSource",
    "add_sheets",
    "default_side",
    "new_encounter_document",
]

Sheet = CharacterSheet | MonsterSheet
PARTY = "Party"
MONSTERS = "Monsters"


class SheetSource(Protocol):
    """Anything holding a sheet and the file it came from (the window's SheetDocument)."""

    @property
    def sheet(self) -> Sheet: ...

    @property
    def path(self) -> Path | None: ...


@dataclass(frozen=True, slots=True)
class OpenSheet:
    """A sheet and its file, for callers that have no document object at hand."""

    sheet: Sheet
    path: Path | None = None


SourceLike = str | os.PathLike[str] | CharacterSheet | MonsterSheet | SheetSource


def default_side(sheet: Sheet) -> str:
    """Player characters join the party, monsters the monsters."""
    return PARTY if isinstance(sheet, CharacterSheet) else MONSTERS


def _resolve(source: SourceLike) -> tuple[Sheet, str | None]:
    """Load a path (raises DocumentLoadError) or take a sheet with its file, if any."""
    if isinstance(source, CharacterSheet | MonsterSheet):
        return source, None
    if isinstance(source, str | os.PathLike):
        model = load_sheet(source).model
        if not isinstance(model, CharacterSheet | MonsterSheet):
            raise TypeError(f"{source} is not a character or monster sheet")
        return model, str(Path(source))
    return source.sheet, str(source.path) if source.path is not None else None


def add_sheets(encounter: Encounter, sources: Iterable[SourceLike],
               side: str | None = None) -> Encounter:
    """Add each sheet to ``side``, or to its default side when ``side`` is None."""
    for source in sources:
        sheet, path = _resolve(source)
        encounter = add_combatant(encounter, sheet, side or default_side(sheet),
                                  source_path=path)
    return encounter


def new_encounter_document(paths_or_sheets: Iterable[SourceLike],
                           parent: QObject | None = None, *,
                           name: str = "Encounter",
                           rules: TableRules | None = None) -> EncounterDocument:
    """A fresh encounter holding the given sheets; loading errors propagate (DocumentLoadError).

    ``rules`` become the encounter's own table rules (the strict rules when None). The new
    document is clean: building the roster is not an undo step.
    """
    start = Encounter(name=name) if rules is None else Encounter(name=name, table_rules=rules)
    encounter = add_sheets(start, paths_or_sheets)
    return EncounterDocument(encounter, parent=parent)
