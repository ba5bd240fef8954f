"""The smaller copy of a large map picture kept in the cache folder (issue 30: an 8000 × 6000
JPEG was decoded in full at every open and every export, about 1 s each).

The copy is trusted only as far as the bounded reader allows: a picture changed since is
read again, a damaged or hostile copy (truncated, a header that lies, a PNG bomb put at its
path) is refused, removed and written anew, and the map, the window's and the printed one,
shows the picture right all the same. The window's worker writes the copy; a second open
reads it and never decodes the picture's own file.
"""

from __future__ import annotations

import os
import re
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtGui import QColor, QImage

from m3desk.assets import sample_files
from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.core.places import Backdrop
from m3desk.storage import catalog
from m3desk.storage.documents import save_document
from m3desk.storage.sheet_files import load_sheet
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.map import MapPanel, backdrop
from m3desk.ui.map.backdrop import MAX_SIDE, read_backdrop
from m3desk.ui.picture_cache import copies_folder, evict
from m3desk.ui.printing.cli import export_pdf_main
from tests.ui.gui_stalls import event_loop_stalls
from tests.ui.map.conftest import DISTANCE_GAMES
from tools.hostile_files import _png

RED, BLUE = QColor(200, 30, 30), QColor(30, 40, 200)
WIDE = (MAX_SIDE + 104, 400)
"""Wider than the map reads (so it is shrunk, and copied), yet quick to make and read."""


def _fight(game: str, count: int = 10) -> core.Encounter:
    """A fight of ``count``, the game's samples joining by turns on the two sides."""
    system = registry.get(game)
    assert system.encounter is not None
    spec = next(d for d in system.documents if d.kind == "encounter")
    encounter = spec.model(name="Crypt")
    sheets = [load_sheet(path).model for path in sample_files(game)]
    for number in range(count):
        side = "Party" if number % 2 == 0 else "Monsters"
        sheet = sheets[number % len(sheets)]
        encounter = core.join(encounter, system.encounter.make_combatant(sheet, side))
    return encounter


def _scan(path: Path, colour: QColor, size: tuple[int, int] = WIDE) -> Path:
    image = QImage(*size, QImage.Format.Format_RGB32)
    image.fill(colour)
    assert image.save(str(path), "JPEG", 90)
    return path


def _close(colour: QColor, expected: QColor) -> bool:
    return all(
        abs(a - b) <= 12 for a, b in zip(colour.getRgb()[:3], expected.getRgb()[:3], strict=True)
    )


def _copies() -> list[Path]:
    folder = copies_folder()
    assert folder is not None
    return sorted(folder.glob("*.ppm")) if folder.exists() else []


def _no_decoding(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Record every read of a picture's own file (a read from the copy is none)."""
    decoded: list[str] = []
    real = backdrop.read_picture

    def reading(path: Any, *args: Any, **kwargs: Any) -> Any:
        decoded.append(str(path))
        return real(path, *args, **kwargs)

    monkeypatch.setattr(backdrop, "read_picture", reading)
    return decoded


def test_a_read_asked_for_no_copy_writes_none(qapp: Any, tmp_path: Path) -> None:
    """The loader's bare read (the hostile-file fuzzer's) decodes and keeps nothing."""
    path = _scan(tmp_path / "wide.jpg", RED)
    read_backdrop(str(path))
    assert _copies() == []


def test_a_large_picture_is_decoded_once_then_read_from_its_copy(
    qapp: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _scan(tmp_path / "wide.jpg", RED)
    decoded = _no_decoding(monkeypatch)
    first, shrink = read_backdrop(str(path), copy=True)
    assert decoded == [str(path)] and len(_copies()) == 1
    again, shrink_again = read_backdrop(str(path), copy=True)
    assert decoded == [str(path)]  # the second read is the copy's
    assert again.size() == first.size() and shrink_again == shrink < 1.0
    assert again.text("m3desk-shrink") == first.text("m3desk-shrink")
    assert _close(again.pixelColor(10, 10), RED)


def test_a_small_picture_is_not_copied(qapp: Any, tmp_path: Path) -> None:
    path = _scan(tmp_path / "small.jpg", RED, (800, 600))
    read_backdrop(str(path), copy=True)
    assert _copies() == []


def test_a_picture_changed_since_is_read_again(qapp: Any, tmp_path: Path) -> None:
    path = _scan(tmp_path / "wide.jpg", RED)
    read_backdrop(str(path), copy=True)
    before = path.stat()
    _scan(path, BLUE)
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns + 1_000_000_000))
    image, _shrink = read_backdrop(str(path), copy=True)
    assert _close(image.pixelColor(10, 10), BLUE)
    assert len(_copies()) == 2  # the stale copy is never looked up again (and evicted in time)


