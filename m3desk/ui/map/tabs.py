"""The map beside the distance list: for a game of distances the board's place holds two
tabs, the map first and the lanes ("distance from the selected combatant") second."""

from __future__ import annotations

from PySide6.QtWidgets import QTabWidget, QWidget

from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.map.panel import MapPanel

__all__ = ["MapTabs", "map_or_board"]


class MapTabs(QTabWidget):
    def __init__(self, document: EncounterDocument, board: QWidget,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("map_tabs")
        self.setDocumentMode(True)
        self.map = MapPanel(document, self)
        self.board = board
        self.addTab(self.map, "Map")
        self.addTab(board, "Distances")
        self.setTabToolTip(0, "Where everyone stands: drag to move, rings around the "
                           "selected combatant")
        self.setTabToolTip(1, "Distance from the selected combatant to each other, nearest "
                           "first")


def map_or_board(document: EncounterDocument, board: QWidget,
                 parent: QWidget | None = None) -> tuple[QWidget, MapPanel | None]:
    """What to put where the board goes: the board itself for a game of bands, or the map
    and the board as tabs for a game of distances (with the map)."""
    if document.encounter.position_model.kind != "distance":
        return board, None
    tabs = MapTabs(document, board, parent)
    return tabs, tabs.map
