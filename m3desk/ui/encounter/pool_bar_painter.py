"""A hit-point bar: the fill shows how much is left, the text says exactly how much.

The fill's colour says how hurt, with the player view's thresholds (:mod:`health`): green
while more than half is left, amber at half or less, red (and hatched) when down.

Readable without colour: the text "7/25" is always drawn whole and in one colour, the one
that contrasts with what lies under it: centred, or moved into the empty track or the fill
when the fill's edge would run through it (it read "?7/25" at low fill), and a pool at zero
or below is hatched. Every colour comes from the palette, so light, dark and selected rows
all work.

On a selected row the row itself is the Highlight colour, the colour of an unselected
bar's fill, so a full bar would vanish into the row and look empty. There the bar keeps
its Base track, its fill becomes Highlight darkened (or lightened) toward Text, and a
HighlightedText frame sets it off from the row: full still looks full.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPalette, QPen

from m3desk.ui.contrast import contrast_ratio, readable_on
from m3desk.ui.encounter.health import health_fill, perceived, pool_text

__all__ = ["BarColours", "PoolBarPainter", "bar_colours"]

Role = QPalette.ColorRole
_SELECTED_FILL_STEP = 0.1
_DOWN_TRACK_TINT = 0.2
_MIN_FILL_CONTRAST = 1.6
"""How far the fill must stand apart from the track and from a selected row's Highlight."""
_TEXT_PAD = 2.0
"""Room kept between the words and the fill's edge or the bar's ends."""
_LEAST_FONT = 0.7
"""A bar too narrow for its words shrinks them to no less than this share of the font."""


class BarColours(NamedTuple):
    fill: QColor
    track: QColor
    on_fill: QColor
    on_track: QColor
    frame: QColor


def _mix(a: QColor, b: QColor, amount: float) -> QColor:
    return QColor.fromRgbF(
        a.redF() + (b.redF() - a.redF()) * amount,
        a.greenF() + (b.greenF() - a.greenF()) * amount,
        a.blueF() + (b.blueF() - a.blueF()) * amount,
        1.0,
    )


def _selected_fill(health: QColor, highlight: QColor, text: QColor, track: QColor) -> QColor:
    """The health colour, moved toward Text only as far as it takes to stand apart from
    the selected row's Highlight and the track."""
    amount = 0.0
    fill = health
    while amount < 0.9 and (
        contrast_ratio(fill, highlight) < _MIN_FILL_CONTRAST
        or contrast_ratio(fill, track) < _MIN_FILL_CONTRAST
    ):
        amount += _SELECTED_FILL_STEP
        fill = _mix(health, text, amount)
    return fill


def bar_colours(
    palette: QPalette, group: QPalette.ColorGroup, selected: bool, health: str = "unhurt"
) -> BarColours:
    """The bar's colours on an unselected or a selected row, for the ``health`` word."""
    track = palette.color(group, Role.Base)
    text = palette.color(group, Role.Text)
    highlight = palette.color(group, Role.Highlight)
    fill = health_fill(palette, group, health)
    if selected:
        fill = _selected_fill(fill, highlight, text, track)
        frame = QColor(palette.color(group, Role.HighlightedText))
    else:
        frame = QColor(readable_on(text, track))
        frame.setAlpha(150)
    on_fill = readable_on(text, fill)
    if health == "down":  # nothing left to fill: the track itself turns the down colour
        track = _mix(track, fill, _DOWN_TRACK_TINT)
    return BarColours(
        fill=fill, track=track, on_fill=on_fill, on_track=readable_on(text, track), frame=frame
    )


