"""The initiative order and the range table of the GM's encounter sheet.

Both are lists the GM runs a finger down during a fight, so both keep to a strict grid:
one combatant per row, the count or number in a fixed column on the left, and the
combatant numbers shared with the combatant table so a row can be found in either.
"""

from __future__ import annotations

from dataclasses import dataclass

from m3desk.ui.games.monsters_and_magic.printing.encounter_content import (
    InitiativeGroup,
    InitiativeMember,
    RangeMatrix,
)
from m3desk.ui.printing.canvas import FILL, INK, LIGHT_FILL, RULE, SOFT_INK, Canvas
from m3desk.ui.printing.flow_blocks import HEAD_H, HEAD_SIZE, PAD_X, Block
from m3desk.ui.printing.row_blocks import RowsBlock

__all__ = ["InitiativeBlock", "RangeTableBlock", "SideBySide"]

ROW_H = 15.0
NAME_SIZE = 8.5
NOTE_SIZE = 7.0
COUNT_SIZE = 11.0
MARK_W = 10.0
NUMBER_W = 19.0
PENCIL_W, PENCIL_H = 26.0, 11.5


@dataclass(frozen=True, slots=True)
class _Entry:
    group: InitiativeGroup
    member: InitiativeMember
    first: bool
    """The first of its count's members: the count is printed on this row."""


