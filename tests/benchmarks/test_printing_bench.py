"""PDF export speed: one sheet to PDF (target < 50 ms), against a bare QPainter page.

The baseline is the performance notes' §A5 "QPainter on QPdfWriter (boxes + text)" page,
measured in the same run, so the ratio says what the sheet layout adds on this machine. The
target is held as that ratio: issue 5's 50 ms over §A5's 3.1 ms for the bare page on the
quiet reference machine (with eight sessions on two cores the same page took 27 ms).
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF, Qt
from PySide6.QtGui import QPageSize, QPainter, QPdfWriter

from m3desk.assets import sample_files
from m3desk.storage.sheet_files import load_sheet
from m3desk.systems.monsters_and_magic.sheet import CharacterSheet, MonsterSheet
from m3desk.ui.printing.export import export_pdf, pdf_bytes

TARGET_S = 0.050
REFERENCE_BARE_PAGE_S = 0.0031
"""§A5's bare page on the quiet reference machine."""
RATIO_LIMIT = TARGET_S / REFERENCE_BARE_PAGE_S


def _sheets() -> dict[str, CharacterSheet | MonsterSheet]:
    loaded = {}
    for path in sample_files("monsters_and_magic"):
        model = load_sheet(path).model
        assert isinstance(model, CharacterSheet | MonsterSheet)
        loaded[path.stem] = model
    return loaded


def _bare_page() -> int:
    """Boxes and text on one A4 page: the §A5 reference measurement."""
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setResolution(300)
    writer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
    painter = QPainter(writer)
    for row in range(40):
        rect = QRectF(100, 100 + row * 80, 2000, 70)
        painter.drawRect(rect)
        painter.drawText(rect, Qt.AlignmentFlag.AlignVCenter, f"row {row}: 19 (+7) 1d8+1")
    painter.end()
    size = data.size()
    del painter, writer, buffer
    return size


def _median(fn, runs: int = 15) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def test_one_sheet_to_pdf(qapp, benchmark) -> None:
    gramfive = _sheets()["gramfive"]
    pdf_bytes([gramfive])  # first call loads fonts
    baseline = _median(_bare_page)
    data, pages = benchmark(pdf_bytes, [gramfive])
    assert pages == 1 and data.startswith(b"%PDF-")
    median = benchmark.stats.stats.median
    benchmark.extra_info.update(
        median_ms=round(median * 1000, 2),
        bare_page_ms=round(baseline * 1000, 2),
        ratio=round(median / baseline, 2),
    )
    print(
        f"\none sheet to PDF: median {median * 1000:.1f} ms (target < 50 ms); "
        f"bare QPainter page {baseline * 1000:.1f} ms; ratio {median / baseline:.1f}x "
        f"(limit {RATIO_LIMIT:.0f}x: 50 ms on the quiet machine)"
    )
    assert median / baseline < RATIO_LIMIT


def test_one_sheet_to_pdf_file(qapp, benchmark, tmp_path: Path) -> None:
    """The whole File → Export: render, then temp file + fsync + os.replace."""
    gramfive = _sheets()["gramfive"]
    out = tmp_path / "gramfive.pdf"
    export_pdf([gramfive], out)
    assert benchmark(export_pdf, [gramfive], out) == 1
    print(f"\none sheet to a PDF file: median {benchmark.stats.stats.median * 1000:.1f} ms")


def test_party_to_pdf(qapp, benchmark) -> None:
    party = list(_sheets().values())
    pdf_bytes(party)
    _data, pages = benchmark(pdf_bytes, party)
    assert pages == len(party)
    print(f"\nsix-sheet party to PDF: median {benchmark.stats.stats.median * 1000:.1f} ms")


def test_every_games_party_and_encounter_to_pdf(qapp, tmp_path: Path) -> None:
    """Each game's sample party and its encounter sheet: pages and median time, as a ratio
    to the bare page measured in this run (a game's sheet should cost what another's does).
    """
    from m3desk.core import registry
    from tests.ui.printing.every_game import encounter_file

    pdf_bytes([_sheets()["gramfive"]])  # fonts
    baseline = _median(_bare_page)
    for system in registry.systems():
        party = [load_sheet(path).model for path in sample_files(system.id)]
        _path, encounter = encounter_file(tmp_path, system.id)
        for name, documents in (
            ("one sheet", party[:1]),
            ("party", party),
            ("encounter", [encounter]),
        ):
            pages = pdf_bytes(documents)[1]
            median = _median(lambda documents=documents: pdf_bytes(documents), runs=7)
            per_page = median / pages
            print(
                f"\n{system.id} {name}: {pages} page(s), median {median * 1000:.1f} ms, "
                f"{per_page / baseline:.1f}x the bare page per page"
            )
            assert per_page < 20 * baseline  # no game's layout is an order slower
