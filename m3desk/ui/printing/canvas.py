"""A QPainter that speaks points: the layout is written in pt, the device decides pixels.

``QPdfWriter`` paints at 1200 dpi, a paper ``QPrinter`` at the printer's resolution and
the preview at screen resolution. Fonts are sized in points against the device itself
(a painter transform would scale the already-scaled glyphs twice), and every length
in the layout goes through this class so the same code gives the same page on all three.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QImage, QPainter, QPainterPath, QPen

__all__ = ["FONT_FAMILIES", "Canvas"]

FONT_FAMILIES = ["DejaVu Sans", "Helvetica", "Arial", "Liberation Sans"]
"""Fonts with the glyphs the sheet uses (−, ×, ✓) on Linux, macOS and Windows."""

INK = QColor(0, 0, 0)
SOFT_INK = QColor(70, 70, 70)
"""Labels: lighter than values to set up a hierarchy, still dark enough to photocopy."""
RULE = QColor(120, 120, 120)
FILL = QColor(228, 228, 228)
LIGHT_FILL = QColor(243, 243, 243)

_ALIGN = {
    "left": Qt.AlignmentFlag.AlignLeft,
    "right": Qt.AlignmentFlag.AlignRight,
    "center": Qt.AlignmentFlag.AlignHCenter,
}
_LINE_FLAGS = {
    name: int((flag | Qt.AlignmentFlag.AlignVCenter).value) | int(Qt.TextFlag.TextSingleLine.value)
    for name, flag in _ALIGN.items()
}
"""The flags of one line of text, combined once (combining enums costs more than drawing
the text, and an encounter of 200 prints tens of thousands of cells)."""
WIDTHS_KEPT = 50_000
"""Text widths a canvas remembers (the same names and distances recur on every page)."""


@cache
def _font(size: float, bold: bool, italic: bool) -> QFont:
    font = QFont()
    font.setFamilies(FONT_FAMILIES)
    font.setStyleHint(QFont.StyleHint.SansSerif)
    font.setPointSizeF(size)
    font.setBold(bold)
    font.setItalic(italic)
    font.setKerning(True)
    # No "fi"/"fl" ligatures: the PDF's text must search and copy as typed ("Gramfive").
    font.setFeature(QFont.Tag("liga"), 0)
    font.setFeature(QFont.Tag("clig"), 0)
    return font


class Canvas:
    """Drawing and measuring in points on the page's printable area."""

    def __init__(self, painter: QPainter) -> None:
        device = painter.device()
        self.painter = painter
        self.kx = device.logicalDpiX() / 72.0
        self.ky = device.logicalDpiY() / 72.0
        self.width = device.width() / self.kx
        self.height = device.height() / self.ky
        self._metrics: dict[tuple[float, bool, bool], QFontMetricsF] = {}
        self._space: dict[tuple[float, bool, bool], float] = {}
        self._font_key: tuple[float, bool, bool] | None = None
        self._pen_key: tuple[int, float, bool, int] | None = None
        self._brush_key: int | None = -1
        self._widths: dict[tuple[float, bool, bool], dict[str, float]] = {}

    # ---- painter state: set only what changes
    def _set_font(self, size: float, bold: bool, italic: bool) -> None:
        key = (size, bold, italic)
        if key != self._font_key:
            self.painter.setFont(_font(size, bold, italic))
            self._font_key = key

    def _set_pen(
        self,
        color: QColor,
        width: float = 0.0,
        dotted: bool = False,
        *,
        cap: Qt.PenCapStyle = Qt.PenCapStyle.SquareCap,
    ) -> None:
        key = (color.rgba(), width, dotted, int(cap.value))
        if key != self._pen_key:
            pen = QPen(
                color,
                width * self.kx,
                Qt.PenStyle.DotLine if dotted else Qt.PenStyle.SolidLine,
                cap,
                Qt.PenJoinStyle.MiterJoin,
            )
            self.painter.setPen(pen)
            self._pen_key = key

    def _no_pen(self) -> None:
        if self._pen_key != (0, -1.0, False, 0):
            self.painter.setPen(Qt.PenStyle.NoPen)
            self._pen_key = (0, -1.0, False, 0)

    def _set_brush(self, fill: QColor | None) -> None:
        key = fill.rgba() if fill is not None else None
        if key != self._brush_key:
            self.painter.setBrush(QBrush(fill) if fill is not None else Qt.BrushStyle.NoBrush)
            self._brush_key = key

    # ---- measuring -------------------------------------------------------------------
    def _fm(self, size: float, bold: bool, italic: bool) -> QFontMetricsF:
        key = (size, bold, italic)
        metrics = self._metrics.get(key)
        if metrics is None:
            metrics = QFontMetricsF(_font(size, bold, italic), self.painter.device())
            self._metrics[key] = metrics
        return metrics

    def _measurer(self, size: float, bold: bool, italic: bool) -> Callable[[str], float]:
        """The font's horizontal advance of a text, in device units, remembered."""
        key = (size, bold, italic)
        known = self._widths.get(key)
        if known is None:
            known = self._widths[key] = {}
        advance = self._fm(size, bold, italic).horizontalAdvance

        def measure(text: str) -> float:
            found = known.get(text)
            if found is None:
                if len(known) >= WIDTHS_KEPT:
                    known.clear()
                found = known[text] = advance(text)
            return found

        return measure

    def text_width(
        self, text: str, size: float, *, bold: bool = False, italic: bool = False
    ) -> float:
        return self._measurer(size, bold, italic)(text) / self.kx

    def line_height(self, size: float, *, bold: bool = False) -> float:
        return self._fm(size, bold, False).lineSpacing() / self.ky

    def elide(
        self, text: str, size: float, width: float, *, bold: bool = False, middle: bool = False
    ) -> str:
        """The text cut with "…" to fit one line: for names where wrapping has no room.

        ``middle`` keeps both ends ("Skeletal Temple…Sanctum 2"): numbered copies of a
        monster differ only in their last characters.
        """
        metrics = self._fm(size, bold, False)
        mode = Qt.TextElideMode.ElideMiddle if middle else Qt.TextElideMode.ElideRight
        return metrics.elidedText(text, mode, max(width, 0.0) * self.kx)

    def wrap(
        self, text: str, size: float, width: float, *, bold: bool = False, italic: bool = False
    ) -> list[str]:
        """Greedy word wrap; explicit newlines start new lines, over-long words are cut.

        Word widths are summed rather than re-measuring each candidate line, so 100 000
        characters of notes wrap in milliseconds; each finished line is then measured
        once as a whole, and words it cannot hold move on (shaping across spaces, e.g. in
        scripts without a font, can make a line wider than the sum of its words).
        """
        key = (size, bold, italic)
        measure = self._measurer(size, bold, italic)
        space = self._space.get(key)
        if space is None:
            space = self._space[key] = measure(" ") / self.kx
        limit = max(width - 1.0, 1.0)
        lines: list[str] = []
        for paragraph in text.replace("\r\n", "\n").split("\n"):
            words = paragraph.split()
            if not words:
                lines.append("")
                continue
            current: list[str] = []
            used = 0.0
            for word in words:
                word_width = measure(word) / self.kx
                if word_width > limit:
                    if current:
                        lines.append(" ".join(current))
                        current, used = [], 0.0
                    pieces = self._cut(word, limit, measure)
                    lines.extend(pieces[:-1])
                    word = pieces[-1]
                    word_width = measure(word) / self.kx
                extra = word_width if not current else space + word_width
                if current and used + extra > limit:
                    current = [*self._settle(current, lines, limit, measure), word]
                    used = measure(" ".join(current)) / self.kx if len(current) > 1 else word_width
                else:
                    current.append(word)
                    used += extra
            while current:
                current = self._settle(current, lines, limit, measure)
        while lines and not lines[-1]:
            lines.pop()
        return lines

    def _settle(
        self, words: list[str], lines: list[str], limit: float, measure: Callable[[str], float]
    ) -> list[str]:
        """Add the longest start of ``words`` that really fits as a line; return the rest."""
        end = len(words)
        while end > 1 and measure(" ".join(words[:end])) / self.kx > limit:
            end -= 1
        lines.append(" ".join(words[:end]))
        return words[end:]

    def _cut(self, word: str, limit: float, measure: Callable[[str], float]) -> list[str]:
        pieces: list[str] = []
        start = 0
        for end in range(1, len(word) + 1):
            if measure(word[start:end]) / self.kx > limit and end - 1 > start:
                pieces.append(word[start : end - 1])
                start = end - 1
        pieces.append(word[start:])
        return pieces

    # ---- drawing ---------------------------------------------------------------------
    def rect_px(self, x: float, y: float, w: float, h: float) -> QRectF:
        return QRectF(x * self.kx, y * self.ky, w * self.kx, h * self.ky)

    def text(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        text: str,
        size: float,
        *,
        bold: bool = False,
        italic: bool = False,
        align: str = "left",
        color: QColor = INK,
    ) -> None:
        """One line of text, vertically centred in the box; never wraps."""
        self._set_font(size, bold, italic)
        self._set_pen(color)
        kx, ky = self.kx, self.ky
        self.painter.drawText(QRectF(x * kx, y * ky, w * kx, h * ky), _LINE_FLAGS[align], text)

    def box(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        *,
        line: float = 0.6,
        fill: QColor | None = None,
        color: QColor = INK,
        radius: float = 0.0,
    ) -> None:
        if line > 0:
            self._set_pen(color, line)
        else:
            self._no_pen()
        self._set_brush(fill)
        rect = self.rect_px(x, y, w, h)
        if radius:
            self.painter.drawRoundedRect(rect, radius * self.kx, radius * self.ky)
        else:
            self.painter.drawRect(rect)

    def line(
        self,
        x1: float,
        y1: float,
        x2: float,
        y2: float,
        *,
        width: float = 0.4,
        color: QColor = RULE,
        dotted: bool = False,
    ) -> None:
        self._set_pen(color, width, dotted)
        self.painter.drawLine(
            QPointF(x1 * self.kx, y1 * self.ky), QPointF(x2 * self.kx, y2 * self.ky)
        )

    def image(self, x: float, y: float, w: float, h: float, image: QImage) -> None:
        """Fit the image inside the box, keeping its proportions, centred."""
        if image.isNull() or image.width() == 0 or image.height() == 0:
            return
        scale = min(w / image.width(), h / image.height())
        dw, dh = image.width() * scale, image.height() * scale
        self.painter.drawImage(self.rect_px(x + (w - dw) / 2, y + (h - dh) / 2, dw, dh), image)

    def tick(self, x: float, y: float, size: float) -> None:
        """A tick mark in a box: shape, not colour, says the box is marked."""
        path = QPainterPath(QPointF((x + size * 0.2) * self.kx, (y + size * 0.55) * self.ky))
        path.lineTo((x + size * 0.42) * self.kx, (y + size * 0.78) * self.ky)
        path.lineTo((x + size * 0.82) * self.kx, (y + size * 0.22) * self.ky)
        self._set_pen(INK, 1.3, cap=Qt.PenCapStyle.RoundCap)
        self._set_brush(None)
        self.painter.drawPath(path)

    def marker(self, x: float, y: float, size: float) -> None:
        """A solid triangle pointing right ("this one now"): a shape survives photocopying."""
        path = QPainterPath(QPointF(x * self.kx, y * self.ky))
        path.lineTo((x + size * 0.8) * self.kx, (y + size / 2) * self.ky)
        path.lineTo(x * self.kx, (y + size) * self.ky)
        path.closeSubpath()
        self._no_pen()
        self._set_brush(INK)
        self.painter.drawPath(path)
