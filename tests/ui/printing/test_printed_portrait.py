"""A printed portrait is put in the page at the size its box needs (issue 30): a 1024 px
PNG from a file made elsewhere was decoded and embedded whole, on the GUI thread, for a box
of 66 × 82 pt (a party of twelve printed in 3.0-3.1 s against 1.7-1.9 s now, loaded box).
The page holds it at most 342 px a side (its box at 300 dpi); m3desk's own 256 px ones are
embedded as they are. Looked for with pdfimages, in every game whose sheets have a portrait.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from m3desk.core import registry
from m3desk.core.sheet_form import FieldSpec, set_path
from m3desk.ui.printing.export import export_documents_pdf
from m3desk.ui.printing.sheet_blocks import HeaderBlock
from tests.ui.printing.conftest import POPPLER_MISSING
from tests.ui.sheet.portrait_pictures import png_portrait

PORTRAITS = [
    (system.id, kind, section.picture.path)
    for system in registry.systems()
    for kind, form in system.sheet_forms.items()
    for section in form.sections
    if section.picture is not None
]


def test_some_game_has_a_portrait() -> None:
    assert PORTRAITS


def _pictures(path: Path) -> list[tuple[int, int]]:
    """Width and height of each picture the PDF holds (its masks left out)."""
    tool = shutil.which("pdfimages")
    if tool is None:
        pytest.skip(POPPLER_MISSING)
    listed = subprocess.run(
        [tool, "-list", str(path)], capture_output=True, text=True, check=True
    ).stdout.splitlines()[2:]
    return [
        (int(columns[3]), int(columns[4]))
        for columns in (line.split() for line in listed)
        if columns[2] == "image"
    ]


@pytest.mark.parametrize(
    ("game", "kind", "field"), PORTRAITS, ids=[f"{g}-{k}" for g, k, _f in PORTRAITS]
)
@pytest.mark.parametrize(("side", "embedded"), [(1024, 342), (256, 256)])
def test_a_printed_portrait_is_embedded_at_the_size_of_its_box(
    game: str, kind: str, field: str, side: int, embedded: int, qapp: Any, tmp_path: Path
) -> None:
    sheet = registry.get(game).sheet_forms[kind].new_sheet("Portrayed", None)
    sheet = set_path(sheet, FieldSpec(field, "Portrait"), png_portrait(side, side, number=3))
    out = tmp_path / "sheet.pdf"
    export_documents_pdf([sheet], out)
    assert _pictures(out) == [(embedded, embedded)]
    assert HeaderBlock.PORTRAIT_PX * 72 / 300 >= HeaderBlock.PORTRAIT_H
