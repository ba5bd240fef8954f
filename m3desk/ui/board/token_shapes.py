"""Marker shapes by side, so sides differ by outline as well as by colour.

Each shape is scaled to look about as heavy as a circle of the same radius; the names are
spoken in tooltips and the legend for readers who cannot tell the shapes apart.
"""

from __future__ import annotations

import functools
import math

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QPainterPath, QPainterPathStroker, QPolygonF

SHAPE_NAMES: tuple[str, ...] = ("circle", "diamond", "triangle", "square", "hexagon", "pentagon")


def shape_name(side_index: int) -> str:
    return SHAPE_NAMES[side_index % len(SHAPE_NAMES)]


def _polygon(corners: int, radius: float, rotation: float) -> QPainterPath:
    points = [
        QPointF(
            radius * math.cos(rotation + 2 * math.pi * i / corners),
            radius * math.sin(rotation + 2 * math.pi * i / corners),
        )
        for i in range(corners)
    ]
    path = QPainterPath()
    path.addPolygon(QPolygonF([*points, points[0]]))
    path.closeSubpath()
    return path


def shape_path(side_index: int, radius: float) -> QPainterPath:
    """The marker outline for a side, centred on the origin (a copy: paths are built once
    per side and size, since every token's facts change redraws it)."""
    return QPainterPath(_shape_path(side_index, radius))


@functools.lru_cache(maxsize=64)
def _shape_path(side_index: int, radius: float) -> QPainterPath:
    name = shape_name(side_index)
    if name == "circle":
        path = QPainterPath()
        path.addEllipse(QPointF(0, 0), radius, radius)
        return path
    if name == "diamond":
        return _polygon(4, radius * 1.18, -math.pi / 2)
    if name == "triangle":
        return _polygon(3, radius * 1.3, -math.pi / 2)
    if name == "square":
        return _polygon(4, radius * 1.18, -math.pi / 4)
    if name == "hexagon":
        return _polygon(6, radius * 1.06, 0.0)
    return _polygon(5, radius * 1.12, -math.pi / 2)


@functools.lru_cache(maxsize=64)
def outline_path(side_index: int, radius: float, width: float, style: Qt.PenStyle) -> QPainterPath:
    """The marker's outline drawn with a pen of ``width`` and ``style``, as an area to
    fill. Stroked once per side, size and pen: stroking dashes at every paint cost more
    than the rest of a token's marker. Shared: never change it in place."""
    stroker = QPainterPathStroker()
    stroker.setWidth(width)
    stroker.setDashPattern(style)
    return stroker.createStroke(_shape_path(side_index, radius))
