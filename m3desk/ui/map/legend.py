"""The map's scale bar and its legend (what each side's shape, a mark and each terrain mean),
in a corner that covers no token or name."""

from __future__ import annotations

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

__all__ = ["legend_box", "legend_entries", "paint_legend", "paint_scale_bar", "scale_bar_box"]

SCALE_BAR_PX = 90.0


def scale_bar_box(
    frame: MapFrame, model: PositionModel, style: MapStyle
) -> tuple[QRectF, float, str]:
    """The scale bar's chip (bottom left), its length in pixels and its text: at least
    :data:`SCALE_BAR_PX` long where the map is wide enough for it and its words, else one
    grid step or a round fraction of it (a map 240 px wide zoomed in cut "25 ft" to "25 f")."""
    metrics = style.small_metrics
    length = nice(SCALE_BAR_PX / frame.scale, model.step)
    for least in (length, model.step, model.step / 2, model.step / 5, model.step / 10):
        length = nice(least, model.step) if least >= model.step else least
        text = f"{length:g} {model.unit}"
        if length * frame.scale + metrics.horizontalAdvance(text) + 36 <= frame.width:
            break
    px = length * frame.scale
    x, y = 12.0, frame.height - 12.0
    box = QRectF(
        x - 4,
        y - metrics.height() - 12,
        px + 8 + metrics.horizontalAdvance(text) + 8,
        metrics.height() + 14,
    )
    return box, px, text


def paint_scale_bar(
    painter: QPainter, frame: MapFrame, model: PositionModel, style: MapStyle
) -> None:
    box, px, text = scale_bar_box(frame, model, style)
    x, y = 12.0, frame.height - 12.0
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
    frame: MapFrame, picture: MapPicture, style: MapStyle, taken: Taken | None = None
) -> QRectF:
    """Where the legend goes: the first corner (top right, top left, bottom right) where
    it covers no token, name or the scale bar; on screen, when every corner is taken, it
    is left out (empty) until a zoom or a pan frees one; on paper the top right. Empty
    when there is nothing to say."""
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
    corners = [
        QRectF(frame.width - width - 8, 8, width, height),
        QRectF(8, 8, width, height),
        QRectF(frame.width - width - 8, frame.height - height - 8, width, height),
    ]
    if taken is None:
        return corners[0]
    surface = QRectF(0, 0, frame.width, frame.height)
    for box in corners:
        if surface.contains(box) and not taken.hits(box):
            return box
    return corners[0] if style.paper else QRectF()


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
