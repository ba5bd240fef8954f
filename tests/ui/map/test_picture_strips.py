"""A large JPEG printed with no copy yet (issue 30: ``m3desk export-pdf`` of four over an
8000 × 6000 scan within 1 s): it is decoded from its file, never read into memory whole,
and the strip of rows its page showed is kept in the cache folder, so the next print of
the same part (the next export of the same encounter) decodes nothing.

A strip is trusted no more than a copy: a damaged or hostile one (truncated, a header
that lies, rows other than its name says, a PNG bomb, a folder, a pipe) is refused,
removed and decoded anew; a picture changed since has another key; the strips count in
the folder's budget; the printed picture is the picture, pixel for pixel.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtGui import QImage, QPainter

from m3desk.core.places import Backdrop
from m3desk.storage import catalog
from m3desk.storage.documents import save_document
from m3desk.ui import jpeg_rows, picture_cache
from m3desk.ui.map import backdrop
from m3desk.ui.map.backdrop import MAX_SIDE, read_backdrop
from m3desk.ui.picture_cache import STRIP_SUFFIX, copies_folder, evict
from m3desk.ui.printing.cli import export_pdf_main
from tests.ui.map.conftest import DISTANCE_GAMES
from tests.ui.map.test_picture_cache import BLUE, RED, _close, _copies, _fight
from tools.hostile_files import _png

HALVES = (2 * MAX_SIDE - 192, 96)
"""Read by the window at libjpeg's half (so printed a strip at a time), quick to make."""


def _halves(path: Path, size: tuple[int, int] = HALVES) -> Path:
    image = QImage(*size, QImage.Format.Format_RGB32)
    image.fill(RED)
    painter = QPainter(image)
    painter.fillRect(size[0] // 2, 0, size[0] - size[0] // 2, size[1], BLUE)
    painter.end()
    assert image.save(str(path), "JPEG", 95)
    return path


def _strips() -> list[Path]:
    folder = copies_folder()
    assert folder is not None
    return sorted(folder.glob(f"*{STRIP_SUFFIX}")) if folder.exists() else []


def _no_strip_decoding(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int]]:
    """Record every decoding of a JPEG's rows from its own file."""
    decoded: list[tuple[int, int]] = []
    real = jpeg_rows.JpegRows._decode

    def decoding(self: Any, top: int, bottom: int) -> QImage:
        decoded.append((top, bottom))
        return real(self, top, bottom)

    monkeypatch.setattr(jpeg_rows.JpegRows, "_decode", decoding)
    return decoded


