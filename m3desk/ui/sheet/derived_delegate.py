"""Delegate for cells showing a derived value: the value, and the GM badge when overridden."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QSize, Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QStyledItemDelegate, QStyleOptionViewItem

from m3desk.ui.sheet.cell_painting import draw_background
from m3desk.ui.sheet.derived_cell_painter import DerivedCellPainter
from m3desk.ui.sheet.roles import OverriddenRole

__all__ = ["DerivedDelegate"]

Index = QModelIndex | QPersistentModelIndex


def _painter_for(index: Index) -> DerivedCellPainter:
    text = index.data(Qt.ItemDataRole.DisplayRole)
    alignment = index.data(Qt.ItemDataRole.TextAlignmentRole)
    painter = DerivedCellPainter(
        "" if text is None else str(text), bool(index.data(OverriddenRole))
    )
    if alignment is not None:
        return DerivedCellPainter(painter.text, painter.overridden, Qt.AlignmentFlag(alignment))
    return painter


class DerivedDelegate(QStyledItemDelegate):
    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        opt, text_rect = draw_background(self, painter, option, index)
        _painter_for(index).paint(painter, opt, text_rect)

    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:
        base = super().sizeHint(option, index)
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        own = _painter_for(index).size_hint(opt)
        return QSize(max(base.width(), own.width()), max(base.height(), own.height()))
