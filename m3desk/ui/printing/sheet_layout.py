"""Lay a character or monster sheet out on pages and paint it with QPainter.

One code path serves PDF export (``QPdfWriter``), paper printing and the print preview
(``QPrinter``): anything that is a ``QPagedPaintDevice``. QPainter rather than an HTML
``QTextDocument`` because it gives an exact, fixed layout (a typical 1st-level character
fits one page on A4 and on Letter) and is about 3× faster (performance notes §A5).

Pagination and the page loop are shared with the encounter sheet (:mod:`.pages`); this
module only says which blocks a sheet is made of and what its footer reads.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtGui import QPagedPaintDevice

from m3desk.systems.monsters_and_magic.sheet import CharacterSheet, MonsterSheet
from m3desk.systems.monsters_and_magic.table_rules import TableRules
from m3desk.ui.printing.canvas import Canvas
from m3desk.ui.printing.flow_blocks import Block, RuledLines, TableBlock, TextBlock
from m3desk.ui.printing.pages import (
    FOOTER_H,
    GAP,
    Orientation,
    Placed,
    PrintError,
    PrintJob,
    paginate,
    paint_footer,
    render_jobs,
)
from m3desk.ui.printing.sheet_blocks import (
    AttributesBlock,
    CombatBlock,
    ContinuationHeader,
    HeaderBlock,
)
from m3desk.ui.printing.sheet_content import SheetContent, Table, sheet_content

__all__ = ["FOOTER_H", "GAP", "Placed", "PrintError", "layout_sheet", "render_sheets",
           "sheet_job"]

Sheet = CharacterSheet | MonsterSheet


def _blocks(content: SheetContent) -> list[Block]:
    blocks: list[Block] = [HeaderBlock(content), AttributesBlock(content.attributes),
                           CombatBlock(content.stats, content.pools, content.hero_points,
                                       "Defence and movement"
                                       if content.kind_label.startswith("char")
                                       else "Defence and initiative")]
    for section in content.sections:
        if isinstance(section, Table):
            blocks.append(TableBlock(section))
        else:
            blocks.append(TextBlock(section.title, section.text))
    if content.notes.strip():
        blocks += [TextBlock("Notes", content.notes), RuledLines()]
    else:
        blocks.append(RuledLines("Notes"))
    return blocks


def layout_sheet(canvas: Canvas, content: SheetContent) -> list[list[Placed]]:
    """Place the sheet's blocks on as many pages as they need.

    Writing lines only take what is left of the last page; a block that does not fit
    splits (tables by rows, text by lines) or moves whole to a continuation page.
    """
    return paginate(canvas, _blocks(content), lambda: ContinuationHeader(content.name))


def sheet_job(sheet: Sheet, rules: TableRules | None = None) -> PrintJob:
    """A sheet as one document of a print run: portrait, footer naming the sheet.

    ``rules`` are the table's house rules, so printed numbers match the screen's. Every
    game's documents reach this layout or another through :func:`.jobs.document_job`.
    """
    content = sheet_content(sheet, rules)

    def footer(canvas: Canvas, number: int, count: int) -> None:
        paint_footer(canvas, f"{content.name} \u00b7 {content.kind_label}", number, count,
                     overrides=content.has_overrides)

    return PrintJob(sheet.name, Orientation.Portrait,
                    lambda canvas: layout_sheet(canvas, content), footer)


def render_sheets(device: QPagedPaintDevice, sheets: Sequence[Sheet],
                  rules: TableRules | None = None) -> int:
    """Paint every sheet on ``device``, each starting a new page; returns pages painted.

    The device's page size and margins are used as they are: the caller chooses them
    (``export_pdf`` sets A4/Letter with 12 mm margins, a print dialog sets the printer's).
    """
    return render_jobs(device, [sheet_job(sheet, rules) for sheet in sheets],
                       choose_orientation=False)
