"""How far a token's marker really reaches round its centre: its square of a radius each way,
and the parts of its shape that stand out of that square (a diamond's four tips, a
triangle's top and feet, a hexagon's and a pentagon's side corners), as a few rectangles
(:func:`tips`). A name is laid out against both (:mod:`m3desk.ui.map.labels`): against
the square alone it ran over a diamond's tips."""

from __future__ import annotations

import functools

from PySide6.QtCore import QRectF
from PySide6.QtGui import QPainterPath

from m3desk.ui.board.token_shapes import shape_path

__all__ = ["OUTLINE", "Reach", "reach", "tips"]

OUTLINE = 0.6
"""Half a marker's outline (a pen 1.2 wide): how far past its shape a marker's ink goes."""

_LEAST = 0.05
"""A part of a shape standing less than this far out of its square is none (a circle,
drawn as curves, comes back from the path's arithmetic as slivers a hair wide)."""

Edges = tuple[float, float, float, float]
"""A rectangle as (left, right, top, bottom), from a token's centre."""


@functools.lru_cache(maxsize=256)
def tips(side_index: int, radius: float) -> tuple[Edges, ...]:
    """The rectangles, from the token's centre, covering every part of its marker's ink that
    lies out of its square (``radius`` each way): each part of the shape out of the square,
    with the outline round it. The ink closer to the square than the outline is covered by
    the air kept round every name. None for a circle or a square."""
    square = QPainterPath()
    square.addRect(QRectF(-radius, -radius, 2 * radius, 2 * radius))
    shape = shape_path(side_index, radius)
    found: list[Edges] = []
    for polygon in shape.subtracted(square).toFillPolygons():
        box = polygon.boundingRect()
        out = max(
            -radius - box.left(), box.right() - radius, -radius - box.top(), box.bottom() - radius
        )
        if box.width() < _LEAST or box.height() < _LEAST or out < _LEAST:
            continue
        found.append(
            (
                box.left() - OUTLINE,
                box.right() + OUTLINE,
                box.top() - OUTLINE,
                box.bottom() + OUTLINE,
            )
        )
    return tuple(sorted(found))


class Reach:
    """How far a token's marker reaches from its centre towards a name beside it, in each
    direction, over the band the name takes (at least the radius: a circle's and a square's
    names stand where they always stood)."""

    MOST = 256
    """Name sizes whose reach is kept (names repeat at every paint)."""

    def __init__(self, side_index: int, radius: float) -> None:
        self.radius = radius
        self.tips = tips(side_index, radius)
        self._known: dict[tuple[float, float], tuple[float, float, float, float]] = {}

    def around(self, width: float, line: float) -> tuple[float, float, float, float]:
        """How far the marker reaches (down, up, right, left) from its centre over the band
        a name ``width`` wide and ``line`` high takes beside it, and the air round it:
        below or above it, anywhere within a name's width of the centre; to a side, within
        half a line of the centre's height."""
        radius = self.radius
        if not self.tips:
            return radius, radius, radius, radius
        key = (width, line)
        known = self._known.get(key)
        if known is None:
            across, high = width + 4, line / 2 + 1
            over = [tip for tip in self.tips if tip[0] < across and -across < tip[1]]
            beside = [tip for tip in self.tips if tip[2] < high and -high < tip[3]]
            known = (
                max([radius, *(tip[3] for tip in over)]),
                max([radius, *(-tip[2] for tip in over)]),
                max([radius, *(tip[1] for tip in beside)]),
                max([radius, *(-tip[0] for tip in beside)]),
            )
            if len(self._known) >= self.MOST:
                self._known.clear()
            self._known[key] = known
        return known

    def down(self, width: float) -> float:
        """How far below the centre the marker reaches under a name ``width`` wide."""
        return self.around(width, 0.0)[0]


@functools.lru_cache(maxsize=64)
def reach(side_index: int, radius: float) -> Reach:
    """The :class:`Reach` of a side's marker at ``radius`` (shared: never change it)."""
    return Reach(side_index, radius)
