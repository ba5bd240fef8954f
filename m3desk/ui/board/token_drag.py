"""Press on a token: a click makes it the centre, a drag moves it to another band.

Nothing is committed while the mouse moves: the token follows the pointer and the band
under it lights up. The one change, if any, is requested on release, so a drag becomes
exactly one undo command (Orange canvas: a drag becomes one command on mouse release).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QApplication, QGraphicsSceneMouseEvent

from m3desk.ui.board.interaction import BoardInteraction
from m3desk.ui.board.token_item import TokenItem

if TYPE_CHECKING:
    from m3desk.ui.board.board_scene import BoardScene


class TokenDragInteraction(BoardInteraction):
    """From a left press on a non-centre token until its release."""

    def __init__(
        self, scene: BoardScene, token: TokenItem, event: QGraphicsSceneMouseEvent
    ) -> None:
        super().__init__(scene)
        self.token = token
        self._press_scene = QPointF(event.scenePos())
        self._press_screen = event.screenPos()
        self._origin = QPointF(token.pos())
        self._dragging = False
        self._target: int | None = None
        event.accept()

    @property
    def dragging(self) -> bool:
        return self._dragging

    def mouse_move(self, event: QGraphicsSceneMouseEvent) -> None:
        event.accept()
        if not self._dragging:
            moved = (event.screenPos() - self._press_screen).manhattanLength()
            if moved < QApplication.startDragDistance():
                return
            self._dragging = True
            self.token.set_dragging(True)
        self.follow(event.scenePos())

    def follow(self, scene_pos: QPointF) -> None:
        """Move the dragged token with the pointer at ``scene_pos`` (also when the view
        scrolls under a still pointer) and light up the band it would land in."""
        if not self._dragging:
            return
        position = self._origin + (scene_pos - self._press_scene)
        self.token.setPos(position)
        band = self.scene.band_at(position)
        if band != self._target:
            self._target = band
            self.scene.highlight_band(band)
            self.token.set_preview(
                self.scene.snapshot.scale.labels[band] if band != self.token.facts.band else None
            )

    def mouse_release(self, event: QGraphicsSceneMouseEvent) -> None:
        event.accept()
        if event.button() != Qt.MouseButton.LeftButton:
            return
        self.mouse_move(event)
        combatant_id = self.token.combatant_id
        if not self._dragging:
            self.end()
            self.scene.centre_requested.emit(combatant_id)
            return
        band = self.scene.band_at(self.token.pos())
        current = self.token.facts.band
        self.cancel()
        if band != current:
            self.scene.band_requested.emit(combatant_id, band)

    def cancel(self) -> None:
        """Put the token back where the layout had it; the redraw after a change moves it."""
        self.token.setPos(self._origin)
        self.token.set_dragging(False)
        self.token.set_preview(None)
        self.scene.highlight_band(None)
        self.end()
