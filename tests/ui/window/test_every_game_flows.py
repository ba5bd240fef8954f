"""The table's day in the real window, once per installed game (the tests' toy included):
File → New Character and New Monster, a field typed and undone, New Encounter from those
sheets, initiative by the keyboard, the players' screen and the encounter's table rules.

Every game comes from ``registry.systems()``, so a new game gets these flows without a test
of its own. The other flows are looped where they live: printing (window/
test_print_every_game.py, printing/test_cli_every_game.py), the action dialog (action/
test_every_game_action.py: Ctrl+E, dice, Apply, Ctrl+Z in this window; action/
test_default_action.py, action/test_dialog_labels.py), the forecast (encounter/
test_forecast_every_game.py), rolled initiative in the log (test_log_record.py), the board
(encounter/test_player_view_centre.py, board/test_board_places.py) and every game's options
(table_rules/test_every_game_options.py).
"""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QAbstractListModel, QModelIndex, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from m3desk.core import registry
from m3desk.ui.dialogs import NewCharacterChoice, NewEncounterChoice
from m3desk.ui.encounter.widget import EncounterWidget
from m3desk.ui.main_window import MainWindow
from m3desk.ui.window.open_document import OpenDocument
from tests.ui.window.conftest import ScriptedDialogs

GAMES = [system.id for system in registry.systems()]
CTRL = Qt.KeyboardModifier.ControlModifier
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


def _tab_text(window: MainWindow) -> str:
    tabs = window.tabs.tab_widget
    return tabs.tabText(tabs.currentIndex())


def _name_field(page: QWidget, name: str) -> QLineEdit:
    """The sheet editor's line edit that shows ``name`` (every game's editor has one)."""
    found = [
        edit
        for edit in page.findChildren(QLineEdit)
        if edit.text() == name and edit.isVisible() and not edit.isReadOnly()
    ]
    assert found, f"no field on the sheet shows {name!r}"
    return found[0]


def _new_character(
    window: MainWindow, fake_dialogs: ScriptedDialogs, qtbot: Any, game: str, name: str
) -> OpenDocument:
    fake_dialogs.answer(
        "ask_new_character", NewCharacterChoice(name, "human", "fighter", 1, system=game)
    )
    qtbot.keyClick(window, Qt.Key.Key_N, CTRL)
    record = window.session.current()
    assert record is not None
    return record


def _new_monster(
    window: MainWindow, fake_dialogs: ScriptedDialogs, qtbot: Any, game: str
) -> OpenDocument:
    fake_dialogs.answer("ask_game", game)
    qtbot.keyClick(window, Qt.Key.Key_N, CTRL_SHIFT)
    record = window.session.current()
    assert record is not None
    return record


@pytest.mark.parametrize("game", GAMES)
def test_new_character_and_monster_then_a_typed_name_undone(
    window: MainWindow, fake_dialogs: ScriptedDialogs, qtbot: Any, game: str
) -> None:
    system = registry.get(game)
    hero = _new_character(window, fake_dialogs, qtbot, game, "Ysolde")
    assert registry.system_of(hero.model()) is system
    assert getattr(hero.model(), "kind", "") == "character"
    assert _tab_text(window).startswith("Ysolde")
    page = window.tabs.current()
    assert page is not None

    field = _name_field(page, "Ysolde")
    field.setFocus()
    field.selectAll()
    qtbot.keyClicks(field, "Brannoc")
    qtbot.keyClick(field, Qt.Key.Key_Return)
    assert getattr(hero.model(), "name", "") == "Brannoc"
    assert _tab_text(window).startswith("Brannoc") and hero.modified
    qtbot.keyClick(window, Qt.Key.Key_Z, CTRL)
    assert getattr(hero.model(), "name", "") == "Ysolde"
    qtbot.waitUntil(lambda: _name_field(page, "Ysolde") is not None)

    monster = _new_monster(window, fake_dialogs, qtbot, game)
    assert registry.system_of(monster.model()) is system
    assert getattr(monster.model(), "kind", "") == "monster"
    assert window.tabs.current() is not page
    shown_name = str(getattr(monster.model(), "name", ""))
    assert shown_name and _tab_text(window).startswith(shown_name)
    assert not fake_dialogs.messages()


