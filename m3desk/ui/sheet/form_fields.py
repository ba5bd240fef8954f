"""Small factories for the form widgets the sheet's groups bind to fields."""

from __future__ import annotations

from pydantic import BaseModel
from PySide6.QtWidgets import QLineEdit, QSpinBox, QWidget

from m3desk.ui.sheet.sheet_edits import field_range

__all__ = ["line_edit", "spin_box"]


def line_edit(
    parent: QWidget, model: type[BaseModel], field: str, placeholder: str = ""
) -> QLineEdit:
    edit = QLineEdit(parent)
    edit.setObjectName(f"{field}_edit")
    for rule in model.model_fields[field].metadata:
        if getattr(rule, "max_length", None):
            edit.setMaxLength(int(rule.max_length))
    edit.setPlaceholderText(placeholder)
    return edit


def spin_box(parent: QWidget, model: type[BaseModel], field: str) -> QSpinBox:
    spin = QSpinBox(parent)
    spin.setObjectName(f"{field}_spin")
    spin.setRange(*field_range(model, field))
    spin.setAccelerated(True)
    return spin
