"""The map's scale bar and its legend (what each side's shape, a mark and each terrain mean),
in a corner that covers no token or name."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QPen

from m3desk.core.places import Area
from m3desk.core.system import PositionModel
from m3desk.ui.board.board_colours import mix
from m3desk.ui.board.token_shapes import shape_name, shape_path
from m3desk.ui.map.frame import MapFrame, nice
from m3desk.ui.map.labels import Taken
from m3desk.ui.map.picture import MapPicture
from m3desk.ui.map.style import MapStyle, area_colour, chip

__all__ = [
    "corner_box",
    "legend_box",
    "legend_entries",
    "paint_legend",
    "paint_scale_bar",
    "scale_bar_box",
    "scale_bar_height",
]

SCALE_BAR_PX = 90.0
SHORTEST_BAR_PX = 30.0
"""A scale bar cut shorter to find a free corner is this long at least (it still reads)."""
EDGE_SPOTS = 48
"""Where no corner is free, the scale bar looks for a gap at this many places along the
map's foot (and then its top)."""
ROUND_STEPS = (50.0, 20.0, 10.0, 5.0, 2.0, 1.0, 0.5, 0.2, 0.1)
"""The lengths a scale bar may have, in grid steps (a bar shorter than its first choice is
one of these: "10 ft" where "25 ft" finds no free corner)."""


def corner_box(
    boxes: Sequence[QRectF],
    frame: MapFrame,
    covered: Sequence[QRectF],
    taken: Sequence[Taken | None],
) -> tuple[QRectF, bool]:
    """The one rule for a chip in a corner of the map (the scale bar, the legend): the
    first of ``boxes`` (the corners, in the order wanted) that lies on the surface and
    covers nothing any of ``taken`` holds (``covered`` among them, bucketed); when every
    corner covers something, the one covering the fewest of ``covered`` (the first of
    those). Returns the box and whether it is free."""
    surface = QRectF(0, 0, frame.width, frame.height)
    for box in boxes:
        if surface.contains(box) and not any(t is not None and t.hits(box) for t in taken):
            return box, True
    hits = [sum(1 for other in covered if box.intersects(other)) for box in boxes]
    return boxes[hits.index(min(hits))], False


def _corners(frame: MapFrame, width: float, height: float, order: str) -> list[QRectF]:
    """A box ``width`` × ``height`` in each corner of the frame named in ``order``
    ("bl", "br", "tl", "tr"), 8 px in from the sides and 10 from the top or foot."""
    left, right = 8.0, frame.width - width - 8.0
    top, bottom = 8.0, frame.height - height - 10.0
    spots = {"bl": (left, bottom), "br": (right, bottom), "tl": (left, top), "tr": (right, top)}
    return [QRectF(*spots[name], width, height) for name in order.split()]


def scale_bar_height(style: MapStyle) -> float:
    """The scale bar's chip's height: a band this high (and its margin) along the map's top
    and foot is where it may go."""
    return style.small_metrics.height() + 14


def scale_bar_box(
    frame: MapFrame,
    model: PositionModel,
    style: MapStyle,
    tokens: Sequence[QRectF] = (),
    taken: Taken | None = None,
) -> tuple[QRectF, float, str]:
    """The scale bar's chip, its length in pixels and its text: at least
    :data:`SCALE_BAR_PX` long where the map is wide enough for it and its words, else one
    grid step or a round fraction of it (a map 240 px wide zoomed in cut "25 ft" to "25 f").
    The chip goes in the first corner (bottom left, bottom right, top left, top right)
    where it covers none of ``tokens`` (each token's marker and the room of its name below
    it) and nothing ``taken`` holds; where no corner is free for it, a shorter bar (of
    :data:`ROUND_STEPS`, :data:`SHORTEST_BAR_PX` long at least) in the first corner free for
    that; else a gap along the foot or the top (:data:`EDGE_SPOTS`); else the full bar
    where it covers the fewest tokens (:func:`corner_box`: on paper
    the old fight's "Hobgoblin boss" lay half under a bar a step long)."""
    metrics = style.small_metrics
    height = scale_bar_height(style)
    bars: list[tuple[float, str]] = []
    longest = nice(SCALE_BAR_PX / frame.scale, model.step)
    shorter = sorted(
        (model.step * f for f in ROUND_STEPS if model.step * f < longest), reverse=True
    )
    length = longest
    for length in (longest, *shorter):
        text = f"{length:g} {model.unit}"
        px = length * frame.scale
        if px + metrics.horizontalAdvance(text) + 36 <= frame.width and (
            not bars or px >= SHORTEST_BAR_PX
        ):
            bars.append((px, text))
    if not bars:  # too narrow for any: the shortest, cut at the edge
        bars.append((length * frame.scale, text))
    crowd = Taken()
    for room in tokens:
        crowd.add(room)
    first: tuple[QRectF, float, str] | None = None
    for px, text in bars:
        width = px + 8 + metrics.horizontalAdvance(text) + 8
        corners = _corners(frame, width, height, "bl br tl tr")
        box, free = corner_box(corners, frame, tokens, (crowd, taken))
        if free:
            return box, px, text
        if first is None:
            first = (box, px, text)
    for px, text in bars:  # no corner free: a gap along the foot, else the top
        width = px + 8 + metrics.horizontalAdvance(text) + 8
        left, right = _corners(frame, width, height, "bl br")
        shift = max(right.left() - left.left(), 0.0)
        along = [left.translated(shift * n / EDGE_SPOTS, 0) for n in range(EDGE_SPOTS + 1)]
        along += [box.translated(0, 8 + height - box.bottom()) for box in along]
        box, free = corner_box(along, frame, (), (crowd, taken))
        if free:
            return box, px, text
    assert first is not None
    return first


