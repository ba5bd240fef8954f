"""The encounter sheet end to end: PDF, printer and preview; poppler reads back the words."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QPageLayout, QPageSize
from PySide6.QtPrintSupport import QPrinter, QPrintPreviewDialog, QPrintPreviewWidget

from m3desk.storage.errors import SaveError
from m3desk.systems.monsters_and_magic.encounter import Encounter
from m3desk.ui.games.monsters_and_magic.printing.encounter_blocks import (
    InitiativeBlock,
    RangeTableBlock,
    SideBySide,
)
from m3desk.ui.games.monsters_and_magic.printing.encounter_content import encounter_content
from m3desk.ui.games.monsters_and_magic.printing.encounter_layout import layout_encounter
from m3desk.ui.printing.export import (
    MARGIN_MM,
    documents_pdf_bytes,
    encounter_preview_dialog,
    export_encounter_pdf,
    prepare_encounter_printer,
    print_encounter,
)
from tests.ui.printing.canvas_probe import MARGIN_PT, page_canvas
from tests.ui.printing.conftest import page_sizes, pdfinfo, pdftotext, pdftotext_region
from tests.ui.printing.encounters import crowded_encounter, fane_encounter

LETTER = QPageSize.PageSizeId.Letter
LANDSCAPE = QPageLayout.Orientation.Landscape
PARTY_ORDER = [
    "Felix Pook",
    "Xiola Zenwaith",
    "First One Mummy",
    "Gramfive the Grim",
    "Shamira Sunfire",
    "Guido of Gramarye",
]


@pytest.fixture(scope="module")
def encounters() -> dict[str, Encounter]:
    return {"fane": fane_encounter(), "crowded": crowded_encounter()}


def _words(text: str) -> str:
    return " ".join(text.split())


def _areas(
    encounter: Encounter, size: QPageSize.PageSizeId = QPageSize.PageSizeId.A4
) -> dict[str, tuple[float, float, float, float]]:
    """Where page 1's initiative and range blocks are, in points on the paper."""
    found: dict[str, tuple[float, float, float, float]] = {}
    with page_canvas(size) as canvas:
        pages = layout_encounter(canvas, encounter_content(encounter))
        for placed in pages[0]:
            parts = [(placed.block, 0.0, canvas.width)]
            if isinstance(placed.block, SideBySide):
                left_w = placed.block.left_width
                parts = [
                    (placed.block.left, 0.0, left_w),
                    (
                        placed.block.right,
                        left_w + SideBySide.GAP,
                        canvas.width - left_w - SideBySide.GAP,
                    ),
                ]
            for block, x, width in parts:
                key = {InitiativeBlock: "initiative", RangeTableBlock: "ranges"}.get(type(block))
                if key:
                    found[key] = (
                        MARGIN_PT + x,
                        MARGIN_PT + placed.y,
                        width,
                        block.height(canvas, width),
                    )
    return found


def _area_text(path: Path, area: tuple[float, float, float, float]) -> str:
    return pdftotext_region(path, 1, *area)


def _order(text: str, names: list[str]) -> list[str]:
    return sorted(names, key=text.index)


