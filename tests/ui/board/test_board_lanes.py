"""The board as lanes: names at full size in a pane the size of the encounter tab's, and the
same drags, keys and undo as on rings."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QFontInfo
from PySide6.QtWidgets import QApplication

from m3desk.systems.monsters_and_magic.encounter import range_between
from m3desk.systems.monsters_and_magic.ranges import RangeBand
from m3desk.ui.board import RangeBoard, RangeBoardWidget
from m3desk.ui.board.lane_layout import Chip, layout_lanes
from m3desk.ui.documents.encounter_document import EncounterDocument
from tests.ui.board.conftest import combatant_id, party_encounter
from tests.ui.board.helpers import drag_token, on_screen, token_named

TAB_PANE = (410, 260)
"""The board's pane in the encounter tab at 1366 × 768 (measured: 396–410 × 224–260)."""
CHIP = Chip(130.0, 32.0)
LABELS = tuple((60.0 + 8 * i, 16.0) for i in range(7))


def _bands(counts: list[int]) -> list[list[str]]:
    ids = itertools.count()
    return [[f"t{next(ids)}" for _ in range(n)] for n in counts]


@pytest.mark.parametrize("width", [120.0, 300.0, 520.0, 1400.0])
@pytest.mark.parametrize("counts", [[0] * 7, [1, 0, 0, 5, 0, 0, 0], [0, 3, 9, 0, 0, 1, 40]])
def test_chips_sit_in_their_lane_and_never_overlap(counts: list[int], width: float) -> None:
    layout = layout_lanes(_bands(counts), CHIP, LABELS, width)

    boxes = {}
    for band, ids in enumerate(_bands(counts)):
        top, bottom = layout.lanes[band]
        for token_id in ids:
            x, y = layout.positions[token_id]
            box = (
                x - layout.chip_width / 2,
                y - CHIP.height / 2,
                x + layout.chip_width / 2,
                y + CHIP.height / 2,
            )
            assert top <= box[1] and box[3] <= bottom  # inside its lane
            assert box[0] >= layout.chips_left  # clear of the labels
            assert layout.band_at(x, y) == band  # a drop where it sits keeps it there
            boxes[token_id] = box
    for a, b in itertools.combinations(boxes.values(), 2):
        assert not (a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3])
    # Lanes follow each other without gaps, every one tall enough to drop into.
    assert all(upper[1] == lower[0] for upper, lower in itertools.pairwise(layout.lanes))
    assert all(bottom - top >= 20 for top, bottom in layout.lanes)


def test_chips_share_a_row_evenly_and_fill_the_width() -> None:
    layout = layout_lanes(_bands([0, 0, 0, 5, 0, 0, 0]), CHIP, LABELS, 600.0)
    xs = sorted({round(layout.positions[f"t{i}"][0]) for i in range(5)})
    assert len(xs) == 3  # 3 chips of at least 130 fit in 600 less the labels (108)
    assert layout.chip_width > CHIP.width
    assert xs[-1] + layout.chip_width / 2 <= 600.0


def test_random_lanes_are_always_whole() -> None:
    rng = random.Random(13)
    for _ in range(200):
        counts = [rng.choice([0, 0, 1, 2, 7]) for _ in range(rng.randint(1, 9))]
        labels = [(rng.uniform(30, 200), rng.choice([16.0, 30.0])) for _ in counts]
        layout = layout_lanes(_bands(counts), CHIP, labels, rng.uniform(80, 900))
        assert len(layout.positions) == sum(counts)
        assert layout.bounds[3] == layout.lanes[-1][1]


# -- the widget ---------------------------------------------------------------------------


@pytest.fixture
def lanes_board(qtbot: Any, document: EncounterDocument) -> RangeBoardWidget:
    board = RangeBoard(document, lanes=True)
    qtbot.addWidget(board)
    board.resize(*TAB_PANE)
    board.show()
    qtbot.waitExposed(board)
    return board


def _name_pixels(board: RangeBoardWidget) -> float:
    return QFontInfo(board.scene._metrics.name_font).pixelSize() * board.view.zoom()


