"""Initiative dice for several combatants at once: rolled already, typed over if the table
rolled real dice. One Enter accepts the offered rolls."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

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

from m3desk.core.numbers import signed
from m3desk.systems.monsters_and_magic.dice import DiceError
from m3desk.systems.monsters_and_magic.initiative_roll import InitiativeRequest, read_dice

if TYPE_CHECKING:
    from m3desk.systems.monsters_and_magic.encounter import Encounter
    from m3desk.ui.documents.encounter_document import EncounterDocument

__all__ = ["InitiativeDialog", "roll_initiative"]


class InitiativeDialog(QDialog):
    """Shows each combatant's modifier and 3d6; the initiative updates as dice are typed."""

    def __init__(self, requests: Sequence[InitiativeRequest], parent: QWidget | None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Roll Initiative")
        self._requests = list(requests)
        self.dice_edits: dict[str, QLineEdit] = {}
        self._results: dict[str, QLabel] = {}

        intro = QLabel("Initiative is 3d6 + DEX (INT when casting) + level. The dice are "
                       "rolled for you; type the table's dice (5 5 4, or a total) to "
                       "replace them.")
        intro.setWordWrap(True)
        grid_host = QWidget()
        grid = QGridLayout(grid_host)
        for column, title in enumerate(("Combatant", "Modifier", "3d6", "Initiative")):
            header = QLabel(title)
            bold = header.font()
            bold.setBold(True)
            header.setFont(bold)
            grid.addWidget(header, 0, column)
        for row, request in enumerate(self._requests, start=1):
            name = request.name + (" (casting)" if request.casting else "")
            grid.addWidget(QLabel(name), row, 0)
            modifier = QLabel(signed(request.modifier))
            modifier.setToolTip(request.terms_text)
            grid.addWidget(modifier, row, 1, Qt.AlignmentFlag.AlignRight)
            edit = QLineEdit(" ".join(str(face) for face in request.rolled))
            edit.setAccessibleName(f"3d6 for {request.name}")
            edit.setToolTip("Three faces (5 5 4) or their total (14)")
            edit.textChanged.connect(self._update)
            grid.addWidget(edit, row, 2)
            result = QLabel()
            result.setMinimumWidth(result.fontMetrics().horizontalAdvance("00 (invalid)"))
            grid.addWidget(result, row, 3)
            self.dice_edits[request.combatant_id] = edit
            self._results[request.combatant_id] = result
        grid.setColumnStretch(0, 1)
        scroll = QScrollArea()
        scroll.setWidget(grid_host)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)

        self._buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                         | QDialogButtonBox.StandardButton.Cancel)
        self._buttons.accepted.connect(self.accept)
        self._buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(scroll, 1)
        layout.addWidget(self._buttons)
        self._update()

    def _read(self, request: InitiativeRequest) -> int | None:
        try:
            return read_dice(self.dice_edits[request.combatant_id].text())
        except DiceError:
            return None

    def _update(self) -> None:
        valid = True
        for request in self._requests:
            total = self._read(request)
            label = self._results[request.combatant_id]
            if total is None:
                valid = False
                label.setText("? (invalid)")
                label.setToolTip("Type three faces (5 5 4) or their total (3 to 18)")
            else:
                label.setText(str(request.result(total)))
                label.setToolTip(request.details(self.dice_edits[request.combatant_id]
                                                 .text().strip(), total))
        self._buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(valid)

    def answers(self) -> dict[str, tuple[int, str]]:
        """Combatant id → (3d6 total, the dice as typed) for every valid row."""
        answers = {}
        for request in self._requests:
            total = self._read(request)
            if total is not None:
                text = self.dice_edits[request.combatant_id].text().strip()
                answers[request.combatant_id] = (total, text)
        return answers


def roll_initiative(document: EncounterDocument[Encounter], ids: list[str], host: QWidget,
                    roller: Any) -> None:
    """Monsters & Magic's initiative check for ``ids``: 3d6 + modifier rolled and shown,
    the table's dice typed over them, the accepted ones applied as one undo step."""
    from m3desk.systems.monsters_and_magic import encounter_edits as edits
    from m3desk.systems.monsters_and_magic.dice import Roller
    from m3desk.systems.monsters_and_magic.initiative_roll import initiative_requests
    from m3desk.ui.games.monsters_and_magic.encounter import prompts

    encounter = document.encounter
    requests = initiative_requests(encounter, ids, roller if isinstance(roller, Roller)
                                   else Roller())
    answers = prompts.ask_initiative_dice(host, requests)
    if not answers:
        return
    results = {}
    for request in requests:
        if request.combatant_id in answers:
            total, typed = answers[request.combatant_id]
            results[request.combatant_id] = (request.result(total),
                                             request.details(typed, total))
    if results:
        document.apply(*edits.set_initiatives(encounter, results))
