"""Drags on the map as the GM makes them at melee range (issue 28), with real mouse events on
the map's own surface, in the encounter tab on both real screens, every installed game that
keeps places:

- a token dropped on a foe, or beside it, stands in reach of it at a free spot (a drag
  toward a foe landed at 10 ft, out of reach, and a second drag was needed);
- a drop past the allowance asks, and "Stop" stops where the allowance ends (a 90 ft move was
  only logged as over the allowance); the ruler shows where it ends;
- Shift+drag places a token without a move (the GM's placing was charged as the creature's
  own run with opportunity-attack words);
- painting a wall with the mouse: a wall dragged as a line is a row of squares, and a drag
  begun on a token paints too (two drags drew nothing and added no undo step)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import QPointF, Qt

from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.core.places import Place
from m3desk.ui.encounter.widget import EncounterWidget
from m3desk.ui.map import MapPanel, over_allowance
from tests.ui.map.melee import MAP_GAMES, SCREENS, melee_document

WINDOWS = {
    name: (round(w / scale), round((h - 40) / scale)) for name, (w, h, scale) in SCREENS.items()
}


@pytest.fixture(params=[(g, s) for g in MAP_GAMES for s in WINDOWS], ids=lambda p: f"{p[0]}-{p[1]}")
def tab_map(request: pytest.FixtureRequest, qtbot: Any) -> Iterator[MapPanel]:
    """The map of the encounter tab, 8 in melee, the last monster standing apart."""
    game, screen = request.param
    document = melee_document(game, 8)
    encounter = document.encounter
    step = encounter.position_model.step
    loner = encounter.combatants[-1]
    document.apply(core.move_to(encounter, loner.id, Place.at(2 * step, 6 * step)), "Apart")
    document.undo_stack.clear()
    widget = EncounterWidget(document)
    qtbot.addWidget(widget)
    widget.resize(*WINDOWS[screen])
    widget.show()
    qtbot.waitExposed(widget)
    assert widget.map is not None
    yield widget.map


def _reach(panel: MapPanel, mover: str) -> int:
    encounter = panel.document.encounter
    rules = registry.system_of(encounter).encounter
    assert rules is not None
    return max(
        (r.value for r in rules.rings(encounter, mover) if r.kind == "reach"),
        default=encounter.position_model.step,
    )


def _drag(
    qtbot: Any,
    panel: MapPanel,
    mover: str,
    end: QPointF,
    modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier,
) -> None:
    view = panel.view
    start = view.screen_of(mover)
    qtbot.mousePress(view, Qt.MouseButton.LeftButton, pos=start.toPoint())
    for part in (0.25, 0.5, 0.75, 1.0):
        qtbot.mouseMove(view, (start + (end - start) * part).toPoint())
    qtbot.mouseRelease(view, Qt.MouseButton.LeftButton, modifier, end.toPoint())


def _stands_clear(panel: MapPanel, mover: str) -> bool:
    encounter = panel.document.encounter
    model = encounter.position_model
    here = encounter.places[mover]
    # Places keep three decimals: a step less a hundredth is a step.
    return all(
        model.norm(here.x - p.x, here.y - p.y, here.z - p.z) >= model.step - 0.01
        for other, p in encounter.places.items()
        if other != mover
    )


@pytest.mark.parametrize("where", ["on", "beside"])
def test_a_token_dropped_on_or_beside_a_foe_stands_in_its_reach(
    qtbot: Any, tab_map: MapPanel, where: str
) -> None:
    document = tab_map.document
    view = tab_map.view
    mover = document.encounter.combatants[0].id
    foe = document.encounter.combatants[-1].id
    document.select(mover)
    there = view.screen_of(foe)
    if where == "beside":  # a step off diagonally, on the far side of the foe
        step = document.encounter.position_model.step * view.frame.scale
        there = there + QPointF(step * 0.8, step * 0.8)
    _drag(qtbot, tab_map, mover, there)
    reach = _reach(tab_map, mover)
    assert 0 < core.position_between(document.encounter, mover, foe) <= reach
    assert _stands_clear(tab_map, mover)
    assert document.undo_stack.count() == 1


def test_a_drop_past_the_allowance_asks_and_stops_where_it_ends(
    qtbot: Any, tab_map: MapPanel, monkeypatch: pytest.MonkeyPatch
) -> None:
    document = tab_map.document
    view = tab_map.view
    model = document.encounter.position_model
    mover = document.encounter.combatants[0].id
    document.select(mover)
    start = document.encounter.places[mover]
    real = view.rules

    def check(encounter: Any, combatant_id: str, place: Place) -> Any:
        return real.check_move(encounter, combatant_id, place)._replace(allowance=3 * model.step)

    rules = real._replace(check_move=check)
    monkeypatch.setattr(type(view), "rules", property(lambda _self: rules))
    asked: list[str | None] = []

    def stop(
        _parent: object, _name: str, _said: str, where: str | None
    ) -> over_allowance.OverChoice:
        asked.append(where)
        return over_allowance.OverChoice.STOP

    monkeypatch.setattr(over_allowance, "ask_over_allowance", stop)
    origin = view.screen_of(mover)
    far = origin + QPointF(0, -8 * model.step * view.frame.scale)
    qtbot.mousePress(view, Qt.MouseButton.LeftButton, pos=origin.toPoint())
    for part in (0.25, 0.5, 0.75, 1.0):
        qtbot.mouseMove(view, (origin + (far - origin) * part).toPoint())
    assert view.ruler is not None and view.ruler.over
    assert view.ruler.stop == pytest.approx((start.x, start.y - 3 * model.step))
    qtbot.mouseRelease(view, Qt.MouseButton.LeftButton, pos=far.toPoint())
    assert asked == [f"{3 * model.step} {model.unit}"]
    assert document.encounter.places[mover] == Place.at(start.x, start.y - 3 * model.step)
    assert document.undo_stack.count() == 1


def test_shift_drag_places_a_token_without_a_move(qtbot: Any, tab_map: MapPanel) -> None:
    document = tab_map.document
    view = tab_map.view
    model = document.encounter.position_model
    mover = document.encounter.combatants[0].id
    document.select(mover)
    start = document.encounter.places[mover]
    far = view.screen_of(mover) + QPointF(0, -4 * model.step * view.frame.scale)
    _drag(qtbot, tab_map, mover, far, Qt.KeyboardModifier.ShiftModifier)
    assert document.encounter.places[mover] == Place.at(start.x, start.y - 4 * model.step)
    name = document.encounter.combatant(mover).name
    line = document.encounter.log[-1].text
    assert line == f"GM places {name} {model.label(4 * model.step)} away (no movement)"
    assert document.undo_stack.count() == 1


def _paint(qtbot: Any, view: Any, a: QPointF, b: QPointF) -> None:
    qtbot.mousePress(view, Qt.MouseButton.LeftButton, pos=a.toPoint())
    for part in (0.2, 0.4, 0.6, 0.8, 1.0):
        wobble = QPointF(0, 3 if part in (0.4, 0.8) else 0)  # a hand is never quite level
        qtbot.mouseMove(view, (a + (b - a) * part + wobble).toPoint())
    qtbot.mouseRelease(view, Qt.MouseButton.LeftButton, pos=b.toPoint())


def test_painting_a_wall_with_the_mouse(qtbot: Any, tab_map: MapPanel) -> None:
    document = tab_map.document
    view = tab_map.view
    model = document.encounter.position_model
    step = model.step
    qtbot.mouseClick(tab_map.paint_button, Qt.MouseButton.LeftButton)
    assert tab_map.paint_kind.currentText() == "Wall (impassable)"
    walls = len(document.encounter.areas)
    # A wall drawn as a line across open ground, above the melee: a row of four squares.
    a = view.frame.to_screen(0.7 * step, -2.8 * step)
    b = view.frame.to_screen(4.7 * step, -2.8 * step)
    _paint(qtbot, view, a, b)
    areas = document.encounter.areas
    assert len(areas) == walls + 1 and document.undo_stack.count() == 1
    wall = areas[-1]
    assert wall.wall
    # Every square crossed: the grid's lines through whole steps, or half a step off where
    # the game counts squares (a token stands in a square).
    o = step / 2 if model.metric == "squares" else 0
    assert (wall.x, wall.y, wall.width, wall.height) == (o, -3 * step - o, 5 * step, step)
    assert view.tooltip_at(view.frame.to_screen(2 * step, -2.8 * step)) == "Terrain: wall"
    # A drag begun on a token paints (the tool is on), and moves nobody.
    places = dict(document.encounter.places)
    first = view.screen_of(document.encounter.combatants[0].id)
    _paint(qtbot, view, first, first + QPointF(0, -3 * step * view.frame.scale))
    assert len(document.encounter.areas) == walls + 2 and document.undo_stack.count() == 2
    assert document.encounter.places == places
    # The hint is whole on the panel.
    status = tab_map.status
    assert status.isVisible()
    text = status.fontMetrics().horizontalAdvance(status.text())
    kind = tab_map.paint_kind
    qtbot.waitUntil(lambda: kind.width() >= kind.sizeHint().width(), timeout=2000)
    qtbot.waitUntil(
        lambda: (
            status.width() >= text
            or (status.wordWrap() and status.height() >= status.heightForWidth(status.width()))
        ),
        timeout=2000,
    )
