"""Who the character is: name, race, class, prime, level, alignment, experience, portrait."""

from __future__ import annotations

from PySide6.QtWidgets import QFormLayout, QGroupBox, QHBoxLayout, QWidget

from m3desk.systems.monsters_and_magic.attributes import Attribute
from m3desk.systems.monsters_and_magic.sheet import CharacterSheet
from m3desk.ui.documents.sheet_document import SheetDocument
from m3desk.ui.sheet.combo_binding import ComboBinding
from m3desk.ui.sheet.eliding_combo import ElidingComboBox
from m3desk.ui.sheet.field_binding import Report
from m3desk.ui.sheet.form_fields import line_edit, spin_box
from m3desk.ui.sheet.line_edit_binding import LineEditBinding
from m3desk.ui.sheet.portrait_widget import PortraitWidget
from m3desk.ui.sheet.spin_binding import SpinBinding

__all__ = ["CharacterIdentityGroup"]

_PRIME_CHOICES = [(f"{a.value} ({a.full_name})", a) for a in Attribute] + [("none", None)]


class CharacterIdentityGroup(QGroupBox):
    def __init__(
        self, document: SheetDocument, report: Report, parent: QWidget | None = None
    ) -> None:
        super().__init__("Character", parent)
        sheet = CharacterSheet
        self.name_edit = line_edit(self, sheet, "name")
        self.race_edit = line_edit(self, sheet, "race", "human, elf…")
        self.class_edit = line_edit(self, sheet, "char_class", "fighter, cleric…")
        # Asks for 8 characters, not the longest name ("CON (Constitution)"): at 150 %
        # beside the library the group is narrow; the list shows every name in full.
        self.prime_combo = ElidingComboBox(self, min_characters=8)
        self.prime_combo.setObjectName("prime_combo")
        self.prime_combo.setToolTip("The class's prime attribute: its modifier doubles on checks")
        self.level_spin = spin_box(self, sheet, "level")
        self.alignment_edit = line_edit(self, sheet, "alignment", "e.g. Lawful")
        # No example text: at 150 % the field is too narrow for one, the label says it.
        self.focus_edit = line_edit(self, sheet, "alignment_focus")
        self.focus_edit.setToolTip("What or whom the alignment serves")
        self.focus_points_spin = spin_box(self, sheet, "alignment_focus_points")
        self.focus_points_spin.setToolTip("Alignment focus points")
        self.experience_spin = spin_box(self, sheet, "experience")
        self.experience_spin.setGroupSeparatorShown(True)

        LineEditBinding(document, ("name",), self.name_edit, "Name", report)
        LineEditBinding(document, ("race",), self.race_edit, "Race", report)
        LineEditBinding(document, ("char_class",), self.class_edit, "Class", report)
        ComboBinding(document, ("prime",), self.prime_combo, _PRIME_CHOICES, "Prime", report)
        SpinBinding(document, ("level",), self.level_spin, "Level", report)
        LineEditBinding(document, ("alignment",), self.alignment_edit, "Alignment", report)
        LineEditBinding(document, ("alignment_focus",), self.focus_edit, "Alignment focus", report)
        SpinBinding(
            document,
            ("alignment_focus_points",),
            self.focus_points_spin,
            "Alignment focus points",
            report,
        )
        SpinBinding(document, ("experience",), self.experience_spin, "Experience", report)

        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        # A row too long for the group's width puts its field under its label, so the group
        # needs no more than its widest label or field, and the sheet never scrolls sideways.
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        form.addRow("&Name", self.name_edit)
        form.addRow("&Race", self.race_edit)
        form.addRow("&Class", self.class_edit)
        form.addRow("&Prime", self.prime_combo)
        form.addRow("&Level", self.level_spin)
        form.addRow("&Alignment", self.alignment_edit)
        # The focus and its points on rows of their own: beside the points, the focus's box
        # was left a few letters wide in a narrow group. Under "Alignment", "Focus" says
        # whose focus it is (its tooltip and accessible name say "Alignment focus"), and a
        # short label leaves the fields room enough not to wrap at 150 % beside the library.
        form.addRow("&Focus", self.focus_edit)
        form.addRow("F&ocus points", self.focus_points_spin)
        form.addRow("E&xperience", self.experience_spin)

        self.portrait = PortraitWidget(document, report, self)
        layout = QHBoxLayout(self)
        layout.addLayout(form, 1)
        layout.addWidget(self.portrait)