def _encounter_from_new_sheets(
    window: MainWindow, fake_dialogs: ScriptedDialogs, qtbot: Any, game: str
) -> tuple[OpenDocument, EncounterWidget]:
    _new_character(window, fake_dialogs, qtbot, game, "Ysolde")
    _new_monster(window, fake_dialogs, qtbot, game)
    asked: list[list[str]] = []

    def take_both(_parent: Any, candidates: Any, _name: str) -> NewEncounterChoice:
        """The dialog offers the open sheets ticked (and the library's samples unticked)."""
        ticked = [c for c in candidates if c.checked]
        asked.append([f"{c.name} ({c.game})" for c in ticked])
        return NewEncounterChoice("Ford at dusk", tuple(c.source for c in ticked))

    fake_dialogs.answer("ask_new_encounter", take_both)
    qtbot.keyClick(window, Qt.Key.Key_B, CTRL_SHIFT)
    assert not fake_dialogs.messages(), fake_dialogs.messages()
    assert len(asked) == 1 and len(asked[0]) == 2, asked
    record = window.session.current()
    assert record is not None
    page = window.tabs.current()
    assert isinstance(page, EncounterWidget)
    qtbot.waitExposed(page)
    return record, page


def _tracker_names(page: EncounterWidget) -> list[str]:
    model = page.tracker.tracker_model
    name = model.column_of("name")
    return [str(model.index(row, name).data()) for row in range(model.rowCount())]


