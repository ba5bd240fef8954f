"""Paints the PHP and MHP columns as bars (see :class:`PoolBarPainter`)."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRectF, QSize, Qt
from PySide6.QtGui import QPainter, QPalette
from PySide6.QtWidgets import QApplication, QStyle, QStyleOptionViewItem

from m3desk.ui.encounter.pool_bar_painter import PoolBarPainter
from m3desk.ui.encounter.tracker_columns import TrackerRole
from m3desk.ui.encounter.tracker_delegate import TrackerDelegate

__all__ = ["PoolBarDelegate"]

Index = QModelIndex | QPersistentModelIndex
_MARGIN_X = 4
_MARGIN_Y = 3


class PoolBarDelegate(TrackerDelegate):
    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        pool = index.data(TrackerRole.POOL)
        if pool is None:
            super().paint(painter, option, index)
            return
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        opt.text = ""
        widget = opt.widget
        style = widget.style() if widget is not None else QApplication.style()
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, widget)
        enabled = bool(opt.state & QStyle.StateFlag.State_Enabled)
        group = QPalette.ColorGroup.Normal if enabled else QPalette.ColorGroup.Disabled
        selected = bool(opt.state & QStyle.StateFlag.State_Selected)
        bar = QRectF(opt.rect).adjusted(_MARGIN_X, _MARGIN_Y, -_MARGIN_X, -_MARGIN_Y)
        painter.save()
        painter.setFont(opt.font)
        # The cell's own words: the bar and the model (and so its tooltip, a screen reader)
        # say the same ("2½/3", not "2/3").
        label = index.data(Qt.ItemDataRole.DisplayRole)
        current, maximum = pool
        PoolBarPainter(current, maximum, label if isinstance(label, str) and label else None).paint(
            painter, bar, opt.palette, group, selected
        )
        painter.restore()

    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:
        hint = super().sizeHint(option, index)
        metrics = option.fontMetrics
        width = metrics.horizontalAdvance("999/999") + 2 * _MARGIN_X + 16
        height = metrics.height() + 2 * _MARGIN_Y + 4
        return QSize(max(hint.width(), width), max(hint.height(), height))
