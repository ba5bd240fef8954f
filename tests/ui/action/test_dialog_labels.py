"""Every label of every game's action dialog, after a roll, shows words, never markup.

The Monsters & Magic result read ``<span style='color:#…'>Success: 4 effect points</span>``:
the plain-text guard made its coloured labels plain because they never said they were
rich (issue 19 §1).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel, QWidget

from m3desk.assets import sample_files
from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.systems.monsters_and_magic import Roller as CheckRoller
from m3desk.ui.action.action_view import ActionView
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.encounter.new_document import new_encounter_document
from m3desk.ui.games.monsters_and_magic.action.action_dialog import ActionDialog
from m3desk.ui.plain_text import install_plain_text_guard
from tests.ui.action.any_dialog import in_action_dialog
from tests.ui.action.scene import book_encounter, in_round_one
from tests.ui.rendered_text import MARKUP, rendered


def shown_labels(dialog: QWidget) -> dict[str, str]:
    """What each visible label of ``dialog`` paints (polished, as on screen)."""
    QApplication.processEvents()
    found = {}
    for label in dialog.findChildren(QLabel):
        if label.isVisibleTo(dialog) and label.text():
            found[label.objectName() or label.text()[:40]] = rendered(label)
    return found


def assert_no_markup(dialog: QWidget) -> dict[str, str]:
    labels = shown_labels(dialog)
    assert labels
    for name, text in labels.items():
        assert not MARKUP.search(text), f"{name}: {text!r}"
    return labels


@pytest.fixture(autouse=True)
def _guard(qapp: Any) -> None:
    install_plain_text_guard(qapp)  # as the app does at start


@pytest.mark.parametrize("seed", [1, 2, 3, 7])
def test_the_monsters_and_magic_result_and_hints_show_words(
    qtbot: Any, seed: int, discard_answers: list[bool]
) -> None:
    document = EncounterDocument(in_round_one(book_encounter()))
    dialog = ActionDialog(document, None, roller=CheckRoller(seed))
    dialog.show()
    qtbot.waitExposed(dialog)
    assert_no_markup(dialog)
    qtbot.mouseClick(dialog.dice_entry.roll_button, Qt.MouseButton.LeftButton)
    assert_no_markup(dialog)
    headline = rendered(dialog.result_view.headline)
    assert re.fullmatch(
        r"(Success: \d+ effect points?|Failed by \d+: .*|Natural (18|3) .*)", headline
    ), headline
    assert headline == dialog.result_view.headline_text()
    discard_answers.append(True)
    dialog.close()


def _fight(game: str) -> EncounterDocument:
    files = sample_files(game)
    document = new_encounter_document(files[:2] + files[-2:], name=f"{game} fight")
    fight = document.encounter
    ids = [c.id for c in fight.combatants]
    for number, first in enumerate(ids):  # in the roster's order: the same layout each run
        for second in ids[number + 1 :]:  # (ids are random; ordering by them was flaky)
            fight = core.set_position(fight, first, second, _closest(fight))
    fight = core.set_side_initiative(fight, {side: 2 + n for n, side in enumerate(fight.sides)})
    return EncounterDocument(core.next_turn(fight))


def _closest(fight: Any) -> int:
    """Side by side: the first band, or one unit apart."""
    return 0 if fight.position_model.kind == "bands" else 1


@pytest.mark.parametrize("game", [s.id for s in registry.systems()])
def test_every_action_of_every_game_shows_words_after_a_roll(qtbot: Any, game: str) -> None:
    """Each action of the list, before and after a roll in the app, in the dialog the Act
    command opens for the game (Monsters & Magic's own included)."""
    document = _fight(game)

    def roll_each(dialog: ActionView) -> int:
        rolled = 0
        for index in range(dialog.action.count()):
            dialog.action.setCurrentIndex(index)
            assert_no_markup(dialog)
            if dialog.roll_button.isEnabled():
                qtbot.mouseClick(dialog.roll_button, Qt.MouseButton.LeftButton)
                assert_no_markup(dialog)
                assert not MARKUP.search(rendered(dialog.result_line))
                rolled += 1
        return rolled

    assert in_action_dialog(qtbot, document, roll_each), "no action could be rolled"
