"""The fixed top of a sheet: name and identity, attribute boxes, defence and hit points.

These blocks never split; together they are the part of the sheet a player glances at
during a fight, so they always sit together at the top of the first page.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from PySide6.QtGui import QImage

from m3desk.ui.portrait_codec import decode_portrait_image
from m3desk.ui.printing.canvas import INK, RULE, SOFT_INK, Canvas
from m3desk.ui.printing.content import Cell, HeaderField, PoolLine, Stat
from m3desk.ui.printing.flow_blocks import TITLE_H, Block, gm_tag, gm_tag_width, section_title
from m3desk.ui.printing.formatting import amount

__all__ = ["CombatBlock", "ContinuationHeader", "HeaderBlock", "HeaderContent", "PlainHeader"]

LABEL_SIZE = 8.0
SMALL_SIZE = 7.0
TIMES = "\u00d7"


class _Fixed:
    """Shared behaviour of blocks that are placed whole."""

    fills = False

    def height(self, canvas: Canvas, width: float) -> float:
        raise NotImplementedError

    def paint(self, canvas: Canvas, x: float, y: float, width: float, height: float) -> None:
        raise NotImplementedError

    def split(
        self, canvas: Canvas, width: float, available: float, *, force: bool
    ) -> tuple[Block | None, Block | None]:
        return (self, None) if force else (None, self)


def _value(
    canvas: Canvas, x: float, y: float, h: float, cell: Cell, size: float, *, align_w: float = 0.0
) -> float:
    """Draw a value (plus its GM tag) at x; returns the width used."""
    text_w = canvas.text_width(cell.text, size, bold=True)
    left = x + max(0.0, (align_w - text_w - (gm_tag_width(canvas) + 2 if cell.gm else 0)) / 2)
    canvas.text(left, y, text_w + 1, h, cell.text, size, bold=True)
    used = left - x + text_w
    if cell.gm:
        used += 2 + gm_tag(canvas, left + text_w + 2, y, h)
    return used


@dataclass(frozen=True, slots=True)
class PlainHeader:
    """A header of a name and labelled fields, with a form-described sheet's portrait when
    its first section has one (none on the encounter sheet)."""

    name: str
    kind_label: str
    header_rows: tuple[tuple[HeaderField, ...], ...]
    portrait_png: bytes = b""


class HeaderContent(Protocol):
    """What a header shows: a sheet's, or the encounter sheet's (which has no portrait)."""

    @property
    def name(self) -> str: ...
    @property
    def kind_label(self) -> str: ...
    @property
    def header_rows(self) -> tuple[tuple[HeaderField, ...], ...]: ...
    @property
    def portrait_png(self) -> bytes: ...


class HeaderBlock(_Fixed):
    """Name in large type, then labelled fields on writing lines, portrait on the right."""

    NAME_H = 30.0
    ROW_H = 25.0
    PORTRAIT_W = 66.0
    PORTRAIT_H = 82.0
    PORTRAIT_PX = 342
    """A portrait is decoded and put in the page at most this long a side: its box at
    300 dpi (m3desk stores 256 px; a 1024 px one from elsewhere was embedded whole)."""

    def __init__(self, content: HeaderContent, game: str) -> None:
        """``game`` is named above the sheet's kind, top right."""
        self.content = content
        self.game = game
        raw = content.portrait_png
        image = decode_portrait_image(raw, self.PORTRAIT_PX) if raw else QImage()
        self.portrait = image if not image.isNull() else None

    def _text_w(self, width: float) -> float:
        return width - self.PORTRAIT_W - 10 if self.portrait is not None else width

    def _needs(self, canvas: Canvas, row: tuple[HeaderField, ...]) -> list[float]:
        """The room each field's value and label take whole."""
        return [
            max(canvas.text_width(field.value, 10.5), canvas.text_width(field.label, LABEL_SIZE))
            + 2
            for field in row
        ]

    def _rows(self, canvas: Canvas, text_w: float) -> list[tuple[HeaderField, ...]]:
        """The header's rows as given, but a row whose values cannot all stand whole on one
        line goes on as a further row (a long focus or list of languages gets a line of
        its own rather than being cut)."""
        rows: list[tuple[HeaderField, ...]] = []
        for row in self.content.header_rows:
            pending = row
            while pending:
                take = len(pending)
                while take > 1 and (
                    sum(self._needs(canvas, pending[:take])) + self.GAP * (take - 1) > text_w
                ):
                    take -= 1
                rows.append(pending[:take])
                pending = pending[take:]
        return rows

    def height(self, canvas: Canvas, width: float) -> float:
        rows = self._rows(canvas, self._text_w(width))
        text_h = self.NAME_H + self.ROW_H * len(rows)
        return max(text_h, self.PORTRAIT_H if self.portrait is not None else 0.0)

    def paint(self, canvas: Canvas, x: float, y: float, width: float, height: float) -> None:
        content = self.content
        text_w = self._text_w(width)
        if self.portrait is not None:
            px = x + width - self.PORTRAIT_W
            canvas.image(px, y, self.PORTRAIT_W, self.PORTRAIT_H, self.portrait)
            canvas.box(px, y, self.PORTRAIT_W, self.PORTRAIT_H, line=0.5, color=RULE)
        kicker = f"{self.game} \u00b7 {content.kind_label}"
        name_room = canvas.text_width(content.name, 16.0, bold=True) + 8
        kicker_w = min(
            canvas.text_width(kicker, LABEL_SIZE) + 2, max(text_w * 0.45, text_w - name_room)
        )
        # The name comes first; the kicker takes a second line beside it rather than lose
        # its numbers ("HP 1…" was HP 14/14), and is cut only past two.
        lines = canvas.wrap(kicker, LABEL_SIZE, kicker_w)
        if len(lines) > 2:
            lines = [lines[0], canvas.elide(" ".join(lines[1:]), LABEL_SIZE, kicker_w - 2)]
        for number, line in enumerate(lines):
            canvas.text(
                x + text_w - kicker_w,
                y + number * 11,
                kicker_w,
                11,
                line,
                LABEL_SIZE,
                align="right",
                color=SOFT_INK,
            )
        name_w = text_w - kicker_w - 8
        size = next(
            (
                s
                for s in (20.0, 18.0, 16.0, 14.0, 12.0, 11.0)
                if canvas.text_width(content.name, s, bold=True) <= name_w
            ),
            10.0,
        )
        name = canvas.elide(content.name, size, name_w, bold=True)
        canvas.text(x, y, name_w, self.NAME_H - 4, name, size, bold=True)
        row_y = y + self.NAME_H
        for row in self._rows(canvas, text_w):
            left = x
            for field, field_w in zip(row, self._widths(canvas, row, text_w), strict=True):
                canvas.text(
                    left, row_y, field_w, 14, canvas.elide(field.value, 10.5, field_w), 10.5
                )
                canvas.line(left, row_y + 15, left + field_w, row_y + 15, width=0.5, color=INK)
                canvas.text(
                    left, row_y + 15.5, field_w, 10, field.label, LABEL_SIZE, color=SOFT_INK
                )
                left += field_w + self.GAP
            row_y += self.ROW_H

    GAP = 10.0

    def _widths(self, canvas: Canvas, row: tuple[HeaderField, ...], text_w: float) -> list[float]:
        """Each field's share of the row: first the room its value and label need (measured,
        so "STR (Strength)" is not cut to "STR (Stre…"), then what is left by weight; by
        weight alone only when the row cannot hold every value whole."""
        room = text_w - self.GAP * (len(row) - 1)
        total = sum(field.weight for field in row) or 1.0
        needs = self._needs(canvas, row)
        if sum(needs) > room:
            return [room * field.weight / total for field in row]
        shares = [room * field.weight / total for field in row]
        # a field given less than it needs takes it; the others give up their spare room
        # in proportion, never below their own need
        short = [max(need - share, 0.0) for need, share in zip(needs, shares, strict=True)]
        spare = [max(share - need, 0.0) for need, share in zip(needs, shares, strict=True)]
        wanted, available = sum(short), sum(spare)
        if not wanted or not available:
            return shares
        return [
            max(share, need) - (s * wanted / available)
            for share, need, s in zip(shares, needs, spare, strict=True)
        ]


