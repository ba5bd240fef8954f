"""The board in a window of its own: as large as the screen allows, on a second screen too.

A second board over the same encounter document (boards are views: each follows the document
and pushes its drags through it, one undo step each). The window closes with its encounter
tab and lets go of the document when it closes.
"""

from __future__ import annotations

import contextlib

from PySide6.QtCore import Qt
from PySide6.QtGui import QCloseEvent, QGuiApplication, QKeySequence, QShortcut
from PySide6.QtWidgets import QVBoxLayout, QWidget

from m3desk.ui.board import RangeBoard
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.map.tabs import map_or_board

__all__ = ["BoardWindow"]


class BoardWindow(QWidget):
    def __init__(self, document: EncounterDocument, parent: QWidget | None = None) -> None:
        # A top-level window that still belongs to its encounter tab (closed with it).
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("board_window")
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, False)
        self.document = document
        self.board = RangeBoard(document, self)
        # A game of distances: its map first, the board's distances a tab away.
        self.content, self.map = map_or_board(document, self.board, self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.content)
        # Board labels read across the table: a larger font than the tab's board.
        font = self.content.font()
        font.setPointSizeF(font.pointSizeF() * 1.25)
        self.content.setFont(font)
        close = QShortcut(QKeySequence(QKeySequence.StandardKey.Close), self)
        close.activated.connect(self.close)
        full = QShortcut(QKeySequence("F11"), self)
        full.activated.connect(self.toggle_full_screen)
        self._update_title()
        document.title_changed.connect(self._update_title)
        screen = QGuiApplication.primaryScreen()
        if screen is not None:
            area = screen.availableGeometry()
            self.resize(min(area.width() * 2 // 3, area.height()), area.height() * 5 // 6)

    def _update_title(self, *_args: object) -> None:
        self.setWindowTitle(f"Board — {self.document.name()}")

    def toggle_full_screen(self) -> None:
        self.setWindowState(self.windowState() ^ Qt.WindowState.WindowFullScreen)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.board.detach()
        if self.map is not None:
            self.map.detach()
        with contextlib.suppress(RuntimeError, TypeError):
            self.document.title_changed.disconnect(self._update_title)
        super().closeEvent(event)
