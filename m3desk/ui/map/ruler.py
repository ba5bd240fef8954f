"""The ruler a dragged token draws: from where it stood to where it would land, what the move
means beside its end."""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QPen

from m3desk.ui.map.frame import MapFrame
from m3desk.ui.map.style import MapStyle

__all__ = ["Ruler", "paint_ruler", "ruler_box"]


@dataclass(frozen=True, slots=True)
class Ruler:
    """A dragged token's path: where it started, where it would land, what it says."""

    start: tuple[float, float]
    end: tuple[float, float]
    lines: tuple[str, ...]
    over: bool
    stop: tuple[float, float] | None = None
    """Where the allowance ends on the way (a move over it): the line stops there."""


def paint_ruler(painter: QPainter, frame: MapFrame, ruler: Ruler, style: MapStyle) -> None:
    """The line from where the token stood to where it would land, coloured within (green)
    or over (red) the allowance, and what the move means beside its end."""
    start = frame.to_screen(*ruler.start)
    end = frame.to_screen(*ruler.end)
    colour = style.over if ruler.over else style.within
    pen = QPen(colour, 3)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    if ruler.stop is not None:
        # Green as far as the allowance goes, a bar across where it ends, red dashes past.
        stop = frame.to_screen(*ruler.stop)
        within = QPen(style.within, 3)
        within.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(within)
        painter.drawLine(start, stop)
        past = QPen(colour, 3, Qt.PenStyle.DashLine)
        painter.setPen(past)
        painter.drawLine(stop, end)
        along = end - stop if stop != end else end - start
        length = math.hypot(along.x(), along.y()) or 1.0
        across = QPointF(-along.y() / length * 9, along.x() / length * 9)
        bar = QPen(style.colours.text, 3)
        painter.setPen(bar)
        painter.drawLine(stop - across, stop + across)
    else:
        painter.setPen(pen)
        painter.drawLine(start, end)
    painter.setBrush(style.within if ruler.stop is not None else colour)
    painter.drawEllipse(start, 3, 3)
    box = ruler_box(frame, ruler, style)
    x, y = box.x(), box.y()
    metrics = style.bold_metrics
    painter.setPen(QPen(colour, 2))
    painter.setBrush(style.colours.base)
    painter.drawRoundedRect(box, 4, 4)
    painter.setFont(style.bold)
    for number, line in enumerate(ruler.lines):
        painter.setPen(colour if number == 1 and ruler.over else style.colours.text)
        painter.drawText(QPointF(x + 6, y + 4 + metrics.ascent() + number * metrics.height()), line)


def ruler_box(frame: MapFrame, ruler: Ruler, style: MapStyle) -> QRectF:
    """Where the ruler's words go: beside the pointer, whole on the surface."""
    end = frame.to_screen(*ruler.end)
    metrics = style.bold_metrics
    width = max((metrics.horizontalAdvance(line) for line in ruler.lines), default=0) + 12
    height = metrics.height() * len(ruler.lines) + 8
    x = end.x() + 18
    y = end.y() - height - 8
    if x + width > frame.width:
        x = end.x() - width - 18
    if y < 0:
        y = end.y() + 18
    # Always whole on the surface, even when the pointer is near (or past) an edge.
    x = max(4.0, min(x, frame.width - width - 4))
    y = max(4.0, min(y, frame.height - height - 4))
    return QRectF(x, y, width, height)
