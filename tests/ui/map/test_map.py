"""The map of every game that measures distance, driven as a user drives it: drags with
the ruler, keys, a typed move, terrain painting, zoom; one undo step and one log line per
move. Looped over the installed games of distance with their own samples."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QDialogButtonBox

from m3desk.core.places import Place
from m3desk.core.system import MoveCheck
from m3desk.ui.map import MapPanel
from m3desk.ui.map.menu import map_menu
from m3desk.ui.map.move_dialog import MoveDialog
from m3desk.ui.map.moves import snapped
from m3desk.ui.map.painter import legend_entries
from tests.ui.map.conftest import distance, drag, id_of


def _names(panel: MapPanel) -> list[str]:
    return [c.name for c in panel.document.encounter.combatants]


def test_a_drag_shows_the_ruler_and_drops_as_one_undo_step_with_one_log_line(
    qtbot: Any, map_panel: MapPanel
) -> None:
    document = map_panel.document
    model = document.encounter.position_model
    mover = _names(map_panel)[1]
    before = document.encounter
    logged = len(before.log)
    drag(qtbot, map_panel, mover, 0, 4 * model.step, release=False)
    # While dragging: the ruler and its words under the map.
    ruler = map_panel.view.ruler
    assert ruler is not None
    origin = before.places[id_of(document, mover)]
    check = map_panel.view.preview(id_of(document, mover), Place.at(*ruler.end, origin.z))
    assert check.distance > 0
    assert map_panel.status.text().startswith(f"{check.verb} {check.distance} {model.unit}")
    end = map_panel.view.screen_of(id_of(document, mover)) + QPointF(
        0, 4 * model.step * map_panel.view.frame.scale
    )
    qtbot.mouseRelease(map_panel.view, Qt.MouseButton.LeftButton, pos=end.toPoint())
    after = document.encounter
    place = after.places[id_of(document, mover)]
    assert place == snapped(model, place.x, place.y, place.z)  # on the grid
    assert place != before.places[id_of(document, mover)]
    assert document.undo_stack.count() == 1
    assert len(after.log) == logged + 1
    assert after.log[-1].text.startswith(f"{mover} ")
    assert model.unit in after.log[-1].text
    assert map_panel.status.text() == ""  # the ruler's words go with the ruler
    document.undo_stack.undo()
    assert document.encounter.places == before.places
    assert len(document.encounter.log) == logged


def _allowance_rules(panel: MapPanel, allowance: int) -> None:
    """A stand-in for a game's movement rules: this much may be moved."""
    real = panel.view.rules

    def check(encounter: Any, combatant_id: str, place: Place) -> MoveCheck:
        plain = real.check_move(encounter, combatant_id, place)
        return plain._replace(allowance=allowance, verb="charges")

    rules = real._replace(check_move=check)
    type(panel.view).rules = property(lambda _self: rules)  # type: ignore[assignment]


def _has_colour(image: Any, point: QPoint, colour: QColor, radius: int = 4) -> bool:
    for dx in range(-radius, radius + 1):
        for dy in range(-radius, radius + 1):
            pixel = QColor(image.pixel(point.x() + dx, point.y() + dy))
            if (
                abs(pixel.red() - colour.red())
                + abs(pixel.green() - colour.green())
                + abs(pixel.blue() - colour.blue())
            ) < 40:
                return True
    return False


def test_the_ruler_is_green_within_the_allowance_and_red_with_words_over_it(
    qtbot: Any, map_panel: MapPanel, monkeypatch: pytest.MonkeyPatch
) -> None:
    from m3desk.ui.map.view import MapView

    monkeypatch.setattr(MapView, "rules", MapView.rules)
    model = map_panel.document.encounter.position_model
    _allowance_rules(map_panel, 3 * model.step)
    view = map_panel.view
    mover = _names(map_panel)[1]
    start = view.screen_of(id_of(map_panel.document, mover))
    drag(qtbot, map_panel, mover, 0, 2 * model.step, release=False)
    assert "Within the allowance" in map_panel.status.text()
    assert view.ruler is not None and not view.ruler.over
    middle = (start + view.frame.to_screen(*view.ruler.end)) / 2
    shot = view.grab().toImage()
    ratio = shot.devicePixelRatio()
    at = QPoint(int(middle.x() * ratio), int(middle.y() * ratio))
    assert _has_colour(shot, at, view.style_.within)
    assert not _has_colour(shot, at, view.style_.over)
    far = start + QPointF(0, 8 * model.step * view.frame.scale)
    qtbot.mouseMove(view, far.toPoint())
    assert view.ruler.over
    assert f"Over the allowance ({3 * model.step} {model.unit})" in map_panel.status.text()
    assert map_panel.status.text().startswith("charges ")
    shot = view.grab().toImage()
    middle = (start + view.frame.to_screen(*view.ruler.end)) / 2
    at = QPoint(int(middle.x() * ratio), int(middle.y() * ratio))
    assert _has_colour(shot, at, view.style_.over)
    # The GM is the arbiter: the drop over the allowance still moves the token.
    before = map_panel.document.encounter.places[id_of(map_panel.document, mover)]
    qtbot.mouseRelease(view, Qt.MouseButton.LeftButton, pos=far.toPoint())
    assert map_panel.document.encounter.places[id_of(map_panel.document, mover)] != before
    assert map_panel.document.undo_stack.count() == 1


