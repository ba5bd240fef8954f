"""Validates damage dice as they are typed, with the rules core's own error message."""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QValidator

from m3desk.systems.monsters_and_magic.dice import DiceError, DiceExpr

__all__ = ["DiceValidator", "dice_problem"]


def dice_problem(text: str) -> str | None:
    """The DiceError message for ``text``, or None if it is a damage die (or empty: none)."""
    if not text.strip():
        return None
    try:
        DiceExpr.parse(text)
    except DiceError as exc:
        return str(exc)
    return None


class DiceValidator(QValidator):
    """Never *invalid* (the user may type anything on the way); acceptable once it parses."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)

    def validate(self, text: str, pos: int) -> tuple[QValidator.State, str, int]:
        state = QValidator.State.Intermediate if dice_problem(text) else QValidator.State.Acceptable
        return state, text, pos
