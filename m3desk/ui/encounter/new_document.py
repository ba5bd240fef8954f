"""Starting an encounter from sheet files or from sheets already open in the window."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from pydantic import BaseModel
from PySide6.QtCore import QObject

from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.core.system import GameSystem
from m3desk.storage.sheet_files import load_sheet
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.documents.sheet_document import game_sheet

__all__ = [
    "OpenSheet",
    "SheetSource",
    "add_sheets",
    "default_side",
    "new_encounter_document",
    "sheet_kind",
]

Sheet = BaseModel
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


SourceLike = str | os.PathLike[str] | BaseModel | SheetSource


def sheet_kind(sheet: BaseModel) -> str | None:
    """ "character" or "monster" as the sheet's game keeps it; None for any other model."""
    try:
        system = registry.system_of(sheet)
    except registry.UnknownSystemError:
        return None
    return next(
        (
            spec.kind
            for spec in system.documents
            if spec.model is type(sheet) and spec.kind in ("character", "monster")
        ),
        None,
    )


def default_side(sheet: BaseModel) -> str:
    """Player characters join the party, monsters the monsters."""
    return PARTY if sheet_kind(sheet) == "character" else MONSTERS


def _resolve(source: SourceLike) -> tuple[Sheet, str | None]:
    """Load a path (raises DocumentLoadError) or take a sheet with its file, if any."""
    if isinstance(source, BaseModel):
        return source, None
    if isinstance(source, str | os.PathLike):
        model = load_sheet(source).model
        if sheet_kind(model) is None:
            raise TypeError(f"{source} is not a character or monster sheet")
        return model, str(Path(source))
    return source.sheet, str(source.path) if source.path is not None else None


class OtherGameError(ValueError):
    """A sheet of one game cannot join another game's encounter."""


def add_sheets(
    encounter: core.Encounter, sources: Iterable[SourceLike], side: str | None = None
) -> core.Encounter:
    """Add each sheet to ``side``, or to its default side when ``side`` is None.

    An encounter is of one game: a sheet of another game is refused (OtherGameError) with
    both games named; moving a creature between games is a conversion, never implicit.
    """
    game = registry.system_of(encounter)
    for source in sources:
        sheet, path = _resolve(source)
        sheet_game = registry.system_of(sheet)
        if sheet_game.id != game.id:
            raise OtherGameError(
                f"{game_sheet(sheet).name} is a sheet of {sheet_game.name}; "
                f"this encounter is {game.name}."
            )
        chosen = side or default_side(sheet)
        assert game.encounter is not None
        combatant = game.encounter.make_combatant(sheet, chosen)
        encounter = core.join(encounter, combatant.model_copy(update={"source_path": path}))
    return encounter


def encounter_for(
    sheets: Iterable[BaseModel],
    name: str,
    rules: BaseModel | None,
    options_for: Callable[[GameSystem], BaseModel] | None = None,
) -> core.Encounter:
    """An empty encounter of the game the sheets are of (the first installed game that runs
    encounters when there are none), with ``rules`` when they are that game's options, else
    ``options_for(game)``, else the game's defaults."""
    games = {registry.system_of(sheet).id: registry.system_of(sheet) for sheet in sheets}
    if len(games) > 1:
        raise OtherGameError(
            "An encounter is of one game; these sheets are of "
            + " and ".join(sorted(g.name for g in games.values()))
            + "."
        )
    game = next(iter(games.values()), None)
    if game is None:
        game = next(g for g in registry.systems() if g.encounter is not None)
    if game.encounter is None:
        raise OtherGameError(f"{game.name} does not run encounters yet.")
    kind = game.encounter.encounter_type
    if rules is not None and isinstance(rules, game.options_model):
        return kind(name=name, options=rules)
    if options_for is not None:
        return kind(name=name, options=options_for(game))
    return kind(name=name)


def new_encounter_document(
    paths_or_sheets: Iterable[SourceLike],
    parent: QObject | None = None,
    *,
    name: str = "Encounter",
    rules: BaseModel | None = None,
    options_for: Callable[[GameSystem], BaseModel] | None = None,
    sides: Sequence[str | None] = (),
) -> EncounterDocument:
    """A fresh encounter holding the given sheets; loading errors propagate (DocumentLoadError).

    ``rules`` become the encounter's own table rules (the strict rules when None). The new
    document is clean: building the roster is not an undo step.
    """
    sources = [(_resolve(source), source) for source in paths_or_sheets]
    start = encounter_for([sheet for (sheet, _path), _source in sources], name, rules, options_for)
    encounter = start
    for index, (_resolved, source) in enumerate(sources):
        side = sides[index] if index < len(sides) else None
        encounter = add_sheets(encounter, [source], side or None)
    return EncounterDocument(encounter, parent=parent)
