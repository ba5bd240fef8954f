"""Keeps one form widget and one value of the sheet in step, through the document.

A binding pushes what the user enters as an undoable edit (consecutive edits of the same
field merge into one step) and shows the sheet's value again whenever it changes (undo,
redo, another view). Impossible values are refused with a message and push nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject

from m3desk.ui.documents.document_link import DocumentLink
from m3desk.ui.documents.sheet_document import SheetDocument
from m3desk.ui.sheet.sheet_edits import SheetPath, error_text, value_at, with_path

__all__ = ["FieldBinding", "Report"]

Report = Callable[[str], None]


class FieldBinding(QObject):
    def __init__(
        self,
        document: SheetDocument,
        path: SheetPath,
        label: str,
        report: Report,
        parent: QObject,
    ) -> None:
        super().__init__(parent)
        self._document = document
        self._path = path
        self._label = label
        self._report = report
        self.document_link = DocumentLink.on(document, "sheet_changed", self._on_sheet_changed)

    @property
    def document(self) -> SheetDocument:
        return self._document

    @property
    def value(self) -> Any:
        return value_at(self._document.sheet, self._path)

    def push(self, value: Any, *, merge: bool = True) -> bool:
        """Validate ``value`` through the rules models and push it; False if refused."""
        try:
            sheet = with_path(self._document.sheet, self._path, value)
        except ValueError as exc:  # pydantic's ValidationError and DiceError included
            self._report(error_text(exc, self._label))
            return False
        self._document.replace_sheet(
            sheet,
            f"Change {self._label.lower()}",
            merge_key=".".join(self._path) if merge else None,
        )
        return True

    def _on_sheet_changed(self, changed: frozenset[str]) -> None:
        if self._path[0] in changed:
            self.refresh()

    def refresh(self) -> None:
        """Show the sheet's current value in the widget without echoing it back."""
        raise NotImplementedError

    def detach(self) -> None:
        self.document_link.detach()
