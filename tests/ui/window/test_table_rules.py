"""Edit → Table Rules… (the default, in the settings) and Encounter → Table Rules… (undoable)."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtCore import QAbstractItemModel
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QToolButton

from m3desk.storage.paths import AppPaths
from m3desk.storage.settings import AppSettings, load_settings, save_settings
from m3desk.systems.monsters_and_magic.table_rules import TableRules
from m3desk.ui.dialogs import NewCharacterChoice, NewEncounterChoice
from m3desk.ui.main_window import MainWindow
from m3desk.ui.sheet.roles import DerivedKeyRole
from tests.ui.window.conftest import ScriptedDialogs

HOUSE = TableRules(
    size_defence_vs_larger=False,
    size_mental=False,
    damage_cap_adds_level=False,
    starting_hero_points=3,
)


def menu_action(menu: QMenu, text: str) -> QAction:
    return next(action for action in menu.actions() if action.text() == text)


def answering(rules: TableRules | None, asked: list[dict[str, Any]]) -> Callable[..., Any]:
    def answer(parent: object, current: TableRules, title: str = "", intro: str = "") -> Any:
        asked.append({"current": current, "title": title, "intro": intro})
        return rules

    return answer


@pytest.fixture
def rules_answers(monkeypatch: pytest.MonkeyPatch) -> deque[Any]:
    """The Table Rules form's answers, in order (a callable answer gets what was asked)."""
    from m3desk.ui.table_rules import options_dialog

    answers: deque[Any] = deque()

    def ask(parent: object, _system: object, current: Any, title: str, intro: str) -> Any:
        assert answers, f"unexpected Table Rules form {title!r}"
        answer = answers.popleft()
        return answer(parent, current, title, intro) if callable(answer) else answer

    monkeypatch.setattr(options_dialog, "ask_options", ask)
    return answers


def shown_max_damage(record: Any) -> str:
    """The Cutter's maximum damage as the sheet's items table shows it."""
    for model in record.page.findChildren(QAbstractItemModel):
        for column in range(model.columnCount()):
            index = model.index(0, column)
            if index.data(DerivedKeyRole) == "max_damage.item.0":
                return str(index.data())
    raise AssertionError("no maximum damage shown")


def test_edit_table_rules_is_saved_and_used_by_new_sheets_and_encounters(
    window: MainWindow,
    fake_dialogs: ScriptedDialogs,
    sample,
    paths: AppPaths,
    qtbot,
    rules_answers: deque[Any],
) -> None:
    gramfive = window.open_path(sample("gramfive"))
    assert gramfive.document.rules == TableRules()
    assert shown_max_damage(gramfive) == "10"  # d8 + level 1 + STR
    asked: list[dict[str, Any]] = []
    rules_answers.extend([answering(HOUSE, asked)])
    with qtbot.waitSignal(gramfive.document.sheet_changed):
        menu_action(window.menu_actions.menus["edit"], "&Table Rules…").trigger()
    assert asked[0]["current"] == TableRules() and "new sheets" in asked[0]["intro"]

    stored = window.settings_store.settings.table_rules
    assert stored == {"monsters_and_magic": HOUSE.model_dump(mode="json")}
    on_disk = load_settings(paths)[0].table_rules["monsters_and_magic"]
    assert TableRules.model_validate(on_disk) == HOUSE
    # The open sheet follows at once; it is not an edit of the sheet.
    assert gramfive.document.rules == HOUSE and not gramfive.modified
    assert shown_max_damage(gramfive) == "9"

    fake_dialogs.answer("ask_new_encounter", NewEncounterChoice("Ambush", ()))
    encounter = window.new_encounter()
    assert encounter.document.encounter.options == HOUSE
    fake_dialogs.answer("ask_new_character", NewCharacterChoice("Brom", "dwarf", "cleric", 1))
    brom = window.new_character()
    assert brom.document.rules == HOUSE and brom.document.sheet.hero_points == 3

    # Cancelling changes nothing; the next window starts with the saved rules.
    rules_answers.extend([None])
    assert window.edit_table_rules() is None
    assert window.settings_store.table_rules() == HOUSE


def test_stored_rules_that_no_longer_validate_fall_back_with_a_warning(
    make_window: Callable[..., MainWindow],
    fake_dialogs: ScriptedDialogs,
    paths: AppPaths,
    rules_answers: deque[Any],
) -> None:
    save_settings(
        paths, AppSettings(table_rules={"monsters_and_magic": {"minor_cost": 12, "shiny": True}})
    )
    window = make_window()
    assert window.settings_store.table_rules() == TableRules()
    problem = window.settings_store.table_rules_problem()
    assert problem is not None and "default rules are used" in problem
    assert window.statusBar().currentMessage() == problem
    asked: list[dict[str, Any]] = []
    rules_answers.extend([answering(TableRules.book_example(), asked)])
    window.edit_table_rules()
    assert problem in asked[0]["intro"]  # the dialog says why it shows the strict rules
    assert window.settings_store.table_rules_problem() is None
    assert load_settings(paths)[0].table_rules == {
        "monsters_and_magic": TableRules.book_example().model_dump(mode="json")
    }


def test_encounter_table_rules_are_one_undo_step(
    window: MainWindow, fake_dialogs: ScriptedDialogs, rules_answers: deque[Any]
) -> None:
    fake_dialogs.answer("ask_new_encounter", NewEncounterChoice("Ambush", ()))
    record = window.new_encounter()
    document = record.document
    book = TableRules.book_example()
    more = record.page.findChild(QToolButton, "encounter_more_button")
    in_more = menu_action(more.menu(), "Ta&ble Rules…")
    in_menu = menu_action(window.menu_actions.menus["encounter"], "Ta&ble Rules…")
    assert in_more is in_menu

    asked: list[dict[str, Any]] = []
    rules_answers.extend([answering(book, asked)])
    steps = document.undo_stack.count()
    in_menu.trigger()
    assert asked[0]["current"] == TableRules() and "Ambush" in asked[0]["title"]
    assert document.encounter.options == book
    assert document.undo_stack.count() == steps + 1 and record.modified
    assert window.menu_actions.undo.text() == "&Undo Change table rules"
    assert window.settings_store.table_rules() == TableRules()  # the default is untouched

    window.menu_actions.undo.trigger()
    assert document.encounter.options == TableRules()
    window.menu_actions.redo.trigger()
    assert document.encounter.options == book

    # Cancelling, or choosing the same rules, is no step at all.
    rules_answers.extend([None, book])
    in_more.trigger()
    in_more.trigger()
    assert document.undo_stack.count() == steps + 1