def test_names_are_drawn_at_the_apps_text_size_in_the_tabs_pane(
    qtbot: Any, lanes_board: RangeBoardWidget
) -> None:
    text = QFontInfo(QApplication.font()).pixelSize()
    assert _name_pixels(lanes_board) >= 0.8 * text
    every = lanes_board.scene.tokens()
    assert len(every) == 5 and all(t.isVisible() for t in every)

    # The same pane with rings: the eight bands shrink the names to a third or less.
    qtbot.mouseClick(lanes_board.rings_button, Qt.MouseButton.LeftButton)
    assert not lanes_board.lanes
    assert _name_pixels(lanes_board) < 0.5 * text


def test_a_drag_to_another_lane_is_one_undoable_move(
    qtbot: Any, lanes_board: RangeBoardWidget, document: EncounterDocument
) -> None:
    gramfive, felix = combatant_id(document, "Gramfive"), combatant_id(document, "Felix")
    assert range_between(document.encounter, gramfive, felix) == RangeBand.SHORT

    drag_token(qtbot, lanes_board, "Felix", RangeBand.CLOSE)

    assert range_between(document.encounter, gramfive, felix) == RangeBand.CLOSE
    assert document.undo_stack.count() == 1
    token = token_named(lanes_board, "Felix")
    assert lanes_board.scene.band_at(token.pos()) == RangeBand.CLOSE
    document.undo_stack.undo()
    assert range_between(document.encounter, gramfive, felix) == RangeBand.SHORT


def test_the_lane_under_a_dragged_token_lights_up_and_names_itself(
    qtbot: Any, lanes_board: RangeBoardWidget
) -> None:
    drag_token(qtbot, lanes_board, "Xiola", RangeBand.REACH, release=False)

    assert lanes_board.scene.rings.drop_target == RangeBand.REACH
    assert token_named(lanes_board, "Xiola").preview == "Reach"
    qtbot.keyClick(lanes_board.view, Qt.Key.Key_Escape)
    assert lanes_board.scene.rings.drop_target is None


def test_a_click_recentres_and_the_header_names_the_centre(
    qtbot: Any, lanes_board: RangeBoardWidget, document: EncounterDocument
) -> None:
    token = token_named(lanes_board, "Xiola")
    qtbot.mouseClick(
        lanes_board.view.viewport(),
        Qt.MouseButton.LeftButton,
        pos=on_screen(lanes_board, token.pos()),
    )

    assert document.selected == combatant_id(document, "Xiola")
    assert lanes_board.header.text() == "Ranges from Xiola Zenwaith"
    assert "measured from here" in lanes_board.header.toolTip()
    # The centre has no chip of its own in lanes; Gramfive is now a chip.
    assert not token.isVisible() and token_named(lanes_board, "Gramfive").isVisible()


def test_plus_and_minus_move_the_focused_chip(
    qtbot: Any, lanes_board: RangeBoardWidget, document: EncounterDocument
) -> None:
    lanes_board.view.setFocus()
    qtbot.waitUntil(lanes_board.view.hasFocus)
    focused = lanes_board.scene.focused_id
    gramfive = combatant_id(document, "Gramfive")

    qtbot.keyClick(lanes_board.view, Qt.Key.Key_Plus)

    assert range_between(document.encounter, gramfive, focused) == RangeBand.REACH
    item = lanes_board.scene.token(focused)
    assert item is not None and lanes_board.scene.band_at(item.pos()) == RangeBand.REACH


def test_lanes_reflow_when_the_pane_widens(qtbot: Any, lanes_board: RangeBoardWidget) -> None:
    narrow_rows = {round(t.pos().y()) for t in lanes_board.scene.tokens()}
    lanes_board.resize(1000, TAB_PANE[1])
    qtbot.waitUntil(lambda: lanes_board.scene.lane_width > 900)
    wide_rows = {round(t.pos().y()) for t in lanes_board.scene.tokens()}
    assert len(wide_rows) < len(narrow_rows)  # the five party chips share fewer rows