def test_arrow_keys_move_one_square_and_a_run_is_one_undo_step(
    qtbot: Any, map_panel: MapPanel
) -> None:
    document = map_panel.document
    model = document.encounter.position_model
    selected = document.selected
    before = document.encounter
    here = before.places[selected]
    map_panel.view.setFocus()
    for _ in range(3):
        qtbot.keyClick(map_panel.view, Qt.Key.Key_Right)
    qtbot.keyClick(map_panel.view, Qt.Key.Key_Up)
    start = snapped(model, here.x, here.y, here.z)
    assert document.encounter.places[selected] == Place.at(
        start.x + 3 * model.step, start.y - model.step, start.z
    )
    assert document.undo_stack.count() == 1
    assert len(document.encounter.log) == len(before.log) + 1
    document.undo_stack.undo()
    assert document.encounter.places[selected] == here


def test_a_typed_move_away_from_a_foe_previews_and_moves_exactly(
    qtbot: Any, map_panel: MapPanel
) -> None:
    document = map_panel.document
    model = document.encounter.position_model
    mover, foe = _names(map_panel)[0], _names(map_panel)[1]
    before = distance(document, mover, foe)
    map_panel.move_button.click()
    dialog = map_panel.findChild(MoveDialog)
    assert dialog is not None and dialog.isVisible()
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    other_unit = "m" if model.unit == "ft" else "ft"
    qtbot.keyClicks(dialog.field, f"withdraw 4 {other_unit} north")
    assert dialog.preview.text() == f"This game measures in {model.unit}, not {other_unit}."
    assert not ok.isEnabled()
    dialog.field.clear()
    qtbot.keyClicks(dialog.field, f"withdraw {4 * model.step} {model.unit} away from {foe}")
    assert dialog.preview.text().startswith(f"{4 * model.step:g} {model.unit} away from {foe}\n")
    assert ok.isEnabled()
    qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
    assert distance(document, mover, foe) == before + 4 * model.step
    assert document.undo_stack.count() == 1
    assert document.encounter.log[-1].text.startswith(mover)


def test_painting_terrain_is_one_undo_step_drawn_with_a_legend_and_removable(
    qtbot: Any, map_panel: MapPanel
) -> None:
    document = map_panel.document
    model = document.encounter.position_model
    view = map_panel.view
    kinds = [map_panel.paint_kind.itemText(i) for i in range(map_panel.paint_kind.count())]
    if model.prices_terrain:
        assert kinds[0] == "Wall (impassable)" and "Difficult ground DR 3" in kinds
    else:
        assert kinds == ["Wall (impassable)"]  # no Difficulty Rating where none is priced
    map_panel.paint_button.click()
    assert map_panel.paint_kind.isVisible()
    map_panel.paint_kind.setCurrentIndex(map_panel.paint_kind.count() - 1)
    # An empty stretch of ground: below everyone.
    lowest = max(t.y for t in view.picture.tokens)
    left = min(t.x for t in view.picture.tokens)
    a = view.frame.to_screen(left, lowest + 3 * model.step).toPoint()
    b = view.frame.to_screen(left + 4 * model.step, lowest + 5 * model.step).toPoint()
    qtbot.mousePress(view, Qt.MouseButton.LeftButton, pos=a)
    qtbot.mouseMove(view, (a + b) / 2)
    qtbot.mouseMove(view, b)
    qtbot.mouseRelease(view, Qt.MouseButton.LeftButton, pos=b)
    areas = document.encounter.areas
    assert len(areas) == 1
    area = areas[0]
    assert area.wall is not model.prices_terrain
    # Every square the drag crosses: from token spot to token spot on a game of squares
    # (a token stands in the middle of a square) one more each way.
    more = 1 if model.metric == "squares" else 0
    assert (area.width, area.height) == ((4 + more) * model.step, (2 + more) * model.step)
    assert document.undo_stack.count() == 1
    entry = (
        ("rating", "difficult ground DR 5")
        if model.prices_terrain
        else ("wall", "wall (impassable)")
    )
    assert entry in legend_entries(view.picture)
    inside = view.frame.to_screen(area.x + area.width / 2, area.y + area.height / 2)
    assert view.tooltip_at(inside).startswith("Terrain: ")
    menu = map_menu(view, inside)
    remove = next(a for a in menu.actions() if a.text().startswith("Remove this terrain"))
    remove.trigger()
    assert document.encounter.areas == ()
    assert document.undo_stack.count() == 2


