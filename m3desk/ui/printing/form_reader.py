"""How one sheet reads through its game's form for paper (:class:`SheetReader`): a value
with its companions and what limits it, the combat box, ability boxes, a section's box of
fields, its words, its row table. :mod:`~m3desk.ui.printing.form_print` lays the blocks out
into pages; every number comes from the game (its ``derive``), nothing is computed here."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from pydantic import BaseModel

from m3desk.core.derived import Derived
from m3desk.core.numbers import MINUS
from m3desk.core.sheet_form import (
    AbilityTable,
    FieldSpec,
    SectionSpec,
    SheetForm,
    display_value,
    get_path,
    ruled_value,
)
from m3desk.core.sheet_print import CombatBox, PrintedColumn, PrintedStat
from m3desk.ui.printing.content import Cell, Column, PoolLine, Stat, Table
from m3desk.ui.printing.flow_blocks import TableBlock
from m3desk.ui.printing.form_blocks import Box, Pool, Row, Score, ScoreBoxes
from m3desk.ui.printing.sheet_blocks import CombatBlock
from m3desk.ui.sheet.derived_format import is_bonus

__all__ = ["NAME_POINTS", "TICK", "SheetReader", "amount", "is_scores", "pool_pairs"]

TICK = "\u2713"
NAME_POINTS = 4.6
"""About one character's width in a table cell: a name column keeps room for its sample."""


def amount(value: int) -> str:
    """A whole number with a real minus sign (a hyphen vanishes on a poor photocopy)."""
    return str(value).replace("-", MINUS)


def _is_bonus(form: SheetForm, key: str) -> bool:
    return is_bonus(key, form.bonus_keys)


def _derived_cell(form: SheetForm, value: Derived) -> Cell:
    """As the sheet editor shows it: bonuses signed (+1, −2), amounts plain (AC 5)."""
    text = value.signed() if _is_bonus(form, value.key) else amount(value.value)
    return Cell(text, gm=value.overridden, bold=True)


def _field_cell(spec: FieldSpec, value: Any) -> Cell:
    """As the editor shows it: a number with the words it writes before it ("+3")."""
    if spec.kind == "int" and isinstance(value, int) and not isinstance(value, bool):
        return Cell(spec.prefix + amount(value), bold=True)
    return Cell(display_value(spec, value), bold=True)


def pool_pairs(fields: tuple[FieldSpec, ...]) -> dict[str, FieldSpec]:
    """Whole-number fields that have a maximum beside them (``hit_points`` and
    ``max_hit_points``): the current value's path to the maximum's spec."""
    paths = {spec.path: spec for spec in fields if spec.kind == "int"}
    pairs = {}
    for path in paths:
        head, _dot, last = path.rpartition(".")
        maximum = f"{head}.max_{last}" if head else f"max_{last}"
        if maximum in paths:
            pairs[path] = paths[maximum]
    return pairs


def is_scores(section: SectionSpec) -> bool:
    """Abilities: three or more whole numbers and nothing else (no pool among them)."""
    fields = section.fields
    return (
        len(fields) >= 3 and all(spec.kind == "int" for spec in fields) and not pool_pairs(fields)
    )