class InitiativeBlock(RowsBlock):
    """Counts from highest to lowest; everyone on one count shares the count's cell.

    Never wider than its longest line needs (or ``MAX_W``): across a landscape page the
    eye would lose the row between a name and its side.
    """

    title = "Initiative order"
    hint = "highest count first; one count = simultaneous"
    MAX_W = 330.0

    def __init__(
        self,
        groups: tuple[InitiativeGroup, ...],
        *,
        start: int = 0,
        end: int | None = None,
        continued: bool = False,
    ) -> None:
        super().__init__(start=start, end=end, continued=continued)
        self.groups = groups
        self.entries = [
            _Entry(group, member, index == 0)
            for group in groups
            for index, member in enumerate(group.members)
        ]

    def row_count(self) -> int:
        return len(self.entries)

    def row_heights(self, canvas: Canvas, width: float) -> list[float]:
        return [ROW_H] * len(self.entries)

    def head_height(self, canvas: Canvas, width: float) -> float:
        return HEAD_H

    def can_break_before(self, index: int) -> bool:
        return index >= len(self.entries) or self.entries[index].first

    def piece(self, start: int, end: int, *, continued: bool) -> InitiativeBlock:
        return InitiativeBlock(self.groups, start=start, end=end, continued=continued)

    # ---- geometry ------------------------------------------------------------------
    def _count_w(self, canvas: Canvas) -> float:
        """Wide enough for "simultaneous" under a count, and for the pencil box."""
        notes = [
            canvas.text_width(g.note, NOTE_SIZE, italic=True)
            for g in self.groups
            if g.kind == "count" and g.note
        ]
        counts = [canvas.text_width(g.count, COUNT_SIZE, bold=True) for g in self.groups]
        return (
            max([PENCIL_W, canvas.text_width("Count", HEAD_SIZE, bold=True), *notes, *counts])
            + 2 * PAD_X
        )

    def _side_w(self, canvas: Canvas, width: float) -> float:
        widest = max(
            [canvas.text_width("Side", HEAD_SIZE, bold=True)]
            + [canvas.text_width(e.member.side, NOTE_SIZE + 0.5) for e in self.entries]
        )
        return min(widest + 2 * PAD_X + 1, width * 0.22)

    def _name_widths(self, canvas: Canvas) -> list[float]:
        """Each row's name and note, as wide as they print, shortest first."""
        return sorted(
            canvas.text_width(e.member.name, NAME_SIZE, bold=True)
            + 2 * PAD_X
            + 4
            + (
                canvas.text_width(e.group.note, NOTE_SIZE, italic=True) + PAD_X
                if e.group.kind != "count"
                else 0.0
            )
            for e in self.entries
        )

    def _frame_w(self, canvas: Canvas) -> float:
        return MARK_W + self._count_w(canvas) + NUMBER_W + self._side_w(canvas, 1000.0)

    @staticmethod
    def natural_width(canvas: Canvas, groups: tuple[InitiativeGroup, ...]) -> float:
        """Enough for most names without cutting them: the side-by-side layout's wish."""
        block = InitiativeBlock(groups)
        names = block._name_widths(canvas)
        name_w = min(names[int(len(names) * 0.8)] if names else 80.0, 160.0)
        return block._frame_w(canvas) + name_w

    def used_width(self, canvas: Canvas, width: float) -> float:
        """How much of ``width`` the list takes: every name whole, or at least ``MAX_W``."""
        full = self._frame_w(canvas) + max(self._name_widths(canvas), default=80.0)
        return min(width, max(full, self.MAX_W))

    def paint(self, canvas: Canvas, x: float, y: float, width: float, height: float) -> None:
        super().paint(canvas, x, y, self.used_width(canvas, width), height)

    # ---- painting ------------------------------------------------------------------
    def paint_head(self, canvas: Canvas, x: float, y: float, width: float) -> None:
        count_w, side_w = self._count_w(canvas), self._side_w(canvas, width)
        canvas.box(x, y, width, HEAD_H, line=0, fill=LIGHT_FILL)
        canvas.text(x + MARK_W, y, count_w, HEAD_H, "Count", HEAD_SIZE, bold=True, align="center")
        left = x + MARK_W + count_w
        canvas.text(left, y, NUMBER_W, HEAD_H, "#", HEAD_SIZE, bold=True, align="center")
        canvas.text(
            left + NUMBER_W + PAD_X,
            y,
            x + width - side_w - left - NUMBER_W - PAD_X,
            HEAD_H,
            "Combatant",
            HEAD_SIZE,
            bold=True,
        )
        canvas.text(x + width - side_w + PAD_X, y, side_w, HEAD_H, "Side", HEAD_SIZE, bold=True)

    def paint_rows(self, canvas: Canvas, x: float, y: float, width: float, rows: range) -> float:
        count_w, side_w = self._count_w(canvas), self._side_w(canvas, width)
        name_x = x + MARK_W + count_w + NUMBER_W
        side_x = x + width - side_w
        top = y
        for index in rows:
            entry = self.entries[index]
            if entry.first or index == rows.start:
                canvas.line(x, y, x + width, y, width=0.6, color=INK)
                span = 1
                while index + span < rows.stop and not self.entries[index + span].first:
                    span += 1
                self._paint_count(canvas, x + MARK_W, y, count_w, ROW_H * span, entry.group)
            else:
                canvas.line(name_x - NUMBER_W, y, x + width, y, width=0.35, color=RULE, dotted=True)
            self._paint_member(canvas, x, y, name_x, side_x, side_w, entry)
            y += ROW_H
        canvas.line(x + MARK_W + count_w, top, x + MARK_W + count_w, y, width=0.35)
        canvas.line(side_x, top, side_x, y, width=0.3)
        canvas.box(x, top - HEAD_H, width, y - top + HEAD_H, line=0.6)
        return y

    def _paint_count(
        self, canvas: Canvas, x: float, y: float, w: float, h: float, group: InitiativeGroup
    ) -> None:
        if group.kind == "unrolled":
            canvas.box(
                x + (w - PENCIL_W) / 2, y + (ROW_H - PENCIL_H) / 2, PENCIL_W, PENCIL_H, line=0.6
            )
            return
        waiting = group.kind != "count"
        count_h = min(h, ROW_H)
        canvas.text(
            x,
            y,
            w,
            count_h,
            group.count,
            COUNT_SIZE - (1.5 if waiting else 0),
            bold=not waiting,
            align="center",
            color=SOFT_INK if waiting else INK,
        )
        if group.kind == "count" and group.note and h > ROW_H:
            canvas.text(
                x,
                y + ROW_H - 3,
                w,
                NOTE_SIZE + 4,
                group.note,
                NOTE_SIZE,
                italic=True,
                align="center",
                color=SOFT_INK,
            )

    def _paint_member(
        self,
        canvas: Canvas,
        x: float,
        y: float,
        name_x: float,
        side_x: float,
        side_w: float,
        entry: _Entry,
    ) -> None:
        member = entry.member
        if member.current:
            canvas.box(
                name_x - NUMBER_W,
                y + 0.4,
                side_x + side_w - name_x + NUMBER_W,
                ROW_H - 0.8,
                line=0,
                fill=FILL,
            )
            canvas.marker(x + 2, y + (ROW_H - 8) / 2, 8)
        canvas.text(
            name_x - NUMBER_W,
            y,
            NUMBER_W - 2,
            ROW_H,
            str(member.number),
            NAME_SIZE,
            align="right",
            color=SOFT_INK,
        )
        room = side_x - name_x - 2 * PAD_X
        note = entry.group.note if entry.group.kind != "count" else ""
        if note:
            note_w = min(canvas.text_width(note, NOTE_SIZE, italic=True) + 2, room * 0.55)
            canvas.text(
                side_x - PAD_X - note_w,
                y,
                note_w,
                ROW_H,
                canvas.elide(note, NOTE_SIZE, note_w),
                NOTE_SIZE,
                italic=True,
                align="right",
                color=SOFT_INK,
            )
            room -= note_w + PAD_X
        name = canvas.elide(member.name, NAME_SIZE, room, bold=True, middle=True)
        canvas.text(name_x + PAD_X, y, room, ROW_H, name, NAME_SIZE, bold=True)
        canvas.text(
            side_x + PAD_X,
            y,
            side_w - 2 * PAD_X,
            ROW_H,
            canvas.elide(member.side, NOTE_SIZE + 0.5, side_w - 2 * PAD_X),
            NOTE_SIZE + 0.5,
            color=SOFT_INK,
        )


