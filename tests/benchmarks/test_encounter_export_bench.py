"""Encounter export with a map (issue 30: 12 s for four combatants, 14-15 s for 200, over
20 s with a large JPEG scan): four and 200 OSE combatants on the map, without and with a
3000 × 3000 JPEG scan under it, rendered to PDF in this process; and the whole command
(``m3desk export-pdf``, a process of its own, its byte code kept as an installed copy
keeps it) for four with the scan, held to the same 1 s.

The large scan: an 8000 × 6000 JPEG of quality 95 and noise (about 53 MB, what a
high-quality scan of a large map weighs; decoding it whole costs about 1 s of a processor
here whatever the scale it is read at: 2.3 s of CPU for the command for four on the code of
two rounds ago, 4.3 s for 200). Once the window has read it, the picture's smaller copy is
kept in the cache folder (:mod:`m3desk.ui.picture_cache`). An export with no copy yet
decodes only the scan's rows down to the strip its page shows, from the file (never read
into memory whole: :mod:`m3desk.ui.jpeg_rows`), and keeps that strip: the next export of
the same encounter reads it. Held: four within 1 s and 200 within 3 s in this process,
first or not; the command for four within 1 s, its first run (:data:`COLD_COMMAND`) as
once its strip or the window's copy is kept.

The baseline, measured in the same run, is the bare QPainter page of the printing benchmark
(boxes and text on one A4 page). Targets (issue 30): at most 1 s for four, 3 s for 200,
picture or not, on this thread's CPU time (on a shared machine wall time measures the
neighbours too); the command's start-up is reported in CPU seconds of the child process.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from m3desk.assets import sample_files
from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.core.places import Backdrop
from m3desk.storage import catalog
from m3desk.storage.documents import save_document
from m3desk.storage.sheet_files import load_sheet
from m3desk.ui.map.backdrop import read_backdrop
from m3desk.ui.printing.export import documents_pdf_bytes
from tests.benchmarks.test_printing_bench import _bare_page

GAME = "ose"
TARGETS = {4: 1.0, 200: 3.0}
COLD_COMMAND = TARGETS[4]
"""The first ``m3desk export-pdf`` of four over the large scan ever (nothing kept yet), the
least of :data:`COLD_RUNS`: the issue's 1 s. 0.74 s of CPU (median 0.80 s) on the 2-core box
under a load of 11-13, where the code before the start-up's work was cut read 0.80 s
(median 0.86 s) in the same runs and 0.82-1.05 s on other reads (it was held to 1.5 s); about
half of it is decoding the scan's rows, a fifth Python, pydantic and Qt starting."""
COLD_RUNS = 3
"""First runs measured, each with a cache folder of its own (the least is held: a
neighbour's load only adds)."""


def _crowd(count: int, scan: Path | None) -> core.Encounter:
    system = registry.get(GAME)
    assert system.encounter is not None
    spec = next(d for d in system.documents if d.kind == "encounter")
    encounter = spec.model(name="Crypt")
    sheets = [load_sheet(path).model for path in sample_files(GAME)]
    for number in range(count):
        encounter = core.join(
            encounter,
            system.encounter.make_combatant(
                sheets[number % len(sheets)], "Party" if number % 2 == 0 else "Monsters"
            ),
        )
    if scan is not None:
        encounter = encounter.model_copy(
            update={"backdrop": Backdrop(path=str(scan), x=-300, y=-300, per_pixel=0.2)}
        )
    return encounter


@pytest.fixture(scope="module")
def scan(qapp, tmp_path_factory: pytest.TempPathFactory) -> Path:
    from PySide6.QtGui import QColor, QImage, QPainter

    image = QImage(3000, 3000, QImage.Format.Format_RGB32)
    image.fill(QColor(205, 190, 160))
    painter = QPainter(image)
    for k in range(0, 3000, 10):
        painter.setPen(QColor((k * 7) % 255, (k * 13) % 255, (k * 29) % 255))
        painter.drawLine(k, 0, k, 3000)
        painter.drawLine(0, k, 3000, (k * 3) % 3000)
    painter.end()
    path = tmp_path_factory.mktemp("scans") / "crypt.jpg"
    assert image.save(str(path), "JPG", 92)
    return path


