"""Encounter → Add Combatants ▸ Copies of a Monster…: "4 goblins" in one step.

The GM picks a sheet of the encounter's game (open in the window, in the library, or a
sample), how many copies and how each copy's hit points are taken (the average of its Hit
Dice, a roll each, or the maximum). The copies are numbered (Goblin 1 … Goblin 4), join
without the file's path (a copy's hit points are its own, never written back over the
sheet), in one undo step and one log line that says how many and with which hit points.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from pydantic import BaseModel
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.core.copies import HIT_POINT_METHODS, HitPointMethod, copies_line, copy_hit_points
from m3desk.core.dice import DiceError, DiceExpr, Roller
from m3desk.core.numbers import signed
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.encounter.new_document import OtherGameError, default_side, sheet_kind


def appearing_dice(appearing: str) -> DiceExpr | None:
    """The dungeon part of a book's number appearing ("2d4 (1d6 × 10)" → 2d4), if dice."""
    first = appearing.split("(", 1)[0].strip()
    if not re.fullmatch(r"\d{1,2}d\d{1,3}(?:\s*[+-]\s*\d{1,2})?", first):
        return None
    try:
        return DiceExpr.parse(first)
    except DiceError:
        return None


__all__ = ["CopiesDialog", "SheetChoice", "copies_room", "with_copies"]


@dataclass(frozen=True, slots=True)
class SheetChoice:
    """A sheet the dialog offers, with where it was found ("open", "library", "sample")."""

    sheet: BaseModel
    where: str


def _dice_text(encounter: core.Encounter, sheet: BaseModel) -> str:
    rules = registry.system_of(encounter).encounter
    dice = rules.hit_dice(sheet) if rules is not None else None
    if dice is None:
        return ""
    return f"{dice.count}d{dice.sides}" + (signed(dice.bonus) if dice.bonus else "")


def _hit_points_of(encounter: core.Encounter, sheet: BaseModel) -> str:
    """The sheet's hit points at most, as the seam's pool reads them ("HP 12"; the game's
    first pool column names them)."""
    rules = registry.system_of(encounter).encounter
    if rules is None:
        return ""
    pool = rules.pool(rules.make_combatant(sheet, "Copies"))
    if pool is None:
        return ""
    title = next((c.title for c in rules.columns if c.kind == "pool"), "")
    return f"{title} {pool[1]}" if title else str(pool[1])


def with_copies(
    encounter: core.Encounter,
    sheet: BaseModel,
    count: int,
    side: str,
    method: HitPointMethod,
    roller: Roller,
) -> tuple[core.Encounter, str]:
    """The encounter with ``count`` numbered copies of ``sheet`` on ``side``, and the undo
    step's text; the log gets one summarised line for them all (each copy's hit points in
    its details). All copies join in one pass. Raises ValueError past the roster's size."""
    game = registry.system_of(encounter)
    rules = game.encounter
    if rules is None:
        raise ValueError(f"{game.name} does not run encounters yet.")
    if registry.system_of(sheet).id != game.id:
        raise OtherGameError(
            f"{getattr(sheet, 'name', 'This sheet')} is a sheet of "
            f"{registry.system_of(sheet).name}; this encounter is "
            f"{game.name}."
        )
    room = copies_room(encounter, side)
    if count < 1:
        raise ValueError("Choose how many copies join: one at least.")
    if room == 0 and copies_room(encounter) > 0:
        raise ValueError(_no_new_side(side))
    if count > room:
        raise ValueError(
            f"Only {room} more can join: an encounter holds at most "
            f"{core.MAX_COMBATANTS} combatants."
        )
    dice = rules.hit_dice(sheet)
    points: list[int] = []
    copies = []
    for _copy in range(count):
        copy = sheet
        if dice is not None:
            points.append(copy_hit_points(dice, method, roller))
            copy = rules.with_hit_points(sheet, points[-1])
        copies.append(rules.make_combatant(copy, side))
    before = len(encounter.combatants)
    after = core.join_all(encounter, copies)
    joined = after.combatants[before:]
    names = [c.name for c in joined]
    base = copies[0].name
    if dice is None:
        how = f"hit points as the sheet ({_hit_points_of(encounter, sheet)})"
    elif method == "rolled":
        how = f"rolled on {_dice_text(encounter, sheet)}"
    else:
        how = f"{method} of {_dice_text(encounter, sheet)}"
    details = (
        "; ".join(f"{name}: {p} hp" for name, p in zip(names, points, strict=True))
        if len(set(points)) > 1
        else ""
    )
    after = core.add_log(
        after, copies_line(base, names, side, points, how), details=details[:20_000]
    )
    sheet_name = getattr(sheet, "name", "")
    return after, (f"Add {count} × {sheet_name}" if count > 1 else f"Add {names[0]}")


