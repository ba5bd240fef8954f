"""``m3desk export-pdf`` with encounter files: alone, mixed with sheets, and broken."""

from __future__ import annotations

from pathlib import Path

import pytest

from m3desk.assets import sample_files
from m3desk.core import registry
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


def test_an_encounter_prints_as_its_gm_sheet(qapp, fane_file: Path, tmp_path: Path, capsys) -> None:
    out = tmp_path / "fane.pdf"
    assert export_pdf_main([str(fane_file), "-o", str(out)]) == 0
    assert capsys.readouterr().out.strip() == f"wrote {out} (1 page)"
    assert page_sizes(out) == [(842.0, 595.0)]
    text = pdftotext(out)
    assert "INITIATIVE ORDER" in text and "First One Mummy" in text and "17 (+7)" in text


def test_sheets_and_encounters_mix_in_the_order_given(
    qapp, fane_file: Path, tmp_path: Path, capsys
) -> None:
    out = tmp_path / "session.pdf"
    argv = [
        str(fane_file),
        _sample("first-one-mummy"),
        _sample("gramfive"),
        "-o",
        str(out),
        "--page-size",
        "Letter",
    ]
    assert export_pdf_main(argv) == 0
    assert capsys.readouterr().out.strip() == f"wrote {out} (3 pages)"
    assert pdfinfo(out)["Pages"] == "3"
    assert page_sizes(out) == [(792.0, 612.0), (612.0, 792.0), (612.0, 792.0)]
    pages = pdftotext(out).split("\f")
    assert "encounter sheet (GM)" in pages[0]
    assert "monster sheet" in pages[1] and "character sheet" in pages[2]


def test_a_broken_encounter_names_itself_and_nothing_is_written(
    qapp, fane_file: Path, tmp_path: Path, capsys
) -> None:
    broken = tmp_path / "broken.m3e"
    broken.write_text('{"format": "m3desk.encounter", "schema_version": 1, "docu', encoding="utf-8")
    out = tmp_path / "x.pdf"
    assert export_pdf_main([str(fane_file), str(broken), "-o", str(out)]) == 1
    captured = capsys.readouterr()
    assert "broken.m3e" in captured.err and "nothing written" in captured.err
    assert captured.out == "" and not out.exists()


def test_an_unknown_document_kind_is_refused(tmp_path: Path, capsys) -> None:
    odd = tmp_path / "notes.m3e"
    odd.write_text(
        '{"format": "m3desk.campaign", "schema_version": 1, "document": {}}', encoding="utf-8"
    )
    assert export_pdf_main([str(odd), "-o", str(tmp_path / "x.pdf")]) == 1
    assert "notes.m3e" in capsys.readouterr().err


def test_help_mentions_encounters() -> None:
    assert ".m3e" in build_parser().format_help()


DISTANCE_GAMES = [
    s.id for s in registry.systems() if s.positions.kind == "distance" and s.encounter is not None
]


@pytest.fixture(scope="module")
def map_scan(qapp, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A 3000 × 3000 JPEG scan of a dungeon (a 10-pixel grid and stripes: 2 MB or more)."""
    from PySide6.QtGui import QColor, QImage, QPainter

    image = QImage(3000, 3000, QImage.Format.Format_RGB32)
    image.fill(QColor(205, 190, 160))
    painter = QPainter(image)
    for k in range(0, 3000, 10):
        painter.setPen(QColor((k * 7) % 255, (k * 13) % 255, (k * 29) % 255))
        painter.drawLine(k, 0, k, 3000)
        painter.drawLine(0, k, 3000, (k * 3) % 3000)
    painter.end()
    path = tmp_path_factory.mktemp("scans") / "dungeon.jpg"
    assert image.save(str(path), "JPG", 92)
    return path


@pytest.mark.parametrize("game", DISTANCE_GAMES)
def test_a_map_picture_goes_into_the_pdf_at_the_pages_resolution(
    qapp, game: str, map_scan: Path, tmp_path: Path, capsys
) -> None:
    """Issue 30: the scan went into the PDF whole (and slowly), though the sheet's map
    shows a strip of it at the page's resolution. Now the printed map holds only what the
    frame shows, at most the page's pixels: the PDF stays small whatever the scan."""
    from m3desk.core import encounter as core
    from m3desk.core.places import Backdrop
    from m3desk.storage import catalog
    from m3desk.storage.documents import save_document
    from m3desk.storage.sheet_files import load_sheet

    system = registry.get(game)
    assert system.encounter is not None
    spec = next(d for d in system.documents if d.kind == "encounter")
    encounter = spec.model(name="Scanned crypt")
    for number, path in enumerate(sample_files(game)[:4]):
        encounter = core.join(
            encounter,
            system.encounter.make_combatant(
                load_sheet(path).model, "Party" if number % 2 == 0 else "Monsters"
            ),
        )
    encounter = encounter.model_copy(
        update={"backdrop": Backdrop(path=str(map_scan), x=-300, y=-300, per_pixel=0.2)}
    )
    source = tmp_path / "crypt.m3e"
    save_document(source, catalog.document_type(type(encounter)), encounter)
    out = tmp_path / "crypt.pdf"
    assert export_pdf_main([str(source), "-o", str(out)]) == 0
    assert "MAP" in pdftotext(out).upper()
    assert map_scan.stat().st_size > 1_500_000
    assert out.stat().st_size < 400_000, out.stat().st_size


@pytest.mark.parametrize("game", DISTANCE_GAMES)
def test_a_map_picture_that_cannot_be_read_is_said_and_the_map_printed_without_it(
    qapp, game: str, tmp_path: Path, capsys
) -> None:
    """The window says it under the map; the command said nothing (the PDF had a map
    without its picture and no word why)."""
    from m3desk.core import encounter as core
    from m3desk.core.places import Backdrop
    from m3desk.storage import catalog
    from m3desk.storage.documents import save_document
    from m3desk.storage.sheet_files import load_sheet

    system = registry.get(game)
    assert system.encounter is not None
    spec = next(d for d in system.documents if d.kind == "encounter")
    folder = tmp_path / "folder.png"
    folder.mkdir()
    encounter = spec.model(name="Crypt")
    for number, path in enumerate(sample_files(game)[:4]):
        encounter = core.join(
            encounter,
            system.encounter.make_combatant(
                load_sheet(path).model, "Party" if number % 2 == 0 else "Monsters"
            ),
        )
    encounter = encounter.model_copy(
        update={"backdrop": Backdrop(path=str(folder), x=-300, y=-300, per_pixel=0.2)}
    )
    source = tmp_path / "crypt.m3e"
    save_document(source, catalog.document_type(type(encounter)), encounter)
    out = tmp_path / "crypt.pdf"
    assert export_pdf_main([str(source), "-o", str(out)]) == 0
    said = capsys.readouterr()
    assert said.out.strip().startswith(f"wrote {out}")
    assert (
        "m3desk export-pdf: note: folder.png is a folder, not a picture. "
        "The map is printed without it." in said.err
    ), said.err
