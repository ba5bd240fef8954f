"""Paints the lanes and their labels as the scene's background (see :mod:`ring_painter` for
why a background): alternating stripes, a label at the left of each, the drop target lit,
lanes past the encounter's limit hatched.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QPainter, QPen

from m3desk.ui.board.board_colours import BoardColours
from m3desk.ui.board.lane_layout import LaneLayout
from m3desk.ui.board.ring_painter import ring_tooltip
from m3desk.ui.board.ring_scale import RingScale
from m3desk.ui.board.token_metrics import TokenMetrics


class LanePainter:
    """The lanes' state (geometry, what each lane is, drop target) and how to draw it."""

    def __init__(self, layout: LaneLayout, scale: RingScale) -> None:
        self.layout = layout
        self.scale = scale
        self.drop_target: int | None = None

    def paint(self, painter: QPainter, colours: BoardColours, metrics: TokenMetrics) -> None:
        layout = self.layout
        left, _top, right, _bottom = layout.bounds
        painter.save()
        painter.setPen(Qt.PenStyle.NoPen)
        limit = self.scale.limit_ring
        line = QPen(colours.ring_line, 1)
        line.setCosmetic(True)
        for index, (top, bottom) in enumerate(layout.lanes):
            rect = QRectF(left, top, right - left, bottom - top)
            fill = colours.drop_fill if index == self.drop_target else colours.ring_fills[index % 2]
            painter.fillRect(rect, fill)
            if limit is not None and index > limit:
                painter.fillRect(rect, QBrush(colours.hatch, Qt.BrushStyle.BDiagPattern))
            painter.setPen(line)
            painter.drawLine(rect.topLeft(), rect.topRight())
            painter.setPen(Qt.PenStyle.NoPen)
            self._paint_label(painter, index, colours, metrics)
        if layout.lanes:
            painter.setPen(line)
            bottom = layout.lanes[-1][1]
            painter.drawLine(QPointF(left, bottom), QPointF(right, bottom))
        painter.restore()

    def _paint_label(
        self, painter: QPainter, lane: int, colours: BoardColours, metrics: TokenMetrics
    ) -> None:
        x1, y1, x2, y2 = self.layout.label_rects[lane]
        rect = QRectF(x1, y1, x2 - x1, y2 - y1)
        target = lane == self.drop_target
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(colours.highlight if target else colours.ring_line, 1))
        painter.setBrush(colours.drop_fill if target else colours.base)
        radius = min(rect.height() / 2, metrics.label_metrics.height() / 2 + 1)
        painter.drawRoundedRect(rect, radius, radius)
        painter.setFont(metrics.label_font)
        painter.setPen(colours.text)
        lines = metrics.label_lines(self.scale.labels[lane], rect.width())
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, "\n".join(lines))

    def tooltip(self, lane: int) -> str:
        return ring_tooltip(self.scale, lane)
