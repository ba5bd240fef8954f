"""Free text (notes, a monster's description) in a group box."""

from __future__ import annotations

from PySide6.QtWidgets import QGroupBox, QPlainTextEdit, QVBoxLayout, QWidget

from m3desk.ui.documents.sheet_document import SheetDocument
from m3desk.ui.sheet.field_binding import Report
from m3desk.ui.sheet.notes_binding import NotesBinding

__all__ = ["NotesGroup"]

_VISIBLE_LINES = 6


class NotesGroup(QGroupBox):
    def __init__(
        self,
        document: SheetDocument,
        field: str,
        title: str,
        report: Report,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(title, parent)
        self.edit = QPlainTextEdit(self)
        self.edit.setObjectName(f"{field}_edit")
        self.edit.setTabChangesFocus(True)
        lines = self.edit.fontMetrics().lineSpacing() * _VISIBLE_LINES
        self.edit.setMinimumHeight(lines + 2 * self.edit.frameWidth() + 8)
        self.binding = NotesBinding(document, field, self.edit, title, report)
        layout = QVBoxLayout(self)
        layout.addWidget(self.edit)
