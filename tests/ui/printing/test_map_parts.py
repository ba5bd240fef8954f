"""A printed map taller than a page (an A6 card, landscape: three ranks shoulder to shoulder
need the map's full height, the page holds less): it prints in parts of whole rows at its
own scale, each part's tokens and names on its page, "Map, continued" over the rest.
Squeezed onto one page it left four names of twelve out.
Every installed game that keeps places, from the registry."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QMarginsF
from PySide6.QtGui import QPageLayout, QPageSize, QPainter, QPdfWriter

from m3desk.core import encounter as core
from m3desk.core.places import Place
from m3desk.ui.map.labels import token_label
from m3desk.ui.printing.canvas import Canvas
from m3desk.ui.printing.export import MARGIN_MM
from m3desk.ui.printing.flow_blocks import TITLE_H
from m3desk.ui.printing.map_block import MapBlock
from m3desk.ui.printing.pages import FOOTER_H, GAP, paginate
from m3desk.ui.printing.sheet_blocks import ContinuationHeader
from tests.ui.map.melee import MAP_GAMES, melee
from tests.ui.map.test_map_far_off import _times, with_far
from tests.ui.map.test_map_melee import LEAST_PRINTED_TOKEN, _clashes
from tests.ui.printing.conftest import pdftotext


def ranks(game: str, count: int, across: int = 4, gap: int = 2) -> core.Encounter:
    """``count`` combatants in ranks of ``across``, each rank ``gap`` steps behind the last."""
    encounter = melee(game, count)
    step = encounter.position_model.step
    places = {
        c.id: Place.at((n % across) * step, (n // across) * gap * step, 0.0)
        for n, c in enumerate(encounter.combatants)
    }
    return encounter.model_copy(update={"places": places, "areas": ()})


def _pages(
    tmp_path: Path, encounter: core.Encounter
) -> tuple[list[list[MapBlock]], Path, float, float]:
    """The map laid out after a page's header on A6 landscape pages as the encounter sheet
    lays it out, painted: the map blocks of each page, the PDF, the page's width and how
    much taller than the room a page has for it the whole map is."""
    path = tmp_path / "card.pdf"
    writer = QPdfWriter(str(path))
    writer.setResolution(1200)
    writer.setPageLayout(
        QPageLayout(
            QPageSize(QPageSize.PageSizeId.A6),
            QPageLayout.Orientation.Landscape,
            QMarginsF(MARGIN_MM, MARGIN_MM, MARGIN_MM, MARGIN_MM),
            QPageLayout.Unit.Millimeter,
        )
    )
    painter = QPainter(writer)
    maps: list[list[MapBlock]] = []
    try:
        canvas = Canvas(painter)
        header = ContinuationHeader(encounter.name)
        width = canvas.width
        room = canvas.height - FOOTER_H - header.height(canvas, width) - GAP
        over = MapBlock(encounter).height(canvas, width) - room
        laid = paginate(
            canvas, [header, MapBlock(encounter)], lambda: ContinuationHeader(encounter.name)
        )
        for number, page in enumerate(laid):
            if number:
                writer.newPage()
            for placed in page:
                placed.block.paint(canvas, 0.0, placed.y, canvas.width, placed.height)
            maps.append([p.block for p in page if isinstance(p.block, MapBlock)])
    finally:
        painter.end()
    return maps, path, width, over


def _page_text(path: Path, number: int) -> str:
    args = ["pdftotext", "-f", str(number), "-l", str(number), str(path), "-"]
    return subprocess.run(args, capture_output=True, text=True, check=True).stdout


@pytest.mark.parametrize("count", (10, 12))
@pytest.mark.parametrize("game", MAP_GAMES)
def test_a_map_taller_than_a_page_prints_in_parts_with_their_names(
    qapp: Any, tmp_path: Path, game: str, count: int
) -> None:
    encounter = ranks(game, count, gap=1)
    maps, path, width, over = _pages(tmp_path, encounter)
    assert over > 0, "the map fits a page: nothing to split"
    whole_block = MapBlock(encounter)
    picture = whole_block.picture
    unit = picture.model.unit
    whole = {t.combatant_id: token_label(t, unit) for t in picture.tokens}
    names = set(whole.values())
    with_map = [(n, blocks) for n, blocks in enumerate(maps, start=1) if blocks]
    printed: dict[str, str] = {}
    for number, blocks in with_map:
        (block,) = blocks
        painted = block.painted
        assert painted is not None
        assert not set(painted.texts) & set(printed), "a token on two pages"
        printed.update(painted.texts)
        # Each part's names in its page's text once, and no name of another part's.
        text = _page_text(path, number)
        for said in painted.texts.values():
            assert _times(text, said, names) == 1, f"{said} not on page {number}"
        others = {whole[w] for w in whole if w not in painted.texts}
        assert [n for n in others if _times(text, n, names)] == [], f"page {number}"
        frame = block.frame_for(width)
        assert _clashes(painted, frame.width, frame.height) == []
        small = [round(m.width(), 1) for m in painted.markers if m.width() < LEAST_PRINTED_TOKEN]
        assert small == [], f"tokens {small} points across"
    assert printed == whole, "names left out or shortened"
    assert len(with_map) >= 2, "the map did not split"
    # At the map's own scale on every page (not squeezed), the rest said to continue.
    scale = whole_block.frame_for(width).scale
    for _number, (block,) in with_map:
        assert block.frame_for(width).scale == pytest.approx(scale)
    assert "MAP, CONTINUED" in _page_text(path, with_map[1][0])
    assert "MAP, CONTINUED" not in _page_text(path, with_map[0][0])
    assert re.search(r"\bgrid in\b", " ".join(pdftotext(path).split()))


SHARES = (0.95, 0.85, 0.76)
"""Of the room the map needs below its title, what a page's foot has left."""


@pytest.mark.parametrize("far", (False, True), ids=("melee", "with a straggler"))
@pytest.mark.parametrize("game", MAP_GAMES)
def test_a_map_at_a_page_foot_keeps_every_name_or_moves_whole(
    qapp: Any, tmp_path: Path, game: str, far: bool
) -> None:
    """Shrunk into the room left at a page's foot only where every name still prints whole
    (in the PDF's text, once), else whole on the next page, where it fits (an OSE melee of
    twelve shrunk to three quarters of its height printed three names of twelve)."""
    encounter = with_far(game, 12, (60, 3)) if far else melee(game, 12)
    unit = encounter.position_model.unit
    for share in SHARES:
        path = tmp_path / f"foot-{share}.pdf"
        writer = QPdfWriter(str(path))
        writer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
        writer.setPageOrientation(QPageLayout.Orientation.Landscape)
        painter = QPainter(writer)
        try:
            canvas = Canvas(painter)
            width = canvas.width - 40
            block = MapBlock(encounter)
            whole_h = block.height(canvas, width)
            assert whole_h <= canvas.height - FOOTER_H, "the whole map fits a page"
            here, later = block.split(
                canvas, width, TITLE_H + (whole_h - TITLE_H) * share, force=False
            )
            if here is None:
                assert later is block
                continue
            assert later is None and here.height(canvas, width) < whole_h
            here.paint(canvas, 20, 20, width, here.map_height_for(width))
        finally:
            painter.end()
        painted = here.painted
        assert painted is not None
        whole = {t.combatant_id: token_label(t, unit) for t in here.picture.tokens}
        assert painted.texts == whole, f"names left out at {share:.0%} of the room"
        text, names = pdftotext(path), set(whole.values())
        assert {n: _times(text, n, names) for n in names} == dict.fromkeys(names, 1)
