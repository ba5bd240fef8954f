"""Printing for every game described through the seam: its sheets from their form, its
encounters from its tracker columns.

A sheet prints section by section as its editor shows it: fields as label/value rows, derived
values with how they were reached (a value the referee set is marked GM), row tables as
tables, notes as text. The referee's encounter sheet prints the round's order with the game's
own columns, the distances between every pair, what the round asks for, and the last log
lines. Every number comes from the game (its ``derive``, its ``cell``); nothing is computed
here. Black on white: marks are words and rules, never colour.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel

from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.core.derived import Derived
from m3desk.core.sheet_form import (
    FieldSpec,
    SectionSpec,
    SheetForm,
    display_value,
    get_path,
    ruled_value,
)
from m3desk.core.system import GameSystem, PrintedCheck
from m3desk.ui.documents.form_sheet_document import form_of
from m3desk.ui.printing.canvas import INK, SOFT_INK, Canvas
from m3desk.ui.printing.content import Cell, Column, HeaderField, Table
from m3desk.ui.printing.flow_blocks import Block, LogAndNotes, RuledLines, TableBlock, TextBlock
from m3desk.ui.printing.form_blocks import Box, BoxGrid, Row
from m3desk.ui.printing.form_reader import TICK, SheetReader, amount, is_scores, pool_pairs
from m3desk.ui.printing.pages import Orientation, Placed, PrintJob, paginate, paint_footer
from m3desk.ui.printing.sheet_blocks import (
    CombatBlock,
    ContinuationHeader,
    HeaderBlock,
    PlainHeader,
)

__all__ = ["form_sheet_job", "system_encounter_job"]


class _Title:
    """The sheet's name, large, with its one-line summary and game beside it."""

    fills = False

    def __init__(self, name: str, summary: str) -> None:
        self.name = name
        self.summary = summary

    def height(self, canvas: Canvas, width: float) -> float:
        return 30.0

    def split(
        self, canvas: Canvas, width: float, available: float, *, force: bool
    ) -> tuple[_Title | None, _Title | None]:
        return (self, None) if available >= 30.0 or force else (None, self)

    def paint(self, canvas: Canvas, x: float, y: float, width: float, height: float) -> None:
        name = canvas.elide(self.name, 16, width * 0.6, bold=True)
        name_w = canvas.text_width(name, 16, bold=True)
        canvas.text(x, y, name_w + 2, 24, name, 16, bold=True)
        rest = max(width - name_w - 10, 0)
        summary = canvas.elide(self.summary, 10, rest)
        canvas.text(x + name_w + 10, y + 4, rest, 20, summary, 10, color=SOFT_INK)
        canvas.line(x, y + 26, x + width, y + 26, width=0.8, color=INK)


def _identity(
    sheet: BaseModel, section: SectionSpec
) -> tuple[list[HeaderField], tuple[FieldSpec, ...]]:
    """The first section's words (class, level, alignment) for the header; what is left
    (hit points, ticks, a number with its modifier) goes in a box of its own."""
    header: list[HeaderField] = []
    rest: list[FieldSpec] = []
    pooled = set(pool_pairs(section.fields))
    pooled |= {spec.path for spec in pool_pairs(section.fields).values()}
    for spec in section.fields:
        if spec.path == "name":
            continue
        shown_beside = bool(spec.derived) and spec.derived not in section.derived
        if spec.path in pooled or spec.kind in ("long_text", "bool") or shown_beside:
            rest.append(spec)
            continue
        value = display_value(spec, get_path(sheet, spec.path))
        header.append(
            HeaderField(spec.label, value or "—", 2.0 if spec.kind in ("text", "list") else 1.0)
        )
    return header, tuple(rest)


def _picture(sheet: BaseModel, spec: FieldSpec | None) -> bytes:
    """The first section's picture (a portrait) as PNG bytes for the header, or nothing: a
    broken picture must not stop printing."""
    if spec is None:
        return b""
    text = get_path(sheet, spec.path)
    if not isinstance(text, str) or not text:
        return b""
    try:
        return base64.b64decode(text, validate=False)
    except (binascii.Error, ValueError):
        return b""


