"""Shows a library column as a small mark instead of its text (Kind, Source).

The model keeps the words ("Character", "Sample") for sorting, searching, tooltips and
screen readers; only the picture is narrower, so the library dock can be narrow too.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRectF, QSize
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QApplication, QStyle, QStyledItemDelegate, QStyleOptionViewItem

from m3desk.ui.library.mark_painter import MarkPainter
from m3desk.ui.library.model import MARK_ROLE

__all__ = ["MarkDelegate", "mark_column_width"]

Index = QModelIndex | QPersistentModelIndex


def mark_column_width(option_height: int) -> int:
    """A mark column's width for rows of text ``option_height`` high."""
    return option_height + 10


class MarkDelegate(QStyledItemDelegate):
    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        opt.text = ""
        widget = opt.widget
        style = widget.style() if widget is not None else QApplication.style()
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, widget)
        mark = index.data(MARK_ROLE)
        if not mark:
            return
        side = opt.fontMetrics.height() - 2
        box = QRectF(0, 0, side, side)
        box.moveCenter(QRectF(opt.rect).center())
        selected = bool(opt.state & QStyle.StateFlag.State_Selected)
        MarkPainter(mark).paint(painter, box, opt.palette, selected=selected)

    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:
        height = option.fontMetrics.height()
        return QSize(mark_column_width(height), height + 4)