@pytest.fixture(scope="module")
def large_scan(qapp, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """8000 × 6000, quality 95, noise around a parchment colour (a band of random rows
    repeated: the encoder and the decoder see every 8 × 8 block anew all the same)."""
    from PySide6.QtGui import QImage

    width, height, band = 8000, 6000, 600
    table = bytes(100 + value * 40 // 256 for value in range(256))
    rows = os.urandom(width * band * 4).translate(table) * (height // band)
    image = QImage(rows, width, height, width * 4, QImage.Format.Format_RGB32)
    path = tmp_path_factory.mktemp("large-scans") / "large-crypt.jpg"
    assert image.save(str(path), "JPG", 95)
    assert 40_000_000 < path.stat().st_size < 64 * 1024 * 1024
    return path


def _cpu(run: Callable[[], object], rounds: int) -> float:
    times = []
    for _ in range(rounds):
        start = time.thread_time()
        run()
        times.append(time.thread_time() - start)
    return statistics.median(times)


@pytest.mark.parametrize("count", [4, 200])
@pytest.mark.parametrize("with_scan", [False, True], ids=["plain", "scan"])
def test_encounter_export(qapp, scan: Path, count: int, with_scan: bool) -> None:
    encounter = _crowd(count, scan if with_scan else None)
    documents_pdf_bytes([encounter])  # fonts loaded once
    baseline = _cpu(_bare_page, 9)
    spent = _cpu(lambda: documents_pdf_bytes([encounter]), 3)
    print(
        f"\nencounter of {count}{' with a scan' if with_scan else ''} to PDF: "
        f"{spent * 1000:.0f} ms CPU; bare page {baseline * 1000:.1f} ms; "
        f"ratio {spent / baseline:.0f}×"
    )
    assert spent < TARGETS[count]


@pytest.mark.parametrize("count", [4, 200])
def test_encounter_export_with_a_large_scan(qapp, large_scan: Path, count: int) -> None:
    """The first export (nothing kept) decodes the scan's rows down to its page's strip
    and keeps the strip, no copy (0.38 s for four, 1.46 s for 200 before the scan was read
    from its file; 1.27 s and 2.33 s when it was decoded whole); the next exports read the
    strip; once the window has written its copy they read that: each held to 1 s for four,
    3 s for 200."""
    encounter = _crowd(count, large_scan)
    folder = Path(os.environ["M3DESK_HOME"]) / "cache" / "pictures"  # the test's own
    assert not folder.exists()  # nothing kept yet
    first = _cpu(lambda: documents_pdf_bytes([encounter]), 1)
    assert [entry.suffix for entry in folder.iterdir()] == [".strip"]  # a strip, no copy
    strips = _cpu(lambda: documents_pdf_bytes([encounter]), 3)
    read_backdrop(str(large_scan), copy=True)  # as the window's worker does
    assert [entry.suffix for entry in folder.iterdir()] == [".ppm"]  # its strips let go
    baseline = _cpu(_bare_page, 9)
    copied = _cpu(lambda: documents_pdf_bytes([encounter]), 3)
    print(
        f"\nencounter of {count} with an 8000 x 6000 JPEG scan to PDF: first "
        f"{first * 1000:.0f} ms CPU, its strip kept {strips * 1000:.0f} ms, the window's "
        f"copy kept {copied * 1000:.0f} ms; bare page {baseline * 1000:.1f} ms; ratios "
        f"{first / baseline:.0f}×, {strips / baseline:.0f}× and {copied / baseline:.0f}×"
    )
    assert first < TARGETS[count]
    assert strips < TARGETS[count]
    assert copied < TARGETS[count]


def _command(source: Path, tmp_path: Path, **extra: str) -> tuple[list[str], dict[str, str]]:
    # As a user runs it: byte code kept between runs (an installed or frozen m3desk has it;
    # a machine that sets PYTHONDONTWRITEBYTECODE would compile every module each time,
    # which is what the command cost 1.15 s with), here in a folder of the test's own.
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    env.update(
        QT_QPA_PLATFORM="offscreen",
        M3DESK_HOME=str(tmp_path),
        PYTHONPYCACHEPREFIX=str(tmp_path / "bytecode"),
        **extra,
    )
    command = [
        sys.executable,
        "-m",
        "m3desk",
        "export-pdf",
        str(source),
        "-o",
        str(tmp_path / "crypt.pdf"),
    ]
    return command, env


def _child_cpu(command: list[str], env: dict[str, str]) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, env=env, check=True, capture_output=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def test_the_export_command_for_four_with_a_large_scan(
    qapp, large_scan: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``m3desk export-pdf`` of four over the 8000 × 6000 scan. The first run ever (a
    cache folder of its own, empty) decodes the rows down to its strip, from the file, and
    keeps the strip: held to the issue's 1 s (:data:`COLD_COMMAND`; 0.94-1.2 s of CPU
    before, when the whole 53 MB file was read, searched and copied twice first; 1.79 s
    when the scan was decoded whole). The next runs read the strip (0.56-0.71 s where the
    old code took 0.94-1.08 s in the same runs: it decoded the strip again every time), and
    once the window has written its copy they read that: both held to the issue's 1 s, as
    without a picture."""
    encounter = _crowd(4, large_scan)
    source = tmp_path / "crypt.m3e"
    save_document(source, catalog.document_type(type(encounter)), encounter)
    command, env = _command(source, tmp_path)
    plain = tmp_path / "plain.m3e"
    save_document(plain, catalog.document_type(type(encounter)), _crowd(4, None))
    subprocess.run([*command[:4], str(plain), *command[5:]], env=env, check=True)  # byte code
    firsts = []
    for run in range(COLD_RUNS):  # each with a cache folder of its own, empty
        firsts.append(_child_cpu(command, {**env, "M3DESK_CACHE_DIR": str(tmp_path / f"c{run}")}))
    kept = {**env, "M3DESK_CACHE_DIR": str(tmp_path / "c0")}
    folder = tmp_path / "c0" / "pictures"
    assert [entry.suffix for entry in folder.iterdir()] == [".strip"]  # a strip, no copy
    strips = [_child_cpu(command, kept) for _ in range(3)]
    monkeypatch.setenv("M3DESK_CACHE_DIR", str(tmp_path / "c0"))
    read_backdrop(str(large_scan), copy=True)  # as the window's worker does
    assert [entry.suffix for entry in folder.iterdir()] == [".ppm"]
    copied = [_child_cpu(command, kept) for _ in range(3)]
    baseline = _cpu(_bare_page, 9)
    first, again, read = min(firsts), statistics.median(strips), statistics.median(copied)
    print(
        f"\nm3desk export-pdf, four over an 8000 x 6000 JPEG: first run {first * 1000:.0f} ms "
        f"CPU (process, least of {COLD_RUNS}), "
        f"its strip kept {again * 1000:.0f} ms, the window's copy kept {read * 1000:.0f} ms; "
        f"bare page {baseline * 1000:.1f} ms; ratios {first / baseline:.0f}×, "
        f"{again / baseline:.0f}× and {read / baseline:.0f}×"
    )
    assert first < COLD_COMMAND, f"the first run took {first:.2f} s of CPU"
    assert again < TARGETS[4], f"the command took {again:.2f} s of CPU with its strip kept"
    assert read < TARGETS[4], f"the command took {read:.2f} s of CPU with the copy kept"


def test_the_export_command_for_four_with_a_scan(qapp, scan: Path, tmp_path: Path) -> None:
    encounter = _crowd(4, scan)
    source = tmp_path / "crypt.m3e"
    save_document(source, catalog.document_type(type(encounter)), encounter)
    command, env = _command(source, tmp_path)
    subprocess.run(command, env=env, check=True, capture_output=True)  # byte code written
    spent = [_child_cpu(command, env) for _ in range(3)]
    baseline = _cpu(_bare_page, 9)
    median = statistics.median(spent)
    print(
        f"\nm3desk export-pdf, four with a scan: {median * 1000:.0f} ms CPU (process); "
        f"bare page {baseline * 1000:.1f} ms; ratio {median / baseline:.0f}×"
    )
    assert median < TARGETS[4], f"the command took {median:.2f} s of CPU"
