"""Another game's sheet opens in the window with the generic editor, saves, and is listed."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QSpinBox

from m3desk.storage.paths import AppPaths
from m3desk.storage.sheet_files import load_sheet, save_sheet
from m3desk.ui.library.scan import read_entry
from m3desk.ui.main_window import MainWindow
from m3desk.ui.sheet.form_editor import FormSheetEditor
from tests import toy_system
from tests.toy_system import ToySheet


@pytest.fixture(autouse=True)
def _toy() -> Iterator[None]:
    toy_system.install()
    yield
    toy_system.uninstall()


def test_a_toy_sheet_opens_in_the_form_editor_edits_and_saves(
        window: MainWindow, tmp_path: Path, qtbot: Any) -> None:
    path = tmp_path / "aldo.m3c"
    save_sheet(path, ToySheet(name="Aldo", ac=13))
    record = window.open_path(path)
    assert record is not None
    page = window.tabs.current()
    assert isinstance(page, FormSheetEditor)
    armour = page.fields["ac"].widget
    assert isinstance(armour, QSpinBox) and armour.value() == 13
    armour.setFocus()
    armour.selectAll()
    qtbot.keyClicks(armour, "15")
    qtbot.keyClick(armour, Qt.Key.Key_Return)
    assert record.modified
    qtbot.keyClick(window, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert not record.modified
    saved = load_sheet(path).model
    assert isinstance(saved, ToySheet) and saved.ac == 15


def test_the_library_lists_another_game_s_sheet_with_its_game(paths: AppPaths) -> None:
    target = paths.library_dir("characters") / "bea.m3c"
    save_sheet(target, ToySheet(name="Bea"))
    entry = read_entry(target)
    assert (entry.kind, entry.name, entry.system, entry.broken) == ("character", "Bea", "Toy",
                                                                      False)
    assert entry.matches(["toy"])
