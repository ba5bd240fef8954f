"""Edits the range bands of a weapon, spell or monster attack as text: "Close–Short".

The text is parsed strictly (:func:`parse_bands`). While it names no set of bands, Enter
keeps the editor open and the message bar says why; leaving the cell with such a text keeps
the bands the sheet had, again saying why. Valid text commits as usual.
"""

from __future__ import annotations

from PySide6.QtCore import (
    QAbstractItemModel,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtWidgets import QLineEdit, QStyledItemDelegate, QStyleOptionViewItem, QWidget

from m3desk.systems.monsters_and_magic.band_text import BANDS_HINT, parse_bands
from m3desk.ui.sheet.checked_text import refuse_enter

__all__ = ["BandsDelegate"]

Index = QModelIndex | QPersistentModelIndex
_ENTER_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter)


def bands_problem(text: str) -> str | None:
    try:
        parse_bands(text)
    except ValueError as exc:
        return str(exc)
    return None


class BandsDelegate(QStyledItemDelegate):
    message = Signal(str)

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: Index) -> QWidget:
        editor = QLineEdit(parent)
        editor.setFrame(False)
        editor.setPlaceholderText("Close–Short")
        editor.setToolTip(BANDS_HINT)
        editor.setAccessibleName("Range bands")
        return editor

    def setEditorData(self, editor: QWidget, index: Index) -> None:
        if isinstance(editor, QLineEdit):
            editor.setText(str(index.data(Qt.ItemDataRole.EditRole) or ""))

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: Index) -> None:
        if not isinstance(editor, QLineEdit):
            return
        problem = bands_problem(editor.text())
        if problem is not None:
            self.message.emit(problem)
            return
        model.setData(index, editor.text(), Qt.ItemDataRole.EditRole)

    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:
        """Room for a usual run ("Close–Short") so most edits do not widen the column."""
        hint = super().sizeHint(option, index)
        usual = option.fontMetrics.horizontalAdvance("Close–Short") + hint.height()
        return QSize(max(hint.width(), usual), hint.height())

    def updateEditorGeometry(
        self, editor: QWidget, option: QStyleOptionViewItem, index: Index
    ) -> None:
        """At least wide enough for the longest usual text, so typing is not cut short."""
        super().updateEditorGeometry(editor, option, index)
        wide = editor.fontMetrics().horizontalAdvance("Hand–Close, Medium–Long  ")
        if editor.width() < wide:
            editor.resize(wide, editor.height())

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Enter on a text that names no bands: say why and keep the editor open."""
        if refuse_enter(watched, event, bands_problem, self.message.emit):
            return True
        return super().eventFilter(watched, event)
