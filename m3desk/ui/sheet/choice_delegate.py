"""Edits a choice column (kind, weight, resisted by...) with a combo box of the allowed values.

The choices come from the model (:data:`ChoicesRole`), so one delegate serves every choice
column; a pick commits at once, without needing Enter.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtWidgets import QComboBox, QStyledItemDelegate, QStyleOptionViewItem, QWidget

from m3desk.ui.sheet.roles import ChoicesRole

__all__ = ["ChoiceDelegate"]

Index = QModelIndex | QPersistentModelIndex


class ChoiceDelegate(QStyledItemDelegate):
    def choices_for(self, index: Index) -> tuple[tuple[str, Any], ...]:
        return tuple(index.data(ChoicesRole) or ())

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: Index) -> QWidget:
        editor = QComboBox(parent)
        for label, value in self.choices_for(index):
            editor.addItem(label, value)
        editor.activated.connect(lambda _row: self._picked(editor))
        return editor

    def _picked(self, editor: QComboBox) -> None:
        self.commitData.emit(editor)
        self.closeEditor.emit(editor, QStyledItemDelegate.EndEditHint.NoHint)

    def setEditorData(self, editor: QWidget, index: Index) -> None:
        if isinstance(editor, QComboBox):
            position = editor.findData(index.data(Qt.ItemDataRole.EditRole))
            if position >= 0 and position != editor.currentIndex():
                editor.setCurrentIndex(position)

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: Index) -> None:
        if isinstance(editor, QComboBox) and editor.currentIndex() >= 0:
            model.setData(index, editor.currentData(), Qt.ItemDataRole.EditRole)