@pytest.mark.parametrize("game", GAMES)
def test_new_encounter_initiative_by_keys_player_view(
    window: MainWindow,
    fake_dialogs: ScriptedDialogs,
    qtbot: Any,
    game: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    record, page = _encounter_from_new_sheets(window, fake_dialogs, qtbot, game)
    encounter = record.document.encounter
    assert registry.system_of(encounter).id == game
    assert _tab_text(window).startswith("Ford at dusk")
    names = [c.name for c in encounter.combatants]
    assert "Ysolde" in names and len(names) == 2
    assert sorted(_tracker_names(page)) == sorted(names)

    # Initiative: Ctrl+I in the tracker rolls by the game's scheme (with dice offered when
    # the game asks which to roll), Ctrl+Enter starts the round; both are undo steps.
    from m3desk.ui.games.monsters_and_magic.encounter import prompts  # the game that asks

    def offered(_parent: Any, requests: Any) -> dict[str, tuple[int, str]]:
        """A game that asks for each combatant's dice: the GM takes what the roller offers."""
        return {r.combatant_id: (sum(r.rolled), " ".join(map(str, r.rolled))) for r in requests}

    monkeypatch.setattr(prompts, "ask_initiative_dice", offered)
    page.tracker.setFocus()
    steps = record.document.undo_stack.count()
    if encounter.scheme.reroll_each_round:
        qtbot.keyClick(page.tracker, Qt.Key.Key_Return, CTRL)
    qtbot.keyClick(page.tracker, Qt.Key.Key_I, CTRL)
    rolled = record.document.encounter
    assert any(c.initiative is not None for c in rolled.combatants), "nothing was rolled"
    assert record.document.undo_stack.count() > steps
    qtbot.keyClick(page.tracker, Qt.Key.Key_Return, CTRL)
    started = record.document.encounter
    assert started.phase != "setup" and started.turn is not None
    init = page.tracker.tracker_model.column_of("initiative")
    shown = [
        page.tracker.tracker_model.index(row, init).data()
        for row in range(page.tracker.tracker_model.rowCount())
    ]
    assert any(str(value or "").strip() for value in shown), shown

    # The players' screen: a window of its own showing the party by name.
    qtbot.keyClick(page, Qt.Key.Key_P, CTRL_SHIFT)
    view = page.player_view
    assert view is not None and view.isVisible()
    qtbot.waitExposed(view)
    shown = _texts_on(view)
    assert "Ysolde" in shown and encounter.name in shown, shown
    view.close()


def _texts_on(view: QWidget) -> str:
    """Every label and every cell of every list the window shows."""
    texts = [label.text() for label in view.findChildren(QLabel) if label.isVisible()]
    if isinstance(view, QWidget):
        texts.append(view.windowTitle())
    for item_view in view.findChildren(QAbstractItemView):
        model = item_view.model()
        if model is None or not item_view.isVisible():
            continue
        columns = 1 if isinstance(model, QAbstractListModel) else model.columnCount(QModelIndex())
        for row in range(model.rowCount(QModelIndex())):
            for column in range(columns):
                texts.append(str(model.index(row, column).data() or ""))
    return " ".join(texts)


def _state(editor: QWidget) -> object:
    if isinstance(editor, QCheckBox):
        return editor.isChecked()
    if isinstance(editor, QComboBox):
        return editor.currentIndex()
    assert isinstance(editor, QSpinBox)
    return editor.value()


def _first_rule(qtbot: Any, dialog: QDialog) -> QWidget:
    """The dialog's first rule the user can change, as it shows."""
    dialog.show()
    qtbot.waitExposed(dialog)
    editors = [
        editor
        for editor in dialog.findChildren(QWidget)
        if isinstance(editor, QCheckBox | QComboBox | QSpinBox)
        and editor.isVisible()
        and editor.isEnabled()
    ]
    assert editors, "no rule to change"
    return editors[0]


def _flip_first_rule_and_accept(qtbot: Any, dialog: QDialog) -> object:
    """The user looks at the dialog, changes its first rule by the keyboard (ticks a yes/no
    rule, picks the next choice, steps a number) and presses OK: no game needs a yes/no rule.
    Returns what the rule then shows."""
    first = _first_rule(qtbot, dialog)
    was = _state(first)
    first.setFocus()
    if isinstance(first, QCheckBox):
        key = Qt.Key.Key_Space
    elif isinstance(first, QComboBox):
        key = Qt.Key.Key_Up if first.currentIndex() == first.count() - 1 else Qt.Key.Key_Down
    else:
        key = Qt.Key.Key_Down if first.value() == first.maximum() else Qt.Key.Key_Up
    qtbot.keyClick(first, key)
    assert _state(first) != was
    [buttons] = dialog.findChildren(QDialogButtonBox)
    qtbot.mouseClick(buttons.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton)
    assert dialog.result() == QDialog.DialogCode.Accepted
    return _state(first)


@pytest.mark.parametrize("game", GAMES)
def test_the_encounter_s_table_rules_change_in_one_undo_step(
    window: MainWindow,
    fake_dialogs: ScriptedDialogs,
    qtbot: Any,
    game: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Encounter → Table Rules…: every game's one form, generated from its options, one rule
    flipped, one undo step."""
    from m3desk.ui.table_rules import options_dialog

    record, page = _encounter_from_new_sheets(window, fake_dialogs, qtbot, game)
    shown: list[QDialog] = []
    seen: list[object] = []  # what the first rule shows: after the flip, then reopened
    reopened = False

    def generated_dialog(dialog: QDialog) -> int:
        shown.append(dialog)
        if reopened:
            seen.append(_state(_first_rule(qtbot, dialog)))
            return int(QDialog.DialogCode.Rejected)
        seen.append(_flip_first_rule_and_accept(qtbot, dialog))
        return int(dialog.result())

    monkeypatch.setattr(options_dialog.OptionsDialog, "show_modal", staticmethod(generated_dialog))
    before = record.document.encounter
    steps = record.document.undo_stack.count()
    page.encounter_actions.table_rules.trigger()
    assert len(shown) == 1
    assert shown[0].windowTitle().endswith("Ford at dusk")
    assert record.document.encounter != before, "the flipped rule did not reach the encounter"
    assert record.document.undo_stack.count() == steps + 1
    # What the GM sees: the Edit menu offers to undo it, and the dialog opened again shows
    # the rule as flipped.
    texts = [a.text() for a in window.findChildren(QAction) if a.text().startswith("&Undo")]
    assert f"&Undo {record.document.undo_stack.undoText()}" in texts, texts
    reopened = True
    page.encounter_actions.table_rules.trigger()
    assert seen[1] == seen[0], "the dialog opened again does not show the rule flipped"
    assert record.document.undo_stack.count() == steps + 1  # a dialog cancelled: nothing
    qtbot.keyClick(window, Qt.Key.Key_Z, CTRL)
    assert record.document.encounter == before
