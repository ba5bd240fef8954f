"""The dice of an action, typed as they lie on the table or rolled in the app.

Every game's action dialog types its dice in :class:`~m3desk.ui.action.die_face_edit.
DieFaceEdit` fields: each knows its die, moves on by itself once its face is complete (a d6
after one digit, a d20 after "2" or "17"), so a whole attack is typed without Tab, and a
wrong face stays visible with a sentence saying why. :class:`DiceRow` lays out the fields of
the dice a game's action names (the generic dialog's); :func:`step_on` and
:func:`dice_message` are the two behaviours a dialog with its own layout of the same fields
shares (Monsters & Magic's check, damage and resistance rows).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from html import escape

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QGridLayout, QLabel, QVBoxLayout, QWidget

from m3desk.ui.action.die_face_edit import DieFaceEdit
from m3desk.ui.action.tone import tone_color
from m3desk.ui.plain_text import app_markup, tinted

__all__ = ["DICE_PER_ROW", "NO_FACE", "DiceRow", "dice_message", "step_on"]

NO_FACE = 0
"""A die not typed yet, in :meth:`DiceRow.faces`."""
DICE_PER_ROW = 3
"""Dice side by side before the next row: each keeps its whole label."""


def step_on(fields: Sequence[DieFaceEdit], field: DieFaceEdit) -> None:
    """The face in ``field`` is complete: the caret goes to the next die (none after the
    last)."""
    if field in fields and fields.index(field) + 1 < len(fields):
        following = fields[fields.index(field) + 1]
        following.setFocus(Qt.FocusReason.TabFocusReason)
        following.selectAll()


def dice_message(widget: QWidget, fields: Sequence[DieFaceEdit]) -> str:
    """What the dice fields ask for, as markup for ``widget``'s palette ('' when every face
    is in): the first wrong face and why, or that dice are missing."""
    problems = [field.problem() for field in fields if field.problem()]
    if problems:
        return tinted(problems[0], tone_color(widget, "bad"))
    if not any(field.text().strip() for field in fields):
        return escape("Type the dice rolled at the table, die by die, or press Roll.")
    if any(field.face() is None for field in fields):
        return escape("Some dice are still missing.")
    return ""


class DiceRow(QWidget):
    """One labelled field per die of the action, in rows of :data:`DICE_PER_ROW`, and the
    sentence the fields ask for; ``changed`` on every keystroke."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.fields: list[DieFaceEdit] = []
        self._grid = QGridLayout()
        self._grid.setHorizontalSpacing(8)
        self.message = app_markup(QLabel(self))
        self.message.setObjectName("dice_message")
        self.message.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(self._grid)
        layout.addWidget(self.message)

    def set_dice(self, dice: Sequence[tuple[str, int]]) -> None:
        """One empty field per ``(name, sides)``, in order (another action, other dice)."""
        while self._grid.count():
            item = self._grid.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        self.fields = []
        for place, (name, sides) in enumerate(dice):
            label = QLabel(f"{name}:", self)
            label.setTextFormat(Qt.TextFormat.PlainText)
            field = DieFaceEdit(sides, name, self)
            label.setBuddy(field)
            field.textChanged.connect(self._on_text)
            field.completed.connect(lambda f=field: step_on(self.fields, f))
            row, column = divmod(place, DICE_PER_ROW)
            self._grid.addWidget(label, row, 2 * column, Qt.AlignmentFlag.AlignRight)
            self._grid.addWidget(field, row, 2 * column + 1, Qt.AlignmentFlag.AlignLeft)
            self.fields.append(field)
        for column in range(2 * DICE_PER_ROW):
            self._grid.setColumnStretch(column, 0)
        self._grid.setColumnStretch(2 * DICE_PER_ROW, 1)
        for first, second in itertools.pairwise(self.fields):
            QWidget.setTabOrder(first, second)
        self._on_text()

    def faces(self) -> tuple[int, ...]:
        """Each die's face, :data:`NO_FACE` where none (or a wrong one) is typed."""
        return tuple(field.face() or NO_FACE for field in self.fields)

    def complete(self) -> bool:
        """Every die has a face it can show."""
        return all(field.face() is not None for field in self.fields)

    def fill(self, faces: Sequence[int]) -> None:
        """Show dice rolled in the app (one ``changed`` for the lot)."""
        for field, face in zip(self.fields, faces, strict=False):
            blocked = field.blockSignals(True)
            field.set_face(face)
            field.blockSignals(blocked)
        self._on_text()

    def first_missing(self) -> DieFaceEdit | None:
        """The first die without a face it can show (None when all are in)."""
        return next((f for f in self.fields if f.face() is None), None)

    def _on_text(self, _text: str = "") -> None:
        message = dice_message(self, self.fields) if self.fields else ""
        self.message.setText(message)
        self.message.setVisible(bool(message))
        self.changed.emit()
