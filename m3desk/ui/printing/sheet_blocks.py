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

    def __init__(self, content: HeaderContent, game: str) -> None:
        """``game`` is named above the sheet's kind, top right."""
        self.content = content
        self.game = game
        image = decode_portrait_image(content.portrait_png) if content.portrait_png else QImage()
        self.portrait = image if not image.isNull() else None

    def height(self, canvas: Canvas, width: float) -> float:
        text_h = self.NAME_H + self.ROW_H * len(self.content.header_rows)
        return max(text_h, self.PORTRAIT_H if self.portrait is not None else 0.0)

    def paint(self, canvas: Canvas, x: float, y: float, width: float, height: float) -> None:
        content = self.content
        text_w = width
        if self.portrait is not None:
            text_w = width - self.PORTRAIT_W - 10
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
        gap = 10.0
        for row in content.header_rows:
            total = sum(f.weight for f in row)
            room = text_w - gap * (len(row) - 1)
            left = x
            for field in row:
                field_w = room * field.weight / total
                canvas.text(
                    left, row_y, field_w, 14, canvas.elide(field.value, 10.5, field_w), 10.5
                )
                canvas.line(left, row_y + 15, left + field_w, row_y + 15, width=0.5, color=INK)
                canvas.text(
                    left, row_y + 15.5, field_w, 10, field.label, LABEL_SIZE, color=SOFT_INK
                )
                left += field_w + gap
            row_y += self.ROW_H


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
    ) -> None:
        """Any game's combat box: ``stats`` on the left under ``title``, the ``pools`` (hit
        points) with pencil boxes on the right, the game's tally of points in hand below them
        when it keeps one (``tally``, named ``tally_label``), then the saving throws, each a
        label and its number."""
        self.stats = stats
        self.pools = pools
        self.tally = tally
        self.title = title
        self.saves = saves
        self.left_share = left_share
        self.tally_label = tally_label

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
        return max((canvas.text_width(s.label, 9, bold=True) for s in self.stats), default=0.0) + 12

    def _geometry(self, width: float) -> tuple[float, float, float]:
        left_w = round(width * self.left_share, 1)
        gap = 10.0
        return left_w, gap, width - left_w - gap

    def _left_h(self, canvas: Canvas, left_w: float) -> float:
        height = TITLE_H + self.PAD
        for stat, lines in self._left_rows(canvas, left_w - self._label_w(canvas)):
            height += self._row_h(stat, lines)
        return height + self.PAD

    def _right_h(self) -> float:
        tally = self.TALLY_H if self.tally is not None else 0.0
        saves = TITLE_H + self.SAVE_H * len(self.saves) + 2 if self.saves else 0.0
        return TITLE_H + self.PAD + self.POOL_H * len(self.pools) + tally + saves + self.PAD

    def height(self, canvas: Canvas, width: float) -> float:
        left_w, _gap, _right_w = self._geometry(width)
        return max(self._left_h(canvas, left_w), self._right_h())

    def paint(self, canvas: Canvas, x: float, y: float, width: float, height: float) -> None:
        left_w, gap, right_w = self._geometry(width)
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

    def _paint_pools(self, canvas: Canvas, x: float, y: float, w: float, h: float) -> None:
        section_title(canvas, x, y, w, "Hit points", "pencil each change in a box")
        canvas.box(x, y, w, h, line=0.6)
        row_y = y + TITLE_H + self.PAD
        for pool in self.pools:
            self._paint_pool(canvas, x, row_y, w, pool)
            row_y += self.POOL_H
        if self.tally is not None:
            self._paint_tally(canvas, x, row_y, w, self.tally)
            row_y += self.TALLY_H
        if self.saves:
            self._paint_saves(canvas, x, row_y, w)

    def _paint_saves(self, canvas: Canvas, x: float, y: float, w: float) -> None:
        """ "Saving throws" under the hit points: the numbers to roll against."""
        section_title(canvas, x, y, w, "Saving throws")
        row_y = y + TITLE_H + 1
        for label, cell in self.saves:
            value_w = canvas.text_width(cell.text, 10, bold=True) + 2
            tag_w = gm_tag_width(canvas) + 2 if cell.gm else 0.0
            label_w = w - 12 - value_w - tag_w
            canvas.text(x + 5, row_y, label_w, self.SAVE_H, canvas.elide(label, 8.5, label_w), 8.5)
            _value(canvas, x + w - 5 - value_w - tag_w, row_y, self.SAVE_H, cell, 10)
            canvas.line(
                x + 5, row_y + self.SAVE_H, x + w - 5, row_y + self.SAVE_H, width=0.3, color=RULE
            )
            row_y += self.SAVE_H

    def _paint_pool(self, canvas: Canvas, x: float, y: float, w: float, pool: PoolLine) -> None:
        line_h = 16.0
        name_w = max(canvas.text_width(pool.label, 12, bold=True) + 6, 37.0)
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
        room = min(110.0, right + 8 - (x + 5 + name_w))  # up to "current"
        if pool.long_label and room > 20:
            canvas.text(
                x + 5 + name_w,
                y,
                room,
                line_h,
                canvas.elide(pool.long_label, LABEL_SIZE, room),
                LABEL_SIZE,
                color=SOFT_INK,
            )
        cell_w, cell_h = 21.0, 16.0
        count = int((w - 10) // cell_w)
        left = x + (w - count * cell_w) / 2
        for index in range(count):
            canvas.box(left + index * cell_w, y + line_h + 2, cell_w, cell_h, line=0.4, color=RULE)

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
