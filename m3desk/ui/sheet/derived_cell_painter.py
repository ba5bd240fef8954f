"""Paints a derived value, marking a GM override with bold text and a "GM" badge.

The badge uses the palette's Highlight/HighlightedText pair (swapped on selected rows), so
the mark shows in light and dark palettes alike without any hard-coded colour.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QRect, QRectF, QSize, Qt
from PySide6.QtGui import QFont, QFontMetrics, QPainter, QPalette
from PySide6.QtWidgets import QStyle, QStyleOptionViewItem

from m3desk.ui.sheet.cell_painting import text_colour

__all__ = ["BADGE_TEXT", "DerivedCellPainter"]

BADGE_TEXT = "GM"
_PADDING = 4
"""Room between the value and the cell's edges, so numbers never touch the grid."""


def _badge_font(base: QFont) -> QFont:
    font = QFont(base)
    font.setBold(True)
    font.setPointSizeF(max(base.pointSizeF() * 0.8, 6.0) if base.pointSizeF() > 0 else 7.0)
    return font


@dataclass(frozen=True, slots=True)
class DerivedCellPainter:
    text: str
    overridden: bool
    alignment: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter

    def badge_size(self, font: QFont) -> QSize:
        metrics = QFontMetrics(_badge_font(font))
        return QSize(metrics.horizontalAdvance(BADGE_TEXT) + 8, metrics.height() + 2)

    def size_hint(self, option: QStyleOptionViewItem) -> QSize:
        font = QFont(option.font)
        font.setBold(self.overridden)
        metrics = QFontMetrics(font)
        width = metrics.horizontalAdvance(self.text) + 2 * _PADDING + 8
        height = metrics.height() + 6
        if self.overridden:
            badge = self.badge_size(option.font)
            width += badge.width() + 6
            height = max(height, badge.height() + 4)
        return QSize(width, height)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, rect: QRect) -> None:
        painter.save()
        text_rect = QRect(rect).adjusted(_PADDING, 0, -_PADDING, 0)
        if self.overridden:
            text_rect = self._paint_badge(painter, option, text_rect)
        font = QFont(option.font)
        font.setBold(self.overridden)
        painter.setFont(font)
        painter.setPen(text_colour(option))
        painter.drawText(text_rect, int(self.alignment), self.text)
        painter.restore()

    def _paint_badge(self, painter: QPainter, option: QStyleOptionViewItem, rect: QRect) -> QRect:
        """Draw the badge at the right edge; returns what is left for the value."""
        size = self.badge_size(option.font)
        badge = QRect(0, 0, size.width(), size.height())
        badge.moveCenter(rect.center())
        badge.moveRight(rect.right())
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        fill = QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Highlight
        ink = QPalette.ColorRole.Highlight if selected else QPalette.ColorRole.HighlightedText
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(option.palette.color(fill))
        painter.drawRoundedRect(QRectF(badge), 3.0, 3.0)
        painter.setFont(_badge_font(option.font))
        painter.setPen(option.palette.color(ink))
        painter.drawText(badge, int(Qt.AlignmentFlag.AlignCenter), BADGE_TEXT)
        remaining = QRect(rect)
        remaining.setRight(badge.left() - 6)
        return remaining
