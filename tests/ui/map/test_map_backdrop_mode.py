"""Fitting the background picture on the map itself (Adjust Picture), in every game that
measures distance: a drag on the picture moves it by what the pointer moved in the game's
unit, a corner drag scales it (proportions kept, Shift free), a two-point calibration sets
its scale to the typed distance, arrows nudge it a grid step; each is one undo step of the
same edit the typed dialog makes (no log line, as the dialog writes none), Undo restores,
Escape cancels. The player view and the printed map follow."""

from __future__ import annotations

import math
import subprocess
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QDialogButtonBox, QLabel

from m3desk.core import registry
from m3desk.core.places import Backdrop
from m3desk.ui.encounter.player_view import PlayerView
from m3desk.ui.map import MapPanel
from m3desk.ui.map.backdrop_dialog import BackdropDialog
from m3desk.ui.map.backdrop_edit import corners, picture_point
from m3desk.ui.map.backdrop_tool import CalibrateDialog
from m3desk.ui.printing.export import export_encounter_pdf
from tests.ui.map.conftest import fight

GAMES = [s.id for s in registry.systems() if s.positions.kind == "distance"]
WIDTH_PX, HEIGHT_PX = 200, 100
COLOUR = QColor(230, 120, 20)


def _picture_file(path: Path) -> Path:
    image = QImage(WIDTH_PX, HEIGHT_PX, QImage.Format.Format_RGB32)
    image.fill(COLOUR)
    assert image.save(str(path))
    return path


@pytest.fixture(params=GAMES)
def panel(request: pytest.FixtureRequest, qtbot: Any, tmp_path: Path) -> MapPanel:
    """A map with a picture half the view wide in its middle, the mode off, the undo
    stack empty."""
    document = fight(request.param)
    panel = MapPanel(document)
    qtbot.addWidget(panel)
    panel.resize(900, 700)
    panel.show()
    qtbot.waitExposed(panel)
    left, top, right, bottom = panel.view.frame.visible()
    wide = (right - left) / 2
    spec = Backdrop(
        path=str(_picture_file(tmp_path / "dungeon.png")),
        x=round(left + wide / 2, 1),
        y=round((top + bottom) / 2 - wide / 4, 1),
        per_pixel=wide / WIDTH_PX,
    )
    document.apply_command_state(document.encounter.model_copy(update={"backdrop": spec}))
    qtbot.waitUntil(lambda: panel.view.backdrop()[0] is not None)  # read on the worker
    panel.view.auto_fit = False
    assert document.undo_stack.count() == 0
    return panel


def _spec(panel: MapPanel) -> Backdrop:
    spec = panel.document.encounter.backdrop
    assert spec is not None
    return spec


def _screen(panel: MapPanel, x: float, y: float) -> QPoint:
    return panel.view.frame.to_screen(x, y).toPoint()


def _middle(panel: MapPanel) -> tuple[float, float]:
    left, top = _spec(panel).x, _spec(panel).y
    return (
        left + WIDTH_PX * _spec(panel).per_pixel / 2,
        top + HEIGHT_PX * _spec(panel).down_per_pixel / 2,
    )


def _drag(
    qtbot: Any,
    panel: MapPanel,
    start: QPoint,
    end: QPoint,
    *,
    release: bool = True,
    modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier,
) -> None:
    view = panel.view
    qtbot.mousePress(view, Qt.MouseButton.LeftButton, pos=start)
    for step in range(1, 5):
        qtbot.mouseMove(view, QPointF(start + (end - start) * (step / 4)).toPoint())
    if release:
        qtbot.mouseRelease(view, Qt.MouseButton.LeftButton, modifier, end)


def _mode_on(qtbot: Any, panel: MapPanel) -> None:
    qtbot.mouseClick(panel.adjust_button, Qt.MouseButton.LeftButton)
    assert panel.view.backdrop_action.isChecked()


def _pixel_size(panel: MapPanel) -> float:
    """A unit in screen pixels: how near a pointer's whole pixel lands."""
    return 1.0 / panel.view.frame.scale


