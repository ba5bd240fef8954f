"""Lay the GM's encounter sheet out on pages: header, initiative and ranges, combatants.

The sheet is designed landscape: the initiative order and the range table then sit
side by side under the header, and the combatant table has room for attacks and
effects as columns. Every block also works at portrait width (a printer the user set
to portrait): the two lists stack, the combatant table moves attacks under the
numbers, and a range table wider than the page is cut into column groups.
"""

from __future__ import annotations

import math

from PySide6.QtGui import QPagedPaintDevice

from m3desk.systems.monsters_and_magic.encounter import Encounter
from m3desk.ui.games.monsters_and_magic.printing.combatant_block import CombatantsBlock
from m3desk.ui.games.monsters_and_magic.printing.encounter_blocks import (
    MIN_LABEL_W,
    InitiativeBlock,
    RangeTableBlock,
    SideBySide,
)
from m3desk.ui.games.monsters_and_magic.printing.encounter_content import (
    GAME_NAME,
    EncounterContent,
    encounter_content,
)
from m3desk.ui.printing.canvas import Canvas
from m3desk.ui.printing.content import HeaderField
from m3desk.ui.printing.flow_blocks import Block, LogAndNotes, RuledLines, TextBlock
from m3desk.ui.printing.pages import (
    FOOTER_H,
    GAP,
    Orientation,
    Placed,
    PrintJob,
    paginate,
    paint_footer,
    render_jobs,
)
from m3desk.ui.printing.sheet_blocks import ContinuationHeader, HeaderBlock, PlainHeader

__all__ = ["encounter_job", "layout_encounter", "render_encounter"]

HEADER_VALUE_SIZE, HEADER_LABEL_SIZE = 10.5, 8.0
"""The sizes :class:`HeaderBlock` writes field values and their labels in."""
HEADER_GAP = 10.0
SIDE_SLACK = 1.2
MIN_NOTES_W = 200.0
"""Narrower writing lines are not worth a section of their own."""
NO_COMBATANTS = "No combatants yet: add them in the encounter window, then print again."


def _fits(canvas: Canvas, row: tuple[HeaderField, ...], width: float) -> bool:
    total = sum(f.weight for f in row)
    room = width - HEADER_GAP * (len(row) - 1)
    return all(
        max(
            canvas.text_width(f.value, HEADER_VALUE_SIZE),
            canvas.text_width(f.label, HEADER_LABEL_SIZE),
        )
        <= room * f.weight / total - 2
        for f in row
    )


def _header_rows(
    canvas: Canvas, fields: tuple[HeaderField, ...]
) -> tuple[tuple[HeaderField, ...], ...]:
    """All fields on one line when their values fit (landscape), else two lines.

    Cutting "Indoors, vast space (cathedral, huge cavern)" to fit would lose the very
    words that justify the maximum range, so a narrow page spends 25 pt on a second line.
    """
    if _fits(canvas, fields, canvas.width):
        return (fields,)
    return (fields[:2], fields[2:])


def _range_blocks(canvas: Canvas, content: EncounterContent) -> list[Block]:
    """One range table, or several column groups when the columns outrun the page."""
    matrix = content.ranges
    count = len(matrix.names)
    per_page = max(int((canvas.width - MIN_LABEL_W) // RangeTableBlock.column_width(canvas)), 1)
    if count <= per_page:
        return [RangeTableBlock(matrix)]
    groups = math.ceil(count / per_page)
    size = math.ceil(count / groups)  # even groups: 12 + 12, not 20 + 4
    return [
        RangeTableBlock(matrix, range(start, min(start + size, count)))
        for start in range(0, count, size)
    ]


def _lists(canvas: Canvas, content: EncounterContent, room: float) -> tuple[list[Block], bool]:
    """Initiative and ranges side by side when both fit across and down, else stacked.

    Returns the blocks and whether they already give the GM a place for notes: stacked
    on a landscape page the initiative list leaves half the width empty, and writing
    lines there are worth more than the scraps left at the end of the sheet.
    """
    initiative = InitiativeBlock(content.initiative)
    ranges = _range_blocks(canvas, content)
    width = canvas.width
    if len(ranges) == 1:
        # Beside the initiative only with cells a little roomier than their minimum: at the
        # minimum, headings are cut and a stacked table on its own line reads better.
        range_w = RangeTableBlock.natural_width(
            canvas, content.ranges, len(content.ranges.names), slack=SIDE_SLACK
        )
        wanted = InitiativeBlock.natural_width(canvas, content.initiative)
        left_w = min(width - SideBySide.GAP - range_w, InitiativeBlock.MAX_W)
        if left_w >= wanted:
            both = SideBySide(initiative, ranges[0], left_w)
            if both.height(canvas, width) <= room:
                return [both], False
    used_w = initiative.used_width(canvas, width)
    if width - used_w - SideBySide.GAP >= MIN_NOTES_W:
        beside = SideBySide(initiative, RuledLines("Notes"), used_w)
        if beside.height(canvas, width) <= room:
            return [beside, *ranges], True
    return [initiative, *ranges], False


def _blocks(canvas: Canvas, content: EncounterContent) -> list[Block]:
    header = HeaderBlock(
        PlainHeader(content.name, content.kind_label, _header_rows(canvas, content.header_fields)),
        GAME_NAME,
    )
    if not content.combatants:
        return [header, TextBlock("Combatants", NO_COMBATANTS), RuledLines("Notes")]
    room = canvas.height - FOOTER_H - header.height(canvas, canvas.width) - GAP
    lists, has_notes = _lists(canvas, content, room)
    return [
        header,
        *lists,
        CombatantsBlock(content.combatants),
        LogAndNotes(content.log, "" if has_notes else "Notes"),
    ]


def layout_encounter(canvas: Canvas, content: EncounterContent) -> list[list[Placed]]:
    """Place the encounter sheet's blocks on as many pages as they need."""
    return paginate(canvas, _blocks(canvas, content), lambda: ContinuationHeader(content.name))


def encounter_job(encounter: Encounter) -> PrintJob:
    """The encounter as one document of a print run: landscape, footer naming it."""
    content = encounter_content(encounter)

    def footer(canvas: Canvas, number: int, count: int) -> None:
        paint_footer(
            canvas,
            f"{content.name} \u00b7 {content.kind_label}",
            number,
            count,
            overrides=content.has_overrides,
        )

    return PrintJob(
        encounter.name,
        Orientation.Landscape,
        lambda canvas: layout_encounter(canvas, content),
        footer,
    )


def render_encounter(device: QPagedPaintDevice, encounter: Encounter) -> int:
    """Paint the encounter sheet on ``device`` as it is set up; returns pages painted."""
    return render_jobs(device, [encounter_job(encounter)], choose_orientation=False)
