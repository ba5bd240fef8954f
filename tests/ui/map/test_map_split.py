"""The printed map at a page's foot: shrunk into the room left only while its tokens keep
most of their size, else whole on the next page (a crowd of ten squeezed into the last
72 points of a page printed its tokens on top of each other, one name of nine legible).
Every installed game that keeps places, from the registry."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QPageLayout, QPageSize, QPainter, QPdfWriter

from m3desk.ui.printing.canvas import Canvas
from m3desk.ui.printing.flow_blocks import TITLE_H
from m3desk.ui.printing.map_block import MIN_MAP_H, SHRINK_LEAST, MapBlock
from tests.ui.map.melee import MAP_GAMES, melee


def _canvas(tmp_path: Path) -> tuple[Canvas, QPainter, QPdfWriter]:
    writer = QPdfWriter(str(tmp_path / "map.pdf"))
    writer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
    writer.setPageOrientation(QPageLayout.Orientation.Landscape)
    painter = QPainter(writer)
    return Canvas(painter), painter, writer  # the writer outlives the painter


@pytest.mark.parametrize("game", MAP_GAMES)
def test_a_crowd_goes_to_the_next_page_rather_than_shrink(
    qtbot: object, tmp_path: Path, game: str
) -> None:
    canvas, painter, _writer = _canvas(tmp_path)
    try:
        block = MapBlock(melee(game, 12))
        width = canvas.width - 40
        whole = block.height(canvas, width)
        scale = block.frame_for(width).scale
        foot = TITLE_H + MIN_MAP_H + 2
        assert foot < whole, "the crowd's map needs more than the least room"
        here, later = block.split(canvas, width, foot, force=False)
        assert (MIN_MAP_H + 2) / (whole - TITLE_H) < SHRINK_LEAST, "the foot is small"
        assert here is None and later is block
        # Room enough to keep most of the scale: shrunk in place, never under that share.
        # (At 90 % a second line of names under a row of diamonds, standing clear of their
        # tips, ran 2 points past the map's foot: it went to the next page.)
        roomy = TITLE_H + (whole - TITLE_H) * 0.95
        here, later = block.split(canvas, width, roomy, force=False)
        assert here is not None and later is None
        assert here.frame_for(width).scale >= SHRINK_LEAST * scale
        # A page of its own does not help a map taller than a page: forced, it shrinks.
        here, later = block.split(canvas, width, foot, force=True)
        assert here is not None and later is None
    finally:
        painter.end()
