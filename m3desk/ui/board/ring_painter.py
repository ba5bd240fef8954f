"""Paints the rings, their labels and the centre disc as the scene's background.

Why a background and not one item per ring: nested rings overlap everywhere, so as items
every token repaint would redraw eight large antialiased shapes. As the background, the
view caches the rings in one pixmap (``QGraphicsView.CacheBackground``): dragging a token
repaints the token only, and the rings are redrawn when they change (a new layout, or the
drop target lighting up), which costs about 2 ms for the whole board.

Cheap on purpose: discs filled from the outside in (no odd-even annulus paths), the hatch
without antialiasing (its edge is covered by the ring line), 1-pixel cosmetic ring lines.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QPainter, QPainterPath, QPen

from m3desk.ui.board.board_colours import BoardColours, mix
from m3desk.ui.board.ring_layout import RingLayout
from m3desk.ui.board.ring_scale import RingScale
from m3desk.ui.board.token_metrics import TokenMetrics


class RingPainter:
    """The rings' state (geometry, what each ring is, drop target) and how to draw it."""

    def __init__(self, layout: RingLayout, scale: RingScale) -> None:
        self.layout = layout
        self.scale = scale
        self.drop_target: int | None = None

    def bounding_rect(self) -> QRectF:
        r = self.layout.outer_radius + 1
        return QRectF(-r, -r, 2 * r, 2 * r)

    def paint(self, painter: QPainter, colours: BoardColours, metrics: TokenMetrics) -> None:
        layout = self.layout
        origin = QPointF(0, 0)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        for index in reversed(range(len(layout.radii))):
            outer = layout.radii[index][1]
            fill = colours.drop_fill if index == self.drop_target else colours.ring_fills[index % 2]
            painter.setBrush(fill)
            painter.drawEllipse(origin, outer, outer)
        if self.scale.limit_ring is not None:
            self._paint_hatch(painter, colours)
        painter.setBrush(colours.base)
        painter.drawEllipse(origin, layout.centre_radius, layout.centre_radius)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        line = QPen(colours.ring_line, 1)
        line.setCosmetic(True)
        painter.setPen(line)
        for radius in (layout.centre_radius, *(outer for _inner, outer in layout.radii)):
            painter.drawEllipse(origin, radius, radius)
        sizes = metrics.label_sizes(self.scale.labels)
        for ring, text in enumerate(self.scale.labels):
            self._paint_label(painter, ring, text, sizes[ring], colours, metrics)
        painter.restore()

    def _paint_hatch(self, painter: QPainter, colours: BoardColours) -> None:
        """Hatch the rings past the encounter's limit (a maximum range)."""
        assert self.scale.limit_ring is not None
        inner = self.layout.radii[self.scale.limit_ring][1]
        outer = self.layout.outer_radius
        path = QPainterPath()
        path.addEllipse(QPointF(0, 0), outer, outer)
        path.addEllipse(QPointF(0, 0), inner, inner)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        painter.setBrush(QBrush(colours.hatch, Qt.BrushStyle.BDiagPattern))
        painter.drawPath(path)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)

    def _paint_label(
        self,
        painter: QPainter,
        band: int,
        label: str,
        size: tuple[float, float],
        colours: BoardColours,
        metrics: TokenMetrics,
    ) -> None:
        width, height = size
        x, y = self.layout.label_centres[band]
        rect = QRectF(x - width / 2, y - height / 2, width, height)
        target = band == self.drop_target
        painter.setPen(QPen(colours.highlight if target else colours.ring_line, 1))
        painter.setBrush(colours.drop_fill if target else mix(colours.base, colours.text, 0.02))
        painter.drawRoundedRect(rect, height / 2, height / 2)
        painter.setFont(metrics.label_font)
        painter.setPen(colours.text)
        text = metrics.label_metrics.elidedText(label.upper(), Qt.TextElideMode.ElideRight, width)
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)

    def tooltip(self, ring: int) -> str:
        return ring_tooltip(self.scale, ring)


def ring_tooltip(scale: RingScale, ring: int) -> str:
    """What a ring (or lane) stands for, in full: its label, and whether it lies past the
    encounter's maximum range."""
    label = scale.labels[ring]
    limit = scale.limit_ring
    if limit is not None and ring > limit:
        return f"{label}: beyond this encounter's maximum range ({scale.labels[limit]})"
    return label
