"""The one routine that paints a map: the interactive map, the player view and the printed
encounter sheet all call :func:`paint_map` with a :class:`MapFrame` (where the map's units
land on the surface) and a :class:`MapStyle` (colours and fonts of the surface).

Layers, bottom to top: the background picture, the grid, terrain areas, the selected
combatant's rings, the tokens, a ruler while a token is dragged, the scale bar and the
legend (in a corner that covers no token or name). Token names are drawn at the surface's
text size whatever the zoom, so a zoomed-out map still reads; markers grow with the zoom
down to a floor.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QImage, QPainter, QPen, QPixmap

from m3desk.core.places import Backdrop
from m3desk.core.system import PositionModel
from m3desk.ui.board.board_colours import mix
from m3desk.ui.board.token_shapes import shape_path
from m3desk.ui.map import marker_shape
from m3desk.ui.map.backdrop import file_pixel_size
from m3desk.ui.map.frame import MapFrame, nice
from m3desk.ui.map.labels import Label, Taken, label_layout, token_label
from m3desk.ui.map.legend import (
    legend_box,
    legend_entries,
    paint_legend,
    paint_scale_bar,
    scale_bar_box,
    scale_bar_height,
)
from m3desk.ui.map.marker_shape import OUTLINE
from m3desk.ui.map.picture import MapPicture, MapToken
from m3desk.ui.map.rings import paint_ring_labels, paint_rings, ring_polygon
from m3desk.ui.map.ruler import Ruler, paint_ruler, ruler_box
from m3desk.ui.map.style import MapStyle, area_colour, area_label, draw_label, draw_marker

__all__ = [
    "Centre",
    "GroundCache",
    "Label",
    "MapFrame",
    "MapStyle",
    "Painted",
    "Ruler",
    "area_label",
    "backdrop_rect",
    "grid_origin",
    "label_layout",
    "legend_entries",
    "names_fit",
    "paint_backdrop",
    "paint_map",
    "paint_ruler",
    "paint_token",
    "placed_tokens",
    "ring_polygon",
    "ruler_box",
    "token_label",
    "token_rooms",
]

MIN_GRID_PX = 9.0
"""Grid lines closer than this on screen are thinned to every 2nd, 5th, 10th step…"""


def grid_origin(model: PositionModel) -> float:
    """Where the grid's lines fall, from 0: on a game of squares half a step off, so each
    token (on a whole step) stands in a square; elsewhere through the whole steps."""
    return model.step / 2 if model.metric == "squares" else 0.0


def _paint_grid(painter: QPainter, frame: MapFrame, model: PositionModel, style: MapStyle) -> None:
    spacing = nice(MIN_GRID_PX / frame.scale, model.step)
    major = spacing * 5
    left, top, right, bottom = frame.visible()
    colours = style.colours
    minor_pen = QPen(mix(colours.base, colours.text, 0.10), 0)
    major_pen = QPen(mix(colours.base, colours.text, 0.22), 0)
    origin = grid_origin(model)
    first_x = origin + math.floor((left - origin) / spacing) * spacing
    first_y = origin + math.floor((top - origin) / spacing) * spacing
    count_x = int((right - first_x) / spacing) + 2
    count_y = int((bottom - first_y) / spacing) + 2
    minor: list[QLineF] = []
    major_lines: list[QLineF] = []
    for i in range(count_x):
        x = first_x + i * spacing
        sx = (x - frame.cx) * frame.scale + frame.width / 2
        (major_lines if _on(x - origin, major) else minor).append(QLineF(sx, 0, sx, frame.height))
    for i in range(count_y):
        y = first_y + i * spacing
        sy = (y - frame.cy) * frame.scale + frame.height / 2
        (major_lines if _on(y - origin, major) else minor).append(QLineF(0, sy, frame.width, sy))
    painter.setPen(minor_pen)
    painter.drawLines(minor)
    painter.setPen(major_pen)
    painter.drawLines(major_lines)


def _on(value: float, spacing: float) -> bool:
    ratio = value / spacing
    return abs(ratio - round(ratio)) < 1e-6


def _paint_areas(painter: QPainter, frame: MapFrame, picture: MapPicture, style: MapStyle) -> None:
    painter.setFont(style.small)
    for area in picture.areas:
        corner = frame.to_screen(area.x, area.y)
        rect = QRectF(corner.x(), corner.y(), area.width * frame.scale, area.height * frame.scale)
        colour = area_colour(area, style)
        painter.setPen(QPen(mix(colour, style.colours.text, 0.3), 1))
        painter.setBrush(colour)
        painter.drawRect(rect)
        if not area.wall:
            painter.setBrush(
                QBrush(mix(colour, style.colours.text, 0.25), Qt.BrushStyle.BDiagPattern)
            )
            painter.drawRect(rect)
        label = area_label(area)
        if (
            rect.width() > style.small_metrics.horizontalAdvance(label) + 6
            and rect.height() > style.small_metrics.height() + 4
        ):
            painter.setPen(style.colours.ink_on(colour))
            painter.drawText(
                rect.adjusted(3, 2, -3, -2),
                int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop),
                label,
            )


def paint_token(
    painter: QPainter,
    frame: MapFrame,
    token: MapToken,
    style: MapStyle,
    model: PositionModel,
    *,
    selected: bool = False,
    at: QPointF | None = None,
) -> None:
    """One token: its side's marker (shape and colour), initials inside, the name below.

    On screen the marker and the name are pictures drawn once and reused (a map of 200
    redraws in a few milliseconds); on paper they are paths and text, so the names stay
    text in the PDF."""
    centre = at if at is not None else frame.to_screen(token.x, token.y)
    radius = round(style.radius(frame, model), 1)
    text = token_label(token, model.unit)
    width = style.label_width(text, selected)
    down = marker_shape.reach(token.side_index, radius).down(width)
    label_top = QPointF(centre.x(), centre.y() + down + 1)  # (clear of a diamond's tip)
    if style.paper:
        draw_marker(painter, centre, token, radius, style, selected)
        draw_label(painter, label_top, text, style, selected, token.hidden, token.down)
        return
    device = painter.device()
    ratio = device.devicePixelRatioF() if device is not None else 1.0
    for sprite, anchor, spot in (
        (*style.marker_sprite(token, radius, selected, ratio), centre),
        (*style.label_sprite(token, text, selected, ratio), label_top),
    ):
        painter.drawPixmap(QPointF(spot.x() - anchor.x(), spot.y() - anchor.y()), sprite)


@dataclass
class Painted:
    """Where :func:`paint_map` put things on the surface: each token's marker and each
    name it drew (in surface pixels), and the legend's box (empty when left out)."""

    markers: list[QRectF] = field(default_factory=list)
    labels: list[QRectF] = field(default_factory=list)
    legend: QRectF = field(default_factory=QRectF)
    scale_bar: QRectF = field(default_factory=QRectF)
    """The scale bar's chip (empty when there is none)."""
    named: dict[str, QRectF] = field(default_factory=dict)
    """Each combatant whose name was drawn, and where."""
    texts: dict[str, str] = field(default_factory=dict)
    """Each combatant whose name was drawn, and the words drawn."""
    leaders: list[QLineF] = field(default_factory=list)
    """The lines from a token to its name standing apart."""
    marks: dict[str, str] = field(default_factory=dict)
    """What each token's marker reads."""
    centres: dict[str, QPointF] = field(default_factory=dict)
    """Each combatant's token's centre on the surface."""
    line: float = 0.0
    """The height of a name's line of text."""