class SheetReader:
    """Reads one sheet through its form into the printed blocks."""

    def __init__(
        self,
        sheet: BaseModel,
        form: SheetForm,
        derived: Mapping[str, Derived],
        options: BaseModel | None = None,
    ) -> None:
        self.sheet = sheet
        self.form = form
        self.derived = derived
        self.options = options
        """The table rules, for what they make of a row's value (a weapon's damage)."""
        self.fields = {spec.path: spec for section in form.sections for spec in section.fields}

    def value(self, key: str) -> tuple[str, Cell] | None:
        """A derived value or a field by its key or path: its label and printed value."""
        if key in self.derived:
            return self.derived[key].label, _derived_cell(self.form, self.derived[key])
        spec = self.fields.get(key)
        if spec is None:
            return None
        return spec.label, _field_cell(spec, get_path(self.sheet, spec.path))

    def combat(self, box: CombatBox) -> tuple[CombatBlock | None, set[str]]:
        """The combat box the game describes, and every key and path it shows (so the
        boxes below do not print them again)."""
        stats: list[Stat] = []
        shown: set[str] = set()
        for stat in box.stats:
            main = self.value(stat.key)
            if main is None:
                continue
            parts = tuple(
                part
                for key, part in zip(stat.beside, map(self.value, stat.beside), strict=True)
                if part is not None and part[1].text and self.written(key)
            )  # nothing typed: no label
            cell = main[1]
            if stat.signed and stat.key in self.derived:
                cell = Cell(self.derived[stat.key].signed(), gm=cell.gm, bold=cell.bold)
            stats.append(
                Stat(
                    stat.label or main[0], self.together(cell, stat.together), parts, self.why(stat)
                )
            )
            shown |= {stat.key, *stat.beside, *stat.together}
        pools: list[PoolLine] = []
        pairs = pool_pairs(tuple(self.fields.values()))
        for path in box.hit_points:
            spec = self.fields.get(path)
            value = get_path(self.sheet, path)
            if path in pairs:  # hit_points beside max_hit_points
                maximum = pairs[path]
                pools.append(
                    PoolLine(
                        self.fields[path].label,
                        "",
                        int(value),
                        int(get_path(self.sheet, maximum.path)),
                    )
                )
                shown |= {path, maximum.path}
            elif hasattr(value, "current") and hasattr(value, "maximum"):  # one pool field
                pools.append(
                    PoolLine(
                        spec.label if spec else path,
                        spec.help if spec else "",
                        int(value.current),
                        int(value.maximum),
                    )
                )
                shown.add(path)
        tally = None
        if box.tally:
            tally = int(get_path(self.sheet, box.tally))
            shown.add(box.tally)
        saves = tuple(self.derived_rows(box.saves))
        if not stats and not pools:
            return None, set()
        shown |= {*box.replaces, *(key for key in box.saves if key in self.derived)}
        # The tally's own label; a field without one is named by its key ("luck_points").
        tally_label = (
            self.fields[box.tally].label if box.tally in self.fields else ""
        ) or box.tally.rsplit(".", 1)[-1].replace("_", " ").capitalize()
        return CombatBlock(
            tuple(stats),
            tuple(pools),
            tally,
            title=box.title,
            tally_label=tally_label,
            saves=tuple((row.label, row.value) for row in saves),
            left_share=0.55,
        ), shown

    def written(self, key: str) -> bool:
        """A derived value, or a field with a value: not one left unset, whose blank is the
        editor's word for nothing ("none (AC as written)"), no companion worth printing."""
        return (
            key in self.derived or key not in self.fields or get_path(self.sheet, key) is not None
        )

    def together(self, main: Cell, keys: tuple[str, ...]) -> Cell:
        """``19 (+7)``: the value with the derived values written in brackets after it."""
        values = [self.derived[key] for key in keys if key in self.derived]
        if not values:
            return main
        text = main.text + "".join(f" ({_derived_cell(self.form, value).text})" for value in values)
        return Cell(text, gm=main.gm or any(value.overridden for value in values), bold=main.bold)

    def why(self, stat: PrintedStat) -> str:
        """The stat's note: what limits the value (its second term) when it says so."""
        value = self.derived.get(stat.key)
        if stat.why and value is not None and len(value.terms) > 1:
            return value.terms[1].label
        return stat.note

    def unshown(self, section: SectionSpec, shown: set[str]) -> SectionSpec:
        """The section without what the combat box already shows: a field it shows, or
        one whose derived value it shows under the same name (a monster's AC)."""
        if not shown:
            return section

        def kept(spec: FieldSpec) -> bool:
            if spec.path in shown:
                return False
            beside = self.derived.get(spec.derived) if spec.derived else None
            return not (beside is not None and spec.derived in shown and beside.label == spec.label)

        def plain(spec: FieldSpec) -> FieldSpec:  # its derived value is in the box
            return spec._replace(derived="") if spec.derived in shown else spec

        return section._replace(
            fields=tuple(plain(spec) for spec in section.fields if kept(spec)),
            derived=tuple(key for key in section.derived if key not in shown),
        )

    def derived_rows(self, keys: tuple[str, ...]) -> list[Row]:
        return [
            Row(self.derived[key].label, _derived_cell(self.form, self.derived[key]))
            for key in keys
            if key in self.derived
        ]

    def scores(self, section: SectionSpec) -> ScoreBoxes:
        scores = []
        for spec in section.fields:
            beside = self.derived.get(spec.derived) if spec.derived else None
            scores.append(
                Score(
                    spec.label,
                    _field_cell(spec, get_path(self.sheet, spec.path)),
                    beside.label if beside is not None else "",
                    _derived_cell(self.form, beside) if beside is not None else None,
                )
            )
        return ScoreBoxes(tuple(scores))

    def abilities(self, table: AbilityTable) -> ScoreBoxes:
        """An ability table as score boxes: each score with its first column's value (a
        modifier) under it; the marked row (a prime attribute) framed, its last column's
        value beside the first, named by the table's mark word ("prime +6")."""
        mark = getattr(self.sheet, table.marked, None) if table.marked else None
        mark = str(getattr(mark, "value", mark)) if mark is not None else None
        scores = []
        for row in table.rows:
            keys = [table.key(column, row) for column in table.columns]
            first = self.derived.get(keys[0]) if keys else None
            marked = self.derived.get(keys[-1]) if len(keys) > 1 and row.label == mark else None
            scores.append(
                Score(
                    row.label,
                    _field_cell(row, get_path(self.sheet, row.path)),
                    table.columns[0].label if first is not None else "",
                    _derived_cell(self.form, first) if first is not None else None,
                    full=row.help,
                    mark=table.mark_word or table.mark,
                    marked=_derived_cell(self.form, marked) if marked is not None else None,
                )
            )
        return ScoreBoxes(tuple(scores))

    def box(self, section: SectionSpec, fields: tuple[FieldSpec, ...]) -> Box | None:
        """The section's values as one box: hit points with pencil boxes, then rows."""
        pairs = pool_pairs(fields)
        maxima = {spec.path for spec in pairs.values()}
        pools = []
        rows: list[Row] = []
        for spec in fields:
            if spec.path in maxima:
                continue
            value = get_path(self.sheet, spec.path)
            if spec.path in pairs:
                maximum = pairs[spec.path]
                pools.append(
                    Pool(
                        spec.label,
                        _field_cell(spec, value),
                        _field_cell(maximum, get_path(self.sheet, maximum.path)),
                    )
                )
                continue
            cell = _field_cell(spec, value)
            beside = self.derived.get(spec.derived) if spec.derived else None
            if beside is not None and spec.derived not in section.derived:
                cell = Cell(f"{cell.text} ({beside.signed()})", gm=beside.overridden, bold=True)
            rows.append(
                Row(spec.label, cell, wraps=spec.kind in ("list", "text") and len(cell.text) > 24)
            )
        derived = self.derived_rows(section.derived)
        if (
            not rows
            and not pools
            and all(self.derived[key].value == 0 for key in section.derived if key in self.derived)
        ):
            return None  # only zeros (a fighter's thief skills): nothing this sheet can use
        rows += derived
        return Box(section.title, tuple(rows), tuple(pools))

    @staticmethod
    def fold(plain: list[FieldSpec], line: list[Cell], joined: dict[str, str]) -> list[Cell]:
        """The row's cells with each joined column's value written after the column it
        joins (the one before it unless named): "armour, medium"; a tick as its label,
        "Cutter, signature"; blanks left out."""
        if not joined:
            return line
        kept: list[Cell] = []
        where: dict[str, int] = {}
        for spec, cell in zip(plain, line, strict=True):
            if spec.path not in joined or not kept:
                where[spec.path] = len(kept)
                kept.append(cell)
                continue
            text = spec.label.lower() if spec.kind == "bool" and cell.text else cell.text
            at = where.get(joined[spec.path], len(kept) - 1)
            if text:
                last = kept[at]
                kept[at] = Cell(
                    f"{last.text}, {text}" if last.text else text,
                    gm=last.gm or cell.gm,
                    bold=last.bold,
                )
        return kept

    def computed(self, spec: FieldSpec, row: int) -> Cell:
        """A computed column's value for the row (``derived`` + the row's number: a
        weapon's maximum damage), marked when the referee set it; blank when none."""
        value = self.derived.get(f"{spec.derived}{row}")
        if value is None:
            return Cell("")
        return Cell(
            value.signed() if _is_bonus(self.form, value.key) else amount(value.value),
            gm=value.overridden,
        )

    def words(self, section: SectionSpec) -> str:
        """A section as one line of words: its fields "Gold (gp) 8" (a zero or an empty one
        left out), its table's rows "6 × Torches", as the table rules read them."""
        parts = []
        for spec in section.fields:
            value = get_path(self.sheet, spec.path)
            if value in (0, "", None, ()) or spec.kind in ("bool", "picture"):
                continue
            text = display_value(spec, value)
            parts.append(f"{spec.label} {text}" if spec.kind == "int" else text)
        if section.table is not None:
            columns = [
                spec
                for spec in section.table.columns
                if spec.kind not in ("bool", "derived", "picture")
            ]
            for row in get_path(self.sheet, section.table.path):
                parts.append(self.row_words(columns, row))
        return " · ".join(part for part in parts if part)

    def row_words(self, columns: list[FieldSpec], row: BaseModel) -> str:
        """A row as words, "6 × Torches": its count first, then its words, then any further
        number with its label ("weight (cn) 10"); a value not written (a weight's "—") is
        left out, not printed as a word."""
        written = [
            (spec, ruled_value(spec, row, self.options))
            for spec in columns
            if get_path(row, spec.path) is not None or spec.ruled is not None
        ]
        count = ""
        if written and columns and written[0][0] is columns[0] and columns[0].kind == "int":
            count = written.pop(0)[1] if len(written) > 1 else ""
        words = [text for spec, text in written if text and spec.kind != "int"]
        numbers = [f"{spec.label.lower()} {text}" for spec, text in written if spec.kind == "int"]
        text = " ".join(words)
        if numbers:
            text = ", ".join([text, *numbers]) if text else ", ".join(numbers)
        return text if count in ("", "1") else f"{count} × {text}"

    def table(self, section: SectionSpec, titled: bool) -> TableBlock:
        """The rows with the game's columns (its ticks gathered in one column of words,
        "melee, two-handed": a row of yes/no columns leaves no room for the name), then the
        derived values it prints per row (a weapon's to-hit), then blank rows for pencil."""
        table = section.table
        assert table is not None
        items = get_path(self.sheet, table.path)
        own = {
            column.partition(".")[2]
            for column in self.form.printed.tick_columns
            if column.partition(".")[0] == table.path
        }
        ticks = [spec for spec in table.columns if spec.kind == "bool" and spec.path not in own]
        if len(ticks) < 2:  # one tick (a spell cast) keeps its column, marked or blank
            ticks = []
        plain = [spec for spec in table.columns if spec not in ticks]
        at = next(
            (index for index, spec in enumerate(table.columns) if spec.kind == "bool"), len(plain)
        )
        named = next((spec for spec in plain if spec.kind == "text"), plain[0] if plain else None)
        extra = [column for column in self.form.printed.columns if column.table == table.path]
        joined = {
            path: target
            for path, _, target in (
                column.partition(".")[2].partition(">")
                for column in self.form.printed.joined
                if column.partition(".")[0] == table.path
            )
            if plain and path != plain[0].path
        }
        at -= sum(1 for spec in plain[:at] if spec.path in joined)
        cells = self.table_rows(items, plain, named, ticks, at, extra, joined)
        title = (
            f"{section.title}: {table.label}"
            if titled and section.title != table.label
            else table.label
        )
        columns = [
            Column(
                spec.label,
                "right"
                if spec.kind in ("int", "derived")
                else "center"
                if spec.kind == "bool"
                else "left",
                flex=1.0 if spec is named else 0.0,
                min_width=NAME_POINTS * len(spec.width) if spec is named else 0.0,
            )
            for spec in plain
            if spec.path not in joined
        ]
        if ticks:
            columns.insert(at, Column("Qualities", flex=0.8))
        columns += [Column(column.title, "right") for column in extra]
        return TableBlock(
            Table(
                title,
                tuple(columns),
                tuple(cells),
                blank_rows=2 if len(cells) < 2 else 1,
                hint="pencil new ones in",
            )
        )

    def table_rows(
        self,
        items: Iterable[Any],
        plain: list[FieldSpec],
        named: FieldSpec | None,
        ticks: list[FieldSpec],
        at: int,
        extra: list[PrintedColumn],
        joined: dict[str, str],
    ) -> list[tuple[Cell, ...]]:
        """The table's rows: each item's cells (its ticks gathered at ``at``, joined columns
        folded, the derived values it prints after)."""
        cells = []
        for row, item in enumerate(items):
            line = [
                _field_cell(spec, get_path(item, spec.path))
                if spec is named
                else self.computed(spec, row)
                if spec.kind == "derived"
                else Cell("")
                if spec.hidden is not None and spec.hidden(item)
                else Cell(TICK if get_path(item, spec.path) else "")
                if spec.kind == "bool"
                else Cell(ruled_value(spec, item, self.options))
                for spec in plain
            ]
            line = self.fold(plain, line, joined)
            if ticks:
                line.insert(
                    at,
                    Cell(
                        ", ".join(spec.label.lower() for spec in ticks if get_path(item, spec.path))
                    ),
                )
            for column in extra:
                value = self.derived.get(column.key.format(index=row))
                line.append(
                    Cell("")
                    if value is None
                    else Cell(
                        value.signed() if column.bonus else amount(value.value),
                        gm=value.overridden,
                        bold=True,
                    )
                )
            cells.append(tuple(line))
        return cells
