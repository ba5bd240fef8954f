"""Roll from the sheet: the rolls a game offers on a sheet (``GameSystem.sheet_rolls``), each
with its exact chance, rolled here or typed as rolled at the table, and told to the open
encounter's log when there is one (through the encounter's undo path, by ``log``).

The chance shown and the result both come from the roll's one rule
(:mod:`m3desk.core.sheet_rolls`); nothing here names a game.
"""

from __future__ import annotations

from collections.abc import Callable

from pydantic import BaseModel
from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from m3desk.core import registry
from m3desk.core.dice import DiceError, Roller
from m3desk.core.sheet_rolls import RollOutcome, SheetRoll, chance_text, outcome, read_faces
from m3desk.ui.documents.sheet_document import SheetDocument, game_sheet

__all__ = ["RollLog", "SheetRollsDialog", "rolls_of"]

RollLog = Callable[[BaseModel, str, str], str]
"""(sheet, log line, undo text) → the name of the encounter it was logged in ("" if none)."""

_ROLL_ROLE = Qt.ItemDataRole.UserRole + 1


def rolls_of(document: SheetDocument) -> tuple[SheetRoll, ...]:
    """The rolls the sheet offers now, under the sheet's table rules."""
    sheet = document.sheet
    return registry.system_of(sheet).sheet_rolls(sheet, document.table_options())


class SheetRollsDialog(QDialog):
    """The sheet's rolls by group, each with its chance; Roll, or type the faces and Enter."""

    def __init__(
        self, document: SheetDocument, log: RollLog | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.document = document
        self.log = log
        self.roller = Roller()
        self.last: RollOutcome | None = None
        self.setWindowTitle(f"Roll — {game_sheet(document.sheet).name}")
        self.setObjectName("sheet_rolls_dialog")
        layout = QVBoxLayout(self)
        self.rolls_list = QListWidget(self)
        self.rolls_list.setObjectName("sheet_rolls")
        self.rolls_list.setAccessibleName("Rolls")
        self.rolls_list.setWordWrap(True)
        layout.addWidget(self.rolls_list, 1)
        line = QHBoxLayout()
        self.faces = QLineEdit(self)
        self.faces.setObjectName("sheet_roll_faces")
        self.faces.setAccessibleName("Faces rolled at the table")
        self.faces.setMaxLength(40)
        self.faces.returnPressed.connect(self.type_roll)
        faces_label = QLabel("&Typed:", self)
        faces_label.setBuddy(self.faces)
        self.roll_button = QPushButton("&Roll", self)
        self.roll_button.setObjectName("sheet_roll_button")
        self.roll_button.clicked.connect(self.roll)
        self.roll_button.setAutoDefault(False)
        line.addWidget(faces_label)
        line.addWidget(self.faces, 1)
        line.addWidget(self.roll_button)
        layout.addLayout(line)
        self.result_label = QLabel(self)
        self.result_label.setObjectName("sheet_roll_result")
        self.result_label.setTextFormat(Qt.TextFormat.PlainText)
        self.result_label.setWordWrap(True)
        # two lines kept from the start: a result appearing never pushes the buttons down
        self.result_label.setMinimumHeight(self.result_label.fontMetrics().lineSpacing() * 2 + 4)
        layout.addWidget(self.result_label)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self._fill()
        self.rolls_list.currentItemChanged.connect(self._on_current)
        self.resize(max(500, self.sizeHint().width()), 480)

    def _fill(self) -> None:
        group = ""
        bold = QFont(self.rolls_list.font())
        bold.setBold(True)
        for roll in rolls_of(self.document):
            if roll.group != group:
                group = roll.group
                header = QListWidgetItem(group, self.rolls_list)
                header.setFont(bold)
                header.setFlags(Qt.ItemFlag.NoItemFlags)  # a heading: never chosen
                header.setForeground(self.rolls_list.palette().windowText())
            item = QListWidgetItem(f"{roll.label} · {chance_text(roll)}", self.rolls_list)
            item.setData(_ROLL_ROLE, roll.id)
        first = next(
            (
                self.rolls_list.item(row)
                for row in range(self.rolls_list.count())
                if self.rolls_list.item(row).data(_ROLL_ROLE)
            ),
            None,
        )
        if first is not None:
            self.rolls_list.setCurrentItem(first)
        self._on_current()

    def select(self, roll_id: str) -> None:
        for row in range(self.rolls_list.count()):
            item = self.rolls_list.item(row)
            if item.data(_ROLL_ROLE) == roll_id:
                self.rolls_list.setCurrentItem(item)
                return
        raise KeyError(roll_id)

    def current_roll(self) -> SheetRoll | None:
        """The chosen roll as the sheet stands now (a score changed since is counted)."""
        item = self.rolls_list.currentItem()
        wanted = item.data(_ROLL_ROLE) if item is not None else None
        return next((roll for roll in rolls_of(self.document) if roll.id == wanted), None)

    def _on_current(self, *_args: object) -> None:
        roll = self.current_roll()
        self.roll_button.setEnabled(roll is not None)
        self.faces.setEnabled(roll is not None)
        if roll is not None:
            self.faces.setPlaceholderText(f"{roll.dice} as rolled")
            self.roll_button.setToolTip(
                f"Roll {roll.dice} for {roll.label.lower()}, or type "
                "the faces rolled at the table and press Enter"
            )

    def roll(self) -> RollOutcome | None:
        roll = self.current_roll()
        if roll is None:
            return None
        return self._judge(roll, self.roller.roll_faces(roll.dice))

    def type_roll(self) -> RollOutcome | None:
        roll = self.current_roll()
        if roll is None:
            return None
        try:
            faces = read_faces(roll, self.faces.text())
            judged = self._judge(roll, faces)
        except DiceError as error:
            self.result_label.setText(str(error).rstrip(".") + ".")
            return None
        self.faces.clear()
        return judged

    def _judge(self, roll: SheetRoll, faces: tuple[int, ...]) -> RollOutcome:
        judged = outcome(roll, faces)
        self.last = judged
        where = self.log(self.document.sheet, judged.text, roll.label) if self.log else ""
        self.result_label.setText(judged.text + (f"\nLogged in {where}." if where else ""))
        return judged