Centre = tuple[float, float, MapToken, bool]
"""A token on the surface: its centre, the token, whether it is the selected one."""


def placed_tokens(
    frame: MapFrame, picture: MapPicture, style: MapStyle, skip: str = ""
) -> tuple[float, list[Centre]]:
    """The markers' radius and every token but ``skip`` that shows on the surface (the
    selected one last, so it is painted on top)."""
    model = picture.model
    shown = [t for t in picture.tokens if t.combatant_id != skip]
    shown.sort(key=lambda t: t.combatant_id == picture.selected)
    radius = round(style.radius(frame, model), 1)
    scale, half_w, half_h = frame.scale, frame.width / 2, frame.height / 2
    centres = []
    edge = radius + 6  # the selection's outline
    for token in shown:
        x = (token.x - frame.cx) * scale + half_w
        y = (token.y - frame.cy) * scale + half_h
        if x < -edge or y < -edge or x > frame.width + edge or y > frame.height + edge:
            continue  # off the surface: nothing of it shows (a fit to the fight leaves many)
        centres.append((x, y, token, token.combatant_id == picture.selected))
    return radius, centres


def shape_box(x: float, y: float, token: MapToken, radius: float) -> QRectF:
    """The whole of a token's marker as drawn: its shape's tips and its outline (a diamond
    reaches 1.18 radii up and down, a triangle 1.3 up: their tips ran under the scale bar)."""
    left, top, right, bottom = _shape_bounds(token.side_index, radius)
    return QRectF(x + left, y + top, right - left, bottom - top)


