"""Lay a character or monster sheet out on pages and paint it with QPainter.

One code path serves PDF export (``QPdfWriter``), paper printing and the print preview
(``QPrinter``): anything that is a ``QPagedPaintDevice``. QPainter rather than an HTML
``QTextDocument`` because it gives an exact, fixed layout (a typical 1st-level character
fits one page on A4 and on Letter) and is about 3× faster (performance notes §A5).

Layout happens in two passes: first every block is measured and placed on pages, then
the pages are painted, so each footer can say "page 1 of 2".
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtGui import QPagedPaintDevice, QPainter

from m3desk.rules.sheet import CharacterSheet, MonsterSheet
from m3desk.ui.printing.canvas import INK, SOFT_INK, Canvas
from m3desk.ui.printing.flow_blocks import Block, RuledLines, TableBlock, TextBlock
from m3desk.ui.printing.sheet_blocks import (
    AttributesBlock,
    CombatBlock,
    ContinuationHeader,
    HeaderBlock,
)
from m3desk.ui.printing.sheet_content import SheetContent, Table, sheet_content

__all__ = ["Placed", "PrintError", "layout_sheet", "render_sheets"]

Sheet = CharacterSheet | MonsterSheet
GAP = 7.0
"""Space between sections, in points."""
FOOTER_H = 20.0


class PrintError(RuntimeError):
    """The page could not be drawn on (e.g. the printer or PDF file refused to open)."""


@dataclass(frozen=True, slots=True)
class Placed:
    block: Block
    y: float
    height: float


def _blocks(content: SheetContent) -> list[Block]:
    blocks: list[Block] = [HeaderBlock(content), AttributesBlock(content.attributes),
                           CombatBlock(content)]
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
    width = canvas.width
    bottom = canvas.height - FOOTER_H
    pages: list[list[Placed]] = [[]]
    y = 0.0
    fresh_top = 0.0
    queue: deque[Block] = deque(_blocks(content))
    while queue:
        block = queue.popleft()
        available = bottom - y
        if block.fills:
            if block.height(canvas, width) <= available:
                pages[-1].append(Placed(block, y, available))
                y = bottom
            continue
        height = block.height(canvas, width)
        if height <= available:
            pages[-1].append(Placed(block, y, height))
            y += height + GAP
            continue
        head, tail = block.split(canvas, width, available, force=y <= fresh_top)
        if head is not None:
            pages[-1].append(Placed(head, y, min(head.height(canvas, width), available)))
        if tail is None:
            y = bottom
            continue
        queue.appendleft(tail)
        continuation = ContinuationHeader(content.name)
        cont_h = continuation.height(canvas, width)
        pages.append([Placed(continuation, 0.0, cont_h)])
        y = fresh_top = cont_h + GAP
    return pages


def _paint_footer(canvas: Canvas, content: SheetContent, number: int, count: int) -> None:
    top = canvas.height - FOOTER_H + 8
    width = canvas.width
    canvas.line(0, top, width, top, width=0.4, color=INK)
    text_y, text_h = top + 0.5, FOOTER_H - 8.5
    right = f"page {number} of {count}"
    if content.has_overrides:
        right = f"GM = value set by the GM \u00b7 {right}"
    right_w = canvas.text_width(right, 8) + 2
    canvas.text(width - right_w, text_y, right_w, text_h, right, 8, align="right",
                color=SOFT_INK)
    left_w = max(width - right_w - 12, 0)
    left = canvas.elide(f"{content.name} \u00b7 {content.kind_label}", 8, left_w)
    canvas.text(0, text_y, left_w, text_h, left, 8, color=SOFT_INK)


def render_sheets(device: QPagedPaintDevice, sheets: Sequence[Sheet]) -> int:
    """Paint every sheet on ``device``, each starting a new page; returns pages painted.

    The device's page size and margins are used as they are: the caller chooses them
    (``export_pdf`` sets A4/Letter with 12 mm margins, a print dialog sets the printer's).
    """
    if not sheets:
        raise ValueError("no sheets to print")
    painter = QPainter()
    if not painter.begin(device):
        raise PrintError("could not start drawing on the page (printer or file unavailable)")
    pages_painted = 0
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        canvas = Canvas(painter)
        for sheet in sheets:
            content = sheet_content(sheet)
            pages = layout_sheet(canvas, content)
            for number, page in enumerate(pages, start=1):
                if pages_painted and not device.newPage():
                    raise PrintError("could not start a new page")
                for placed in page:
                    placed.block.paint(canvas, 0.0, placed.y, canvas.width, placed.height)
                _paint_footer(canvas, content, number, len(pages))
                pages_painted += 1
    finally:
        painter.end()
    return pages_painted
