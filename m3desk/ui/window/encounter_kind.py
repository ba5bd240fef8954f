"""Encounters as a window document kind (:class:`DocumentKind`).

The tab page is the GM's :class:`~m3desk.ui.encounter.EncounterWidget`; the window
hands it the open sheet tabs (for "Add Combatants ▸ open sheets") and hears from it
which sheet files "Write Back to Sheets" rewrote. The encounter package is imported
when the first encounter opens, so start-up does not pay for the tracker and board.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from pydantic import BaseModel
from PySide6.QtCore import QObject
from PySide6.QtWidgets import QWidget

from m3desk.storage.encounter_files import (
    ENCOUNTER_EXTENSION,
    ENCOUNTER_FILTER,
    ENCOUNTER_KIND,
    encounter_bytes,
    save_encounter,
)
from m3desk.storage.paths import LibraryKind
from m3desk.ui.window.document_kind import DocumentKind, PageHooks

if TYPE_CHECKING:
    from m3desk.ui.documents.encounter_document import EncounterDocument

__all__ = ["EncounterKind"]


class EncounterKind(DocumentKind["EncounterDocument"]):
    name = "encounter"
    file_filter = ENCOUNTER_FILTER

    def accepts(self, model: BaseModel) -> bool:
        from m3desk.core.encounter import Encounter  # every game's encounter is one

        return isinstance(model, Encounter)

    def owns(self, document: object) -> bool:
        from m3desk.ui.documents.encounter_document import EncounterDocument

        return isinstance(document, EncounterDocument)

    def create_document(
        self, model: BaseModel, path: Path | None, rules: BaseModel, parent: QObject | None
    ) -> EncounterDocument:
        """The encounter keeps the table rules it was started with, so ``rules`` is unused."""
        from m3desk.core.encounter import Encounter
        from m3desk.ui.documents.encounter_document import EncounterDocument

        assert isinstance(model, Encounter)
        return EncounterDocument(model, path=path, parent=parent)

    def create_page(self, document: EncounterDocument, hooks: PageHooks) -> QWidget:
        from m3desk.ui.encounter.widget import EncounterWidget

        widget = EncounterWidget(
            document,
            open_sheets=hooks.open_sheets,
            board_lanes=hooks.board_lanes(),
            map_share=hooks.map_share(),
            splits=hooks.splits(),
        )
        widget.sheets_written.connect(hooks.sheets_written)
        widget.board.lanes_changed.connect(hooks.remember_board_lanes)
        widget.player_centre = hooks.player_centre
        widget.remember_player_centre = hooks.remember_player_centre
        widget.map_share_changed.connect(hooks.remember_map_share)
        widget.split_changed.connect(hooks.remember_split)
        widget.encounter_actions.share_phones.triggered.connect(lambda: _share(widget))
        return widget

    def release_page(self, page: QWidget) -> None:
        """Detach first: the board and tracker must not redraw for a closing document."""
        from m3desk.ui.phones import PhonesDialog

        phones = page.findChild(PhonesDialog, "phones_dialog")
        if isinstance(phones, PhonesDialog):  # the tab closes: its sharing stops with it
            phones.detach()
        detach = getattr(page, "detach", None)
        if callable(detach):
            detach()
        page.close()

    def model(self, document: EncounterDocument) -> BaseModel:
        return document.encounter

    def save(self, path: Path, document: EncounterDocument) -> None:
        save_encounter(path, document.encounter)

    def snapshot_bytes(self, document: EncounterDocument) -> bytes:
        return encounter_bytes(document.encounter)

    def recovery_kind(self, document: EncounterDocument) -> str:
        return ENCOUNTER_KIND

    def extension(self, document: EncounterDocument) -> str:
        return ENCOUNTER_EXTENSION

    def library_folder(self, document: EncounterDocument) -> LibraryKind:
        return "encounters"


def _share(widget: QWidget) -> None:
    """Encounter → Share with Players' Phones… (the server loads on first use)."""
    from m3desk.ui.encounter.widget import EncounterWidget
    from m3desk.ui.phones import show_phones

    assert isinstance(widget, EncounterWidget)
    show_phones(widget)
