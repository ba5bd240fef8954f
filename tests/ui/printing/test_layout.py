"""Where blocks land: inside the page, never on top of each other, split sensibly."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF
from PySide6.QtGui import QPageLayout, QPageSize, QPainter, QPdfWriter

from m3desk.ui.printing.canvas import Canvas
from m3desk.ui.printing.flow_blocks import RuledLines, TableBlock, TextBlock
from m3desk.ui.printing.form_print import form_sheet_job
from m3desk.ui.printing.pages import FOOTER_H
from m3desk.ui.printing.sheet_blocks import ContinuationHeader, HeaderBlock


@contextmanager
def pdf_canvas(size: QPageSize.PageSizeId = QPageSize.PageSizeId.A4) -> Iterator[Canvas]:
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setResolution(1200)
    writer.setPageLayout(
        QPageLayout(
            QPageSize(size),
            QPageLayout.Orientation.Portrait,
            QMarginsF(12, 12, 12, 12),
            QPageLayout.Unit.Millimeter,
        )
    )
    painter = QPainter(writer)
    try:
        yield Canvas(painter)
    finally:
        painter.end()


SIZES = [QPageSize.PageSizeId.A4, QPageSize.PageSizeId.Letter]


@pytest.mark.parametrize("size", SIZES, ids=["A4", "Letter"])
def test_canvas_measures_the_printable_area_in_points(qapp, size) -> None:
    with pdf_canvas(size) as canvas:
        expected_w = {SIZES[0]: 595.3, SIZES[1]: 612.0}[size] - 2 * 12 * 72 / 25.4
        assert canvas.width == pytest.approx(expected_w, abs=1.0)


@pytest.mark.parametrize("size", SIZES, ids=["A4", "Letter"])
@pytest.mark.parametrize("which", ["gramfive", "xiola", "first-one-mummy", "long"])
def test_blocks_stay_on_the_page_and_apart(qapp, samples, long_sheet, size, which) -> None:
    sheet = long_sheet if which == "long" else samples[which]
    with pdf_canvas(size) as canvas:
        pages = form_sheet_job(sheet).layout(canvas)
        bottom = canvas.height - FOOTER_H
        for number, page in enumerate(pages):
            assert page, f"page {number + 1} is empty"
            previous_end = 0.0
            for placed in page:
                assert placed.y >= previous_end - 0.01, (number, placed)
                assert placed.y + placed.height <= bottom + 0.01, (number, placed)
                previous_end = placed.y + placed.height
            if number:
                assert isinstance(page[0].block, ContinuationHeader)
                assert len(page) > 1
        assert isinstance(pages[0][0].block, HeaderBlock)
    if which == "long":
        assert len(pages) >= 2
    else:
        assert len(pages) == 1


def test_a_split_table_repeats_its_title_and_drops_leftover_blank_rows(qapp, long_sheet) -> None:
    with pdf_canvas() as canvas:
        pages = form_sheet_job(long_sheet).layout(canvas)
    equipment = [
        p.block
        for page in pages
        for p in page
        if isinstance(p.block, TableBlock) and p.block.table.title == "Equipment"
    ]
    assert len(equipment) >= 2
    assert not equipment[0].continued and all(part.continued for part in equipment[1:])
    covered = []
    for part in equipment:
        covered.extend(part.row_range)
    rows = len(equipment[0].table.rows)
    assert [r for r in covered if r < rows] == list(range(rows))  # every item exactly once


def test_writing_lines_only_fill_what_is_left(qapp, samples) -> None:
    with pdf_canvas() as canvas:
        pages = form_sheet_job(samples["first-one-mummy"]).layout(canvas)
        last = pages[-1][-1]
        assert isinstance(last.block, RuledLines)
        assert last.y + last.height == pytest.approx(canvas.height - FOOTER_H)


def test_text_wraps_within_its_width_and_keeps_paragraphs(qapp) -> None:
    with pdf_canvas() as canvas:
        text = "word " * 200 + "\n\nsecond paragraph " + "x" * 400
        lines = canvas.wrap(text, 9, 200)
        assert "" in lines  # the paragraph break survives
        assert all(canvas.text_width(line, 9) <= 200 for line in lines)
        assert "".join(lines).count("x") == 400  # an over-long word is cut, not lost


def test_text_block_splits_by_lines(qapp) -> None:
    with pdf_canvas() as canvas:
        block = TextBlock("Notes", "line\n" * 100)
        head, tail = block.split(canvas, 400, 200, force=False)
        assert head is not None and tail is not None
        assert head.height(canvas, 400) <= 200
        assert tail.continued
        tiny = block.split(canvas, 400, 20, force=False)
        assert tiny == (None, block)
