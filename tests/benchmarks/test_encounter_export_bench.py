"""Encounter export with a map (issue 30: 12 s for four combatants, 14-15 s for 200, over
20 s with a large JPEG scan): four and 200 OSE combatants on the map, without and with a
3000 × 3000 JPEG scan under it, rendered to PDF in this process; and the whole command
(``m3desk export-pdf``, a process of its own, its byte code kept as an installed copy
keeps it) for four with the scan, held to the same 1 s.

The large scan: an 8000 × 6000 JPEG of quality 95 and noise (about 53 MB, what a
high-quality scan of a large map weighs; decoding it costs about 1 s of a processor here
whatever the scale it is read at: 2.3 s of CPU for the command for four on the old code,
4.3 s for 200). Once read, the picture's smaller copy is kept in the cache folder
(:mod:`m3desk.ui.picture_cache`): with it, four and 200 are held to the same 1 s and 3 s,
the command for four to 1 s. The window writes that copy when it first shows the picture;
an export with no copy yet decodes only the scan's rows down to the strip its page shows
(:mod:`m3desk.ui.jpeg_rows`) and writes no copy: held to the same 1 s and 3 s in this
process, the command for four to the issue's 2 s.

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
COLD_EXTRA = 1.0
"""The first export over the large scan (no copy kept yet) may take this much more: the
issue's 2 s for four."""


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
    """The first export (no copy) decodes the scan's rows down to its page's strip and keeps
    no copy (held to 1 s for four, 3 s for 200: 1.27 s and 2.33 s on the old code, which
    decoded the whole scan and wrote the copy); once the window has written its copy the
    exports read it (held to the same)."""
    encounter = _crowd(count, large_scan)
    folder = Path(os.environ["M3DESK_HOME"]) / "cache" / "pictures"  # the test's own
    assert not folder.exists()  # nothing kept yet
    first = _cpu(lambda: documents_pdf_bytes([encounter]), 1)
    assert not folder.exists()  # a strip is no copy: the window writes its own
    read_backdrop(str(large_scan), copy=True)  # as the window's worker does
    assert len(list(folder.iterdir())) == 1
    baseline = _cpu(_bare_page, 9)
    spent = _cpu(lambda: documents_pdf_bytes([encounter]), 3)
    print(
        f"\nencounter of {count} with an 8000 x 6000 JPEG scan to PDF: first "
        f"{first * 1000:.0f} ms CPU, then {spent * 1000:.0f} ms; bare page "
        f"{baseline * 1000:.1f} ms; ratios {first / baseline:.0f}× and {spent / baseline:.0f}×"
    )
    assert first < TARGETS[count]
    assert spent < TARGETS[count]


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
    """``m3desk export-pdf`` of four over the 8000 × 6000 scan: the next runs (the copy
    read) within 1 s of CPU, as without a picture (2.7 s on the old code, which decoded the
    scan at every run). The first run ever (a cache folder of its own, empty: the scan
    decoded, about 1.1 s, and its copy written, about 0.2 s, on top of the command's start,
    0.55-0.85 s) measured 1.9-2.4 s on the loaded 2-core box: the issue's 2 s is held in
    this process (the test above), here only to 2.5 s (the lower of two runs). Now the
    first run decodes the rows down to its strip alone and writes no copy (1.27 s
    where the old code took 1.79 s here), held to the issue's 2 s; the next runs are
    measured once the window has written its copy."""
    encounter = _crowd(4, large_scan)
    source = tmp_path / "crypt.m3e"
    save_document(source, catalog.document_type(type(encounter)), encounter)
    command, env = _command(source, tmp_path)
    plain = tmp_path / "plain.m3e"
    save_document(plain, catalog.document_type(type(encounter)), _crowd(4, None))
    subprocess.run([*command[:4], str(plain), *command[5:]], env=env, check=True)  # byte code
    firsts = []
    for run in range(2):  # each with a cache folder of its own, empty
        firsts.append(_child_cpu(command, {**env, "M3DESK_CACHE_DIR": str(tmp_path / f"c{run}")}))
    assert not (tmp_path / "c0" / "pictures").exists()  # a strip is no copy
    monkeypatch.setenv("M3DESK_CACHE_DIR", str(tmp_path / "c0"))
    read_backdrop(str(large_scan), copy=True)  # as the window's worker does
    kept = {**env, "M3DESK_CACHE_DIR": str(tmp_path / "c0")}
    spent = [_child_cpu(command, kept) for _ in range(3)]
    baseline = _cpu(_bare_page, 9)
    first, median = min(firsts), statistics.median(spent)
    print(
        f"\nm3desk export-pdf, four over an 8000 x 6000 JPEG: first run {first * 1000:.0f} ms "
        f"CPU (process), then {median * 1000:.0f} ms; bare page {baseline * 1000:.1f} ms; "
        f"ratios {first / baseline:.0f}× and {median / baseline:.0f}×"
    )
    assert first < TARGETS[4] + COLD_EXTRA, f"the first run took {first:.2f} s of CPU"
    assert median < TARGETS[4], f"the command took {median:.2f} s of CPU"
    assert len(list((tmp_path / "c0" / "pictures").iterdir())) == 1


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