def test_the_mode_is_visibly_on_and_off(qtbot: Any, panel: MapPanel) -> None:
    view = panel.view
    assert not panel.calibrate_button.isVisible()
    _mode_on(qtbot, panel)
    assert "drag to move" in panel.status.text()
    assert panel.calibrate_button.isVisible()
    assert view.cursor().shape() == Qt.CursorShape.SizeAllCursor
    corner = _screen(panel, *corners(_spec(panel), (WIDTH_PX, HEIGHT_PX))[2])
    qtbot.mouseMove(view, corner + QPoint(1, 1))  # the pointer enters the map
    qtbot.mouseMove(view, corner)
    assert view.cursor().shape() == Qt.CursorShape.SizeFDiagCursor
    # The terrain painter takes the same drags: turning it on ends the picture's mode.
    qtbot.mouseClick(panel.paint_button, Qt.MouseButton.LeftButton)
    assert not view.backdrop_action.isChecked() and not panel.calibrate_button.isVisible()
    assert view.cursor().shape() == Qt.CursorShape.ArrowCursor
    # B on the map turns it on again, Escape off.
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_B)
    assert view.backdrop_action.isChecked() and not panel.paint_button.isChecked()
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    assert not view.backdrop_action.isChecked() and panel.status.text() == ""


def test_without_a_picture_there_is_nothing_to_adjust(qtbot: Any, panel: MapPanel) -> None:
    _mode_on(qtbot, panel)
    panel.document.apply(panel.document.encounter.model_copy(update={"backdrop": None}), "Remove")
    assert not panel.view.backdrop_action.isEnabled()
    assert not panel.view.backdrop_action.isChecked()
    assert not panel.adjust_button.isEnabled()


def test_a_drag_moves_the_picture_by_the_pointer_in_the_game_unit(
    qtbot: Any, panel: MapPanel
) -> None:
    document, view = panel.document, panel.view
    before, log = _spec(panel), document.encounter.log
    step = document.encounter.position_model.step
    _mode_on(qtbot, panel)
    start = _screen(panel, *_middle(panel))
    moved_by = QPointF(3 * step * view.frame.scale, 2 * step * view.frame.scale).toPoint()
    _drag(qtbot, panel, start, start + moved_by)
    after = _spec(panel)
    assert after.x - before.x == pytest.approx(moved_by.x() / view.frame.scale, abs=1e-3)
    assert after.y - before.y == pytest.approx(moved_by.y() / view.frame.scale, abs=1e-3)
    assert after.x - before.x == pytest.approx(3 * step, abs=_pixel_size(panel))
    assert (after.per_pixel, after.per_pixel_y) == (before.per_pixel, before.per_pixel_y)
    assert document.undo_stack.count() == 1
    assert document.undo_stack.undoText().startswith("Move the background picture")
    assert document.encounter.log == log  # the typed dialog writes no log line either
    # The tokens stay where they were; the picture is drawn where it now lies.
    assert view.picture.backdrop == after
    document.undo_stack.undo()
    assert _spec(panel) == before
    # The typed dialog reads the same edit: after a redo it shows the new left edge.
    document.undo_stack.redo()
    panel.backdrop_button.click()
    dialog = panel.findChild(BackdropDialog)
    assert dialog is not None
    assert dialog.left.value() == pytest.approx(after.x, abs=0.05)
    dialog.reject()


