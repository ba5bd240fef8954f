"""PDF export end to end: offscreen QPdfWriter, then poppler reads back what was printed."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from PySide6.QtGui import QPageSize

from m3desk.storage.errors import SaveError
from m3desk.systems.monsters_and_magic.sheet import CharacterSheet
from m3desk.ui.printing import export as export_module
from m3desk.ui.printing.export import export_pdf, pdf_bytes
from tests.ui.printing.conftest import pdfinfo, pdftotext, portrait_png

LETTER = QPageSize.PageSizeId.Letter


def _words(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("page_size", [QPageSize.PageSizeId.A4, LETTER], ids=["A4", "Letter"])
def test_every_sample_fits_one_page(qapp, samples, tmp_path: Path, page_size) -> None:
    for stem, sheet in samples.items():
        out = tmp_path / f"{stem}.pdf"
        assert export_pdf([sheet], out, page_size) == 1, stem
        assert out.read_bytes().startswith(b"%PDF-")


def test_gramfive_pdf_says_what_the_sheet_says(qapp, samples, tmp_path: Path) -> None:
    out = tmp_path / "gramfive.pdf"
    export_pdf([samples["gramfive"]], out)
    text = pdftotext(out)
    flat = _words(text)
    assert "Gramfive the Grim" in text
    assert "19 (+7)" in text
    for expected in (
        "PHP",
        "MHP",
        "Hero points",
        "Weapons Training",
        "Highly Adaptable",
        "the streets and law of Koth",
        "Cutter (signature",
        "1d8+1",
        "1d4",
        "Scale mail",
        "Protect the Weak",
        "fighter",
        "human",
        "EFFECTS AND CONSEQUENCES",
        "Sample character from the Example of Play.",
    ):
        assert expected in flat, expected
    php_line = next(line for line in text.splitlines() if "PHP" in line)
    assert php_line.split().count("25") == 2  # current and maximum
    equipment = next(line for line in text.splitlines() if "Cutter" in line)
    assert "1d8+1" in equipment and "10" in equipment.split()  # max damage: 8 + 1 + level 1
    assert re.search(r"Mod\. \+3\s+pri\. \+6", text)  # prime STR doubled, beside its modifier


def test_conditions_and_spells_reach_the_pdf(qapp, samples, long_sheet, tmp_path: Path) -> None:
    out = tmp_path / "long.pdf"
    export_pdf([long_sheet], out)
    text = pdftotext(out)
    shaken = next(line for line in text.splitlines() if "Shaken" in line)
    assert "consequence" in shaken and "minor" in shaken and "\u22122" in shaken
    assert "3 rounds" in shaken and "Mummy's roar" in shaken
    assert "Inspired" in text and "Cantrip 3" in text
    xiola = tmp_path / "xiola.pdf"
    export_pdf([samples["xiola"]], xiola)
    missile = next(line for line in pdftotext(xiola).splitlines() if "Magic Missile" in line)
    assert "1d4+1" in missile and "6" in missile.split()


def test_monster_sheet(qapp, samples, tmp_path: Path) -> None:
    out = tmp_path / "mummy.pdf"
    assert export_pdf([samples["first-one-mummy"]], out) == 1
    text = pdftotext(out)
    assert "First One Mummy" in text and "17 (+7)" in text
    bash = next(line for line in text.splitlines() if "Bash" in line)
    assert "+20" in bash and "1d12" in bash and "18" in bash.split()
    assert "Infect with" in text and "Ancient Undead Horror" in text


def test_party_in_one_document_each_sheet_on_its_own_page(qapp, samples, tmp_path: Path) -> None:
    out = tmp_path / "party.pdf"
    sheets = list(samples.values())
    assert export_pdf(sheets, out) == 6
    assert pdfinfo(out)["Pages"] == "6"
    pages = pdftotext(out).split("\f")
    for page, sheet in zip(pages, sheets, strict=False):
        assert sheet.name in page
        assert "page 1 of 1" in page


def test_long_sheet_continues_on_further_pages(qapp, long_sheet, tmp_path: Path) -> None:
    out = tmp_path / "long.pdf"
    pages = export_pdf([long_sheet], out)
    assert pages >= 2
    assert pdfinfo(out)["Pages"] == str(pages)
    text_pages = pdftotext(out).split("\f")
    assert "continued" in text_pages[1]
    assert long_sheet.name in text_pages[1]
    assert f"page {pages} of {pages}" in text_pages[pages - 1]
    everything = "".join(text_pages)
    for i in range(60):
        assert f"Loot item {i} " in everything or f"Loot item {i}\n" in everything, i
    assert "THE-END-OF-NOTES" in everything


def test_page_size_is_reported(qapp, samples, tmp_path: Path) -> None:
    a4, letter = tmp_path / "a4.pdf", tmp_path / "letter.pdf"
    export_pdf([samples["gramfive"]], a4)
    export_pdf([samples["gramfive"]], letter, LETTER)
    assert "(A4)" in pdfinfo(a4)["Page size"]
    assert "letter" in pdfinfo(letter)["Page size"].casefold()
    export_pdf([samples["gramfive"]], letter, QPageSize(LETTER))
    assert "letter" in pdfinfo(letter)["Page size"].casefold()


def test_gm_override_is_marked_in_print(qapp, samples, tmp_path: Path) -> None:
    sheet = samples["gramfive"].model_copy(update={"overrides": {"ac": 21}})
    out = tmp_path / "gm.pdf"
    export_pdf([sheet], out)
    text = pdftotext(out)
    assert "21 (+7)" in text
    assert "GM = value set by the GM" in text
    ac_line = next(line for line in text.splitlines() if "21 (+7)" in line)
    assert "GM" in ac_line


def test_portrait_is_drawn_and_a_broken_one_is_skipped(qapp, samples) -> None:
    sheet = samples["gramfive"]
    assert isinstance(sheet, CharacterSheet)
    with_portrait, pages = pdf_bytes([sheet.model_copy(update={"portrait_png": portrait_png()})])
    without, _ = pdf_bytes([sheet])
    assert pages == 1
    assert b"/Subtype /Image" in with_portrait and b"/Subtype /Image" not in without
    broken, pages = pdf_bytes([sheet.model_copy(update={"portrait_png": "bm90IGEgcG5n"})])
    assert pages == 1 and b"/Subtype /Image" not in broken


def test_export_replaces_the_file_in_one_step(qapp, samples, tmp_path: Path) -> None:
    out = tmp_path / "sheet.pdf"
    out.write_bytes(b"old")
    export_pdf([samples["guido"]], out)
    assert out.read_bytes().startswith(b"%PDF-")
    assert sorted(os.listdir(tmp_path)) == ["sheet.pdf"]  # no temp file left behind


def test_failed_render_leaves_the_old_pdf_untouched(
    qapp, samples, tmp_path: Path, monkeypatch
) -> None:
    out = tmp_path / "sheet.pdf"
    out.write_bytes(b"%PDF- the good old one")

    def broken(*_args: object, **_kwargs: object) -> int:
        raise RuntimeError("painter exploded")

    monkeypatch.setattr(export_module, "render_jobs", broken)
    with pytest.raises(RuntimeError):
        export_pdf([samples["guido"]], out)
    assert out.read_bytes() == b"%PDF- the good old one"
    assert sorted(os.listdir(tmp_path)) == ["sheet.pdf"]


def test_unwritable_target_raises_a_readable_save_error(qapp, samples, tmp_path: Path) -> None:
    with pytest.raises(SaveError, match="does not exist"):
        export_pdf([samples["guido"]], tmp_path / "no such folder" / "x.pdf")


def test_nothing_to_print_is_an_error(qapp) -> None:
    with pytest.raises(ValueError, match="no sheets"):
        pdf_bytes([])
