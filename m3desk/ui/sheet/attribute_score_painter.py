"""Paints an attribute's score cell: just the score, in bold.

The modifier and the check have columns of their own and the prime attribute is starred in
the row header, so the score cell repeats neither and the three columns fit side by side.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QFont, QFontMetrics, QPainter
from PySide6.QtWidgets import QStyleOptionViewItem

from m3desk.ui.sheet.attribute_reading import AttributeReading
from m3desk.ui.sheet.cell_painting import text_colour

__all__ = ["AttributeScorePainter"]

_WIDEST_SCORE = "30"
_PADDING = 16
"""Room either side of the number, as the item views' own text margins."""


@dataclass(frozen=True, slots=True)
class AttributeScorePainter:
    reading: AttributeReading

    @staticmethod
    def _font(option: QStyleOptionViewItem) -> QFont:
        bold = QFont(option.font)
        bold.setBold(True)
        return bold

    def size_hint(self, option: QStyleOptionViewItem) -> QSize:
        metrics = QFontMetrics(self._font(option))
        width = max(metrics.horizontalAdvance(_WIDEST_SCORE),
                    metrics.horizontalAdvance(str(self.reading.score)))
        return QSize(width + _PADDING, metrics.height() + 6)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, rect: QRect) -> None:
        painter.save()
        painter.setPen(text_colour(option))
        painter.setFont(self._font(option))
        painter.drawText(  # right-aligned in the text rectangle, like Modifier and Check
            rect,
            int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter),
            str(self.reading.score),
        )
        painter.restore()
