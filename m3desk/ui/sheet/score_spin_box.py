"""A spin box for ability scores that lets an out-of-range number be typed, to explain it.

A plain QSpinBox silently swallows the "5" of "35"; this one accepts the keystroke as
*intermediate* so the delegate can say "STR must be between 1 and 30" instead.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QValidator
from PySide6.QtWidgets import QSpinBox, QWidget

__all__ = ["ScoreSpinBox"]

_MAX_DIGITS = 4


class ScoreSpinBox(QSpinBox):
    edited = Signal(str)
    """Every keystroke's text, acceptable or not (``textChanged`` skips intermediate text)."""

    def __init__(self, label: str, low: int, high: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.label = label
        self.setRange(low, high)
        self.setAccelerated(True)
        self.lineEdit().textEdited.connect(self.edited)

    def validate(self, text: str, pos: int) -> tuple[QValidator.State, str, int]:
        typed = text.strip()
        if typed in ("", "-", "+"):
            return QValidator.State.Intermediate, text, pos
        if len(typed.lstrip("+-")) > _MAX_DIGITS or not typed.lstrip("+-").isdigit():
            return QValidator.State.Invalid, text, pos
        state = (
            QValidator.State.Acceptable
            if self.minimum() <= int(typed) <= self.maximum()
            else QValidator.State.Intermediate
        )
        return state, text, pos

    def problem(self) -> str | None:
        """Why the typed text cannot be used, or None when it can."""
        if self.hasAcceptableInput():
            return None
        typed = self.cleanText().strip() or "nothing"
        return f"{self.label} must be between {self.minimum()} and {self.maximum()} (not {typed})"
