"""Monsters & Magic's part of the set-up: surroundings (Table 13), maximum range, Scouting.

Shown inside the generic set-up strip for encounters of this game (chosen in
:mod:`m3desk.ui.encounter.game_setup`). Every change is one :meth:`EncounterDocument.apply`.
"""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from m3desk.core.changes import Aspect
from m3desk.systems.monsters_and_magic import encounter_edits as edits
from m3desk.systems.monsters_and_magic.encounter import Encounter
from m3desk.systems.monsters_and_magic.ranges import (
    BANDS,
    MAXIMUM_RANGE,
    EncounterConditions,
    RangeBand,
)
from m3desk.ui.documents.document_link import DocumentLink
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.games.monsters_and_magic.encounter.scouting_panel import ScoutingPanel

__all__ = ["RangeSetupPanel"]


class RangeSetupPanel(QWidget):
    def __init__(
        self, document: EncounterDocument[Encounter], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._document = document
        self.conditions_combo = QComboBox()
        self.conditions_combo.setAccessibleName("Surroundings (Table 13)")
        self.conditions_combo.setToolTip(
            "Table 13: the surroundings set the maximum range at which an encounter can start"
        )
        for conditions in EncounterConditions:
            text = f"{conditions.label} — max {MAXIMUM_RANGE[conditions].label}"
            self.conditions_combo.addItem(text, conditions)
        self.conditions_combo.currentIndexChanged.connect(self._on_conditions)
        self.maximum_combo = QComboBox()
        self.maximum_combo.setAccessibleName("Maximum range")
        self.maximum_combo.setToolTip(
            "The GM's judgement of the maximum range, when Table 13 does not fit"
        )
        self.maximum_combo.currentIndexChanged.connect(self._on_maximum)
        self.scouting = ScoutingPanel(document, self)
        first = QHBoxLayout()
        for text, widget, stretch in (
            ("S&urroundings:", self.conditions_combo, 3),
            ("&Maximum range:", self.maximum_combo, 0),
        ):
            label = QLabel(text)
            label.setBuddy(widget)
            first.addWidget(label)
            first.addWidget(widget, stretch)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(first)
        layout.addWidget(self.scouting)
        self.document_link = DocumentLink(document, self)
        self.document_link.connect("encounter_changed", self._on_changed)
        self._refresh()

    @property
    def _encounter(self) -> Encounter:
        return self._document.encounter

    def _refresh(self) -> None:
        encounter = self._encounter
        self.conditions_combo.blockSignals(True)
        self.conditions_combo.setCurrentIndex(self.conditions_combo.findData(encounter.conditions))
        self.conditions_combo.blockSignals(False)
        self.maximum_combo.blockSignals(True)
        self.maximum_combo.clear()
        table = MAXIMUM_RANGE[encounter.conditions]
        self.maximum_combo.addItem(f"Table 13: {table.label}", None)
        for band in BANDS:
            self.maximum_combo.addItem(band.label, band)
        override = encounter.maximum_range_override
        self.maximum_combo.setCurrentIndex(
            0 if override is None else self.maximum_combo.findData(override)
        )
        self.maximum_combo.blockSignals(False)
        in_setup = encounter.phase == "setup"
        for widget in (self.conditions_combo, self.maximum_combo):
            widget.setEnabled(in_setup)

    def _on_changed(self, aspects: frozenset[str]) -> None:
        if aspects & {Aspect.SETUP, Aspect.ROSTER, Aspect.TURN}:
            self._refresh()

    def _on_conditions(self, _index: int) -> None:
        chosen = self.conditions_combo.currentData()  # Qt hands enums back as plain str
        if chosen is not None:
            self._document.apply(
                *edits.set_conditions(self._encounter, EncounterConditions(chosen))
            )

    def _on_maximum(self, _index: int) -> None:
        chosen = self.maximum_combo.currentData()
        band = None if chosen is None else RangeBand(chosen)
        self._document.apply(*edits.set_maximum_override(self._encounter, band))
