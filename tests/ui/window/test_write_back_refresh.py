"""After "Write Back to Sheets", open sheet tabs of those files never hold stale values."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from m3desk.storage.sheet_files import load_sheet
from m3desk.ui.dialogs import NewEncounterChoice
from m3desk.ui.encounter import prompts
from m3desk.ui.encounter.tracker_columns import Column
from m3desk.ui.games.monsters_and_magic.encounter import prompts as game_prompts
from m3desk.ui.main_window import MainWindow
from tests.ui.encounter.helpers import click_cell
from tests.ui.window.conftest import ScriptedDialogs, edit
from tests.ui.window.encounter_helpers import focus_tracker, press


def test_write_back_reloads_an_unmodified_sheet_tab_and_warns_about_a_modified_one(
    window: MainWindow,
    party_in_library: dict[str, Path],
    fake_dialogs: ScriptedDialogs,
    monkeypatch: pytest.MonkeyPatch,
    qtbot,
) -> None:
    gramfive = window.open_path(party_in_library["gramfive"])
    felix = window.open_path(party_in_library["felix"])
    assert gramfive is not None and felix is not None
    edit(felix, notes="Unsaved notes about the fane")
    php_before = gramfive.document.sheet.php.current
    fake_dialogs.answer(
        "ask_new_encounter",
        lambda _p, candidates, name: NewEncounterChoice(
            name, tuple(c.source for c in candidates if c.checked)
        ),
    )
    encounter = window.new_encounter()  # from the two open tabs
    assert encounter is not None
    page = focus_tracker(qtbot, window, encounter)
    offered = page.roster_adder.open_sheets()  # "Add Combatants ▸ open sheets"
    assert [source.sheet.name for source in offered] == ["Gramfive the Grim", "Felix Pook"]

    monkeypatch.setattr(game_prompts, "ask_pool_change", lambda *_args: -3)
    for name in ("Gramfive", "Felix"):
        click_cell(qtbot, page, name, Column.NAME)
        press(qtbot, Qt.Key.Key_H, Qt.KeyboardModifier.ControlModifier)  # Adjust PHP
    monkeypatch.setattr(prompts, "confirm_write_back", lambda *_args: True)
    old_page, tab_index = gramfive.page, window.tabs.tab_widget.indexOf(gramfive.page)
    page.encounter_actions.write_back.trigger()

    assert load_sheet(party_in_library["gramfive"]).model.php.current == php_before - 3
    assert gramfive.document.sheet.php.current == php_before - 3  # reloaded
    assert gramfive.page is not old_page
    assert window.tabs.tab_widget.indexOf(gramfive.page) == tab_index
    assert not gramfive.modified and gramfive.document.undo_stack.count() == 0
    assert window.session.current() is encounter  # the GM stays in the encounter

    assert felix.modified and felix.document.sheet.notes == "Unsaved notes about the fane"
    [warning] = fake_dialogs.messages("show_warning")
    assert "Felix Pook" in warning and "overwrite" in warning
    assert "reloaded 1" in window.statusBar().currentMessage()

    window.session.focus(gramfive)  # Undo now acts on the reloaded sheet's empty stack
    assert not window.menu_actions.undo.isEnabled()
