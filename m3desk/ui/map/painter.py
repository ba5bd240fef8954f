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

import math
from collections.abc import Callable
from dataclasses import dataclass, field

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QImage,
    QPaintDevice,
    QPainter,
    QPalette,
    QPen,
    QPixmap,
    QPolygonF,
)

from m3desk.core.places import Area, Backdrop
from m3desk.core.system import PositionModel, Ring
from m3desk.ui.board.board_colours import BoardColours, mix
from m3desk.ui.board.token_metrics import initials
from m3desk.ui.board.token_shapes import shape_name, shape_path
from m3desk.ui.map.backdrop import file_pixel_size
from m3desk.ui.map.picture import MapPicture, MapToken

__all__ = ["GroundCache", "Label", "MapFrame", "MapStyle", "Painted", "Ruler", "backdrop_rect",
           "grid_origin", "label_layout", "paint_backdrop", "paint_map", "paint_token",
           "ring_polygon"]

NICE = (1, 2, 5)
MIN_GRID_PX = 9.0
"""Grid lines closer than this on screen are thinned to every 2nd, 5th, 10th step…"""
SCALE_BAR_PX = 90.0
MAX_SPRITES = 4000
"""Token pictures kept (a few zoom levels of 200 combatants); then drawn afresh."""


@dataclass(frozen=True, slots=True)
class MapFrame:
    """Where the map's units land on a surface: ``scale`` pixels per unit, the unit point
    (``cx``, ``cy``) at the centre of a ``width`` × ``height`` surface; y grows downward."""

    scale: float
    cx: float
    cy: float
    width: float
    height: float

    def to_screen(self, x: float, y: float) -> QPointF:
        return QPointF((x - self.cx) * self.scale + self.width / 2,
                       (y - self.cy) * self.scale + self.height / 2)

    def to_units(self, point: QPointF) -> tuple[float, float]:
        return ((point.x() - self.width / 2) / self.scale + self.cx,
                (point.y() - self.height / 2) / self.scale + self.cy)

    def visible(self) -> tuple[float, float, float, float]:
        left, top = self.to_units(QPointF(0, 0))
        right, bottom = self.to_units(QPointF(self.width, self.height))
        return left, top, right, bottom

    @classmethod
    def fitted(cls, bounds: tuple[float, float, float, float], width: float, height: float,
               *, most: float = 40.0, margin: float | None = None) -> MapFrame:
        """The frame showing ``bounds`` whole on the surface (at most ``most`` px a unit),
        ``margin`` pixels from its edges (by default less on a small surface)."""
        if margin is None:
            margin = min(24.0, 0.06 * min(width, height))
        left, top, right, bottom = bounds
        room_w, room_h = max(width - 2 * margin, 1.0), max(height - 2 * margin, 1.0)
        scale = min(room_w / max(right - left, 1e-6), room_h / max(bottom - top, 1e-6), most)
        return cls(scale, (left + right) / 2, (top + bottom) / 2, width, height)

    def zoomed(self, factor: float, anchor: QPointF | None = None) -> MapFrame:
        """Zoomed by ``factor`` keeping the unit point under ``anchor`` (default: centre)."""
        anchor = anchor if anchor is not None else QPointF(self.width / 2, self.height / 2)
        ux, uy = self.to_units(anchor)
        scale = self.scale * factor
        cx = ux - (anchor.x() - self.width / 2) / scale
        cy = uy - (anchor.y() - self.height / 2) / scale
        return MapFrame(scale, cx, cy, self.width, self.height)

    def panned(self, dx_px: float, dy_px: float) -> MapFrame:
        return MapFrame(self.scale, self.cx - dx_px / self.scale, self.cy - dy_px / self.scale,
                        self.width, self.height)

    def resized(self, width: float, height: float) -> MapFrame:
        return MapFrame(self.scale, self.cx, self.cy, width, height)


