"""The range board as one widget: a header naming the centre, the board, and a legend.

This is what the encounter window embeds: ``RangeBoard(document)``. The widget owns its
controller and disconnects it from the document when it closes or is destroyed, so a
closed board never redraws for a document that lives on.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from m3desk.ui.board.board_controller import BoardController
from m3desk.ui.board.board_legend import BoardLegend
from m3desk.ui.board.board_scene import BoardScene
from m3desk.ui.board.board_view import BoardView
from m3desk.ui.board.token_item import tooltip_for
from m3desk.ui.documents.encounter_document import EncounterDocument


class RangeBoardWidget(QWidget):
    """Header + :class:`BoardView` + :class:`BoardLegend` for one encounter document.

    The header's Rings / Lanes buttons switch the presentation; ``lanes`` picks the first.

    Signals:
        lanes_changed(bool): the user switched between rings (False) and lanes (True).
    """

    lanes_changed = Signal(bool)

    def __init__(
        self, document: EncounterDocument, parent: QWidget | None = None, *, lanes: bool = False
    ) -> None:
        super().__init__(parent)
        self.setObjectName("range_board")
        self.scene = BoardScene(self)
        self.view = BoardView(self.scene, self)
        self.header = QLabel(self)
        self.header.setObjectName("range_board_header")
        self.header.setTextFormat(Qt.TextFormat.PlainText)  # a combatant's name, from a file
        self.header.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        font = self.header.font()
        font.setBold(True)
        self.header.setFont(font)
        self.rings_button = self._presentation_button(
            "Rings", "Show the bands as rings around the selected combatant"
        )
        self.lanes_button = self._presentation_button(
            "Lanes", "Show the bands as rows, nearest first, every name at full size"
        )
        group = QButtonGroup(self)
        group.setExclusive(True)
        group.addButton(self.rings_button)
        group.addButton(self.lanes_button)
        (self.lanes_button if lanes else self.rings_button).setChecked(True)
        self.lanes_button.toggled.connect(self._on_lanes_toggled)
        # Reading order: the header's buttons, then the board (Tab past the last token
        # leaves for whatever follows the board).
        QWidget.setTabOrder(self.rings_button, self.lanes_button)
        QWidget.setTabOrder(self.lanes_button, self.view)
        self.legend = BoardLegend(self)
        top = self._top = QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        top.setSpacing(2)
        top.addWidget(self.header, 1)
        top.addWidget(self.rings_button)
        top.addWidget(self.lanes_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(top)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.legend)
        if lanes:
            self.view.set_lanes(True)
            self.legend.set_lanes(True)
        self.controller = BoardController(document, self.scene, self)
        self.controller.centre_changed.connect(self._on_centre_changed)
        self._on_centre_changed(
            self.scene.snapshot.centre.name if self.scene.snapshot.centre else ""
        )
        controller = self.controller
        # A closure, not a bound method: at ``destroyed`` the Python side of this widget is
        # already half gone, but the controller (a child) is still alive.
        self.destroyed.connect(lambda _obj=None: _detach(controller))

    def _presentation_button(self, text: str, tip: str) -> QToolButton:
        button = QToolButton(self)
        button.setText(text)
        button.setCheckable(True)
        button.setAutoRaise(True)
        button.setToolTip(tip)
        button.setAccessibleName(f"Show the board as {text.lower()}")
        return button

    def take_presentation_buttons(self) -> tuple[QToolButton, QToolButton]:
        """Lift the Rings and Lanes buttons out of the header's row for a host to place (the
        player view, whose large header needs the board's whole width)."""
        for button in (self.rings_button, self.lanes_button):
            self._top.removeWidget(button)
        return self.rings_button, self.lanes_button

    def add_header_button(self, button: QToolButton) -> None:
        """Put a host's button at the end of the header's row (the map's "Map" button)."""
        self._top.addWidget(button)

    def take_header(self) -> QLabel:
        """Lift the header ("Ranges from …") out of the board for a host to place above
        something else that measures from the same combatant (the player view's map)."""
        self._top.removeWidget(self.header)
        return self.header

    @property
    def lanes(self) -> bool:
        return self.scene.lanes

    def set_lanes(self, lanes: bool) -> None:
        """Rings (False) or lanes (True), as if the user clicked the header's button."""
        (self.lanes_button if lanes else self.rings_button).setChecked(True)

    def _on_lanes_toggled(self, lanes: bool) -> None:
        if lanes == self.scene.lanes:
            return
        self.view.set_lanes(lanes)
        self.legend.set_lanes(lanes)
        self.lanes_changed.emit(lanes)

    def _on_centre_changed(self, name: str) -> None:
        self.header.setText(f"Ranges from {name}" if name else "Ranges (no combatants)")
        snapshot = self.scene.snapshot
        # Lanes leave the centre's token out: its header tells what the token would.
        self.header.setToolTip(tooltip_for(snapshot.centre) if snapshot.centre else "")
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


def RangeBoard(
    document: EncounterDocument, parent: QWidget | None = None, *, lanes: bool = False
) -> RangeBoardWidget:
    """The range-band board for ``document`` (a factory, so the window needs one import)."""
    return RangeBoardWidget(document, parent, lanes=lanes)