@functools.lru_cache(maxsize=64)
def _shape_bounds(side_index: int, radius: float) -> tuple[float, float, float, float]:
    box = shape_path(side_index, radius).boundingRect()
    return (
        box.left() - OUTLINE,
        box.top() - OUTLINE,
        box.right() + OUTLINE,
        box.bottom() + OUTLINE,
    )


def token_rooms(
    frame: MapFrame, radius: float, centres: list[Centre], style: MapStyle, unit: str
) -> list[QRectF]:
    """What the scale bar's chip must leave clear of each token that stands in the bands
    along the map's top and foot where it goes: its whole marker (:func:`shape_box`) and
    the room of its name straight below it, where a name goes first (the others are not
    measured: a fit tries many frames)."""
    rooms = []
    band = scale_bar_height(style) + 12
    reach_up, reach_down = 1.3 * radius + 1, radius + 2 + style.line
    for x, y, token, selected in centres:
        if band < y - reach_up and y + reach_down < frame.height - band:
            continue
        width = style.label_width(token_label(token, unit), selected)
        marker = shape_box(x, y, token, radius)
        down = marker_shape.reach(token.side_index, radius).down(width)
        below = QRectF(x - width / 2, y + down + 1.5, width, style.line)
        rooms.append(marker.united(below))
    return rooms


def names_fit(
    frame: MapFrame, picture: MapPicture, style: MapStyle, *, scale_bar: bool = True
) -> bool:
    """Whether at ``frame`` every token on the surface stands clear of the others and of the
    scale bar and gets its whole name (what a fit looks for: a map where no name is left
    out or shortened)."""
    radius, centres = placed_tokens(frame, picture, style)
    # A token standing off the surface, but for a part of its marker, needs no name there.
    centres = [c for c in centres if 0 <= c[0] <= frame.width and 0 <= c[1] <= frame.height]
    taken = Taken()
    unit = picture.model.unit
    rooms = token_rooms(frame, radius, centres, style, unit)
    bar = scale_bar_box(frame, picture.model, style, rooms)[0] if scale_bar else QRectF()
    taken.add(bar)
    markers = [QRectF(x - radius, y - radius, 2 * radius, 2 * radius) for x, y, _, _ in centres]
    for n, marker in enumerate(markers):
        x, y, token, _ = centres[n]
        whole = shape_box(x, y, token, radius)
        if any(marker.intersects(other) for other in markers[n + 1 :]) or (
            scale_bar and whole.intersects(bar)
        ):
            return False  # (the scale bar is drawn over the tokens: one half hidden by it)
        taken.add_marker(x, y, token.side_index, radius)  # as the paint adds it
    labels = label_layout(centres, radius, frame, style, unit, taken)
    return len(labels) == len(centres) and all(
        label.text == token_label(label.token, unit) for label in labels
    )