def _no_new_side(side: str) -> str:
    return (
        f"The encounter already has {core.MAX_SIDES} sides, the most it holds, so “{side}” "
        "cannot be one more: choose one of its sides for the copies."
    )


def copies_room(encounter: core.Encounter, side: str = "") -> int:
    """How many copies can still join: the roster's room (and none when the side would be
    one too many)."""
    room = core.MAX_COMBATANTS - len(encounter.combatants)
    if side and side not in encounter.sides and len(encounter.sides) >= core.MAX_SIDES:
        return 0
    return max(0, room)


class CopiesDialog(QDialog):
    """Pick a sheet of the encounter's game, a count and how hit points are taken."""

    last_method: HitPointMethod = "average"
    """The method chosen last (kept for the session: a table keeps its habit)."""

    def __init__(
        self,
        document: EncounterDocument,
        choices: Sequence[SheetChoice],
        parent: QWidget | None = None,
        *,
        side: str | None = None,
        roller: Roller | None = None,
        appearing: str = "",
    ) -> None:
        super().__init__(parent)
        self._document = document
        self._roller = roller or Roller()
        self._side = side
        game = registry.system_of(document.encounter)
        self._choices = [c for c in choices if registry.system_of(c.sheet).id == game.id]
        # Monsters first: copies are mostly of monsters.
        self._choices.sort(key=lambda c: sheet_kind(c.sheet) != "monster")
        self.setWindowTitle(f"Add Copies of a Sheet — {game.name}")
        self.sheet = QComboBox(self)
        self.sheet.setAccessibleName("Sheet")
        for choice in self._choices:
            kind = getattr(choice.sheet, "kind", "sheet")
            self.sheet.addItem(f"{getattr(choice.sheet, 'name', '?')} ({kind}, {choice.where})")
        self.count = QSpinBox(self)
        self.count.setAccessibleName("How many")
        room = copies_room(document.encounter)
        self.count.setRange(1, max(1, room))
        self.count.setValue(min(4, max(1, room)))
        # A book monster's number appearing ("2d4 (6d10)"): its dungeon dice can be rolled.
        self.appearing_dice = appearing_dice(appearing)
        self.roll_count = QPushButton(
            f"&Roll {self.appearing_dice}" if self.appearing_dice else "&Roll", self
        )
        self.roll_count.setObjectName("copies_roll_count")
        self.roll_count.setToolTip(f"Roll the number appearing ({appearing})")
        self.roll_count.setVisible(self.appearing_dice is not None)
        self.roll_count.clicked.connect(self.roll_number_appearing)
        self.rolled = QLabel(self)
        self.rolled.setObjectName("copies_rolled")
        self.rolled.setTextFormat(Qt.TextFormat.PlainText)
        count_row = QHBoxLayout()
        count_row.setContentsMargins(0, 0, 0, 0)
        count_row.addWidget(self.count)
        count_row.addWidget(self.roll_count)
        count_row.addWidget(self.rolled, 1)
        self.method = QComboBox(self)
        self.method.setAccessibleName("Hit points of each copy")
        for key, label in HIT_POINT_METHODS.items():
            self.method.addItem(label, key)
        self.method.setCurrentIndex(self.method.findData(self.last_method))
        self.side = QComboBox(self)
        self.side.setEditable(True)
        self.side.setAccessibleName("Side")
        self.note = QLabel(self)
        self.note.setObjectName("copies_note")
        self.note.setTextFormat(Qt.TextFormat.PlainText)
        self.note.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.add_button = self.buttons.addButton("&Add", QDialogButtonBox.ButtonRole.AcceptRole)
        self.buttons.rejected.connect(self.reject)
        self.add_button.clicked.connect(self.add)
        form = QFormLayout()
        form.addRow("&Sheet:", self.sheet)
        form.addRow("How &many:", count_row)
        form.addRow("Hit &points of each copy:", self.method)
        form.addRow("S&ide:", self.side)
        for field, widget in (
            (self.sheet, self.sheet),
            (count_row, self.count),
            (self.method, self.method),
            (self.side, self.side),
        ):
            buddy = form.labelForField(field)
            if isinstance(buddy, QLabel):
                buddy.setBuddy(widget)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.note)
        layout.addStretch(1)
        layout.addWidget(self.buttons)
        self.setMinimumWidth(480)
        self.sheet.currentIndexChanged.connect(self._sheet_changed)
        self.method.currentIndexChanged.connect(self._refresh)
        self.count.valueChanged.connect(self._refresh)
        self.side.currentTextChanged.connect(self._refresh)
        self.was_applied = False
        self._sheet_changed()

    def roll_number_appearing(self) -> None:
        """Roll the book's number appearing into the count, and say what was rolled."""
        dice = self.appearing_dice
        if dice is None:
            return
        faces = self._roller.roll_faces(dice)
        total = max(self.count.minimum(), min(self.count.maximum(), sum(faces) + dice.bonus))
        self.count.setValue(total)
        shown = " + ".join(str(face) for face in faces)
        self.rolled.setText(f"rolled {dice}: {shown} = {total}")

    @property
    def chosen(self) -> BaseModel | None:
        index = self.sheet.currentIndex()
        return self._choices[index].sheet if 0 <= index < len(self._choices) else None

    def chosen_method(self) -> HitPointMethod:
        data = self.method.currentData()
        return data if data in HIT_POINT_METHODS else "average"

    def _sheet_changed(self) -> None:
        sheet = self.chosen
        sides = list(self._document.encounter.sides)
        wanted = self._side or (default_side(sheet) if sheet is not None else "Monsters")
        self.side.blockSignals(True)
        self.side.clear()
        self.side.addItems(sides if wanted in sides else [*sides, wanted])
        self.side.setCurrentText(wanted)
        self.side.blockSignals(False)
        self._refresh()

    def _refresh(self) -> None:
        sheet = self.chosen
        if sheet is None:
            game = registry.system_of(self._document.encounter).name
            self.note.setText(f"No {game} sheet is open, in the library or among the samples.")
            self.add_button.setEnabled(False)
            self.method.setEnabled(False)
            return
        if copies_room(self._document.encounter) == 0:
            self.note.setText(
                f"The encounter is full: it holds at most {core.MAX_COMBATANTS} combatants."
            )
            self.add_button.setEnabled(False)
            return
        # The box's top is the room on the side chosen: none on a side that would be one
        # side too many (the box said 190 and Add said "Only 0 more can join").
        room = copies_room(self._document.encounter, self._side_chosen())
        if room == 0:
            self.note.setText(_no_new_side(self._side_chosen()))
            self.add_button.setEnabled(False)
            return
        self.count.setMaximum(room)
        self.add_button.setEnabled(True)
        dice = _dice_text(self._document.encounter, sheet)
        self.method.setEnabled(bool(dice))
        if not dice:
            self.note.setText(
                "This sheet gives no Hit Dice: every copy has its hit points "
                f"({_hit_points_of(self._document.encounter, sheet)})."
            )
            return
        rules = registry.system_of(self._document.encounter).encounter
        assert rules is not None
        expr = rules.hit_dice(sheet)
        assert expr is not None
        method = self.chosen_method()
        if method == "rolled":
            self.note.setText(
                f"Hit Dice {dice}: each copy rolls its own, "
                f"{max(1, expr.minimum)}–{max(1, expr.maximum)}."
            )
        else:
            each = copy_hit_points(expr, method, self._roller)
            self.note.setText(f"Hit Dice {dice}: {each} hit points each ({method}).")

    def _side_chosen(self) -> str:
        sheet = self.chosen
        typed = self.side.currentText().strip()[:40]
        return typed or (default_side(sheet) if sheet is not None else "Monsters")

    def add(self) -> bool:
        """Add the copies as one undo step; False when nothing could be added."""
        sheet = self.chosen
        if sheet is None:
            return False
        side = self._side_chosen()
        method = self.chosen_method()
        try:
            encounter, text = with_copies(
                self._document.encounter, sheet, self.count.value(), side, method, self._roller
            )
        except ValueError as error:
            self.note.setText(str(error))
            return False
        CopiesDialog.last_method = method
        self._document.apply(encounter, text)
        self._document.select(encounter.combatants[-1].id)
        self.was_applied = True
        self.accept()
        return True

    @staticmethod
    def show_modal(dialog: CopiesDialog) -> int:
        """Run the dialog modally; tests replace this to drive the dialog instead."""
        return dialog.exec()
