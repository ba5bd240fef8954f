"""The board without a mouse: Tab between tokens, Enter to recentre, +/− to move a band."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit, QPushButton, QVBoxLayout, QWidget

from m3desk.systems.monsters_and_magic.encounter import range_between
from m3desk.systems.monsters_and_magic.ranges import RangeBand
from m3desk.ui.board import RangeBoard, RangeBoardWidget
from m3desk.ui.documents.encounter_document import EncounterDocument
from tests.ui.board.conftest import combatant_id


@pytest.fixture
def window(qtbot: Any, document: EncounterDocument) -> tuple[QWidget, RangeBoardWidget]:
    """A line edit, the board, a button: so Tab can enter and leave the board."""
    window = QWidget()
    qtbot.addWidget(window)
    layout = QVBoxLayout(window)
    before = QLineEdit(window)
    before.setObjectName("before")
    board = RangeBoard(document, window)
    after = QPushButton("After", window)
    after.setObjectName("after")
    for widget in (before, board, after):
        layout.addWidget(widget)
    window.resize(900, 760)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    before.setFocus()
    qtbot.waitUntil(before.hasFocus)
    return window, board


def _focused_band(board: RangeBoardWidget) -> RangeBand | None:
    facts = board.scene.focused_facts()
    assert facts is not None
    return facts.band


def test_tab_walks_the_tokens_in_reading_order_then_leaves(
    qtbot: Any, window: tuple[QWidget, RangeBoardWidget]
) -> None:
    top, board = window
    # The header's Rings / Lanes pair is one stop (like radio buttons), then the board.
    qtbot.keyClick(top.focusWidget(), Qt.Key.Key_Tab)
    assert board.rings_button.hasFocus()
    qtbot.keyClick(board.rings_button, Qt.Key.Key_Tab)
    assert board.view.hasFocus()
    order = board.scene.focus_order()
    assert len(order) == 5 and board.scene.focused_id == order[0]
    focused = board.scene.token(order[0])
    assert focused is not None and focused.has_visible_focus

    for expected in order[1:]:
        qtbot.keyClick(board.view, Qt.Key.Key_Tab)
        assert board.scene.focused_id == expected
    qtbot.keyClick(board.view, Qt.Key.Key_Backtab)
    assert board.scene.focused_id == order[-2]
    qtbot.keyClick(board.view, Qt.Key.Key_Tab)
    qtbot.keyClick(board.view, Qt.Key.Key_Tab)  # past the last token: on to the button

    assert top.focusWidget().objectName() == "after"
    last = board.scene.token(order[-1])
    assert last is not None and not last.has_visible_focus  # no ring without focus


def test_arrow_keys_wrap_around(qtbot: Any, window: tuple[QWidget, RangeBoardWidget]) -> None:
    _top, board = window
    board.view.setFocus()
    order = board.scene.focus_order()
    board.scene.set_focused(order[0])
    qtbot.keyClick(board.view, Qt.Key.Key_Left)
    assert board.scene.focused_id == order[-1]
    qtbot.keyClick(board.view, Qt.Key.Key_Right)
    assert board.scene.focused_id == order[0]


def test_plus_and_minus_move_the_focused_token_one_band_each(
    qtbot: Any, window: tuple[QWidget, RangeBoardWidget], document: EncounterDocument
) -> None:
    _top, board = window
    board.view.setFocus()
    felix = combatant_id(document, "Felix")
    gramfive = combatant_id(document, "Gramfive")
    board.scene.set_focused(felix)

    qtbot.keyClick(board.view, Qt.Key.Key_Plus)
    assert range_between(document.encounter, gramfive, felix) == RangeBand.REACH
    qtbot.keyClick(board.view, Qt.Key.Key_PageUp)
    assert range_between(document.encounter, gramfive, felix) == RangeBand.CLOSE
    qtbot.keyClick(board.view, Qt.Key.Key_Minus)
    assert range_between(document.encounter, gramfive, felix) == RangeBand.REACH
    assert document.undo_stack.count() == 1  # a run of nudges of one pair: one step
    assert document.undo_stack.text(0) == "Move Felix Pook to Reach"
    assert board.scene.focused_id == felix  # focus stays on the token that moved
    assert _focused_band(board) == RangeBand.REACH


def test_no_command_past_hand(
    qtbot: Any, window: tuple[QWidget, RangeBoardWidget], document: EncounterDocument
) -> None:
    _top, board = window
    board.view.setFocus()
    board.scene.set_focused(combatant_id(document, "Felix"))
    for _ in range(5):
        qtbot.keyClick(board.view, Qt.Key.Key_Plus)
    assert _focused_band(board) == RangeBand.HAND
    assert document.undo_stack.count() == 1  # Short → Reach → Close → Hand, then nothing
    assert document.undo_stack.text(0) == "Move Felix Pook to Hand"


def test_enter_makes_the_focused_token_the_centre(
    qtbot: Any, window: tuple[QWidget, RangeBoardWidget], document: EncounterDocument
) -> None:
    _top, board = window
    board.view.setFocus()
    xiola = combatant_id(document, "Xiola")
    board.scene.set_focused(xiola)

    qtbot.keyClick(board.view, Qt.Key.Key_Return)

    assert document.selected == xiola
    assert board.scene.centre_id == xiola
    # Focus moves to the old centre, so Enter again walks back.
    assert board.scene.focused_id == combatant_id(document, "Gramfive")
    qtbot.keyClick(board.view, Qt.Key.Key_Enter)
    assert document.selected == combatant_id(document, "Gramfive")


def test_arrow_keys_on_the_header_switch_rings_and_lanes(
    qtbot: Any, window: tuple[QWidget, RangeBoardWidget]
) -> None:
    top, board = window
    qtbot.keyClick(top.focusWidget(), Qt.Key.Key_Tab)
    assert board.rings_button.hasFocus() and not board.lanes

    qtbot.keyClick(board.rings_button, Qt.Key.Key_Right)

    assert board.lanes_button.isChecked() and board.lanes
    assert board.legend.texts()  # still a legend
    qtbot.keyClick(board.lanes_button, Qt.Key.Key_Left)
    assert board.rings_button.isChecked() and not board.lanes
