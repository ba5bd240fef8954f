"""The encounter board: rings around the selected combatant, as its game describes them.

Range bands (Monsters & Magic) are one ring each; games that measure distance draw the rings
the selected combatant's options allow (reach, a move, a missile's ranges) and put each token
in its ring with the exact distance in its caption.

Embed ``RangeBoard(document)`` in the encounter window. Everything else here is its parts:
:class:`BoardScene` (rings and tokens), :class:`BoardView` (fit, zoom, keys),
:class:`BoardController` (document ↔ scene), and the Qt-free helpers
:func:`snapshot_of` and :func:`layout_rings`.
"""

from typing import TYPE_CHECKING

from m3desk.ui.lazy import exports

if TYPE_CHECKING:
    from m3desk.ui.board.board_controller import BoardController
    from m3desk.ui.board.board_scene import BoardScene
    from m3desk.ui.board.board_snapshot import BoardSnapshot, snapshot_of
    from m3desk.ui.board.board_view import BoardView
    from m3desk.ui.board.range_board import RangeBoard, RangeBoardWidget
    from m3desk.ui.board.ring_layout import RingLayout, layout_rings

_HOME = {
    "BoardController": "board_controller",
    "BoardScene": "board_scene",
    "BoardSnapshot": "board_snapshot",
    "snapshot_of": "board_snapshot",
    "BoardView": "board_view",
    "RangeBoard": "range_board",
    "RangeBoardWidget": "range_board",
    "RingLayout": "ring_layout",
    "layout_rings": "ring_layout",
}
"""Where each name lives: imported at its first use (printing a map needs the painter,
not the widgets beside it; an export starts faster)."""


__getattr__ = exports(__name__, _HOME)

__all__ = [
    "BoardController",
    "BoardScene",
    "BoardSnapshot",
    "BoardView",
    "RangeBoard",
    "RangeBoardWidget",
    "RingLayout",
    "layout_rings",
    "snapshot_of",
]
