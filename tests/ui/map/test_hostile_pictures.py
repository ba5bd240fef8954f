"""Hostile pictures as a map's background (and as a portrait): each refused with a sentence
that names the file, or read scaled down, within 2 s and 500 MB, the window alive and
answering meanwhile, nothing in the encounter lost.

The pictures are :func:`tools.hostile_files.hostile_pictures`: an SVG of nested ``<use>``
(10⁹ copies in 4 KB), 500,000 paths, a gzip bomb, entities, an embedded device; SVGs
within every count that Qt's renderer takes 15 s or gigabytes over (a style sheet of ``*``
rules, 39,000 shapes each covering the page, chains of masks and of clip paths: drawn in a
process of its own, stopped by its budget) and a legitimate map of 39,000 shapes (drawn); PNGs that
claim 60 000 × 60 000 pixels; truncated PNG, JPEG and SVG;
TIFF, XPM, PBM, TGA and ICNS renamed ``.png``; ``/dev/zero``, a pipe, a folder, a loop of
links; and legitimate 5000 × 5000 and 10 000 × 10 000 scans (the larger read a band of rows
at a time), which are read. Time and peak memory are measured
in a fresh process (VmHWM, reset before each picture), so other tests' state does not count.
"""

from __future__ import annotations

import os
import shutil
import time
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from m3desk.core.places import Backdrop
from m3desk.ui.map import MapPanel
from m3desk.ui.portrait_codec import encode_portrait
from tests.ui.gui_stalls import event_loop_stalls
from tools import hostile_files

BUDGET_S, BUDGET_MB = 2.0, 500.0
CUT, NONE = "is cut short or damaged: the file ends before its", "Nothing of it is shown"
"""A picture cut short, in every format: refused whole, in our words (never Qt's own)."""
LARGE_SCAN_CPU_S = BUDGET_S
"""A legitimate 100-megapixel scan is read (scaled, a band at a time), not refused: about
1.1 s of CPU on the 2-core reference box (1.97 s with 24 MB bands and zlib's checksum, 2.4 s
before its bands were handed to Qt's decoder without two copies). It is held to the
issue's 2 s in CPU seconds, so that a loaded machine does not fail it."""
SAID = {
    "nested-use.svg": "its <use> elements make more than",
    "many-paths.svg": "more than 8 MB of drawing",
    "bomb.svgz": "unpacks to more than 8 MB",
    "entities.svg": "it declares entities",
    "device-image.svg": "it embeds other pictures",
    "style-sheet.svg": "it needs more than 0.9 s of processor time",
    "overdraw.svg": "it needs more than 0.9 s of processor time",
    "mask-chain.svg": "",  # drawn without its masks (past the memory budget) or refused
    "clip-chain.svg": "it needs more than 0.9 s of processor time",
    "map.svg": "read 4096 x 4096",
    "claims-huge.png": "claims 60000 × 60000 pixels",
    "decompression-bomb.png": "read 4096 x 4096",
    "too-many-pixels.png": "read 4096 x 4096",
    "truncated.png": f"{CUT} PNG picture does. {NONE}",
    "truncated.jpg": f"{CUT} JPEG picture does. {NONE}",
    "truncated.svg": f"{CUT} SVG drawing does. {NONE}",
    "tiff-renamed.png": "is a TIFF file; m3desk reads pictures as PNG, JPEG, WebP or SVG",
    "xpm-renamed.png": "is an XPM file",
    "pbm-renamed.png": "is a PBM file",
    "tga-renamed.png": "is not a picture m3desk can read",
    "icns-renamed.png": "is an ICNS file",
    "text-renamed.png": "is not a picture m3desk can read",
    "empty.png": "is empty, not a picture",
    "large-scan.png": "read 4096 x 4096",
    "large-scan.webp": "read 4096 x 3072",
    "truncated-scan.webp": f"{CUT} WebP picture does. {NONE}",
    "dev-zero": "zero is not a file (a device or a pipe)",
    "fifo.png": "pipe.png is not a file (a device or a pipe)",
    "folder.png": "folder.png is a folder, not a picture",
    "symlink-loop.png": "its link leads round in a loop",
}


