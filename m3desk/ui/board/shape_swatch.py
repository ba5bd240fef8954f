"""A legend swatch painted like the board itself (shape, fill, dashes, hatch).

Painted rather than an image so it follows the palette and the screen's scale.
"""

from __future__ import annotations

from typing import Literal

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QBrush, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QWidget

from m3desk.ui.board.board_colours import BoardColours
from m3desk.ui.board.token_shapes import shape_path

SwatchKind = Literal["side", "in_reach", "out_of_reach", "beyond_maximum"]


class ShapeSwatch(QWidget):
    """One legend mark: a side's marker, a solid "in reach" or dashed "out of reach" marker,
    or a hatched ring."""

    def __init__(
        self, kind: SwatchKind, side_index: int = 0, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.kind = kind
        self.side_index = side_index
        side = self.fontMetrics().height()
        self.setFixedSize(QSize(side + 4, side + 4))

    def paintEvent(self, event: QPaintEvent) -> None:
        colours = BoardColours.from_palette(self.palette())
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        radius = min(self.width(), self.height()) / 2 - 2.5
        centre = QPointF(self.width() / 2, self.height() / 2)
        if self.kind == "beyond_maximum":
            rect = QRectF(1, 1, self.width() - 2, self.height() - 2)
            painter.setPen(QPen(colours.ring_line, 1))
            painter.setBrush(colours.ring_fills[1])
            painter.drawRect(rect)
            painter.setBrush(QBrush(colours.hatch, Qt.BrushStyle.BDiagPattern))
            painter.drawRect(rect)
            return
        fill = colours.side_colour(self.side_index if self.kind == "side" else 0)
        pen = QPen(colours.text, 1.5)
        if self.kind == "in_reach":
            fill = colours.base
        if self.kind == "out_of_reach":
            fill = colours.base
            pen = QPen(colours.text, 1.6, Qt.PenStyle.DashLine)
        painter.translate(centre)
        painter.setPen(pen)
        painter.setBrush(fill)
        painter.drawPath(shape_path(self.side_index, radius * 0.9))
