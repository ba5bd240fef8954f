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
from m3desk.ui.games.monsters_and_magic.printing.sheet_content import (
    GAME_NAME,
    AttributeBox,
    SheetContent,
    Table,
    sheet_content,
)
from m3desk.ui.printing.canvas import LIGHT_FILL, SOFT_INK, Canvas
from m3desk.ui.printing.content import Cell
from m3desk.ui.printing.flow_blocks import (
    Block,
    RuledLines,
    TableBlock,
    TextBlock,
    gm_tag,
    gm_tag_width,
)
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
    LABEL_SIZE,
    TIMES,
    CombatBlock,
    ContinuationHeader,
    HeaderBlock,
    _Fixed,
    _value,
)

__all__ = ["FOOTER_H", "GAP", "AttributesBlock", "Placed", "PrintError", "layout_sheet",
           "render_sheets", "sheet_job"]

Sheet = CharacterSheet | MonsterSheet


class AttributesBlock(_Fixed):
    """Six boxes: score large, ATT modifier below, the prime one framed and marked ×2."""

    BOX_H = 56.0
    GAP = 6.0
    STRIP_H = 17.0

    def __init__(self, boxes: tuple[AttributeBox, ...]) -> None:
        self.boxes = boxes

    def height(self, canvas: Canvas, width: float) -> float:
        return self.BOX_H

    def paint(self, canvas: Canvas, x: float, y: float, width: float, height: float) -> None:
        count = len(self.boxes)
        box_w = (width - self.GAP * (count - 1)) / count
        for index, box in enumerate(self.boxes):
            self._paint_box(canvas, x + index * (box_w + self.GAP), y, box_w, box)

    def _paint_box(self, canvas: Canvas, x: float, y: float, w: float,
                   box: AttributeBox) -> None:
        h = self.BOX_H
        prime = box.prime_check is not None
        strip_y = y + h - self.STRIP_H
        canvas.box(x, strip_y, w, self.STRIP_H, line=0, fill=LIGHT_FILL)
        canvas.line(x, strip_y, x + w, strip_y, width=0.35)
        canvas.box(x, y, w, h, line=1.8 if prime else 0.6)
        canvas.text(x + 4, y + 2, w - 8, 13, str(box.attribute), 9.5, bold=True)
        overridden = box.modifier.gm or (box.prime_check is not None and box.prime_check.gm)
        if overridden:
            # No room beside the numbers in the strip: the box says "GM" where the name was.
            gm_tag(canvas, x + w - 4 - gm_tag_width(canvas), y + 2, 12)
        else:
            full = box.attribute.full_name
            if canvas.text_width(full, LABEL_SIZE) > w - 8 - canvas.text_width(
                    "STR ", 9.5, bold=True):
                full = full[:3] + "."
            canvas.text(x + 4, y + 2, w - 8, 13, full, LABEL_SIZE, align="right",
                        color=SOFT_INK)
        canvas.text(x, y + 13, w, strip_y - y - 13, str(box.score), 20, bold=True,
                    align="center")
        if prime and box.prime_check is not None:
            half = w / 2
            self._labelled(canvas, x, strip_y, half, "mod", box.modifier)
            canvas.line(x + half, strip_y, x + half, y + h, width=0.35)
            self._labelled(canvas, x + half, strip_y, half, f"prime {TIMES}2", box.prime_check,
                           compact=True)
        else:
            self._labelled(canvas, x, strip_y, w, "mod", box.modifier)

    def _labelled(self, canvas: Canvas, x: float, y: float, w: float, label: str,
                  cell: Cell, *, compact: bool = False) -> None:
        """``mod +3`` centred in the strip: a small label, then the value in bold."""
        size = 11.0
        cell = Cell(cell.text)  # the GM mark sits in the box's top row, see _paint_box
        label_w = canvas.text_width(label, LABEL_SIZE) + 3
        value_w = canvas.text_width(cell.text, size, bold=True)
        tag_w = 0.0
        if compact and label_w + value_w > w - 4:
            label = f"{TIMES}2"
            label_w = canvas.text_width(label, LABEL_SIZE, bold=True) + 3
        left = x + max(2.0, (w - label_w - value_w - tag_w) / 2)
        canvas.text(left, y, label_w, self.STRIP_H, label, LABEL_SIZE, color=SOFT_INK,
                    bold=compact)
        _value(canvas, left + label_w, y, self.STRIP_H, cell, size)


def _blocks(content: SheetContent) -> list[Block]:
    blocks: list[Block] = [HeaderBlock(content, GAME_NAME), AttributesBlock(content.attributes),
                           CombatBlock(content.stats, content.pools, content.hero_points,
                                       "Defence and movement"
                                       if content.kind_label.startswith("char")
                                       else "Defence and initiative",
                                       tally_label="Hero points")]
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