@cache
def _pictures(folder: str) -> dict[str, Path]:
    return hostile_files.hostile_pictures(Path(folder), svgz_gigabytes=0.25)


@pytest.fixture(scope="module")
def pictures(qapp: Any, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    return _pictures(str(tmp_path_factory.mktemp("hostile-pictures")))


def test_every_hostile_picture_is_said_within_2_s_and_500_mb(pictures: dict[str, Path]) -> None:
    assert set(pictures) == set(SAID)
    rows = hostile_files.read_pictures(list(pictures.values()), timeout=120)
    by_path = {row["path"]: row for row in rows}
    for name, path in pictures.items():
        row = by_path[str(path)]
        print(
            f"{name:24} {row['s']:5.2f} s ({row.get('cpu', 0.0):5.2f} s CPU) "
            f"{row['mb']:5.0f} MB  {row['said'][:80]}"
        )
    for name, path in pictures.items():
        row = by_path[str(path)]
        assert SAID[name] in row["said"], (name, row["said"])
        if name == "mask-chain.svg":
            assert row["said"] == "read 4096 x 4096" or "it needs more than" in row["said"]
        if name == "too-many-pixels.png":
            assert row["cpu"] <= LARGE_SCAN_CPU_S, (name, row["cpu"])
        else:
            assert min(row["s"], row["cpu"] + 0.5) <= BUDGET_S, (name, row["s"], row["cpu"])
        assert row["mb"] <= BUDGET_MB, (name, row["mb"])


def _cpu() -> float:
    """This process's processor time and that of its children (the SVG drawing process)."""
    return time.process_time() + sum(os.times()[2:4])


@pytest.mark.qt_log_ignore("JPEG", "imageio")  # libjpeg's own word on the truncated one
@pytest.mark.parametrize(
    "name",
    sorted(
        set(SAID)
        - {
            "large-scan.png",
            "too-many-pixels.png",
            "decompression-bomb.png",
            "large-scan.webp",
            "map.svg",
            "mask-chain.svg",
        }
    ),
)
def test_a_hostile_background_is_said_under_the_map_and_kept_in_the_encounter(
    qtbot: Any, map_panel: MapPanel, pictures: dict[str, Path], name: str
) -> None:
    document = map_panel.document
    view = map_panel.view
    spec = Backdrop(path=str(pictures[name]), per_pixel=0.5)
    started, cpu = time.perf_counter(), _cpu()
    document.apply(document.encounter.model_copy(update={"backdrop": spec}), "Picture")
    stall = event_loop_stalls(qtbot, lambda: not view.picture_loading_now)
    view.grab()
    # on a loaded machine the wall clock measures the neighbours too
    assert min(time.perf_counter() - started, _cpu() - cpu + 0.5) < BUDGET_S
    assert stall < 0.5
    said = map_panel.status.text()
    assert pictures[name].name in said and SAID[name] in said
    assert view.backdrop()[0] is None
    assert document.encounter.backdrop == spec  # nothing lost: the path stays in the file


def _fresh_scan(pictures: dict[str, Path], folder: Path) -> str:
    """The 5000 × 5000 scan at a path no other open map has read (they share a read)."""
    path = folder / "large-scan.png"
    shutil.copyfile(pictures["large-scan.png"], path)
    return str(path)


def test_a_large_scan_loads_while_the_map_answers_and_shows_it(
    qtbot: Any, map_panel: MapPanel, pictures: dict[str, Path], tmp_path: Path
) -> None:
    document, view = map_panel.document, map_panel.view
    spec = Backdrop(path=_fresh_scan(pictures, tmp_path), per_pixel=0.01)
    document.apply(document.encounter.model_copy(update={"backdrop": spec}), "Picture")
    view.grab()
    assert view.picture_loading_now
    assert map_panel.status.text() == "Loading picture large-scan.png…"
    assert map_panel.cancel_picture_button.isVisibleTo(map_panel)
    started = time.perf_counter()
    stall = event_loop_stalls(qtbot, lambda: not view.picture_loading_now)
    print(
        f"5000 x 5000 scan read in {time.perf_counter() - started:.2f} s; the GUI thread's "
        f"longest pause meanwhile {stall * 1000:.0f} ms"
    )
    assert stall < 0.5, f"the window froze {stall:.2f} s while the picture was read"
    image, error = view.backdrop()
    assert error == "" and image is not None and image.width() == 4096
    assert map_panel.status.text() == ""
    assert not map_panel.cancel_picture_button.isVisibleTo(map_panel)


def test_cancel_stops_the_reading_and_the_map_shows_without_it(
    qtbot: Any, map_panel: MapPanel, pictures: dict[str, Path], tmp_path: Path
) -> None:
    document, view = map_panel.document, map_panel.view
    spec = Backdrop(path=_fresh_scan(pictures, tmp_path), per_pixel=0.01)
    document.apply(document.encounter.model_copy(update={"backdrop": spec}), "Picture")
    view.grab()
    assert view.picture_loading_now
    qtbot.mouseClick(map_panel.cancel_picture_button, Qt.MouseButton.LeftButton)
    assert not view.picture_loading_now
    view.grab()
    assert "Reading the picture large-scan.png was cancelled" in map_panel.status.text()
    assert view.backdrop()[0] is None and document.encounter.backdrop == spec
    view.reload_picture()  # asked again, it is read
    qtbot.waitUntil(lambda: view.backdrop()[0] is not None, timeout=10_000)


@pytest.mark.parametrize(
    "name", ["nested-use.svg", "tiff-renamed.png", "fifo.png", "symlink-loop.png", "bomb.svgz"]
)
def test_a_hostile_portrait_is_refused_with_a_sentence(
    qapp: Any, pictures: dict[str, Path], name: str
) -> None:
    started = time.perf_counter()
    with pytest.raises(ValueError) as refused:
        encode_portrait(pictures[name])
    assert SAID[name] in str(refused.value)
    assert time.perf_counter() - started < BUDGET_S


@pytest.mark.qt_log_ignore("JPEG", "imageio")
@pytest.mark.parametrize("name", sorted(set(SAID) - {"mask-chain.svg"}))
def test_every_hostile_picture_chosen_in_the_dialog_is_said_or_placed_with_the_window_alive(
    qtbot: Any, map_panel: MapPanel, pictures: dict[str, Path], name: str, tmp_path: Path
) -> None:
    """The Background Picture dialog (its "All files" reaches any of them): OK reads the
    picture on the worker, the window answering meanwhile; a refusal is said in the dialog,
    which stays open and changes nothing; a legitimate scan is placed, one undo step."""
    import shiboken6
    from PySide6.QtWidgets import QDialogButtonBox

    from m3desk.ui.map.backdrop_dialog import BackdropDialog

    path = _fresh_scan(pictures, tmp_path) if name == "large-scan.png" else str(pictures[name])
    document = map_panel.document
    before = document.encounter
    map_panel.backdrop_button.click()
    dialog = map_panel.findChild(BackdropDialog)
    assert dialog is not None and dialog.isVisible()
    dialog.path.setText(path)
    started, cpu = time.perf_counter(), _cpu()
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
    stall = event_loop_stalls(
        qtbot, lambda: not shiboken6.isValid(dialog) or not dialog.reading, timeout_s=30
    )
    spent = min(time.perf_counter() - started, _cpu() - cpu + 0.5)
    assert stall < 0.5, f"the window froze {stall:.2f} s"
    if SAID[name].startswith("read "):
        assert not shiboken6.isValid(dialog) or not dialog.isVisible()  # placed, closed
        assert document.undo_stack.count() == 1
        assert document.encounter.backdrop is not None
        assert document.encounter.backdrop.path == path
        return
    assert spent < BUDGET_S, (name, spent)
    said = dialog.message.text()
    assert SAID[name] in said, (name, said)
    assert dialog.isVisible() and document.encounter is before
    assert document.undo_stack.count() == 0
    dialog.reject()


def _whole(kind: str) -> bytes:
    """A 640 × 480 picture of ``kind`` as Qt writes it (two colours: not a flat file), or
    a small SVG drawing, plain or gzipped."""
    import gzip

    from PySide6.QtCore import QBuffer, QByteArray, QIODevice
    from PySide6.QtGui import QColor, QImage, QPainter

    drawing = (
        b'<svg xmlns="http://www.w3.org/2000/svg" width="100" height="80">'
        b'<rect x="1" y="1" width="50" height="40" fill="red"/>'
        b'<circle cx="60" cy="40" r="20"/></svg>'
    )
    if kind in ("svg", "svgz"):
        return drawing if kind == "svg" else gzip.compress(drawing)
    image = QImage(640, 480, QImage.Format.Format_RGB32)
    image.fill(QColor(120, 90, 40))
    painter = QPainter(image)
    painter.fillRect(10, 10, 320, 240, QColor(10, 200, 30))
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    assert image.save(buffer, kind.upper())  # type: ignore[call-overload]
    buffer.close()
    return bytes(data.data())


CUTS = {
    "its first bytes": lambda n: 8,
    "its header only": lambda n: 100,
    "half": lambda n: n // 2,
    "its end marker missing": lambda n: n - 12,
    "its last bytes missing": lambda n: n - 2,
    "its last byte missing": lambda n: n - 1,
}
SHOWN = {"png": "PNG picture", "jpeg": "JPEG picture", "webp": "WebP picture"}
SHOWN |= {"svg": "SVG drawing", "svgz": "gzipped SVG drawing"}


@pytest.mark.qt_log_ignore("JPEG", "imageio", "libpng")
@pytest.mark.parametrize("cut", sorted(CUTS))
@pytest.mark.parametrize("kind", sorted(SHOWN))
def test_a_picture_cut_short_is_refused_in_our_words_whatever_its_format(
    qapp: Any, kind: str, cut: str
) -> None:
    """Every format read, cut at every place: refused whole (never half shown, half grey,
    as Qt's JPEG decoder would give it), in one sentence of ours that says the file is cut
    short, never Qt's own "(Unknown error)" or "Unable to read image data"."""
    from m3desk.ui.picture_files import read_picture_bytes

    data = _whole(kind)
    assert not read_picture_bytes(data, f"map.{kind}", 4096).image.isNull()
    with pytest.raises(ValueError) as refused:
        read_picture_bytes(data[: CUTS[cut](len(data))], f"map.{kind}", 4096)
    said = str(refused.value)
    assert said == (
        f"map.{kind} is cut short or damaged: the file ends before its {SHOWN[kind]} "
        "does. Nothing of it is shown; copy or save the picture again."
    )


@pytest.mark.qt_log_ignore("JPEG", "imageio", "libpng", "Quantization", "Huffman")
@pytest.mark.parametrize("kind", ["png", "jpeg", "webp"])
def test_a_damaged_picture_that_ends_whole_is_said_in_our_words(qapp: Any, kind: str) -> None:
    """The file reaches its end but its header or its data is garbage: what Qt's decoder
    finds is said in our words, whatever Qt's error text is."""
    from m3desk.ui.picture_files import read_picture_bytes

    data = _whole(kind)
    middle = len(data) // 2
    for broken in (
        data[:12] + bytes(20) + data[32:],
        data[:middle] + bytes(64) + data[middle + 64 :],
    ):
        try:
            read = read_picture_bytes(broken, f"map.{kind}", 4096)
        except ValueError as refused:
            said = str(refused)
            assert said.startswith(f"map.{kind} is cut short or damaged: its "), said
            assert "Unknown error" not in said and "Unable to" not in said, said
        else:  # a JPEG's decoder draws what it can of damaged (not missing) data
            assert kind == "jpeg" and not read.image.isNull()
