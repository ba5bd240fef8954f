"""How a map looks on one surface: colours and fonts (:class:`MapStyle`), a token's marker
and its name's chip, terrain colours; the pictures of markers and names drawn once and reused."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPaintDevice,
    QPainter,
    QPalette,
    QPen,
    QPixmap,
)

from m3desk.core.places import Area
from m3desk.core.system import PositionModel
from m3desk.ui.board.board_colours import BoardColours, mix
from m3desk.ui.board.token_shapes import shape_path
from m3desk.ui.map.frame import MapFrame
from m3desk.ui.map.picture import MapToken

__all__ = [
    "LEAST_RADIUS",
    "PAPER_LEAST_RADIUS",
    "MapStyle",
    "area_colour",
    "area_label",
    "chip",
    "draw_label",
    "draw_marker",
]

MAX_SPRITES = 4000
"""Token pictures kept (a few zoom levels of 200 combatants); then drawn afresh."""


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
        default_factory=dict, repr=False
    )

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
        return QFontMetricsF(font, self.device) if self.device is not None else QFontMetricsF(font)

    @classmethod
    def of(
        cls,
        palette: QPalette,
        font: QFont,
        *,
        paper: bool = False,
        device: QPaintDevice | None = None,
    ) -> MapStyle:
        colours = BoardColours.from_palette(palette)
        lightness = 0.62 if colours.dark else 0.36
        return cls(
            colours,
            QFont(font),
            QColor.fromHslF(0.36, 0.75, lightness),
            QColor.fromHslF(0.0, 0.8, 0.64 if colours.dark else 0.45),
            paper=paper,
            device=device,
        )

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

    def _cached(
        self,
        key: tuple[object, ...],
        draw: Callable[[QPainter], None],
        width: float,
        height: float,
        anchor: QPointF,
        ratio: float,
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

    def marker_sprite(
        self, token: MapToken, radius: float, selected: bool, ratio: float
    ) -> tuple[QPixmap, QPointF]:
        """The token's marker as a picture drawn once per look, and its centre on it."""
        key = (
            "marker",
            token.marked,
            token.side_index,
            token.hidden,
            token.down,
            radius,
            selected,
            ratio,
        )
        room = radius + 5
        anchor = QPointF(math.ceil(room * 1.35), math.ceil(room * 1.35))
        return self._cached(
            key,
            lambda p: draw_marker(p, anchor, token, radius, self, selected),
            2 * anchor.x(),
            2 * anchor.y(),
            anchor,
            ratio,
        )

    def label_sprite(
        self, token: MapToken, text: str, selected: bool, ratio: float
    ) -> tuple[QPixmap, QPointF]:
        """The name's chip as a picture, and its top centre on it."""
        key = ("label", text, token.hidden, token.down, selected, ratio)
        width = self.label_width(text, selected)
        anchor = QPointF(math.ceil(width / 2) + 1, 0)
        return self._cached(
            key,
            lambda p: draw_label(p, anchor, text, self, selected, token.hidden, token.down),
            width + 2,
            self.line + 1,
            anchor,
            ratio,
        )

    def label_width(self, text: str, selected: bool) -> float:
        metrics = self.bold_metrics if selected else self.metrics
        return metrics.horizontalAdvance(text) + 6 if selected else self.width(text) + 6

    def radius(self, frame: MapFrame, model: PositionModel) -> float:
        """A token's radius on the surface: nearly half a grid step, on screen never
        smaller than :data:`LEAST_RADIUS` lines of text (a target for the mouse, its
        initials read: at 150 % a crowded Apparatus scene drew tokens 8 px across; a fit
        zooms in until tokens a step apart stand clear); on paper never smaller than
        :data:`PAPER_LEAST_RADIUS` lines where the room allows (a whole scene fitted on a
        quarter page made tokens 3 mm across)."""
        step = model.step * frame.scale
        least = self.line * LEAST_RADIUS
        if self.paper:  # as large as reads, where neighbours a step apart leave the room
            least = max(self.line * 0.55, min(self.line * PAPER_LEAST_RADIUS, 0.48 * step))
        return max(0.42 * step, least)


LEAST_RADIUS = 0.8
"""On screen a token is at least this many lines of text in radius (22 px across at 100 %,
33 device pixels at 150 %)."""
PAPER_LEAST_RADIUS = 0.9
"""On paper a token is at least this many lines of its names' text in radius (7-point names:
about 5 mm across), so its initials read."""


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


def chip(style: MapStyle) -> QColor:
    colour = QColor(style.colours.base)
    colour.setAlphaF(0.85)
    return colour


def draw_marker(
    painter: QPainter,
    centre: QPointF,
    token: MapToken,
    radius: float,
    style: MapStyle,
    selected: bool,
) -> None:
    colours = style.colours
    fill = style.side_fill(token.side_index)
    if token.down:
        fill = mix(fill, colours.base, 0.6)
    if token.hidden:
        fill = mix(fill, colours.base, 0.45)
    marker = shape_path(token.side_index, radius).translated(centre)
    outline = QPen(
        colours.text if selected else mix(colours.text, fill, 0.4), 3 if selected else 1.2
    )
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
        painter.drawText(box, int(Qt.AlignmentFlag.AlignCenter), token.marked)


def draw_label(
    painter: QPainter,
    top: QPointF,
    text: str,
    style: MapStyle,
    selected: bool,
    hidden: bool,
    down: bool,
) -> None:
    """The name's chip, centred under ``top``."""
    colours = style.colours
    width = style.label_width(text, selected)
    box = QRectF(top.x() - width / 2, top.y(), width, style.line)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(chip(style))
    painter.drawRoundedRect(box, 3, 3)
    painter.setFont(style.struck if down else (style.bold if selected else style.font))
    painter.setPen(colours.text if not hidden else colours.muted_text)
    painter.drawText(box, int(Qt.AlignmentFlag.AlignCenter), text)
