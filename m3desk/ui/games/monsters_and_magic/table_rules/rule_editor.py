"""The editor of one table rule: a spin box, a check box or a combo, by the field's kind.

Each editor knows its :class:`RuleField`, shows a value and reports changes; the dialog
collects the values and lets pydantic decide whether they make a valid :class:`TableRules`.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QCheckBox, QComboBox, QSpinBox, QWidget

from m3desk.ui.games.monsters_and_magic.table_rules.rule_fields import EditorKind, RuleField

__all__ = ["RuleEditor"]


class RuleEditor(QObject):
    """Owns the input widget of one int, bool or choice rule (the ladder has its own)."""

    changed = Signal()

    def __init__(self, field: RuleField, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.field = field
        self.widget: QWidget = self._make(field)
        self.widget.setObjectName(f"rule_{field.name}")
        self.widget.setToolTip(field.explanation)
        self.widget.setAccessibleName(field.label)
        self.widget.setAccessibleDescription(field.explanation)

    def _make(self, field: RuleField) -> QWidget:
        if field.kind is EditorKind.INT:
            spin = QSpinBox()
            spin.setRange(field.minimum, field.maximum)
            spin.setKeyboardTracking(True)
            spin.valueChanged.connect(self.changed)
            return spin
        if field.kind is EditorKind.BOOL:
            box = QCheckBox(field.label)
            box.toggled.connect(self.changed)
            return box
        if field.kind is EditorKind.CHOICE:
            combo = QComboBox()
            for choice in field.choices:
                combo.addItem(choice.text, choice.value)
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
            combo.currentIndexChanged.connect(self.changed)
            return combo
        raise TypeError(f"{field.name} is edited by the ladder editor")

    def value(self) -> Any:
        widget = self.widget
        if isinstance(widget, QSpinBox):
            return widget.value()
        if isinstance(widget, QCheckBox):
            return widget.isChecked()
        assert isinstance(widget, QComboBox)
        return self.field.choices[widget.currentIndex()].value

    def set_value(self, value: Any) -> None:
        widget = self.widget
        if isinstance(widget, QSpinBox):
            widget.setValue(int(value))
        elif isinstance(widget, QCheckBox):
            widget.setChecked(bool(value))
        else:
            assert isinstance(widget, QComboBox)
            values = [choice.value for choice in self.field.choices]
            widget.setCurrentIndex(values.index(value) if value in values else 0)
