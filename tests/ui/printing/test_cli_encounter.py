"""``m3desk export-pdf`` with encounter files: alone, mixed with sheets, and broken."""

from __future__ import annotations

from pathlib import Path

import pytest

from m3desk.assets import sample_files
from m3desk.storage.encounter_files import save_encounter
from m3desk.ui.printing.cli import build_parser, export_pdf_main
from tests.ui.printing.conftest import page_sizes, pdfinfo, pdftotext
from tests.ui.printing.encounters import fane_encounter


@pytest.fixture(scope="module")
def fane_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("encounters") / "fane.m3e"
    save_encounter(path, fane_encounter())
    return path


def _sample(stem: str) -> str:
    return next(str(p) for p in sample_files("monsters_and_magic") if p.stem == stem)


def test_an_encounter_prints_as_its_gm_sheet(qapp, fane_file: Path, tmp_path: Path,
                                             capsys) -> None:
    out = tmp_path / "fane.pdf"
    assert export_pdf_main([str(fane_file), "-o", str(out)]) == 0
    assert capsys.readouterr().out.strip() == f"wrote {out} (1 page)"
    assert page_sizes(out) == [(842.0, 595.0)]
    text = pdftotext(out)
    assert "INITIATIVE ORDER" in text and "First One Mummy" in text and "17 (+7)" in text


def test_sheets_and_encounters_mix_in_the_order_given(qapp, fane_file: Path, tmp_path: Path,
                                                      capsys) -> None:
    out = tmp_path / "session.pdf"
    argv = [str(fane_file), _sample("first-one-mummy"), _sample("gramfive"), "-o", str(out),
            "--page-size", "Letter"]
    assert export_pdf_main(argv) == 0
    assert capsys.readouterr().out.strip() == f"wrote {out} (3 pages)"
    assert pdfinfo(out)["Pages"] == "3"
    assert page_sizes(out) == [(792.0, 612.0), (612.0, 792.0), (612.0, 792.0)]
    pages = pdftotext(out).split("\f")
    assert "encounter sheet (GM)" in pages[0]
    assert "monster sheet" in pages[1] and "character sheet" in pages[2]


def test_a_broken_encounter_names_itself_and_nothing_is_written(qapp, fane_file: Path,
                                                                tmp_path: Path,
                                                                capsys) -> None:
    broken = tmp_path / "broken.m3e"
    broken.write_text('{"format": "m3desk.encounter", "schema_version": 1, "docu',
                      encoding="utf-8")
    out = tmp_path / "x.pdf"
    assert export_pdf_main([str(fane_file), str(broken), "-o", str(out)]) == 1
    captured = capsys.readouterr()
    assert "broken.m3e" in captured.err and "nothing written" in captured.err
    assert captured.out == "" and not out.exists()


def test_an_unknown_document_kind_is_refused(tmp_path: Path, capsys) -> None:
    odd = tmp_path / "notes.m3e"
    odd.write_text('{"format": "m3desk.campaign", "schema_version": 1, "document": {}}',
                   encoding="utf-8")
    assert export_pdf_main([str(odd), "-o", str(tmp_path / "x.pdf")]) == 1
    assert "notes.m3e" in capsys.readouterr().err


def test_help_mentions_encounters() -> None:
    assert ".m3e" in build_parser().format_help()