@dataclass
class MapStyle:
    """The colours and fonts of one surface (a widget's palette and font, or paper)."""

    colours: BoardColours
    font: QFont
    within: QColor
    over: QColor
    paper: bool = False
    """Printing: no background fill."""
    device: QPaintDevice | None = None
    """The surface the fonts are measured on (a printer's page), if not the screen."""
    _widths: dict[str, float] = field(default_factory=dict, repr=False)
    _sprites: dict[tuple[object, ...], tuple[QPixmap, QPointF]] = field(
        default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self.metrics = self._measure(self.font)
        self.bold = QFont(self.font)
        self.bold.setBold(True)
        self.bold_metrics = self._measure(self.bold)
        self.small = QFont(self.font)
        self.small.setPointSizeF(self.font.pointSizeF() * 0.85)
        self.small_metrics = self._measure(self.small)
        self.line = self.metrics.height()
        self.struck = QFont(self.font)
        self.struck.setStrikeOut(True)

    def _measure(self, font: QFont) -> QFontMetricsF:
        return QFontMetricsF(font, self.device) if self.device is not None \
            else QFontMetricsF(font)

    @classmethod
    def of(cls, palette: QPalette, font: QFont, *, paper: bool = False,
           device: QPaintDevice | None = None) -> MapStyle:
        colours = BoardColours.from_palette(palette)
        lightness = 0.62 if colours.dark else 0.36
        return cls(colours, QFont(font), QColor.fromHslF(0.36, 0.75, lightness),
                   QColor.fromHslF(0.0, 0.8, 0.64 if colours.dark else 0.45), paper=paper,
                   device=device)

    def side_fill(self, index: int) -> QColor:
        """A side's marker colour; on paper a grey of its lightness (the shapes tell the sides
        apart, and a black-and-white printer loses nothing)."""
        colour = self.colours.side_colour(index)
        if not self.paper:
            return colour
        grey = round(255 * (0.55 + 0.35 * colour.lightnessF()))
        return QColor(grey, grey, grey)

    @property
    def mark(self) -> QColor:
        """The selection's colour: the highlight on screen, ink on paper."""
        return self.colours.text if self.paper else self.colours.highlight

    def width(self, text: str) -> float:
        """The text's width in the name font (cached: names repeat at every paint)."""
        known = self._widths.get(text)
        if known is None:
            known = self._widths[text] = self.metrics.horizontalAdvance(text)
        return known

    def _cached(self, key: tuple[object, ...], draw: Callable[[QPainter], None],
                width: float, height: float, anchor: QPointF, ratio: float
                ) -> tuple[QPixmap, QPointF]:
        found = self._sprites.get(key)
        if found is None:
            if len(self._sprites) > MAX_SPRITES:
                self._sprites.clear()
            pixmap = QPixmap(math.ceil(width * ratio) + 2, math.ceil(height * ratio) + 2)
            pixmap.setDevicePixelRatio(ratio)
            pixmap.fill(Qt.GlobalColor.transparent)
            painter = QPainter(pixmap)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
            draw(painter)
            painter.end()
            found = self._sprites[key] = (pixmap, anchor)
        return found

    def marker_sprite(self, token: MapToken, radius: float, selected: bool, ratio: float
                      ) -> tuple[QPixmap, QPointF]:
        """The token's marker as a picture drawn once per look, and its centre on it."""
        key = ("marker", initials(token.name), token.side_index, token.hidden, token.down,
               radius, selected, ratio)
        room = radius + 5
        anchor = QPointF(math.ceil(room * 1.35), math.ceil(room * 1.35))
        return self._cached(key, lambda p: _draw_marker(p, anchor, token, radius, self,
                                                        selected),
                            2 * anchor.x(), 2 * anchor.y(), anchor, ratio)

    def label_sprite(self, token: MapToken, text: str, selected: bool, ratio: float
                     ) -> tuple[QPixmap, QPointF]:
        """The name's chip as a picture, and its top centre on it."""
        key = ("label", text, token.hidden, token.down, selected, ratio)
        width = self.label_width(text, selected)
        anchor = QPointF(math.ceil(width / 2) + 1, 0)
        return self._cached(key, lambda p: _draw_label(p, anchor, text, self, selected,
                                                       token.hidden, token.down),
                            width + 2, self.line + 1, anchor, ratio)

    def label_width(self, text: str, selected: bool) -> float:
        metrics = self.bold_metrics if selected else self.metrics
        return metrics.horizontalAdvance(text) + 6 if selected else self.width(text) + 6

    def radius(self, frame: MapFrame, model: PositionModel) -> float:
        """A token's radius on the surface: nearly half a grid step, never smaller than
        a little under half a line of text (the marker stays a target for the mouse); on
        paper never smaller than :data:`PAPER_LEAST_RADIUS` lines (initials that read on
        the page: a whole scene fitted on a quarter page made tokens 3 mm across)."""
        step = model.step * frame.scale
        least = self.line * 0.55
        if self.paper:  # as large as reads, where neighbours a step apart leave the room
            least = max(least, min(self.line * PAPER_LEAST_RADIUS, 0.48 * step))
        return max(0.42 * step, least)


PAPER_LEAST_RADIUS = 0.9
"""On paper a token is at least this many lines of its names' text in radius (7-point names:
about 5 mm across), so its initials read."""


@dataclass(frozen=True, slots=True)
class Ruler:
    """A dragged token's path: where it started, where it would land, what it says."""

    start: tuple[float, float]
    end: tuple[float, float]
    lines: tuple[str, ...]
    over: bool
    stop: tuple[float, float] | None = None
    """Where the allowance ends on the way (a move over it): the line stops there."""


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


def _draw_ring(painter: QPainter, model: PositionModel, middle: QPointF,
               radius: float, scale: float) -> None:
    """A ring by the cheapest call that draws it (a dashed path of a large ring costs
    milliseconds; an ellipse or a polygon a fraction of that)."""
    if model.metric == "squares":
        painter.drawPolyline(ring_polygon(model, radius / scale, scale).translated(middle))
    else:
        painter.drawEllipse(middle, radius, radius)


def _nice(least: float, step: float) -> float:
    """The smallest of step × 1, 2, 5, 10, 20, 50… not below ``least``."""
    magnitude = 1
    while True:
        for factor in NICE:
            value = step * factor * magnitude
            if value >= least:
                return value
        magnitude *= 10
        if magnitude > 1e9:
            return step * magnitude


def grid_origin(model: PositionModel) -> float:
    """Where the grid's lines fall, from 0: on a game of squares half a step off, so each
    token (on a whole step) stands in a square; elsewhere through the whole steps."""
    return model.step / 2 if model.metric == "squares" else 0.0


def _paint_grid(painter: QPainter, frame: MapFrame, model: PositionModel,
                style: MapStyle) -> None:
    spacing = _nice(MIN_GRID_PX / frame.scale, model.step)
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
        (major_lines if _on(x - origin, major) else minor).append(
            QLineF(sx, 0, sx, frame.height))
    for i in range(count_y):
        y = first_y + i * spacing
        sy = (y - frame.cy) * frame.scale + frame.height / 2
        (major_lines if _on(y - origin, major) else minor).append(
            QLineF(0, sy, frame.width, sy))
    painter.setPen(minor_pen)
    painter.drawLines(minor)
    painter.setPen(major_pen)
    painter.drawLines(major_lines)


def _on(value: float, spacing: float) -> bool:
    ratio = value / spacing
    return abs(ratio - round(ratio)) < 1e-6


def area_colour(area: Area, style: MapStyle) -> QColor:
    colours = style.colours
    if area.wall:
        return mix(colours.base, colours.text, 0.62)
    amount = min(0.15 + 0.07 * area.rating, 0.55)
    return mix(colours.base, QColor.fromHslF(0.08, 0.7, 0.5), amount)


def area_label(area: Area) -> str:
    if area.wall:
        return area.label or "wall"
    return f"DR {area.rating}" + (f" · {area.label}" if area.label else "")


def _paint_areas(painter: QPainter, frame: MapFrame, picture: MapPicture,
                 style: MapStyle) -> None:
    painter.setFont(style.small)
    for area in picture.areas:
        corner = frame.to_screen(area.x, area.y)
        rect = QRectF(corner.x(), corner.y(), area.width * frame.scale,
                      area.height * frame.scale)
        colour = area_colour(area, style)
        painter.setPen(QPen(mix(colour, style.colours.text, 0.3), 1))
        painter.setBrush(colour)
        painter.drawRect(rect)
        if not area.wall:
            painter.setBrush(QBrush(mix(colour, style.colours.text, 0.25),
                                    Qt.BrushStyle.BDiagPattern))
            painter.drawRect(rect)
        label = area_label(area)
        if rect.width() > style.small_metrics.horizontalAdvance(label) + 6 \
                and rect.height() > style.small_metrics.height() + 4:
            painter.setPen(style.colours.ink_on(colour))
            painter.drawText(rect.adjusted(3, 2, -3, -2),
                             int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop), label)


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


