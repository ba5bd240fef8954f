"""The hit-point step a raised level offers (``SheetForm.level_step``): roll the new levels'
dice, take their average, type the faces rolled at the table, or change the level only. The
editor takes the answer with the level as one undo step; nothing here names a game."""

from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from m3desk.core.dice import DiceError, Roller, parse_faces
from m3desk.core.sheet_form import LevelStep
from m3desk.ui import dialogs

__all__ = ["LevelStepDialog"]


class LevelStepDialog(QDialog):
    """Roll, Average, the faces typed, or Level Only; ``gain`` holds the answer."""

    roller: ClassVar[Roller] = Roller()

    def __init__(self, step: LevelStep, sheet: BaseModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.step = step
        self.gain: int | None = None
        self.words = ""
        self.setWindowTitle("Hit points for the new level")
        self.setObjectName("level_step_dialog")
        layout = QVBoxLayout(self)
        # The game says what its pool reads now: a field read here by name was one game's.
        said = f"{step.text}." + (f"\nHit points now {step.now}." if step.now else "")
        text = QLabel(said, self)
        text.setTextFormat(Qt.TextFormat.PlainText)
        text.setWordWrap(True)
        layout.addWidget(text)
        buttons = QHBoxLayout()
        dice = step.dice
        self.roll_button = QPushButton(f"&Roll {dice}" if dice else "&Add", self)
        self.roll_button.setObjectName("level_step_roll")
        self.roll_button.clicked.connect(self.roll)
        self.average_button = QPushButton(f"A&verage (+{step.gain(None)})", self)
        self.average_button.setObjectName("level_step_average")
        self.average_button.clicked.connect(self.average)
        self.average_button.setVisible(dice is not None)
        buttons.addWidget(self.roll_button)
        buttons.addWidget(self.average_button)
        layout.addLayout(buttons)
        typed = QHBoxLayout()
        self.faces = QLineEdit(self)
        self.faces.setObjectName("level_step_faces")
        self.faces.setAccessibleName("Faces rolled at the table")
        self.faces.setMaxLength(60)
        self.faces.setPlaceholderText(f"{dice} as rolled" if dice else "")
        self.faces.returnPressed.connect(self.use_typed)
        label = QLabel("&Typed:", self)
        label.setBuddy(self.faces)
        typed.addWidget(label)
        typed.addWidget(self.faces, 1)
        self.faces.setVisible(dice is not None)
        label.setVisible(dice is not None)
        layout.addLayout(typed)
        self.note = QLabel(self)
        self.note.setTextFormat(Qt.TextFormat.PlainText)
        self.note.setWordWrap(True)
        self.note.setMinimumHeight(self.note.fontMetrics().lineSpacing() + 4)
        layout.addWidget(self.note)
        close = QDialogButtonBox(self)
        self.level_only = close.addButton("&Level Only", QDialogButtonBox.ButtonRole.RejectRole)
        self.level_only.setObjectName("level_step_level_only")
        close.rejected.connect(self.reject)
        layout.addWidget(close)
        for button in (self.roll_button, self.average_button, self.level_only):
            button.setAutoDefault(False)

    @classmethod
    def ask(
        cls, step: LevelStep, sheet: BaseModel, parent: QWidget | None = None
    ) -> tuple[int, str] | None:
        """(hit points gained, how, in words) or None for the level only (tests replace
        this; a window without a user never asks)."""
        if dialogs.is_non_interactive():
            return None
        dialog = cls(step, sheet, parent)
        try:
            if dialog.exec() == QDialog.DialogCode.Accepted and dialog.gain is not None:
                return dialog.gain, dialog.words
            return None
        finally:
            dialog.deleteLater()

    def roll(self) -> None:
        dice = self.step.dice
        faces = self.roller.roll_faces(dice) if dice is not None else ()
        self._take(faces if dice is not None else None, "rolled")

    def average(self) -> None:
        self._take(None, "average")

    def use_typed(self) -> None:
        dice = self.step.dice
        if dice is None:
            return
        try:
            faces = parse_faces(self.faces.text())
            dice.total(faces)  # the right number of faces, each on the die
        except DiceError as error:
            self.note.setText(str(error).rstrip(".") + ".")
            return
        self._take(faces, "typed")

    def _take(self, faces: tuple[int, ...] | None, how: str) -> None:
        self.gain = self.step.gain(faces)
        shown = f" {', '.join(map(str, faces))}" if faces else ""
        self.words = f"+{self.gain} hit points ({how}{shown})"
        self.accept()
