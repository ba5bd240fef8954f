"""One die, typed as it lies on the table: a small field that knows how many sides it has.

It moves on by itself once the face is complete (a d6 after one digit, a d12 after "2"
or "12"), so "5 5 5 6 3 3 3" is typed without reaching for Tab; a space or a comma moves on
too. It never refuses a keystroke: a wrong face stays visible with a message saying why.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QFocusEvent, QKeyEvent
from PySide6.QtWidgets import QLineEdit, QWidget

from m3desk.core.dice import DiceError, DiceExpr

__all__ = ["DieFaceEdit"]


class DieFaceEdit(QLineEdit):
    """A face of a d``sides``; ``completed`` asks to move to the next die."""

    completed = Signal()

    def __init__(self, sides: int, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.sides = sides
        self.die_name = name
        self.setMaxLength(3)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setPlaceholderText(f"d{sides}")
        self.setAccessibleName(name)
        self.setToolTip(f"{name}: a d{sides}, 1 to {sides}")
        width = self.fontMetrics().horizontalAdvance(f"d{max(sides, 10)}") + 22
        self.setFixedWidth(width)
        self.textEdited.connect(self._on_edited)

    def face(self) -> int | None:
        """The face typed, when it is a face this die can show."""
        return None if self.problem() or not self.text().strip() else int(self.text())

    def problem(self) -> str:
        """Why the text is not a face of this die ('' when it is, or when nothing is typed)."""
        text = self.text().strip()
        if not text:
            return ""
        if not text.isdigit():
            return f"{self.die_name}: '{text}' is not a number"
        try:
            DiceExpr(count=1, sides=self.sides).total((int(text),))
        except DiceError as error:
            return f"{self.die_name}: {error}"
        return ""

    def set_face(self, face: int | None) -> None:
        self.setText("" if face is None else str(face))

    def focusInEvent(self, event: QFocusEvent) -> None:
        """Select the face on arrival, so typing replaces it (after a click too)."""
        super().focusInEvent(event)
        arrived = self.text()
        # Bound to the field: a field gone with its action (another action's dice) is
        # never asked.
        QTimer.singleShot(0, self, lambda: self._select_if_untouched(arrived))

    def focusOutEvent(self, event: QFocusEvent) -> None:
        """Leave no selection behind: seven highlighted dice read as "these are wrong"."""
        super().focusOutEvent(event)
        self.deselect()

    def _select_if_untouched(self, arrived: str) -> None:
        # Typed ahead of the event loop, the face may already be in (a d12's "1" waiting
        # for its "2") or the focus gone on: selecting now would eat the next digit.
        if self.hasFocus() and self.text() == arrived:
            self.selectAll()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.text() in (" ", ","):
            self.completed.emit()
            return
        super().keyPressEvent(event)

    def _on_edited(self, text: str) -> None:
        text = text.strip()
        if text.isdigit() and not self.problem() and int(text) * 10 > self.sides:
            self.completed.emit()