@dataclass(frozen=True, slots=True)
class PoolBarPainter:
    current: int
    maximum: int
    label: str | None = None
    """The words on the bar, as the cell says them ("2½/3" metres of Movement left); None:
    the two numbers."""

    @property
    def fraction(self) -> float:
        if self.maximum <= 0:
            return 0.0
        return min(max(self.current / self.maximum, 0.0), 1.0)

    @property
    def text(self) -> str:
        return pool_text(self.current, self.maximum) if self.label is None else self.label

    @property
    def health(self) -> str:
        """The player view's word for this pool: unhurt, wounded, badly wounded or down."""
        return perceived(self.current, self.maximum)

    def paint(
        self,
        painter: QPainter,
        rect: QRectF,
        palette: QPalette,
        group: QPalette.ColorGroup,
        selected: bool,
        *,
        words: bool = True,
    ) -> None:
        """Draw inside ``rect``: the track, the fill, a frame, and the text over both
        (``words=False``: all but the words' ink, the ground they are read on)."""
        colours = bar_colours(palette, group, selected, self.health)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        bar = rect.adjusted(0.5, 0.5, -0.5, -0.5)
        filled = QRectF(bar.left(), bar.top(), bar.width() * self.fraction, bar.height())
        place, colour, band = self._words_place(painter, bar, filled, colours)
        if band:  # the words on the track, the fill a band along the foot under them
            metrics = QFontMetricsF(painter.font())
            baseline = bar.center().y() - metrics.height() / 2 + metrics.ascent()
            ink_foot = baseline + metrics.tightBoundingRect(self.text).bottom()
            # Under the words where the bar is tall enough; never thinner than 3½ px.
            filled.setTop(
                min(bar.bottom() - 3.5, max(ink_foot + 1.5, bar.bottom() - bar.height() / 4))
            )
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colours.track)
        painter.drawRoundedRect(bar, 2, 2)
        painter.setBrush(colours.fill)
        painter.drawRoundedRect(filled, 2, 2)
        if self.current <= 0:
            hatch = QColor(colours.fill)
            painter.setBrush(QBrush(hatch, Qt.BrushStyle.BDiagPattern))
            painter.drawRoundedRect(bar, 2, 2)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(colours.frame, 1))
        painter.drawRoundedRect(bar, 2, 2)
        if words:
            painter.setPen(colour)
            painter.drawText(place, int(Qt.AlignmentFlag.AlignCenter), self.text)
        painter.restore()

    def _words_place(
        self, painter: QPainter, bar: QRectF, filled: QRectF, colours: BarColours
    ) -> tuple[QRectF, QColor, bool]:
        """Where the words go, in which colour, and whether the fill is drawn as a band
        along the bar's foot.

        Whole and in one colour: centred where the fill's edge leaves them alone; else
        centred in the part (empty track or fill) they fit in; else on the track, the fill
        then a band along the foot (a narrow column); on a bar that is down, on its
        tinted track. Never split across the edge
        ("?7/25" at low fill). A bar narrower than its words gets a smaller font (set on
        ``painter``), down to :data:`_LEAST_FONT` of it."""
        text = self.text
        font = QFont(painter.font())
        room = bar.width() - 2 * _TEXT_PAD
        size = font.pointSizeF()
        while (
            QFontMetricsF(font).horizontalAdvance(text) > room
            and size > 0
            and font.pointSizeF() > size * _LEAST_FONT
        ):
            font.setPointSizeF(font.pointSizeF() * 0.92)
        painter.setFont(font)
        advance = QFontMetricsF(font).horizontalAdvance(text)
        edge = filled.right()
        centred_left = bar.center().x() - advance / 2
        empty = QRectF(edge, bar.top(), bar.right() - edge, bar.height())
        up = self.current > 0
        if up and edge <= centred_left - _TEXT_PAD:
            return bar, colours.on_track, False
        if up and edge >= centred_left + advance + _TEXT_PAD:
            return bar, colours.on_fill, False
        if up and empty.width() >= advance + 2 * _TEXT_PAD:
            return empty, colours.on_track, False
        if up and filled.width() >= advance + 2 * _TEXT_PAD:
            return filled, colours.on_fill, False
        # A narrow bar: the words on the track, the fill a band under them; a bar that is
        # down: the words on its tinted track, over the hatch (both stand apart from them).
        return bar, colours.on_track, up
