"""Library scan and opening a sheet: the two waits a user feels in the window.

Targets: scanning 200 character files into the library model < 0.5 s; opening one
sheet into a tab (load, document, editor, first layout and paint) < 100 ms.

Both targets are checked on the GUI thread's CPU time (``time.thread_time``), the least of
the rounds: all of the work (reading, load, editor, layout, paint) is on that thread, and on
a shared machine its wall time measures the neighbours too (the lead's run at load ~12 on two
cores read a 255 ms wall median for ~52 ms of work to open a sheet; with two more busy loops
the scan's wall median passed 0.5 s for ~60 ms of work). The scan's 0.5 s is the stated
target, about 8 times what it costs. pytest-benchmark's table still shows wall time.
"""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QLabel

from m3desk.assets import sample_files
from m3desk.storage.paths import AppPaths
from m3desk.storage.sheet_files import load_sheet, save_sheet
from m3desk.ui.library.model import LibraryModel
from m3desk.ui.library.scan import scan_library
from m3desk.ui.main_window import MainWindow

SCAN_TARGET_S = 0.5
OPEN_TARGET_S = 0.1


@pytest.fixture
def bench_paths(tmp_path: Path) -> AppPaths:
    return AppPaths(tmp_path / "data", tmp_path / "config", tmp_path / "state")


def _gramfive() -> Path:
    return next(path for path in sample_files("monsters_and_magic") if path.stem == "gramfive")


def test_scan_200_character_files_into_the_library_model(
    benchmark, bench_paths: AppPaths, qapp
) -> None:
    folder = bench_paths.library_dir("characters")
    template = load_sheet(_gramfive()).model
    for number in range(200):
        sheet = template.model_copy(update={"name": f"Hero {number:03d}", "level": 1 + number % 10})
        save_sheet(folder / f"hero-{number:03d}.m3c", sheet)
    model = LibraryModel()
    cpu: list[float] = []

    def scan() -> None:
        start = time.thread_time()
        model.set_entries(scan_library(bench_paths, []))
        cpu.append(time.thread_time() - start)

    benchmark(scan)
    assert model.rowCount() == 200
    median = benchmark.stats.stats.median
    least = min(cpu)
    benchmark.extra_info.update(
        wall_median_s=round(median, 4), cpu_least_s=round(least, 4), target_s=SCAN_TARGET_S
    )
    print(
        f"\nlibrary scan of 200 characters: least {least * 1000:.1f} ms CPU (wall median "
        f"{median * 1000:.1f} ms; target < {SCAN_TARGET_S * 1000:.0f} ms)"
    )
    assert least < SCAN_TARGET_S


def _open_repeatedly(benchmark, bench_paths: AppPaths, qtbot, tmp_path: Path) -> float:
    """The least CPU seconds of the GUI thread to open Gramfive into a tab, first layout and
    paint included (of 25 opens)."""
    path = tmp_path / "gramfive.m3c"
    shutil.copyfile(_gramfive(), path)
    window = MainWindow(bench_paths)
    qtbot.addWidget(window, before_close_func=lambda w: w.shutdown(remember_layout=False))
    window.show()
    window.open_path(path)  # warm-up: the editor modules load on the first open
    window.session.close_all(ask=False)

    cpu: list[float] = []

    def open_sheet() -> None:
        start = time.thread_time()
        record = window.session.open_path(path)
        assert record is not None
        QApplication.processEvents()  # layout and first paint of the tab
        cpu.append(time.thread_time() - start)

    def close_all() -> None:
        window.session.close_all(ask=False)
        QApplication.processEvents()

    benchmark.pedantic(open_sheet, setup=close_all, rounds=25, iterations=1)
    window.session.close_all(ask=False)
    return min(cpu)


def test_open_one_sheet_window_share(
    benchmark, bench_paths: AppPaths, qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same with a trivial editor: what the window itself (load, locks, tab) costs."""
    monkeypatch.setattr(
        "m3desk.ui.window.documents.create_editor",
        lambda document, parent=None: QLabel(document.sheet.name, parent),
    )
    cpu = _open_repeatedly(benchmark, bench_paths, qtbot, tmp_path)
    wall = benchmark.stats.stats.median
    benchmark.extra_info.update(cpu_least_s=round(cpu, 4), wall_median_s=round(wall, 4))
    print(
        f"\nopen one sheet, window's share (stub editor): least {cpu * 1000:.1f} ms CPU "
        f"(wall median {wall * 1000:.1f} ms)"
    )
    assert cpu < OPEN_TARGET_S / 2


def test_open_one_sheet_into_a_tab(benchmark, bench_paths: AppPaths, qtbot, tmp_path: Path) -> None:
    cpu = _open_repeatedly(benchmark, bench_paths, qtbot, tmp_path)
    wall = benchmark.stats.stats.median
    benchmark.extra_info.update(
        cpu_least_s=round(cpu, 4), wall_median_s=round(wall, 4), target_s=OPEN_TARGET_S
    )
    print(
        f"\nopen one sheet into a tab: least {cpu * 1000:.1f} ms CPU of the GUI thread "
        f"(wall median {wall * 1000:.1f} ms; target < {OPEN_TARGET_S * 1000:.0f} ms)"
    )
    assert cpu < OPEN_TARGET_S
