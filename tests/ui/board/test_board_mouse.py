"""The board with a mouse: drag a token to another ring, click to recentre, zoom, fit."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication

from m3desk.systems.monsters_and_magic.encounter import range_between
from m3desk.systems.monsters_and_magic.ranges import RangeBand
from m3desk.ui.board import RangeBoardWidget
from m3desk.ui.documents.encounter_document import EncounterDocument
from tests.ui.board.conftest import combatant_id
from tests.ui.board.helpers import drag_token, on_screen, token_named


def _range(document: EncounterDocument, a: str, b: str) -> RangeBand:
    return range_between(document.encounter, combatant_id(document, a), combatant_id(document, b))


def test_dragging_a_token_to_close_is_one_command_and_one_log_line(
    qtbot: Any, board: RangeBoardWidget, document: EncounterDocument
) -> None:
    assert _range(document, "Gramfive", "Felix") == RangeBand.SHORT
    log_before = len(document.encounter.log)

    drag_token(qtbot, board, "Felix", RangeBand.CLOSE)

    assert _range(document, "Gramfive", "Felix") == RangeBand.CLOSE
    assert document.undo_stack.count() == 1
    assert document.undo_stack.text(0) == "Move Felix Pook to Close"
    assert len(document.encounter.log) == log_before + 1
    assert "Felix Pook: Close" in document.encounter.log[-1].text
    felix = token_named(board, "Felix")
    assert felix.facts.band == RangeBand.CLOSE
    assert board.scene.band_at(felix.pos()) == RangeBand.CLOSE
    assert board.scene.interaction is None


def test_undo_puts_the_token_back(
    qtbot: Any, board: RangeBoardWidget, document: EncounterDocument
) -> None:
    felix = token_named(board, "Felix")
    home = QPointF(felix.pos())
    drag_token(qtbot, board, "Felix", RangeBand.HAND)
    assert _range(document, "Gramfive", "Felix") == RangeBand.HAND

    document.undo_stack.undo()

    assert _range(document, "Gramfive", "Felix") == RangeBand.SHORT
    assert felix.facts.band == RangeBand.SHORT
    assert felix.pos() == home


def test_nothing_is_committed_while_dragging(
    qtbot: Any, board: RangeBoardWidget, document: EncounterDocument
) -> None:
    drag_token(qtbot, board, "Xiola", RangeBand.REACH, release=False)

    assert document.undo_stack.count() == 0
    assert board.scene.rings.drop_target == RangeBand.REACH
    xiola = token_named(board, "Xiola")
    assert xiola.facts.band == RangeBand.SHORT  # its facts are untouched until release

    qtbot.keyClick(board.view, Qt.Key.Key_Escape)

    assert board.scene.interaction is None
    assert board.scene.rings.drop_target is None
    assert document.undo_stack.count() == 0
    qtbot.mouseRelease(board.view.viewport(), Qt.MouseButton.LeftButton)
    assert document.undo_stack.count() == 0


def test_dropping_in_the_same_band_changes_nothing(
    qtbot: Any, board: RangeBoardWidget, document: EncounterDocument
) -> None:
    guido = token_named(board, "Guido")
    home = QPointF(guido.pos())

    drag_token(qtbot, board, "Guido", RangeBand.SHORT, turn=0.5)  # along its own ring

    assert document.undo_stack.count() == 0
    assert document.selected == combatant_id(document, "Gramfive")  # a drag, not a click
    assert guido.pos() == home


def test_clicking_a_token_makes_it_the_centre(
    qtbot: Any, board: RangeBoardWidget, document: EncounterDocument
) -> None:
    mummy = token_named(board, "First")
    qtbot.mouseClick(
        board.view.viewport(), Qt.MouseButton.LeftButton, pos=on_screen(board, mummy.pos())
    )

    assert document.selected == combatant_id(document, "First")
    assert board.header.text() == "Ranges from First One Mummy"
    assert mummy.facts.is_centre
    assert mummy.pos() == QPointF(*board.scene.ring_layout.centre_anchor)
    gramfive = token_named(board, "Gramfive")
    assert not gramfive.facts.is_centre and gramfive.facts.centre_name == "First One Mummy"
    assert document.undo_stack.count() == 0  # selecting is not an edit


def test_the_board_follows_the_document_selection(
    board: RangeBoardWidget, document: EncounterDocument
) -> None:
    document.select(combatant_id(document, "Xiola"))

    assert board.scene.centre_id == combatant_id(document, "Xiola")
    assert board.header.text() == "Ranges from Xiola Zenwaith"
    assert token_named(board, "First").caption == "Magic Missile"


def _wheel(board: RangeBoardWidget, steps: int, modifiers: Qt.KeyboardModifier) -> None:
    viewport = board.view.viewport()
    centre = QPointF(viewport.rect().center())
    event = QWheelEvent(
        centre,
        QPointF(viewport.mapToGlobal(centre.toPoint())),
        QPoint(0, 0),
        QPoint(0, 120 * steps),
        Qt.MouseButton.NoButton,
        modifiers,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(viewport, event)


def test_ctrl_wheel_zooms_and_ctrl_0_fits_again(qtbot: Any, board: RangeBoardWidget) -> None:
    fitted = board.view.zoom()
    _wheel(board, 2, Qt.KeyboardModifier.ControlModifier)
    assert board.view.zoom() > fitted * 1.3
    assert not board.view.auto_fit

    qtbot.keyClick(board.view, Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier)

    assert board.view.auto_fit
    assert abs(board.view.zoom() - fitted) < 1e-6


def test_the_view_fits_the_rings_when_resized(qtbot: Any, board: RangeBoardWidget) -> None:
    for size in ((420, 380), (1200, 900)):
        board.resize(*size)
        qtbot.waitUntil(lambda: board.view.viewport().width() > 0)
        QApplication.processEvents()
        shown = board.view.mapToScene(board.view.viewport().rect()).boundingRect()
        assert shown.adjusted(-1, -1, 1, 1).contains(board.scene.sceneRect())


def test_mouse_moves_within_a_band_do_not_redraw_the_rings(
    qtbot: Any, board: RangeBoardWidget, monkeypatch: Any
) -> None:
    """The rings are a cached background: a drag repaints the token, not the board."""
    token = token_named(board, "Guido")
    viewport = board.view.viewport()
    start = on_screen(board, token.pos())
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(viewport, start + QPoint(0, 14))  # starts the drag, lights its band
    QApplication.processEvents()
    rings = board.scene.rings
    painted: list[int] = []
    original = rings.paint

    def counting(*args: Any) -> None:
        painted.append(1)
        original(*args)

    monkeypatch.setattr(rings, "paint", counting)

    for dy in (15, 16, 17, 18, 19):
        qtbot.mouseMove(viewport, start + QPoint(0, dy))
        QApplication.processEvents()

    assert painted == []
    assert token.pos().y() > board.scene.ring_layout.positions[token.combatant_id][1] + 8
    qtbot.keyClick(board.view, Qt.Key.Key_Escape)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=start)


def test_recentring_keeps_the_zoom_when_the_rings_still_fit(
    board: RangeBoardWidget, document: EncounterDocument
) -> None:
    zoom = board.view.zoom()
    document.select(combatant_id(document, "Felix"))  # same band sizes: nothing to refit
    assert board.view.zoom() == zoom
    shown = board.view.mapToScene(board.view.viewport().rect()).boundingRect()
    assert shown.adjusted(-1, -1, 1, 1).contains(board.scene.sceneRect())
