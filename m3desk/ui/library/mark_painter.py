"""Paints the library's small marks: a sheet's kind and a bundled sample's lock.

The kinds borrow the range board's look: a character is the party's circle, a monster the
monsters' diamond, an encounter the board's rings; so the marks need no legend beyond
their tooltips. Colours come from the palette handed in, so both themes and a selected
row read well; nothing is cached, because the theme can change while the app runs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPalette, QPen, QPolygonF

__all__ = ["Mark", "MarkPainter"]

Mark = Literal["character", "monster", "encounter", "expedition", "sample"]


def _monster_fill(palette: QPalette) -> QColor:
    """The board's monster red, lighter on a dark palette."""
    dark = palette.color(QPalette.ColorRole.Base).lightnessF() < 0.5
    return QColor.fromHslF(0.0, 0.62, 0.62 if dark else 0.46)


@dataclass(frozen=True, slots=True)
class MarkPainter:
    mark: Mark

    def paint(
        self, painter: QPainter, rect: QRectF, palette: QPalette, *, selected: bool = False
    ) -> None:
        """Draw the mark centred in ``rect`` (a square a little smaller than the text height)."""
        ink = palette.color(
            QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text
        )
        side = min(rect.width(), rect.height())
        radius = side / 2 - 1.5
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.translate(rect.center())
        if self.mark == "character":
            # The party's colour is the selection's colour: on a selected row, the ink's.
            fill = ink if selected else palette.color(QPalette.ColorRole.Highlight)
            painter.setPen(QPen(ink, 1.2))
            painter.setBrush(fill)
            painter.drawEllipse(QPointF(0, 0), radius * 0.85, radius * 0.85)
        elif self.mark == "monster":
            r = radius * 1.05
            diamond = QPolygonF([QPointF(0, -r), QPointF(r, 0), QPointF(0, r), QPointF(-r, 0)])
            painter.setPen(QPen(ink, 1.2))
            painter.setBrush(_monster_fill(palette))
            painter.drawPolygon(diamond)
        elif self.mark == "encounter":
            painter.setPen(QPen(ink, 1.1))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            for ring in (1.0, 0.6):
                painter.drawEllipse(QPointF(0, 0), radius * ring, radius * ring)
            painter.setBrush(ink)
            painter.drawEllipse(QPointF(0, 0), radius * 0.18, radius * 0.18)
        elif self.mark == "expedition":  # a peak and the way past it
            r = radius * 0.95
            painter.setPen(QPen(ink, 1.2))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPolygon(
                QPolygonF([QPointF(-r, r * 0.7), QPointF(0, -r), QPointF(r, r * 0.7)])
            )
            painter.drawLine(QPointF(-r * 0.45, r * 0.7), QPointF(r * 0.2, -r * 0.2))
        else:
            self._paint_lock(painter, radius, ink)
        painter.restore()

    @staticmethod
    def _paint_lock(painter: QPainter, radius: float, ink: QColor) -> None:
        """A padlock: samples are read-only (Save makes a copy in the library)."""
        muted = QColor(ink)
        muted.setAlphaF(0.75)
        pen = QPen(muted, max(1.2, radius / 4.5))
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        shackle = QPainterPath()
        width = radius * 1.0
        top = -radius
        shackle.moveTo(-width / 2, 0)
        shackle.lineTo(-width / 2, top + width / 2)
        shackle.arcTo(QRectF(-width / 2, top, width, width), 180, -180)
        shackle.lineTo(width / 2, 0)
        painter.drawPath(shackle)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(muted)
        body = QRectF(-radius * 0.85, -radius * 0.05, radius * 1.7, radius * 1.1)
        painter.drawRoundedRect(body, radius * 0.2, radius * 0.2)
