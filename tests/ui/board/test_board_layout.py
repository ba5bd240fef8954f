"""A dozen combatants stay readable: no two tokens overlap, each sits in its own ring."""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

import pytest

from m3desk.systems.monsters_and_magic.encounter import range_between, set_range
from m3desk.systems.monsters_and_magic.ranges import RangeBand
from m3desk.ui.board import RangeBoardWidget
from m3desk.ui.documents.encounter_document import EncounterDocument
from tests.ui.board.conftest import party_encounter


def _assert_readable(board: RangeBoardWidget, document: EncounterDocument) -> None:
    tokens = [board.scene.token(board.scene.centre_id), *board.scene.tokens()]
    boxes = [token.footprint_rect() for token in tokens if token is not None]
    assert len(boxes) == len(document.encounter.combatants)
    clashes = [
        (a, b) for (a, b) in combinations(range(len(boxes)), 2) if boxes[a].intersects(boxes[b])
    ]
    assert clashes == []
    scene_rect = board.scene.sceneRect()
    assert all(scene_rect.contains(box) for box in boxes)  # nothing clipped at the edge
    shown = board.view.mapToScene(board.view.viewport().rect()).boundingRect()
    assert shown.adjusted(-1, -1, 1, 1).contains(scene_rect)  # and all of it in view
    centre = board.scene.centre_id
    for token in board.scene.tokens():
        band = range_between(document.encounter, centre, token.combatant_id)
        assert token.facts.band == band
        assert board.scene.band_at(token.pos()) == band


@pytest.fixture
def twelve(qapp: object) -> EncounterDocument:
    """The party against seven First One Mummies."""
    return EncounterDocument(party_encounter(mummies=7))


def test_twelve_combatants_at_the_starting_range(
    make_board: Callable[[EncounterDocument], RangeBoardWidget], twelve: EncounterDocument
) -> None:
    board = make_board(twelve)
    assert len(board.scene.tokens()) == 11
    _assert_readable(board, twelve)


def test_twelve_combatants_spread_over_every_band(
    make_board: Callable[[EncounterDocument], RangeBoardWidget], twelve: EncounterDocument
) -> None:
    board = make_board(twelve)
    encounter = twelve.encounter
    ids = [c.id for c in encounter.combatants]
    for index, other in enumerate(ids[1:]):
        encounter = set_range(encounter, ids[0], other, RangeBand(index % 7))
    twelve.apply(encounter, "Spread out")
    _assert_readable(board, twelve)
    for centre in ids[1:4]:  # and around other centres (their ranges mostly default)
        twelve.select(centre)
        _assert_readable(board, twelve)


def test_a_brawl_all_at_hand(
    make_board: Callable[[EncounterDocument], RangeBoardWidget], twelve: EncounterDocument
) -> None:
    board = make_board(twelve)
    encounter = twelve.encounter
    ids = [c.id for c in encounter.combatants]
    for other in ids[1:]:
        encounter = set_range(encounter, ids[0], other, RangeBand.HAND)
    twelve.apply(encounter, "Brawl")
    _assert_readable(board, twelve)