def _paint_rings(painter: QPainter, frame: MapFrame, picture: MapPicture,
                 style: MapStyle) -> None:
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
        painter.setPen(QPen(colour, 2 if wide else 0, _RING_LINES.get(
            ring.kind, Qt.PenStyle.SolidLine)))
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, not wide)
        _draw_ring(painter, picture.model, middle, radius, frame.scale)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)


_RING_LINES = {"range": Qt.PenStyle.DashLine, "spell": Qt.PenStyle.DashDotLine}
"""A weapon's range dashed, a spell's dash-dotted; reach and moves solid."""

_INNER = 2 / 3
"""The octagon of a grid's ring reaches in to ⅔ of its radius on the diagonals."""


def _farthest_corner(frame: MapFrame, point: QPointF) -> float:
    return max(math.hypot(x - point.x(), y - point.y())
               for x in (0.0, frame.width) for y in (0.0, frame.height))


def _paint_ring_labels(painter: QPainter, frame: MapFrame, picture: MapPicture,
                       style: MapStyle, taken: _Taken) -> None:
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
            box = QRectF(middle.x() + spot.x() - width / 2,
                         middle.y() + spot.y() - height / 2, width, height)
            if surface.contains(box) and not taken.hits(box):
                break
        else:
            continue
        taken.add(box)
        colour = _ring_colour(ring, style)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(_chip(style))
        painter.drawRoundedRect(box, 3, 3)
        painter.setPen(colour if ring.kind != "range" else style.colours.text)
        painter.drawText(box, int(Qt.AlignmentFlag.AlignCenter), text)


