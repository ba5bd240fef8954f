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

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel

from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.core.derived import Derived
from m3desk.core.sheet_form import SheetForm, display_value, get_path
from m3desk.core.system import GameSystem
from m3desk.ui.documents.form_sheet_document import form_of
from m3desk.ui.printing.canvas import INK, SOFT_INK, Canvas
from m3desk.ui.printing.flow_blocks import Block, LogAndNotes, RuledLines, TableBlock, TextBlock
from m3desk.ui.printing.pages import Orientation, Placed, PrintJob, paginate, paint_footer
from m3desk.ui.printing.sheet_blocks import ContinuationHeader
from m3desk.ui.printing.sheet_content import Cell, Column, Table

__all__ = ["form_sheet_job", "system_encounter_job"]


class _Title:
    """The sheet's name, large, with its one-line summary and game beside it."""

    fills = False

    def __init__(self, name: str, summary: str) -> None:
        self.name = name
        self.summary = summary

    def height(self, canvas: Canvas, width: float) -> float:
        return 30.0

    def split(self, canvas: Canvas, width: float, available: float,
              *, force: bool) -> tuple[_Title | None, _Title | None]:
        return (self, None) if available >= 30.0 or force else (None, self)

    def paint(self, canvas: Canvas, x: float, y: float, width: float, height: float) -> None:
        name = canvas.elide(self.name, 16, width * 0.6, bold=True)
        name_w = canvas.text_width(name, 16, bold=True)
        canvas.text(x, y, name_w + 2, 24, name, 16, bold=True)
        rest = max(width - name_w - 10, 0)
        summary = canvas.elide(self.summary, 10, rest)
        canvas.text(x + name_w + 10, y + 4, rest, 20, summary, 10, color=SOFT_INK)
        canvas.line(x, y + 26, x + width, y + 26, width=0.8, color=INK)


def _sheet_blocks(sheet: BaseModel, form: SheetForm, system: GameSystem,
                  derived: Mapping[str, Derived]) -> list[Block]:
    summary = " · ".join(part for part in (form.summary(sheet), system.name) if part)
    blocks: list[Block] = [_Title(str(getattr(sheet, "name", "")), summary)]
    notes: list[TextBlock] = []
    for section in form.sections:
        rows: list[tuple[Cell, ...]] = []
        for spec in section.fields:
            value = get_path(sheet, spec.path)
            if spec.kind == "long_text":
                if str(value).strip():
                    notes.append(TextBlock(spec.label, str(value)))
                continue
            text = display_value(spec, value).replace("-", "−") if spec.kind == "int" \
                else display_value(spec, value)
            if spec.derived and spec.derived in derived:
                beside = derived[spec.derived]
                text += f"  ({beside.signed()})"
                rows.append((Cell(spec.label), Cell(text, gm=beside.overridden, bold=True),
                             Cell(beside.explanation())))
            else:
                rows.append((Cell(spec.label), Cell(text, bold=True), Cell("")))
        for key in section.derived:
            value = derived.get(key)
            if value is None:
                continue
            rows.append((Cell(value.label), Cell(str(value.value).replace("-", "−"),
                                                 gm=value.overridden, bold=True),
                         Cell(value.explanation())))
        if rows:
            blocks.append(TableBlock(Table(section.title, (
                Column("", min_width=70), Column("", "right", min_width=40),
                Column("How", flex=1)), tuple(rows))))
        if section.table is not None:
            table = section.table
            items = get_path(sheet, table.path)
            cells = tuple(tuple(Cell(display_value(spec, get_path(item, spec.path)))
                                for spec in table.columns) for item in items)
            blocks.append(TableBlock(Table(
                table.label if not rows else f"{section.title}: {table.label}",
                tuple(Column(spec.label, "right" if spec.kind == "int" else "left",
                             flex=1.0 if index == 0 else 0.0)
                      for index, spec in enumerate(table.columns)),
                cells, blank_rows=max(1, 3 - len(cells)))))
    blocks += notes
    blocks.append(RuledLines("Notes" if not notes else ""))
    return blocks


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

    def layout(canvas: Canvas) -> list[list[Placed]]:
        return paginate(canvas, _sheet_blocks(sheet, form, system, derived),
                        lambda: ContinuationHeader(name))

    def footer(canvas: Canvas, number: int, count: int) -> None:
        paint_footer(canvas, f"{name} \u00b7 {system.name} {kind}", number, count,
                     overrides=overridden)

    return PrintJob(name, Orientation.Portrait, layout, footer)


def _encounter_blocks(encounter: core.Encounter, system: GameSystem) -> list[Block]:
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
    columns = (Column("Init", "right", min_width=28), Column("Name", flex=1.5),
               Column("Side", flex=0.8),
               *(Column(spec.title, "center" if spec.centred else "left",
                        flex=1.0 if spec.stretch else 0.0, min_width=36)
                 for spec in rules.columns))
    rows = []
    for combatant in order:
        cells: list[Any] = [
            Cell("—" if combatant.initiative is None else str(combatant.initiative)),
            Cell(combatant.name + (" (turn)" if combatant.id == encounter.turn else ""),
                 bold=True),
            Cell(combatant.side)]
        cells += [Cell(rules.cell(encounter, combatant, spec.id).text)
                  for spec in rules.columns]
        rows.append(tuple(cells))
    blocks.append(TableBlock(Table("Combatants in order", columns, tuple(rows),
                                   blank_rows=2, hint="pencil hit points and notes in")))
    people = encounter.combatants
    if len(people) > 1:
        model = system.positions
        head = (Column("", min_width=60),
                *(Column(c.name[:12], "right", min_width=30) for c in people))
        matrix = []
        for a in people:
            row = [Cell(a.name, bold=True)]
            for b in people:
                row.append(Cell("·" if a.id == b.id else model.label(
                    core.position_between(encounter, a.id, b.id))))
            matrix.append(tuple(row))
        blocks.append(TableBlock(Table("Distances", head, tuple(matrix))))
    blocks.append(LogAndNotes([entry.text for entry in encounter.log]))
    return blocks


def system_encounter_job(encounter: core.Encounter) -> PrintJob:
    """The referee's encounter sheet of any game with encounter rules: landscape."""
    system = registry.system_of(encounter)

    def layout(canvas: Canvas) -> list[list[Placed]]:
        return paginate(canvas, _encounter_blocks(encounter, system),
                        lambda: ContinuationHeader(encounter.name))

    def footer(canvas: Canvas, number: int, count: int) -> None:
        paint_footer(canvas, f"{encounter.name} \u00b7 {system.name} encounter", number, count)

    return PrintJob(encounter.name, Orientation.Landscape, layout, footer)
