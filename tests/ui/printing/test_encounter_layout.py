"""Where the encounter sheet's parts land, and that no text spills or overlaps, even at 12+."""

from __future__ import annotations

from itertools import pairwise

import pytest
from PySide6.QtGui import QPageLayout, QPageSize

from m3desk.systems.monsters_and_magic.conditions import Condition, ConditionKind, Tier
from m3desk.systems.monsters_and_magic.encounter import Encounter, add_combatant, update_combatant
from m3desk.systems.monsters_and_magic.sheet import MonsterAttack, MonsterSheet
from m3desk.ui.games.monsters_and_magic.printing.combatant_block import CombatantsBlock
from m3desk.ui.games.monsters_and_magic.printing.encounter_blocks import (
    MIN_LABEL_W,
    InitiativeBlock,
    RangeTableBlock,
    SideBySide,
)
from m3desk.ui.games.monsters_and_magic.printing.encounter_content import encounter_content
from m3desk.ui.games.monsters_and_magic.printing.encounter_layout import layout_encounter
from m3desk.ui.printing.flow_blocks import Block, LogAndNotes
from m3desk.ui.printing.pages import FOOTER_H, Placed
from m3desk.ui.printing.sheet_blocks import ContinuationHeader, HeaderBlock
from tests.ui.printing.canvas_probe import assert_clean, page_canvas, paint_page
from tests.ui.printing.encounters import crowded_encounter, fane_encounter

A4, LETTER = QPageSize.PageSizeId.A4, QPageSize.PageSizeId.Letter
LANDSCAPE, PORTRAIT = QPageLayout.Orientation.Landscape, QPageLayout.Orientation.Portrait
PAGES = [(A4, LANDSCAPE), (LETTER, LANDSCAPE), (A4, PORTRAIT), (LETTER, PORTRAIT)]
PAGE_IDS = ["A4-landscape", "Letter-landscape", "A4-portrait", "Letter-portrait"]


@pytest.fixture(scope="module")
def encounters() -> dict[str, Encounter]:
    return {"fane": fane_encounter(), "crowded": crowded_encounter()}


def _blocks(pages: list[list[Placed]]) -> list[Block]:
    found: list[Block] = []
    for page in pages:
        for placed in page:
            block = placed.block
            found += [block.left, block.right] if isinstance(block, SideBySide) else [block]
    return found


@pytest.mark.parametrize(("size", "orientation"), PAGES, ids=PAGE_IDS)
@pytest.mark.parametrize("which", ["fane", "crowded"])
def test_blocks_stay_on_the_page_and_no_text_overlaps(
    qapp, encounters, which, size, orientation
) -> None:
    with page_canvas(size, orientation) as canvas:
        pages = layout_encounter(canvas, encounter_content(encounters[which]))
        bottom = canvas.height - FOOTER_H
        for number, page in enumerate(pages):
            previous_end = 0.0
            for placed in page:
                assert placed.y >= previous_end - 0.01, (number, placed)
                assert placed.y + placed.height <= bottom + 0.01, (number, placed)
                previous_end = placed.y + placed.height
            if number:
                assert isinstance(page[0].block, ContinuationHeader) and len(page) > 1
            assert_clean(canvas, paint_page(canvas, page), f"{which} page {number + 1}")
        assert isinstance(pages[0][0].block, HeaderBlock)
    expected = {"fane": 1, "crowded": 2}[which]
    if len(pages) == expected + 1:  # a full last page: the log goes on, never away
        assert [type(p.block) for p in pages[-1]] == [ContinuationHeader, LogAndNotes]
    else:
        assert len(pages) == expected


def test_the_sample_reads_side_by_side_on_one_landscape_page(qapp, encounters) -> None:
    with page_canvas() as canvas:
        pages = layout_encounter(canvas, encounter_content(encounters["fane"]))
        top = pages[0][1]
        assert isinstance(top.block, SideBySide)
        assert isinstance(top.block.left, InitiativeBlock)
        assert isinstance(top.block.right, RangeTableBlock)
        right_w = canvas.width - top.block.left_width - SideBySide.GAP
        assert top.block.right._table_w(canvas, right_w) <= right_w + 0.01
        assert any(isinstance(p.block, CombatantsBlock) for p in pages[0])