def test_a_picture_changed_within_the_same_second_and_size_is_read_again(
    qapp: Any, tmp_path: Path
) -> None:
    """The same size and modification time (a copy tool that keeps them): the hash of the
    picture's first and last 64 KB tells them apart."""
    path = tmp_path / "wide.png"
    red, blue = QImage(*WIDE, QImage.Format.Format_RGB32), QImage(*WIDE, QImage.Format.Format_RGB32)
    red.fill(RED)
    blue.fill(BLUE)
    assert red.save(str(path), "PNG", 100)
    data = path.read_bytes()
    read_backdrop(str(path), copy=True)
    before = path.stat()
    other = tmp_path / "other.png"
    assert blue.save(str(other), "PNG", 100)
    assert len(other.read_bytes()) == len(data)  # one colour, compressed alike
    path.write_bytes(other.read_bytes())
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    image, _shrink = read_backdrop(str(path), copy=True)
    assert _close(image.pixelColor(10, 10), BLUE)


def _damaged(kind: str, entry: Path) -> None:
    data = entry.read_bytes()
    if kind == "truncated":
        entry.write_bytes(data[: len(data) // 2])
    elif kind == "garbage":
        entry.write_bytes(os.urandom(len(data)))
    elif kind == "header-lies":  # claims twice the rows it holds
        found = re.search(rb"\n(\d+) (\d+)\n255\n", data)
        assert found is not None
        claim = b"\n%s %d\n255\n" % (found.group(1), 2 * int(found.group(2)))
        entry.write_bytes(data[: found.start()] + claim + data[found.end() :])
    elif kind == "too-large":  # a well-formed copy wider than the map reads
        side = MAX_SIDE + 8
        entry.write_bytes(
            f"P6\n# m3desk-copy shrink=0.5\n{side} 1\n255\n".encode() + bytes(3 * side)
        )
    elif kind == "png-bomb":  # 6000 × 6000 of zeros in a few KB
        entry.write_bytes(_png(6000, 6000))
    elif kind == "folder":
        entry.unlink()
        entry.mkdir()


DAMAGES = ["truncated", "garbage", "header-lies", "too-large", "png-bomb"]


@pytest.mark.parametrize("kind", DAMAGES)
def test_a_damaged_or_hostile_copy_is_refused_and_written_anew(
    qapp: Any, tmp_path: Path, kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _scan(tmp_path / "wide.jpg", RED)
    first, _shrink = read_backdrop(str(path), copy=True)
    (entry,) = _copies()
    good = entry.read_bytes()
    _damaged(kind, entry)
    decoded = _no_decoding(monkeypatch)
    started = time.process_time()
    image, _shrink = read_backdrop(str(path), copy=True)
    assert time.process_time() - started < 2.0
    assert decoded == [str(path)]  # the picture's own file, read again
    assert image.size() == first.size() and _close(image.pixelColor(10, 10), RED)
    assert entry.read_bytes() == good  # and copied again


def test_a_folder_in_the_copys_place_costs_only_time(qapp: Any, tmp_path: Path) -> None:
    path = _scan(tmp_path / "wide.jpg", RED)
    read_backdrop(str(path), copy=True)
    (entry,) = _copies()
    _damaged("folder", entry)
    image, _shrink = read_backdrop(str(path), copy=True)
    assert _close(image.pixelColor(10, 10), RED)


def test_a_cache_folder_that_cannot_be_written_costs_only_time(
    qapp: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the cache folder would be")
    monkeypatch.setenv("M3DESK_CACHE_DIR", str(blocker))
    path = _scan(tmp_path / "wide.jpg", RED)
    for _ in range(2):
        image, _shrink = read_backdrop(str(path), copy=True)
        assert _close(image.pixelColor(10, 10), RED)


def test_the_copies_keep_within_their_budget_the_oldest_used_going_first(tmp_path: Path) -> None:
    folder = tmp_path / "pictures"
    folder.mkdir()
    for age, name in enumerate(["newest", "middle", "oldest"]):
        entry = folder / f"{name}.ppm"
        entry.write_bytes(bytes(1000))
        stamp = time.time_ns() - age * 60_000_000_000
        os.utime(entry, ns=(stamp, stamp))
    (folder / "notes.txt").write_bytes(bytes(5000))  # not a copy: left alone
    evict(folder, budget=2000)
    assert sorted(p.name for p in folder.iterdir()) == ["middle.ppm", "newest.ppm", "notes.txt"]
    evict(folder, keep=folder / "middle.ppm", budget=500)
    assert sorted(p.name for p in folder.iterdir()) == ["middle.ppm", "notes.txt"]


def _pdf_picture_colours(pdf: Path, tmp_path: Path) -> list[QColor]:
    """The middle pixel of each picture the PDF holds (pdfimages, as a reader extracts it)."""
    prefix = tmp_path / "extracted"
    subprocess.run(["pdfimages", "-png", str(pdf), str(prefix)], check=True)
    colours = []
    for image_path in sorted(tmp_path.glob("extracted-*.png")):
        image = QImage(str(image_path))
        colours.append(image.pixelColor(image.width() // 2, image.height() // 2))
    return colours


@pytest.mark.parametrize("game", DISTANCE_GAMES)
@pytest.mark.parametrize("kind", ["none", "truncated", "png-bomb"])
def test_export_pdf_prints_the_picture_right_whatever_its_copy(
    qapp: Any, tmp_path: Path, game: str, kind: str, capsys: Any
) -> None:
    """A fight of ten over the wide picture: printed once without a copy (one is written),
    then with the copy as it is, or damaged: the picture under the tokens is the picture,
    and nothing is said (a copy is m3desk's own business)."""
    scan = _scan(tmp_path / "wide.jpg", RED)
    encounter = _fight(game)
    assert len(encounter.combatants) == 10
    encounter = encounter.model_copy(
        update={"backdrop": Backdrop(path=str(scan), x=-400, y=-40, per_pixel=0.2)}
    )
    source = tmp_path / "crypt.m3e"
    save_document(source, catalog.document_type(type(encounter)), encounter)
    for run in ("first", kind):
        out = tmp_path / f"{run}.pdf"
        assert export_pdf_main([str(source), "-o", str(out)]) == 0
        (entry,) = _copies()
        if run == "first" and kind != "none":
            _damaged(kind, entry)
            continue
        said = capsys.readouterr()
        assert "note:" not in said.err, said.err
        where = tmp_path / f"images-{run}"
        where.mkdir()
        colours = _pdf_picture_colours(out, where)
        assert colours and all(_close(colour, RED) for colour in colours), colours


@pytest.mark.parametrize("game", DISTANCE_GAMES)
def test_the_window_reads_on_its_worker_keeps_the_copy_and_reads_it_next_time(
    qtbot: Any, tmp_path: Path, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A fight of ten: the map shows the picture its worker read, the worker having written
    its copy; a map opened afterwards (the first closed) shows it from the copy, never
    decoding the picture's own file again."""
    scan = _scan(tmp_path / "wide.jpg", RED)
    decoded = _no_decoding(monkeypatch)
    spec = Backdrop(path=str(scan), x=-400, y=-40, per_pixel=0.2)
    for opening in range(2):
        document = EncounterDocument(_fight(game))
        panel = MapPanel(document)
        qtbot.addWidget(panel)
        panel.resize(900, 700)
        panel.show()
        qtbot.waitExposed(panel)
        document.apply(document.encounter.model_copy(update={"backdrop": spec}), "Picture")
        panel.view.grab()  # the map drawn while the worker reads (a small picture: quickly)
        stall = event_loop_stalls(qtbot, lambda p=panel: not p.view.picture_loading_now)
        assert stall < 0.5
        image, error = panel.view.backdrop()
        assert error == "" and image is not None and _close(image.pixelColor(10, 10), RED)
        qtbot.waitUntil(lambda: len(_copies()) == 1, timeout=5_000)  # written just after
        assert decoded == [str(scan)], opening  # decoded at the first opening alone
        panel.detach()  # the tab closes: its picture is let go
        panel.close()
        assert backdrop.loaded_pictures() == 0


def test_the_printed_part_of_the_picture_lies_where_the_picture_does(
    qapp: Any, tmp_path: Path
) -> None:
    """Red left of x = 0 ft, blue right of it: the strip the printed map embeds turns blue
    at 0 ft, whether read from the picture's file (the first print) or from its copy's rows
    (the next), as far as the page's pixels and the JPEG's blur at the edge allow."""
    from PySide6.QtGui import QPainter

    from m3desk.ui.printing.map_block import MapBlock

    image = QImage(*WIDE, QImage.Format.Format_RGB32)
    image.fill(RED)
    painter = QPainter(image)
    painter.fillRect(WIDE[0] // 2, 0, WIDE[0] - WIDE[0] // 2, WIDE[1], BLUE)
    painter.end()
    path = tmp_path / "halves.jpg"
    assert image.save(str(path), "JPEG", 95)
    per_pixel = 0.2
    spec = Backdrop(path=str(path), x=-WIDE[0] // 2 * per_pixel, y=-40, per_pixel=per_pixel)
    encounter = _fight("ose").model_copy(update={"backdrop": spec})
    edges = []
    for reading in ("file", "copy"):
        assert len(_copies()) == (0 if reading == "file" else 1)
        block = MapBlock(encounter)
        frame = block.frame_for(760)
        picture, part = block._on_page(frame, 1200 / 72, 1200 / 72)
        shown = picture.backdrop
        assert part is not None and shown is not None
        row = part.height() // 2
        edge = next(
            column
            for column in range(part.width())
            if part.pixelColor(column, row).blue() > part.pixelColor(column, row).red()
        )
        edges.append(shown.x + edge * shown.per_pixel)
        step = max(shown.per_pixel, per_pixel * WIDE[0] / MAX_SIDE)
        assert abs(edges[-1]) <= 2 * step, (reading, edges[-1], step)
    assert abs(edges[0] - edges[1]) <= 1e-6


def test_printing_reads_a_jpeg_at_the_smallest_fraction_its_page_needs(
    qapp: Any, tmp_path: Path
) -> None:
    """No copy yet: a page that needs a fifth of the file's pixels a side reads the JPEG at
    libjpeg's quarter (an eighth would not do), and keeps no copy of it (the window writes
    its own, at its own size); a page needing more than the window's size reads that."""
    path = _scan(tmp_path / "long.jpg", RED, (2 * MAX_SIDE + 400, 64))
    width = 2 * MAX_SIDE + 400
    printed = backdrop.BackdropCache().picture(str(path), 0.2)
    assert printed is not None and printed.reduced
    assert printed.width == width // 4 and printed.shrink == (width // 4) / width
    assert _close(printed.rows(0, 8).pixelColor(5, 5), RED)
    assert _copies() == []
    finer = backdrop.BackdropCache().picture(str(path), 3.0)
    assert finer is not None and not finer.reduced and finer.width == MAX_SIDE
    assert len(_copies()) == 1


def test_a_large_jpeg_printed_with_no_copy_decodes_its_strip_as_the_whole_read_does(
    qapp: Any, tmp_path: Path
) -> None:
    """No copy yet, a JPEG the window reads at libjpeg's half: printing decodes only the
    rows down to its strip, and they are the whole read's rows pixel for pixel (the printed
    picture lies where the picture does); no copy is written from it."""
    from PySide6.QtGui import QPainter

    size = (2 * MAX_SIDE - 192, 96)
    image = QImage(*size, QImage.Format.Format_RGB32)
    image.fill(RED)
    painter = QPainter(image)
    painter.fillRect(size[0] // 2, 0, size[0] - size[0] // 2, size[1], BLUE)
    painter.end()
    path = tmp_path / "halves.jpg"
    assert image.save(str(path), "JPEG", 95)
    printed = backdrop.BackdropCache().picture(str(path))
    assert printed is not None
    whole, shrink = read_backdrop(str(path))
    assert (printed.width, printed.height, printed.shrink) == (
        whole.width(),
        whole.height(),
        shrink,
    )
    strip = printed.rows(16, 40)
    assert strip == whole.copy(0, 16, whole.width(), 24).convertToFormat(strip.format())
    assert _copies() == []


@pytest.mark.parametrize("game", DISTANCE_GAMES)
def test_a_strip_that_cannot_be_decoded_is_said_by_export_pdf(
    qapp: Any, tmp_path: Path, game: str, capsys: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A large JPEG printed with no copy is decoded only when its page is drawn (its strip):
    a strip that cannot be decoded then leaves the picture off the map, and the command
    says which picture and why, as it does of a picture refused when first read."""
    from m3desk.ui import jpeg_rows

    def broken(self: Any, top: int, bottom: int) -> QImage:
        raise ValueError(f"{self.name} is damaged: its JPEG picture data could not be decoded")

    monkeypatch.setattr(jpeg_rows.JpegRows, "rows", broken)
    scan = tmp_path / "halves.jpg"
    image = QImage(2 * MAX_SIDE - 192, 400, QImage.Format.Format_RGB32)
    image.fill(RED)
    assert image.save(str(scan), "JPEG", 95)
    encounter = _fight(game).model_copy(
        update={"backdrop": Backdrop(path=str(scan), x=-400, y=-40, per_pixel=0.2)}
    )
    source = tmp_path / "crypt.m3e"
    save_document(source, catalog.document_type(type(encounter)), encounter)
    out = tmp_path / "crypt.pdf"
    assert export_pdf_main([str(source), "-o", str(out)]) == 0
    said = capsys.readouterr().err
    assert "note:" in said and "halves.jpg is damaged" in said, said
    assert _copies() == []
