"""Table rules of any game, as a form generated from its options model.

Every field of the game's options model becomes one row: a check box for a switch, a combo
box for a choice (a ``Literal`` or an enum), a spin box for a number within the field's
bounds, each with the game's one-line reason beneath it. pydantic decides what is valid.
"Defaults" puts back the game's own defaults. A game whose widgets provide an options dialog
of their own (:mod:`m3desk.ui.games`) gets it through :func:`ask_game_options`.
"""

from __future__ import annotations

import typing
from enum import Enum
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ValidationError
from pydantic.fields import FieldInfo
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from m3desk.core.options import option_of
from m3desk.core.system import GameSystem
from m3desk.ui import dialogs

__all__ = ["OptionsDialog", "ask_game_options", "ask_options", "make_options_dialog",
           "option_label"]


def option_label(system: GameSystem, name: str) -> str:
    """The option's label as its field declares it (``m3desk.core.options.Option``)."""
    return option_of(system.options_model, name).label


def _choices(annotation: Any) -> list[Any] | None:
    if typing.get_origin(annotation) is Literal:
        return list(typing.get_args(annotation))
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return list(annotation)
    return None


def _bounds(info: FieldInfo) -> tuple[int, int]:
    low, high = -999, 9999
    for item in info.metadata:
        ge, le = getattr(item, "ge", None), getattr(item, "le", None)
        if ge is not None:
            low = int(ge)
        if le is not None:
            high = int(le)
    return low, high


def _whole_number(item: Any) -> bool:
    """``int``, or ``int`` with bounds (``Annotated[int, Field(ge=…, le=…)]``)."""
    if typing.get_origin(item) is Annotated:
        item = typing.get_args(item)[0]
    return item is int


class _IntRow(QWidget):
    """A row of spin boxes for an option that is a fixed tuple of whole numbers."""

    def __init__(self, name: str, values: tuple[int, ...], changed: Any) -> None:
        super().__init__()
        self.setObjectName(f"option:{name}")
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        self.spins: list[QSpinBox] = []
        for value in values:
            spin = QSpinBox()
            spin.setRange(-99, 99)
            spin.setValue(value)
            spin.valueChanged.connect(changed)
            row.addWidget(spin)
            self.spins.append(spin)
        row.addStretch(1)

    def values(self) -> tuple[int, ...]:
        return tuple(spin.value() for spin in self.spins)

    def set_values(self, values: tuple[int, ...]) -> None:
        for spin, value in zip(self.spins, values, strict=True):
            spin.setValue(value)