HEADER_PER_ROW = 5
WRITE_IN_LINES = 4
"""Writing lines in a box the game prints for pencil only (equipment, treasure)."""


def _sheet_blocks(
    sheet: BaseModel,
    form: SheetForm,
    system: GameSystem,
    derived: Mapping[str, Derived],
    options: BaseModel | None = None,
) -> list[Block]:
    """A character sheet of the game, from its form: the identity header, the ability
    boxes, the sections as boxes in two columns (hit points with pencil boxes), the row
    tables across the page, then lists, notes and writing lines."""
    reader = SheetReader(sheet, form, derived, options)
    name = str(getattr(sheet, "name", ""))
    kind = str(getattr(sheet, "kind", "sheet"))
    combat, shown = (
        reader.combat(form.printed.combat) if form.printed.combat is not None else (None, set())
    )
    box_of_combat = combat
    unused = form.printed.unused(sheet)
    kept = [section for section in form.sections if section.title not in unused]
    # abilities as the game describes them, not a section of numbers left over once the
    # combat box has taken its hit points (a monster's Hit Dice)
    scores = {section.title for section in kept if is_scores(section)}
    sections = [reader.unshown(section, shown | unused) for section in kept]
    first = sections.pop(0) if sections else SectionSpec("")
    header_fields, first_rest = _identity(sheet, first)
    header_fields += [
        HeaderField(spec.label, display_value(spec, get_path(sheet, spec.path)) or "—")
        for spec in form.printed.header
    ]
    rows = tuple(
        tuple(header_fields[i : i + HEADER_PER_ROW])
        for i in range(0, len(header_fields), HEADER_PER_ROW)
    )
    kicker = " · ".join(part for part in (form.summary(sheet), f"{kind} sheet") if part)
    blocks: list[Block] = [
        HeaderBlock(PlainHeader(name, kicker, rows, _picture(sheet, first.picture)), system.name)
    ]
    boxes: list[Box] = []
    first_box = reader.box(first, first_rest)
    if first_box is not None:
        boxes.append(first_box)
    tables: list[Block] = []
    texts: list[Block] = []
    notes: list[TextBlock] = []
    scores_shown = False
    worded: list[Row] = []
    for section in sections:
        fields = section.fields
        if section.title in form.printed.as_text:  # one box of words, beside the others
            worded.append(Row(section.title, Cell(reader.words(section) or "—"), wraps=True))
            continue
        if section.abilities is not None and not scores_shown:
            blocks.append(reader.abilities(section.abilities))
            scores_shown = True
            if combat is not None:
                blocks.append(combat)
                combat = None
        elif section.title in scores and is_scores(section) and not scores_shown:
            blocks.append(reader.scores(section))
            scores_shown = True
            fields = ()
            if combat is not None:  # the numbers of every round, under the abilities
                blocks.append(combat)
                combat = None
        in_box: list[FieldSpec] = []
        for spec in fields:
            value = get_path(sheet, spec.path)
            if spec.kind == "long_text":
                if str(value).strip():
                    notes.append(TextBlock(spec.label, str(value)))
            elif section.wide and spec.kind in ("list", "text"):
                texts.append(TextBlock(spec.label, display_value(spec, value) or "—"))
            else:
                in_box.append(spec)
        box = reader.box(section, tuple(in_box))
        if box is not None and not _joined(box_of_combat, box):
            boxes.append(box)
        if section.table is not None:
            tables.append(reader.table(section, bool(in_box or section.derived)))
    if combat is not None:  # no abilities (a monster): under the header
        blocks.insert(1, combat)
    if worded:
        boxes.append(Box(form.printed.as_text_title or worded[0].label, tuple(worded)))
    boxes += [Box(title, lines=WRITE_IN_LINES) for title in form.printed.write_in]
    if boxes:
        blocks.append(BoxGrid(tuple(boxes)))
    blocks += tables
    blocks += texts
    blocks += notes
    blocks.append(RuledLines("Notes" if not notes else ""))
    return blocks


def _joined(combat: CombatBlock | None, box: Box) -> bool:
    """Whether the combat box took the box's rows: a section titled as one of its parts (its
    own title, the hit points, the saving throws) is not printed twice under that title."""
    if combat is None or box.pools or box.lines:
        return False
    return combat.take(box.title, tuple((row.label, row.value) for row in box.rows))


