"""Apply and Next Turn, in every game's action dialog (issue 28).

After Apply the turn stayed where it was: the GM closed the dialog and pressed Next Turn, every
turn of every round. Now the dialog offers "Apply and Next Turn" for the combatant whose turn
it is, enabled when the action leaves it nothing to do (the game's ``turn_over``), pressed by
one key, Ctrl+Return (Next Turn's key in the tab). And Apply's Alt+A opened the Actor list in
the generic dialog: each button's Alt letter is its own.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QLabel, QWidget

from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.core.dice import Roller
from m3desk.storage.encounter_files import save_encounter
from m3desk.ui.action import prompts
from m3desk.ui.action.action_view import ActionView
from m3desk.ui.main_window import MainWindow
from tests.ui.action.any_dialog import outcome, type_face, when_the_dialog_opens
from tests.ui.action.sample_fights import GAMES, sample_fight
from tests.ui.window.conftest import fake_dialogs, make_window, paths  # noqa: F401
from tests.ui.window.encounter_helpers import focus_tracker

CTRL = Qt.KeyboardModifier.ControlModifier
MNEMONIC = re.compile(r"&([^&])")


def _letters(dialog: QWidget) -> list[str]:
    """The Alt letters of every visible label and button of the dialog."""
    found = []
    for widget in dialog.findChildren(QWidget):
        if not widget.isVisibleTo(dialog):
            continue
        text = widget.text() if isinstance(widget, QAbstractButton | QLabel) else ""
        if isinstance(widget, QLabel) and widget.buddy() is None:
            continue
        match = MNEMONIC.search(text.replace("&&", ""))
        if match:
            found.append(match.group(1).lower())
    return found


@pytest.mark.parametrize("game", GAMES)
def test_apply_and_next_turn_by_one_key(
    make_window: Callable[..., MainWindow],  # noqa: F811
    tmp_path: Path,
    qtbot: Any,
    game: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(prompts, "confirm_discard_roll", lambda *_args: True)
    fight = tmp_path / "fight.m3e"
    encounter = sample_fight(game).encounter
    rules = registry.get(game).encounter
    if rules is not None and rules.roll_initiative is not None:  # as the game rolls it
        everyone = dict.fromkeys(c.id for c in encounter.combatants)
        encounter = rules.roll_initiative(core.set_initiative(encounter, everyone), Roller(4))
        assert encounter.turn is not None
        encounter = encounter.turn_begins(encounter.turn)
    save_encounter(fight, encounter)
    window = make_window([fight], recover=False)
    record = window.session.current()
    assert record is not None
    page = focus_tracker(qtbot, window, record)
    page.turns.roller = Roller(11)
    document = record.document
    first = document.encounter.turn
    steps = document.undo_stack.count()
    seen: dict[str, Any] = {}

    def act(dialog: ActionView) -> None:
        button = dialog.next_turn_button
        assert button.isVisible(), "no Apply and Next Turn for the combatant on turn"
        assert not button.isEnabled()  # no dice yet
        apply_letter = MNEMONIC.search(dialog.apply_button.text())
        assert apply_letter is not None, dialog.apply_button.text()
        letters = _letters(dialog)  # type: ignore[arg-type]
        assert letters.count(apply_letter.group(1).lower()) == 1, letters
        for field, sides in zip(dialog.dice, dialog.die_sides(), strict=True):
            type_face(qtbot, field, sides)
        qtbot.waitUntil(dialog.result_line.isVisible, timeout=2000)
        seen["enabled"] = button.isEnabled()
        seen["tip"] = button.toolTip()
        if button.isEnabled():
            assert "Ctrl+Return" in button.toolTip()
            dialog.activateWindow()  # type: ignore[attr-defined]
            qtbot.waitUntil(dialog.isActiveWindow, timeout=2000)  # type: ignore[attr-defined]
            qtbot.keyClick(dialog.dice[-1], Qt.Key.Key_Return, CTRL)
        else:
            qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
        assert dialog.was_applied, (seen, dialog.apply_button.isEnabled())

    opened = when_the_dialog_opens(qtbot, act)
    qtbot.keyClick(page.tracker, Qt.Key.Key_E, CTRL)
    outcome(opened)
    expected = seen["enabled"]
    if rules is not None and rules.resolve is not None and game != "apparatus":
        # An attack is the whole turn in these games (Apparatus keeps its Movement).
        assert expected, seen["tip"]
    if expected:
        assert document.encounter.turn != first, "the turn did not pass"
        assert document.undo_stack.count() == steps + 2
        assert document.undo_stack.undoText() == "Next turn"
    else:
        assert "still has something to do" in seen["tip"], seen["tip"]
        assert document.encounter.turn == first
        assert document.undo_stack.count() == steps + 1
