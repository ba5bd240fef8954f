"""The board of every game that measures distance moves places: a token dragged into a ring
moves that combatant (not the centre), every distance to it follows, and one undo puts it
back. Played through the real board with the game's own samples."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from m3desk.core import encounter as core
from m3desk.ui.board.range_board import RangeBoard, RangeBoardWidget
from m3desk.ui.documents.encounter_document import EncounterDocument
from tests.systems.test_places_migration import DISTANCE_GAMES, old_fight
from tests.ui.board.helpers import drag_token


@pytest.fixture(params=DISTANCE_GAMES)
def board(request: pytest.FixtureRequest, qtbot: Any) -> Iterator[RangeBoardWidget]:
    document = EncounterDocument(old_fight(request.param, count=3))
    document.select(document.encounter.combatants[0].id)
    widget = RangeBoard(document)
    qtbot.addWidget(widget)
    widget.resize(900, 800)
    widget.show()
    qtbot.waitExposed(widget)
    yield widget


def test_a_drag_moves_the_dragged_combatant_and_every_distance_to_it(
    qtbot: Any, board: RangeBoardWidget
) -> None:
    document = board.controller.document
    before = document.encounter
    centre, dragged, third = before.combatants  # the third stands on the centre's side
    model = before.position_model
    assert core.position_between(before, centre.id, dragged.id) == model.starting_distance
    drag_token(qtbot, board, dragged.name, 0)  # into the innermost ring: melee reach
    after = document.encounter
    near = core.position_between(after, centre.id, dragged.id)
    assert near < model.starting_distance
    assert after.places[centre.id] == before.places[centre.id]  # the centre stayed
    assert after.places[third.id] == before.places[third.id]
    assert after.places[dragged.id] != before.places[dragged.id]
    # The dragged one came near the centre, so near the centre's neighbour too.
    moved = core.position_between(after, third.id, dragged.id)
    assert moved != core.position_between(before, third.id, dragged.id)
    assert moved == model.measure(after.places[third.id], after.places[dragged.id])
    assert moved <= near + core.position_between(after, centre.id, third.id) + model.step
    assert document.undo_stack.count() == 1
    document.undo_stack.undo()
    assert document.encounter.places == before.places
