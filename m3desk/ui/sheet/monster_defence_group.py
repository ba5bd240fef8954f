"""A monster's AC as its stat block gives it ("AC 17 (+7)"), and its initiative."""

from __future__ import annotations

from PySide6.QtWidgets import QFormLayout, QGroupBox, QVBoxLayout, QWidget

from m3desk.systems.monsters_and_magic.sheet import MonsterSheet
from m3desk.ui.documents.sheet_document import SheetDocument
from m3desk.ui.sheet.character_defence_group import headline_font
from m3desk.ui.sheet.derived_label import DerivedLabel, ac_text
from m3desk.ui.sheet.derived_values_model import MONSTER_KEYS
from m3desk.ui.sheet.derived_values_table import DerivedValuesTable
from m3desk.ui.sheet.field_binding import Report
from m3desk.ui.sheet.form_fields import spin_box
from m3desk.ui.sheet.spin_binding import SpinBinding

__all__ = ["NO_ARMOUR_BONUS", "MonsterDefenceGroup"]

NO_ARMOUR_BONUS = -1
"""The armour-bonus spin box's "none": AC and rolled defence as the stat block writes them."""


class MonsterDefenceGroup(QGroupBox):
    def __init__(
        self, document: SheetDocument, report: Report, parent: QWidget | None = None
    ) -> None:
        super().__init__("Defence", parent)
        self.ac_label = DerivedLabel(document, ("ac", "ac.rolled"), ac_text, self)
        self.ac_label.setObjectName("ac_label")
        self.ac_label.setFont(headline_font(self.font()))
        self.ac_spin = spin_box(self, MonsterSheet, "armour_class")
        self.ac_spin.setToolTip("Static AC from the stat block")
        self.rolled_spin = spin_box(self, MonsterSheet, "rolled_defence")
        self.rolled_spin.setPrefix("3d6 + ")
        self.rolled_spin.setToolTip("The rolled form of the AC: 'AC 17 (+7)' rolls 3d6+7")
        self.armour_spin = spin_box(self, MonsterSheet, "armour_bonus")
        self.armour_spin.setMinimum(NO_ARMOUR_BONUS)
        self.armour_spin.setSpecialValueText("none (AC as written)")
        self.armour_spin.setPrefix("+")
        self.armour_spin.setToolTip(
            "The armour bonus its AC is built from, like the orc's +1: AC = DEX + armour bonus "
            "(+ level with an armour trait), rolled defence = DEX modifier + the same. "
            "None: the AC and rolled defence as written above."
        )
        self.mental_spin = spin_box(self, MonsterSheet, "mental_armour")
        self.mental_spin.setPrefix("+")
        self.mental_spin.setToolTip(
            "Armour bonus to mental resistance (a cosseted social class, a glamour)"
        )
        SpinBinding(document, ("armour_class",), self.ac_spin, "AC", report)
        SpinBinding(document, ("rolled_defence",), self.rolled_spin, "Rolled defence", report)
        SpinBinding(document, ("armour_bonus",), self.armour_spin, "Armour bonus", report,
                    none_value=NO_ARMOUR_BONUS)
        SpinBinding(document, ("mental_armour",), self.mental_spin, "Mental armour", report)
        self.armour_spin.valueChanged.connect(self._armour_changed)
        self.derived_view = DerivedValuesTable(document, MONSTER_KEYS, self)
        self.derived_model = self.derived_view.derived_model
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.addRow("&AC", self.ac_spin)
        form.addRow("&Rolled defence", self.rolled_spin)
        form.addRow("Armour &bonus", self.armour_spin)
        form.addRow("&Mental armour", self.mental_spin)
        layout = QVBoxLayout(self)
        layout.addWidget(self.ac_label)
        layout.addLayout(form)
        layout.addWidget(self.derived_view)
        layout.addStretch(1)
        self._armour_changed(self.armour_spin.value())

    def _armour_changed(self, value: int) -> None:
        """With an armour bonus, AC and rolled defence are worked out: the written ones rest."""
        built = value != NO_ARMOUR_BONUS
        for spin in (self.ac_spin, self.rolled_spin):
            spin.setEnabled(not built)
        self.ac_spin.setToolTip("Worked out from DEX and the armour bonus" if built
                                else "Static AC from the stat block")