def _paint_tokens(
    painter: QPainter,
    frame: MapFrame,
    picture: MapPicture,
    style: MapStyle,
    placed: tuple[float, list[Centre]],
    taken: Taken,
    painted: Painted,
) -> None:
    """Every token ``placed``, the selected one on top, and every name where it covers no
    token, no other name and nothing ``taken`` holds already (the scale bar): beside its
    token where there is room, else a little farther out with a line to its token
    (:func:`label_layout`). Only a name with no free place on the surface is left out (the
    marker keeps its initials, the tooltip the name; a fit zooms until none is). On paper
    the same places, as text."""
    radius, centres = placed
    for x, y, token, _ in centres:
        painted.markers.append(taken.add_marker(x, y, token.side_index, radius))
        painted.centres[token.combatant_id] = QPointF(x, y)
        if not token.down:  # a cross instead
            painted.marks[token.combatant_id] = token.marked
    painted.line = style.line
    labels = label_layout(centres, radius, frame, style, picture.model.unit, taken)
    leader = QPen(mix(style.colours.text, style.colours.base, 0.35), 1)
    painter.setPen(leader)
    for label in labels:
        if label.leader is not None:
            painter.drawLine(label.leader)
            painted.leaders.append(label.leader)
    device = painter.device()
    ratio = device.devicePixelRatioF() if device is not None and not style.paper else 1.0
    for x, y, token, selected in centres:
        if style.paper:
            draw_marker(painter, QPointF(x, y), token, radius, style, selected)
            continue
        sprite, anchor = style.marker_sprite(token, radius, selected, ratio)
        painter.drawPixmap(round(x - anchor.x()), round(y - anchor.y()), sprite)
    for label in labels:
        painted.labels.append(label.box)
        painted.named[label.token.combatant_id] = label.box
        painted.texts[label.token.combatant_id] = label.text
        top = QPointF(label.box.center().x(), label.box.top())
        if style.paper:
            draw_label(
                painter,
                top,
                label.text,
                style,
                label.selected,
                label.token.hidden,
                label.token.down,
            )
            continue
        sprite, anchor = style.label_sprite(label.token, label.text, label.selected, ratio)
        painter.drawPixmap(round(top.x() - anchor.x()), round(top.y()), sprite)


BACKDROP_OPACITY = 0.75
"""The picture lies a little faded under the grid, so the grid and the tokens read on it."""


def backdrop_rect(frame: MapFrame, spec: Backdrop, image: QImage | QPixmap) -> QRectF:
    """Where the picture ``spec`` lies on the surface (``image`` as the backdrop cache
    read it: its size in the file's pixels is kept in it)."""
    corner = frame.to_screen(spec.x, spec.y)
    width, height = (
        file_pixel_size(image) if isinstance(image, QImage) else (image.width(), image.height())
    )
    return QRectF(
        corner.x(),
        corner.y(),
        width * spec.per_pixel * frame.scale,
        height * spec.down_per_pixel * frame.scale,
    )


