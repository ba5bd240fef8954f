"""A new selection on the map reads the combatants no more: the tokens of the same encounter
are kept and only the rings are worked out again (at 200 combatants reading them was most
of a selection's refresh); any change to the encounter reads them again, so a move shows."""

from __future__ import annotations

from typing import Any

import pytest

from m3desk.core.places import Place
from m3desk.ui.map import MapPanel
from tests.ui.map.melee import MAP_GAMES, opening_document


@pytest.mark.parametrize("game", MAP_GAMES)
def test_a_new_selection_keeps_the_tokens_and_a_move_reads_them_again(
    qtbot: Any, game: str
) -> None:
    document = opening_document(game, 8)
    panel = MapPanel(document)
    qtbot.addWidget(panel)
    panel.resize(1280, 800)
    panel.show()
    qtbot.waitExposed(panel)
    view = panel.view
    first, second = (c.id for c in document.encounter.combatants[:2])
    document.select(first)
    tokens = view.picture.tokens
    document.select(second)
    assert view.picture.selected == second
    assert view.picture.tokens is tokens  # the same encounter: nothing read again
    place = document.encounter.places[first]
    moved = Place.at(place.x + 3 * document.encounter.position_model.step, place.y)
    places = {**document.encounter.places, first: moved}
    document.apply(document.encounter.model_copy(update={"places": places}), "Step aside")
    token = view.picture.token(first)
    assert token is not None and (token.x, token.y) == (moved.x, moved.y)
    view.grab()
    assert view.painted.centres[first] == view.frame.to_screen(moved.x, moved.y)