CELL_SIZE = 8.0
LABEL_SIZE = 8.0
AXIS_SIZE = 6.5
LEGEND_SIZE = 7.5
RANGE_ROW_H = 14.0
MIN_COL_W = 31.0
MAX_LABEL_W = 140.0
MIN_LABEL_W = 96.0
"""Row labels shrink to this (names cut in the middle) before the table splits in two."""


AXIS_LINES = 3
"""Most lines a column heading takes ("Guido of" / "Gramarye" / "1") before it is cut."""


def _axis_lines(canvas: Canvas, name: str, width: float) -> list[str]:
    """A column heading in up to three lines of whole words; a word wider than the column,
    or what the third line cannot hold, is cut in the middle.

    Word-wrapping a narrow column would break "Gramfive" into "Gramfiv" and "e"; whole
    words, then "Skeletal" over "Te…um 2", keep both the start and the copy number. Two
    lines cut "Guido of Gramarye 1" to "Gra…e 1"; a third keeps it whole.
    """
    words = name.split()
    lines: list[str] = []
    while words and len(lines) < AXIS_LINES - 1:
        taken = 1
        while (
            taken < len(words)
            and canvas.text_width(" ".join(words[: taken + 1]), AXIS_SIZE) <= width
        ):
            taken += 1
        lines.append(canvas.elide(" ".join(words[:taken]), AXIS_SIZE, width, middle=True))
        words = words[taken:]
    if words:
        lines.append(canvas.elide(" ".join(words), AXIS_SIZE, width, middle=True))
    return lines


