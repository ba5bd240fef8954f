"""Every game's action dialog shows its chances as bars and takes its dice typed die by die.

Once per installed game (the tests' games included), in a fight of ten as the table has: the
dialog opens as the Act command opens it; its chances are bars whose painted words are the
chances of the very rule that rolls (the seam's ``preview`` for the generic dialog); a
click in the first die and the keys of a whole face move the caret to the next die by
itself; an impossible face stays visible with a sentence saying why, and Apply waits; the
right faces typed over it, the result line says what Apply will log.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel

from m3desk.core import registry
from m3desk.ui.action.action_view import ActionView
from m3desk.ui.action.dialog_choice import has_actions
from m3desk.ui.action.odds_bars import OddsBars
from m3desk.ui.action.system_action_dialog import SystemActionDialog, chance_rows
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.plain_text import install_plain_text_guard
from tests.ui.action.any_dialog import in_action_dialog
from tests.ui.action.sample_fights import GAMES, sample_fight
from tests.ui.rendered_text import rendered

CTRL = Qt.KeyboardModifier.ControlModifier
PERCENT = re.compile(r": (\d+(\.\d)? %|< 0\.1 %|> 99\.9 %)$")


def _fight(game: str) -> EncounterDocument:
    document = sample_fight(game, combatants=10)
    assert len(document.encounter.combatants) == 10
    return document


def _shown_bars(dialog: Any) -> list[OddsBars]:
    return [bars for bars in dialog.findChildren(OddsBars) if bars.isVisibleTo(dialog)]


def _said(dialog: Any) -> list[str]:
    """Every visible label's painted text, a line each."""
    return [
        line
        for label in dialog.findChildren(QLabel)
        if label.isVisibleTo(dialog)
        for line in rendered(label).splitlines()
    ]


@pytest.mark.parametrize("game", GAMES)
def test_every_dialog_shows_the_chances_as_bars_of_the_rule_that_rolls(
    qtbot: Any, game: str
) -> None:
    document = _fight(game)
    if not has_actions(document):
        pytest.skip("the game describes no actions")
    rules = registry.system_of(document.encounter).encounter

    def look(dialog: ActionView) -> None:
        bars = _shown_bars(dialog)
        assert bars, "no chances drawn as bars"
        lines = bars[0].text().splitlines()
        assert lines and all(PERCENT.search(line) for line in lines), lines
        assert "success" in lines[0].lower(), lines
        # Drawn whole: as tall as its rows, as wide as its words and a bar need.
        qtbot.waitUntil(lambda: bars[0].height() >= bars[0].sizeHint().height())
        assert bars[0].width() >= bars[0].minimumSizeHint().width()
        if isinstance(dialog, SystemActionDialog):  # the seam's preview, the rolling rule
            assert rules is not None
            option = dialog.option
            assert option is not None
            preview = rules.preview(
                document.encounter, dialog.actor_id, option.id, dialog.target_id
            )
            assert bars[0].rows() == chance_rows(preview)

    in_action_dialog(qtbot, document, look)


@pytest.mark.parametrize("game", GAMES)
def test_every_dialog_types_its_dice_die_by_die_and_says_what_is_wrong(
    qtbot: Any, qapp: Any, game: str
) -> None:
    install_plain_text_guard(qapp)  # as the app does at start: labels say their format
    document = _fight(game)
    if not has_actions(document):
        pytest.skip("the game describes no actions")

    def type_dice(dialog: ActionView) -> None:
        fields = list(dialog.dice)
        sides = dialog.die_sides()
        assert fields, "the default action rolls no dice"
        first = fields[0]
        dialog.activateWindow()  # type: ignore[attr-defined]
        qtbot.waitUntil(dialog.isActiveWindow)  # type: ignore[attr-defined]
        qtbot.mouseClick(first, Qt.MouseButton.LeftButton)
        assert QApplication.focusWidget() is first
        # A face no die shows: kept as typed, with the reason, and Apply waits.
        qtbot.keyClicks(first, "0")
        assert rendered_face(first) == "0"
        said = _said(dialog)
        assert any(f"shows 1 to {sides[0]}, not 0" in line for line in said), said
        assert not dialog.apply_button.isEnabled()
        # The whole face of the first die: the caret moves on by itself.
        qtbot.keyClick(first, Qt.Key.Key_A, CTRL)
        qtbot.keyClicks(first, str(sides[0]))
        if len(fields) > 1:
            assert QApplication.focusWidget() is fields[1], QApplication.focusWidget()
        for field, face in zip(fields[1:], sides[1:], strict=True):
            assert QApplication.focusWidget() is field  # no Tab between the dice
            qtbot.keyClicks(field, str(face))
        assert [rendered_face(field) for field in fields] == [str(s) for s in sides]
        qtbot.waitUntil(dialog.result_line.isVisible, timeout=2000)
        assert rendered(dialog.result_line).startswith("Result: ")
        assert not any("shows 1 to" in line for line in _said(dialog))

    in_action_dialog(qtbot, document, type_dice)


def rendered_face(field: Any) -> str:
    """What a die field shows."""
    return str(field.text())