class CombatBlock(_Fixed):
    """Defence, movement and initiative on the left; hit points and a tally on the right.

    Hit points get empty boxes for pencil: the printed current value is only where the
    fight starts, and rubbing out one number all evening wears through the paper.
    """

    ROW_H = 17.0
    NOTE_H = 11.0
    POOL_H = 39.0
    TALLY_H = 21.0
    PAD = 4.0

    SAVE_H = 13.5
    ROWS_GAP = 2.0
    """Between the stats and the section's further rows under them."""

    def __init__(
        self,
        stats: tuple[Stat, ...],
        pools: tuple[PoolLine, ...],
        tally: int | None = None,
        title: str = "Defence and movement",
        *,
        saves: tuple[tuple[str, Cell], ...] = (),
        left_share: float = 0.42,
        tally_label: str = "",
        rows: tuple[tuple[str, Cell], ...] = (),
        pool_rows: tuple[tuple[str, Cell], ...] = (),
    ) -> None:
        """Any game's combat box: ``stats`` on the left under ``title``, the ``pools`` (hit
        points) with pencil boxes on the right, the game's tally of points in hand below them
        when it keeps one (``tally``, named ``tally_label``), then the saving throws, each a
        label and its number. ``rows`` are further values of the box's own section, small
        under the stats (so its title is printed once); ``pool_rows`` those of the hit
        points' section, under the pools.

        ``left_share`` is the stats' share of the width, given up as far as the stats allow
        when the hit points' names or the saves' labels need more room whole."""
        self.stats = stats
        self.pools = pools
        self.tally = tally
        self.title = title
        self.saves = saves
        self.left_share = left_share
        self.tally_label = tally_label
        self.rows = rows
        self.pool_rows = pool_rows

    def take(self, title: str, rows: tuple[tuple[str, Cell], ...]) -> bool:
        """Rows of a section printed under the same title as a part of this box (its own,
        the hit points', the saving throws') join that part: the title is printed once.
        Returns whether the box took them."""
        part = " ".join(title.split()).casefold()
        if part == " ".join(self.title.split()).casefold():
            self.rows += rows
        elif part == "hit points":
            self.pool_rows += rows
        elif part == "saving throws":
            self.saves += rows
        else:
            return False
        return True

    def _left_rows(
        self, canvas: Canvas, value_w: float
    ) -> list[tuple[Stat, list[list[tuple[str, Cell]]]]]:
        """Each stat with its companion values in lines: the first line beside the main
        value (empty when even the first companion does not fit there), then as many
        lines under it as the rest need."""
        rows = []
        for stat in self.stats:
            lines: list[list[tuple[str, Cell]]] = [[]]
            used = self._main_w(canvas, stat)
            for part in stat.parts:
                part_w = self._part_w(canvas, *part)
                if used + part_w > value_w and (lines[-1] or len(lines) == 1):
                    lines.append([])
                    used = 0.0
                lines[-1].append(part)
                used += part_w
            rows.append((stat, lines))
        return rows

    def _row_h(self, stat: Stat, lines: list[list[tuple[str, Cell]]]) -> float:
        extra = len(lines) - 1
        return (
            self.ROW_H
            + (extra * (self.NOTE_H + 2) - 2 if extra else 0.0)
            + (self.NOTE_H if stat.note else 0.0)
        )

    def _main_w(self, canvas: Canvas, stat: Stat) -> float:
        tag = gm_tag_width(canvas) + 2 if stat.main.gm else 0.0
        return canvas.text_width(stat.main.text, 13, bold=True) + tag + 8

    def _part_w(self, canvas: Canvas, label: str, cell: Cell) -> float:
        tag = gm_tag_width(canvas) + 2 if cell.gm else 0.0
        return (
            canvas.text_width(label, LABEL_SIZE)
            + 3
            + canvas.text_width(cell.text, 10.5, bold=True)
            + tag
            + 10
        )

    def _label_w(self, canvas: Canvas) -> float:
        """As wide as the longest label ("Mental armour"), so values line up in one column."""
        widths = [canvas.text_width(s.label, 9, bold=True) for s in self.stats]
        widths += [canvas.text_width(label, LABEL_SIZE) for label, _cell in self.rows]
        return max(widths, default=0.0) + 12

    def _left_need(self, canvas: Canvas) -> float:
        """The narrowest the stats can be: each value, its widest companion (each can go on
        a line under it) and its note, each row's value, beside the labels."""
        need = 0.0
        for stat in self.stats:
            parts = [self._part_w(canvas, *part) for part in stat.parts]
            note = canvas.text_width(stat.note, LABEL_SIZE, italic=True) + 4 if stat.note else 0
            need = max(need, self._main_w(canvas, stat), *parts, note)
        for _label, cell in self.rows:
            need = max(need, canvas.text_width(cell.text, 10.5, bold=True) + 8)
        return self._label_w(canvas) + need

    def _right_need(self, canvas: Canvas) -> float:
        """The room the hit points need with their long names whole on one line, and the
        saves and rows with their labels whole beside their numbers."""
        need = 0.0
        for pool in self.pools:
            values = sum(
                canvas.text_width(amount(value), 13, bold=True)
                + 2
                + canvas.text_width(label, LABEL_SIZE)
                + 4
                + 12
                for label, value in (("maximum", pool.maximum), ("current", pool.current))
            )
            name = self._pool_name_w(canvas, pool)
            long = canvas.text_width(pool.long_label, LABEL_SIZE) + 4 if pool.long_label else 0
            need = max(need, 5 + name + long + values - 8 + 6)
        for label, cell in (*self.saves, *self.pool_rows):
            tag = gm_tag_width(canvas) + 2 if cell.gm else 0.0
            value_w = canvas.text_width(cell.text, 10, bold=True) + 2
            need = max(need, 12 + canvas.text_width(label, 8.5) + 4 + value_w + tag)
        return need

    def _geometry(self, canvas: Canvas, width: float) -> tuple[float, float, float]:
        gap = 10.0
        left_w = round(width * self.left_share, 1)
        short = self._right_need(canvas) - (width - left_w - gap)
        if short > 0:  # the hit points' names whole, as far as the stats can give room
            left_w = round(max(left_w - short, min(self._left_need(canvas), left_w)), 1)
        return left_w, gap, width - left_w - gap

    def _row_lines(self, canvas: Canvas, cell: Cell, room: float) -> list[str]:
        return canvas.wrap(cell.text, 10.5, room, bold=True) or [""]

    def _left_h(self, canvas: Canvas, left_w: float) -> float:
        height = TITLE_H + self.PAD
        label_w = self._label_w(canvas)
        for stat, lines in self._left_rows(canvas, left_w - label_w):
            height += self._row_h(stat, lines)
        for _label, cell in self.rows:
            wrapped = self._row_lines(canvas, cell, left_w - label_w - 4)
            height += self.SAVE_H + (len(wrapped) - 1) * (self.NOTE_H + 2)
        return height + self.PAD + (self.ROWS_GAP if self.rows else 0.0)

    def _save_lines(
        self, canvas: Canvas, label: str, cell: Cell, w: float
    ) -> tuple[list[str], list[str]]:
        """A save's label on as many lines as it needs beside its number (one, mostly); a
        value too long to stand beside it (words) wrapped under it instead."""
        value_w = canvas.text_width(cell.text, 10, bold=True) + 2
        tag_w = gm_tag_width(canvas) + 2 if cell.gm else 0.0
        if value_w + tag_w <= (w - 12) / 2:
            return canvas.wrap(label, 8.5, w - 12 - value_w - tag_w) or [""], []
        return canvas.wrap(label, 8.5, w - 10) or [""], canvas.wrap(
            cell.text, 8.5, w - 10, bold=True
        )

    def _save_h(self, canvas: Canvas, label: str, cell: Cell, w: float) -> float:
        labels, values = self._save_lines(canvas, label, cell, w)
        return self.SAVE_H + (len(labels) + len(values) - 1) * canvas.line_height(8.5)

    def _right_h(self, canvas: Canvas, right_w: float) -> float:
        tally = self.TALLY_H if self.tally is not None else 0.0
        rows = sum(self._save_h(canvas, *row, right_w) for row in self.pool_rows)
        saves = (
            TITLE_H + sum(self._save_h(canvas, *save, right_w) for save in self.saves) + 2
            if self.saves
            else 0.0
        )
        pools = sum(self._pool_h(canvas, pool, right_w) for pool in self.pools)
        return TITLE_H + self.PAD + pools + tally + rows + saves + self.PAD

    def height(self, canvas: Canvas, width: float) -> float:
        left_w, _gap, right_w = self._geometry(canvas, width)
        return max(self._left_h(canvas, left_w), self._right_h(canvas, right_w))

    def paint(self, canvas: Canvas, x: float, y: float, width: float, height: float) -> None:
        left_w, gap, right_w = self._geometry(canvas, width)
        self._paint_stats(canvas, x, y, left_w, height)
        self._paint_pools(canvas, x + left_w + gap, y, right_w, height)

    def _paint_stats(self, canvas: Canvas, x: float, y: float, w: float, h: float) -> None:
        section_title(canvas, x, y, w, self.title)
        canvas.box(x, y, w, h, line=0.6)
        label_w = self._label_w(canvas)
        row_y = y + TITLE_H + self.PAD
        for stat, lines in self._left_rows(canvas, w - label_w):
            canvas.text(x + 5, row_y, label_w - 5, self.ROW_H, stat.label, 9, bold=True)
            left = x + label_w
            left += _value(canvas, left, row_y, self.ROW_H, stat.main, 13) + 8
            for number, line in enumerate(lines):
                part_x = left if number == 0 else x + label_w
                part_y = row_y + (
                    0.0 if number == 0 else self.ROW_H - 2 + (number - 1) * (self.NOTE_H + 2)
                )
                part_h = self.ROW_H if number == 0 else self.NOTE_H + 2
                for label, cell in line:
                    label_w2 = canvas.text_width(label, LABEL_SIZE) + 3
                    canvas.text(part_x, part_y, label_w2, part_h, label, LABEL_SIZE, color=SOFT_INK)
                    part_x += label_w2
                    room = x + w - 4 - part_x - (gm_tag_width(canvas) + 2 if cell.gm else 0)
                    shown = Cell(canvas.elide(cell.text, 10.5, room, bold=True), cell.gm)
                    part_x += _value(canvas, part_x, part_y, part_h, shown, 10.5) + 10
            row_y += self._row_h(stat, lines)
            if stat.note:
                canvas.text(
                    x + label_w,
                    row_y - self.NOTE_H - 3,
                    w - label_w - 4,
                    self.NOTE_H,
                    stat.note,
                    LABEL_SIZE,
                    italic=True,
                    color=SOFT_INK,
                )
        self._paint_rows(canvas, x, row_y + self.ROWS_GAP, w, label_w)

    def _paint_rows(self, canvas: Canvas, x: float, y: float, w: float, label_w: float) -> None:
        """The section's further values under the stats: a small label, the value in the
        values' column (wrapped, never cut)."""
        for label, cell in self.rows:
            lines = self._row_lines(canvas, cell, w - label_w - 4)
            canvas.line(x + 5, y, x + w - 5, y, width=0.3, color=RULE)
            canvas.text(x + 5, y, label_w - 5, self.SAVE_H, label, LABEL_SIZE, color=SOFT_INK)
            for number, line in enumerate(lines):
                line_y = y + number * (self.NOTE_H + 2)
                shown = Cell(line, cell.gm and number == 0)
                _value(canvas, x + label_w, line_y, self.SAVE_H, shown, 10.5)
            y += self.SAVE_H + (len(lines) - 1) * (self.NOTE_H + 2)

    def _paint_pools(self, canvas: Canvas, x: float, y: float, w: float, h: float) -> None:
        section_title(canvas, x, y, w, "Hit points", "pencil each change in a box")
        canvas.box(x, y, w, h, line=0.6)
        row_y = y + TITLE_H + self.PAD
        for pool in self.pools:
            self._paint_pool(canvas, x, row_y, w, pool)
            row_y += self._pool_h(canvas, pool, w)
        if self.tally is not None:
            self._paint_tally(canvas, x, row_y, w, self.tally)
            row_y += self.TALLY_H
        row_y = self._paint_save_rows(canvas, x, row_y, w, self.pool_rows)
        if self.saves:
            section_title(canvas, x, row_y, w, "Saving throws")
            self._paint_save_rows(canvas, x, row_y + TITLE_H + 1, w, self.saves)

    def _paint_save_rows(
        self, canvas: Canvas, x: float, y: float, w: float, rows: tuple[tuple[str, Cell], ...]
    ) -> float:
        """Labels and their numbers ("Saving throws" under the hit points: the numbers to
        roll against), a long label wrapped beside its number; returns where they end."""
        line_h = canvas.line_height(8.5)
        for label, cell in rows:
            value_w = canvas.text_width(cell.text, 10, bold=True) + 2
            tag_w = gm_tag_width(canvas) + 2 if cell.gm else 0.0
            label_w = w - 12 - value_w - tag_w
            lines, under = self._save_lines(canvas, label, cell, w)
            row_h = self._save_h(canvas, label, cell, w)
            for number, line in enumerate(lines):
                top = y + number * line_h
                canvas.text(x + 5, top, w - 10 if under else label_w, self.SAVE_H, line, 8.5)
            for number, line in enumerate(under, start=len(lines)):
                canvas.text(x + 5, y + number * line_h, w - 10, self.SAVE_H, line, 8.5, bold=True)
            if not under:
                _value(canvas, x + w - 5 - value_w - tag_w, y, self.SAVE_H, cell, 10)
            canvas.line(x + 5, y + row_h, x + w - 5, y + row_h, width=0.3, color=RULE)
            y += row_h
        return y

    @staticmethod
    def _pool_name_w(canvas: Canvas, pool: PoolLine) -> float:
        return max(canvas.text_width(pool.label, 12, bold=True) + 6, 37.0)

    def _pool_h(self, canvas: Canvas, pool: PoolLine, w: float) -> float:
        return self.POOL_H

    def _paint_pool(self, canvas: Canvas, x: float, y: float, w: float, pool: PoolLine) -> None:
        line_h = 16.0
        name_w = self._pool_name_w(canvas, pool)
        canvas.text(x + 5, y, name_w, line_h, pool.label, 12, bold=True)
        right = x + w - 6
        for label, value in (("maximum", pool.maximum), ("current", pool.current)):
            text = amount(value)
            value_w = canvas.text_width(text, 13, bold=True) + 2
            canvas.text(right - value_w, y, value_w, line_h, text, 13, bold=True, align="right")
            label_w = canvas.text_width(label, LABEL_SIZE) + 4
            canvas.text(
                right - value_w - label_w, y, label_w, line_h, label, LABEL_SIZE, color=SOFT_INK
            )
            right -= value_w + label_w + 12
        room = right + 8 - (x + 5 + name_w)  # up to "current"
        if pool.long_label and room > 20:
            self._paint_long_label(canvas, x + 5 + name_w, y, room, line_h, pool.long_label)
        cell_w, cell_h = 21.0, 16.0
        count = int((w - 10) // cell_w)
        left = x + (w - count * cell_w) / 2
        for index in range(count):
            canvas.box(left + index * cell_w, y + line_h + 2, cell_w, cell_h, line=0.4, color=RULE)

    @staticmethod
    def _paint_long_label(
        canvas: Canvas, x: float, y: float, room: float, line_h: float, text: str
    ) -> None:
        """What a pool's short name stands for ("Physical hit points"): on its line when it
        fits, else on two smaller lines in the same height; cut only past two."""
        if canvas.text_width(text, LABEL_SIZE) <= room:
            canvas.text(x, y, room, line_h, text, LABEL_SIZE, color=SOFT_INK)
            return
        lines = canvas.wrap(text, SMALL_SIZE, room)
        if len(lines) > 2:
            lines = [lines[0], canvas.elide(" ".join(lines[1:]), SMALL_SIZE, room)]
        small_h = line_h / 2
        for number, line in enumerate(lines):
            top = y + number * small_h + (small_h / 2 if len(lines) == 1 else 0.0)
            canvas.text(x, top, room, small_h, line, SMALL_SIZE, color=SOFT_INK)

    def _paint_tally(self, canvas: Canvas, x: float, y: float, w: float, points: int) -> None:
        canvas.line(x, y + 1, x + w, y + 1, width=0.35)
        number_x = max(70.0, canvas.text_width(self.tally_label, 9, bold=True) + 10)
        canvas.text(x + 5, y + 2, number_x - 5, self.TALLY_H - 2, self.tally_label, 9, bold=True)
        canvas.text(x + number_x, y + 2, 24, self.TALLY_H - 2, str(points), 13, bold=True)
        size = 12.0
        shown = max(5, min(points, 15))
        left = x + number_x + 26
        top = y + 2 + (self.TALLY_H - 2 - size) / 2
        for index in range(shown):
            canvas.box(left + index * (size + 4), top, size, size, line=0.6)
            if index < points:
                canvas.tick(left + index * (size + 4), top, size)
        room = w - (left - x) - shown * (size + 4) - 6
        hint = "ticked = a point in hand"
        if canvas.text_width(hint, LABEL_SIZE, italic=True) <= room:  # help: left off if tight
            canvas.text(
                left + shown * (size + 4) + 2,
                y + 2,
                room,
                self.TALLY_H - 2,
                hint,
                LABEL_SIZE,
                italic=True,
                color=SOFT_INK,
            )


class ContinuationHeader(_Fixed):
    """The sheet's name at the top of every further page, so loose pages find their owner."""

    def __init__(self, name: str) -> None:
        self.name = name

    def height(self, canvas: Canvas, width: float) -> float:
        return 22.0

    def paint(self, canvas: Canvas, x: float, y: float, width: float, height: float) -> None:
        name = canvas.elide(self.name, 13, width - 70, bold=True)
        name_w = canvas.text_width(name, 13, bold=True)
        canvas.text(x, y, min(name_w + 2, width), 18, name, 13, bold=True)
        canvas.text(
            x + name_w + 8,
            y,
            max(width - name_w - 8, 0),
            18,
            "continued",
            9,
            italic=True,
            color=SOFT_INK,
        )
        canvas.line(x, y + 19, x + width, y + 19, width=0.6, color=INK)