class RangeTableBlock(RowsBlock):
    """Band between each pair: find one combatant's row, read across to the other."""

    hint = "read along a row to the column; pencil changes over"

    def __init__(
        self,
        matrix: RangeMatrix,
        columns: range | None = None,
        *,
        start: int = 0,
        end: int | None = None,
        continued: bool = False,
    ) -> None:
        super().__init__(start=start, end=end, continued=continued)
        self.matrix = matrix
        count = len(matrix.names)
        self.columns = columns if columns is not None else range(count)
        chunked = len(self.columns) < count
        self.title = "Ranges" + (
            f" (columns {self.columns.start + 1}\u2013{self.columns.stop} of {count})"
            if chunked
            else ""
        )
        self._legend: tuple[float, list[str]] | None = None

    # ---- geometry ------------------------------------------------------------------
    @staticmethod
    def label_width(canvas: Canvas, matrix: RangeMatrix) -> float:
        widest = max(
            (canvas.text_width(name, LABEL_SIZE, bold=True) for name in matrix.names), default=40.0
        )
        return min(max(widest, 60.0), MAX_LABEL_W) + NUMBER_W + 2 * PAD_X

    @staticmethod
    def column_width(canvas: Canvas) -> float:
        widest = max(
            canvas.text_width(text, CELL_SIZE)
            for text in ("Hand", "Close", "Reach", "Short", "Med", "Long", "OoR")
        )
        return max(MIN_COL_W, widest + 2 * PAD_X + 2)

    @classmethod
    def natural_width(
        cls, canvas: Canvas, matrix: RangeMatrix, columns: int, *, slack: float = 1.0
    ) -> float:
        """Full names and ``slack`` times the narrowest cells that hold every band."""
        return cls.label_width(canvas, matrix) + columns * cls.column_width(canvas) * slack

    def row_count(self) -> int:
        return len(self.matrix.names)

    def row_heights(self, canvas: Canvas, width: float) -> list[float]:
        return [RANGE_ROW_H] * len(self.matrix.names)

    def head_height(self, canvas: Canvas, width: float) -> float:
        """The numbers, then the names' lines: two, or three where a name needs them."""
        _label_w, col_w = self._grid(canvas, width)
        lines = max(
            (len(_axis_lines(canvas, self.matrix.names[c], col_w - 2)) for c in self.columns),
            default=2,
        )
        return (
            canvas.line_height(LABEL_SIZE, bold=True)
            + max(lines, 2) * canvas.line_height(AXIS_SIZE)
            + 3
        )

    def _legend_lines(self, canvas: Canvas, width: float) -> list[str]:
        if self._legend is None or self._legend[0] != width:
            self._legend = (
                width,
                canvas.wrap(self.matrix.legend, LEGEND_SIZE, width - 2, italic=True),
            )
        return self._legend[1]

    def foot_height(self, canvas: Canvas, width: float) -> float:
        lines = self._legend_lines(canvas, self._table_w(canvas, width))
        return 3 + len(lines) * canvas.line_height(LEGEND_SIZE)

    def piece(self, start: int, end: int, *, continued: bool) -> RangeTableBlock:
        return RangeTableBlock(self.matrix, self.columns, start=start, end=end, continued=continued)

    def _grid(self, canvas: Canvas, width: float) -> tuple[float, float]:
        """Label column and cell widths for the room given.

        Cells grow by up to half again when there is room (a full-width table of four
        combatants would otherwise be a thin strip) and the label column takes what the
        cells leave, down to nothing rather than past the page's edge.
        """
        count = max(len(self.columns), 1)
        natural = self.column_width(canvas)
        label_w = self.label_width(canvas, self.matrix)
        col_w = max(natural, min((width - label_w) / count, natural * 1.5))
        label_w = max(min(label_w, width - count * col_w), 0.0)
        return label_w, col_w

    def _table_w(self, canvas: Canvas, width: float) -> float:
        label_w, col_w = self._grid(canvas, width)
        return min(width, label_w + len(self.columns) * col_w)

    def paint(self, canvas: Canvas, x: float, y: float, width: float, height: float) -> None:
        """The title bar spans the table only: a short table does not draw a long bar."""
        super().paint(canvas, x, y, self._table_w(canvas, width), height)

    def _side_change(self, index: int) -> bool:
        sides = self.matrix.sides
        return 0 < index < len(sides) and sides[index] != sides[index - 1]

    # ---- painting ------------------------------------------------------------------
    def paint_head(self, canvas: Canvas, x: float, y: float, width: float) -> None:
        label_w, col_w = self._grid(canvas, width)
        head_h = self.head_height(canvas, width)
        canvas.box(x, y, width, head_h, line=0, fill=LIGHT_FILL)
        canvas.text(
            x + PAD_X,
            y,
            label_w - 2 * PAD_X,
            head_h,
            "from \u2193  to \u2192",
            AXIS_SIZE + 0.5,
            italic=True,
            color=SOFT_INK,
        )
        number_h = canvas.line_height(LABEL_SIZE, bold=True)
        axis_h = canvas.line_height(AXIS_SIZE)
        left = x + label_w
        for column in self.columns:
            canvas.text(
                left, y + 1, col_w, number_h, str(column + 1), LABEL_SIZE, bold=True, align="center"
            )
            lines = _axis_lines(canvas, self.matrix.names[column], col_w - 2)
            for line_index, line in enumerate(lines):
                canvas.text(
                    left + 1,
                    y + 1 + number_h + line_index * axis_h,
                    col_w - 2,
                    axis_h,
                    line,
                    AXIS_SIZE,
                    align="center",
                )
            left += col_w

    def paint_rows(self, canvas: Canvas, x: float, y: float, width: float, rows: range) -> float:
        label_w, col_w = self._grid(canvas, width)
        head_h = self.head_height(canvas, width)
        table_w = label_w + len(self.columns) * col_w
        top = y
        matrix = self.matrix
        for row in rows:
            rule = 0.9 if self._side_change(row) and row != rows.start else 0.35
            canvas.line(x, y, x + table_w, y, width=rule, color=INK if rule > 0.5 else RULE)
            canvas.text(
                x, y, NUMBER_W, RANGE_ROW_H, str(row + 1), LABEL_SIZE, bold=True, align="right"
            )
            canvas.text(
                x + NUMBER_W + PAD_X,
                y,
                label_w - NUMBER_W - 2 * PAD_X,
                RANGE_ROW_H,
                canvas.elide(
                    matrix.names[row], LABEL_SIZE, label_w - NUMBER_W - 2 * PAD_X, middle=True
                ),
                LABEL_SIZE,
            )
            left = x + label_w
            for column in self.columns:
                if row == column:
                    canvas.box(left, y, col_w, RANGE_ROW_H, line=0, fill=FILL)
                elif matrix.sides[row] == matrix.sides[column]:
                    canvas.box(left, y, col_w, RANGE_ROW_H, line=0, fill=LIGHT_FILL)
                canvas.text(
                    left,
                    y,
                    col_w,
                    RANGE_ROW_H,
                    matrix.cells[row][column],
                    CELL_SIZE,
                    align="center",
                )
                left += col_w
            y += RANGE_ROW_H
        left = x + label_w
        canvas.line(left, top - head_h, left, y, width=0.6, color=INK)
        for column in self.columns[1:]:
            left += col_w
            heavy = self._side_change(column)
            canvas.line(
                left,
                top - head_h,
                left,
                y,
                width=0.9 if heavy else 0.3,
                color=INK if heavy else RULE,
            )
        canvas.line(x, top, x + table_w, top, width=0.6, color=INK)
        canvas.box(x, top - head_h, table_w, y - top + head_h, line=0.6)
        return y

    def paint_foot(self, canvas: Canvas, x: float, y: float, width: float) -> None:
        line_h = canvas.line_height(LEGEND_SIZE)
        top = y + 3
        for line in self._legend_lines(canvas, width):
            canvas.text(x, top, width, line_h, line, LEGEND_SIZE, italic=True, color=SOFT_INK)
            top += line_h