def _on_ring(model: PositionModel, radius: float, angle: float) -> QPointF:
    dx, dy = math.cos(angle), math.sin(angle)
    length = model.norm(dx, dy) if model.metric == "squares" else 1.0
    return QPointF(dx * radius / length, dy * radius / length)


def _chip(style: MapStyle) -> QColor:
    chip = QColor(style.colours.base)
    chip.setAlphaF(0.85)
    return chip


def token_label(token: MapToken, unit: str) -> str:
    """The name under a token, with what the marker cannot show in shape or colour."""
    text = token.name
    if token.z:
        text += f" ↑{token.z:g} {unit}"
    if token.hidden:
        text += " (hidden)"
    if token.down:
        text += " (down)"
    return text


def paint_token(painter: QPainter, frame: MapFrame, token: MapToken, style: MapStyle,
                model: PositionModel, *, selected: bool = False, at: QPointF | None = None
                ) -> None:
    """One token: its side's marker (shape and colour), initials inside, the name below.

    On screen the marker and the name are pictures drawn once and reused (a map of 200
    redraws in a few milliseconds); on paper they are paths and text, so the names stay
    text in the PDF."""
    centre = at if at is not None else frame.to_screen(token.x, token.y)
    radius = round(style.radius(frame, model), 1)
    text = token_label(token, model.unit)
    label_top = QPointF(centre.x(), centre.y() + radius + 1)
    if style.paper:
        _draw_marker(painter, centre, token, radius, style, selected)
        _draw_label(painter, label_top, text, style, selected, token.hidden, token.down)
        return
    device = painter.device()
    ratio = device.devicePixelRatioF() if device is not None else 1.0
    for sprite, anchor, spot in (
            (*style.marker_sprite(token, radius, selected, ratio), centre),
            (*style.label_sprite(token, text, selected, ratio), label_top)):
        painter.drawPixmap(QPointF(spot.x() - anchor.x(), spot.y() - anchor.y()), sprite)


def _draw_marker(painter: QPainter, centre: QPointF, token: MapToken, radius: float,
                 style: MapStyle, selected: bool) -> None:
    colours = style.colours
    fill = style.side_fill(token.side_index)
    if token.down:
        fill = mix(fill, colours.base, 0.6)
    if token.hidden:
        fill = mix(fill, colours.base, 0.45)
    marker = shape_path(token.side_index, radius).translated(centre)
    outline = QPen(colours.text if selected else mix(colours.text, fill, 0.4),
                   3 if selected else 1.2)
    if token.hidden:
        outline.setStyle(Qt.PenStyle.DashLine)
    if selected:
        painter.setPen(QPen(style.mark, 6))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(marker)
    painter.setPen(outline)
    painter.setBrush(fill)
    painter.drawPath(marker)
    if token.down:
        painter.setPen(QPen(colours.text, 2))
        d = radius * 0.6
        painter.drawLine(centre + QPointF(-d, -d), centre + QPointF(d, d))
        painter.drawLine(centre + QPointF(-d, d), centre + QPointF(d, -d))
    elif radius >= style.line * 0.55:
        painter.setFont(style.small)
        painter.setPen(colours.ink_on(fill))
        box = QRectF(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius)
        painter.drawText(box, int(Qt.AlignmentFlag.AlignCenter), initials(token.name))


def _draw_label(painter: QPainter, top: QPointF, text: str, style: MapStyle,
                selected: bool, hidden: bool, down: bool) -> None:
    """The name's chip, centred under ``top``."""
    colours = style.colours
    width = style.label_width(text, selected)
    box = QRectF(top.x() - width / 2, top.y(), width, style.line)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(_chip(style))
    painter.drawRoundedRect(box, 3, 3)
    painter.setFont(style.struck if down else (style.bold if selected else style.font))
    painter.setPen(colours.text if not hidden else colours.muted_text)
    painter.drawText(box, int(Qt.AlignmentFlag.AlignCenter), text)