@pytest.fixture(scope="module")
def fane_pdf(qapp, encounters, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("fane") / "fane.pdf"
    assert export_encounter_pdf(encounters["fane"], out) == 1
    return out


def test_sample_encounter_is_one_landscape_page(fane_pdf: Path) -> None:
    assert pdfinfo(fane_pdf)["Pages"] == "1"
    assert page_sizes(fane_pdf) == [(842.0, 595.0)]
    assert pdfinfo(fane_pdf)["Title"] == "Fane of the First Ones"


def test_sample_names_numbers_and_header(fane_pdf: Path) -> None:
    text = pdftotext(fane_pdf)
    flat = _words(text)
    for name in PARTY_ORDER:
        assert name in text, name
    for expected in (
        "Fane of the First Ones",
        "Indoors, chamber, tunnel or corridor",
        "Round 1",
        "Party (round over)",
        "Gramfive the Grim (count 13)",
        "encounter sheet (GM)",
        "page 1 of 1",
        "backstabbed! \u22124, 2 rounds",
        "OoR = Out of Range",
    ):
        assert expected in flat, expected
    mummy = next(
        line for line in text.splitlines() if "First One Mummy" in line and "17 (+7)" in line
    )
    assert "11 (+1)" in mummy and "31" in mummy.split() and "+6" in mummy.split()
    assert "Bash" in mummy and "1d12" in mummy and "18" in mummy.split()
    felix = next(line for line in text.splitlines() if "Felix Pook" in line and "(+5)" in line)
    assert felix.count("19 (+5)") == 2  # AC and AC now, nothing in force
    xiola = next(line for line in text.splitlines() if "15 (+3)" in line)
    assert "17 (+5)" in xiola and "Xiola" in xiola


def test_initiative_prints_in_turn_order(encounters, fane_pdf: Path) -> None:
    area = _areas(encounters["fane"])["initiative"]
    text = _area_text(fane_pdf, area)
    assert _order(text, PARTY_ORDER) == PARTY_ORDER
    rows = [line.split() for line in text.splitlines()]
    counted = [
        (words[0], words[1])
        for words in rows  # "20  5 Xiola…": count, then number
        if len(words) > 2 and words[0].isdigit() and words[1].isdigit()
    ]
    assert counted == [("21", "1"), ("20", "5"), ("13", "2"), ("10", "3")]
    assert "simultaneous" in text
    assert "Monsters" in text and "Party" in text


def test_range_table_gives_the_band_for_a_known_pair(encounters, fane_pdf: Path) -> None:
    text = _area_text(fane_pdf, _areas(encounters["fane"])["ranges"])
    mummy = next(line for line in text.splitlines() if "6 First One Mummy" in line)
    assert mummy.split("First One Mummy")[1].split() == ["Hand", "Close", "Short", "Reach", "Short"]
    felix = next(line for line in text.splitlines() if "1 Felix Pook" in line)
    assert felix.split()[-1] == "Hand"
    guido = next(line for line in text.splitlines() if "3 Guido of Gramarye" in line)
    assert guido.split("Gramarye")[1].split() == ["Short", "Short", "Short", "Close", "Short"]


def test_twelve_combatants_continue_on_a_second_page(qapp, encounters, tmp_path: Path) -> None:
    out = tmp_path / "crowded.pdf"
    pages = export_encounter_pdf(encounters["crowded"], out, LETTER)
    assert pages == 2 and pdfinfo(out)["Pages"] == "2"
    assert page_sizes(out) == [(792.0, 612.0)] * 2
    text_pages = pdftotext(out).split("\f")
    assert "continued" in text_pages[1] and "page 2 of 2" in text_pages[1]
    everything = _words(" ".join(text_pages))
    for combatant in encounters["crowded"].combatants:
        assert combatant.name in everything, combatant.name
    assert "Pinned under rubble" in everything
    initiative = _area_text(out, _areas(encounters["crowded"], LETTER)["initiative"])
    order = _order(
        initiative,
        [
            "Felix Pook",
            "First One Mummy",
            "Gramfive",
            "Goblin 1 ",
            "Guido",
            "Shamira",
            "Goblin 2",
            "Goblin 4",
        ],
    )
    assert order == [
        "Felix Pook",
        "First One Mummy",
        "Gramfive",
        "Goblin 1 ",
        "Guido",
        "Shamira",
        "Goblin 2",
        "Goblin 4",
    ]
    shamira = next(line for line in initiative.splitlines() if "Shamira" in line)
    assert "(9)" in shamira and "delayed" in shamira


def test_sheets_and_encounters_mix_each_in_its_own_orientation(
    qapp, samples, encounters, tmp_path: Path
) -> None:
    data, pages = documents_pdf_bytes(
        [samples["gramfive"], encounters["fane"], samples["first-one-mummy"]]
    )
    out = tmp_path / "mixed.pdf"
    out.write_bytes(data)
    assert pages == 3 and pdfinfo(out)["Pages"] == "3"
    assert [w > h for w, h in page_sizes(out)] == [False, True, False]
    text_pages = pdftotext(out).split("\f")
    assert "Gramfive the Grim" in text_pages[0] and "character sheet" in text_pages[0]
    assert "INITIATIVE ORDER" in text_pages[1]
    assert "monster sheet" in text_pages[2]


def test_an_unwritable_target_raises_a_readable_save_error(
    qapp, encounters, tmp_path: Path
) -> None:
    with pytest.raises(SaveError, match="does not exist"):
        export_encounter_pdf(encounters["fane"], tmp_path / "missing" / "x.pdf")


def _pdf_printer(path: Path) -> QPrinter:
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(path))
    return printer


def test_print_keeps_the_printers_orientation(qapp, encounters, tmp_path: Path) -> None:
    landscape, portrait = tmp_path / "landscape.pdf", tmp_path / "portrait.pdf"
    printer = _pdf_printer(landscape)
    prepare_encounter_printer(printer)
    assert print_encounter(encounters["fane"], printer) == 1
    margins = printer.pageLayout().margins()
    assert min(margins.left(), margins.top(), margins.right(), margins.bottom()) >= MARGIN_MM - 0.01
    assert all(w > h for w, h in page_sizes(landscape))
    pages = print_encounter(encounters["fane"], _pdf_printer(portrait))
    assert pdfinfo(portrait)["Pages"] == str(pages)
    assert all(w < h for w, h in page_sizes(portrait))
    assert "Felix Pook" in pdftotext(portrait)


def test_preview_starts_landscape_and_paints(qtbot, encounters) -> None:
    dialog = encounter_preview_dialog(encounters["fane"], None)
    qtbot.addWidget(dialog)
    assert isinstance(dialog, QPrintPreviewDialog)
    assert "Fane of the First Ones" in dialog.windowTitle()
    dialog.show()
    preview = dialog.findChild(QPrintPreviewWidget)
    assert preview is not None
    qtbot.waitUntil(lambda: preview.pageCount() > 0)
    assert preview.pageCount() == 1
    assert preview.orientation() == LANDSCAPE
    dialog.close()
