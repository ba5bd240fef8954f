"""Paints an attribute's score cell: the score in bold, then its modifier ("17  +3 (+6 prime)")."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QFont, QFontMetrics, QPainter
from PySide6.QtWidgets import QStyleOptionViewItem

from m3desk.ui.sheet.attribute_reading import AttributeReading
from m3desk.ui.sheet.cell_painting import text_colour

__all__ = ["AttributeScorePainter"]

_GAP = "  "
_WIDEST_SCORE = "30"


@dataclass(frozen=True, slots=True)
class AttributeScorePainter:
    reading: AttributeReading

    @staticmethod
    def _fonts(option: QStyleOptionViewItem) -> tuple[QFont, QFont]:
        bold = QFont(option.font)
        bold.setBold(True)
        plain = QFont(option.font)
        plain.setBold(False)
        return bold, plain

    def _score_width(self, bold: QFont) -> int:
        metrics = QFontMetrics(bold)
        return max(
            metrics.horizontalAdvance(_WIDEST_SCORE),
            metrics.horizontalAdvance(str(self.reading.score)),
        )

    def size_hint(self, option: QStyleOptionViewItem) -> QSize:
        bold, plain = self._fonts(option)
        width = self._score_width(bold) + QFontMetrics(plain).horizontalAdvance(
            _GAP + self.reading.modifier_text()
        )
        return QSize(width + 16, max(QFontMetrics(bold).height(), QFontMetrics(plain).height()) + 6)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, rect: QRect) -> None:
        bold, plain = self._fonts(option)
        painter.save()
        painter.setPen(text_colour(option))
        score_rect = QRect(rect).adjusted(2, 0, 0, 0)
        score_rect.setWidth(self._score_width(bold))
        painter.setFont(bold)
        middle = Qt.AlignmentFlag.AlignVCenter
        painter.drawText(
            score_rect, int(Qt.AlignmentFlag.AlignRight | middle), str(self.reading.score)
        )
        rest = QRect(rect)
        rest.setLeft(score_rect.right() + 1)
        painter.setFont(plain)
        painter.drawText(
            rest, int(Qt.AlignmentFlag.AlignLeft | middle), _GAP + self.reading.modifier_text()
        )
        painter.restore()
