"""The parts of a sheet that flow from page to page: tables, text and writing lines.

Each block can say how tall it is at a given width and split itself at a height, so the
paginator can fill page 1 and carry the rest of a long list over to a continuation page
with its title and column headings repeated. Layout (column widths, wrapped lines) is
measured once and shared by the pieces of a split block.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from m3desk.ui.printing.canvas import FILL, INK, LIGHT_FILL, RULE, SOFT_INK, Canvas
from m3desk.ui.printing.content import Cell, Table

__all__ = [
    "GM_TAG",
    "LOG_LINES",
    "Block",
    "LogAndNotes",
    "RuledLines",
    "TableBlock",
    "TextBlock",
    "gm_tag",
    "section_title",
]

LOG_LINES = 12
"""The last log lines an encounter sheet prints (the whole log is exported on its own)."""
GAP_BELOW = 7.0
"""Between the log and the writing lines under it (the pages' gap between sections)."""

TITLE_H = 14.0
TITLE_SIZE = 9.5
HINT_SIZE = 8.0
HEAD_SIZE = 8.0
CELL_SIZE = 8.5
TEXT_SIZE = 9.0
PAD_X = 3.0
PAD_Y = 2.2
HEAD_H = 12.0
BLANK_H = 15.0
WRITING_LINE = 17.0
"""About 6 mm between writing lines: room for handwriting in pencil."""
TEXT_LEADING = 1.5
"""Extra space between lines of running text: long notes stay readable."""
GM_TAG = "GM"
GM_SIZE = 8.0


class Block(Protocol):
    """Something the paginator can place, measure and split."""

    fills: bool
    """True for blocks that take whatever height is left on the page (writing lines)."""

    def height(self, canvas: Canvas, width: float) -> float: ...

    def split(
        self, canvas: Canvas, width: float, available: float, *, force: bool
    ) -> tuple[Block | None, Block | None]: ...

    def paint(self, canvas: Canvas, x: float, y: float, width: float, height: float) -> None: ...


def section_title(
    canvas: Canvas, x: float, y: float, width: float, title: str, hint: str = ""
) -> None:
    """A grey bar with the section's name: the eye finds sections by these on a busy page.

    A hint that does not fit beside the title is left out: it is help, and printed over
    the title it would hide the one word that must be read.
    """
    canvas.box(x, y, width, TITLE_H, line=0, fill=FILL)
    canvas.text(
        x + PAD_X + 1,
        y,
        width - PAD_X - 1,
        TITLE_H,
        canvas.elide(title.upper(), TITLE_SIZE, width - 2 * PAD_X - 1, bold=True),
        TITLE_SIZE,
        bold=True,
    )
    if hint:
        title_w = canvas.text_width(title.upper(), TITLE_SIZE, bold=True)
        left = x + title_w + 4 * PAD_X
        room = x + width - PAD_X - left
        if canvas.text_width(hint, HINT_SIZE, italic=True) <= room:
            canvas.text(
                left, y, room, TITLE_H, hint, HINT_SIZE, italic=True, align="right", color=SOFT_INK
            )


def gm_tag_width(canvas: Canvas) -> float:
    return canvas.text_width(GM_TAG, GM_SIZE, bold=True) + 4.0


def gm_tag(canvas: Canvas, x: float, y: float, h: float) -> float:
    """A boxed "GM" after a value the GM has overridden; returns its width."""
    width = gm_tag_width(canvas)
    tag_h = min(h, canvas.line_height(GM_SIZE) + 1)
    top = y + (h - tag_h) / 2
    canvas.box(x, top, width, tag_h, line=0.5, radius=1.5)
    canvas.text(x, top, width, tag_h, GM_TAG, GM_SIZE, bold=True, align="center")
    return width


@dataclass(slots=True)
class _TableLayout:
    widths: list[float]
    lines: list[list[list[str]]]
    heights: list[float]
    line_h: float


def _narrowed(widths: list[float], room: float) -> list[float]:
    """Column widths cut to fit ``room``, the widest cut first (to one width ``cap`` they
    then share): a short column (a number, a tick) keeps its heading on one line while a
    column of words wraps; all cut alike when even that is not enough."""
    ordered = sorted(widths, reverse=True)
    total = sum(widths)
    for count in range(1, len(ordered) + 1):
        rest = total - sum(ordered[:count])
        cap = (room - rest) / count
        below = ordered[count] if count < len(ordered) else 0.0
        if cap >= below:
            if cap <= 0:
                break
            return [min(w, cap) for w in widths]
    shrink = max(room, 0.0) / total
    return [w * shrink for w in widths]


class TableBlock:
    """A titled grid with headings; data rows, then empty rows to fill in by hand."""

    fills = False

    def __init__(
        self,
        table: Table,
        *,
        start: int = 0,
        end: int | None = None,
        continued: bool = False,
        layout: _TableLayout | None = None,
    ) -> None:
        self.table = table
        self.start = start
        self.end = end
        self.continued = continued
        self._layout = layout
        self._width = -1.0

    # A table's rows: data rows first, then blank ones (None).
    def _all_rows(self) -> list[tuple[Cell, ...] | None]:
        return [*self.table.rows, *([None] * self.table.blank_rows)]

    def _measure(self, canvas: Canvas, width: float) -> _TableLayout:
        if self._layout is not None and (self._width in (width, -1.0)):
            return self._layout
        table = self.table
        columns = table.columns
        tag_w = gm_tag_width(canvas) + 2
        natural = []
        for index, column in enumerate(columns):
            widest = canvas.text_width(column.title, HEAD_SIZE, bold=True)
            for row in table.rows:
                cell = row[index]
                cell_w = canvas.text_width(cell.text, CELL_SIZE, bold=cell.bold)
                widest = max(widest, cell_w + (tag_w if cell.gm else 0))
            natural.append(max(widest + 2 * PAD_X + 2.0, column.min_width))  # 1 pt slack
        fixed = [0.0 if c.flex else min(natural[i], width * 0.3) for i, c in enumerate(columns)]
        flex_total = sum(c.flex for c in columns)
        leftover = width - sum(fixed)
        minimum_flex = sum(max(36.0, c.min_width) for c in columns if c.flex)
        if leftover < minimum_flex and sum(fixed) > 0:
            fixed = _narrowed(fixed, width - minimum_flex)
            leftover = width - sum(fixed)
        widths = [
            leftover * c.flex / flex_total if c.flex else fixed[i] for i, c in enumerate(columns)
        ]
        line_h = canvas.line_height(CELL_SIZE)
        lines: list[list[list[str]]] = []
        heights: list[float] = []
        for maybe_row in self._all_rows():
            if maybe_row is None:
                lines.append([])
                heights.append(BLANK_H)
                continue
            cells = []
            for index, cell in enumerate(maybe_row):
                room = widths[index] - 2 * PAD_X - (tag_w if cell.gm else 0)
                cells.append(
                    canvas.wrap(cell.text, CELL_SIZE, room, bold=cell.bold) if cell.text else []
                )
            lines.append(cells)
            tallest = max((len(c) for c in cells), default=1) or 1
            heights.append(tallest * line_h + 2 * PAD_Y)
        self._layout = _TableLayout(widths, lines, heights, line_h)
        self._width = width
        return self._layout

    def _stop(self) -> int:
        return len(self._all_rows()) if self.end is None else self.end

    @property
    def row_range(self) -> range:
        """The rows this piece prints: data rows first, then the blank ones."""
        return range(self.start, self._stop())

    def _head_h(self) -> float:
        return TITLE_H + HEAD_H

    def height(self, canvas: Canvas, width: float) -> float:
        layout = self._measure(canvas, width)
        return self._head_h() + sum(layout.heights[self.start : self._stop()])

    def split(
        self, canvas: Canvas, width: float, available: float, *, force: bool
    ) -> tuple[TableBlock | None, TableBlock | None]:
        layout = self._measure(canvas, width)
        used = self._head_h()
        stop = self.start
        while stop < self._stop() and used + layout.heights[stop] <= available:
            used += layout.heights[stop]
            stop += 1
        data_end = len(self.table.rows)
        if stop == self.start or (stop < data_end and stop - self.start < 2 and not force):
            # A title with one lonely row at the foot of a page reads badly: move it all.
            if not force:
                return None, self
            stop = self.start + 1
        head = TableBlock(
            self.table, start=self.start, end=stop, continued=self.continued, layout=layout
        )
        if stop >= self._stop():
            return head, None
        if stop >= data_end:
            # Only blank rows are left over: the continuation page does not need them.
            return head, None
        tail = TableBlock(self.table, start=stop, end=self.end, continued=True, layout=layout)
        return head, tail

    def paint(self, canvas: Canvas, x: float, y: float, width: float, height: float) -> None:
        layout = self._measure(canvas, width)
        table = self.table
        title = table.title + (" (continued)" if self.continued else "")
        section_title(canvas, x, y, width, title, "" if self.continued else table.hint)
        top = y + TITLE_H
        canvas.box(x, top, width, HEAD_H, line=0, fill=LIGHT_FILL)
        left = x
        for column, col_w in zip(table.columns, layout.widths, strict=True):
            canvas.text(
                left + PAD_X,
                top,
                col_w - 2 * PAD_X,
                HEAD_H,
                column.title,
                HEAD_SIZE,
                bold=True,
                align=column.align,
            )
            left += col_w
        row_y = top + HEAD_H
        rows = self._all_rows()
        for index in range(self.start, self._stop()):
            row_h = layout.heights[index]
            canvas.line(x, row_y, x + width, row_y, width=0.35)
            row = rows[index]
            if row is not None:
                self._paint_row(canvas, x, row_y, row, layout.lines[index], layout)
            row_y += row_h
        left = x
        for col_w in layout.widths[:-1]:
            left += col_w
            canvas.line(left, top, left, row_y, width=0.3)
        canvas.box(x, top, width, row_y - top, line=0.6)

    def _paint_row(
        self,
        canvas: Canvas,
        x: float,
        y: float,
        row: tuple[Cell, ...],
        lines: list[list[str]],
        layout: _TableLayout,
    ) -> None:
        left = x
        for column, cell, cell_lines, col_w in zip(
            self.table.columns, row, lines, layout.widths, strict=True
        ):
            tag_w = gm_tag_width(canvas) + 2 if cell.gm else 0.0
            text_w = col_w - 2 * PAD_X - tag_w
            line_y = y + PAD_Y
            for text in cell_lines:
                canvas.text(
                    left + PAD_X,
                    line_y,
                    text_w,
                    layout.line_h,
                    text,
                    CELL_SIZE,
                    bold=cell.bold,
                    align=column.align,
                )
                line_y += layout.line_h
            if cell.gm:
                gm_tag(canvas, left + col_w - PAD_X - tag_w + 2, y + PAD_Y, layout.line_h)
            left += col_w


class TextBlock:
    """A titled passage (notes, a monster's description) that may run over pages."""

    fills = False

    def __init__(
        self, title: str, text: str, *, lines: list[str] | None = None, continued: bool = False
    ) -> None:
        self.title = title
        self.text = text
        self._lines = lines
        self.continued = continued

    def _wrapped(self, canvas: Canvas, width: float) -> list[str]:
        if self._lines is None:
            self._lines = canvas.wrap(self.text, TEXT_SIZE, width - 2 * PAD_X)
        return self._lines

    def _line_h(self, canvas: Canvas) -> float:
        return canvas.line_height(TEXT_SIZE) + TEXT_LEADING

    def height(self, canvas: Canvas, width: float) -> float:
        lines = self._wrapped(canvas, width)
        return TITLE_H + 2 * PAD_Y + len(lines) * self._line_h(canvas)

    def split(
        self, canvas: Canvas, width: float, available: float, *, force: bool
    ) -> tuple[TextBlock | None, TextBlock | None]:
        lines = self._wrapped(canvas, width)
        fit = int((available - TITLE_H - 2 * PAD_Y) // self._line_h(canvas))
        if fit < 2:
            if not force:
                return None, self
            fit = max(fit, 1)
        if fit >= len(lines):
            return self, None
        rest = lines[fit:]
        while rest and not rest[0]:
            rest = rest[1:]  # a paragraph break at the top of a page is just a gap
        if not rest:
            return TextBlock(self.title, "", lines=lines[:fit], continued=self.continued), None
        head = TextBlock(self.title, "", lines=lines[:fit], continued=self.continued)
        tail = TextBlock(self.title, "", lines=rest, continued=True)
        return head, tail

    def paint(self, canvas: Canvas, x: float, y: float, width: float, height: float) -> None:
        title = self.title + (" (continued)" if self.continued else "")
        section_title(canvas, x, y, width, title)
        line_h = self._line_h(canvas)
        line_y = y + TITLE_H + PAD_Y
        for line in self._wrapped(canvas, width):
            canvas.text(x + PAD_X, line_y, width - 2 * PAD_X, line_h, line, TEXT_SIZE)
            line_y += line_h


class RuledLines:
    """Writing lines that fill the rest of the last page, or nothing if too little is left."""

    fills = True
    MIN_LINES = 3

    def __init__(self, title: str = "") -> None:
        self.title = title

    def height(self, canvas: Canvas, width: float) -> float:
        return (TITLE_H if self.title else 0.0) + self.MIN_LINES * WRITING_LINE

    def split(
        self, canvas: Canvas, width: float, available: float, *, force: bool
    ) -> tuple[RuledLines | None, RuledLines | None]:
        return None, None

    def paint(self, canvas: Canvas, x: float, y: float, width: float, height: float) -> None:
        top = y
        if self.title:
            section_title(canvas, x, y, width, self.title)
            top += TITLE_H
        line_y = top + WRITING_LINE
        while line_y <= y + height - 4:
            canvas.line(x, line_y, x + width, line_y, width=0.35, color=RULE)
            line_y += WRITING_LINE


class LogAndNotes:
    """The log's latest lines, then writing lines, in what is left of the last page.

    The log takes at most half of that space (all of it when the notes are elsewhere) and
    keeps its newest lines, marking how many older ones did not fit: the sheet is for the
    table, the whole log is saved on its own.
    """

    fills = True
    MIN_LOG_LINES = 1

    @property
    def keeps(self) -> bool:
        """A log is worth a page of its own; bare writing lines are not."""
        return bool(self.entries)

    def __init__(self, entries: Sequence[str], notes_title: str = "Notes") -> None:
        self.entries = [entry for entry in entries if entry.strip()][-LOG_LINES:]
        self.notes = RuledLines(notes_title) if notes_title else None

    def _line_h(self, canvas: Canvas) -> float:
        return canvas.line_height(TEXT_SIZE) + TEXT_LEADING

    def _log_h(self, canvas: Canvas, lines: int) -> float:
        return TITLE_H + 2 * PAD_Y + lines * self._line_h(canvas) if lines else 0.0

    def height(self, canvas: Canvas, width: float) -> float:
        """The newest log line at least; the writing lines only where there is room."""
        if not self.entries:
            return self.notes.height(canvas, width) if self.notes else 0.0
        return self._log_h(canvas, self.MIN_LOG_LINES)

    def split(
        self, canvas: Canvas, width: float, available: float, *, force: bool
    ) -> tuple[LogAndNotes | None, LogAndNotes | None]:
        return None, None

    def _lines(self, canvas: Canvas, width: float, room: int) -> list[str]:
        """The newest wrapped lines that fit ``room``, the first saying what came before."""
        wrapped = [canvas.wrap(entry, TEXT_SIZE, width - 2 * PAD_X) for entry in self.entries]
        flat = [line for lines in wrapped for line in lines]
        if len(flat) <= room:
            return flat
        if room < 2:
            return flat[-room:]
        kept = flat[len(flat) - room + 1 :]
        return ["… earlier lines are in the saved log", *kept]

    def paint(self, canvas: Canvas, x: float, y: float, width: float, height: float) -> None:
        notes_min = self.notes.height(canvas, width) + GAP_BELOW if self.notes else 0.0
        log_room = (
            height
            if self.notes is None
            else max(min(height / 2, height - notes_min), self._log_h(canvas, 1))
        )
        fit = max(int((log_room - TITLE_H - 2 * PAD_Y + 0.01) // self._line_h(canvas)), 0)
        lines = self._lines(canvas, width, fit) if self.entries and fit else []
        used = 0.0
        if lines:
            used = self._log_h(canvas, len(lines))
            section_title(canvas, x, y, width, "Last log lines")
            line_y = y + TITLE_H + PAD_Y
            for line in lines:
                canvas.text(
                    x + PAD_X,
                    line_y,
                    width - 2 * PAD_X,
                    self._line_h(canvas),
                    line,
                    TEXT_SIZE,
                    color=SOFT_INK if line.startswith("…") else INK,
                )
                line_y += self._line_h(canvas)
            used += GAP_BELOW
        if self.notes is not None and height - used >= notes_min - GAP_BELOW:
            self.notes.paint(canvas, x, y + used, width, height - used)