def paint_scale_bar(painter: QPainter, bar: tuple[QRectF, float, str], style: MapStyle) -> None:
    """The chip of :func:`scale_bar_box` with its bar and its words."""
    box, px, text = bar
    x, y = box.left() + 4, box.bottom() - 2
    painter.setFont(style.small)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(chip(style))
    painter.drawRoundedRect(box, 3, 3)
    painter.setPen(QPen(style.colours.text, 2))
    painter.drawLine(QPointF(x, y - 3), QPointF(x + px, y - 3))
    painter.drawLine(QPointF(x, y - 8), QPointF(x, y))
    painter.drawLine(QPointF(x + px, y - 8), QPointF(x + px, y))
    painter.drawText(QPointF(x + px + 6, y), text)


def legend_entries(picture: MapPicture) -> list[tuple[str, str]]:
    """What the legend lists: (kind, text) per side, mark and terrain present."""
    entries = [
        ("side", side) for side in picture.sides if any(t.side == side for t in picture.tokens)
    ]
    if any(t.hidden for t in picture.tokens):
        entries.append(("hidden", "hidden from the players"))
    if any(t.down for t in picture.tokens):
        entries.append(("down", "down (out of the fight)"))
    kinds = sorted(
        {("wall" if a.wall else "rating", a.rating if not a.wall else -1) for a in picture.areas},
        key=lambda k: k[1],
    )
    entries += [
        ("wall", "wall (impassable)")
        if kind == "wall"
        else ("rating", f"difficult ground DR {rating}")
        for kind, rating in kinds
    ]
    return entries


def legend_box(
    frame: MapFrame,
    picture: MapPicture,
    style: MapStyle,
    taken: Taken | None = None,
    shown: Sequence[QRectF] = (),
) -> QRectF:
    """Where the legend goes: the first corner (top right, top left, bottom right, bottom
    left) where it covers no token, name or the scale bar (``taken``); on screen, when
    every corner is taken, it is left out (empty) until a zoom or a pan frees one; on
    paper the corner covering the fewest of ``shown`` (the tokens and names). Empty when
    there is nothing to say."""
    entries = legend_entries(picture)
    if not entries:
        return QRectF()
    metrics = style.small_metrics
    row = metrics.height() + 2
    swatch = metrics.height() * 0.8
    width = (
        max(metrics.horizontalAdvance(_legend_text(picture, kind, text)) for kind, text in entries)
        + swatch
        + 16
    )
    height = row * len(entries) + 8
    corners = _corners(frame, width, height, "tr tl br bl")
    if taken is None:
        return corners[0]
    box, free = corner_box(corners, frame, shown, (taken,))
    return box if free or style.paper else QRectF()


def paint_legend(painter: QPainter, picture: MapPicture, style: MapStyle, box: QRectF) -> None:
    entries = legend_entries(picture)
    if not entries or box.isEmpty():
        return
    metrics = style.small_metrics
    row = metrics.height() + 2
    swatch = metrics.height() * 0.8
    painter.setPen(QPen(mix(style.colours.base, style.colours.text, 0.3), 1))
    painter.setBrush(chip(style))
    painter.drawRoundedRect(box, 4, 4)
    painter.setFont(style.small)
    colours = style.colours
    for number, (kind, text) in enumerate(entries):
        top = box.top() + 4 + number * row
        middle = QPointF(box.left() + 6 + swatch / 2, top + row / 2)
        if kind == "side":
            index = picture.sides.index(text)
            painter.setPen(QPen(colours.text, 1))
            painter.setBrush(style.side_fill(index))
            painter.drawPath(shape_path(index, swatch / 2.4).translated(middle))
        elif kind in ("hidden", "down"):
            pen = QPen(colours.text, 1.2)
            pen.setStyle(Qt.PenStyle.DashLine if kind == "hidden" else Qt.PenStyle.SolidLine)
            painter.setPen(pen)
            painter.setBrush(mix(colours.text, colours.base, 0.6))
            painter.drawEllipse(middle, swatch / 2.4, swatch / 2.4)
            if kind == "down":
                d = swatch / 3.5
                painter.drawLine(middle + QPointF(-d, -d), middle + QPointF(d, d))
                painter.drawLine(middle + QPointF(-d, d), middle + QPointF(d, -d))
        else:
            rating = int(text.rsplit(" ", 1)[-1]) if kind == "rating" else 0
            sample = Area(rating=rating, wall=kind == "wall")
            painter.setPen(QPen(colours.text, 1))
            painter.setBrush(area_colour(sample, style))
            painter.drawRect(
                QRectF(middle.x() - swatch / 2, middle.y() - swatch / 2, swatch, swatch)
            )
        painter.setPen(colours.text)
        painter.drawText(
            QPointF(box.left() + 12 + swatch, top + metrics.ascent() + 1),
            _legend_text(picture, kind, text),
        )


def _legend_text(picture: MapPicture, kind: str, text: str) -> str:
    if kind == "side":
        return f"{text} ({shape_name(picture.sides.index(text))})"
    return text
