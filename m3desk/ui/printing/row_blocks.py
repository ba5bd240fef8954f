"""A titled block of rows that splits between rows and repeats its heading when it does.

The encounter sheet's initiative order, range table and combatant table are all this
shape, with rows of their own making; the base class keeps the page-breaking rules in
one place: no page ends on a title with a single row under it, a group of rows (one
initiative count) stays together, and a continued piece says "(continued)".
"""

from __future__ import annotations

from typing import Self

from m3desk.ui.printing.canvas import Canvas
from m3desk.ui.printing.flow_blocks import TITLE_H, section_title

__all__ = ["RowsBlock"]


class RowsBlock:
    """Rows ``start``..``end`` of something, under a title and a heading.

    Subclasses say how many rows there are, how tall each is at a width, how tall the
    heading and any closing part (a legend) are, and paint them; measurements are cached
    per width and shared with the pieces a split makes.
    """

    fills = False
    MIN_ROWS = 2
    """Fewer rows than this at the foot of a page move to the next page instead."""

    def __init__(self, *, start: int = 0, end: int | None = None, continued: bool = False) -> None:
        self.start = start
        self.end = end
        self.continued = continued

    # ---- what subclasses provide -----------------------------------------------------
    title: str = ""
    hint: str = ""

    def row_count(self) -> int:
        raise NotImplementedError

    def row_heights(self, canvas: Canvas, width: float) -> list[float]:
        raise NotImplementedError

    def head_height(self, canvas: Canvas, width: float) -> float:
        """The column headings under the title bar."""
        return 0.0

    def foot_height(self, canvas: Canvas, width: float) -> float:
        """Something printed after the last row only (a legend)."""
        return 0.0

    def can_break_before(self, index: int) -> bool:
        """False inside a group of rows that must stay on one page."""
        return True

    def paint_head(self, canvas: Canvas, x: float, y: float, width: float) -> None:
        """Column headings, at ``y`` just under the title bar."""

    def paint_rows(self, canvas: Canvas, x: float, y: float, width: float, rows: range) -> float:
        """Paint the rows from ``y``; returns where they end."""
        raise NotImplementedError

    def paint_foot(self, canvas: Canvas, x: float, y: float, width: float) -> None:
        """The closing part, at ``y`` under the last row."""

    def piece(self, start: int, end: int, *, continued: bool) -> Self:
        """A copy showing only rows ``start``..``end`` (sharing the cached layout)."""
        raise NotImplementedError

    # ---- the shared behaviour ---------------------------------------------------------
    @property
    def rows(self) -> range:
        return range(self.start, self.row_count() if self.end is None else self.end)

    def _is_last(self) -> bool:
        return self.rows.stop >= self.row_count()

    def _top(self, canvas: Canvas, width: float) -> float:
        return TITLE_H + self.head_height(canvas, width)

    def height(self, canvas: Canvas, width: float) -> float:
        heights = self.row_heights(canvas, width)
        foot = self.foot_height(canvas, width) if self._is_last() else 0.0
        return self._top(canvas, width) + sum(heights[i] for i in self.rows) + foot

    def split(
        self, canvas: Canvas, width: float, available: float, *, force: bool
    ) -> tuple[Self | None, Self | None]:
        rows = self.rows
        if not rows:
            return (self, None) if force else (None, self)
        heights = self.row_heights(canvas, width)
        top = self._top(canvas, width)
        used = top
        stop = rows.start
        while stop < rows.stop and used + heights[stop] <= available:
            used += heights[stop]
            stop += 1
        # Every row fitting means the foot did not: the last row goes over with it.
        stop = min(stop, rows.stop - 1)
        if 0 < rows.stop - stop < self.MIN_ROWS:
            stop = rows.stop - self.MIN_ROWS  # no single row alone on the next page
        while stop > rows.start and not self.can_break_before(stop):
            stop -= 1
        if stop - rows.start < min(self.MIN_ROWS, len(rows)):
            if not force:
                return None, self
            stop = rows.start + 1
            while stop < rows.stop and not self.can_break_before(stop):
                stop += 1
            if top + sum(heights[rows.start : stop]) > available:
                stop = rows.start + 1  # a group taller than the page has to break somewhere
        head = self.piece(rows.start, stop, continued=self.continued)
        if stop >= rows.stop:
            return head, None
        return head, self.piece(stop, rows.stop, continued=True)

    def paint(self, canvas: Canvas, x: float, y: float, width: float, height: float) -> None:
        title = self.title + (" (continued)" if self.continued else "")
        section_title(canvas, x, y, width, title, "" if self.continued else self.hint)
        self.paint_head(canvas, x, y + TITLE_H, width)
        bottom = self.paint_rows(canvas, x, y + self._top(canvas, width), width, self.rows)
        if self._is_last():
            self.paint_foot(canvas, x, bottom, width)
