"""A line edit bound to a text field (name, race, class, alignment...), live as the user types.

A refused value (an empty name) is reported but left in the box while the user types; when
editing finishes the box shows the sheet's value again, and the typing burst ends.
"""

from __future__ import annotations

from PySide6.QtWidgets import QLineEdit

from m3desk.ui.documents.sheet_document import SheetDocument
from m3desk.ui.sheet.field_binding import FieldBinding, Report
from m3desk.ui.sheet.sheet_edits import SheetPath

__all__ = ["LineEditBinding"]


class LineEditBinding(FieldBinding):
    def __init__(
        self, document: SheetDocument, path: SheetPath, edit: QLineEdit, label: str, report: Report
    ) -> None:
        super().__init__(document, path, label, report, edit)
        self._edit = edit
        edit.setAccessibleName(label)
        self.refresh()
        # textChanged, not textEdited: the line edit's own Ctrl+Z changes the text without
        # "editing" it, and the sheet must follow. Echoes of refresh() push an equal sheet,
        # which the document ignores.
        edit.textChanged.connect(self.push)
        edit.editingFinished.connect(self._finished)

    def refresh(self) -> None:
        text = str(self.value)
        if self._edit.text() != text:
            self._edit.setText(text)
            if not self._edit.hasFocus():  # a long text too wide for the box shows its start
                self._edit.setCursorPosition(0)

    def _finished(self) -> None:
        self.refresh()
        self.document.break_merge()
