"""Mouse modes for the board, after Orange's canvas ``interactions.py``.

The scene hands mouse events to the active interaction until it ends, so each mode (a
token drag today; a measuring tape or a rubber band tomorrow) stays a small class instead
of growing branches in one ``mousePressEvent``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QGraphicsSceneMouseEvent

if TYPE_CHECKING:
    from m3desk.ui.board.board_scene import BoardScene


class BoardInteraction:
    """Base mouse mode: ignores everything; ``end`` returns the scene to idle."""

    def __init__(self, scene: BoardScene) -> None:
        self.scene = scene

    def mouse_press(self, event: QGraphicsSceneMouseEvent) -> None:
        event.accept()

    def mouse_move(self, event: QGraphicsSceneMouseEvent) -> None:
        event.accept()

    def mouse_release(self, event: QGraphicsSceneMouseEvent) -> None:
        event.accept()

    def cancel(self) -> None:
        """Undo any preview (Escape, a redraw from elsewhere) and end."""
        self.end()

    def end(self) -> None:
        self.scene.end_interaction(self)
