"""Scouting results per side, what they give (starting range, surprise), and Apply.

The choices are a form, not encounter state: the encounter keeps only the outcome
(ranges and the surprising side), which :func:`resolve_scouting` computes. The preview is
that same function run on the current encounter, so what is shown is what Apply does.
"""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QComboBox, QHBoxLayout, QLabel, QPushButton, QWidget

from m3desk.systems.monsters_and_magic.checks import Failure
from m3desk.systems.monsters_and_magic.encounter import Encounter, resolve_scouting
from m3desk.ui.documents.document_link import DocumentLink
from m3desk.ui.documents.encounter_document import EncounterDocument

__all__ = ["SCOUTING_CHOICES", "ScoutingPanel"]

NOT_ROLLED = "not rolled"
SUCCESS = "success"
SCOUTING_CHOICES: tuple[tuple[str, str], ...] = (
    ("— not rolled —", NOT_ROLLED),
    ("Success", SUCCESS),
    ("Simple failure", Failure.SIMPLE.value),
    ("Minor failure", Failure.MINOR.value),
    ("Major failure", Failure.MAJOR.value),
    ("Extreme failure", Failure.EXTREME.value),
)
"""Item data are plain strings: Qt hands enum members back as their values anyway."""
_FAILURES = {failure.value: failure for failure in Failure}


class ScoutingPanel(QWidget):
    def __init__(
        self, document: EncounterDocument[Encounter], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._document = document
        self.side_combos: dict[str, QComboBox] = {}
        self._surprise_for: str | None = None
        """The side the surprise box was last offered for; a new side resets it to ticked."""
        self._sides_row = QHBoxLayout()
        self._sides_row.setContentsMargins(0, 0, 0, 0)
        self.preview = QLabel()
        self.preview.setAccessibleName("Scouting outcome")
        self.surprise_box = QCheckBox()
        self.surprise_box.setToolTip("Untick when the GM rules that nobody is surprised")
        self.surprise_box.toggled.connect(self._update_preview)
        self.apply_button = QPushButton("Apply &Scouting")
        self.apply_button.setToolTip(
            "Set the starting range and surprise from these results (one undo step)"
        )
        self.apply_button.clicked.connect(self.apply)

        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(QLabel("Scouting:"))
        layout.addLayout(self._sides_row)
        layout.addWidget(self.surprise_box)
        layout.addWidget(self.apply_button)
        layout.addWidget(self.preview, 1)

        self.document_link = DocumentLink(document, self)
        self.document_link.connect("encounter_changed", self._on_changed)
        self._build_sides()

    def results(self) -> dict[str, Failure | None]:
        """The sides whose result is set: None for a success, else the failure."""
        chosen: dict[str, Failure | None] = {}
        for side, combo in self.side_combos.items():
            value = combo.currentData()
            if value == SUCCESS:
                chosen[side] = None
            elif value in _FAILURES:
                chosen[side] = _FAILURES[value]
        return chosen

    def set_result(self, side: str, result: Failure | None) -> None:
        """Choose a side's result as the GM would (None = success)."""
        combo = self.side_combos[side]
        combo.setCurrentIndex(combo.findData(SUCCESS if result is None else result.value))

    def _surprise_choice(self) -> bool | None:
        return None if self.surprise_box.isChecked() else False

    def outcome(self) -> Encounter | None:
        results = self.results()
        if not results:
            return None
        return resolve_scouting(self._document.encounter, results, surprise=self._surprise_choice())

    def apply(self) -> None:
        outcome = self.outcome()
        if outcome is not None:
            self._document.apply(outcome, "Scouting results")

    def _build_sides(self) -> None:
        previous = {side: combo.currentData() for side, combo in self.side_combos.items()}
        while self._sides_row.count():
            item = self._sides_row.takeAt(0)
            old = item.widget() if item is not None else None
            if old is not None:
                old.deleteLater()
        self.side_combos.clear()
        for side in self._document.encounter.sides:
            label = QLabel(f"{side}:")
            combo = QComboBox()
            combo.setAccessibleName(f"Scouting result of the {side}")
            for text, value in SCOUTING_CHOICES:
                combo.addItem(text, value)
            if side in previous:
                combo.setCurrentIndex(max(combo.findData(previous[side]), 0))
            combo.currentIndexChanged.connect(self._update_preview)
            label.setBuddy(combo)
            self._sides_row.addWidget(label)
            self._sides_row.addWidget(combo)
            self.side_combos[side] = combo
        self._update_preview()

    def _on_changed(self, aspects: frozenset[str]) -> None:
        if tuple(self.side_combos) != self._document.encounter.sides:
            self._build_sides()
        elif aspects & {"setup", "roster", "turn"}:
            self._update_preview()

    def _update_preview(self) -> None:
        results = self.results()
        in_setup = self._document.encounter.phase == "setup"
        for combo in self.side_combos.values():
            combo.setEnabled(in_setup)
        if not results:
            self.preview.setText("Choose each side's result")
            self.surprise_box.setText("Surprise")
            self.surprise_box.setEnabled(False)
            self.apply_button.setEnabled(False)
            return
        by_rules = resolve_scouting(self._document.encounter, results)
        side = by_rules.surprise_side
        self.surprise_box.blockSignals(True)
        self.surprise_box.setEnabled(side is not None and in_setup)
        self.surprise_box.setText(f"The {side} have surprise" if side else "No surprise")
        if side != self._surprise_for:
            self._surprise_for = side
            self.surprise_box.setChecked(side is not None)
        self.surprise_box.blockSignals(False)
        outcome = self.outcome()
        text = outcome.log[-1].text if outcome is not None else ""
        self.preview.setText("→ " + text.removeprefix("Scouting: "))
        self.apply_button.setEnabled(in_setup)
