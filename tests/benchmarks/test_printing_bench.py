"""PDF export speed: one sheet to PDF (target < 50 ms), against a bare QPainter page.

The baseline is the performance notes' §A5 "QPainter on QPdfWriter (boxes + text)" page,
measured in the same run, so the ratio says what the sheet layout adds on this machine.

The 50 ms target is checked on this thread's CPU time, the least of 15 runs interleaved with
the bare page's (the painting is all on this thread; on a shared machine its wall time
measures the neighbours too: the lead's run at load ~12 on two cores read an 83 ms wall
median). Beside the target, the sheet may cost at most 8 bare pages (4.6 measured; 9.7 with
an injected 20 ms busy loop), so a twofold slowdown fails on a fast machine too.
pytest-benchmark's table still shows wall time.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF, Qt
from PySide6.QtGui import QPageSize, QPainter, QPdfWriter

from m3desk.assets import sample_files
from m3desk.storage.sheet_files import load_sheet
from m3desk.systems.monsters_and_magic.sheet import CharacterSheet, MonsterSheet
from m3desk.ui.printing.export import export_pdf, pdf_bytes

TARGET_S = 0.050
RATIO_LIMIT = 8


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


def _least_cpu_interleaved(
    work: Callable[[], object], baseline: Callable[[], object], runs: int = 15
) -> tuple[float, float]:
    """The least CPU seconds of this thread for ``work`` and for ``baseline``, run in turn."""
    worked, based = [], []
    for _ in range(runs):
        for fn, times in ((baseline, based), (work, worked)):
            start = time.thread_time()
            fn()
            times.append(time.thread_time() - start)
    return min(worked), min(based)


def test_one_sheet_to_pdf(qapp, benchmark) -> None:
    gramfive = _sheets()["gramfive"]
    pdf_bytes([gramfive])  # first call loads fonts
    data, pages = benchmark(pdf_bytes, [gramfive])
    assert pages == 1 and data.startswith(b"%PDF-")
    wall = benchmark.stats.stats.median
    cpu, baseline = _least_cpu_interleaved(lambda: pdf_bytes([gramfive]), _bare_page)
    benchmark.extra_info.update(
        cpu_least_ms=round(cpu * 1000, 2),
        wall_median_ms=round(wall * 1000, 2),
        bare_page_cpu_ms=round(baseline * 1000, 2),
        ratio=round(cpu / baseline, 2),
    )
    print(
        f"\none sheet to PDF: least {cpu * 1000:.1f} ms CPU (target < 50 ms; wall median "
        f"{wall * 1000:.1f} ms); bare QPainter page {baseline * 1000:.1f} ms CPU; "
        f"ratio {cpu / baseline:.1f}x"
    )
    assert cpu < TARGET_S
    assert cpu < RATIO_LIMIT * baseline


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
