"""Reading map pictures and adding copies, each as a ratio to a baseline of the same run.

- A 5000 × 5000 PNG scan read as the map's background (kind by content, decoded whole,
  scaled to 4096 a strip at a time) against Qt's bare decoding of the same file at full
  size: what the bounded reader adds on top of the decoder (target < 2×).
- A 5000 × 5000 JPEG, decoded at a fraction by libjpeg, against the same bare decode of
  the PNG: a JPEG scan of the same size costs no more.
- A 10 000 × 10 000 PNG scan (past the 40 megapixels decoded whole: refused before issue
  30's last turn), read a band of rows at a time and scaled to 4096, against Qt's bare
  decoding of the same file at full size (400 MB at once): the bands' bounded memory (each
  band inflated, checksummed and handed over again, then scaled) costs about twice and a
  half the decoder's own work (2.35× measured on the loaded 2-core box with 4 MB bands
  inflated raw; 3.2× with 24 MB bands and zlib's own checksum; bound checked < 3.2×).
- Refusing the nested-``<use>`` SVG (10⁹ copies in 4 KB) against reading a 64 × 48 PNG:
  the refusal is a scan of a few KB (target < 20×; on the old code it never finished).
- 191 copies of a monster joining a fight of 9 in one step, per copy, against one sheet
  joining the same fight: the copies join in one pass, so a copy costs about what one sheet
  joining does (target < 5×; one by one, each copy cost more as the roster grew: 94× on
  the old code, before its log line failed).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSize
from PySide6.QtGui import QColor, QImage, QImageReader

from m3desk.assets import sample_files
from m3desk.core.dice import Roller
from m3desk.storage.sheet_files import load_sheet
from m3desk.ui.encounter.copies_dialog import with_copies
from m3desk.ui.encounter.new_document import OpenSheet, add_sheets, new_encounter_document
from m3desk.ui.map.backdrop import read_backdrop
from tools.hostile_files import _nested_use_svg, _png


@pytest.fixture(autouse=True)
def _decoded_each_time(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """These measure the decoding: the cache folder is a file, so no copy is kept (a copy
    read is measured in test_encounter_export_bench)."""
    blocker = tmp_path / "no-cache"
    blocker.write_text("a file where the cache folder would be")
    monkeypatch.setenv("M3DESK_CACHE_DIR", str(blocker))


def _median(fn: Callable[[], Any], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


@pytest.fixture(scope="module")
def scans(qapp: Any, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("scans")
    image = QImage(5000, 5000, QImage.Format.Format_RGB32)
    image.fill(QColor(90, 120, 60))
    paths = {
        "png": folder / "scan.png",
        "jpeg": folder / "scan.jpg",
        "small": folder / "small.png",
        "svg": folder / "nested.svg",
    }
    assert image.save(str(paths["png"])) and image.save(str(paths["jpeg"]), "JPEG", 85)
    assert image.copy(0, 0, 64, 48).save(str(paths["small"]))
    paths["svg"].write_bytes(_nested_use_svg())
    return paths


def _bare(path: Path, side: int = 5000) -> None:
    reader = QImageReader(str(path))
    reader.setAllocationLimit(512)
    assert reader.read().size() == QSize(side, side)


def test_reading_a_scan_past_what_is_decoded_whole(qapp: Any, tmp_path: Path) -> None:
    side = 10_000
    row = b"\x00" + bytes((x * 7) & 0xFF for x in range(side * 3))
    path = tmp_path / "huge-scan.png"
    path.write_bytes(_png(side, side, rows=lambda n: row))
    baseline = _median(lambda: _bare(path, side), runs=3)
    banded = _median(lambda: read_backdrop(str(path)), runs=3)
    print(
        f"\n10000 x 10000 PNG as the map's picture, in bands: {banded:.2f} s, "
        f"{banded / baseline:.2f}x Qt's bare full-size decode ({baseline:.2f} s)"
    )
    assert read_backdrop(str(path))[0].width() == 4096
    assert banded / baseline < 3.2


def test_reading_a_large_scan(scans: dict[str, Path]) -> None:
    baseline = _median(lambda: _bare(scans["png"]), runs=3)
    png = _median(lambda: read_backdrop(str(scans["png"])), runs=3)
    jpeg = _median(lambda: read_backdrop(str(scans["jpeg"])), runs=3)
    print(
        f"\n5000 x 5000 PNG as the map's picture: {png:.2f} s, {png / baseline:.2f}x Qt's "
        f"bare full-size decode ({baseline:.2f} s); the JPEG: {jpeg:.2f} s, "
        f"{jpeg / baseline:.2f}x"
    )
    assert read_backdrop(str(scans["png"]))[0].width() == 4096
    assert png / baseline < 2.0
    assert jpeg / baseline < 2.0


def test_refusing_a_picture_bomb(scans: dict[str, Path]) -> None:
    baseline = _median(lambda: read_backdrop(str(scans["small"])), runs=15)

    def refuse() -> None:
        with pytest.raises(ValueError):
            read_backdrop(str(scans["svg"]))

    refusal = _median(refuse, runs=15)
    print(
        f"\nrefusing the nested-<use> SVG: {refusal * 1000:.1f} ms, "
        f"{refusal / baseline:.1f}x reading a 64 x 48 PNG ({baseline * 1000:.1f} ms)"
    )
    assert refusal / baseline < 20


def test_191_copies_join_in_one_pass(qapp: Any) -> None:
    game = "ose"
    files = sample_files(game)
    monster = load_sheet(next(p for p in files if p.suffix.endswith("m"))).model
    encounter = new_encounter_document(files, name="Big fight").encounter
    if len(encounter.combatants) < 9:
        encounter, _text = with_copies(
            encounter, monster, 9 - len(encounter.combatants), "Monsters", "average", Roller(1)
        )
    assert len(encounter.combatants) == 9
    baseline = _median(
        lambda: add_sheets(encounter, [OpenSheet(monster, None)], "Monsters"), runs=15
    )
    many = _median(
        lambda: with_copies(encounter, monster, 191, "Monsters", "rolled", Roller(2)), runs=5
    )
    each = many / 191
    print(
        f"\n191 copies joining 9: {many * 1000:.0f} ms, {each / baseline:.1f}x one sheet "
        f"joining ({baseline * 1000:.2f} ms) per copy"
    )
    assert each / baseline < 5
