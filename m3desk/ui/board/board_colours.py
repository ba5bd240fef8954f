"""Board colours derived from the widget's palette, for the light and the dark theme alike.

Nothing is a fixed text colour: text uses the palette's Text, ring fills are Base mixed a
little toward Text, and side colours keep their hue but take a lightness that suits the
palette, so a dark theme never gets black names on a dark ring.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import cast

from PySide6.QtGui import QColor, QPalette

_SIDE_HUES = (None, 0.0, 0.36, 0.11, 0.78, 0.5)
"""Side 0 takes the palette's Highlight hue (the players' side reads as "ours")."""


def mix(a: QColor, b: QColor, amount: float) -> QColor:
    """``a`` moved ``amount`` (0–1) of the way toward ``b``."""
    return QColor.fromRgbF(
        a.redF() + (b.redF() - a.redF()) * amount,
        a.greenF() + (b.greenF() - a.greenF()) * amount,
        a.blueF() + (b.blueF() - a.blueF()) * amount,
        1.0,
    )


_Rgb = tuple[float, float, float, float]
"""QColor.getRgbF(): red, green, blue, alpha."""


def _rgb(colour: QColor) -> _Rgb:
    return cast(_Rgb, colour.getRgbF())  # PySide's stubs call the tuple "object"


def _luminance(colour: _Rgb) -> float:
    def channel(value: float) -> float:
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(colour[0]) + 0.7152 * channel(colour[1]) + 0.0722 * channel(colour[2])


def _ratio(a: _Rgb, b: _Rgb) -> float:
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def contrast(a: QColor, b: QColor) -> float:
    """WCAG contrast ratio, 1 (none) to 21 (black on white)."""
    return _ratio(_rgb(a), _rgb(b))


@dataclass(frozen=True)
class BoardColours:
    """Every colour the board paints with, taken from one palette."""

    background: QColor
    ring_fills: tuple[QColor, QColor]
    ring_line: QColor
    drop_fill: QColor
    hatch: QColor
    text: QColor
    muted_text: QColor
    backdrop: QColor
    highlight: QColor
    base: QColor
    dark: bool

    @classmethod
    def from_palette(cls, palette: QPalette) -> BoardColours:
        base = palette.color(QPalette.ColorRole.Base)
        text = palette.color(QPalette.ColorRole.Text)
        highlight = palette.color(QPalette.ColorRole.Highlight)
        dark = base.lightnessF() < 0.5
        backdrop = QColor(base)  # opaque: a name chip over the ring lines, and cheap to paint
        return cls(
            background=mix(base, palette.color(QPalette.ColorRole.Window), 0.5),
            ring_fills=(mix(base, text, 0.035), mix(base, text, 0.09)),
            ring_line=mix(base, text, 0.32),
            drop_fill=mix(base, highlight, 0.38),
            hatch=mix(base, text, 0.22),
            text=text,
            muted_text=mix(text, base, 0.3),
            backdrop=backdrop,
            highlight=highlight,
            base=base,
            dark=dark,
        )

    def side_colour(self, side_index: int) -> QColor:
        hue = _SIDE_HUES[side_index % len(_SIDE_HUES)]
        if hue is None:
            hue = max(self.highlight.hslHueF(), 0.0)
        lightness = 0.62 if self.dark else 0.46
        return QColor.fromHslF(hue, 0.62, lightness)

    def ink_on(self, fill: QColor) -> QColor:
        """Whichever of the palette's Text and Base reads better on ``fill``."""
        return (
            self.text
            if _text_reads_better(self.text.getRgbF(), self.base.getRgbF(), fill.getRgbF())
            else self.base
        )


@functools.lru_cache(maxsize=64)
def _text_reads_better(text: _Rgb, base: _Rgb, fill: _Rgb) -> bool:
    """By colour value, once: every token asks whenever its facts change."""
    return _ratio(text, fill) >= _ratio(base, fill)
