"""The Table Rules form's editors, picked by the option's type: a check box for a switch, a
combo box for a choice (a ``Literal`` or an enum), a spin box for a whole number within the
field's bounds, a row of spin boxes for a fixed tuple of whole numbers."""

from __future__ import annotations

import typing
from enum import Enum
from typing import Annotated, Any, Literal

from pydantic.fields import FieldInfo
from PySide6.QtWidgets import QCheckBox, QComboBox, QHBoxLayout, QSpinBox, QWidget

from m3desk.core.options import Option
from m3desk.ui.table_rules.parts import OptionEditor

__all__ = [
    "CheckEditor",
    "ChoiceEditor",
    "NumberEditor",
    "NumbersEditor",
    "editor_for",
    "int_bounds",
]


def int_bounds(info: FieldInfo, low: int = -999, high: int = 9999) -> tuple[int, int]:
    """The ``ge``/``gt``/``le``/``lt`` constraints of a whole-number field, inclusive."""
    for item in info.metadata:
        if getattr(item, "ge", None) is not None:
            low = int(item.ge)
        if getattr(item, "gt", None) is not None:
            low = int(item.gt) + 1
        if getattr(item, "le", None) is not None:
            high = int(item.le)
        if getattr(item, "lt", None) is not None:
            high = int(item.lt) - 1
    return low, high


def _choices(annotation: Any) -> list[Any] | None:
    if typing.get_origin(annotation) is Literal:
        return list(typing.get_args(annotation))
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return list(annotation)
    return None


def _whole_number(item: Any) -> bool:
    """``int``, or ``int`` with bounds (``Annotated[int, Field(ge=…, le=…)]``)."""
    if typing.get_origin(item) is Annotated:
        item = typing.get_args(item)[0]
    return item is int


class CheckEditor(OptionEditor):
    labelled = True

    def __init__(self, label: str) -> None:
        self.box = QCheckBox(label)
        super().__init__(self.box)
        self.box.toggled.connect(self.changed)

    def value(self) -> bool:
        return self.box.isChecked()

    def set_value(self, value: Any) -> None:
        self.box.setChecked(bool(value))


class ChoiceEditor(OptionEditor):
    def __init__(self, choices: list[Any], words: Option) -> None:
        self.combo = QComboBox()
        super().__init__(self.combo)
        for choice in choices:
            self.combo.addItem(words.words(choice), choice)
        self.combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.combo.currentIndexChanged.connect(self.changed)

    def value(self) -> Any:
        return self.combo.currentData()

    def set_value(self, value: Any) -> None:
        self.combo.setCurrentIndex(max(self.combo.findData(value), 0))


class NumberEditor(OptionEditor):
    def __init__(self, bounds: tuple[int, int]) -> None:
        self.spin = QSpinBox()
        super().__init__(self.spin)
        self.spin.setRange(*bounds)
        self.spin.setKeyboardTracking(True)
        self.spin.valueChanged.connect(self.changed)

    def value(self) -> int:
        return self.spin.value()

    def set_value(self, value: Any) -> None:
        self.spin.setValue(int(value))


class NumbersEditor(OptionEditor):
    """A row of spin boxes for an option that is a fixed tuple of whole numbers."""

    def __init__(self, count: int) -> None:
        row = QWidget()
        super().__init__(row)
        layout = QHBoxLayout(row)
        layout.setContentsMargins(0, 0, 0, 0)
        self.spins: list[QSpinBox] = []
        for _ in range(count):
            spin = QSpinBox()
            spin.setRange(-99, 99)
            spin.valueChanged.connect(self.changed)
            layout.addWidget(spin)
            self.spins.append(spin)
        layout.addStretch(1)

    def value(self) -> tuple[int, ...]:
        return tuple(spin.value() for spin in self.spins)

    def set_value(self, value: Any) -> None:
        for spin, number in zip(self.spins, tuple(value), strict=True):
            spin.setValue(int(number))

    def describe(self, reason: str) -> None:
        super().describe(reason)
        for spin in self.spins:
            spin.setToolTip(reason)


def editor_for(info: FieldInfo, words: Option) -> OptionEditor | None:
    """The editor the option's type asks for; None: the form has none (a game's own editor
    must edit it, :attr:`m3desk.ui.games.GameParts.option_editors`)."""
    annotation = info.annotation
    if annotation is bool:
        return CheckEditor(words.label)
    choices = _choices(annotation)
    if choices is not None:
        return ChoiceEditor(choices, words)
    if annotation is int:
        return NumberEditor(int_bounds(info))
    if typing.get_origin(annotation) is tuple and all(
        _whole_number(item) for item in typing.get_args(annotation)
    ):
        return NumbersEditor(len(typing.get_args(annotation)))
    return None
