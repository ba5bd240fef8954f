"""Edits a choice column (kind, weight, resisted by...) with a combo box of the allowed values.

The choices come from the model (:data:`ChoicesRole`), so one delegate serves every choice
column; a pick from the open list commits at once, without needing Enter, while the arrow
keys on the closed box only step (:class:`ChoiceCombo`, the tracker's choice cells use it
too). The column is as wide as the combo box showing its longest choice, so opening the editor
neither cuts a choice nor moves the cell.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPersistentModelIndex, QSize, Qt, Signal
from PySide6.QtGui import QKeyEvent, QWheelEvent
from PySide6.QtWidgets import QComboBox, QStyledItemDelegate, QStyleOptionViewItem, QWidget

from m3desk.ui.sheet.roles import ChoicesRole

__all__ = ["ChoiceCombo", "ChoiceDelegate"]

Index = QModelIndex | QPersistentModelIndex


class ChoiceCombo(QComboBox):
    """A cell's list of choices; :attr:`picked` says the user chose one.

    Stepping through it while it is closed (the arrow keys, a typed letter, the wheel) only
    moves; Return, Tab or leaving the cell commits (the delegate's editor handling), as a
    click on an item of the open list does at once. (A closed QComboBox reports every step
    as ``activated``, which would commit the next item at the first key press and close the
    editor.)
    """

    picked = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._stepping = False
        self.activated.connect(self._on_activated)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        self._stepping = True
        try:
            super().keyPressEvent(event)
        finally:
            self._stepping = False

    def wheelEvent(self, event: QWheelEvent) -> None:
        self._stepping = True
        try:
            super().wheelEvent(event)
        finally:
            self._stepping = False

    def _on_activated(self, row: int) -> None:
        if not self._stepping:
            self.picked.emit(row)


class ChoiceDelegate(QStyledItemDelegate):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._widths: dict[tuple[Any, ...], int] = {}

    def choices_for(self, index: Index) -> tuple[tuple[str, Any], ...]:
        return tuple(index.data(ChoicesRole) or ())

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: Index) -> QWidget:
        editor = ChoiceCombo(parent)
        editor.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        for label, value in self.choices_for(index):
            editor.addItem(label, value)
        editor.picked.connect(lambda _row: self._picked(editor))
        return editor

    def combo_width(self, index: Index, parent: QWidget | None) -> int:
        """How wide a combo box showing every choice of ``index`` must be (cached)."""
        choices = self.choices_for(index)
        look = (parent.font().key(), parent.style().name()) if parent is not None else ()
        key = (choices, look)
        if key not in self._widths:
            # A top-level probe, never shown: as a child it would appear with its parent.
            probe = QComboBox()
            if parent is not None:
                probe.setFont(parent.font())
                probe.setStyle(parent.style())
            probe.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
            for label, value in choices:
                probe.addItem(label, value)
            self._widths[key] = probe.sizeHint().width()
            probe.setStyle(None)  # type: ignore[arg-type]  # let go of the shared style
            del probe
        return self._widths[key]

    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:
        hint = super().sizeHint(option, index)
        parent = self.parent()
        width = self.combo_width(index, parent if isinstance(parent, QWidget) else None)
        return QSize(max(hint.width(), width), hint.height())

    def updateEditorGeometry(
        self, editor: QWidget, option: QStyleOptionViewItem, index: Index
    ) -> None:
        """Never narrower than the longest choice: the pick must be readable."""
        super().updateEditorGeometry(editor, option, index)
        wide = editor.sizeHint().width()
        if editor.width() < wide:
            editor.resize(wide, editor.height())

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