@pytest.mark.parametrize(("size", "orientation"), PAGES, ids=PAGE_IDS)
def test_twelve_combatants_keep_one_range_table_and_every_row(
    qapp, encounters, size, orientation
) -> None:
    with page_canvas(size, orientation) as canvas:
        pages = layout_encounter(canvas, encounter_content(encounters["crowded"]))
        blocks = _blocks(pages)
        ranges = [b for b in blocks if isinstance(b, RangeTableBlock)]
        assert all(len(b.columns) == 12 for b in ranges)  # no column groups at 12
        assert [r for b in ranges for r in b.rows] == list(range(12))
        label_w, col_w = ranges[0]._grid(canvas, canvas.width)
        assert label_w >= MIN_LABEL_W and label_w + 12 * col_w <= canvas.width + 0.01
        combatants = [b for b in blocks if isinstance(b, CombatantsBlock)]
        assert [r for b in combatants for r in b.rows] == list(range(12))
        initiative = [b for b in blocks if isinstance(b, InitiativeBlock)]
        assert [r for b in initiative for r in b.rows] == list(range(12))


@pytest.mark.parametrize("width", [520.0, 780.0], ids=["portrait", "landscape"])
def test_combatant_columns_sit_side_by_side_inside_the_table(
    qapp, encounters, width: float
) -> None:
    with page_canvas() as canvas:
        block = CombatantsBlock(encounter_content(encounters["crowded"]).combatants)
        layout = block._measure(canvas, width)
        columns = sorted(
            (layout.x[key], layout.w[key], key)
            for key in layout.x
            if layout.wide or key not in ("attacks", "effects")
        )
        for (x, w, key), (next_x, _, next_key) in pairwise(columns):
            assert x + w <= next_x + 0.01, (key, next_key)
        assert columns[-1][0] + columns[-1][1] <= width + 0.01
        assert layout.w["name"] >= 90
        assert sum(layout.sub) < layout.w["attacks"] - 40  # attack names keep some room


def test_a_huge_encounter_splits_its_range_table_into_column_groups(qapp) -> None:
    goblin = MonsterSheet(name="Goblin", attacks=(MonsterAttack(name="Spear", damage="1d6"),))
    encounter = Encounter(name="Goblin warren")
    for _ in range(40):
        encounter = add_combatant(encounter, goblin, "Monsters")
    with page_canvas() as canvas:
        pages = layout_encounter(canvas, encounter_content(encounter))
        ranges = [b for b in _blocks(pages) if isinstance(b, RangeTableBlock)]
        groups = sorted({(b.columns.start, b.columns.stop) for b in ranges})
        assert len(groups) >= 2 and groups[0][0] == 0 and groups[-1][1] == 40
        sizes = [stop - start for start, stop in groups]
        assert max(sizes) - min(sizes) <= 1  # even groups, not 20 + 4
        for start, stop in groups:
            rows = [
                r
                for b in ranges
                if (b.columns.start, b.columns.stop) == (start, stop)
                for r in b.rows
            ]
            assert rows == list(range(40))
        for number, page in enumerate(pages):
            assert_clean(canvas, paint_page(canvas, page), f"page {number + 1}")


@pytest.mark.parametrize("orientation", [LANDSCAPE, PORTRAIT], ids=["landscape", "portrait"])
def test_an_overloaded_combatant_keeps_its_row_shorter_than_a_page(qapp, orientation) -> None:
    curses = tuple(
        Condition.make(
            f"Curse of the {i}th moon",
            ConditionKind.CONSEQUENCE,
            Tier.MINOR,
            scope="all checks made in darkness",
        )
        for i in range(40)
    )
    lich = MonsterSheet(
        name="Lich " + "Ancient " * 7 + "of the Black Spire",
        conditions=curses,
        attacks=tuple(
            MonsterAttack(name="Withering " * 7 + str(i), damage="10d12+30") for i in range(9)
        ),
    )
    encounter = add_combatant(Encounter(), lich, "Monsters")
    encounter = update_combatant(encounter, encounter.combatants[0].id, notes="Gloats. " * 99)
    with page_canvas(A4, orientation) as canvas:
        pages = layout_encounter(canvas, encounter_content(encounter))
        rows = [p for page in pages for p in page if isinstance(p.block, CombatantsBlock)]
        assert len(rows) == 1 and rows[0].height < (canvas.height - FOOTER_H) / 2
        for number, page in enumerate(pages):
            drawn = paint_page(canvas, page)
            assert_clean(canvas, drawn, f"page {number + 1}")
    texts = [item.text for item in drawn]
    assert any(text.endswith("more on the sheet") for text in texts)
    assert any("\u2026" in text and text.endswith("Spire") for text in texts)


def test_an_empty_encounter_still_prints_a_page(qapp) -> None:
    with page_canvas() as canvas:
        pages = layout_encounter(canvas, encounter_content(Encounter(name="Quiet corridor")))
        assert len(pages) == 1
        drawn = paint_page(canvas, pages[0])
    assert any("No combatants yet" in item.text for item in drawn)