def test_the_wheel_and_keys_zoom_and_fit(qtbot: Any, map_panel: MapPanel) -> None:
    view = map_panel.view
    fitted = view.frame.scale
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Equal, Qt.KeyboardModifier.ControlModifier)
    assert view.frame.scale == pytest.approx(fitted * 1.25)
    assert not view.auto_fit
    qtbot.keyClick(view, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(view, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    assert view.frame.scale == pytest.approx(fitted * 1.25 * 0.64)
    qtbot.keyClick(view, Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier)
    assert view.frame.scale == pytest.approx(fitted) and view.auto_fit
    map_panel.fit_button.click()
    assert view.frame.scale == pytest.approx(fitted)


def test_tokens_say_their_distance_from_the_selected_combatant(map_panel: MapPanel) -> None:
    view = map_panel.view
    document = map_panel.document
    names = _names(map_panel)
    other = id_of(document, names[1])
    tip = view.tooltip_at(view.screen_of(other))
    assert tip.splitlines()[0].startswith(names[1])
    assert (
        f"{distance(document, names[0], names[1])} {view.picture.model.unit} from {names[0]}" in tip
    )


def test_page_keys_and_typed_up_climb_where_the_game_keeps_heights(
    qtbot: Any, map_panel: MapPanel
) -> None:
    document = map_panel.document
    model = document.encounter.position_model
    selected = document.selected
    here = document.encounter.places[selected]
    map_panel.view.setFocus()
    qtbot.keyClick(map_panel.view, Qt.Key.Key_PageUp)
    qtbot.keyClick(map_panel.view, Qt.Key.Key_PageUp)
    if not model.height:
        assert document.encounter.places[selected] == here
        assert document.undo_stack.count() == 0
        return
    assert document.encounter.places[selected].z == here.z + 2 * model.step
    assert document.undo_stack.count() == 1
    token = map_panel.view.picture.token(selected)
    assert token is not None
    assert f"{2 * model.step:g} {model.unit} above the ground" in map_panel.view.tooltip_for(token)
    map_panel.move_button.click()
    dialog = map_panel.findChild(MoveDialog)
    assert dialog is not None
    qtbot.keyClicks(dialog.field, f"climb 5 {model.unit} down")
    qtbot.mouseClick(
        dialog.buttons.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton
    )
    assert document.encounter.places[selected].z == 0  # never below the ground


def test_the_ruler_words_take_the_games_own_over_note_once() -> None:
    from m3desk.ui.map.view import ruler_lines

    lines = ruler_lines(
        MoveCheck(150, 150, 90, "charges", ("over the allowance (90 ft)", "leaves Orc A's reach")),
        "ft",
    )
    assert lines == (
        "charges 150 ft · allowance 90 ft",
        "Over the allowance (90 ft): a drop here asks (stop at it, or move anyway)",
        "leaves Orc A's reach",
    )
    assert ruler_lines(MoveCheck(6, 9, 10, "runs"), "m") == (
        "runs 6 m · costs 9 of 10",
        "Within the allowance",
    )
    assert (
        ruler_lines(MoveCheck(3, 3, None, "moves", ("through a wall",), blocked=True), "ft")[1]
        == "Blocked by the rules: Shift+drag places it without a move"
    )


def test_tab_walks_the_combatants(qtbot: Any, map_panel: MapPanel) -> None:
    document = map_panel.document
    view = map_panel.view
    ids = [t.combatant_id for t in view.picture.tokens]
    view.setFocus()
    assert document.selected == ids[0]
    qtbot.keyClick(view, Qt.Key.Key_Tab)
    assert document.selected == ids[1]
    assert view.picture.selected == ids[1]  # the rings follow
    qtbot.keyClick(view, Qt.Key.Key_Backtab, Qt.KeyboardModifier.ShiftModifier)
    assert document.selected == ids[0]


@pytest.mark.parametrize("end", [(-500.0, 0.0), (500.0, 400.0), (0.0, -300.0)])
def test_the_ruler_words_stay_whole_on_the_map_past_its_edges(
    map_panel: MapPanel, end: tuple[float, float]
) -> None:
    from m3desk.ui.map.painter import Ruler, ruler_box

    view = map_panel.view
    ruler = Ruler(
        (0.0, 0.0),
        end,
        (
            "charges 190 ft · allowance 180 ft",
            "Over the allowance (180 ft): a drop here asks (stop at it, or move anyway)",
        ),
        True,
    )
    box = ruler_box(view.frame, ruler, view.style_)
    assert box.left() >= 0 and box.right() <= view.width()
    assert box.top() >= 0 and box.bottom() <= view.height()
