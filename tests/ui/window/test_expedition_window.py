"""An expedition of a few turns through the real window, for every game that has one.

File → New Expedition, a light lit and burnt out with Next (the clock's unit) and its key,
a wandering-monster check typed until it comes up, the encounter it brings opened in a
tab of its own with the party and the monsters, the fight counted back into the clock,
and Ctrl+Z. Every game comes from ``registry.systems()`` and is asked through the seam
(``GameSystem.exploration``); a game without exploration is said to have none.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton, QToolButton

from m3desk.assets import sample_files
from m3desk.core import registry
from m3desk.core.encounter import Encounter
from m3desk.core.expedition import Expedition
from m3desk.core.sheet_rolls import chance_text
from m3desk.storage import catalog
from m3desk.storage.paths import AppPaths
from m3desk.ui.encounter.widget import EncounterWidget
from m3desk.ui.expedition.wandering import bestiary_monsters
from m3desk.ui.expedition.widget import ExpeditionWidget
from m3desk.ui.main_window import MainWindow
from m3desk.ui.window import new_expedition
from tests.ui.printing.conftest import pdftotext
from tests.ui.window.conftest import ScriptedDialogs

EXPLORING = [game.id for game in registry.systems() if game.exploration is not None]
OTHERS = [game.id for game in registry.systems() if game.exploration is None]
CTRL = Qt.KeyboardModifier.ControlModifier


def _characters(game: str) -> list[Path]:
    from m3desk.storage.sheet_files import load_sheet

    return [
        path
        for path in sample_files(game)
        if getattr(load_sheet(path).model, "kind", "") == "character"
    ]


def _set_out(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch, game: str, mode: str = ""
) -> ExpeditionWidget:
    party = tuple(_characters(game))
    rules = registry.get(game).exploration
    assert rules is not None
    choice = new_expedition.ExpeditionChoice(
        game, "Into the Deep", "Dungeon level 2", mode or rules.modes[0].id, party
    )
    monkeypatch.setattr(new_expedition, "ask_new_expedition", lambda *_args: choice)
    window.menu_actions.new_expedition.trigger()
    page = window.session.current().page  # type: ignore[union-attr]
    assert isinstance(page, ExpeditionWidget)
    return page


def _button(page: ExpeditionWidget, starts: str) -> QPushButton:
    found = [
        b
        for b in page.findChildren(QPushButton)
        if b.objectName().startswith(starts) and b.isVisible()
    ]
    assert found, starts
    return found[0]


def _due_texts(page: ExpeditionWidget) -> list[str]:
    return [page.due.item(row).text() for row in range(page.due.count())]


def _log_texts(page: ExpeditionWidget) -> list[str]:
    return [page.log.item(row).text() for row in range(page.log.count())]


def test_file_menu_offers_new_expedition(window: MainWindow) -> None:
    assert window.menu_actions.new_expedition in window.menu_actions.menus["file"].actions()


@pytest.mark.parametrize("game", OTHERS)
def test_a_game_without_exploration_says_so(game: str) -> None:
    assert registry.get(game).name in new_expedition.no_exploration_words()
    assert "no exploration yet" in new_expedition.no_exploration_words()


@pytest.mark.parametrize("game", EXPLORING)
def test_a_light_burns_out_and_a_check_brings_a_fight(
    window: MainWindow,
    fake_dialogs: ScriptedDialogs,
    qtbot: Any,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    game: str,
) -> None:
    page = _set_out(window, monkeypatch, game)
    document = page.document
    start_clock = page.clock.text()
    # Light the first light a member carries: its due line appears.
    # The game's commands: buttons, and menus of grouped commands (its lights).
    commands = [
        a
        for tool in page.findChildren(QToolButton)
        if tool.isVisible() and tool.objectName().startswith("expedition_group_") and tool.menu()
        for a in tool.menu().actions()
    ]
    before = len(document.expedition.lights)
    for command in commands:
        command.trigger()
        if len(document.expedition.lights) > before:
            break
    assert len(document.expedition.lights) == before + 1, "no command lit a light"
    light = document.expedition.lights[-1]
    shown = [t for t in _due_texts(page) if light.member in t and "left" in t]
    assert shown, _due_texts(page)
    # The clock passes by the button and by its key, until the light is out.
    qtbot.mouseClick(page.advance_button, Qt.MouseButton.LeftButton)
    assert page.clock.text() != start_clock
    page.setFocus()
    for _ in range(light.left):
        qtbot.keyClick(page, Qt.Key.Key_Return, CTRL)
    assert all(lit.member != light.member for lit in document.expedition.lights)
    assert not [t for t in _due_texts(page) if light.member in t and "left" in t]
    assert any(light.member in t for t in _log_texts(page)[-2:]), _log_texts(page)
    # A wandering-monster check, typed as a face that comes up.
    check = next(a for a in page.rules.actions(document.expedition) if a.brings_encounter)
    page.action_kind.setCurrentIndex(page.action_kind.findText(check.roll.group))
    assert page.odds.text().startswith(check.roll.label)
    odds = chance_text(check.roll).replace(" %", "\u00a0%")
    assert odds in page.odds.text()  # the shown odds are the very roll's
    face = next(f for f in range(1, check.roll.dice.sides + 1) if check.roll.succeeds(f))
    qtbot.keyClicks(page.typed, str(face))
    qtbot.keyClick(page.typed, Qt.Key.Key_Return)
    assert document.expedition.encounter_due
    assert check.roll.success in page.result.text()
    start = _button(page, "expedition_start_fight")
    monsters = bestiary_monsters(game)
    assert monsters, f"{game} has exploration but no bestiary to meet monsters from"
    monkeypatch.setattr(
        ExpeditionWidget, "ask_monsters", staticmethod(lambda _widget: (monsters[0][0], 3))
    )
    qtbot.mouseClick(start, Qt.MouseButton.LeftButton)
    fight_page = window.session.current().page  # type: ignore[union-attr]
    assert isinstance(fight_page, EncounterWidget)
    fight: Encounter = fight_page.document.encounter
    names = {c.name for c in fight.combatants}
    assert {m.name for m in document.expedition.members} <= names
    assert len(fight.combatants) == len(document.expedition.members) + 3
    assert fight.phase == "setup"
    # The fight ends after some rounds: its time joins the clock.
    fight_page.document.apply(fight.model_copy(update={"round": 7, "phase": "rounds"}), "rounds")
    window.session.focus(next(r for r in window.session.records if r.page is page))
    clock_before = dict(document.expedition.elapsed)
    qtbot.mouseClick(_button(page, "expedition_count_fight"), Qt.MouseButton.LeftButton)
    expedition: Expedition = document.expedition
    assert not expedition.in_fight
    assert expedition.elapsed != clock_before or "7 rounds" in _log_texts(page)[-1]
    assert any("7 rounds" in text for text in _log_texts(page)[-2:])
    # File → Export PDF prints the tab's log.
    target = tmp_path / "session.pdf"
    fake_dialogs.answer("pdf_file_name", target)
    window.menu_actions.export_pdf.trigger()
    window.print_commands.wait()  # painted on a worker thread
    printed = " ".join(pdftotext(target).split())
    assert f"{light.member}" in printed and "7 rounds" in printed
    # Each step was one undo step.
    steps = document.undo_stack.count()
    document.undo_stack.undo()
    assert document.expedition.in_fight
    assert document.undo_stack.count() == steps


@pytest.mark.parametrize("game", EXPLORING)
def test_the_exploration_rules_are_one_undo_step(
    window: MainWindow, qtbot: Any, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    from m3desk.ui.table_rules import options_dialog

    page = _set_out(window, monkeypatch, game)
    rules = page.rules
    assert rules.options_model is not None
    before = page.document.expedition.options
    name = next(n for n, f in rules.options_model.model_fields.items() if f.annotation is int)
    changed = before.model_copy(update={name: getattr(before, name) + 1})
    asked: list[Any] = []

    def answer(_parent: Any, system: Any, current: Any, *_words: Any) -> Any:
        asked.append((system.options_model, current))
        return changed

    monkeypatch.setattr(options_dialog, "ask_options", answer)
    qtbot.mouseClick(page.rules_button, Qt.MouseButton.LeftButton)
    assert page.document.expedition.options == changed
    assert asked[0][0] is rules.options_model and asked[0][1] == before
    page.document.undo_stack.undo()
    assert page.document.expedition.options == before


@pytest.mark.parametrize("game", EXPLORING)
def test_a_saved_expedition_is_listed_opens_in_its_tab_and_saves(
    window: MainWindow, qtbot: Any, paths: AppPaths, game: str
) -> None:
    from m3desk.storage.documents import load_document_bytes
    from m3desk.storage.expedition_files import load_expedition, save_expedition
    from m3desk.ui.library.scan import read_entry
    from tests.storage.test_expedition_files import under_way

    rules = registry.get(game).exploration
    assert rules is not None
    expedition = under_way(game)
    target = paths.library_dir("encounters") / "deep.m3x"
    save_expedition(target, expedition)
    entry = read_entry(target)
    assert (entry.kind, entry.is_sheet, entry.error) == ("expedition", False, None)
    assert entry.name == expedition.name and entry.system == registry.get(game).name
    record = window.session.open_path(target)
    assert record is not None and isinstance(record.page, ExpeditionWidget)
    page = record.page
    assert page.clock.text() == rules.clock_words(expedition)
    assert page.log.count() == len(expedition.log)
    qtbot.mouseClick(page.advance_button, Qt.MouseButton.LeftButton)
    assert record.document.modified
    snapshot = record.kind.snapshot_bytes(record.document)  # what autosave keeps
    restored = load_document_bytes(snapshot, catalog.all_documents(), source="snapshot")
    assert restored.model == page.document.expedition
    window.save_current()
    assert not record.document.modified
    assert load_expedition(target).model == page.document.expedition


@pytest.mark.parametrize("game", EXPLORING)
def test_the_wandering_dialog_rolls_the_books_number_appearing(qtbot: Any, game: str) -> None:
    from m3desk.core.dice import Roller
    from m3desk.ui.encounter.copies_dialog import appearing_dice
    from m3desk.ui.expedition.wandering import WanderingDialog

    dialog = WanderingDialog(game, None, Roller(5))
    qtbot.addWidget(dialog)
    monster, printed = next((m, p) for m, p in bestiary_monsters(game) if appearing_dice(p))
    dialog.monster.setCurrentText(monster)
    dice = appearing_dice(printed)
    assert dice is not None and dialog.printed.text() == printed
    assert dialog.roll_number.isEnabled() and str(dice) in dialog.roll_number.text()
    for _ in range(20):
        qtbot.mouseClick(dialog.roll_number, Qt.MouseButton.LeftButton)
        assert dice.minimum <= dialog.number.value() <= dice.maximum
    assert dialog.choice() == (monster, dialog.number.value())


@pytest.mark.parametrize("game", EXPLORING)
def test_a_timer_counts_down_in_the_tab(
    window: MainWindow, qtbot: Any, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    page = _set_out(window, monkeypatch, game)
    monkeypatch.setattr(
        ExpeditionWidget,
        "ask_timer",
        staticmethod(lambda _widget, _unit: ("Bless <b>(Ana)</b>", 2)),
    )
    qtbot.mouseClick(page.timer_button, Qt.MouseButton.LeftButton)
    assert any(t.startswith("Bless <b>(Ana)</b>: 2 ") for t in _due_texts(page))
    for _ in range(2):
        qtbot.mouseClick(page.advance_button, Qt.MouseButton.LeftButton)
    assert not any(t.startswith("Bless") for t in _due_texts(page))
    assert "Bless <b>(Ana)</b> ends." in _log_texts(page)[-1]


@pytest.mark.parametrize("game", EXPLORING)
def test_undo_and_redo_keep_the_log_as_the_expedition_has_it(
    window: MainWindow, qtbot: Any, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    page = _set_out(window, monkeypatch, game)
    for _ in range(4):
        qtbot.mouseClick(page.advance_button, Qt.MouseButton.LeftButton)
    stack = page.document.undo_stack
    for _ in range(3):
        stack.undo()
        assert _log_texts(page) == [
            f"{line.clock} — {line.text}" for line in page.document.expedition.log
        ]
    stack.redo()
    assert _log_texts(page) == [
        f"{line.clock} — {line.text}" for line in page.document.expedition.log
    ]


@pytest.mark.parametrize("game", EXPLORING)
def test_every_mode_of_the_clock_by_the_keyboard(
    window: MainWindow, qtbot: Any, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    """Each of the game's clock modes, picked in the tab: the unit, the terrains and the
    actions follow, and a unit passes in it."""
    page = _set_out(window, monkeypatch, game)
    rules = page.rules
    for index, mode in enumerate(rules.modes):
        page.mode.setFocus()
        while page.mode.currentIndex() != index:
            key = Qt.Key.Key_Down if page.mode.currentIndex() < index else Qt.Key.Key_Up
            qtbot.keyClick(page.mode, key)
        assert page.document.expedition.mode == mode.id
        assert page.advance_button.text() == f"Next {mode.unit.capitalize()}"
        assert page.terrain.isVisibleTo(page) == bool(mode.terrains)
        groups = [page.action_kind.itemText(i) for i in range(page.action_kind.count())]
        assert groups == list(
            dict.fromkeys(a.roll.group for a in rules.actions(page.document.expedition))
        )
        before = rules.clock_words(page.document.expedition)
        qtbot.mouseClick(page.advance_button, Qt.MouseButton.LeftButton)
        assert page.clock.text() == rules.clock_words(page.document.expedition) != before
        if mode.terrains:
            last = page.terrain.count() - 1
            page.terrain.setFocus()
            while page.terrain.currentIndex() != last:
                qtbot.keyClick(page.terrain, Qt.Key.Key_Down)
            assert page.document.expedition.terrain == mode.terrains[-1][0]


def test_a_broken_expedition_file_is_a_sentence_and_opens_nothing(
    window: MainWindow, fake_dialogs: ScriptedDialogs, tmp_path: Path
) -> None:
    target = tmp_path / "broken.m3x"
    game = EXPLORING[0]
    broken = {
        "format": "m3desk.expedition",
        "system": game,
        "schema_version": 1,
        "document": {"members": [{"name": "<b>x</b>", "sheet": 5}]},
    }
    target.write_text(json.dumps(broken), encoding="utf-8")
    before = len(window.session.records)
    assert window.session.open_path(target) is None
    assert len(window.session.records) == before
    shown = fake_dialogs.messages()
    assert shown and "broken.m3x" in shown[-1]
