"""What the check must beat: AC, an attribute resistance, a difficulty, or the GM's number.

Static or rolled for each kind (a surprised target must roll; the GM may roll any
resistance). The editor only collects a
:class:`~m3desk.systems.monsters_and_magic.ResistanceChoice`; the
numbers come from :func:`~m3desk.systems.monsters_and_magic.build_check`.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QRadioButton,
    QSizePolicy,
    QSpinBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from m3desk.core.numbers import signed
from m3desk.systems.monsters_and_magic import (
    Attribute,
    CharacterSheet,
    Concentration,
    MonsterSheet,
    ResistanceChoice,
    ResistanceKind,
    TableRules,
)
from m3desk.systems.monsters_and_magic.attributes import check_modifier
from m3desk.systems.monsters_and_magic.derive import derive
from m3desk.ui.action.combo_items import current_data, fill_combo, select_data
from m3desk.ui.games.monsters_and_magic.action.trait_picker import TraitPicker
from m3desk.ui.plain_text import fit_placeholder

__all__ = ["ResistanceEditor"]

Sheet = CharacterSheet | MonsterSheet
_CONCENTRATION_TEXT = {
    Concentration.SAFE: "Safe",
    Concentration.DANGEROUS: "Dangerous surroundings",
    Concentration.THREATENED: "Under threat (being attacked)",
}
_KINDS = (
    ResistanceKind.AC,
    ResistanceKind.ATTRIBUTE,
    ResistanceKind.DIFFICULTY,
    ResistanceKind.FIXED,
)
_KIND_TEXT = {
    ResistanceKind.AC: "A&C",
    ResistanceKind.ATTRIBUTE: "Attrib&ute",
    ResistanceKind.DIFFICULTY: "Di&fficulty",
    ResistanceKind.FIXED: "GM's &number",
}


class ResistanceEditor(QWidget):
    """Kind, static or rolled, and the kind's own inputs."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._target: Sheet | None = None
        self._rules = TableRules()
        self.kinds = QButtonGroup(self)
        self.radios: dict[ResistanceKind, QRadioButton] = {}
        radio_row = QHBoxLayout()
        radio_row.setSpacing(12)
        for number, kind in enumerate(_KINDS):
            radio = QRadioButton(_KIND_TEXT[kind], self)
            self.kinds.addButton(radio, number)
            self.radios[kind] = radio
            radio_row.addWidget(radio)
        radio_row.addStretch(1)
        self.rolled = QCheckBox("Ro&lled (3d6 + bonus, not the static number)", self)
        self.surprise_note = QLabel(self)
        self.surprise_note.setWordWrap(True)

        self.pages = QStackedWidget(self)
        self.ac_text = QLabel(self)
        self.ac_text.setWordWrap(True)
        self.pages.addWidget(self.ac_text)

        attribute_page = QWidget(self)
        self.attribute = QComboBox(attribute_page)
        self.target_traits = TraitPicker(attribute_page, owner="Target's trait bonus")
        attribute_form = QFormLayout(attribute_page)
        attribute_form.setContentsMargins(0, 0, 0, 0)
        attribute_form.addRow("Resists with", self.attribute)
        attribute_form.addRow("Its traits", self.target_traits)
        self.pages.addWidget(attribute_page)

        difficulty_page = QWidget(self)
        self.rung = QComboBox(difficulty_page)
        self.concentration = QComboBox(difficulty_page)
        for level, text in _CONCENTRATION_TEXT.items():
            self.concentration.addItem(f"{text} ({signed(int(level))})", int(level))
        self.concentration.setToolTip(
            "Spells and first aid need concentration: +5 in dangerous "
            "surroundings, +10 when you are being attacked."
        )
        self.spell_level = QSpinBox(difficulty_page)
        self.spell_level.setRange(0, 20)
        self.spell_level.setMaximumWidth(self.fontMetrics().horizontalAdvance("00000") + 40)
        self.spell_level.setToolTip("A spell's level adds to its difficulty (Shield: 10 + 1).")
        difficulty_form = QFormLayout(difficulty_page)
        difficulty_form.setContentsMargins(0, 0, 0, 0)
        difficulty_form.addRow("Difficulty", self.rung)
        difficulty_form.addRow("Concentration", self.concentration)
        difficulty_form.addRow("Spell level", self.spell_level)
        self.pages.addWidget(difficulty_page)

        fixed_page = QWidget(self)
        self.fixed = QSpinBox(fixed_page)
        self.fixed.setRange(-99, 199)
        self.fixed.setValue(10)
        self.fixed.setMaximumWidth(self.fontMetrics().horizontalAdvance("000000") + 40)
        self.fixed_label = QLineEdit(fixed_page)
        self.fixed_label.setMaxLength(40)
        self.fixed_label.setPlaceholderText("e.g. turning")
        fit_placeholder(self.fixed_label)
        fixed_form = QFormLayout(fixed_page)
        fixed_form.setContentsMargins(0, 0, 0, 0)
        fixed_form.addRow("Number", self.fixed)
        fixed_form.addRow("Called", self.fixed_label)
        self.pages.addWidget(fixed_page)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addLayout(radio_row)
        layout.addWidget(self.rolled)
        layout.addWidget(self.surprise_note)
        layout.addWidget(self.pages)
        self.surprise_note.hide()

        self.radios[ResistanceKind.AC].setChecked(True)
        self._show_page(0)
        self.kinds.idToggled.connect(self._on_kind)
        self.rolled.toggled.connect(lambda _b: self.changed.emit())
        self.attribute.currentIndexChanged.connect(lambda _i: self.changed.emit())
        self.target_traits.changed.connect(self.changed)
        self.rung.currentIndexChanged.connect(lambda _i: self.changed.emit())
        self.concentration.currentIndexChanged.connect(lambda _i: self.changed.emit())
        self.spell_level.valueChanged.connect(lambda _v: self.changed.emit())
        self.fixed.valueChanged.connect(lambda _v: self.changed.emit())
        self.fixed_label.textChanged.connect(lambda _t: self.changed.emit())

    # -- context -----------------------------------------------------------------------

    def set_rules(self, rules: TableRules) -> None:
        self._rules = rules
        fill_combo(
            self.rung,
            (
                (
                    f"{rung.name} ({rung.static}; rolled {signed(rung.rolled_bonus)})",
                    rung.static,
                    "",
                )
                for rung in rules.difficulty_ladder
            ),
            keep=current_data(self.rung) or 10,
        )

    def set_target(self, target: Sheet | None, *, surprised: bool) -> None:
        """Which kinds make sense: AC and attribute need someone who resists."""
        self._target = target
        for kind in (ResistanceKind.AC, ResistanceKind.ATTRIBUTE):
            self.radios[kind].setEnabled(target is not None)
            self.radios[kind].setToolTip("" if target is not None else "choose a target first")
        self.surprise_note.setVisible(surprised)
        if surprised and target is not None:
            self.surprise_note.setText(f"{target.name} is surprised: it must roll its resistance.")
        if target is None:
            self.ac_text.setText("")
            fill_combo(self.attribute, [])
            self.target_traits.set_traits((), 1)
            return
        derived = derive(target, self._rules)
        self.ac_text.setText(
            f"AC {derived['ac'].value} static, or 3d6 {signed(derived['ac.rolled'].value)} "
            "rolled (effects and consequences are under Situation)."
        )
        self.ac_text.setToolTip(derived["ac"].explanation())
        entries = []
        for attribute in Attribute:
            score = target.attributes.score(attribute)
            rolled = check_modifier(score, prime=False, rules=self._rules)
            entries.append(
                (
                    f"{attribute}  {score} static  ·  rolled {signed(rolled)}",
                    attribute.value,
                    attribute.full_name,
                )
            )
        fill_combo(self.attribute, entries, keep=current_data(self.attribute))
        self.target_traits.set_traits(target.traits, target.level)

    # -- the choice --------------------------------------------------------------------

    def kind(self) -> ResistanceKind:
        return _KINDS[max(self.kinds.checkedId(), 0)]

    def choice(self) -> ResistanceChoice:
        kind = self.kind()
        attribute = current_data(self.attribute)
        return ResistanceChoice(
            kind=kind,
            attribute=Attribute(attribute) if attribute else None,
            rolled=self.rolled.isChecked(),
            traits=min(len(self.target_traits.checked_names()), 20)
            if kind is ResistanceKind.ATTRIBUTE
            else 0,
            difficulty=int(current_data(self.rung) or 10),
            concentration=Concentration(int(current_data(self.concentration) or 0)),
            spell_level=self.spell_level.value(),
            fixed=self.fixed.value(),
            label=self.fixed_label.text().strip() if kind is ResistanceKind.FIXED else "",
        )

    def set_choice(self, choice: ResistanceChoice) -> None:
        """Show ``choice`` without emitting ``changed`` (the caller refreshes once)."""
        widgets = (
            self.kinds,
            self.rolled,
            self.attribute,
            self.rung,
            self.concentration,
            self.spell_level,
            self.fixed,
            self.fixed_label,
        )
        blocked = [w.blockSignals(True) for w in widgets]
        try:
            kind = choice.kind
            if not self.radios[kind].isEnabled():
                kind = ResistanceKind.DIFFICULTY
            self.radios[kind].setChecked(True)
            self._show_page(_KINDS.index(kind))
            self.rolled.setChecked(choice.rolled)
            if choice.attribute is not None:
                select_data(self.attribute, choice.attribute.value)
            if not select_data(self.rung, choice.difficulty):
                select_data(self.rung, 10)
            select_data(self.concentration, int(choice.concentration))
            self.spell_level.setValue(choice.spell_level)
            if choice.fixed is not None:
                self.fixed.setValue(choice.fixed)
            self.fixed_label.setText(choice.label)
        finally:
            for widget, was in zip(widgets, blocked, strict=True):
                widget.blockSignals(was)

    def _show_page(self, number: int) -> None:
        """Only the current page claims room (a stack is as tall as its tallest page)."""
        for index in range(self.pages.count()):
            page = self.pages.widget(index)
            if page is None:
                continue
            policy = QSizePolicy.Policy.Preferred if index == number else QSizePolicy.Policy.Ignored
            page.setSizePolicy(policy, policy)
        self.pages.setCurrentIndex(number)
        self.pages.adjustSize()

    def _on_kind(self, number: int, checked: bool) -> None:
        if checked:
            self._show_page(number)
            self.changed.emit()
