"""The real board draws a game that measures distance: the toy system's rings and feet."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import Qt

from m3desk.core import encounter as core
from m3desk.ui.board import RangeBoard, RangeBoardWidget
from m3desk.ui.board.token_item import caption_for
from m3desk.ui.documents.encounter_document import EncounterDocument
from tests.toy_system import TOY, ToyEncounter, ToySheet
from tests.ui.board.helpers import drag_token, token_named


@pytest.fixture
def toy_board(qtbot: Any) -> Iterator[RangeBoardWidget]:
    assert TOY.encounter is not None
    encounter = ToyEncounter(name="Toy fight")
    for sheet, side in (
        (ToySheet(name="Aldo", move_ft=30), "Party"),
        (ToySheet(name="Goblin", hit_points=5, max_hit_points=5), "Monsters"),
        (ToySheet(name="Rat", hit_points=2, max_hit_points=2), "Monsters"),
    ):
        encounter = core.join(encounter, TOY.encounter.make_combatant(sheet, side))
    aldo, goblin, rat = (c.id for c in encounter.combatants)
    encounter = core.set_position(encounter, aldo, goblin, 20)
    encounter = core.set_position(encounter, rat, aldo, 300, log=False)  # the rat far off
    document = EncounterDocument(encounter)
    document.select(aldo)
    board = RangeBoard(document)
    qtbot.addWidget(board)
    board.resize(900, 800)
    board.show()
    qtbot.waitExposed(board)
    yield board


def _distance(board: RangeBoardWidget, name: str) -> int:
    encounter = board.controller.document.encounter
    centre = board.controller.document.selected
    other = next(c.id for c in encounter.combatants if c.name == name)
    return core.position_between(encounter, centre, other)


def test_the_rings_are_the_centres_options_in_feet(toy_board: RangeBoardWidget) -> None:
    scale = toy_board.scene.snapshot.scale
    assert scale.labels == ("reach 5 ft", "move 30 ft", "beyond 30 ft")
    assert toy_board.header.text() == "Ranges from Aldo"
    goblin, rat = token_named(toy_board, "Goblin"), token_named(toy_board, "Rat")
    assert goblin.facts.band == 1 and rat.facts.band == 2
    # Every caption says the exact distance, then what reaches; out of reach the distance
    # alone (the dashed outline says the rest, the tooltip in words).
    assert caption_for(goblin.facts) == "20 ft"
    assert caption_for(rat.facts) == "300 ft"
    assert goblin.facts.reach == ()  # drawn dashed: out of reach
    assert "20 ft from Aldo" in goblin.toolTip()
    assert "Out of reach: nothing Aldo wields works at 20 ft" in goblin.toolTip()
    assert not any("hatched" in text for text in toy_board.legend.texts())


def test_a_drag_into_the_reach_ring_is_one_undoable_move(
    qtbot: Any, toy_board: RangeBoardWidget
) -> None:
    document = toy_board.controller.document
    drag_token(qtbot, toy_board, "Goblin", 0)
    assert _distance(toy_board, "Goblin") == 5
    assert document.undo_stack.undoText() == "Move Goblin to 5 ft"
    goblin = token_named(toy_board, "Goblin")
    assert goblin.facts.reach == ("Sword",)
    assert caption_for(goblin.facts) == "5 ft · Sword"
    document.undo_stack.undo()
    assert _distance(toy_board, "Goblin") == 20


def test_plus_and_minus_step_by_five_feet(qtbot: Any, toy_board: RangeBoardWidget) -> None:
    scene = toy_board.scene
    toy_board.view.setFocus()
    goblin = token_named(toy_board, "Goblin")
    scene.set_focused(goblin.combatant_id)
    qtbot.keyClick(toy_board.view, Qt.Key.Key_Plus)
    assert _distance(toy_board, "Goblin") == 15
    qtbot.keyClick(toy_board.view, Qt.Key.Key_Minus)
    qtbot.keyClick(toy_board.view, Qt.Key.Key_Minus)
    assert _distance(toy_board, "Goblin") == 25
    document = toy_board.controller.document
    assert document.undo_stack.count() == 1  # a nudge run is one step and one log line
    assert document.encounter.log[-1].text.endswith(": 20 ft → 25 ft")
    document.undo_stack.undo()
    assert _distance(toy_board, "Goblin") == 20
