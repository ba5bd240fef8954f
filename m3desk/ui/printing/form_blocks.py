"""The blocks a character sheet of any game is printed with: score boxes, labelled boxes of
values (with pencil boxes for hit points) set in two columns.

:mod:`.form_print` decides what goes in them from the game's ``SheetForm``; these blocks
only measure and paint. Black on white: marks are words, frames and rules, never colour.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from m3desk.ui.printing.canvas import INK, LIGHT_FILL, RULE, SOFT_INK, Canvas
from m3desk.ui.printing.content import Cell
from m3desk.ui.printing.flow_blocks import (
    TITLE_H,
    WRITING_LINE,
    gm_tag,
    gm_tag_width,
    section_title,
)

__all__ = ["Box", "BoxGrid", "Pool", "Row", "Score", "ScoreBoxes"]

LABEL = 8.5
VALUE = 9.5
SMALL = 7.0
ROW_H = 13.5
PAD = 4.0


@dataclass(frozen=True, slots=True)
class Score:
    """An ability: its score large, what it gives (a modifier) under it."""

    label: str
    value: Cell
    note_label: str = ""
    note: Cell | None = None
    full: str = ""
    """The ability's full name, small beside its label when there is room ("Strength")."""
    mark: str = ""
    marked: Cell | None = None
    """The marked ability's (a prime attribute's) further value, named ``mark``, beside the
    note in the strip; the box is framed heavier."""


@dataclass(frozen=True, slots=True)
class Row:
    """A label and its value; a long value (a list of words) wraps under its label."""

    label: str
    value: Cell
    wraps: bool = False


@dataclass(frozen=True, slots=True)
class Pool:
    """Hit points: now and at most, with empty boxes to pencil each change in."""

    label: str
    current: Cell
    maximum: Cell
    maximum_label: str = "maximum"


@dataclass(frozen=True, slots=True)
class Box:
    title: str
    rows: tuple[Row, ...] = ()
    pools: tuple[Pool, ...] = field(default=())
    lines: int = 0
    """Writing lines after the rows, for what the sheet keeps no field for (equipment)."""


def _value(canvas: Canvas, right: float, y: float, h: float, cell: Cell, size: float) -> None:
    """A value right-aligned at ``right``, a GM tag before it when the GM set it."""
    text_w = canvas.text_width(cell.text, size, bold=True) + 1
    canvas.text(right - text_w, y, text_w, h, cell.text, size, bold=True, align="right")
    if cell.gm:
        gm_tag(canvas, right - text_w - 3 - gm_tag_width(canvas), y, h)


