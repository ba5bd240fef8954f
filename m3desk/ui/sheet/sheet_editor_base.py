"""What both sheet editors share: the message bar on top, group boxes in a scroll area.

Parts bound to the document (models, bindings, read-outs) are children of the editor;
closing the editor detaches them all, so a document kept open elsewhere (another tab, the
encounter) no longer calls into widgets that are going away.
"""

from __future__ import annotations

import contextlib

from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QFrame, QGridLayout, QScrollArea, QVBoxLayout, QWidget

from m3desk.ui.documents.document_link import detach_all
from m3desk.ui.documents.sheet_document import SheetDocument
from m3desk.ui.sheet.message_bar import MessageBar

__all__ = ["SheetEditorBase"]


class SheetEditorBase(QWidget):
    def __init__(self, document: SheetDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.message_bar = MessageBar(document, self)
        self.content = QWidget()
        self.content.setObjectName("sheet_content")
        self.grid = QGridLayout(self.content)
        self.scroll_area = QScrollArea(self)
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll_area.setWidget(self.content)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.message_bar)
        layout.addWidget(self.scroll_area, 1)
        document.title_changed.connect(self._update_title)
        self._update_title()

    def report(self, message: str) -> None:
        """Show why an edit was refused (models, delegates and bindings call this)."""
        self.message_bar.show_message(message)

    def add_group(
        self, group: QWidget, row: int, column: int, row_span: int = 1, column_span: int = 1
    ) -> None:
        self.grid.addWidget(group, row, column, row_span, column_span)

    def _update_title(self, *_args: object) -> None:
        self.setWindowTitle(self.document.title())

    def detach(self) -> None:
        with contextlib.suppress(RuntimeError, RuntimeWarning, TypeError):
            self.document.title_changed.disconnect(self._update_title)
        detach_all(self)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.detach()
        super().closeEvent(event)
