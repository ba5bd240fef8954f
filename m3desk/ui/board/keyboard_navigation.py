"""The board without a mouse: focus moves between tokens, Enter recentres, +/− move a band.

Focus is the scene's own notion (a combatant id), not Qt item focus, so it survives
redraws and works the same on every platform. Each +/− press requests one step; the
controller makes a run of presses on one pair one undo command and one log line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent

if TYPE_CHECKING:
    from m3desk.ui.board.board_scene import BoardScene

Key = Qt.Key
_NEXT = (Key.Key_Right, Key.Key_Down)
_PREVIOUS = (Key.Key_Left, Key.Key_Up)
_CLOSER = (Key.Key_Plus, Key.Key_Equal, Key.Key_PageUp)
_FARTHER = (Key.Key_Minus, Key.Key_Underscore, Key.Key_PageDown)
_CHOOSE = (Key.Key_Return, Key.Key_Enter, Key.Key_Space)


class KeyboardNavigation:
    """Key handling for a :class:`BoardScene`; the view forwards key presses here."""

    def __init__(self, scene: BoardScene) -> None:
        self.scene = scene

    def step_focus(self, forward: bool, *, wrap: bool) -> bool:
        """Focus the next (or previous) token; False at either end when not wrapping,
        so Tab can leave the board for the next widget."""
        order = self.scene.focus_order()
        if not order:
            return False
        current = self.scene.focused_id
        if current not in order:
            self.scene.set_focused(order[0] if forward else order[-1])
            return True
        index = order.index(current) + (1 if forward else -1)
        if not 0 <= index < len(order):
            if not wrap:
                return False
            index %= len(order)
        self.scene.set_focused(order[index])
        return True

    def focus_edge(self, first: bool) -> None:
        order = self.scene.focus_order()
        if order:
            self.scene.set_focused(order[0] if first else order[-1])

    def move_focused(self, steps: int) -> bool:
        """Request the focused token one band, or one step of distance, closer (−1) or
        farther (+1)."""
        facts = self.scene.focused_facts()
        if facts is None or facts.band is None:
            return False
        scale = self.scene.snapshot.scale
        position = scale.step(facts.position, steps)
        if position != facts.position:
            self.scene.position_requested.emit(facts.combatant_id, position)
        return True

    def handle_key(self, event: QKeyEvent) -> bool:
        """Act on ``event``; True when the board used it."""
        key = event.key()
        if key == Key.Key_Escape and self.scene.interaction is not None:
            self.scene.cancel_interaction()
            return True
        if event.modifiers() & (
            Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier
        ):
            return False
        if key in _NEXT or key in _PREVIOUS:
            return self.step_focus(key in _NEXT, wrap=True)
        if key in (Key.Key_Home, Key.Key_End):
            self.focus_edge(key == Key.Key_Home)
            return True
        if key in _CLOSER:
            return self.move_focused(-1)
        if key in _FARTHER:
            return self.move_focused(+1)
        if key in _CHOOSE:
            facts = self.scene.focused_facts()
            if facts is not None and not facts.is_centre:
                self.scene.centre_requested.emit(facts.combatant_id)
            return facts is not None
        return False