def test_a_crowded_board_scrolls_and_a_drag_to_the_edge_scrolls_it(
    qtbot: Any, make_board: Callable[[EncounterDocument], RangeBoardWidget]
) -> None:
    document = EncounterDocument(party_encounter(mummies=40))
    board = make_board(document)
    board.set_lanes(True)
    board.resize(*TAB_PANE)
    qtbot.waitUntil(lambda: board.view.verticalScrollBar().maximum() > 0)
    assert board.view.zoom() >= 0.8 - 1e-9  # it scrolls rather than shrink the names
    bar = board.view.verticalScrollBar()
    assert bar.value() == 0
    felix = token_named(board, "Felix")  # first in the Short lane, in view at the top
    viewport = board.view.viewport()
    start = on_screen(board, felix.pos())
    assert viewport.rect().contains(start)
    assert not viewport.rect().contains(
        on_screen(board, board.scene.drop_point(int(RangeBand.OUT_OF_RANGE), felix.pos()))
    )

    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
    bottom = viewport.height() - 3
    for y in range(start.y(), bottom, 20):
        qtbot.mouseMove(viewport, QPoint(start.x(), y))
    qtbot.mouseMove(viewport, QPoint(start.x(), bottom))
    qtbot.waitUntil(lambda: bar.value() == bar.maximum(), timeout=5000)
    end = on_screen(
        board, board.scene.drop_point(int(RangeBand.OUT_OF_RANGE), QPointF(felix.pos()))
    )
    assert viewport.rect().contains(end)  # the last lane scrolled into view
    qtbot.mouseMove(viewport, end)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=end)

    gramfive = combatant_id(document, "Gramfive")
    assert range_between(document.encounter, gramfive, felix.combatant_id) == RangeBand.OUT_OF_RANGE


def test_every_token_on_a_board_has_its_own_mark(qtbot: Any) -> None:
    """Old-School Essentials' sample party has Silverleaf and Sister Rebecca: both "Si"."""
    from m3desk.assets import sample_files
    from m3desk.storage.sheet_files import load_sheet
    from m3desk.ui.encounter.new_document import new_encounter_document

    sheets = [load_sheet(path).model for path in sample_files("ose")]
    document = new_encounter_document(sheets, name="OSE")
    board = RangeBoard(document, lanes=True)
    qtbot.addWidget(board)
    names = {t.facts.name: t.mark for t in board.scene.tokens()}
    assert names["Silverleaf"] != names["Sister Rebecca"]
    assert len({t.mark for t in board.scene.tokens()}) == len(set(names))


def test_a_board_zoomed_too_far_out_to_read_draws_markers_without_smeared_names(
    qtbot: Any, board: RangeBoardWidget
) -> None:
    """200 combatants fitted in a window put names at 3-4 pixels: those are drawn as
    markers only (hover, zoom or lanes give the names), which also halves the frame."""
    from PySide6.QtGui import QImage, QPainter

    token = token_named(board, "Felix")
    token.set_focused(False, False)  # no focus ring around the whole token
    box = token.boundingRect()

    def ink_under_marker(scale: float) -> int:
        image = QImage(
            int(box.width() * scale) + 2, int(box.height() * scale) + 2, QImage.Format.Format_ARGB32
        )
        image.fill(0)
        painter = QPainter(image)
        painter.scale(scale, scale)
        painter.translate(-box.left(), -box.top())
        token.paint(painter, None, None)  # type: ignore[arg-type]
        painter.end()
        below = int((-box.top() + token._metrics.token.marker_radius + 4) * scale) + 2
        return sum(
            1
            for y in range(below, image.height())
            for x in range(image.width())
            if image.pixelColor(x, y).alpha() > 0
        )

    assert ink_under_marker(1.0) > 0  # the name and caption under the marker
    assert ink_under_marker(0.3) == 0  # too small to read: not drawn


def test_an_empty_board_says_what_to_do_in_full(qtbot: Any) -> None:
    from m3desk.systems.monsters_and_magic.encounter import Encounter

    board = RangeBoard(EncounterDocument(Encounter(name="Empty")), lanes=True)
    qtbot.addWidget(board)
    board.resize(*TAB_PANE)
    board.show()
    qtbot.waitExposed(board)
    hint = next(
        item
        for item in board.scene.items()
        if hasattr(item, "text") and "Add combatants" in item.text()
    )
    assert hint.isVisible()
    box = board.view.mapFromScene(hint.sceneBoundingRect()).boundingRect()
    assert board.view.viewport().rect().contains(box)  # wrapped, not cut at the edge
    assert " ".join(hint.text().split()) == "Add combatants to the encounter to see their ranges"