def test_a_corner_drag_scales_keeping_the_proportions_and_shift_frees_them(
    qtbot: Any, panel: MapPanel
) -> None:
    document = panel.document
    before = _spec(panel)
    size = (WIDTH_PX, HEIGHT_PX)
    _mode_on(qtbot, panel)
    top_left, _tr, bottom_right, _bl = corners(before, size)
    # The bottom-right corner dragged out along the diagonal to half as big again.
    wanted = (
        top_left[0] + 1.5 * (bottom_right[0] - top_left[0]),
        top_left[1] + 1.5 * (bottom_right[1] - top_left[1]),
    )
    _drag(qtbot, panel, _screen(panel, *bottom_right), _screen(panel, *wanted))
    after = _spec(panel)
    assert after.per_pixel == pytest.approx(1.5 * before.per_pixel, rel=0.02)
    assert after.per_pixel_y is None  # proportions kept
    assert (after.x, after.y) == (before.x, before.y)  # the opposite corner stays put
    assert document.undo_stack.count() == 1
    assert document.undo_stack.undoText().startswith("Scale the background picture")
    document.undo_stack.undo()
    assert _spec(panel) == before
    # With Shift the corner goes where the pointer goes: wider only.
    wider = (top_left[0] + 2 * (bottom_right[0] - top_left[0]), bottom_right[1])
    _drag(
        qtbot,
        panel,
        _screen(panel, *bottom_right),
        _screen(panel, *wider),
        modifier=Qt.KeyboardModifier.ShiftModifier,
    )
    free = _spec(panel)
    assert free.per_pixel == pytest.approx(2 * before.per_pixel, rel=0.02)
    assert free.down_per_pixel == pytest.approx(before.per_pixel, rel=0.02)
    assert document.undo_stack.count() == 1
    # A scale typed in the dialog afterwards keeps the stretch the Shift drag made.
    panel.backdrop_button.click()
    dialog = panel.findChild(BackdropDialog)
    assert dialog is not None
    dialog.per_square.setValue(40)
    qtbot.mouseClick(
        dialog.buttons.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton
    )
    typed = _spec(panel)
    step = document.encounter.position_model.step
    assert typed.per_pixel == pytest.approx(step / 40)
    assert typed.down_per_pixel / typed.per_pixel == pytest.approx(
        free.down_per_pixel / free.per_pixel
    )
    assert document.undo_stack.count() == 2


def test_a_calibration_sets_the_scale_to_the_typed_distance(qtbot: Any, panel: MapPanel) -> None:
    document, view = panel.document, panel.view
    before = _spec(panel)
    model = document.encounter.position_model
    _mode_on(qtbot, panel)
    qtbot.mouseClick(panel.calibrate_button, Qt.MouseButton.LeftButton)
    assert "click a first point" in panel.status.text()
    assert view.cursor().shape() == Qt.CursorShape.CrossCursor
    left = (before.x + 40 * before.per_pixel, before.y + 50 * before.per_pixel)
    right = (before.x + 160 * before.per_pixel, before.y + 50 * before.per_pixel)
    first, second = _screen(panel, *left), _screen(panel, *right)
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=first)
    assert "second point" in panel.status.text()
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=second)
    dialog = view.findChild(CalibrateDialog)
    assert dialog is not None and dialog.isVisible()
    assert any(
        "pixels apart on the picture" in label.text() for label in dialog.findChildren(QLabel)
    )
    typed = 7 * model.step
    dialog.distance.setValue(typed)
    qtbot.mouseClick(
        dialog.buttons.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton
    )
    after = _spec(panel)
    # The picture's pixels under the two clicks now lie exactly the typed distance apart.
    units = [view.frame.to_units(QPointF(p)) for p in (first, second)]
    pixels = [picture_point(before, *u) for u in units]
    placed = [
        (after.x + px * after.per_pixel, after.y + py * after.down_per_pixel) for px, py in pixels
    ]
    assert math.dist(*placed) == pytest.approx(typed, rel=1e-6)
    assert placed[0] == pytest.approx(units[0], abs=1e-3)  # the first point stays
    assert document.undo_stack.count() == 1
    assert document.undo_stack.undoText().startswith("Calibrate the background picture")
    assert "drag to move" in panel.status.text()
    document.undo_stack.undo()
    assert _spec(panel) == before


