"""A monster's name, level and size."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QFormLayout, QGroupBox, QWidget

from m3desk.systems.monsters_and_magic.sheet import MonsterSheet
from m3desk.systems.monsters_and_magic.size import Size
from m3desk.ui.documents.sheet_document import SheetDocument
from m3desk.ui.sheet.combo_binding import ComboBinding
from m3desk.ui.sheet.field_binding import Report
from m3desk.ui.sheet.form_fields import line_edit, spin_box
from m3desk.ui.sheet.line_edit_binding import LineEditBinding
from m3desk.ui.sheet.spin_binding import SpinBinding

__all__ = ["MonsterIdentityGroup"]

_SIZES = [(f"{size.value} ({size.label})", size) for size in Size]


class MonsterIdentityGroup(QGroupBox):
    def __init__(
        self, document: SheetDocument, report: Report, parent: QWidget | None = None
    ) -> None:
        super().__init__("Monster", parent)
        self.name_edit = line_edit(self, MonsterSheet, "name")
        self.level_spin = spin_box(self, MonsterSheet, "level")
        self.size_combo = QComboBox(self)
        self.size_combo.setObjectName("size_combo")
        self.size_combo.setToolTip("Size changes defence and effect points by 2 per step")
        LineEditBinding(document, ("name",), self.name_edit, "Name", report)
        SpinBinding(document, ("level",), self.level_spin, "Level", report)
        ComboBinding(document, ("size",), self.size_combo, _SIZES, "Size", report)
        form = QFormLayout(self)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.addRow("&Name", self.name_edit)
        form.addRow("&Level", self.level_spin)
        form.addRow("&Size", self.size_combo)
