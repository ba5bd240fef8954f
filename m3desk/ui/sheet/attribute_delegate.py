"""Edits attribute scores (spin box 1–30) and paints them with their modifier.

Out-of-range scores are refused at the editor with a message and never reach the model; a
pause in typing commits the value so modifiers, AC and initiative follow as the user types.
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
from PySide6.QtGui import QKeyEvent, QPainter
from PySide6.QtWidgets import QStyledItemDelegate, QStyleOptionViewItem, QWidget

from m3desk.systems.monsters_and_magic.attributes import MAX_SCORE, MIN_SCORE
from m3desk.ui.sheet.attribute_reading import AttributeReading
from m3desk.ui.sheet.attribute_score_painter import AttributeScorePainter
from m3desk.ui.sheet.cell_painting import draw_background
from m3desk.ui.sheet.live_commit import LiveCommit
from m3desk.ui.sheet.roles import ReadingRole
from m3desk.ui.sheet.score_spin_box import ScoreSpinBox

__all__ = ["AttributeDelegate"]

Index = QModelIndex | QPersistentModelIndex


def _reading(index: Index) -> AttributeReading | None:
    reading = index.data(ReadingRole)
    return reading if isinstance(reading, AttributeReading) else None


class AttributeDelegate(QStyledItemDelegate):
    message = Signal(str)
    """Why a typed score was refused, for the editor's message bar."""

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        reading = _reading(index)
        if reading is None:
            super().paint(painter, option, index)
            return
        opt, text_rect = draw_background(self, painter, option, index)
        AttributeScorePainter(reading).paint(painter, opt, text_rect)

    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:
        base = super().sizeHint(option, index)
        reading = _reading(index)
        if reading is None:
            return base
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        own = AttributeScorePainter(reading).size_hint(opt)
        return QSize(max(base.width(), own.width()), max(base.height(), own.height()))

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: Index) -> QWidget:
        reading = _reading(index)
        editor = ScoreSpinBox(str(reading.attribute) if reading else "Score", MIN_SCORE,
                              MAX_SCORE, parent)
        editor.setFrame(False)
        editor.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        live = LiveCommit(self, editor)
        editor.valueChanged.connect(lambda _value: live.schedule())
        editor.edited.connect(lambda _text: self._typed(editor, live))
        return editor

    def _typed(self, editor: ScoreSpinBox, live: LiveCommit) -> None:
        problem = editor.problem()
        if problem is not None:
            live.cancel()
            self.message.emit(problem)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Enter on an impossible score: say why and keep editing (the spin box would
        otherwise quietly fall back to its last valid value and commit that)."""
        if (
            isinstance(watched, ScoreSpinBox)
            and event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        ):
            problem = watched.problem()
            if problem is not None:
                self.message.emit(problem)
                return True
        return super().eventFilter(watched, event)

    def setEditorData(self, editor: QWidget, index: Index) -> None:
        value = index.data(Qt.ItemDataRole.EditRole)
        if not isinstance(editor, ScoreSpinBox) or not isinstance(value, int):
            return
        if editor.value() != value or not editor.hasAcceptableInput():
            editor.blockSignals(True)
            editor.setValue(value)
            editor.blockSignals(False)

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: Index) -> None:
        if not isinstance(editor, ScoreSpinBox):
            return
        live = LiveCommit.of(editor)
        if live is not None:
            live.cancel()
        problem = editor.problem()
        if problem is not None:
            self.message.emit(problem)
            return
        model.setData(index, editor.value(), Qt.ItemDataRole.EditRole)

    def updateEditorGeometry(
        self, editor: QWidget, option: QStyleOptionViewItem, index: Index
    ) -> None:
        editor.setGeometry(option.rect)
