"""What every game's action dialog shows the GM, under one set of names.

The generic :class:`~m3desk.ui.action.system_action_dialog.SystemActionDialog` and a game's
own dialog (Monsters & Magic's, with its effect-point spending) differ in the steps between
the roll and Apply, not in what a GM does to act: pick an action and a target, roll or type
the dice, read the result, Apply. :class:`ActionView` names those parts, so anything that
drives "one action through the dialog" (the looped GUI tests, a self-test) works on every
game's dialog without knowing which it has.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from PySide6.QtWidgets import QComboBox, QLabel, QPushButton

from m3desk.ui.action.die_face_edit import DieFaceEdit

__all__ = ["ActionView"]


@runtime_checkable
class ActionView(Protocol):
    """The parts of an action dialog a GM uses for one action, in the order used."""

    @property
    def action(self) -> QComboBox:
        """The actions the actor may take (the default: the best attack on a foe in reach)."""

    @property
    def target(self) -> QComboBox:
        """Whom the action is aimed at (may be hidden when the action carries its target)."""

    @property
    def dice(self) -> Sequence[DieFaceEdit]:
        """The die fields of the current action, in typing order (a face typed in each;
        every game's dialog types its dice in the same fields)."""

    def die_sides(self) -> tuple[int, ...]:
        """How many sides each die of :attr:`dice` has, in the same order."""

    @property
    def roll_button(self) -> QPushButton:
        """Rolls every die of the action with the encounter's roller."""

    @property
    def result_line(self) -> QLabel:
        """What Apply will write to the log, shown once the dice are in (hidden before)."""

    @property
    def apply_button(self) -> QPushButton:
        """Applies the action: one undo step, one log entry."""

    @property
    def next_turn_button(self) -> QPushButton:
        """Apply and Next Turn (Ctrl+Return): shown for the combatant whose turn it is,
        enabled when the action leaves it nothing to do this turn."""

    @property
    def actor_id(self) -> str:
        """The combatant who acts."""

    @property
    def aimed_at(self) -> str | None:
        """The combatant the action is aimed at, from the target list or carried by the
        action itself ("spear → Cave bear"); None for an action on no one."""

    @property
    def was_applied(self) -> bool:
        """Whether Apply went through."""
