"""AC as the rulebook writes it ("AC 19 (+7)"), Movement after encumbrance and armour, and
the other derived values (MOV, initiative, mental armour), each explained in its tooltip."""

from __future__ import annotations

from PySide6.QtGui import QFont
from PySide6.QtWidgets import QComboBox, QFormLayout, QGroupBox, QVBoxLayout, QWidget

from m3desk.systems.monsters_and_magic.movement import Encumbrance
from m3desk.systems.monsters_and_magic.sheet import CharacterSheet
from m3desk.ui.documents.sheet_document import SheetDocument
from m3desk.ui.sheet.combo_binding import ComboBinding
from m3desk.ui.sheet.derived_label import DerivedLabel, ac_text
from m3desk.ui.sheet.derived_values_model import CHARACTER_KEYS
from m3desk.ui.sheet.derived_values_table import DerivedValuesTable
from m3desk.ui.sheet.field_binding import Report
from m3desk.ui.sheet.form_fields import spin_box
from m3desk.ui.sheet.spin_binding import SpinBinding

__all__ = ["CharacterDefenceGroup", "headline_font"]

_ENCUMBRANCE = [(level.value, level) for level in Encumbrance]
_BY_RACE = 0


def headline_font(base: QFont) -> QFont:
    font = QFont(base)
    font.setBold(True)
    if base.pointSizeF() > 0:
        font.setPointSizeF(base.pointSizeF() * 1.4)
    return font


class CharacterDefenceGroup(QGroupBox):
    def __init__(
        self, document: SheetDocument, report: Report, parent: QWidget | None = None
    ) -> None:
        super().__init__("Defence and movement", parent)
        self.ac_label = DerivedLabel(document, ("ac", "ac.rolled"), ac_text, self)
        self.ac_label.setObjectName("ac_label")
        self.ac_label.setFont(headline_font(self.font()))

        self.movement_spin = spin_box(self, CharacterSheet, "movement_base")
        self.movement_spin.setMinimum(_BY_RACE)
        self.movement_spin.setSpecialValueText("by race")
        self.movement_spin.setToolTip(
            "Movement before encumbrance and armour; 'by race' looks it up"
        )
        SpinBinding(
            document,
            ("movement_base",),
            self.movement_spin,
            "Base movement",
            report,
            none_value=_BY_RACE,
        )
        self.encumbrance_combo = QComboBox(self)
        self.encumbrance_combo.setObjectName("encumbrance_combo")
        self.encumbrance_combo.setToolTip(
            "Encumbrance caps Movement, as medium and heavy armour do"
        )
        ComboBinding(
            document, ("encumbrance",), self.encumbrance_combo, _ENCUMBRANCE, "Encumbrance", report
        )
        self.derived_view = DerivedValuesTable(document, CHARACTER_KEYS, self)
        self.derived_model = self.derived_view.derived_model

        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.addRow("Base &movement", self.movement_spin)
        form.addRow("&Encumbrance", self.encumbrance_combo)
        layout = QVBoxLayout(self)
        layout.addWidget(self.ac_label)
        layout.addLayout(form)
        layout.addWidget(self.derived_view)
        layout.addStretch(1)
