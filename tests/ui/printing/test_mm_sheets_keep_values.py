"""Monsters & Magic's sheets print through the generic page and keep every value its own page
printed: the words of each sample's old page (``mm_sheets_before/``, pdftotext of the page
``ui/games/monsters_and_magic/printing`` drew before it was folded in) are all on the new one,
but for the old page's own labels and hints, listed here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from m3desk.assets import sample_files
from m3desk.storage.sheet_files import load_sheet
from m3desk.ui.printing.export import export_pdf
from tests.ui.printing.conftest import pdftotext

BEFORE = Path(__file__).parent / "mm_sheets_before"
OLD_WORDS = frozenset((BEFORE / "old_words.txt").read_text(encoding="utf-8").split())
"""Words of the old page that were its layout, not a value of the sheet: its column headings
and labels the generic page words as the editor does, and its hints."""


def words(text: str) -> set[str]:
    return set(re.findall(r"[^\s,;()]+", text))


SAMPLES = sorted(sample_files("monsters_and_magic"), key=lambda path: path.stem)


@pytest.mark.parametrize("path", SAMPLES, ids=[path.stem for path in SAMPLES])
def test_every_value_of_the_old_page_still_prints(qapp: object, tmp_path: Path, path: Path) -> None:
    before = BEFORE / f"{path.stem}.txt"
    assert before.exists(), f"no old page for the sample {path.stem}"
    out = tmp_path / "sheet.pdf"
    export_pdf([load_sheet(path).model], out)
    text = pdftotext(out)
    missing = words(before.read_text()) - OLD_WORDS - words(text)
    assert not missing, f"{path.stem}: the printed page lost {sorted(missing)}"
    assert "page 1 of 1" in text  # still one page, as before


def test_every_sample_has_its_old_page() -> None:
    assert {path.stem for path in SAMPLES} == {path.stem for path in BEFORE.glob("*.txt")} - {
        "old_words"
    }
