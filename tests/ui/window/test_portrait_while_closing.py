"""Closing a sheet's tab, or the window, while a portrait chosen for it is read: nothing
crashes, the SVG's drawing process is stopped, and the file on disk is as it was (issue 30).
Every game's sample sheet whose form has a portrait is tried."""

from __future__ import annotations

import multiprocessing
import shutil
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from m3desk.assets import sample_files
from m3desk.core import registry
from m3desk.storage.sheet_files import load_sheet
from m3desk.ui.main_window import MainWindow
from m3desk.ui.sheet.portrait_widget import PortraitWidget

SVG = (
    b'<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400">'
    b'<rect width="300" height="400" fill="#2a6"/></svg>'
)


def _with_portrait() -> list[tuple[str, Path]]:
    found = []
    for system in registry.systems():
        kinds = {
            kind
            for kind, form in system.sheet_forms.items()
            if any(section.picture is not None for section in form.sections)
        }
        for path in sample_files(system.id):
            if str(getattr(load_sheet(path).model, "kind", "")) in kinds:
                found.append((system.id, path))
                break
    return found


SAMPLES = _with_portrait()


def test_some_sample_has_a_portrait() -> None:
    assert SAMPLES


@pytest.mark.parametrize("how", ["tab", "window"])
@pytest.mark.parametrize(("game", "source"), SAMPLES, ids=[game for game, _path in SAMPLES])
def test_closing_while_a_portrait_is_read_applies_nothing_and_stops_the_reading(
    game: str,
    source: Path,
    how: str,
    window: MainWindow,
    qtbot: Any,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    path = tmp_path / source.name
    shutil.copyfile(source, path)
    before = path.read_bytes()
    record = window.open_path(path)
    assert record is not None
    portraits = window.findChildren(PortraitWidget)
    assert len(portraits) == 1, game
    svg = tmp_path / "portrait.svg"
    svg.write_bytes(SVG)
    monkeypatch.setattr(PortraitWidget, "ask_image_path", classmethod(lambda cls, parent: svg))
    qtbot.mouseClick(portraits[0].button, Qt.MouseButton.LeftButton)
    assert not record.modified and portraits[0].reading  # still reading
    if how == "tab":
        assert window.close_current()  # nothing changed yet: no question
        assert window.session.records == []
    else:
        window.close()
        assert not window.isVisible()
    qtbot.waitUntil(lambda: not multiprocessing.active_children(), timeout=3_000)
    qtbot.wait(150)
    assert path.read_bytes() == before