def test_a_large_jpeg_is_printed_without_reading_its_file_into_memory(
    qapp: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its checks read its head and tail; Qt's decoder reads the rows from the file: the
    strip is the whole read's rows all the same."""
    path = _halves(tmp_path / "halves.jpg")
    whole, _shrink = read_backdrop(str(path))

    def whole_file(*_args: Any) -> bytes:
        raise AssertionError("the whole file was read")

    monkeypatch.setattr(jpeg_rows, "read_file", whole_file)
    printed = backdrop.BackdropCache().picture(str(path))
    assert printed is not None and (printed.width, printed.height) == (whole.width(), 48)
    strip = printed.rows(16, 40)
    assert strip == whole.copy(0, 16, whole.width(), 24).convertToFormat(strip.format())


def test_a_strip_printed_once_is_read_from_the_cache_the_next_time(
    qapp: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _halves(tmp_path / "halves.jpg")
    whole, _shrink = read_backdrop(str(path))
    expected = whole.copy(0, 10, whole.width(), 20)
    decoded = _no_strip_decoding(monkeypatch)
    first = backdrop.BackdropCache().picture(str(path))
    assert first is not None and first.rows(10, 30) == expected.convertToFormat(
        QImage.Format.Format_RGB32
    )
    assert decoded == [(10, 30)] and len(_strips()) == 1
    assert _copies() == []  # a strip is no copy of the window's
    again = backdrop.BackdropCache().picture(str(path))
    assert again is not None
    assert again.rows(12, 28) == expected.copy(0, 2, whole.width(), 16).convertToFormat(
        QImage.Format.Format_RGB32
    )  # rows within the strip kept
    assert decoded == [(10, 30)]  # nothing decoded the second time
    assert again.rows(5, 30) is not None and decoded[-1] == (5, 30)  # more rows: decoded


def _damaged_strip(kind: str, entry: Path) -> None:
    data = entry.read_bytes()
    if kind == "truncated":
        entry.write_bytes(data[: len(data) // 2])
    elif kind == "garbage":
        entry.write_bytes(os.urandom(len(data)))
    elif kind == "header-lies":  # claims other rows than its name says, and holds
        entry.write_bytes(re.sub(rb"rows=(\d+)-(\d+)", b"rows=0-20", data, count=1))
    elif kind == "png-bomb":  # 6000 × 6000 of zeros in a few KB
        entry.write_bytes(_png(6000, 6000))
    elif kind == "folder":
        entry.unlink()
        entry.mkdir()
    elif kind == "pipe":
        entry.unlink()
        os.mkfifo(entry)
    elif kind == "device":
        entry.unlink()
        entry.symlink_to("/dev/zero")


STRIP_DAMAGES = ["truncated", "garbage", "header-lies", "png-bomb", "folder", "pipe", "device"]


@pytest.mark.parametrize("kind", STRIP_DAMAGES)
def test_a_damaged_or_hostile_strip_is_refused_and_decoded_anew(
    qapp: Any, tmp_path: Path, kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _halves(tmp_path / "halves.jpg")
    first = backdrop.BackdropCache().picture(str(path))
    assert first is not None
    good = first.rows(10, 30)
    (entry,) = _strips()
    _damaged_strip(kind, entry)
    decoded = _no_strip_decoding(monkeypatch)
    again = backdrop.BackdropCache().picture(str(path))
    assert again is not None and again.rows(10, 30) == good
    assert decoded == [(10, 30)]  # the picture's own file, decoded again
    if kind != "folder":  # a folder in its place is left, and costs only time
        assert _strips() == [entry] and entry.is_file()  # and kept again


def test_a_picture_changed_since_its_strip_was_kept_is_decoded_again(
    qapp: Any, tmp_path: Path
) -> None:
    path = _halves(tmp_path / "halves.jpg")
    first = backdrop.BackdropCache().picture(str(path))
    assert first is not None and _close(first.rows(10, 30).pixelColor(5, 5), RED)
    before = path.stat()
    image = QImage(*HALVES, QImage.Format.Format_RGB32)
    image.fill(BLUE)
    assert image.save(str(path), "JPEG", 95)
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    again = backdrop.BackdropCache().picture(str(path))
    assert again is not None and _close(again.rows(10, 30).pixelColor(5, 5), BLUE)


def test_a_picture_changed_between_its_checks_and_its_decoding_is_said(
    qapp: Any, tmp_path: Path
) -> None:
    path = _halves(tmp_path / "halves.jpg")
    printed = backdrop.BackdropCache().picture(str(path))
    assert printed is not None
    _halves(path, (HALVES[0], HALVES[1] + 16))  # replaced: another file, another size
    with pytest.raises(ValueError, match=r"halves\.jpg changed while it was being printed"):
        printed.rows(0, 8)


def test_a_jpeg_cut_short_or_with_a_long_tail_or_long_headers_is_checked_as_before(
    qapp: Any, tmp_path: Path
) -> None:
    """The end marker is looked for in the tail; a file whose end marker lies further
    back (bytes after it) is searched further, one whose headers run past the head read
    whole: each is what the whole read says of it."""
    path = _halves(tmp_path / "halves.jpg")
    data = path.read_bytes()
    cut = tmp_path / "cut.jpg"
    cut.write_bytes(data[: len(data) - 200])
    with pytest.raises(ValueError, match=r"cut\.jpg is cut short or damaged"):
        jpeg_rows.jpeg_rows(str(cut), MAX_SIDE)
    tail = tmp_path / "tail.jpg"
    tail.write_bytes(data + bytes(3 * jpeg_rows.TAIL))  # zeros after the end marker
    assert jpeg_rows.jpeg_rows(str(tail), MAX_SIDE) is not None
    segment = b"\xff\xe1" + (65535).to_bytes(2, "big") + bytes(65533)  # an APP1 of 64 KB
    headers = data[:2] + segment * 5 + data[2:]
    long = tmp_path / "long.jpg"
    long.write_bytes(headers)
    printed = jpeg_rows.jpeg_rows(str(long), MAX_SIDE)
    assert printed is not None and _close(printed.rows(0, 8).pixelColor(5, 5), RED)
    long.write_bytes(headers[: len(headers) - 200])
    with pytest.raises(ValueError, match=r"long\.jpg is cut short or damaged"):
        jpeg_rows.jpeg_rows(str(long), MAX_SIDE)


def test_the_strips_count_in_the_folders_budget(tmp_path: Path) -> None:
    folder = tmp_path / "pictures"
    folder.mkdir()
    for age, name in enumerate(["newest", "oldest"]):
        entry = folder / f"{name}{STRIP_SUFFIX}"
        entry.write_bytes(bytes(1000))
        os.utime(entry, ns=(10**18 - age * 60 * 10**9, 10**18 - age * 60 * 10**9))
    evict(folder, budget=1500)
    assert [p.name for p in folder.iterdir()] == [f"newest{STRIP_SUFFIX}"]


def test_the_windows_copy_replaces_the_strips_of_its_picture(qapp: Any, tmp_path: Path) -> None:
    path = _halves(tmp_path / "halves.jpg")
    other = _halves(tmp_path / "other.jpg", (HALVES[0], HALVES[1] + 8))
    for picture in (path, other):
        printed = backdrop.BackdropCache().picture(str(picture))
        assert printed is not None and printed.rows(0, 8) is not None
    assert len(_strips()) == 2
    read_backdrop(str(path), copy=True)  # the window's worker writes its copy
    assert len(_copies()) == 1
    (kept,) = _strips()
    key = picture_cache.key_of(str(other))
    assert key is not None and kept.name.startswith(f"{key.digest}.")


@pytest.mark.parametrize("game", DISTANCE_GAMES)
def test_export_pdf_twice_over_a_large_jpeg_decodes_it_once(
    qapp: Any, tmp_path: Path, game: str, capsys: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A fight of ten over a JPEG the window reads at its half: the first export decodes
    the rows down to its map's strip and keeps them, the second reads them, and both
    print the picture (and say nothing of it)."""
    scan = _halves(tmp_path / "halves.jpg", (HALVES[0], 400))
    encounter = _fight(game).model_copy(
        update={"backdrop": Backdrop(path=str(scan), x=-400, y=-40, per_pixel=0.2)}
    )
    source = tmp_path / "crypt.m3e"
    save_document(source, catalog.document_type(type(encounter)), encounter)
    decoded = _no_strip_decoding(monkeypatch)
    sizes = []
    for run in ("first", "second"):
        out = tmp_path / f"{run}.pdf"
        assert export_pdf_main([str(source), "-o", str(out)]) == 0
        assert "note:" not in capsys.readouterr().err
        sizes.append(out.stat().st_size)
        assert len(decoded) == 1, run  # decoded by the first alone
    assert len(_strips()) >= 1 and _copies() == []
    assert abs(sizes[0] - sizes[1]) <= 64  # the same picture printed (the dates aside)


@pytest.mark.parametrize("per_pixel", [0.2, 0.05, 0.02, 0.01, 0.002])
def test_a_page_reads_the_smallest_fraction_that_gives_it_every_pixel(
    qapp: Any, tmp_path: Path, per_pixel: float, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A fight of ten over a JPEG the window reads at its half, printed at the PDF's 1200
    dots an inch: the picture is decoded at the smallest of libjpeg's half, quarter and
    eighth that still gives the page a pixel for each of its own (at most
    ``MapBlock.PICTURE_PPI`` an inch), the window's half when the page wants more, and
    the page embeds no more pixels than that."""
    from m3desk.ui.printing.map_block import MapBlock

    path = _halves(tmp_path / "halves.jpg", (HALVES[0], 400))
    width = HALVES[0]
    spec = Backdrop(
        path=str(path), x=-width * per_pixel / 2, y=-200 * per_pixel, per_pixel=per_pixel
    )
    block = MapBlock(_fight("ose").model_copy(update={"backdrop": spec}))
    frame = block.frame_for(760)
    reads: list[tuple[float, float]] = []
    real = backdrop.BackdropCache.picture

    def reading(self: Any, picture: str, at_least: float = 0.0) -> Any:
        printed = real(self, picture, at_least)
        assert printed is not None
        reads.append((at_least, printed.shrink))
        return printed

    monkeypatch.setattr(backdrop.BackdropCache, "picture", reading)
    dots = 1200 / 72
    picture, part = block._on_page(frame, dots, dots)
    assert part is not None and picture.backdrop is not None
    ((need, shrink),) = reads
    most = MapBlock.PICTURE_PPI / 72
    assert need == pytest.approx(per_pixel * frame.scale * most)
    fractions = [f for f in (1 / 8, 1 / 4, 1 / 2) if f >= need] or [1 / 2]
    assert shrink == min(fractions)
    left, _top, right, _bottom = frame.visible()
    shown = (min(right, spec.x + width * per_pixel) - max(left, spec.x)) * frame.scale * most
    assert part.width() <= max(shown, 1) + 2  # no finer than the page at 300 an inch
    assert part.width() >= min(shown, (right - left) / per_pixel * shrink) - 2
