"""Shared first step of the sheet's custom cell painting: the item background, no text.

Delegates let the style draw selection, focus and alternating rows (so light and dark
palettes both work), then paint their own text inside the style's text rectangle.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect
from PySide6.QtGui import QColor, QPainter, QPalette
from PySide6.QtWidgets import QApplication, QStyle, QStyledItemDelegate, QStyleOptionViewItem

__all__ = ["draw_background", "text_colour"]


def draw_background(
    delegate: QStyledItemDelegate,
    painter: QPainter,
    option: QStyleOptionViewItem,
    index: QModelIndex | QPersistentModelIndex,
) -> tuple[QStyleOptionViewItem, QRect]:
    """Draw the cell without its text; return the prepared option and the text rectangle."""
    opt = QStyleOptionViewItem(option)
    delegate.initStyleOption(opt, index)
    opt.text = ""
    widget = opt.widget
    style = widget.style() if widget is not None else QApplication.style()
    style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, widget)
    text_rect = style.subElementRect(QStyle.SubElement.SE_ItemViewItemText, opt, widget)
    return opt, text_rect


def text_colour(option: QStyleOptionViewItem) -> QColor:
    group = (
        QPalette.ColorGroup.Normal
        if option.state & QStyle.StateFlag.State_Enabled
        else QPalette.ColorGroup.Disabled
    )
    role = (
        QPalette.ColorRole.HighlightedText
        if option.state & QStyle.StateFlag.State_Selected
        else QPalette.ColorRole.Text
    )
    return option.palette.color(group, role)
