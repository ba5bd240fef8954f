"""What the map says in words and shapes (issue 28): a grid game's rings follow its squares
(AD&D's were octagons, read as a hex map that is not there), a typed move toward someone at
another height stays on whole steps ("↑0.205 m"), and the Move dialog places without a move
when asked (the GM's placing was charged as the creature's own run). Every installed game
that keeps places, from the registry."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from PySide6.QtCore import QPointF, Qt

from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.core.places import Place
from m3desk.ui.map import MapPanel
from m3desk.ui.map.move_dialog import MoveDialog
from m3desk.ui.map.moves import parse_move
from m3desk.ui.map.painter import ring_polygon, token_label
from m3desk.ui.map.picture import picture_of
from tests.ui.map.melee import MAP_GAMES, melee_document

SQUARE_GAMES = [g for g in MAP_GAMES if registry.get(g).positions.metric == "squares"]
HEIGHT_GAMES = [g for g in MAP_GAMES if registry.get(g).positions.height]


def test_there_are_games_of_squares_and_of_heights() -> None:
    assert SQUARE_GAMES and HEIGHT_GAMES


@pytest.mark.parametrize("squares", [1, 2, 5, 12])
@pytest.mark.parametrize("game", SQUARE_GAMES)
def test_a_ring_on_squares_is_the_outline_of_the_squares_within_it(game: str, squares: int) -> None:
    model = registry.get(game).positions
    step = model.step
    polygon = ring_polygon(model, squares * step, 3.0)
    points = [polygon.at(i) for i in range(polygon.count())]
    assert all(a.x() == b.x() or a.y() == b.y() for a, b in itertools.pairwise(points))
    for i in range(-squares - 2, squares + 3):
        for j in range(-squares - 2, squares + 3):
            within = model.measure(Place.at(0, 0), Place.at(i * step, j * step)) <= squares * step
            inside = polygon.containsPoint(
                QPointF(i * step * 3.0, j * step * 3.0), Qt.FillRule.OddEvenFill
            )
            assert inside == within, (i, j)


@pytest.mark.parametrize("game", HEIGHT_GAMES)
def test_a_typed_move_toward_someone_higher_keeps_whole_steps(game: str) -> None:
    document = melee_document(game, 8)
    encounter = document.encounter
    model = encounter.position_model
    mover, high = encounter.combatants[0], encounter.combatants[-1]
    encounter = core.move_to(encounter, high.id, Place.at(12 * model.step, 0, 2 * model.step + 0.4))
    encounter = core.move_to(encounter, mover.id, Place.at(-8 * model.step, 0))
    for amount in (3, 5, 7):
        typed = parse_move(
            encounter, mover.id, f"{amount * model.step} {model.unit} toward {high.name}"
        )
        z = typed.place.z
        assert z >= 0 and z / model.step == pytest.approx(round(z / model.step))
        moved = picture_of(core.move_to(encounter, mover.id, typed.place)).token(mover.id)
        assert moved is not None
        assert "." not in token_label(moved, model.unit)  # "↑2 m", never "↑0.205 m"


@pytest.mark.parametrize("game", MAP_GAMES)
def test_the_move_dialog_places_without_a_move(qtbot: Any, game: str) -> None:
    document = melee_document(game, 8)
    panel = MapPanel(document)
    qtbot.addWidget(panel)
    panel.resize(900, 600)
    panel.show()
    qtbot.waitExposed(panel)
    encounter = document.encounter
    model = encounter.position_model
    mover = encounter.combatants[0]
    dialog = MoveDialog(panel.view, mover.id, panel)
    qtbot.addWidget(dialog)
    dialog.field.setText(f"{6 * model.step} {model.unit} north")
    qtbot.mouseClick(dialog.place, Qt.MouseButton.LeftButton)
    assert "No movement: the GM places it" in dialog.preview.text()
    dialog.accept()
    start = encounter.places[mover.id]
    assert document.encounter.places[mover.id] == Place.at(start.x, start.y - 6 * model.step)
    assert document.encounter.log[-1].text == (
        f"GM places {mover.name} {model.label(6 * model.step)} away (no movement)"
    )
    assert document.undo_stack.count() == 1
