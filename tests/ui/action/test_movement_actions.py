"""The action dialog's movement actions move the token, through the same move the map drops
(each game's ``make_move``): the token stands elsewhere, every distance follows, and the log
line is the map's. For every game whose position is a distance."""

from __future__ import annotations

import re
from typing import Any

import pytest
from PySide6.QtCore import Qt

from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.core.places import Place
from m3desk.core.system import ActionOption
from tests.ui.action.sample_fights import GAMES, open_dialog, sample_fight

DECLARED = {"ose": "retreat", "adnd2e": "Flee"}
"""What the acting character declares first where a move in melee must be declared."""
MOVING = [game for game in GAMES if registry.get(game).positions.kind == "distance"]


@pytest.mark.parametrize("game", MOVING)
def test_a_movement_action_moves_the_token_as_the_map_would(qtbot: Any, game: str) -> None:
    document = sample_fight(game)
    rules = registry.system_of(document.encounter).encounter
    assert rules is not None and rules.edit is not None
    actor = document.encounter.turn
    assert actor is not None
    first = DECLARED.get(game)  # the game's words for a move in melee, where it asks them
    if first is not None:
        declared, text = rules.edit(document.encounter, actor, "declared", first)
        document.apply(declared, text)
    dialog: Any = None
    for placed in (False, True):
        if placed:  # every move closes in: the GM first places the actor out of reach
            dialog.close()
            here = document.encounter.places[actor]
            step = document.encounter.position_model.step
            document.apply(
                core.move_to(document.encounter, actor, Place.at(here.x + 20 * step, here.y)),
                "Placed",
            )
        before = document.encounter
        dialog = open_dialog(qtbot, document)
        moves = [
            index
            for index in range(dialog.action.count())
            if isinstance(option := dialog.action.itemData(index), ActionOption)
            and option.group == "movement"
        ]
        assert moves, f"{game} offers no movement action"
        for index in moves:  # the first move the turn can make, as a user picks it (and,
            dialog.action.setCurrentIndex(index)  # for a move toward someone, whom)
            for target in [None, *range(dialog.target.count())]:
                if target is not None and dialog.target.isEnabled():
                    dialog.target.setCurrentIndex(target)
                if dialog.apply_button.isEnabled():
                    break
            if dialog.apply_button.isEnabled():
                break
        if dialog.apply_button.isEnabled():
            break
    assert dialog.apply_button.isEnabled(), dialog.problem.text()
    # One way of writing a distance in the dialog: the unit the target list, the map and the
    # log use ("20 ft", "5 m"), never the books' 20' beside it.
    unit = registry.get(game).positions.unit
    shown = [
        dialog.action.currentText(),
        dialog.target.currentText(),
        dialog.preview.text(),
        dialog.result_line.text(),
    ]
    assert not [text for text in shown if re.search(r"\d'", text)], shown
    assert any(f" {unit}" in text for text in shown), (unit, shown)
    option, target = dialog.option, dialog.target_id
    assert option is not None
    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    after = document.encounter
    place = after.places[actor]
    assert place != before.places[actor], f"{option.label} left the token where it stood"
    for other in after.combatants:
        if other.id != actor:
            assert core.position_between(after, actor, other.id) == after.position_model.measure(
                place, after.places[other.id]
            )
    dropped, text = rules.make_move(before, actor, place)
    assert after.log[-1].text == text, (option.label, target)
    assert dropped.places[actor] == place
