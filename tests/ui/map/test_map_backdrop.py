"""The map's background picture: placed and scaled through its dialog (one undo step, kept
in the encounter file as path and scale), and every bad picture (missing, not a picture,
truncated, a header claiming billions of pixels) a sentence that changes nothing."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QDialogButtonBox

from m3desk.storage.encounter_files import load_encounter, save_encounter
from m3desk.ui.map import MapPanel
from m3desk.ui.map.backdrop_dialog import BackdropDialog


def _picture(path: Path, width: int = 200, height: int = 100) -> Path:
    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.fill(QColor(200, 180, 120))
    assert image.save(str(path))
    return path


def _chunk(kind: bytes, data: bytes) -> bytes:
    return (
        struct.pack(">I", len(data))
        + kind
        + data
        + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    )


def _claims_billions(path: Path) -> Path:
    """A 60-byte PNG whose header says 60 000 × 60 000 pixels."""
    header = struct.pack(">IIBBBBB", 60_000, 60_000, 8, 2, 0, 0, 0)
    path.write_bytes(
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", zlib.compress(b"\0" * 16))
        + _chunk(b"IEND", b"")
    )
    return path


def _open_dialog(panel: MapPanel) -> BackdropDialog:
    panel.backdrop_button.click()
    dialog = panel.findChild(BackdropDialog)
    assert dialog is not None and dialog.isVisible()
    return dialog


def test_a_picture_is_placed_scaled_saved_and_reopened(
    qtbot: Any, map_panel: MapPanel, tmp_path: Path
) -> None:
    document = map_panel.document
    model = document.encounter.position_model
    picture = _picture(tmp_path / "dungeon.png")
    dialog = _open_dialog(map_panel)
    dialog.path.setText(str(picture))
    dialog.per_square.setValue(40)
    qtbot.mouseClick(
        dialog.buttons.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton
    )
    qtbot.waitUntil(lambda: not dialog.reading)  # read on the worker, then placed
    backdrop = document.encounter.backdrop
    assert backdrop is not None and backdrop.path == str(picture)
    assert backdrop.per_pixel == pytest.approx(model.step / 40)
    assert document.undo_stack.count() == 1
    image, error = map_panel.view.backdrop()
    assert error == "" and image is not None and image.width() == 200
    map_panel.view.grab()  # painted under the grid without complaint
    saved = tmp_path / "fight.m3e"
    save_encounter(saved, document.encounter)
    assert load_encounter(saved).model.backdrop == backdrop
    document.undo_stack.undo()
    assert document.encounter.backdrop is None


@pytest.mark.parametrize(
    "bad, says",
    [
        ("missing", "could not be opened"),
        ("text", "is not a picture m3desk can read"),
        ("truncated", "is cut short or damaged: the file ends before its PNG picture does"),
        ("billions", "claims 60000 × 60000 pixels"),
    ],
)
def test_a_bad_picture_gives_a_sentence_and_changes_nothing(
    qtbot: Any, map_panel: MapPanel, tmp_path: Path, bad: str, says: str
) -> None:
    path = tmp_path / "map.png"
    if bad == "text":
        path.write_text("<b>not</b> a picture")
    elif bad == "truncated":
        data = _picture(tmp_path / "whole.png", 400, 400).read_bytes()
        path.write_bytes(data[: len(data) // 3])
    elif bad == "billions":
        _claims_billions(path)
    document = map_panel.document
    before = document.encounter
    dialog = _open_dialog(map_panel)
    dialog.path.setText(str(path))
    qtbot.mouseClick(
        dialog.buttons.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton
    )
    qtbot.waitUntil(lambda: not dialog.reading)
    assert says in dialog.message.text()
    assert "map.png" in dialog.message.text()
    assert dialog.isVisible()
    assert document.encounter is before and document.undo_stack.count() == 0


def test_a_picture_gone_since_is_said_under_the_map_and_kept_in_the_file(
    qtbot: Any, map_panel: MapPanel, tmp_path: Path
) -> None:
    from m3desk.core.places import Backdrop

    document = map_panel.document
    gone = tmp_path / "moved-away.png"
    document.apply(
        document.encounter.model_copy(update={"backdrop": Backdrop(path=str(gone), per_pixel=0.5)}),
        "Picture",
    )
    qtbot.waitUntil(lambda: not map_panel.view.picture_loading_now)
    map_panel.view.grab()
    assert "moved-away.png could not be opened" in map_panel.status.text()
    assert document.encounter.backdrop is not None  # nothing lost: found again once back


def test_a_file_whose_picture_scale_is_absurd_is_refused_with_a_sentence(
    map_panel: MapPanel, tmp_path: Path
) -> None:
    import json

    from m3desk.storage.documents import DocumentLoadError

    saved = tmp_path / "fight.m3e"
    save_encounter(saved, map_panel.document.encounter)
    record = json.loads(saved.read_text())
    record["document"]["backdrop"] = {"path": "/dev/zero", "per_pixel": 1e-300}
    saved.write_text(json.dumps(record))
    with pytest.raises(DocumentLoadError) as refused:
        load_encounter(saved)
    assert "per_pixel" in str(refused.value)
