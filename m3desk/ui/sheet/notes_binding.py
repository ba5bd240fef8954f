"""A plain-text editor bound to the notes (or a monster's description).

Every keystroke updates the sheet, but a burst of typing is one undo step: edits merge
while they keep coming, and leaving the editor ends the burst. The editor's own undo is
off, so Ctrl+Z means the sheet's undo everywhere.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QPlainTextEdit

from m3desk.ui.documents.sheet_document import SheetDocument
from m3desk.ui.sheet.field_binding import FieldBinding, Report

__all__ = ["NotesBinding"]


class NotesBinding(FieldBinding):
    def __init__(
        self, document: SheetDocument, field: str, edit: QPlainTextEdit, label: str, report: Report
    ) -> None:
        super().__init__(document, (field,), label, report, edit)
        self._edit = edit
        edit.setUndoRedoEnabled(False)
        edit.setAccessibleName(label)
        self.refresh()
        edit.textChanged.connect(self._typed)
        edit.installEventFilter(self)

    def _typed(self) -> None:
        self.push(self._edit.toPlainText())

    def refresh(self) -> None:
        text = str(self.value)
        if self._edit.toPlainText() == text:
            return
        position = self._edit.textCursor().position()
        self._edit.blockSignals(True)
        self._edit.setPlainText(text)
        self._edit.blockSignals(False)
        cursor = self._edit.textCursor()
        cursor.setPosition(min(position, len(text)), QTextCursor.MoveMode.MoveAnchor)
        self._edit.setTextCursor(cursor)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._edit and event.type() == QEvent.Type.FocusOut:
            self.document.break_merge()
        return False
