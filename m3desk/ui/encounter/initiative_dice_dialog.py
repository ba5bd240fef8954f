"""Initiative dice for several combatants at once: rolled already, typed over where the
table rolled real dice; one Enter accepts the offered rolls.

Any game whose initiative is a roll per combatant with a modifier can ask it so: it hands
one :class:`InitiativeRow` per combatant (its name, its modifier, the dice offered, and its
own rule that reads typed dice and gives the initiative), and gets back the dice the GM
accepted. The rule stays the game's; the rows, the live results and the checks are here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QLabel,
    QLineEdit,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

__all__ = ["InitiativeAnswers", "InitiativeDiceDialog", "InitiativeRow"]

InitiativeAnswers = dict[str, tuple[int, str]]
"""Combatant id → (the dice's total, the dice as typed) for each row the GM accepted."""


@dataclass(frozen=True, slots=True)
class InitiativeRow:
    """One combatant's initiative roll waiting for its dice, in the game's own rule."""

    combatant_id: str
    name: str
    """As listed ("Felix Pook (casting)")."""
    modifier: str
    """The modifier as shown ("+6"), with ``modifier_tip`` saying where it comes from."""
    modifier_tip: str
    offered: str
    """The dice the app rolled, as they would be typed ("5 5 4")."""
    read: Callable[[str], int]
    """The dice's total from what the GM typed; a ValueError says why it is not a roll."""
    result: Callable[[int], int]
    """The initiative from the dice's total."""
    details: Callable[[str, int], str]
    """The log's explanation from the dice as typed and their total."""


class InitiativeDiceDialog(QDialog):
    """Each combatant's modifier and dice; its initiative updates as dice are typed."""

    def __init__(
        self,
        rows: Sequence[InitiativeRow],
        parent: QWidget | None,
        *,
        intro: str,
        dice: str,
        hint: str,
    ) -> None:
        """``dice``: the dice column's title ("3d6"); ``hint``: what a row accepts, said
        when it cannot be read ("Type three faces (5 5 4) or their total (3 to 18)")."""
        super().__init__(parent)
        self.setWindowTitle("Roll Initiative")
        self._rows = list(rows)
        self._hint = hint
        self.dice_edits: dict[str, QLineEdit] = {}
        self._results: dict[str, QLabel] = {}

        said = QLabel(intro)
        said.setTextFormat(Qt.TextFormat.PlainText)
        said.setWordWrap(True)
        grid_host = QWidget()
        grid = QGridLayout(grid_host)
        for column, title in enumerate(("Combatant", "Modifier", dice, "Initiative")):
            header = QLabel(title)
            bold = header.font()
            bold.setBold(True)
            header.setFont(bold)
            grid.addWidget(header, 0, column)
        for number, row in enumerate(self._rows, start=1):
            self._add_row(grid, number, row, dice)
        grid.setColumnStretch(0, 1)
        scroll = QScrollArea()
        scroll.setWidget(grid_host)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)

        self._buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self._buttons.accepted.connect(self.accept)
        self._buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(said)
        layout.addWidget(scroll, 1)
        layout.addWidget(self._buttons)
        self._update()

    def _add_row(self, grid: QGridLayout, number: int, row: InitiativeRow, dice: str) -> None:
        name = QLabel(row.name)
        name.setTextFormat(Qt.TextFormat.PlainText)
        grid.addWidget(name, number, 0)
        modifier = QLabel(row.modifier)
        modifier.setToolTip(row.modifier_tip)
        grid.addWidget(modifier, number, 1, Qt.AlignmentFlag.AlignRight)
        edit = QLineEdit(row.offered)
        edit.setAccessibleName(f"{dice} for {row.name}")
        edit.setToolTip(self._hint)
        edit.textChanged.connect(self._update)
        grid.addWidget(edit, number, 2)
        result = QLabel()
        result.setMinimumWidth(result.fontMetrics().horizontalAdvance("00 (invalid)"))
        grid.addWidget(result, number, 3)
        self.dice_edits[row.combatant_id] = edit
        self._results[row.combatant_id] = result

    def _read(self, row: InitiativeRow) -> int | None:
        try:
            return row.read(self.dice_edits[row.combatant_id].text())
        except ValueError:
            return None

    def _update(self) -> None:
        valid = True
        for row in self._rows:
            total = self._read(row)
            label = self._results[row.combatant_id]
            if total is None:
                valid = False
                label.setText("? (invalid)")
                label.setToolTip(self._hint)
            else:
                label.setText(str(row.result(total)))
                label.setToolTip(
                    row.details(self.dice_edits[row.combatant_id].text().strip(), total)
                )
        self._buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(valid)

    def answers(self) -> InitiativeAnswers:
        """Combatant id → (the dice's total, the dice as typed) for every valid row."""
        answers = {}
        for row in self._rows:
            total = self._read(row)
            if total is not None:
                answers[row.combatant_id] = (
                    total,
                    self.dice_edits[row.combatant_id].text().strip(),
                )
        return answers
