"""The set-up steps a game rolls before its first round (OSE: surprise, distance, reaction),
rendered from what the game describes (``EncounterRules.setup_steps``).

One row per step, in the book's order: the step's name (its help in the tooltip), the option
it asks for (dungeon or wilderness), who it is rolled for (the party's speaker), the faces
typed as rolled at the table or a Roll button, and the result so far. Each roll is one undo
step and one log line, made by the game's own function.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from m3desk.core import registry
from m3desk.core.changes import Aspect
from m3desk.core.dice import DiceError, Roller, parse_faces
from m3desk.core.system import SetupStep
from m3desk.ui.documents.document_link import DocumentLink
from m3desk.ui.documents.encounter_document import EncounterDocument

__all__ = ["SetupStepsPanel", "steps_of"]


def steps_of(document: EncounterDocument) -> tuple[SetupStep, ...]:
    rules = registry.system_of(document.encounter).encounter
    return rules.setup_steps if rules is not None else ()


class _StepRow:
    """The widgets of one step."""

    def __init__(self, step: SetupStep) -> None:
        self.step = step
        self.label = QLabel(step.label)
        self.label.setToolTip(step.help)
        self.choice = QComboBox()
        self.choice.setAccessibleName(f"{step.label}: where")
        for key, text in step.choices:
            self.choice.addItem(text, key)
        self.choice.setVisible(bool(step.choices))
        self.who = QComboBox()
        self.who.setAccessibleName(f"{step.label}: rolled for")
        self.who.setVisible(step.who is not None)
        self.faces = QLineEdit()
        self.faces.setAccessibleName(f"{step.label}: faces rolled")
        self.faces.setMaxLength(40)
        width = self.faces.fontMetrics().horizontalAdvance("1d6 a side") + 16
        self.faces.setMinimumWidth(width)
        self.faces.setMaximumWidth(width + 24)
        self.roll = QPushButton("Roll")
        self.result = QLabel()
        self.result.setTextFormat(Qt.TextFormat.PlainText)
        self.result.setWordWrap(True)
        self.result.setObjectName(f"setup_result_{step.id}")
        self.result.setMinimumWidth(self.result.fontMetrics().horizontalAdvance("m") * 16)


class SetupStepsPanel(QWidget):
    """The game's set-up steps, each typed or rolled, shown while the encounter is set up."""

    def __init__(
        self,
        document: EncounterDocument,
        parent: QWidget | None = None,
        roller: Roller | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("setup_steps")
        self._document = document
        self.roller = roller or Roller()
        self.rows = [_StepRow(step) for step in steps_of(document)]
        grid = QGridLayout()
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(6)
        for number, row in enumerate(self.rows):
            grid.addWidget(row.label, number, 0)
            # A step asks for a place or a person, never both: they share a column.
            grid.addWidget(row.choice if row.step.choices else row.who, number, 1)
            grid.addWidget(row.faces, number, 2)
            grid.addWidget(row.roll, number, 3)
            grid.addWidget(row.result, number, 4)
            row.roll.clicked.connect(lambda _checked=False, r=row: self.roll_step(r))
            row.faces.returnPressed.connect(lambda r=row: self.type_step(r))
            preset = row.choice.findData(document.setup_place) if document.setup_place else -1
            if preset >= 0:  # met in the wilderness: its distance is the wilderness's
                row.choice.setCurrentIndex(preset)
            row.choice.currentIndexChanged.connect(lambda _i, r=row: self._refresh_row(r))
        grid.setColumnStretch(4, 1)
        self.note = QLabel()
        self.note.setObjectName("setup_steps_note")
        self.note.setTextFormat(Qt.TextFormat.PlainText)
        self.note.setWordWrap(True)
        self.note.hide()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(grid)
        layout.addWidget(self.note)
        self.document_link = DocumentLink(document, self)
        self.document_link.connect("encounter_changed", self._on_changed)
        self._refresh()

    def row(self, step_id: str) -> _StepRow:
        return next(row for row in self.rows if row.step.id == step_id)

    # -- reading the document ---------------------------------------------------------------

    def _on_changed(self, aspects: frozenset[str]) -> None:
        if aspects & {Aspect.SETUP, Aspect.ROSTER, Aspect.TURN, Aspect.POSITIONS}:
            self._refresh()

    def _refresh(self) -> None:
        encounter = self._document.encounter
        in_setup = encounter.phase == "setup"
        for row in self.rows:
            if row.step.who is not None:
                chosen = row.who.currentData()
                row.who.blockSignals(True)
                row.who.clear()
                for combatant_id, name in row.step.who(encounter):
                    row.who.addItem(name, combatant_id)
                index = row.who.findData(chosen)
                row.who.setCurrentIndex(index if index >= 0 else 0)
                row.who.blockSignals(False)
            for widget in (row.choice, row.who, row.faces, row.roll):
                widget.setEnabled(in_setup and bool(encounter.combatants))
            row.result.setText(row.step.shown(encounter))
            self._refresh_row(row)

    def _refresh_row(self, row: _StepRow) -> None:
        encounter = self._document.encounter
        if row.step.choices and encounter.phase == "setup" and encounter.combatants:
            # A choice an earlier step has made moot (AD&D's surprise picks the distance,
            # whatever the terrain) is greyed, and says so, rather than contradicted.
            rolled = {str(row.step.dice(encounter, key)) for key, _text in row.step.choices}
            moot = len(rolled) == 1 and len(row.step.choices) > 1
            row.choice.setEnabled(not moot)
            row.choice.setToolTip("An earlier step decides this now (see the help)" if moot else "")
        dice = row.step.dice(encounter, self._choice(row))
        if not dice.count:  # nothing to roll: the choice (or what is typed) decides
            row.roll.setText("Set")
            row.roll.setToolTip(f"Set the {row.step.label.lower()} as chosen")
            row.faces.setPlaceholderText("")
            return
        shown = f"1d{dice.sides} a {row.step.each}" if row.step.each else str(dice)
        row.roll.setText(f"Roll {shown}")
        row.roll.setToolTip(
            f"Roll {shown} for {row.step.label.lower()}, or type the faces "
            "rolled at the table and press Enter"
        )
        row.faces.setPlaceholderText(shown)

    @staticmethod
    def _choice(row: _StepRow) -> str:
        return str(row.choice.currentData() or "")

    # -- rolling ----------------------------------------------------------------------------

    def roll_step(self, row: _StepRow) -> bool:
        dice = row.step.dice(self._document.encounter, self._choice(row))
        return self._apply(row, self.roller.roll_faces(dice))

    def type_step(self, row: _StepRow) -> bool:
        try:
            faces = parse_faces(row.faces.text())
        except DiceError as error:
            self._say(str(error))
            return False
        return self._apply(row, faces)

    def _apply(self, row: _StepRow, faces: tuple[int, ...]) -> bool:
        who = row.who.currentData() if row.step.who is not None else None
        try:
            after = row.step.apply(self._document.encounter, self._choice(row), who, faces)
        except ValueError as error:
            self._say(str(error))
            return False
        self._say("")
        row.faces.clear()
        self._document.apply(after, row.step.label)
        return True

    def _say(self, text: str) -> None:
        self.note.setText(text)
        self.note.setVisible(bool(text))
