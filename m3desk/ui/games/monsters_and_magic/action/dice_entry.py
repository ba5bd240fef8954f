"""Step 5: the dice, rolled in the app or typed as they were rolled at the table.

Both ways fill the same fields, so what the result shows is always what the fields say:
the GM can correct a misread die, or fix a forgotten modifier after the roll, and the
result follows with the same dice.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QGridLayout, QGroupBox, QHBoxLayout, QLabel, QPushButton, QWidget

from m3desk.core.dice import Roller as CoreRoller
from m3desk.systems.monsters_and_magic import CheckRoll, DiceExpr, Roller
from m3desk.ui.action.dice_row import dice_message, step_on
from m3desk.ui.action.die_face_edit import DieFaceEdit
from m3desk.ui.plain_text import app_markup

__all__ = ["DiceEntry", "DiceReading", "check_roller"]


class _Drawing(Roller):
    """The Effect Engine's rolls, each die drawn from the encounter's own roller."""

    def __init__(self, source: CoreRoller) -> None:  # no state of its own
        self._source = source

    def d(self, sides: int) -> int:
        return self._source.d(sides)


def check_roller(roller: CoreRoller | None) -> Roller:
    """A check roller that rolls with ``roller`` (the encounter's, which a test seeds);
    a fresh one when there is none."""
    if isinstance(roller, Roller):
        return roller
    return Roller() if roller is None else _Drawing(roller)


@dataclass(frozen=True, slots=True)
class DiceReading:
    """What the fields say: a complete roll, a problem, or not yet anything."""

    roll: CheckRoll | None = None
    resistance_d6: tuple[int, int, int] | None = None
    problem: str = ""
    empty: bool = True

    @property
    def complete(self) -> bool:
        return self.roll is not None and not self.problem


class DiceEntry(QGroupBox):
    """Three d6 for the check, the damage die faces, three d6 for a rolled resistance."""

    changed = Signal()
    roll_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("5 · Dice", parent)
        self._damage: DiceExpr | None = None
        self._rolled = False
        self.check_dice = [DieFaceEdit(6, f"check die {n}", self) for n in (1, 2, 3)]
        self.damage_dice: list[DieFaceEdit] = []
        self.resistance_dice = [DieFaceEdit(6, f"resistance die {n}", self) for n in (1, 2, 3)]
        self.check_label = QLabel("&Dice", self)
        self.check_label.setBuddy(self.check_dice[0])
        self.damage_label = QLabel(self)
        self.resistance_label = QLabel("Resistance", self)
        self.roll_button = QPushButton("&Roll", self)
        self.roll_button.setToolTip(
            "Roll in the app (Alt+R), or type the dice rolled at the table, die by die."
        )
        self.message = app_markup(QLabel(self))
        self.message.setWordWrap(True)

        self._damage_box = QHBoxLayout()
        self._damage_box.setSpacing(4)
        grid = QGridLayout(self)
        grid.setHorizontalSpacing(8)
        grid.addWidget(self.check_label, 0, 0)
        grid.addLayout(self._row(self.check_dice), 0, 1)
        grid.addWidget(self.damage_label, 0, 2)
        grid.addLayout(self._damage_box, 0, 3)
        grid.addWidget(self.roll_button, 0, 5, 2, 1, Qt.AlignmentFlag.AlignVCenter)
        grid.addWidget(self.resistance_label, 1, 0)
        grid.addLayout(self._row(self.resistance_dice), 1, 1)
        grid.addWidget(self.message, 2, 0, 1, 6)
        grid.setColumnStretch(4, 1)

        for field in (*self.check_dice, *self.resistance_dice):
            self._watch(field)
        self.roll_button.clicked.connect(self.roll_requested)
        self.configure(None, rolled_resistance=False)

    def _row(self, fields: list[DieFaceEdit]) -> QHBoxLayout:
        row = QHBoxLayout()
        row.setSpacing(4)
        for field in fields:
            row.addWidget(field)
        return row

    def _watch(self, field: DieFaceEdit) -> None:
        field.textChanged.connect(self._on_text)
        field.completed.connect(lambda f=field: self._advance(f))

    # -- shape -------------------------------------------------------------------------

    def fields(self) -> list[DieFaceEdit]:
        """Every visible die field, in typing order."""
        fields = [*self.check_dice, *self.damage_dice]
        if self._rolled:
            fields += self.resistance_dice
        return fields

    def configure(
        self,
        damage: DiceExpr | None,
        *,
        rolled_resistance: bool,
        resistance_label: str = "Resistance",
    ) -> None:
        """Show the dice this check needs; typed faces that still fit are kept."""
        shape_changed = (damage, rolled_resistance) != (self._damage, self._rolled)
        self.resistance_label.setText(resistance_label)
        # Always: a static resistance has no dice to type (the first call changes no shape).
        for field in self.resistance_dice:
            field.setVisible(rolled_resistance)
        self.resistance_label.setVisible(rolled_resistance)
        if not shape_changed:
            return
        old = [f.text() for f in self.damage_dice]
        same_die = (
            damage is not None and self._damage is not None and damage.sides == self._damage.sides
        )
        for field in self.damage_dice:
            self._damage_box.removeWidget(field)
            field.hide()  # out of the layout it would sit on the group's title until deleted
            field.deleteLater()
        self.damage_dice = []
        self._damage = damage
        if damage is not None and damage.count:
            for number in range(damage.count):
                name = f"damage d{damage.sides}" + (f" {number + 1}" if damage.count > 1 else "")
                field = DieFaceEdit(damage.sides, name, self)
                if same_die and number < len(old):
                    field.setText(old[number])
                self._watch(field)
                self._damage_box.addWidget(field)
                self.damage_dice.append(field)
            bonus = (
                f" {'+' if damage.bonus > 0 else '−'} {abs(damage.bonus)}" if damage.bonus else ""
            )
            self.damage_label.setText(f"+ damage {damage} :")
            self.damage_label.setToolTip(f"the damage die's faces; {damage} adds the faces{bonus}")
        else:
            self.damage_label.setText("")
        self._rolled = rolled_resistance
        self._chain_tab_order()
        self._on_text()

    def _chain_tab_order(self) -> None:
        fields = [*self.check_dice, *self.damage_dice, *self.resistance_dice]
        for first, second in itertools.pairwise(fields):
            QWidget.setTabOrder(first, second)
        QWidget.setTabOrder(fields[-1], self.roll_button)

    # -- reading and filling -----------------------------------------------------------

    def reading(self) -> DiceReading:
        fields = self.fields()
        problems = [f.problem() for f in fields if f.problem()]
        empty = not any(f.text().strip() for f in fields)
        if problems:
            return DiceReading(problem=problems[0], empty=empty)
        faces = [f.face() for f in fields]
        if any(face is None for face in faces):
            return DiceReading(empty=empty)
        check = tuple(face for face in faces[:3] if face is not None)
        damage = tuple(f.face() or 0 for f in self.damage_dice)
        resistance = tuple(f.face() or 0 for f in self.resistance_dice) if self._rolled else None
        return DiceReading(
            roll=CheckRoll((check[0], check[1], check[2]), damage),
            resistance_d6=(resistance[0], resistance[1], resistance[2]) if resistance else None,
            empty=False,
        )

    def fill(self, roll: CheckRoll, resistance_d6: tuple[int, int, int] | None) -> None:
        """Show dice rolled in the app (one ``changed`` for the lot)."""
        fields = self.fields()
        faces: list[int] = [*roll.d6, *roll.damage_faces, *(resistance_d6 or ())]
        blocked = [f.blockSignals(True) for f in fields]
        try:
            for field, face in zip(fields, faces, strict=False):
                field.set_face(face)
        finally:
            for field, was in zip(fields, blocked, strict=True):
                field.blockSignals(was)
        self._on_text()

    def roll_with(self, roller: Roller) -> None:
        roll = roller.roll_check(self._damage if self._damage and self._damage.count else None)
        resistance = roller.roll_3d6() if self._rolled else None
        self.fill(roll, resistance)

    def clear(self) -> None:
        for field in self.fields():
            blocked = field.blockSignals(True)
            field.clear()
            field.blockSignals(blocked)
        self._on_text()

    def first_missing(self) -> DieFaceEdit | None:
        for field in self.fields():
            if field.problem() or not field.text().strip():
                return field
        return None

    # -- reactions ---------------------------------------------------------------------

    def _advance(self, field: DieFaceEdit) -> None:
        step_on(self.fields(), field)

    def _on_text(self, _text: str = "") -> None:
        message = dice_message(self, self.fields())
        self.message.setText(message)
        self.message.setVisible(bool(message))
        self.changed.emit()