class OptionsDialog(QDialog):
    """The game's options as a form; :meth:`options` is what it holds now (None if invalid)."""

    def __init__(self, system: GameSystem, current: BaseModel, title: str, intro: str,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.setObjectName("options_dialog")
        self._system = system
        self._model = type(current)
        self.editors: dict[str, QWidget] = {}
        body = QWidget()
        form = QFormLayout(body)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.DontWrapRows)
        form.setLabelAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        form.setVerticalSpacing(self.fontMetrics().lineSpacing() // 2)
        for name, info in type(current).model_fields.items():
            editor = self._editor(name, info.annotation, info, getattr(current, name))
            if editor is None:
                continue
            self.editors[name] = editor
            words = option_of(type(current), name)
            label = QLabel(words.label)
            label.setBuddy(editor)
            help_text = words.reason
            column = QVBoxLayout()
            column.setSpacing(1)
            column.addWidget(editor)
            if help_text:
                reason = QLabel(help_text)
                reason.setObjectName(f"reason:{name}")
                reason.setTextFormat(Qt.TextFormat.PlainText)
                reason.setWordWrap(True)
                reason.setForegroundRole(reason.foregroundRole())
                font = reason.font()
                font.setPointSizeF(font.pointSizeF() * 0.92)
                reason.setFont(font)
                column.addWidget(reason)
                editor.setToolTip(help_text)
            form.addRow(label, column)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(body)
        intro_label = QLabel(intro)
        intro_label.setWordWrap(True)
        intro_label.setTextFormat(Qt.TextFormat.PlainText)
        self.problem = QLabel()
        self.problem.setObjectName("options_problem")
        self.problem.setWordWrap(True)
        self.problem.setTextFormat(Qt.TextFormat.PlainText)
        self.problem.hide()
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.defaults_button = QPushButton("Defaults")
        self.defaults_button.setToolTip(f"Put back {system.name}'s own defaults")
        self.buttons.addButton(self.defaults_button, QDialogButtonBox.ButtonRole.ResetRole)
        self.defaults_button.clicked.connect(lambda: self.show_options(system.default_options()))
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro_label)
        layout.addWidget(scroll, 1)
        layout.addWidget(self.problem)
        layout.addWidget(self.buttons)
        em = self.fontMetrics().averageCharWidth()
        # Wide enough that each reason wraps to a line or two beside its label; as tall as
        # the options need, within the screen (the form scrolls beyond that).
        width = em * 110
        height = body.sizeHint().height() + self.fontMetrics().lineSpacing() * 8
        screen = self.screen() or QApplication.primaryScreen()
        if screen is not None:
            available = screen.availableGeometry()
            width = min(width, int(available.width() * 0.9))
            height = min(height, int(available.height() * 0.85))
        self.resize(width, height)

    def _editor(self, name: str, annotation: Any, info: FieldInfo, value: Any) -> QWidget | None:
        choices = _choices(annotation)
        if annotation is bool:
            check = QCheckBox()
            check.setObjectName(f"option:{name}")
            check.setChecked(bool(value))
            check.toggled.connect(self._validate)
            return check
        if choices is not None:
            combo = QComboBox()
            combo.setObjectName(f"option:{name}")
            words = option_of(self._model, name)
            for choice in choices:
                combo.addItem(words.words(choice), choice)
            combo.setCurrentIndex(max(choices.index(value), 0) if value in choices else 0)
            combo.currentIndexChanged.connect(self._validate)
            return combo
        if annotation is int:
            spin = QSpinBox()
            spin.setObjectName(f"option:{name}")
            spin.setRange(*_bounds(info))
            spin.setValue(int(value))
            spin.valueChanged.connect(self._validate)
            return spin
        if typing.get_origin(annotation) is tuple and all(
                _whole_number(item) for item in typing.get_args(annotation)):
            return _IntRow(name, tuple(value), self._validate)
        return None

    def show_options(self, options: BaseModel) -> None:
        for name, editor in self.editors.items():
            value = getattr(options, name)
            if isinstance(editor, QCheckBox):
                editor.setChecked(bool(value))
            elif isinstance(editor, QComboBox):
                editor.setCurrentIndex(max(editor.findData(value), 0))
            elif isinstance(editor, QSpinBox):
                editor.setValue(int(value))
            elif isinstance(editor, _IntRow):
                editor.set_values(tuple(value))

    def _values(self) -> dict[str, Any]:
        values: dict[str, Any] = {}
        for name, editor in self.editors.items():
            if isinstance(editor, QCheckBox):
                values[name] = editor.isChecked()
            elif isinstance(editor, QComboBox):
                values[name] = editor.currentData()
            elif isinstance(editor, QSpinBox):
                values[name] = editor.value()
            elif isinstance(editor, _IntRow):
                values[name] = editor.values()
        return values

    def options(self) -> BaseModel | None:
        try:
            return self._model.model_validate(self._values())
        except ValidationError as error:
            self.problem.setText(error.errors()[0]["msg"])
            return None

    def _validate(self, *_args: object) -> None:
        valid = self.options() is not None
        self.problem.setVisible(not valid)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(valid)


def ask_options(parent: QWidget | None, system: GameSystem, current: BaseModel, title: str,
                intro: str) -> BaseModel | None:
    """The game's options as the user leaves them; None when cancelled."""
    if dialogs.is_non_interactive():
        return None
    dialog = OptionsDialog(system, current, title, intro, parent)
    try:
        return dialog.options() if dialog.exec() else None
    finally:
        dialog.deleteLater()


def _intro(system: GameSystem, intro: str) -> str:
    """The game in a line (``GameSystem.summary``) above what the rules are for."""
    return "\n\n".join(part for part in (f"{system.name}: {system.summary}"
                                          if system.summary else "", intro) if part)


def ask_game_options(parent: QWidget | None, system: GameSystem, current: BaseModel,
                     title: str, intro: str = "") -> BaseModel | None:
    """The game's table rules edited: by its own dialog where its widgets provide one, else
    by this form; None when cancelled."""
    from m3desk.ui.games import parts_of

    own = parts_of(system).options_dialog
    if own is not None:
        return own(parent, system, current, title, _intro(system, intro))
    return ask_options(parent, system, current, title, _intro(system, intro))


def make_options_dialog(parent: QWidget | None, system: GameSystem, current: BaseModel,
                        title: str, intro: str = "") -> QDialog:
    """The dialog :func:`ask_game_options` runs, built but not shown (screenshots, tests)."""
    from m3desk.ui.games import parts_of

    own = parts_of(system).options_form
    if own is not None:
        return own(parent, system, current, title, _intro(system, intro))
    return OptionsDialog(system, current, title, _intro(system, intro), parent)
