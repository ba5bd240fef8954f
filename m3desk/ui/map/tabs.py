"""The map beside the distance list: for a game of distances the board's place holds the
map, and the board ("distance from the selected combatant", lanes or rings) one click
away. A stack with a button in each page's own header row, not a tab bar: every row of
the pane beside the tracker is the map's."""

from __future__ import annotations

from PySide6.QtWidgets import QStackedWidget, QToolButton, QWidget

from m3desk.ui.board import RangeBoardWidget
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.map.panel import MapPanel

__all__ = ["MapTabs", "map_or_board"]


class MapTabs(QStackedWidget):
    def __init__(
        self, document: EncounterDocument, board: RangeBoardWidget, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("map_tabs")
        self.map = MapPanel(document, self)
        self.board = board
        self.addWidget(self.map)
        self.addWidget(board)
        self.distances_button = self.map.add_tool(
            "Distances",
            "Show the distance from the selected combatant to each other, nearest first",
            lambda: self.setCurrentWidget(self.board),
        )
        self.map_button = QToolButton(board)
        self.map_button.setText("Map")
        self.map_button.setAutoRaise(True)
        self.map_button.setToolTip("Show the map: where everyone stands")
        self.map_button.setAccessibleName("Show the map")
        self.map_button.clicked.connect(lambda: self.setCurrentWidget(self.map))
        board.add_header_button(self.map_button)


def map_or_board(
    document: EncounterDocument, board: RangeBoardWidget, parent: QWidget | None = None
) -> tuple[QWidget, MapPanel | None]:
    """What to put where the board goes: the board itself for a game of bands, or the map
    with the board a click away for a game of distances (with the map)."""
    if document.encounter.position_model.kind != "distance":
        return board, None
    tabs = MapTabs(document, board, parent)
    return tabs, tabs.map