class SideBySide:
    """Two blocks next to each other, placed whole: the top of a landscape page.

    Only used when both fit on one page at their widths (the layout checks), so it never
    needs to split; forced onto a page it is placed as it is.
    """

    fills = False
    GAP = 12.0

    def __init__(self, left: Block, right: Block, left_width: float) -> None:
        self.left = left
        self.right = right
        self.left_width = left_width

    def _right_w(self, width: float) -> float:
        return width - self.left_width - self.GAP

    def height(self, canvas: Canvas, width: float) -> float:
        return max(
            self.left.height(canvas, self.left_width),
            self.right.height(canvas, self._right_w(width)),
        )

    def split(
        self, canvas: Canvas, width: float, available: float, *, force: bool
    ) -> tuple[Block | None, Block | None]:
        return (self, None) if force else (None, self)

    def paint(self, canvas: Canvas, x: float, y: float, width: float, height: float) -> None:
        """Each side gets its own height; one that fills (writing lines) gets all of it."""
        right_w = self._right_w(width)
        for block, left, block_w in (
            (self.left, x, self.left_width),
            (self.right, x + self.left_width + self.GAP, right_w),
        ):
            block_h = height if block.fills else block.height(canvas, block_w)
            block.paint(canvas, left, y, block_w, block_h)
