"""Another game's sheet opens in the window with the generic editor, saves, and is listed."""

from __future__ import annotations

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
from tests.toy_system import ToySheet


def test_a_toy_sheet_opens_in_the_form_editor_edits_and_saves(
    window: MainWindow, tmp_path: Path, qtbot: Any
) -> None:
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
    assert (entry.kind, entry.name, entry.system, entry.broken) == (
        "character",
        "Bea",
        "Toy",
        False,
    )
    assert entry.matches(["toy"])


def test_new_character_of_another_game_starts_its_own_sheet(
    window: MainWindow, fake_dialogs: Any, qtbot: Any
) -> None:
    from m3desk.ui.dialogs import NewCharacterChoice

    fake_dialogs.answer("ask_new_character", NewCharacterChoice("Aldo", "", "", 1, system="toy"))
    qtbot.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    [record] = window.session.records
    assert isinstance(record.document.sheet, ToySheet)
    assert (record.document.sheet.name, record.document.sheet.hit_points) == ("Aldo", 8)
    assert isinstance(window.tabs.current(), FormSheetEditor)


def test_new_character_offers_every_game_and_a_blank_sheet_without_generation(qtbot: Any) -> None:
    from m3desk.assets import game_data
    from m3desk.ui.window.generation_dialog import BlankPanel, GenerationDialog, GenerationPanel
    from m3desk.ui.window.new_character import games_that_generate

    dialog = GenerationDialog(
        games_that_generate(), lambda system: system.default_options(), game_data
    )
    qtbot.addWidget(dialog)
    games = [dialog.game.itemText(n) for n in range(dialog.game.count())]
    assert games[0] == "Monsters & Magic" and "Toy" in games
    assert isinstance(dialog.panel, GenerationPanel)
    qtbot.keyClicks(dialog.name, "Bea")
    dialog.game.setCurrentIndex(games.index("Toy"))
    assert isinstance(dialog.panel, BlankPanel)
    assert "filled in on the sheet" in dialog.panel.text()
    sheet = dialog.sheet()
    assert isinstance(sheet, ToySheet) and sheet.name == "Bea"


def test_new_encounter_from_another_game_s_sheets_is_that_game_s_fight(
    window: MainWindow, fake_dialogs: Any, tmp_path: Path
) -> None:
    from m3desk.ui.dialogs import NewEncounterChoice
    from m3desk.ui.encounter.widget import EncounterWidget
    from tests.toy_system import ToyEncounter

    aldo, goblin = tmp_path / "aldo.m3c", tmp_path / "goblin.m3c"
    save_sheet(aldo, ToySheet(name="Aldo"))
    save_sheet(goblin, ToySheet(name="Goblin", hit_points=4, max_hit_points=4))
    fake_dialogs.answer("ask_new_encounter", NewEncounterChoice("Bridge", (aldo, goblin)))
    record = window.new_encounter()
    assert record is not None
    encounter = record.document.encounter
    assert isinstance(encounter, ToyEncounter)
    assert [(c.name, c.side, c.source_path) for c in encounter.combatants] == [
        ("Aldo", "Party", str(aldo)),
        ("Goblin", "Party", str(goblin)),
    ]
    page = window.tabs.current()
    assert isinstance(page, EncounterWidget)
    assert "Decl." in [
        page.tracker.tracker_model.headerData(n, Qt.Orientation.Horizontal)
        for n in range(page.tracker.tracker_model.columnCount())
    ]  # Declared


def test_one_game_per_encounter(
    window: MainWindow, fake_dialogs: Any, tmp_path: Path, sample: Any
) -> None:
    from m3desk.ui.dialogs import NewEncounterChoice

    aldo = tmp_path / "aldo.m3c"
    save_sheet(aldo, ToySheet(name="Aldo"))
    fake_dialogs.answer(
        "ask_new_encounter", NewEncounterChoice("Mixed", (aldo, sample("gramfive")))
    )
    assert window.new_encounter() is None
    assert "one game" in fake_dialogs.messages()[0].lower()


def test_another_game_s_table_rules_are_kept_in_the_settings_and_used(
    window: MainWindow, fake_dialogs: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from m3desk.storage.settings import load_settings
    from m3desk.ui.dialogs import NewEncounterChoice
    from m3desk.ui.documents.form_sheet_document import FormSheetDocument
    from m3desk.ui.table_rules import options_dialog
    from tests.toy_system import TOY

    path = tmp_path / "aldo.m3c"
    save_sheet(path, ToySheet(name="Aldo"))
    record = window.open_path(path)
    assert record is not None and isinstance(record.document, FormSheetDocument)
    menu = window.menu_actions.game_rules_menu
    menu.aboutToShow.emit()
    [toy_action] = [a for a in menu.actions() if a.objectName() == "game_rules:toy"]
    assert toy_action.text() == "Toy…"
    asked: list[Any] = []

    def choose(_parent: Any, system: Any, current: Any, title: str, _intro: str) -> Any:
        asked.append((system.id, current, title))
        return current.model_copy(update={"crit_range": 18})

    monkeypatch.setattr(options_dialog, "ask_options", choose)
    toy_action.trigger()
    assert asked == [("toy", TOY.default_options(), "Table Rules — Toy")]
    assert record.document.options.crit_range == 18  # the open sheet follows
    settings, _problem = load_settings(window.paths)
    assert settings.table_rules["toy"]["crit_range"] == 18
    fake_dialogs.answer("ask_new_encounter", NewEncounterChoice("Bridge", (path,)))
    fight = window.new_encounter()
    assert fight is not None and fight.document.encounter.options.crit_range == 18
