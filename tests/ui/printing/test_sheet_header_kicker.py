"""The line above a printed sheet's name (game · summary · kind) is printed whole, on two lines
when the name leaves it too little room: a long name cut AD&D's "HP 14/14" to "HP 1…", and
an OSE elf's line ended "character she…"."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QPageLayout, QPageSize

from m3desk.assets import sample_files
from m3desk.core import registry
from m3desk.storage.sheet_files import load_sheet
from m3desk.ui.printing.export import export_pdf
from m3desk.ui.printing.jobs import document_job
from m3desk.ui.printing.sheet_blocks import HeaderBlock
from tests.ui.printing.canvas_probe import page_canvas
from tests.ui.printing.conftest import pdftotext

LONG_NAME = "Sir Reginald Aloysius Fortescue-Smythe of the Thirteenth Moon"
SAMPLES = [path for system in registry.systems() for path in sample_files(system.id)]


@pytest.mark.parametrize("long_name", [False, True], ids=["own-name", "long-name"])
@pytest.mark.parametrize("source", SAMPLES, ids=[f"{p.parent.name}-{p.stem}" for p in SAMPLES])
def test_the_kicker_above_the_name_is_printed_whole(
    qapp: object, tmp_path: Path, source: Path, long_name: bool
) -> None:
    sheet = load_sheet(source).model
    if long_name:
        sheet = sheet.model_copy(update={"name": LONG_NAME})
    with page_canvas(QPageSize.PageSizeId.A4, QPageLayout.Orientation.Portrait) as canvas:
        headers = [
            placed.block
            for page in document_job(sheet).layout(canvas)
            for placed in page
            if isinstance(placed.block, HeaderBlock)
        ]
    out = tmp_path / "sheet.pdf"
    export_pdf([sheet], out)
    tokens = pdftotext(out).split()
    cut = [token[:-1] for token in tokens if token.endswith("\u2026") and len(token) > 1]
    for header in headers:
        for word in f"{header.game} \u00b7 {header.content.kind_label}".split():
            assert word in tokens, (word, tokens[:40])
            assert not [part for part in cut if word.startswith(part)], (word, cut)