def form_sheet_job(sheet: BaseModel, options: BaseModel | None = None) -> PrintJob:
    """A form-described sheet as one portrait document of a print run."""
    described = form_of(sheet)
    if described is None:
        raise TypeError(f"no game describes a {type(sheet).__name__} with a sheet form")
    system, form = described
    name = str(getattr(sheet, "name", ""))
    kind = str(getattr(sheet, "kind", "sheet"))

    derived = form.derive(sheet, options)  # once: the layout may run for every page size
    overridden = any(value.overridden for value in derived.values())

    blocks = _sheet_blocks(sheet, form, system, derived, options)

    def layout(canvas: Canvas) -> list[list[Placed]]:
        return paginate(canvas, blocks, lambda: ContinuationHeader(name))

    def footer(canvas: Canvas, number: int, count: int) -> None:
        paint_footer(
            canvas, f"{name} \u00b7 {system.name} {kind}", number, count, overrides=overridden
        )

    return PrintJob(name, Orientation.Portrait, layout, footer)


PENCIL_W = 64.0
"""Room beside a pool (hit points) to pencil its changes in."""
DISTANCE_LABEL_W = 130.0
DISTANCE_COLUMN_W = 36.0


def _row_between(
    encounter: core.Encounter, a: core.Combatant, group: list[core.Combatant]
) -> list[int]:
    """``core.position_between`` from ``a`` to each of ``group`` (itself: 0), measured as
    one row (a sheet of 200 measured 40,000 pairs one call each)."""
    places = encounter.places
    default = encounter.default_position()
    here = places.get(a.id)
    there = [places.get(b.id) for b in group]
    if here is None:
        return [default] * len(group)
    known = [p for p in there if p is not None]
    measured = iter(
        encounter.position_model.measure_all(
            here.x, here.y, here.z, [p.x for p in known], [p.y for p in known], [p.z for p in known]
        )
    )
    return [next(measured) if p is not None else default for p in there]


