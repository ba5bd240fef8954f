"""Edits damage dice in a line edit checked by ``DiceExpr.parse``.

While the text is not a damage die the editor stays open, Enter does nothing, and the
DiceError text ("'1d' is not a damage die; write it like 1d8+1...") is reported; an empty
text means "no damage die". Valid text is committed after a short pause in typing, so the
maximum damage beside it updates as the user types.
"""

from __future__ import annotations

from PySide6.QtCore import (
    QAbstractItemModel,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtWidgets import QLineEdit, QStyledItemDelegate, QStyleOptionViewItem, QWidget

from m3desk.ui.sheet.checked_text import refuse_enter
from m3desk.ui.sheet.dice_validator import DiceValidator, dice_problem
from m3desk.ui.sheet.live_commit import LiveCommit

__all__ = ["DiceDelegate"]

Index = QModelIndex | QPersistentModelIndex
_ENTER_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter)


class DiceDelegate(QStyledItemDelegate):
    message = Signal(str)

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: Index) -> QWidget:
        editor = QLineEdit(parent)
        editor.setFrame(False)
        editor.setPlaceholderText("1d8+1")
        editor.setValidator(DiceValidator(editor))
        editor.setToolTip("A damage die like 1d8+1, d12 or 2d6-1; empty for none")
        live = LiveCommit(self, editor)
        editor.textEdited.connect(lambda text: self._typed(text, live))
        return editor

    def _typed(self, text: str, live: LiveCommit) -> None:
        problem = dice_problem(text)
        if problem is None:
            live.schedule()
        else:
            live.cancel()
            self.message.emit(problem)

    def setEditorData(self, editor: QWidget, index: Index) -> None:
        value = index.data(Qt.ItemDataRole.EditRole)
        text = "" if value is None else str(value)
        # Leave a half-typed die alone: the user is still fixing it.
        if (
            isinstance(editor, QLineEdit)
            and dice_problem(editor.text()) is None
            and editor.text().strip() != text
        ):
            editor.setText(text)

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: Index) -> None:
        if not isinstance(editor, QLineEdit):
            return
        live = LiveCommit.of(editor)
        if live is not None:
            live.cancel()
        problem = dice_problem(editor.text())
        if problem is not None:
            self.message.emit(problem)
            return
        model.setData(index, editor.text().strip(), Qt.ItemDataRole.EditRole)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Enter on a text that is no damage die: say why (Qt keeps the editor open)."""
        if refuse_enter(watched, event, dice_problem, self.message.emit):
            return True
        return super().eventFilter(watched, event)
