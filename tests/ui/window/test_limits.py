"""Limits that agree: what m3desk writes it opens, and a portrait bomb stays small."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

from PySide6.QtGui import QColor, QImage

from m3desk.storage.documents import MAX_DOCUMENT_BYTES
from m3desk.storage.encounter_files import load_encounter, save_encounter
from m3desk.storage.sheet_files import load_sheet
from m3desk.systems.monsters_and_magic.encounter import Encounter, add_combatant, add_log
from m3desk.ui.portrait_codec import decode_portrait, encode_portrait
from tests.systems.monsters_and_magic.samples import sample_sheet

ROOT = Path(__file__).resolve().parents[3]


def _photo(path: Path, size: int = 1024) -> Path:
    """A photo-like picture: noise is the worst case for compression."""
    image = QImage(size, size, QImage.Format.Format_RGB32)
    rng = random.Random(7)
    for y in range(0, size, 4):
        for x in range(0, size, 4):
            colour = QColor(rng.randrange(256), rng.randrange(256), rng.randrange(256))
            for dy in range(4):
                for dx in range(4):
                    image.setPixelColor(x + dx, y + dy, colour)
    assert image.save(str(path))
    return path


def test_a_party_of_a_hundred_with_portraits_and_a_long_fight_saves_and_reopens(
    qapp, tmp_path: Path
) -> None:
    portrait = encode_portrait(_photo(tmp_path / "photo.png"))
    assert len(portrait) < 120_000
    sheet = sample_sheet("gramfive").model_copy(update={"portrait_png": portrait})
    encounter = Encounter(name="The great melee")
    for number in range(100):
        encounter = add_combatant(
            encounter, sheet.model_copy(update={"name": f"Hero {number}"}), "Party"
        )
    for number in range(10_000):
        encounter = add_log(encounter, f"Hero {number % 100} strikes for {number % 13} PHP")
    path = tmp_path / "melee.m3e"
    save_encounter(path, encounter)
    size = path.stat().st_size
    print(
        f"100 combatants with portraits and {len(encounter.log)} log entries: "
        f"{size / 1e6:.1f} MB (limit {MAX_DOCUMENT_BYTES / 1e6:.0f} MB)"
    )
    assert size < MAX_DOCUMENT_BYTES
    assert load_encounter(path).model == encounter


def test_a_picture_too_large_to_be_a_portrait_is_refused_with_a_message(
    qapp, tmp_path: Path
) -> None:
    huge = QImage(8000, 8000, QImage.Format.Format_Mono)
    huge.fill(0)
    path = tmp_path / "bomb.png"
    assert huge.save(str(path))
    assert path.stat().st_size < 200_000  # small on disk, 64 megapixels inside
    try:
        encode_portrait(path)
    except ValueError as error:
        assert "8000 × 8000" in str(error)
    else:
        raise AssertionError("a 64-megapixel portrait was accepted")


BOMB_CHILD = """
import base64, resource, sys
from pathlib import Path
from PySide6.QtGui import QGuiApplication
app = QGuiApplication([])
from m3desk.ui.portrait_codec import decode_portrait
text = base64.b64encode(Path(sys.argv[1]).read_bytes()).decode()
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
pixmap = decode_portrait(text)
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(pixmap is None, (after - before) // 1024)
"""


def test_a_portrait_bomb_inside_a_file_is_never_decoded(qapp, tmp_path: Path) -> None:
    huge = QImage(8000, 8000, QImage.Format.Format_Mono)
    huge.fill(0)
    path = tmp_path / "bomb.png"
    assert huge.save(str(path))
    result = subprocess.run(
        [sys.executable, "-c", BOMB_CHILD, str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT)},
    )
    refused, grown_mb = result.stdout.split()
    print(f"opening a portrait bomb grew the process by {grown_mb} MB")
    assert refused == "True"
    assert int(grown_mb) < 20


def test_a_stored_portrait_still_decodes(qapp, tmp_path: Path) -> None:
    folder = ROOT / "resources" / "samples" / "monsters_and_magic"
    stored = load_sheet(next(p for p in folder.rglob("*.m3c")))
    assert stored.model.portrait_png == "" or decode_portrait(stored.model.portrait_png)
    small = encode_portrait(_photo(tmp_path / "p.png", 300))
    assert decode_portrait(small) is not None
