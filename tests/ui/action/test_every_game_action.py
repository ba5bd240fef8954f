"""One action through the dialog, in the real window, once per installed game (issue 21).

The GM opens a fight of the game's samples, presses Ctrl+E in the tracker on a character's
turn, takes the dialog's default (an attack on a foe in reach), types the dice or presses
Roll, reads the result line and presses Apply; then Ctrl+Z. Every game's dialog, its own
(Monsters & Magic's effect-point spending) or the generic one, is driven through the same
names (:class:`~m3desk.ui.action.action_view.ActionView`), so the loop over
``registry.systems()`` (the tests' toy game included) names no game.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from m3desk.core.dice import Roller
from m3desk.storage.encounter_files import save_encounter
from m3desk.ui.action import prompts
from m3desk.ui.action.action_view import ActionView
from m3desk.ui.encounter.tracker_columns import TrackerRole
from m3desk.ui.encounter.widget import EncounterWidget
from m3desk.ui.main_window import MainWindow
from tests.ui.action.any_dialog import outcome, type_face, when_the_dialog_opens
from tests.ui.action.sample_fights import GAMES, sample_fight
from tests.ui.window.conftest import fake_dialogs, make_window, paths  # noqa: F401
from tests.ui.window.encounter_helpers import focus_tracker

CTRL = Qt.KeyboardModifier.ControlModifier


def _pools(page: EncounterWidget, combatant_id: str) -> dict[str, tuple[str, tuple[int, int]]]:
    """The target's pools as the tracker shows them: column title → (text, (now, most))."""
    model = page.tracker.tracker_model
    row = model.row_of(combatant_id)
    found = {}
    for column in range(model.columnCount()):
        index = model.index(row, column)
        pool = index.data(TrackerRole.POOL)
        if pool is not None:
            title = str(model.headerData(column, Qt.Orientation.Horizontal))
            found[title] = (str(index.data() or ""), tuple(pool))
    return found


def _log_lines(page: EncounterWidget) -> list[str]:
    """The log panel's lines, as the GM reads them."""
    log = page.log_panel.log_model
    return [
        str(log.index(row, log.columnCount() - 1).data() or "") for row in range(log.rowCount())
    ]


@pytest.fixture
def no_discard_question(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(prompts, "confirm_discard_roll", lambda *_args: True)


@pytest.mark.parametrize("how", ["typed", "rolled"])
@pytest.mark.parametrize("game", GAMES)
def test_one_action_through_the_dialog_and_undone(
    make_window: Callable[..., MainWindow],  # noqa: F811
    tmp_path: Path,
    qtbot: Any,
    game: str,
    how: str,
    no_discard_question: None,
) -> None:
    fight = tmp_path / "fight.m3e"
    save_encounter(fight, sample_fight(game).encounter)
    window = make_window([fight], recover=False)
    record = window.session.current()
    assert record is not None
    page = focus_tracker(qtbot, window, record)
    page.turns.roller = Roller(11)  # the table's roller, seeded so the run repeats
    document = record.document
    encounter = document.encounter
    actor = encounter.combatant(str(encounter.turn))
    steps, log_before = document.undo_stack.count(), _log_lines(page)
    pools_before = {c.id: _pools(page, c.id) for c in encounter.combatants}
    shown: dict[str, Any] = {}

    def act(dialog: ActionView) -> None:
        target = dialog.aimed_at
        assert target is not None, dialog.action.currentText()
        assert encounter.combatant(target).side != actor.side  # the default: a foe
        if dialog.target.isVisibleTo(dialog):  # in reach (else the action carries it)
            assert "in reach" in dialog.target.currentText(), dialog.target.currentText()
            assert "out of reach" not in dialog.target.currentText()
        assert dialog.result_line.isHidden()
        assert not dialog.apply_button.isEnabled()  # no dice yet
        if how == "typed":  # the highest face of every die: a hit in every game
            for field, sides in zip(dialog.dice, dialog.die_sides(), strict=True):
                type_face(qtbot, field, sides)
        else:
            qtbot.mouseClick(dialog.roll_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(dialog.result_line.isVisible, timeout=2000)
        shown.update(
            target=target,
            text=dialog.result_line.text(),
            faces=[field.text() for field in dialog.dice],
        )
        assert dialog.apply_button.isEnabled(), shown["text"]
        qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
        assert dialog.was_applied

    opened = when_the_dialog_opens(qtbot, act)
    qtbot.keyClick(page.tracker, Qt.Key.Key_E, CTRL)
    outcome(opened)  # Ctrl+E opened the dialog, and it was driven to Apply
    logged = document.encounter.log[-1].text
    # What the dialog said before Apply is what the log says after it.
    assert shown["text"] == f"Result: {logged}"
    assert len(_log_lines(page)) == len(log_before) + 1
    assert logged in _log_lines(page)[-1]
    assert document.undo_stack.count() == document.undo_stack.index() == steps + 1
    # The target's hit points in the tracker moved by what the line says, or not at all.
    target = shown["target"]
    after = _pools(page, target)
    before = pools_before[target]
    lost = [
        before[title][1][0] - now
        for title, (_text, (now, _most)) in after.items()
        if now != before[title][1][0]
    ]
    if how == "typed":
        assert lost, (logged, before, after)
    for amount in lost:
        assert re.search(rf"\b{amount}\b", logged), (amount, logged)
    if not lost:
        assert after == before
    # Ctrl+Z in the window takes the whole action back.
    assert window.menu_actions.undo.isEnabled()
    focus_tracker(qtbot, window, record)  # back in the window once the dialog has gone
    qtbot.keyClick(page.tracker, Qt.Key.Key_Z, CTRL)
    assert document.undo_stack.index() == steps
    assert _pools(page, target) == before
    assert _log_lines(page) == log_before


def test_a_roll_in_the_dialog_comes_from_the_encounter_s_roller(
    make_window: Callable[..., MainWindow],  # noqa: F811
    tmp_path: Path,
    qtbot: Any,
    no_discard_question: None,
) -> None:
    """The same seed rolls the same dice in every game's dialog (a fight replays)."""
    rolled: dict[str, list[list[str]]] = {}
    for game in GAMES:
        fight = tmp_path / f"{game}.m3e"
        save_encounter(fight, sample_fight(game).encounter)
        window = make_window([fight], recover=False)
        record = window.session.current()
        assert record is not None
        for _time in range(2):
            page = focus_tracker(qtbot, window, record)
            page.turns.roller = Roller(2024)

            def roll(dialog: ActionView, game: str = game) -> None:
                qtbot.mouseClick(dialog.roll_button, Qt.MouseButton.LeftButton)
                rolled.setdefault(game, []).append([field.text() for field in dialog.dice])

            opened = when_the_dialog_opens(qtbot, roll)
            qtbot.keyClick(page.tracker, Qt.Key.Key_E, CTRL)
            outcome(opened)
    for game, (first, second) in rolled.items():
        assert first == second and all(first), (game, first, second)
    assert sorted(rolled) == sorted(GAMES)
