"""Character and monster sheets as a window document kind (:class:`DocumentKind`).

Documents and editors come from :mod:`m3desk.ui.window.documents`, looked up through the
module so tests can swap the editor for a stub and so the editor loads with the first
sheet, not at start-up.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from pydantic import BaseModel
from PySide6.QtCore import QObject
from PySide6.QtWidgets import QWidget

from m3desk.storage.paths import LibraryKind
from m3desk.storage.sheet_files import FILE_FILTER, doc_type_for, save_sheet, sheet_bytes
from m3desk.ui.window import documents
from m3desk.ui.window.document_kind import DocumentKind, PageHooks

if TYPE_CHECKING:
    from m3desk.ui.documents.sheet_document import SheetDocument

__all__ = ["SheetKind"]


class SheetKind(DocumentKind["SheetDocument"]):
    name = "sheet"
    file_filter = FILE_FILTER

    def accepts(self, model: BaseModel) -> bool:
        return (
            getattr(model, "kind", None) in ("character", "monster")
            and documents.form_of(model) is not None
        )

    def owns(self, document: object) -> bool:
        from m3desk.ui.documents.sheet_document import SheetDocument

        return isinstance(document, SheetDocument)

    def create_document(
        self, model: BaseModel, path: Path | None, rules: BaseModel, parent: QObject | None
    ) -> SheetDocument:
        return documents.create_document(model, path, rules, parent=parent)

    def create_page(self, document: SheetDocument, hooks: PageHooks) -> QWidget:
        editor = documents.create_editor(document)
        if hasattr(editor, "roll_log"):
            editor.roll_log = hooks.log_roll  # a roll from the sheet goes to the open fight
        return editor

    def model(self, document: SheetDocument) -> BaseModel:
        return document.sheet

    def save(self, path: Path, document: SheetDocument) -> None:
        save_sheet(path, document.sheet)

    def snapshot_bytes(self, document: SheetDocument) -> bytes:
        return sheet_bytes(document.sheet)

    def recovery_kind(self, document: SheetDocument) -> str:
        from m3desk.ui.documents.sheet_document import game_sheet  # loaded with the document

        return game_sheet(document.sheet).kind

    def extension(self, document: SheetDocument) -> str:
        return doc_type_for(document.sheet).extension

    def library_folder(self, document: SheetDocument) -> LibraryKind:
        from m3desk.ui.documents.sheet_document import game_sheet

        return "characters" if game_sheet(document.sheet).kind == "character" else "monsters"
