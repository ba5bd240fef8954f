"""The range board as one widget: a header naming the centre, the board, and a legend.

This is what the encounter window embeds: ``RangeBoard(document)``. The widget owns its
controller and disconnects it from the document when it closes or is destroyed, so a
closed board never redraws for a document that lives on.
"""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from m3desk.ui.board.board_controller import BoardController
from m3desk.ui.board.board_legend import BoardLegend
from m3desk.ui.board.board_scene import BoardScene
from m3desk.ui.board.board_view import BoardView
from m3desk.ui.documents.encounter_document import EncounterDocument


class RangeBoardWidget(QWidget):
    """Header + :class:`BoardView` + :class:`BoardLegend` for one encounter document."""

    def __init__(self, document: EncounterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("range_board")
        self.scene = BoardScene(self)
        self.view = BoardView(self.scene, self)
        self.header = QLabel(self)
        self.header.setObjectName("range_board_header")
        font = self.header.font()
        font.setBold(True)
        self.header.setFont(font)
        self.legend = BoardLegend(self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.header)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.legend)
        self.controller = BoardController(document, self.scene, self)
        self.controller.centre_changed.connect(self._on_centre_changed)
        self._on_centre_changed(self.scene.snapshot.centre.name
                                if self.scene.snapshot.centre else "")
        controller = self.controller
        # A closure, not a bound method: at ``destroyed`` the Python side of this widget is
        # already half gone, but the controller (a child) is still alive.
        self.destroyed.connect(lambda _obj=None: _detach(controller))

    def _on_centre_changed(self, name: str) -> None:
        self.header.setText(f"Ranges from {name}" if name else "Ranges (no combatants)")
        snapshot = self.scene.snapshot
        self.legend.set_sides(snapshot.sides, snapshot.scale)

    def detach(self) -> None:
        """Stop following the document; the board keeps showing its last state."""
        self.controller.detach()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.detach()
        super().closeEvent(event)


def _detach(controller: QObject) -> None:
    if isinstance(controller, BoardController):
        controller.detach()


def RangeBoard(document: EncounterDocument, parent: QWidget | None = None) -> RangeBoardWidget:
    """The range-band board for ``document`` (a factory, so the window needs one import)."""
    return RangeBoardWidget(document, parent)