def _distance_tables(
    encounter: core.Encounter, system: GameSystem, people: list[core.Combatant], width: float
) -> list[Block]:
    """Every pair's distance, rows and columns numbered as the combatant table; a pair
    nobody set is blank (it is at the start distance, said in the hint). Column groups
    when more combatants than the page is wide."""
    model = system.positions
    start = model.label(encounter.default_position())
    # A game of distances keeps places: every pair's distance is measured between them.
    measured = model.kind == "distance" and bool(getattr(encounter, "places", None))
    per_table = max(int((width - DISTANCE_LABEL_W) // DISTANCE_COLUMN_W), 4)
    groups = [people[i : i + per_table] for i in range(0, len(people), per_table)]
    blocks: list[Block] = []
    for group_number, group in enumerate(groups):
        first = group_number * per_table
        head = (
            Column("", min_width=DISTANCE_LABEL_W - 30, flex=1.0),
            *(
                Column(str(first + n), "right", min_width=DISTANCE_COLUMN_W)
                for n in range(1, len(group) + 1)
            ),
        )
        matrix = []
        for row_number, a in enumerate(people, start=1):
            row = [Cell(f"{row_number} {a.name}", bold=True)]
            between = _row_between(encounter, a, group) if measured else []
            for k, b in enumerate(group):
                if a.id == b.id:
                    row.append(Cell("·"))
                    continue
                if measured:
                    row.append(Cell(model.label(between[k])))
                    continue
                key = core.pair_key(a.id, b.id)
                row.append(
                    Cell(
                        model.label(encounter.positions[key]) if key in encounter.positions else ""
                    )
                )
            matrix.append(tuple(row))
        title = (
            "Distances" if len(groups) == 1 else f"Distances to {first + 1}–{first + len(group)}"
        )
        hint = (
            "measured between where each stands"
            if measured
            else f"blank: not set, at the start ({start})"
        )
        blocks.append(TableBlock(Table(title, head, tuple(matrix), hint=hint)))
    return blocks


def _encounter_blocks(encounter: core.Encounter, system: GameSystem, width: float) -> list[Block]:
    """Who acts in what order with the game's own numbers (its tracker's columns), the
    distance between every pair, what the round asks for, the log's last lines."""
    rules = system.encounter
    assert rules is not None
    phase = core.phase_title(encounter.phase, encounter.round)
    blocks: list[Block] = [_Title(encounter.name, f"{system.name} · {phase}")]
    status = rules.status(encounter)
    if status:
        blocks.append(TextBlock("This round", "\n".join(status)))
    order = [combatant for count in core.turn_order(encounter) for combatant in count]
    listed = {combatant.id for combatant in order}
    order += [c for c in encounter.combatants if c.id not in listed]
    columns: list[Column] = [
        Column("#", "right"),
        Column("Init", "right", min_width=28),
        Column("Name", flex=1.0),
        Column("Side"),
    ]
    pencilled = next((spec.id for spec in rules.columns if spec.kind == "pool"), None)
    for spec in rules.columns:
        columns.append(
            Column(
                spec.title,
                "center" if spec.centred else "left",
                flex=1.0 if spec.stretch else 0.0,
                min_width=36,
            )
        )
        if spec.id == pencilled:  # the first pool is hit points: room to pencil changes
            columns.append(Column("changes", min_width=PENCIL_W))
    rows = []
    for number, combatant in enumerate(order, start=1):
        count = core.effective_initiative(encounter, combatant)
        cells: list[Any] = [
            Cell(str(number)),
            Cell("—" if count is None else str(count)),
            Cell(combatant.name + (" (turn)" if combatant.id == encounter.turn else ""), bold=True),
            Cell(combatant.side),
        ]
        for spec in rules.columns:
            cells.append(Cell(rules.cell(encounter, combatant, spec.id).text))
            if spec.id == pencilled:
                cells.append(Cell(""))
        rows.append(tuple(cells))
    blocks.append(
        TableBlock(
            Table(
                "Combatants in order",
                tuple(columns),
                tuple(rows),
                blank_rows=2,
                hint="pencil hit points and notes in",
            )
        )
    )
    blocks += _checks_table(encounter, system)  # under the order: its boxes at hand
    if len(order) > 1:
        blocks += _distance_tables(encounter, system, order, width)
    if system.positions.kind == "distance" and encounter.places:
        from m3desk.ui.printing.map_block import MapBlock  # the map: only games of distance

        blocks.append(MapBlock(encounter))
    blocks += _numbers_table(encounter, system, order)
    blocks.append(LogAndNotes([entry.text for entry in encounter.log]))
    return blocks


def words(text: str) -> str:
    return " ".join(text.split()).casefold()


def _common_start(labels: list[str]) -> str:
    """The words every label starts with ("Save vs "), to say them once in a heading."""
    if len(labels) < 2:
        return ""
    start = labels[0]
    for label in labels[1:]:
        while not label.startswith(start):
            start = start[:-1]
    return start[: start.rfind(" ") + 1] if " " in start else ""


def _numbers_table(
    encounter: core.Encounter, system: GameSystem, order: list[core.Combatant]
) -> list[Block]:
    """Each combatant's combat box in a line (AC, THAC0 or its game's words, movement),
    its attacks with their dice and to-hit, and its saving throws: what the referee looks
    up on the sheets in a fight, on one page. Games that describe no combat box: nothing."""
    options = getattr(encounter, "options", None)  # each game's table rules, if it keeps any
    if not isinstance(options, system.options_model):
        options = None
    assert system.encounter is not None
    tracked = {words(column.title) for column in system.encounter.columns}
    rows: list[tuple[Cell, ...]] = []
    save_labels: list[str] = []
    for number, combatant in enumerate(order, start=1):
        sheet = combatant.sheet
        form = system.sheet_forms.get(str(getattr(sheet, "kind", "")))
        if form is None or form.printed.combat is None:
            continue
        box = form.printed.combat
        reader = SheetReader(sheet, form, form.derive(sheet, options), options)
        numbers = []
        for stat in box.stats:
            main = reader.value(stat.key)
            if main is None or words(stat.label or main[0]) in tracked:
                continue  # the order above has it (AC, THAC0)
            for key in (stat.key, *stat.beside):
                value = reader.value(key)
                if value is not None and value[1].text:
                    numbers.append(f"{value[0]} {value[1].text}")
        saves = [reader.derived[key] for key in box.saves if key in reader.derived]
        if saves and not save_labels:
            save_labels = [save.label for save in saves]
        rows.append(
            (
                Cell(str(number)),
                Cell(combatant.name, bold=True),
                Cell(" · ".join(numbers)),
                Cell("; ".join(_attacks(reader, box.attacks))),
                Cell(" ".join(amount(save.value) for save in saves)),
            )
        )
    if not rows:
        return []
    start = _common_start(save_labels)
    columns = [
        Column("#", "right"),
        Column("Combatant", min_width=90),
        Column("Combat", flex=1.8),
        Column("Attacks", flex=1.0),
    ]
    if save_labels:
        columns.append(Column(start.strip() or "Saves", min_width=64))
    else:
        rows = [row[:-1] for row in rows]
    hint = (
        f"{start.strip().lower()}: " + " / ".join(label[len(start) :] for label in save_labels)
        if save_labels
        else ""
    )
    return [TableBlock(Table("Combatants' numbers", tuple(columns), tuple(rows), hint=hint))]


BOX = "\u2610"
"""An empty box to tick in pencil."""


def _checks_table(encounter: core.Encounter, system: GameSystem) -> list[Block]:
    """A box for each check the game keeps (a side's morale at its first death and when half
    of it is down), ticked once made, with room to pencil the roll."""
    assert system.encounter is not None
    checks = system.encounter.printed_checks(encounter)
    if not checks:
        return []
    sides: dict[str, list[PrintedCheck]] = {}
    for check in checks:
        sides.setdefault(check.side, []).append(check)
    columns = (
        Column("Side", min_width=90),
        Column("Checks (tick when made)", flex=1.4),
        Column("How", flex=1.0),
    )
    rows = tuple(
        (
            Cell(side),
            Cell("   ".join(f"{TICK if c.done else BOX} {c.label}" for c in kept), bold=True),
            Cell(" · ".join(dict.fromkeys(c.note for c in kept if c.note))),
        )
        for side, kept in sides.items()
    )
    return [TableBlock(Table("Checks", columns, rows, hint="pencil each roll beside it"))]


def _attacks(reader: SheetReader, path: str) -> list[str]:
    """ "sword 1d8 (To hit +2)": each row of the attacks table, its name and dice and the
    first value the game prints for it."""
    table = next(
        (
            section.table
            for section in reader.form.sections
            if section.table is not None and section.table.path == path
        ),
        None,
    )
    if table is None:
        return []
    columns = [column for column in reader.form.printed.columns if column.table == path]
    shown = [column for column in columns if column.encounter] or columns[:1]
    lines = []
    for index, row in enumerate(get_path(reader.sheet, path)):
        named = next((spec for spec in table.columns if spec.kind == "text"), None)
        dice = [
            ruled_value(spec, row, reader.options) for spec in table.columns if spec.kind == "dice"
        ]  # AD&D's S-M/L: 1d8/1d12; as the table rolls them
        parts = [
            display_value(named, get_path(row, named.path)) if named else "",
            "/".join(die for die in dice if die),
        ]
        values = []
        for printed in shown:  # a thrown dagger: its melee and its missile to-hit
            value = reader.derived.get(printed.key.format(index=index))
            if value is not None:
                text = value.signed() if printed.bonus else amount(value.value)
                values.append(f"{printed.title} {text}")
        if values:
            parts.append(f"({', '.join(values)})")
        lines.append(" ".join(part for part in parts if part))
    return lines


def system_encounter_job(encounter: core.Encounter) -> PrintJob:
    """The referee's encounter sheet of any game with encounter rules: landscape."""
    system = registry.system_of(encounter)

    def layout(canvas: Canvas) -> list[list[Placed]]:
        return paginate(
            canvas,
            _encounter_blocks(encounter, system, canvas.width),
            lambda: ContinuationHeader(encounter.name),
        )

    def footer(canvas: Canvas, number: int, count: int) -> None:
        paint_footer(canvas, f"{encounter.name} \u00b7 {system.name} encounter", number, count)

    return PrintJob(encounter.name, Orientation.Landscape, layout, footer)