def paint_backdrop(
    painter: QPainter, target: QRectF, image: QImage | QPixmap, *, smooth: bool = True
) -> None:
    """The picture, faded, into ``target`` (surface pixels)."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, smooth)
    painter.setOpacity(BACKDROP_OPACITY)
    if isinstance(image, QImage):
        painter.drawImage(target, image)
    else:
        painter.drawPixmap(target, image, QRectF(image.rect()))
    painter.restore()


def _paint_ground(
    painter: QPainter,
    frame: MapFrame,
    picture: MapPicture,
    style: MapStyle,
    backdrop: QImage | None,
    *,
    fill: bool = True,
) -> None:
    """What lies under the tokens and changes only with the view or the terrain: the
    background, its picture, the grid and the terrain areas."""
    if fill and not style.paper:
        painter.fillRect(QRectF(0, 0, frame.width, frame.height), style.colours.base)
    if backdrop is not None and picture.backdrop is not None and not backdrop.isNull():
        paint_backdrop(painter, backdrop_rect(frame, picture.backdrop, backdrop), backdrop)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
    _paint_grid(painter, frame, picture.model, style)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    _paint_areas(painter, frame, picture, style)


class GroundCache:
    """The ground (:func:`_paint_ground`) of a screen map as one picture, painted again
    only when the view, the terrain, the picture or the style change: a move or a new
    selection then costs one copy of it."""

    def __init__(self) -> None:
        self._key: tuple[object, ...] = ()
        self._pixmap = QPixmap()

    def paint(
        self,
        painter: QPainter,
        frame: MapFrame,
        picture: MapPicture,
        style: MapStyle,
        backdrop: QImage | None,
    ) -> None:
        device = painter.device()
        ratio = device.devicePixelRatioF() if device is not None else 1.0
        key = (
            frame,
            picture.model,
            picture.areas,
            picture.backdrop,
            backdrop.cacheKey() if backdrop is not None else 0,
            id(style),
            ratio,
        )
        if key != self._key:
            pixmap = QPixmap(math.ceil(frame.width * ratio), math.ceil(frame.height * ratio))
            pixmap.setDevicePixelRatio(ratio)
            ground = QPainter(pixmap)
            _paint_ground(ground, frame, picture, style, backdrop)
            ground.end()
            self._key, self._pixmap = key, pixmap
        painter.drawPixmap(0, 0, self._pixmap)


def paint_map(
    painter: QPainter,
    frame: MapFrame,
    picture: MapPicture,
    style: MapStyle,
    *,
    backdrop: QImage | None = None,
    skip: str = "",
    ruler: Ruler | None = None,
    rubber: QRectF | None = None,
    legend: bool = True,
    scale_bar: bool = True,
    ground: GroundCache | None = None,
    fill: bool = True,
    legend_of: MapPicture | None = None,
) -> Painted:
    """Paint the whole map on ``painter`` (a widget, a pixmap or a page) inside
    (0, 0, frame.width, frame.height); ``skip`` leaves out one token (the one being
    dragged, painted on top by the caller), ``ruler`` and ``rubber`` (a terrain rectangle
    being drawn, in surface pixels) are the interaction's overlays; ``ground`` keeps the
    ground between paints of the same view; without ``fill`` the surface's background is
    left as it is (the layer over a picture being dragged); ``legend_of`` is what the
    legend lists where it is not ``picture`` (a printed map lists what its insets show too,
    and no terrain left off the page). Returns where the tokens, their names and the legend
    went."""
    painter.save()
    painter.setClipRect(QRectF(0, 0, frame.width, frame.height))
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    if ground is not None and not style.paper and fill:
        ground.paint(painter, frame, picture, style, backdrop)
    else:
        _paint_ground(painter, frame, picture, style, backdrop, fill=fill)
    model = picture.model
    paint_rings(painter, frame, picture, style)
    taken, painted = Taken(), Painted()
    placed = placed_tokens(frame, picture, style, skip)
    bar = None
    if scale_bar:  # in a corner clear of the tokens; names stay clear of it (drawn over them)
        bar = scale_bar_box(frame, model, style, token_rooms(frame, *placed, style, model.unit))
        painted.scale_bar = bar[0]
        taken.add(bar[0])
    _paint_tokens(painter, frame, picture, style, placed, taken, painted)
    listed = picture if legend_of is None else legend_of
    if legend:
        shown = [*painted.markers, *painted.labels, painted.scale_bar]
        painted.legend = legend_box(frame, listed, style, taken, shown)
        if not painted.legend.isEmpty():
            taken.add(painted.legend)
    paint_ring_labels(painter, frame, picture, style, taken)
    if rubber is not None:
        painter.setPen(QPen(style.colours.highlight, 2, Qt.PenStyle.DashLine))
        tint = QColor(style.colours.highlight)
        tint.setAlphaF(0.2)
        painter.setBrush(tint)
        painter.drawRect(rubber)
    if ruler is not None:
        paint_ruler(painter, frame, ruler, style)
    if bar is not None:
        paint_scale_bar(painter, bar, style)
    if legend:
        paint_legend(painter, listed, style, painted.legend)
    painter.restore()
    return painted