class ScoreBoxes:
    """A row of framed boxes (one per ability), wrapping to a second row on a narrow page."""

    fills = False
    BOX_H = 56.0
    GAP = 6.0
    MIN_W = 62.0

    def __init__(self, scores: tuple[Score, ...]) -> None:
        self.scores = scores
        self.strip = any(score.note is not None for score in scores)
        """Scores that give nothing printed (Apparatus: the score is the bonus) need no
        strip under them."""
        self.box_h = self.BOX_H if self.strip else self.BOX_H - 14

    def _per_row(self, width: float) -> int:
        fit = max(int((width + self.GAP) // (self.MIN_W + self.GAP)), 1)
        rows = -(-len(self.scores) // fit)
        return -(-len(self.scores) // rows)  # even rows: 4 + 3, not 6 + 1

    def _box_w(self, width: float) -> float:
        per_row = self._per_row(width)
        return (width - self.GAP * (per_row - 1)) / per_row

    def _note_lines(self, canvas: Canvas, score: Score, w: float) -> list[str]:
        """The note's label on the lines above the strip, when it does not fit beside the
        value: whole, on two lines if need be ("Hit points per die / from CON"), cut only
        past two."""
        note, label = score.note, score.note_label
        if note is None or not label:
            return []
        value_w = canvas.text_width(note.text, 10, bold=True) + 2
        tag_w = gm_tag_width(canvas) + 2 if note.gm else 0.0
        if canvas.text_width(label, SMALL) + 3 + value_w + tag_w <= w - 6:
            return []
        lines = canvas.wrap(label, SMALL, w - 6)
        if len(lines) > 2:
            lines = [lines[0], canvas.elide(" ".join(lines[1:]), SMALL, w - 6)]
        return lines

    def _height_of_box(self, canvas: Canvas, width: float) -> float:
        """A box's height: one line more when a note's label needs two."""
        w = self._box_w(width)
        two = any(len(self._note_lines(canvas, score, w)) > 1 for score in self.scores)
        return self.box_h + (canvas.line_height(SMALL) if two else 0.0)

    def height(self, canvas: Canvas, width: float) -> float:
        rows = -(-len(self.scores) // self._per_row(width))
        return rows * self._height_of_box(canvas, width) + (rows - 1) * self.GAP

    def split(
        self, canvas: Canvas, width: float, available: float, *, force: bool
    ) -> tuple[ScoreBoxes | None, ScoreBoxes | None]:
        return (self, None) if force else (None, self)

    def paint(self, canvas: Canvas, x: float, y: float, width: float, height: float) -> None:
        per_row = self._per_row(width)
        box_w = self._box_w(width)
        box_h = self._height_of_box(canvas, width)
        for index, score in enumerate(self.scores):
            row, column = divmod(index, per_row)
            self._box(
                canvas,
                x + column * (box_w + self.GAP),
                y + row * (box_h + self.GAP),
                box_w,
                box_h,
                score,
            )

    def _box(self, canvas: Canvas, x: float, y: float, w: float, h: float, score: Score) -> None:
        extra = h - self.box_h
        strip = 15.0 if self.strip else 0.0
        if self.strip:
            canvas.box(x, y + h - strip, w, strip, line=0, fill=LIGHT_FILL)
            canvas.line(x, y + h - strip, x + w, y + h - strip, width=0.35)
        canvas.box(x, y, w, h, line=1.8 if score.marked is not None else 0.8)
        canvas.text(
            x + 4, y + 2, w - 8, 12, canvas.elide(score.label, 9, w - 8, bold=True), 9, bold=True
        )
        room = w - 12 - canvas.text_width(score.label, 9, bold=True)
        if score.full and not score.value.gm and canvas.text_width(score.full, SMALL) <= room:
            canvas.text(x + 4, y + 2, w - 8, 12, score.full, SMALL, align="right", color=SOFT_INK)
        value = score.value.text
        size = next(
            (
                s
                for s in (20.0, 16.0, 13.0, 11.0)
                if canvas.text_width(value, s, bold=True) <= w - 8
            ),
            9.0,
        )
        canvas.text(
            x,
            y + 11,
            w,
            h - extra - strip - (20 if self.strip else 12),
            value,
            size,
            bold=True,
            align="center",
        )
        if score.value.gm:
            gm_tag(canvas, x + w - 4 - gm_tag_width(canvas), y + 2, 12)
        if score.note is None:
            return
        strip_y = y + h - strip
        if score.marked is not None:  # two halves: the note, then the mark's value
            half = w / 2
            self._strip(canvas, x, strip_y, half, strip, score.note_label, score.note)
            canvas.line(x + half, strip_y, x + half, y + h, width=0.35)
            self._strip(canvas, x + half, strip_y, half, strip, score.mark, score.marked)
            return
        note = score.note
        value_w = canvas.text_width(note.text, 10, bold=True) + 2
        tag_w = gm_tag_width(canvas) + 2 if note.gm else 0.0
        label = score.note_label
        label_w = canvas.text_width(label, SMALL) + 3 if label else 0.0
        above = self._note_lines(canvas, score, w)
        if above:  # no room beside the value: the label goes on the lines above the strip
            line_h = canvas.line_height(SMALL)
            top = strip_y - 1 - len(above) * line_h
            for number, line in enumerate(above):
                canvas.text(
                    x + 3,
                    top + number * line_h,
                    w - 6,
                    line_h,
                    line,
                    SMALL,
                    align="center",
                    color=SOFT_INK,
                )
            label, label_w = "", 0.0
        left = x + max((w - label_w - value_w - tag_w) / 2, 3.0)
        if label:
            canvas.text(left, strip_y, label_w, strip, label, SMALL, color=SOFT_INK)
        canvas.text(left + label_w, strip_y, value_w, strip, note.text, 10, bold=True)
        if note.gm:
            gm_tag(canvas, left + label_w + value_w + 2, strip_y, strip)

    @staticmethod
    def _strip(
        canvas: Canvas, x: float, y: float, w: float, h: float, label: str, cell: Cell
    ) -> None:
        """``mod +3`` centred in part of the strip; the label left off when it leaves no
        room for the value."""
        value_w = canvas.text_width(cell.text, 10, bold=True) + 2
        tag_w = gm_tag_width(canvas) + 2 if cell.gm else 0.0
        label_w = canvas.text_width(label, SMALL) + 3 if label else 0.0
        if label_w + value_w + tag_w > w - 4 and len(label) > 4:  # "Modifier": "Mod."
            label = f"{label[:3]}."
            label_w = canvas.text_width(label, SMALL) + 3
        if label_w + value_w + tag_w > w - 4:
            label, label_w = "", 0.0
        left = x + max((w - label_w - value_w - tag_w) / 2, 2.0)
        if label:
            canvas.text(left, y, label_w, h, label, SMALL, color=SOFT_INK)
        canvas.text(left + label_w, y, value_w, h, cell.text, 10, bold=True)
        if cell.gm:
            gm_tag(canvas, left + label_w + value_w + 2, y, h)


class _BoxPainter:
    """Measures and paints one :class:`Box` at a given width."""

    POOL_H = 36.0
    PENCIL_BOXES = 10

    def __init__(self, box: Box) -> None:
        self.box = box

    def _row_lines(self, canvas: Canvas, row: Row, width: float) -> list[str]:
        """The value's lines under its label: a long value (a list of words), or one that
        leaves its label no room beside it whole; none when both share a line."""
        if not row.wraps and not self._crowded(canvas, row, width):
            return []
        return canvas.wrap(row.value.text, LABEL, width - 2 * PAD, bold=True) or [""]

    def _row_h(self, canvas: Canvas, row: Row, width: float) -> float:
        lines = self._row_lines(canvas, row, width)
        if not lines:
            return ROW_H
        return ROW_H + len(lines) * (canvas.line_height(LABEL) + 1)

    @staticmethod
    def _crowded(canvas: Canvas, row: Row, width: float) -> bool:
        """The label and the value do not both fit whole on one line."""
        value_w = canvas.text_width(row.value.text, VALUE, bold=True) + 2
        tag = gm_tag_width(canvas) + 3 if row.value.gm else 0.0
        return canvas.text_width(row.label, LABEL) + 4 + value_w + tag > width - 2 * PAD

    def height(self, canvas: Canvas, width: float) -> float:
        rows = sum(self._row_h(canvas, row, width) for row in self.box.rows)
        return (
            TITLE_H + len(self.box.pools) * self.POOL_H + rows + self.box.lines * WRITING_LINE + PAD
        )

    def paint(self, canvas: Canvas, x: float, y: float, width: float) -> None:
        section_title(canvas, x, y, width, self.box.title)
        top = y + TITLE_H
        for pool in self.box.pools:
            self._pool(canvas, x, top, width, pool)
            top += self.POOL_H
        for index, row in enumerate(self.box.rows):
            row_h = self._row_h(canvas, row, width)
            if index or self.box.pools:
                canvas.line(x + PAD, top, x + width - PAD, top, width=0.3, color=RULE)
            self._row(canvas, x, top, width, row)
            top += row_h
        for _line in range(self.box.lines):
            top += WRITING_LINE
            canvas.line(x, top, x + width, top, width=0.4, color=RULE)

    def _row(self, canvas: Canvas, x: float, y: float, width: float, row: Row) -> None:
        lines = self._row_lines(canvas, row, width)
        if lines:
            canvas.text(x + PAD, y, width - 2 * PAD, ROW_H, row.label, LABEL, color=SOFT_INK)
            line_h = canvas.line_height(LABEL) + 1
            for number, line in enumerate(lines):
                canvas.text(
                    x + PAD,
                    y + ROW_H - 2 + number * line_h,
                    width - 2 * PAD,
                    line_h,
                    line,
                    LABEL,
                    bold=True,
                )
            return
        # both fit whole on the line (else the value went under its label)
        value_room = canvas.text_width(row.value.text, VALUE, bold=True) + 2
        tag = gm_tag_width(canvas) + 3 if row.value.gm else 0.0
        label_w = width - 2 * PAD - value_room - tag - 4
        canvas.text(x + PAD, y, label_w, ROW_H, row.label, LABEL)
        _value(canvas, x + width - PAD, y, ROW_H, row.value, VALUE)

    def _pool(self, canvas: Canvas, x: float, y: float, width: float, pool: Pool) -> None:
        """``Hit points  now 3 · maximum 5`` and ten boxes to pencil changes in."""
        line_h = 15.0
        canvas.text(x + PAD, y + 1, width / 2, line_h, pool.label, 9.5, bold=True)
        right = x + width - PAD
        maximum_w = canvas.text_width(pool.maximum.text, 12, bold=True) + 2
        _value(canvas, right, y + 1, line_h, pool.maximum, 12)
        label_w = canvas.text_width(pool.maximum_label, SMALL) + 4
        canvas.text(
            right - maximum_w - label_w,
            y + 1,
            label_w,
            line_h,
            pool.maximum_label,
            SMALL,
            color=SOFT_INK,
        )
        now_right = right - maximum_w - label_w - 8
        now_w = canvas.text_width(pool.current.text, 12, bold=True) + 2
        _value(canvas, now_right, y + 1, line_h, pool.current, 12)
        now_label_w = canvas.text_width("now", SMALL) + 4
        canvas.text(
            now_right - now_w - now_label_w,
            y + 1,
            now_label_w,
            line_h,
            "now",
            SMALL,
            color=SOFT_INK,
        )
        count = self.PENCIL_BOXES
        size = min(13.0, (width - 2 * PAD) / count - 3)
        for index in range(count):
            canvas.box(
                x + PAD + index * (size + 3), y + line_h + 3, size, size, line=0.5, color=INK
            )


class BoxGrid:
    """Boxes in two columns (one on a narrow page), each box in the shorter column.

    Splits between boxes, so a long sheet carries its boxes over to the next page whole.
    """

    fills = False
    GAP = 8.0
    MIN_COLUMN_W = 200.0

    def __init__(self, boxes: tuple[Box, ...]) -> None:
        self.boxes = boxes

    def _columns(self, width: float) -> tuple[int, float]:
        count = 2 if width >= 2 * self.MIN_COLUMN_W + self.GAP else 1
        return count, (width - self.GAP * (count - 1)) / count

    def _place(self, canvas: Canvas, width: float) -> list[tuple[Box, int, float, float]]:
        count, column_w = self._columns(width)
        tops = [0.0] * count
        placed = []
        for box in self.boxes:
            column = min(range(count), key=lambda c: tops[c])
            box_h = _BoxPainter(box).height(canvas, column_w)
            placed.append((box, column, tops[column], box_h))
            tops[column] += box_h + self.GAP
        return placed

    def height(self, canvas: Canvas, width: float) -> float:
        placed = self._place(canvas, width)
        return max((top + h for _box, _column, top, h in placed), default=0.0)

    def split(
        self, canvas: Canvas, width: float, available: float, *, force: bool
    ) -> tuple[BoxGrid | None, BoxGrid | None]:
        placed = self._place(canvas, width)
        fits = [
            index for index, (_box, _column, top, h) in enumerate(placed) if top + h <= available
        ]
        if not fits:
            if not force:
                return None, self
            fits = [0]
        head = tuple(self.boxes[index] for index in fits)
        tail = tuple(box for index, box in enumerate(self.boxes) if index not in fits)
        return BoxGrid(head), (BoxGrid(tail) if tail else None)

    def paint(self, canvas: Canvas, x: float, y: float, width: float, height: float) -> None:
        _count, column_w = self._columns(width)
        for box, column, top, _h in self._place(canvas, width):
            _BoxPainter(box).paint(canvas, x + column * (column_w + self.GAP), y + top, column_w)
