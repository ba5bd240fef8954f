"""Editors for the difficulty ladder's cells: a bounded spin box and a limited line edit."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex
from PySide6.QtWidgets import (
    QLineEdit,
    QSpinBox,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)

from m3desk.ui.games.monsters_and_magic.table_rules.ladder_model import (
    NAME_LIMIT,
    STATIC_RANGE,
    LadderColumn,
)

__all__ = ["LadderDelegate"]

Index = QModelIndex | QPersistentModelIndex


class LadderDelegate(QStyledItemDelegate):
    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: Index) -> QWidget:
        if index.column() == LadderColumn.STATIC:
            spin = QSpinBox(parent)
            spin.setRange(*STATIC_RANGE)
            spin.setAccessibleName("Static difficulty")
            return spin
        if index.column() == LadderColumn.NAME:
            edit = QLineEdit(parent)
            edit.setMaxLength(NAME_LIMIT)
            edit.setAccessibleName("Difficulty name")
            return edit
        return super().createEditor(parent, option, index)
