"""The map's moves as the GM sees them, through real mouse and keys on the encounter tab's
map, every installed game that keeps places, on both real screens: while a token is dragged
the status line under the map says the ruler's words (how far, against the allowance); let
go, it is drawn on a grid point (the drop snaps) and the log's newest line is the move's;
dropped on a foe it stands in reach, and the foe's tooltip says how far. (The drag tests
beside these asserted the places only.)"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import QPointF, Qt

from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.core.places import Place
from m3desk.ui.encounter.widget import EncounterWidget
from m3desk.ui.map.labels import token_label
from tests.ui.map.melee import MAP_GAMES, SCREENS, melee_document

WINDOWS = {
    name: (round(w / scale), round((h - 40) / scale)) for name, (w, h, scale) in SCREENS.items()
}


@pytest.fixture(params=[(g, s) for g in MAP_GAMES for s in WINDOWS], ids=lambda p: f"{p[0]}-{p[1]}")
def tab(request: pytest.FixtureRequest, qtbot: Any) -> Iterator[EncounterWidget]:
    """The encounter tab, 8 in melee, the last monster standing apart."""
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
    yield widget


def _log_texts(widget: EncounterWidget) -> list[str]:
    model = widget.log_panel.log_model
    return [
        str(model.data(model.index(row, model.columnCount() - 1)))
        for row in range(model.rowCount())
    ]


def _press_and_move(
    qtbot: Any,
    widget: EncounterWidget,
    who: str,
    end: QPointF,
    modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier,
) -> None:
    assert widget.map is not None
    view = widget.map.view
    start = view.screen_of(who)
    qtbot.mousePress(view, Qt.MouseButton.LeftButton, modifier, start.toPoint())
    for part in (0.25, 0.5, 0.75, 1.0):
        qtbot.mouseMove(view, (start + (end - start) * part).toPoint())
    if modifier != Qt.KeyboardModifier.NoModifier:  # mouseMove carries no modifier
        view.drag_to(end, placing=True)


def test_a_drag_says_its_length_snaps_to_the_grid_and_is_logged(
    qtbot: Any, tab: EncounterWidget
) -> None:
    document = tab.document
    assert tab.map is not None
    view, status = tab.map.view, tab.map.status
    model = document.encounter.position_model
    mover = document.encounter.combatants[0]
    document.select(mover.id)
    origin = view.screen_of(mover.id)
    # Away from the foes, two steps and a little: the drop snaps back to two steps.
    end = origin + QPointF(0, -2.3 * model.step * view.frame.scale)
    _press_and_move(qtbot, tab, mover.id, end)
    said = status.text()
    assert f"{2 * model.step} {model.unit}" in said, said
    assert view.ruler is not None and said == " — ".join(view.ruler.lines)
    qtbot.mouseRelease(view, Qt.MouseButton.LeftButton, pos=end.toPoint())
    view.grab()
    drawn = view.painted.centres[mover.id]
    x, y = view.frame.to_units(drawn)
    assert (round(x / model.step, 2) % 1, round(y / model.step, 2) % 1) == (0, 0), (
        f"drawn at {x:.2f}, {y:.2f}: between grid points"
    )
    assert view.painted.texts[mover.id] == token_label(view.picture.token(mover.id), model.unit)
    newest = _log_texts(tab)[-1]
    assert mover.name in newest, newest


def test_a_token_dropped_on_a_foe_stands_in_reach_as_its_tooltip_says(
    qtbot: Any, tab: EncounterWidget
) -> None:
    document = tab.document
    assert tab.map is not None
    view = tab.map.view
    model = document.encounter.position_model
    mover = document.encounter.combatants[0]
    foe = document.encounter.combatants[-1]
    document.select(mover.id)
    end = view.screen_of(foe.id)
    _press_and_move(qtbot, tab, mover.id, end)
    qtbot.mouseRelease(view, Qt.MouseButton.LeftButton, pos=end.toPoint())
    encounter = document.encounter
    rules = registry.system_of(encounter).encounter
    assert rules is not None
    reach = max(
        (r.value for r in rules.rings(encounter, mover.id) if r.kind == "reach"), default=model.step
    )
    view.grab()
    assert foe.id in view.painted.centres and mover.id in view.painted.centres
    tip = view.tooltip_at(view.screen_of(foe.id))
    line = next(t for t in tip.splitlines() if t.endswith(f"{model.unit} from {mover.name}"))
    apart = int(line.split(" ", 1)[0])
    assert 0 < apart <= reach, tip
    assert mover.name in _log_texts(tab)[-1]


def test_shift_drag_places_and_a_drag_moves_as_the_log_says(
    qtbot: Any, tab: EncounterWidget
) -> None:
    """Placing (the GM) and moving (the creature) read differently on the status line and
    in the log: a place says so and spends nothing; a move is the game's own words."""
    document = tab.document
    assert tab.map is not None
    view, status = tab.map.view, tab.map.status
    model = document.encounter.position_model
    mover = document.encounter.combatants[0]
    document.select(mover.id)
    end = view.screen_of(mover.id) + QPointF(0, -3 * model.step * view.frame.scale)
    _press_and_move(qtbot, tab, mover.id, end, Qt.KeyboardModifier.ShiftModifier)
    assert status.text().startswith(f"Place {3 * model.step} {model.unit} away"), status.text()
    qtbot.mouseRelease(
        view, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ShiftModifier, end.toPoint()
    )
    placed = _log_texts(tab)[-1]
    assert placed == (f"GM places {mover.name} {3 * model.step} {model.unit} away (no movement)"), (
        placed
    )
    end = view.screen_of(mover.id) + QPointF(0, -2 * model.step * view.frame.scale)
    _press_and_move(qtbot, tab, mover.id, end)
    assert not status.text().startswith("Place"), status.text()
    qtbot.mouseRelease(view, Qt.MouseButton.LeftButton, pos=end.toPoint())
    moved = _log_texts(tab)[-1]
    assert mover.name in moved and not moved.startswith("GM places"), moved


@pytest.mark.parametrize("game", [g for g in MAP_GAMES if registry.get(g).positions.height])
def test_page_up_raises_the_selected_and_its_name_says_how_high(qtbot: Any, game: str) -> None:
    """Heights by key where the game keeps them (Apparatus): Page Up with the map focused
    climbs a step, and the name on the map reads it ("Kestrel 1 ↑1 m")."""
    document = melee_document(game, 8)
    widget = EncounterWidget(document)
    qtbot.addWidget(widget)
    widget.resize(*WINDOWS["1366x768@100"])
    widget.show()
    qtbot.waitExposed(widget)
    assert widget.map is not None
    view = widget.map.view
    mover = document.encounter.combatants[0]
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_PageUp)
    view.grab()
    model = document.encounter.position_model
    assert view.painted.texts[mover.id] == f"{mover.name} ↑{model.step:g} {model.unit}"
    qtbot.keyClick(view, Qt.Key.Key_PageDown)
    view.grab()
    assert view.painted.texts[mover.id] == mover.name