def test_escape_cancels_a_drag_and_a_calibration(qtbot: Any, panel: MapPanel) -> None:
    document, view = panel.document, panel.view
    before = _spec(panel)
    _mode_on(qtbot, panel)
    start = _screen(panel, *_middle(panel))
    _drag(qtbot, panel, start, start + QPoint(80, 40), release=False)
    assert view.backdrop_tool.drag is not None  # the picture follows the pointer
    assert view.backdrop_tool.shown() != before
    # A frame of the drag draws the picture where the pointer has it, the tokens over it.
    frame = view.grab().toImage()
    shown = view.backdrop_tool.shown()
    assert shown is not None
    box = _coloured_box(frame)
    ratio = frame.devicePixelRatioF()
    assert box is not None
    expected = (
        *view.frame.to_screen(shown.x, shown.y).toTuple(),
        *view.frame.to_screen(*corners(shown, (WIDTH_PX, HEIGHT_PX))[2]).toTuple(),
    )
    # (the outline and the handles lie over its edges)
    assert [v / ratio for v in box] == pytest.approx(expected, abs=6)
    for token in view.picture.tokens:
        at = view.frame.to_screen(token.x, token.y)
        colour = frame.pixelColor(int(at.x() * ratio), int(at.y() * ratio))
        assert not (colour.red() > 200 and 120 < colour.green() < 190 and colour.blue() < 110), (
            f"{token.name} is under the picture"
        )
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    qtbot.mouseRelease(view, Qt.MouseButton.LeftButton, pos=start + QPoint(80, 40))
    assert _spec(panel) == before and document.undo_stack.count() == 0
    assert view.backdrop_action.isChecked()  # the first Escape ends only the drag
    qtbot.keyClick(view, Qt.Key.Key_C)
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=start)
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    assert view.backdrop_tool.points is None and "drag to move" in panel.status.text()
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=start + QPoint(60, 0))
    assert view.findChild(CalibrateDialog) is None
    assert _spec(panel) == before and document.undo_stack.count() == 0


def test_arrows_nudge_the_picture_a_grid_step_one_undo_step_a_run(
    qtbot: Any, panel: MapPanel
) -> None:
    document, view = panel.document, panel.view
    before = _spec(panel)
    places = dict(document.encounter.places)
    step = document.encounter.position_model.step
    _mode_on(qtbot, panel)
    for key in (Qt.Key.Key_Right, Qt.Key.Key_Right, Qt.Key.Key_Down):
        qtbot.keyClick(view, key)
    after = _spec(panel)
    assert (after.x - before.x, after.y - before.y) == pytest.approx((2 * step, step))
    assert document.encounter.places == places  # the picture moves, never the tokens
    assert document.undo_stack.count() == 1
    document.undo_stack.undo()
    assert _spec(panel) == before


def _coloured_box(image: QImage) -> tuple[int, int, int, int] | None:
    """The (left, top, right, bottom) of the picture's orange on a rendered surface."""
    xs, ys = [], []
    for y in range(0, image.height(), 2):
        for x in range(0, image.width(), 2):
            colour = image.pixelColor(x, y)
            # The picture's orange, faded over the light map (no token is this colour).
            if colour.red() > 200 and 120 < colour.green() < 190 and colour.blue() < 110:
                xs.append(x)
                ys.append(y)
    return (min(xs), min(ys), max(xs), max(ys)) if xs else None


def test_the_player_view_follows_the_picture(qtbot: Any, panel: MapPanel) -> None:
    document = panel.document
    before = _spec(panel)
    players = PlayerView(document)
    qtbot.addWidget(players)
    players.resize(1366, 768)
    players.show()
    qtbot.waitExposed(players)
    assert players.map is not None
    _mode_on(qtbot, panel)
    step = document.encounter.position_model.step
    for _ in range(2):
        qtbot.keyClick(panel.view, Qt.Key.Key_Right)
    assert players.map.picture.backdrop == _spec(panel)
    shown = players.map.grab().toImage()
    ratio = shown.devicePixelRatioF()
    box = _coloured_box(shown)
    assert box is not None, "the players' map shows no picture"
    frame = players.map.frame
    left, top, right, bottom = (
        *frame.to_screen(_spec(panel).x, _spec(panel).y).toTuple(),
        *frame.to_screen(*corners(_spec(panel), (WIDTH_PX, HEIGHT_PX))[2]).toTuple(),
    )
    # The players' map is fitted to the fight: the picture may run past its edges.
    left, top = max(left, 0.0), max(top, 0.0)
    right, bottom = min(right, frame.width - 1), min(bottom, frame.height - 1)
    assert [v / ratio for v in box] == pytest.approx([left, top, right, bottom], abs=3)
    assert _spec(panel).x == pytest.approx(before.x + 2 * step)
    players.close()


