"""Roll from the sheet (issue 28), in the real window, once per installed game: the sheet's
Roll… button lists each roll the game offers with its exact chance; a roll typed as rolled at
the table reads the game's own rule and lands in the open encounter's log as one undo step
there. A game that offers no rolls shows no button.

The chance shown is the very rule that rolls: it is counted from the roll's one test, and it
matches the odds the game's encounter rules give for the same roll (morale, saves)."""

from __future__ import annotations

import shutil
from fractions import Fraction
from itertools import product
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from m3desk.assets import sample_files
from m3desk.core import registry
from m3desk.core.sheet_rolls import chance, chance_text, outcome
from m3desk.storage.sheet_files import load_sheet
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.encounter.new_document import new_encounter_document
from m3desk.ui.main_window import MainWindow
from m3desk.ui.sheet.form_editor import FormSheetEditor

SHEETS = [(system.id, path) for system in registry.systems() for path in sample_files(system.id)]


@pytest.mark.parametrize(
    ("game", "path"), SHEETS, ids=[f"{game}-{path.stem}" for game, path in SHEETS]
)
def test_each_rolls_shown_chance_is_what_its_rule_makes_of_every_throw(
    game: str, path: Path
) -> None:
    sheet = load_sheet(path).model
    for roll in registry.get(game).sheet_rolls(sheet, None):
        dice = roll.dice
        assert dice.count <= 3, roll
        throws = list(product(range(1, dice.sides + 1), repeat=dice.count))
        wins = sum(outcome(roll, faces).succeeded for faces in throws)
        assert chance(roll) == Fraction(wins, len(throws)), roll.label
        assert str(roll.dice) in chance_text(roll)


def test_the_sheets_odds_are_the_encounters_odds() -> None:
    """OSE's morale and AD&D's saves and morale: the encounter's own chance functions."""
    from m3desk.systems.adnd2e.combat import morale_hold_chance, save_chance
    from m3desk.systems.ose.combat import morale_pass_chance

    for path in sample_files("ose"):
        sheet = load_sheet(path).model
        for roll in registry.get("ose").sheet_rolls(sheet, None):
            if roll.id == "morale":
                assert chance(roll) == morale_pass_chance(sheet.morale)
    for path in sample_files("adnd2e"):
        sheet = load_sheet(path).model
        for roll in registry.get("adnd2e").sheet_rolls(sheet, None):
            target = int(roll.needed.split()[0])
            expected = (
                save_chance(target) if roll.group == "Saving throws" else morale_hold_chance(target)
            )
            assert chance(roll) == expected, roll.label
    from m3desk.systems.monsters_and_magic.odds import success_chance

    for path in sample_files("monsters_and_magic"):
        sheet = load_sheet(path).model
        rolls = registry.get("monsters_and_magic").sheet_rolls(sheet, None)
        assert rolls
        for roll in rolls:
            modifier, resistance = (
                int(word.replace("−", "-").strip("(+)"))
                for word in roll.label.rsplit("(", 1)[1].split(" vs ")
            )
            assert float(chance(roll)) == pytest.approx(success_chance(modifier, resistance))


def test_every_played_game_rolls_from_its_sheets() -> None:
    """Each game that ships sheets offers rolls from them (issue 28): none is left out."""
    for system in registry.systems():
        files = sample_files(system.id)
        if files:
            assert any(system.sheet_rolls(load_sheet(path).model, None) for path in files), (
                system.name
            )


def _open_real_sheet(window: MainWindow, path: Path, tmp_path: Path) -> FormSheetEditor:
    target = tmp_path / path.name
    shutil.copyfile(path, target)
    record = window.open_path(target)
    assert record is not None
    page = record.page
    assert isinstance(page, FormSheetEditor)
    return page


@pytest.mark.parametrize("game", [system.id for system in registry.systems()])
def test_a_roll_typed_on_the_sheet_is_logged_in_the_open_fight_as_one_undo_step(
    game: str, window: MainWindow, qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(
        "m3desk.ui.window.documents.create_editor",
        lambda document, parent=None: FormSheetEditor(document, parent),
    )
    files = sample_files(game)
    if not files:
        pytest.skip(f"{game} ships no samples")
    editors = [_open_real_sheet(window, path, tmp_path) for path in files]
    for editor in editors:  # a game with no rolls offers no button
        assert (editor.roll_button is None) == (
            not registry.get(game).sheet_rolls(
                editor.form_document.sheet, editor.form_document.table_options()
            )
        )
    rolling = [editor for editor in editors if editor.roll_button is not None]
    if not rolling:
        return
    document = new_encounter_document(
        window.session.open_sheet_documents(), name=f"Roll test {game}"
    )
    fight = window.session.adopt(document).document
    assert isinstance(fight, EncounterDocument)
    for editor in rolling:
        window.session.focus(next(r for r in window.session.records if r.page is editor))
        assert editor.roll_button is not None
        qtbot.mouseClick(editor.roll_button, Qt.MouseButton.LeftButton)
        dialog = editor.rolls_dialog
        assert dialog is not None and dialog.isVisible()
        rolls = registry.get(game).sheet_rolls(
            editor.form_document.sheet, editor.form_document.table_options()
        )
        shown = [dialog.rolls_list.item(row).text() for row in range(dialog.rolls_list.count())]
        for roll in rolls:  # every roll with its exact chance, as the rule counts it
            assert f"{roll.label} · {chance_text(roll)}" in shown
        roll = rolls[-1]
        dialog.select(roll.id)
        faces = " ".join(["1"] * roll.dice.count)
        dialog.faces.setFocus()
        qtbot.keyClicks(dialog.faces, faces)
        before = len(fight.encounter.log)
        steps = fight.undo_stack.index()
        qtbot.keyClick(dialog.faces, Qt.Key.Key_Return)
        QApplication.processEvents()
        expected = outcome(roll, tuple([1] * roll.dice.count))
        assert dialog.last == expected
        assert expected.text in dialog.result_label.text()
        assert fight.encounter.name in dialog.result_label.text()
        entry = fight.encounter.log[-1]
        assert entry.text == expected.text and len(fight.encounter.log) == before + 1
        name = editor.form_document.sheet.name
        actor = next(c for c in fight.encounter.combatants if c.id == entry.actor)
        assert actor.name == name
        assert fight.undo_stack.index() == steps + 1
        assert fight.undo_stack.undoText() == f"Roll: {roll.label}"
        fight.undo_stack.undo()
        assert len(fight.encounter.log) == before
        dialog.close()
