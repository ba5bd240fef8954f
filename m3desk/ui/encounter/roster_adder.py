"""Adding combatants: from sheet files picked in a dialog, or from sheets open in the window.

Every sheet added by one command is one undo step; files that cannot be read are listed
in one message and the rest are still added. A bundled sample joins without its path, as
it does from the window's New Encounter and from an open sample tab: "Write Back to
Sheets" must never write into the application's own files.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QWidget

from m3desk.assets import sample_files
from m3desk.core import registry
from m3desk.core.dice import Roller
from m3desk.storage.errors import DocumentLoadError
from m3desk.storage.paths import AppPaths
from m3desk.storage.sheet_files import load_sheet
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.encounter import prompts
from m3desk.ui.encounter.copies_dialog import CopiesDialog, SheetChoice
from m3desk.ui.encounter.new_document import (
    OpenSheet,
    OtherGameError,
    SheetSource,
    SourceLike,
    add_sheets,
    sheet_kind,
)
from m3desk.ui.file_places import is_sample

__all__ = ["OpenSheetsProvider", "RosterAdder"]

OpenSheetsProvider = Callable[[], Sequence[SheetSource]]


def _joining(source: SourceLike) -> SourceLike:
    """What joins for ``source``: a bundled sample's sheet without its path, else the source.

    Raises DocumentLoadError for an unreadable sample, like any other file.
    """
    if not isinstance(source, str | os.PathLike) or not is_sample(Path(source)):
        return source
    sheet = load_sheet(source).model
    if sheet_kind(sheet) is None:
        return source  # add_sheets says why it cannot join
    return OpenSheet(sheet, None)


def _describe(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{len(names)} combatants"


class RosterAdder(QObject):
    def __init__(
        self,
        document: EncounterDocument,
        host: QWidget,
        open_sheets: OpenSheetsProvider | None = None,
    ) -> None:
        super().__init__(host)
        self._document = document
        self._host = host
        self.open_sheets: OpenSheetsProvider = open_sheets or (lambda: ())
        self._last_folder: Path | None = None
        self.roller: Roller | None = None
        """Rolls copies' hit points (tests seed it)."""

    def same_game(self, sources: Sequence[SheetSource]) -> list[SheetSource]:
        """The open sheets that can join this encounter (those of its game)."""
        game = registry.system_of(self._document.encounter).id
        return [s for s in sources if registry.system_of(s.sheet).id == game]

    def sheet_choices(self) -> list[SheetChoice]:
        """Every sheet of the encounter's game: open in the window, in the library, and the
        game's samples (a file that cannot be read is left out; the library shows why)."""
        from m3desk.ui.library.scan import scan_library

        game = registry.system_of(self._document.encounter)
        choices = [SheetChoice(s.sheet, "open") for s in self.same_game(self.open_sheets())]
        paths = AppPaths.from_environment()
        for entry in scan_library(paths, sample_files(game.id)):
            if entry.broken or not entry.is_sheet or entry.game != game.name:
                continue
            try:
                sheet = load_sheet(entry.path).model
            except DocumentLoadError:
                continue
            choices.append(SheetChoice(sheet, "sample" if entry.is_sample else "library"))
        return choices

    def add_copies(self, side: str | None) -> bool:
        """Add Combatants ▸ Copies of a Sheet…: N numbered copies in one step."""
        dialog = CopiesDialog(
            self._document, self.sheet_choices(), self._host, side=side, roller=self.roller
        )
        try:
            CopiesDialog.show_modal(dialog)
            return dialog.was_applied
        finally:
            dialog.deleteLater()

    def _folder(self) -> Path:
        if self._last_folder is not None:
            return self._last_folder
        return AppPaths.from_environment().characters_dir

    def add_from_files(self, side: str | None) -> int:
        """Ask for sheet files and add them; returns how many combatants were added."""
        paths = prompts.sheet_files_to_add(self._host, self._folder())
        if not paths:
            return 0
        self._last_folder = paths[0].parent
        return self.add(paths, side)

    def add(self, sources: Sequence[SourceLike], side: str | None) -> int:
        """Add readable sources in one undo step; report the unreadable ones."""
        encounter = self._document.encounter
        failures: list[str] = []
        before = len(encounter.combatants)
        for source in sources:
            try:
                encounter = add_sheets(encounter, [_joining(source)], side)
            except DocumentLoadError as error:
                failures.append(error.message)
            except OtherGameError as error:  # another game's sheet: the rest may still join
                failures.append(str(error))
            except ValueError as error:  # the roster is full
                failures.append(str(error))
                break
        added = [c.name for c in encounter.combatants[before:]]
        if added:
            self._document.apply(encounter, f"Add {_describe(added)}")
            self._document.select(encounter.combatants[-1].id)
        if failures:
            prompts.show_error(self._host, "Could Not Add Every Sheet", "\n\n".join(failures))
        return len(added)