@pytest.mark.parametrize("game", GAMES)
def test_the_printed_map_shows_the_picture_where_it_lies(
    qapp: Any, tmp_path: Path, game: str
) -> None:
    encounter = fight(game).encounter
    xs = [p.x for p in encounter.places.values()]
    ys = [p.y for p in encounter.places.values()]
    middle_x, middle_y = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    step = encounter.position_model.step
    path = str(_picture_file(tmp_path / "dungeon.png"))
    boxes = []
    for x, per_pixel in (
        (middle_x - 2 * step, step / 80),
        (middle_x, step / 80),
        (middle_x, step / 40),
    ):
        spec = Backdrop(path=path, x=x, y=middle_y, per_pixel=per_pixel)
        out = tmp_path / "fight.pdf"
        export_encounter_pdf(encounter.model_copy(update={"backdrop": spec}), out)
        # The map's page: the first, or the next where the first's foot would have shrunk
        # the map onto its scale bar.
        subprocess.run(
            ["pdftoppm", "-r", "60", "-png", str(out), str(tmp_path / "page")], check=True
        )
        made = sorted(tmp_path.glob("page*.png"))
        found = [_coloured_box(QImage(str(page))) for page in made]
        for page in made:
            page.unlink()
        box = next((b for b in found if b is not None), None)
        assert box is not None, "the printed map shows no picture"
        boxes.append(box)
    moved, placed, doubled = boxes
    # Two squares to the right, the same size; then twice as wide from the same corner.
    assert placed[0] > moved[0] and placed[2] - placed[0] == pytest.approx(
        moved[2] - moved[0], abs=3
    )
    assert doubled[0] == pytest.approx(placed[0], abs=3)
    assert doubled[2] - doubled[0] > 1.5 * (placed[2] - placed[0])


def test_the_mode_brings_all_four_handles_into_sight(qtbot: Any, panel: MapPanel) -> None:
    document, view = panel.document, panel.view
    spec = _spec(panel)
    # A picture running far off the right and the bottom of the map.
    bigger = spec.model_copy(update={"per_pixel": spec.per_pixel * 4})
    document.apply_command_state(document.encounter.model_copy(update={"backdrop": bigger}))
    _mode_on(qtbot, panel)
    seen = view.frame.visible()
    for x, y in corners(_spec(panel), (WIDTH_PX, HEIGHT_PX)):
        assert seen[0] <= x <= seen[2] and seen[1] <= y <= seen[3]
    # The banner says so on the map itself, clear of the picture's top edge.
    assert view.backdrop_tool.banner() == "Adjusting the picture · Esc ends"
    assert (
        view.frame.to_screen(_spec(panel).x, _spec(panel).y).y()
        >= view.backdrop_tool.banner_room() - 1
    )


def test_the_map_menu_offers_the_mode_and_the_calibration_with_their_keys(
    qtbot: Any, panel: MapPanel
) -> None:
    from m3desk.ui.map.menu import map_menu

    menu = map_menu(panel.view, QPointF(5, 5))
    qtbot.addWidget(menu)
    found = {a.text(): a.shortcut().toString() for a in menu.actions() if a.text()}
    assert found["Adjust Picture"] == "B"
    assert found["Calibrate Picture…"] == "C"
    next(a for a in menu.actions() if a.text() == "Adjust Picture").trigger()
    assert panel.view.backdrop_action.isChecked() and panel.calibrate_button.isVisible()
