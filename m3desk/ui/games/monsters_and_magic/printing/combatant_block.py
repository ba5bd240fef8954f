"""The combatant table of the GM's encounter sheet: one row per combatant, key numbers only.

What the GM looks up on someone's turn: defence (and defence *now*, with effects), hit
points with boxes to pencil each change, hero points, initiative modifier, the attacks
with their damage die and the most one hit can do, and what is in force on them.

On a wide (landscape) page attacks and effects are columns of the row; on a narrow page
they move under the numbers, across the row's full width, so the numbers keep their
columns on both orientations.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtGui import QColor

from m3desk.ui.games.monsters_and_magic.printing.encounter_content import AttackLine, CombatantRow
from m3desk.ui.printing.canvas import INK, LIGHT_FILL, RULE, SOFT_INK, Canvas
from m3desk.ui.printing.content import Cell
from m3desk.ui.printing.flow_blocks import HEAD_H, HEAD_SIZE, PAD_X, gm_tag, gm_tag_width
from m3desk.ui.printing.formatting import amount
from m3desk.ui.printing.row_blocks import RowsBlock

__all__ = ["CombatantsBlock"]

NAME_SIZE = 9.0
VALUE_SIZE = 9.5
TEXT_SIZE = 8.0
SMALL_SIZE = 7.0
PAD_Y = 3.0
BOX_W, BOX_H = 12.0, 10.5
POOL_BOXES = 4
WIDE = 640.0
"""From this width (a landscape page) attacks and effects get their own columns."""
NUMBERS = ("num", "level", "size", "ac", "ac_now", "init", "hero", "php", "mhp")
TITLES = {
    "num": "#",
    "name": "Combatant",
    "level": "Lvl",
    "size": "Size",
    "ac": "AC",
    "ac_now": "AC now",
    "init": "Init",
    "hero": "Hero",
    "php": "PHP now/max",
    "mhp": "MHP now/max",
    "attacks": "Attacks",
    "effects": "In force",
}
ATTACK_TITLES = ("bonus", "damage", "max")
NAME_LINES, ATTACK_LINES, EFFECT_LINES = 3, 3, 10
"""Most lines a cell may take: one combatant's row never grows taller than a page."""


def _lines(
    canvas: Canvas, text: str, size: float, width: float, limit: int, *, bold: bool = False
) -> list[str]:
    """Wrapped to at most ``limit`` lines, the last cut in the middle so the end survives."""
    lines = canvas.wrap(text, size, width, bold=bold)
    if len(lines) > limit:
        rest = " ".join(lines[limit - 1 :])
        lines = [*lines[: limit - 1], canvas.elide(rest, size, width - 1, bold=bold, middle=True)]
    return lines


@dataclass(slots=True)
class _Row:
    name: list[str]
    attacks: list[tuple[list[str], AttackLine]]
    effects: list[tuple[str, bool]]
    """Wrapped lines, each with whether it is part of the GM's note (set in italics)."""
    height: float


@dataclass(slots=True)
class _Layout:
    width: float
    wide: bool
    x: dict[str, float]
    w: dict[str, float]
    sub: tuple[float, float, float]
    """Widths of the bonus, damage and max columns inside the attacks column."""
    rows: list[_Row] = field(default_factory=list)


