"""An expedition on paper: the referee's log of the session, and the party's light and
supplies, for any game whose ``GameSystem.exploration`` describes one.

The header names the expedition, its place, the game and the clock; then what is due now,
the party's provisions (the game's ``ExplorationRules.provisions`` table) and the log, a
line each with the clock, carried over as many pages as it needs. Text from the file is
painted as text, never markup.
"""

from __future__ import annotations

from m3desk.core import registry
from m3desk.core.expedition import Expedition
from m3desk.ui.printing.canvas import Canvas
from m3desk.ui.printing.content import Cell, Column, HeaderField, Table
from m3desk.ui.printing.flow_blocks import Block, TableBlock, TextBlock
from m3desk.ui.printing.pages import Orientation, Placed, PrintJob, paginate, paint_footer
from m3desk.ui.printing.sheet_blocks import ContinuationHeader, HeaderBlock, PlainHeader

__all__ = ["expedition_blocks", "expedition_job"]


def expedition_blocks(expedition: Expedition) -> list[Block]:
    system = registry.system_of(expedition)
    rules = system.exploration
    if rules is None:
        return [TextBlock(expedition.name, f"{system.name} has no exploration yet.")]
    mode = rules.mode(expedition.mode)
    terrain = dict(mode.terrains).get(expedition.terrain, "")
    rows = (
        (
            HeaderField("Place", expedition.place or "—", 2.0),
            HeaderField("Where", mode.label + (f" ({terrain})" if terrain else "")),
            HeaderField("Clock", rules.clock_words(expedition), 1.5),
        ),
        (
            HeaderField("Party", str(len(expedition.members))),
            HeaderField("Movement", rules.movement(expedition), 4.5),
        ),
    )
    blocks: list[Block] = [
        HeaderBlock(PlainHeader(expedition.name, "Expedition", rows), system.name)
    ]
    due = [("⚠ " if line.urgent else "") + line.text for line in rules.due(expedition)]
    blocks.append(TextBlock("Due now", "\n".join(due) or "Nothing is due."))
    headings, supplies = rules.provisions(expedition)
    if headings:
        columns = tuple(
            Column(title, align="left" if index < 2 else "right", flex=1.0 if index == 1 else 0.0)
            for index, title in enumerate(headings)
        )
        blocks.append(
            TableBlock(
                Table(
                    "The party's light and supplies",
                    columns,
                    tuple(tuple(Cell(text) for text in row) for row in supplies),
                    hint="pencil what is used between the app's turns",
                )
            )
        )
    log = tuple((Cell(line.clock), Cell(line.text)) for line in expedition.log)
    blocks.append(
        TableBlock(
            Table(
                "Referee's log",
                (Column("When"), Column("What", flex=1.0)),
                log or ((Cell("—"), Cell("Nothing yet.")),),
                blank_rows=3,
            )
        )
    )
    return blocks


def expedition_job(expedition: Expedition) -> PrintJob:
    """The expedition's referee sheet: portrait, the log over as many pages as it needs."""
    system = registry.system_of(expedition)

    def layout(canvas: Canvas) -> list[list[Placed]]:
        return paginate(
            canvas, expedition_blocks(expedition), lambda: ContinuationHeader(expedition.name)
        )

    def footer(canvas: Canvas, number: int, count: int) -> None:
        paint_footer(canvas, f"{expedition.name} \u00b7 {system.name} expedition", number, count)

    return PrintJob(expedition.name, Orientation.Portrait, layout, footer)
