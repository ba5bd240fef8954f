"""The range-band board: concentric rings of Table 12's bands around the selected combatant.

Embed ``RangeBoard(document)`` in the encounter window. Everything else here is its parts:
:class:`BoardScene` (rings and tokens), :class:`BoardView` (fit, zoom, keys),
:class:`BoardController` (document ↔ scene), and the Qt-free helpers
:func:`attacks_reaching`, :func:`snapshot_of` and :func:`layout_rings`.
"""

from m3desk.systems.monsters_and_magic.reach import attacks_reaching
from m3desk.ui.board.board_controller import BoardController
from m3desk.ui.board.board_scene import BoardScene
from m3desk.ui.board.board_snapshot import BoardSnapshot, snapshot_of
from m3desk.ui.board.board_view import BoardView
from m3desk.ui.board.range_board import RangeBoard, RangeBoardWidget
from m3desk.ui.board.ring_layout import RingLayout, layout_rings

__all__ = [
    "BoardController",
    "BoardScene",
    "BoardSnapshot",
    "BoardView",
    "RangeBoard",
    "RangeBoardWidget",
    "RingLayout",
    "attacks_reaching",
    "layout_rings",
    "snapshot_of",
]