class _Taken:
    """Rectangles already covered on the surface, bucketed so a test costs a few looks."""

    CELL = 64.0

    def __init__(self) -> None:
        self._cells: dict[tuple[int, int], list[QRectF]] = {}

    def _keys(self, rect: QRectF) -> list[tuple[int, int]]:
        cell = self.CELL
        return [(i, j) for i in range(int(rect.left() // cell), int(rect.right() // cell) + 1)
                for j in range(int(rect.top() // cell), int(rect.bottom() // cell) + 1)]

    def hits(self, rect: QRectF) -> bool:
        return any(rect.intersects(other) for key in self._keys(rect)
                   for other in self._cells.get(key, ()))

    def add(self, rect: QRectF) -> None:
        for key in self._keys(rect):
            self._cells.setdefault(key, []).append(rect)


@dataclass
class Painted:
    """Where :func:`paint_map` put things on the surface: each token's marker and each
    name it drew (in surface pixels), and the legend's box (empty when left out)."""

    markers: list[QRectF] = field(default_factory=list)
    labels: list[QRectF] = field(default_factory=list)
    legend: QRectF = field(default_factory=QRectF)
    named: dict[str, QRectF] = field(default_factory=dict)
    """Each combatant whose name was drawn, and where."""
    centres: dict[str, QPointF] = field(default_factory=dict)
    """Each combatant's token's centre on the surface."""
    line: float = 0.0
    """The height of a name's line of text."""


def _paint_tokens(painter: QPainter, frame: MapFrame, picture: MapPicture, style: MapStyle,
                  skip: str, taken: _Taken, painted: Painted) -> None:
    """Every token but ``skip``, the selected one on top, and every name where it covers no
    token, no other name and nothing ``taken`` holds already (the scale bar): beside its
    token where there is room, else a little farther out with a line to its token
    (:func:`label_layout`). Only a name with no free place on the surface is left out (the
    marker keeps its initials, the tooltip the name; zooming in brings it back). On paper
    the same places, as text."""
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
        marker = QRectF(x - radius, y - radius, 2 * radius, 2 * radius)
        taken.add(marker)
        painted.markers.append(marker)
        painted.centres[token.combatant_id] = QPointF(x, y)
    painted.line = style.line
    labels = label_layout(centres, radius, frame, style, model.unit, taken)
    leader = QPen(mix(style.colours.text, style.colours.base, 0.35), 1)
    painter.setPen(leader)
    for label in labels:
        if label.leader is not None:
            painter.drawLine(label.leader)
    device = painter.device()
    ratio = device.devicePixelRatioF() if device is not None and not style.paper else 1.0
    for x, y, token, selected in centres:
        if style.paper:
            _draw_marker(painter, QPointF(x, y), token, radius, style, selected)
            continue
        sprite, anchor = style.marker_sprite(token, radius, selected, ratio)
        painter.drawPixmap(round(x - anchor.x()), round(y - anchor.y()), sprite)
    for label in labels:
        painted.labels.append(label.box)
        painted.named[label.token.combatant_id] = label.box
        top = QPointF(label.box.center().x(), label.box.top())
        if style.paper:
            _draw_label(painter, top, label.text, style, label.selected, label.token.hidden,
                        label.token.down)
            continue
        sprite, anchor = style.label_sprite(label.token, label.text, label.selected, ratio)
        painter.drawPixmap(round(top.x() - anchor.x()), round(top.y()), sprite)


@dataclass(frozen=True, slots=True)
class Label:
    """A token's name where :func:`label_layout` put it: its box on the surface and the
    line to its token when the name stands apart from it."""

    token: MapToken
    text: str
    box: QRectF
    selected: bool
    leader: QLineF | None = None


LABEL_TIERS = 6
"""How many lines of names a name may stand away from its token (with a line to it)."""


def _spots(x: float, y: float, radius: float, width: float, line: float
           ) -> list[tuple[QRectF, bool]]:
    """Where a name may go, nearest first: (box, apart from the token). Beside the token,
    then straight above or below it a line or more away, then shifted to a side."""
    gap = 1.5
    below = y + radius + gap
    above = y - radius - gap - line
    spots = [(QRectF(x - width / 2, below, width, line), False),
             (QRectF(x - width / 2, above, width, line), False),
             # Beside it, clear of the air kept round a name (closer, its own marker hit it).
             (QRectF(x + radius + 5, y - line / 2, width, line), False),
             (QRectF(x - radius - 5 - width, y - line / 2, width, line), False)]
    shifts = [(1, 0), (-1, 0)]
    for tier in range(1, LABEL_TIERS + 1):
        shift = tier * (line + 2)
        spots += [(QRectF(x - width / 2, top, width, line), True)
                  for top in (below + shift, above - shift)]
    for tier in range(LABEL_TIERS + 1):
        shift = tier * (line + 2)
        for top in (below + shift, above - shift):
            for side, _ in shifts:
                left = x - radius if side > 0 else x - width + radius
                spots.append((QRectF(left, top, width, line), True))
    return spots


NAME_REACH = 2.6
"""How far a name may stand from its token's edge, in lines of text: farther, a reader can
no longer tell whose name it is (at 150 % "Hobgoblin boss 2" stood three tokens away)."""


NAME_CLOSE = 1.6
"""Within this many lines a shortened name is preferred to the whole one farther out."""


def _gap(box: QRectF, x: float, y: float) -> float:
    """How far the point is from the box (0 inside it)."""
    dx = max(box.left() - x, 0.0, x - box.right())
    dy = max(box.top() - y, 0.0, y - box.bottom())
    return math.hypot(dx, dy)


def short_name(text: str) -> str:
    """The name in fewer letters where there is no room for it whole beside its token:
    every word but the last cut to four letters and a dot ("Hobg. boss 2"); what the
    marker's tooltip gives whole. The words in brackets ("(down)") stay."""
    words = text.split(" ")
    cut = [w[:4] + "." if len(w) > 5 and n < len(words) - 1 and not w.startswith("(")
           and not w[0].isdigit() else w for n, w in enumerate(words)]
    return " ".join(cut)


class _Centres:
    """The tokens' centres, bucketed: which one is nearest a name's box."""

    CELL = 64.0

    def __init__(self, centres: list[tuple[float, float, MapToken, bool]]) -> None:
        self._cells: dict[tuple[int, int], list[tuple[float, float, str]]] = {}
        for x, y, token, _ in centres:
            key = (int(x // self.CELL), int(y // self.CELL))
            self._cells.setdefault(key, []).append((x, y, token.combatant_id))

    def nearer(self, at: QPointF, reach: float, own: str) -> bool:
        """Whether a token other than ``own`` has its centre within ``reach`` of ``at``."""
        cell = self.CELL
        for i in range(int((at.x() - reach) // cell), int((at.x() + reach) // cell) + 1):
            for j in range(int((at.y() - reach) // cell), int((at.y() + reach) // cell) + 1):
                for x, y, who in self._cells.get((i, j), ()):
                    if who != own and math.hypot(x - at.x(), y - at.y()) <= reach:
                        return True
        return False


def label_layout(centres: list[tuple[float, float, MapToken, bool]], radius: float,
                 frame: MapFrame, style: MapStyle, unit: str, taken: _Taken
                 ) -> list[Label]:
    """Every token's name placed where it covers no token (``taken`` holds the markers),
    no name placed before it, and stays whole on the surface: the selected one's first,
    then the others in the map's reading order (top to bottom, left to right), each at the
    first free spot of :func:`_spots` that stays beside its own token: within
    :data:`NAME_REACH` lines of its edge, its middle nearer to it than to any other token (a
    name that floats between tokens names no one). Where the whole name finds no such spot its
    :func:`short_name` is tried (first within :data:`NAME_CLOSE`, then out to the reach);
    a name with no spot at all is left out (the marker keeps
    its initials, the tooltip the name)."""
    surface = QRectF(0, 0, frame.width, frame.height)
    order = sorted(centres, key=lambda c: (not c[3], round(c[1]), c[0]))
    near = _Centres(centres)
    reach = radius + (NAME_REACH + (1.0 if style.paper else 0.0)) * style.line
    close = radius + NAME_CLOSE * style.line
    labels: list[Label] = []
    for x, y, token, selected in order:
        whole = token_label(token, unit)
        found = None
        forms = dict.fromkeys((whole, short_name(whole)))
        for limit, text in ((limit, text) for limit in (close, reach) for text in forms):
            width = style.label_width(text, selected)
            for box, apart in _spots(x, y, radius, width, style.line - 1):
                # A little air round each name, so two names side by side read as two.
                if _gap(box, x, y) > limit or not surface.contains(box) \
                        or taken.hits(box.adjusted(-4, -1, 4, 1)):
                    continue
                middle = box.center()
                own = math.hypot(middle.x() - x, middle.y() - y)
                if near.nearer(middle, own + 1.0, token.combatant_id):
                    continue
                found = (text, box, apart)
                break
            if found is not None:
                break
        if found is None:
            continue
        text, box, apart = found
        taken.add(box)
        leader = None
        if apart:
            end = QPointF(min(max(x, box.left() + 3), box.right() - 3),
                          box.top() if box.top() > y else box.bottom())
            direction = end - QPointF(x, y)
            length = math.hypot(direction.x(), direction.y()) or 1.0
            start = QPointF(x, y) + direction * (radius / length)
            leader = QLineF(start, end)
        labels.append(Label(token, text, box, selected, leader))
    return labels


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
        painter.drawText(QPointF(x + 6, y + 4 + metrics.ascent() + number * metrics.height()),
                         line)


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


def _scale_bar(frame: MapFrame, model: PositionModel, style: MapStyle
               ) -> tuple[QRectF, float, str]:
    """The scale bar's chip (bottom left), its length in pixels and its text."""
    length = _nice(SCALE_BAR_PX / frame.scale, model.step)
    px = length * frame.scale
    text = f"{length:g} {model.unit}"
    x, y = 12.0, frame.height - 12.0
    box = QRectF(x - 4, y - style.small_metrics.height() - 12, px + 8 +
                 style.small_metrics.horizontalAdvance(text) + 8, style.small_metrics.height()
                 + 14)
    return box, px, text


def _paint_scale_bar(painter: QPainter, frame: MapFrame, model: PositionModel,
                     style: MapStyle) -> None:
    box, px, text = _scale_bar(frame, model, style)
    x, y = 12.0, frame.height - 12.0
    painter.setFont(style.small)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(_chip(style))
    painter.drawRoundedRect(box, 3, 3)
    painter.setPen(QPen(style.colours.text, 2))
    painter.drawLine(QPointF(x, y - 3), QPointF(x + px, y - 3))
    painter.drawLine(QPointF(x, y - 8), QPointF(x, y))
    painter.drawLine(QPointF(x + px, y - 8), QPointF(x + px, y))
    painter.drawText(QPointF(x + px + 6, y), text)


def legend_entries(picture: MapPicture) -> list[tuple[str, str]]:
    """What the legend lists: (kind, text) per side, mark and terrain present."""
    entries = [("side", side) for side in picture.sides
               if any(t.side == side for t in picture.tokens)]
    if any(t.hidden for t in picture.tokens):
        entries.append(("hidden", "hidden from the players"))
    if any(t.down for t in picture.tokens):
        entries.append(("down", "down (out of the fight)"))
    kinds = sorted({("wall" if a.wall else "rating", a.rating if not a.wall else -1)
                    for a in picture.areas}, key=lambda k: k[1])
    entries += [("wall", "wall (impassable)") if kind == "wall"
                else ("rating", f"difficult ground DR {rating}") for kind, rating in kinds]
    return entries


def _legend_box(frame: MapFrame, picture: MapPicture, style: MapStyle,
                taken: _Taken | None = None) -> QRectF:
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
    width = max(metrics.horizontalAdvance(_legend_text(picture, kind, text))
                for kind, text in entries) + swatch + 16
    height = row * len(entries) + 8
    corners = [QRectF(frame.width - width - 8, 8, width, height),
               QRectF(8, 8, width, height),
               QRectF(frame.width - width - 8, frame.height - height - 8, width, height)]
    if taken is None:
        return corners[0]
    surface = QRectF(0, 0, frame.width, frame.height)
    for box in corners:
        if surface.contains(box) and not taken.hits(box):
            return box
    return corners[0] if style.paper else QRectF()


def _paint_legend(painter: QPainter, picture: MapPicture, style: MapStyle,
                  box: QRectF) -> None:
    entries = legend_entries(picture)
    if not entries or box.isEmpty():
        return
    metrics = style.small_metrics
    row = metrics.height() + 2
    swatch = metrics.height() * 0.8
    painter.setPen(QPen(mix(style.colours.base, style.colours.text, 0.3), 1))
    painter.setBrush(_chip(style))
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
            painter.drawRect(QRectF(middle.x() - swatch / 2, middle.y() - swatch / 2,
                                    swatch, swatch))
        painter.setPen(colours.text)
        painter.drawText(QPointF(box.left() + 12 + swatch, top + metrics.ascent() + 1),
                         _legend_text(picture, kind, text))


def _legend_text(picture: MapPicture, kind: str, text: str) -> str:
    if kind == "side":
        return f"{text} ({shape_name(picture.sides.index(text))})"
    return text


BACKDROP_OPACITY = 0.75
"""The picture lies a little faded under the grid, so the grid and the tokens read on it."""


def backdrop_rect(frame: MapFrame, spec: Backdrop, image: QImage | QPixmap) -> QRectF:
    """Where the picture ``spec`` lies on the surface (``image`` as the backdrop cache
    read it: its size in the file's pixels is kept in it)."""
    corner = frame.to_screen(spec.x, spec.y)
    width, height = file_pixel_size(image) if isinstance(image, QImage) else (
        image.width(), image.height())
    return QRectF(corner.x(), corner.y(), width * spec.per_pixel * frame.scale,
                  height * spec.down_per_pixel * frame.scale)


def paint_backdrop(painter: QPainter, target: QRectF, image: QImage | QPixmap, *,
                   smooth: bool = True) -> None:
    """The picture, faded, into ``target`` (surface pixels)."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, smooth)
    painter.setOpacity(BACKDROP_OPACITY)
    if isinstance(image, QImage):
        painter.drawImage(target, image)
    else:
        painter.drawPixmap(target, image, QRectF(image.rect()))
    painter.restore()


def _paint_ground(painter: QPainter, frame: MapFrame, picture: MapPicture, style: MapStyle,
                  backdrop: QImage | None, *, fill: bool = True) -> None:
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

    def paint(self, painter: QPainter, frame: MapFrame, picture: MapPicture,
              style: MapStyle, backdrop: QImage | None) -> None:
        device = painter.device()
        ratio = device.devicePixelRatioF() if device is not None else 1.0
        key = (frame, picture.model, picture.areas, picture.backdrop,
               backdrop.cacheKey() if backdrop is not None else 0, id(style), ratio)
        if key != self._key:
            pixmap = QPixmap(math.ceil(frame.width * ratio), math.ceil(frame.height * ratio))
            pixmap.setDevicePixelRatio(ratio)
            ground = QPainter(pixmap)
            _paint_ground(ground, frame, picture, style, backdrop)
            ground.end()
            self._key, self._pixmap = key, pixmap
        painter.drawPixmap(0, 0, self._pixmap)


def paint_map(painter: QPainter, frame: MapFrame, picture: MapPicture, style: MapStyle, *,
              backdrop: QImage | None = None, skip: str = "", ruler: Ruler | None = None,
              rubber: QRectF | None = None, legend: bool = True, scale_bar: bool = True,
              ground: GroundCache | None = None, fill: bool = True) -> Painted:
    """Paint the whole map on ``painter`` (a widget, a pixmap or a page) inside
    (0, 0, frame.width, frame.height); ``skip`` leaves out one token (the one being
    dragged, painted on top by the caller), ``ruler`` and ``rubber`` (a terrain rectangle
    being drawn, in surface pixels) are the interaction's overlays; ``ground`` keeps the
    ground between paints of the same view; without ``fill`` the surface's background is
    left as it is (the layer over a picture being dragged). Returns where the tokens,
    their names and the legend went."""
    painter.save()
    painter.setClipRect(QRectF(0, 0, frame.width, frame.height))
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    if ground is not None and not style.paper and fill:
        ground.paint(painter, frame, picture, style, backdrop)
    else:
        _paint_ground(painter, frame, picture, style, backdrop, fill=fill)
    model = picture.model
    _paint_rings(painter, frame, picture, style)
    taken, painted = _Taken(), Painted()
    if scale_bar:  # names stay clear of the scale bar (drawn over them otherwise)
        taken.add(_scale_bar(frame, model, style)[0])
    _paint_tokens(painter, frame, picture, style, skip, taken, painted)
    if legend:
        painted.legend = _legend_box(frame, picture, style, taken)
        if not painted.legend.isEmpty():
            taken.add(painted.legend)
    _paint_ring_labels(painter, frame, picture, style, taken)
    if rubber is not None:
        painter.setPen(QPen(style.colours.highlight, 2, Qt.PenStyle.DashLine))
        tint = QColor(style.colours.highlight)
        tint.setAlphaF(0.2)
        painter.setBrush(tint)
        painter.drawRect(rubber)
    if ruler is not None:
        paint_ruler(painter, frame, ruler, style)
    if scale_bar:
        _paint_scale_bar(painter, frame, model, style)
    if legend:
        _paint_legend(painter, picture, style, painted.legend)
    painter.restore()
    return painted
