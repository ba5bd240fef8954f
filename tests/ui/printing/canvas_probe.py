"""A canvas on a real PDF page that also records every line of text it draws.

``Canvas.text`` never wraps and Qt does not clip, so a value wider than its box spills
over its neighbour. Recording each call's box and the text's measured width turns
"nothing overlaps" into a plain assertion, whatever block drew the text.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF
from PySide6.QtGui import QColor, QPageLayout, QPageSize, QPainter, QPdfWriter

from m3desk.ui.printing.canvas import INK, Canvas
from m3desk.ui.printing.pages import FOOTER_H, Placed

__all__ = ["DrawnText", "RecordingCanvas", "assert_clean", "page_canvas", "paint_page"]

MARGIN_PT = 12 * 72 / 25.4


@dataclass(frozen=True, slots=True)
class DrawnText:
    x: float
    y: float
    w: float
    h: float
    text: str
    width: float
    """How wide the text really is."""
    align: str
    size: float

    @property
    def ink_left(self) -> float:
        """Where the glyphs start: Qt aligns inside the box even when they do not fit."""
        if self.align == "right":
            return self.x + self.w - self.width
        if self.align == "center":
            return self.x + (self.w - self.width) / 2
        return self.x

    @property
    def ink_right(self) -> float:
        return self.ink_left + self.width

    @property
    def ink_top(self) -> float:
        """Capitals and descenders, roughly: the box is taller than the glyphs in it."""
        return self.y + (self.h - self.size * 0.9) / 2

    @property
    def ink_bottom(self) -> float:
        return self.ink_top + self.size * 0.9

    def overlaps(self, other: DrawnText) -> bool:
        return (
            self.ink_left < other.ink_right - 0.3
            and other.ink_left < self.ink_right - 0.3
            and self.ink_top < other.ink_bottom - 0.3
            and other.ink_top < self.ink_bottom - 0.3
        )


class RecordingCanvas(Canvas):
    def __init__(self, painter: QPainter) -> None:
        super().__init__(painter)
        self.drawn: list[DrawnText] = []

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
        if text:
            self.drawn.append(
                DrawnText(
                    x,
                    y,
                    w,
                    h,
                    text,
                    self.text_width(text, size, bold=bold, italic=italic),
                    align,
                    size,
                )
            )
        super().text(x, y, w, h, text, size, bold=bold, italic=italic, align=align, color=color)


@contextmanager
def page_canvas(
    size: QPageSize.PageSizeId = QPageSize.PageSizeId.A4,
    orientation: QPageLayout.Orientation = QPageLayout.Orientation.Landscape,
) -> Iterator[RecordingCanvas]:
    """A recording canvas on one page laid out as ``export_encounter_pdf`` lays it out."""
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setResolution(1200)
    writer.setPageLayout(
        QPageLayout(
            QPageSize(size), orientation, QMarginsF(12, 12, 12, 12), QPageLayout.Unit.Millimeter
        )
    )
    painter = QPainter(writer)
    try:
        yield RecordingCanvas(painter)
    finally:
        painter.end()


def paint_page(canvas: RecordingCanvas, page: list[Placed]) -> list[DrawnText]:
    """Paint one laid-out page and return the text it drew."""
    canvas.drawn.clear()
    for placed in page:
        placed.block.paint(canvas, 0.0, placed.y, canvas.width, placed.height)
    return list(canvas.drawn)


def assert_clean(canvas: Canvas, drawn: list[DrawnText], where: str) -> None:
    """Every text inside its box and the page body, and no two texts on top of each other."""
    bottom = canvas.height - FOOTER_H
    for item in drawn:
        assert item.width <= item.w + 0.75, f"{where}: {item.text!r} spills out of its box"
        assert item.ink_left >= -0.5 and item.ink_right <= canvas.width + 0.5, (where, item)
        assert item.y >= -0.01 and item.y + item.h <= bottom + 0.01, (where, item)
    for index, item in enumerate(drawn):
        for other in drawn[index + 1 :]:
            assert not item.overlaps(other), f"{where}: {item.text!r} overlaps {other.text!r}"
