"""The selected combatant's rings on the map (reach, move, a weapon's or a spell's range) and
their labels."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QPolygonF

from m3desk.core.system import PositionModel, Ring
from m3desk.ui.board.board_colours import mix
from m3desk.ui.map.frame import MapFrame
from m3desk.ui.map.labels import Taken
from m3desk.ui.map.picture import MapPicture
from m3desk.ui.map.style import MapStyle, chip

__all__ = ["paint_ring_labels", "paint_rings", "ring_polygon"]


def ring_polygon(model: PositionModel, radius: float, scale: float = 1.0) -> QPolygonF:
    """On a grid of squares, the outline of every square within ``radius`` units of the
    origin by the grid's count (a diagonal step costs 1, every second one 2), ``scale``
    surface units a unit: a stepped edge along the squares, so the ring shows exactly what
    the rules measure and reads as squares (an octagon read as a hex map)."""
    step = model.step or 1
    n = int(radius // step + 1e-9)
    half = step * scale / 2
    right: list[QPointF] = []
    for j in range(-n, n + 1):
        b = abs(j)
        # The farthest square of row j still within n squares (b + a // 2, or a + b // 2).
        reach = n - b // 2 if n - b // 2 >= b else min(b - 1, 2 * (n - b) + 1)
        x = reach * step * scale + half
        y = j * step * scale
        right += [QPointF(x, y - half), QPointF(x, y + half)]
    left = [QPointF(-p.x(), p.y()) for p in reversed(right)]
    return QPolygonF([*right, *left, right[0]])


def _draw_ring(
    painter: QPainter, model: PositionModel, middle: QPointF, radius: float, scale: float
) -> None:
    """A ring by the cheapest call that draws it (a dashed path of a large ring costs
    milliseconds; an ellipse or a polygon a fraction of that)."""
    if model.metric == "squares":
        painter.drawPolyline(ring_polygon(model, radius / scale, scale).translated(middle))
    else:
        painter.drawEllipse(middle, radius, radius)


def _ring_colour(ring: Ring, style: MapStyle) -> QColor:
    colours = style.colours
    if ring.kind == "reach":
        return mix(colours.text, colours.base, 0.15)
    if ring.kind == "move":
        return colours.highlight if not style.paper else colours.text
    if ring.kind == "spell":
        return mix(colours.highlight, colours.text, 0.5)
    return mix(colours.text, colours.base, 0.4)


RING_LABEL_ANGLES = (-60, -120, -30, -150, -90, 0, 180, 60, 120, 30, 150, 90)
"""Where round a ring its label is tried, in degrees (0: east, -90: north)."""


def _sorted_rings(picture: MapPicture) -> list[Ring]:
    return sorted(picture.rings, key=lambda r: r.value)


def paint_rings(painter: QPainter, frame: MapFrame, picture: MapPicture, style: MapStyle) -> None:
    """The selected combatant's rings (their labels come later, over the tokens)."""
    centre = picture.token(picture.selected)
    if centre is None or not picture.rings:
        return
    middle = frame.to_screen(centre.x, centre.y)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    farthest = _farthest_corner(frame, middle)
    for ring in _sorted_rings(picture):
        radius = ring.value * frame.scale
        if radius < 2 or radius * _INNER > farthest:
            continue  # a ring round the whole view shows nothing (and dashing it is slow)
        # Smooth lines of one pixel, or a move's two pixels unsmoothed: a smooth wide line
        # round a ring a few hundred pixels across costs over a millisecond (measured).
        colour = _ring_colour(ring, style)
        wide = ring.kind == "move" and not style.paper
        painter.setPen(
            QPen(colour, 2 if wide else 0, _RING_LINES.get(ring.kind, Qt.PenStyle.SolidLine))
        )
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, not wide)
        _draw_ring(painter, picture.model, middle, radius, frame.scale)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)


_RING_LINES = {"range": Qt.PenStyle.DashLine, "spell": Qt.PenStyle.DashDotLine}
"""A weapon's range dashed, a spell's dash-dotted; reach and moves solid."""

_INNER = 2 / 3
"""The octagon of a grid's ring reaches in to ⅔ of its radius on the diagonals."""


def _farthest_corner(frame: MapFrame, point: QPointF) -> float:
    return max(
        math.hypot(x - point.x(), y - point.y())
        for x in (0.0, frame.width)
        for y in (0.0, frame.height)
    )


def paint_ring_labels(
    painter: QPainter, frame: MapFrame, picture: MapPicture, style: MapStyle, taken: Taken
) -> None:
    """Each ring's label on the ring, where it covers no token, name or other label
    (the first free place of :data:`RING_LABEL_ANGLES`; left out if there is none)."""
    centre = picture.token(picture.selected)
    if centre is None or not picture.rings:
        return
    middle = frame.to_screen(centre.x, centre.y)
    unit = picture.model.unit
    painter.setFont(style.small)
    height = style.small_metrics.height() + 2
    surface = QRectF(0, 0, frame.width, frame.height)
    for ring in _sorted_rings(picture):
        radius = ring.value * frame.scale
        if radius < 2:
            continue
        text = f"{ring.label} {ring.value} {unit}"
        width = style.small_metrics.horizontalAdvance(text) + 6
        for degrees in RING_LABEL_ANGLES:
            spot = _on_ring(picture.model, radius, math.radians(degrees))
            box = QRectF(
                middle.x() + spot.x() - width / 2, middle.y() + spot.y() - height / 2, width, height
            )
            if surface.contains(box) and not taken.hits(box):
                break
        else:
            continue
        taken.add(box)
        colour = _ring_colour(ring, style)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(chip(style))
        painter.drawRoundedRect(box, 3, 3)
        painter.setPen(colour if ring.kind != "range" else style.colours.text)
        painter.drawText(box, int(Qt.AlignmentFlag.AlignCenter), text)


def _on_ring(model: PositionModel, radius: float, angle: float) -> QPointF:
    dx, dy = math.cos(angle), math.sin(angle)
    length = model.norm(dx, dy) if model.metric == "squares" else 1.0
    return QPointF(dx * radius / length, dy * radius / length)
