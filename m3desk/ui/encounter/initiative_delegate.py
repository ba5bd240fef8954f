"""Paints the initiative count, with a bracket joining combatants on the same count.

Simultaneous combatants act together (effects they place do not apply to each other), so
the table should see at a glance who shares a count; the bracket is drawn in the text
colour, so it reads in any palette and in black and white.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QPointF, QRect, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPalette, QPen
from PySide6.QtWidgets import QApplication, QStyle, QStyleOptionViewItem

from m3desk.ui.encounter.tracker_columns import TrackerRole
from m3desk.ui.encounter.tracker_delegate import TrackerDelegate

__all__ = ["InitiativeDelegate"]

Index = QModelIndex | QPersistentModelIndex
_BRACKET_X = 6
_BRACKET_TICK = 5


class InitiativeDelegate(TrackerDelegate):
    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        text = opt.text
        opt.text = ""
        widget = opt.widget
        style = widget.style() if widget is not None else QApplication.style()
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, widget)

        enabled = bool(opt.state & QStyle.StateFlag.State_Enabled)
        group = QPalette.ColorGroup.Normal if enabled else QPalette.ColorGroup.Disabled
        selected = bool(opt.state & QStyle.StateFlag.State_Selected)
        role = QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text
        colour = opt.palette.color(group, role)
        rect = opt.rect
        painter.save()
        painter.setFont(opt.font)
        painter.setPen(colour)
        text_rect = rect.adjusted(_BRACKET_X + _BRACKET_TICK, 0, 0, 0)
        painter.drawText(text_rect, int(Qt.AlignmentFlag.AlignCenter), text)
        size, position = index.data(TrackerRole.GROUP) or (1, 0)
        if size > 1:
            self._bracket(painter, rect, position, size, colour)
        painter.restore()

    @staticmethod
    def _bracket(painter: QPainter, rect: QRect, position: int, size: int, colour: QColor) -> None:
        pen = QPen(colour)
        pen.setWidthF(2.0)
        pen.setCapStyle(Qt.PenCapStyle.FlatCap)
        painter.setPen(pen)
        x = rect.left() + _BRACKET_X
        middle = rect.center().y() + 0.5
        top = middle if position == 0 else rect.top()
        bottom = middle if position == size - 1 else rect.bottom() + 1
        painter.drawLine(QPointF(x, top), QPointF(x, bottom))
        if position in (0, size - 1):
            painter.drawLine(QPointF(x, middle), QPointF(x + _BRACKET_TICK, middle))

    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:
        hint = super().sizeHint(option, index)
        width = option.fontMetrics.horizontalAdvance("−99") + _BRACKET_X + _BRACKET_TICK + 12
        return QSize(max(hint.width(), width), hint.height())
