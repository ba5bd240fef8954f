"""The GM places an effect or consequence by hand (a spell cast off-screen, a trap).

Values follow the table rules' tiers (minor ±2, major ±4 by default) through
:meth:`Condition.make`; the dialog only collects the choices.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from m3desk.core.numbers import signed
from m3desk.systems.monsters_and_magic.conditions import (
    TIERS,
    Condition,
    ConditionKind,
    Duration,
    DurationKind,
    Tier,
    tier_value,
)
from m3desk.systems.monsters_and_magic.table_rules import TableRules
from m3desk.ui.plain_text import fit_placeholder

__all__ = ["ConditionDialog"]

_DURATIONS = (
    ("rounds", DurationKind.ROUNDS),
    ("this scene", DurationKind.SCENE),
    ("until removed", DurationKind.UNTIL_REMOVED),
)
_AFFECTS = (
    ("checks and defence", "both"),
    ("checks only", "checks"),
    ("AC and defence only", "defence"),
)


class ConditionDialog(QDialog):
    def __init__(self, bearer: str, rules: TableRules, parent: QWidget | None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Add Effect or Consequence to {bearer}")
        self._rules = rules
        self.name_edit = QLineEdit()
        self.name_edit.setMaxLength(80)
        self.name_edit.setPlaceholderText("magical shield, backstabbed!, on fire…")
        self.kind_combo = QComboBox()
        self.kind_combo.addItem("Effect (a bonus)", ConditionKind.EFFECT)
        self.kind_combo.addItem("Consequence (a penalty)", ConditionKind.CONSEQUENCE)
        self.tier_combo = QComboBox()
        for tier in TIERS:
            self.tier_combo.addItem(tier.value.capitalize(), tier)
        self.value_label = QLabel()
        self.affects_combo = QComboBox()
        for text, key in _AFFECTS:
            self.affects_combo.addItem(text, key)
        self.duration_combo = QComboBox()
        for text, kind in _DURATIONS:
            self.duration_combo.addItem(text, kind)
        self.rounds_spin = QSpinBox()
        self.rounds_spin.setRange(1, 10_000)
        self.rounds_spin.setValue(5)
        self.rounds_spin.setAccessibleName("Rounds")
        self.source_edit = QLineEdit()
        self.source_edit.setMaxLength(120)
        self.source_edit.setPlaceholderText("Shield spell, Felix's backstab…")

        for example in (self.name_edit, self.source_edit):
            fit_placeholder(example)

        duration_row = QHBoxLayout()
        duration_row.addWidget(self.rounds_spin)
        duration_row.addWidget(self.duration_combo, 1)
        form = QFormLayout(self)
        form.addRow("&Name:", self.name_edit)
        form.addRow("&Kind:", self.kind_combo)
        form.addRow("&Tier:", self.tier_combo)
        form.addRow("Value:", self.value_label)
        form.addRow("&Changes:", self.affects_combo)
        lasts = QLabel("&Lasts:")  # a row of two fields gets no buddy by itself
        lasts.setBuddy(self.rounds_spin)
        form.addRow(lasts, duration_row)
        form.addRow("&Source:", self.source_edit)
        self._buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self._buttons.accepted.connect(self.accept)
        self._buttons.rejected.connect(self.reject)
        form.addRow(self._buttons)
        for signal in (
            self.kind_combo.currentIndexChanged,
            self.tier_combo.currentIndexChanged,
            self.duration_combo.currentIndexChanged,
            self.name_edit.textChanged,
        ):
            signal.connect(self._update)
        self._update()

    # Qt hands enum members back as their plain values: convert on the way out.
    def _kind(self) -> ConditionKind:
        return ConditionKind(self.kind_combo.currentData())

    def _tier(self) -> Tier:
        return Tier(self.tier_combo.currentData())

    def _duration_kind(self) -> DurationKind:
        return DurationKind(self.duration_combo.currentData())

    def _update(self) -> None:
        magnitude = tier_value(self._tier(), self._rules)
        effect = self._kind() is ConditionKind.EFFECT
        self.value_label.setText(signed(magnitude if effect else -magnitude))
        self.rounds_spin.setEnabled(self._duration_kind() is DurationKind.ROUNDS)
        ok = self._buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(bool(self.name_edit.text().strip()))

    def condition(self) -> Condition:
        kind = self._duration_kind()
        duration = Duration(
            kind=kind, rounds=self.rounds_spin.value() if kind is DurationKind.ROUNDS else None
        )
        affects = self.affects_combo.currentData()
        made = Condition.make(
            self.name_edit.text().strip(),
            self._kind(),
            self._tier(),
            rules=self._rules,
            source=self.source_edit.text().strip(),
            duration=duration,
            affects=affects,
        )
        # Condition.make accepts ``affects`` but does not store it (reported to the lead).
        return made.model_copy(update={"affects": affects})