class CombatantsBlock(RowsBlock):
    """Every combatant's numbers in one row, in combatant-number order."""

    title = "Combatants"
    hint = (
        "AC (rolled defence) \u00b7 AC now: with the effects in force \u00b7 "
        "pencil each hit point change in a box"
    )

    def __init__(
        self,
        rows: tuple[CombatantRow, ...],
        *,
        start: int = 0,
        end: int | None = None,
        continued: bool = False,
        layout: _Layout | None = None,
    ) -> None:
        super().__init__(start=start, end=end, continued=continued)
        self.combatants = rows
        self._layout = layout

    def row_count(self) -> int:
        return len(self.combatants)

    def piece(self, start: int, end: int, *, continued: bool) -> CombatantsBlock:
        return CombatantsBlock(
            self.combatants, start=start, end=end, continued=continued, layout=self._layout
        )

    def head_height(self, canvas: Canvas, width: float) -> float:
        """One line of headings; two on a narrow page, the second over attacks and effects."""
        return HEAD_H if width >= WIDE else 2 * HEAD_H

    def row_heights(self, canvas: Canvas, width: float) -> list[float]:
        return [row.height for row in self._measure(canvas, width).rows]

    # ---- measuring -----------------------------------------------------------------
    def _natural(self, canvas: Canvas, key: str) -> float:
        """A number column as wide as its title or its widest value, whichever is wider."""
        tag = gm_tag_width(canvas) + 2
        widest = canvas.text_width(TITLES[key], HEAD_SIZE, bold=True)
        for row in self.combatants:
            cells = {
                "num": Cell(str(row.number)),
                "level": Cell(row.level),
                "size": Cell(row.size),
                "ac": row.ac,
                "ac_now": row.ac_now,
                "init": row.initiative,
                "hero": Cell(row.hero_points),
            }
            if key in ("php", "mhp"):
                widest = max(widest, POOL_BOXES * BOX_W, self._pool_text_w(canvas, row, key))
                continue
            cell = cells[key]
            widest = max(
                widest,
                canvas.text_width(cell.text, VALUE_SIZE, bold=True) + (tag if cell.gm else 0),
            )
            if key == "init" and row.casting is not None:
                widest = max(
                    widest,
                    canvas.text_width(f"cast {row.casting.text}", SMALL_SIZE)
                    + (tag if row.casting.gm else 0),
                )
        return widest + 2 * PAD_X + 1

    def _pool_text_w(self, canvas: Canvas, row: CombatantRow, key: str) -> float:
        pool = row.php if key == "php" else row.mhp
        return canvas.text_width(amount(pool.current), VALUE_SIZE, bold=True) + canvas.text_width(
            f" / {amount(pool.maximum)}", TEXT_SIZE
        )

    def _sub_widths(self, canvas: Canvas) -> tuple[float, float, float]:
        tag = gm_tag_width(canvas) + 2
        attacks = [a for row in self.combatants for a in row.attacks]
        bonus = max(
            [canvas.text_width(a.bonus, TEXT_SIZE) for a in attacks]
            + [canvas.text_width(ATTACK_TITLES[0], SMALL_SIZE)]
        )
        damage = max(
            [canvas.text_width(a.damage, TEXT_SIZE) for a in attacks]
            + [canvas.text_width(ATTACK_TITLES[1], SMALL_SIZE)]
        )
        most = max(
            [
                canvas.text_width(a.maximum.text, TEXT_SIZE, bold=True)
                + (tag if a.maximum.gm else 0)
                for a in attacks
            ]
            + [canvas.text_width(ATTACK_TITLES[2], SMALL_SIZE)]
        )
        return bonus + 5, damage + 5, most + 3

    def _measure(self, canvas: Canvas, width: float) -> _Layout:
        if self._layout is not None and self._layout.width == width:
            return self._layout
        wide = width >= WIDE
        w = {key: self._natural(canvas, key) for key in NUMBERS}
        fixed = sum(w.values())
        flex = max(width - fixed, 60.0)
        if wide:
            w["name"], w["attacks"], w["effects"] = flex * 0.27, flex * 0.42, flex * 0.31
        else:
            w["name"] = flex
        order = ["num", "name", *NUMBERS[1:], *(("attacks", "effects") if wide else ())]
        x: dict[str, float] = {}
        left = 0.0
        for key in order:
            x[key] = left
            left += w[key]
        if not wide:  # attacks and effects share the band under the numbers
            band = width - w["num"]
            x["attacks"], w["attacks"] = w["num"], band * 0.55
            x["effects"], w["effects"] = w["num"] + band * 0.55, band * 0.45
        layout = _Layout(width, wide, x, w, self._sub_widths(canvas))
        layout.rows = [self._measure_row(canvas, row, layout) for row in self.combatants]
        self._layout = layout
        return layout

    def _measure_row(self, canvas: Canvas, row: CombatantRow, layout: _Layout) -> _Row:
        name = _lines(
            canvas, row.name, NAME_SIZE, layout.w["name"] - 2 * PAD_X, NAME_LINES, bold=True
        )
        name_room = layout.w["attacks"] - 2 * PAD_X - sum(layout.sub)
        attacks = [
            (_lines(canvas, a.name, TEXT_SIZE, name_room, ATTACK_LINES), a) for a in row.attacks
        ]
        room = layout.w["effects"] - 2 * PAD_X
        effects = [
            (line, False) for text in row.in_force for line in canvas.wrap(text, TEXT_SIZE, room)
        ]
        if row.notes:
            effects += [
                (line, True)
                for line in canvas.wrap(f"Note: {row.notes}", TEXT_SIZE, room, italic=True)
            ]
        if len(effects) > EFFECT_LINES:
            effects = [
                *effects[: EFFECT_LINES - 1],
                (canvas.elide("\u2026 and more on the sheet", TEXT_SIZE, room - 1), True),
            ]
        text_h = canvas.line_height(TEXT_SIZE)
        attack_lines = sum(len(lines) for lines, _ in attacks) + (1 if row.more_attacks else 0)
        name_h = len(name) * canvas.line_height(NAME_SIZE) + canvas.line_height(SMALL_SIZE)
        numbers_h = max(name_h, canvas.line_height(VALUE_SIZE) + 2 + BOX_H)
        details_h = max(attack_lines, len(effects)) * text_h
        if layout.wide:
            height = max(numbers_h, details_h)
        else:
            height = numbers_h + (details_h + 3 if details_h else 0)
        return _Row(name, attacks, effects, height + 2 * PAD_Y)

    # ---- painting ------------------------------------------------------------------
    def paint_head(self, canvas: Canvas, x: float, y: float, width: float) -> None:
        layout = self._measure(canvas, width)
        canvas.box(x, y, width, self.head_height(canvas, width), line=0, fill=LIGHT_FILL)
        for key in ("num", "name", *NUMBERS[1:]):
            canvas.text(
                x + layout.x[key] + PAD_X,
                y,
                layout.w[key] - 2 * PAD_X,
                HEAD_H,
                TITLES[key],
                HEAD_SIZE,
                bold=True,
                align="left" if key == "name" else "center",
            )
        band_y = y if layout.wide else y + HEAD_H
        if not layout.wide:
            canvas.line(x + layout.x["attacks"], band_y, x + width, band_y, width=0.3)
            canvas.line(
                x + layout.x["effects"],
                band_y,
                x + layout.x["effects"],
                band_y + HEAD_H,
                width=0.3,
                color=RULE,
                dotted=True,
            )
        for key in ("attacks", "effects"):
            canvas.text(
                x + layout.x[key] + PAD_X,
                band_y,
                layout.w[key] - 2 * PAD_X,
                HEAD_H,
                TITLES[key],
                HEAD_SIZE,
                bold=True,
            )
        self._attack_titles(canvas, x + layout.x["attacks"], band_y, layout)

    def _attack_titles(self, canvas: Canvas, x: float, y: float, layout: _Layout) -> None:
        right = x + layout.w["attacks"] - PAD_X
        for title, sub_w in zip(reversed(ATTACK_TITLES), reversed(layout.sub), strict=True):
            canvas.text(
                right - sub_w, y, sub_w, HEAD_H, title, SMALL_SIZE, align="right", color=SOFT_INK
            )
            right -= sub_w

    def paint_rows(self, canvas: Canvas, x: float, y: float, width: float, rows: range) -> float:
        layout = self._measure(canvas, width)
        top = y
        for index in rows:
            row, measured = self.combatants[index], layout.rows[index]
            canvas.line(x, y, x + width, y, width=0.6 if index != rows.start else 0.8, color=INK)
            self._paint_numbers(canvas, x, y + PAD_Y, layout, row, measured)
            details_y = y + PAD_Y
            if not layout.wide:
                details_y += self._numbers_h(canvas, measured) + 3
                for key in NUMBERS[1:]:
                    canvas.line(x + layout.x[key], y, x + layout.x[key], details_y - 2, width=0.3)
                if measured.attacks or measured.effects:
                    canvas.line(
                        x + layout.x["attacks"],
                        details_y - 2,
                        x + width,
                        details_y - 2,
                        width=0.3,
                        color=RULE,
                        dotted=True,
                    )
                    canvas.line(
                        x + layout.x["effects"],
                        details_y - 2,
                        x + layout.x["effects"],
                        y + measured.height,
                        width=0.3,
                        color=RULE,
                        dotted=True,
                    )
            self._paint_attacks(canvas, x + layout.x["attacks"], details_y, layout, row, measured)
            self._paint_effects(canvas, x + layout.x["effects"], details_y, layout, measured)
            y += measured.height
        head_h = self.head_height(canvas, width)
        self._paint_column_rules(canvas, x, top, y, head_h, layout)
        canvas.box(x, top - head_h, width, y - top + head_h, line=0.6)
        return y

    def _numbers_h(self, canvas: Canvas, measured: _Row) -> float:
        name_h = len(measured.name) * canvas.line_height(NAME_SIZE) + canvas.line_height(SMALL_SIZE)
        return max(name_h, canvas.line_height(VALUE_SIZE) + 2 + BOX_H)

    def _paint_column_rules(
        self, canvas: Canvas, x: float, top: float, bottom: float, head_h: float, layout: _Layout
    ) -> None:
        """Full-height rules on a wide page; on a narrow one they stop above the band."""
        if layout.wide:
            for key in ("name", *NUMBERS[1:], "attacks", "effects"):
                canvas.line(x + layout.x[key], top - head_h, x + layout.x[key], bottom, width=0.3)
            return
        for key in ("name", *NUMBERS[1:]):
            canvas.line(x + layout.x[key], top - head_h, x + layout.x[key], top - HEAD_H, width=0.3)
        canvas.line(x + layout.x["name"], top - head_h, x + layout.x["name"], bottom, width=0.3)

    def _value(
        self,
        canvas: Canvas,
        x: float,
        y: float,
        w: float,
        cell: Cell,
        *,
        bold: bool = True,
        color: QColor = INK,
        size: float = VALUE_SIZE,
    ) -> None:
        """A value centred in its column, GM-tagged after it when overridden."""
        h = canvas.line_height(VALUE_SIZE)
        tag = gm_tag_width(canvas) + 2 if cell.gm else 0.0
        text_w = canvas.text_width(cell.text, size, bold=bold)
        left = x + max((w - text_w - tag) / 2, PAD_X)
        canvas.text(left, y, text_w + 1, h, cell.text, size, bold=bold, color=color)
        if cell.gm:
            gm_tag(canvas, left + text_w + 2, y, h)

    def _paint_numbers(
        self, canvas: Canvas, x: float, y: float, layout: _Layout, row: CombatantRow, measured: _Row
    ) -> None:
        w, at = layout.w, layout.x
        name_h = canvas.line_height(NAME_SIZE)
        canvas.text(
            x + at["num"],
            y,
            w["num"],
            name_h,
            str(row.number),
            NAME_SIZE,
            bold=True,
            align="center",
        )
        line_y = y
        for line in measured.name:
            canvas.text(
                x + at["name"] + PAD_X,
                line_y,
                w["name"] - 2 * PAD_X,
                name_h,
                line,
                NAME_SIZE,
                bold=True,
            )
            line_y += name_h
        side = " \u00b7 ".join((row.side, *row.flags))
        canvas.text(
            x + at["name"] + PAD_X,
            line_y,
            w["name"] - 2 * PAD_X,
            canvas.line_height(SMALL_SIZE),
            canvas.elide(side, SMALL_SIZE, w["name"] - 2 * PAD_X),
            SMALL_SIZE,
            italic=True,
            color=SOFT_INK,
        )
        for key, cell in (
            ("level", Cell(row.level)),
            ("size", Cell(row.size)),
            ("ac", row.ac),
            ("init", row.initiative),
            ("hero", Cell(row.hero_points)),
        ):
            self._value(canvas, x + at[key], y, w[key], cell)
        self._value(
            canvas,
            x + at["ac_now"],
            y,
            w["ac_now"],
            row.ac_now,
            bold=row.ac_changed,
            color=INK if row.ac_changed else SOFT_INK,
        )
        if row.casting is not None:
            self._value(
                canvas,
                x + at["init"],
                y + canvas.line_height(VALUE_SIZE),
                w["init"],
                Cell(f"cast {row.casting.text}", row.casting.gm),
                bold=False,
                color=SOFT_INK,
                size=SMALL_SIZE,
            )
        for key, pool in (("php", row.php), ("mhp", row.mhp)):
            self._paint_pool(canvas, x + at[key], y, w[key], pool.current, pool.maximum)

    def _paint_pool(
        self, canvas: Canvas, x: float, y: float, w: float, current: int, maximum: int
    ) -> None:
        """``31 / 49`` over a row of boxes: the printed value is where the fight stood."""
        h = canvas.line_height(VALUE_SIZE)
        now, top = amount(current), f" / {amount(maximum)}"
        now_w = canvas.text_width(now, VALUE_SIZE, bold=True)
        total = now_w + canvas.text_width(top, TEXT_SIZE)
        left = x + max((w - total) / 2, PAD_X)
        canvas.text(left, y, now_w + 1, h, now, VALUE_SIZE, bold=True)
        canvas.text(left + now_w, y, total - now_w + 1, h, top, TEXT_SIZE, color=SOFT_INK)
        count = max(int((w - 2 * PAD_X) // BOX_W), 1)
        box_left = x + (w - count * BOX_W) / 2
        for index in range(count):
            canvas.box(box_left + index * BOX_W, y + h + 2, BOX_W, BOX_H, line=0.4, color=RULE)

    def _paint_attacks(
        self, canvas: Canvas, x: float, y: float, layout: _Layout, row: CombatantRow, measured: _Row
    ) -> None:
        text_h = canvas.line_height(TEXT_SIZE)
        w = layout.w["attacks"]
        bonus_w, damage_w, most_w = layout.sub
        right = x + w - PAD_X
        for lines, attack in measured.attacks:
            for index, line in enumerate(lines):
                canvas.text(
                    x + PAD_X,
                    y + index * text_h,
                    w - 2 * PAD_X - sum(layout.sub),
                    text_h,
                    line,
                    TEXT_SIZE,
                )
            canvas.text(
                right - most_w - damage_w - bonus_w,
                y,
                bonus_w - 4,
                text_h,
                attack.bonus,
                TEXT_SIZE,
                align="right",
            )
            canvas.text(
                right - most_w - damage_w,
                y,
                damage_w - 4,
                text_h,
                attack.damage,
                TEXT_SIZE,
                align="right",
            )
            most = attack.maximum
            tag = gm_tag_width(canvas) + 2 if most.gm else 0.0
            canvas.text(
                right - most_w,
                y,
                most_w - tag,
                text_h,
                most.text,
                TEXT_SIZE,
                bold=True,
                align="right",
            )
            if most.gm:
                gm_tag(canvas, right - tag + 2, y, text_h)
            y += len(lines) * text_h
        if row.more_attacks:
            canvas.text(
                x + PAD_X,
                y,
                w - 2 * PAD_X,
                text_h,
                f"+{row.more_attacks} more on the sheet",
                TEXT_SIZE,
                italic=True,
                color=SOFT_INK,
            )

    def _paint_effects(
        self, canvas: Canvas, x: float, y: float, layout: _Layout, measured: _Row
    ) -> None:
        text_h = canvas.line_height(TEXT_SIZE)
        w = layout.w["effects"]
        for line, italic in measured.effects:
            canvas.text(
                x + PAD_X,
                y,
                w - 2 * PAD_X,
                text_h,
                line,
                TEXT_SIZE,
                italic=italic,
                color=SOFT_INK if italic else INK,
            )
            y += text_h
