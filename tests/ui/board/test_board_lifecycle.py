"""The board redraws only for what it shows, follows the palette, and lets go when closed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import shiboken6
from PySide6.QtCore import SIGNAL, QEvent
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication

from m3desk.systems.monsters_and_magic.encounter import (
    Encounter,
    add_combatant,
    add_log,
    remove_combatant,
)
from m3desk.ui.board import RangeBoard, RangeBoardWidget
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.theme import dark_palette
from tests.ui.board.conftest import MUMMY, combatant_id, sample_sheet

_SIGNALS = ("encounter_changed(PyObject)", "selection_changed(QString)")


def _receivers(document: EncounterDocument) -> list[int]:
    return [document.receivers(SIGNAL(signature)) for signature in _SIGNALS]


def test_closing_the_board_disconnects_it(qtbot: Any, document: EncounterDocument) -> None:
    baseline = _receivers(document)
    board = RangeBoard(document)
    qtbot.addWidget(board)
    assert _receivers(document) == [n + 1 for n in baseline]

    board.close()

    assert _receivers(document) == baseline
    redraws = board.controller.redraws
    document.select(combatant_id(document, "Felix"))
    assert board.controller.redraws == redraws


def test_destroying_the_board_disconnects_it(document: EncounterDocument) -> None:
    baseline = _receivers(document)
    board = RangeBoard(document)
    controller = board.controller
    board.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)

    assert not shiboken6.isValid(board)
    assert not controller.attached  # our own detach ran, not only Qt's clean-up
    assert _receivers(document) == baseline
    document.select(combatant_id(document, "Felix"))  # no slot on a dead board runs


def test_log_and_turn_changes_do_not_redraw(
    board: RangeBoardWidget, document: EncounterDocument
) -> None:
    redraws = board.controller.redraws
    document.apply(add_log(document.encounter, "The mummy groans"), "Note")
    assert board.controller.redraws == redraws


def test_a_selection_change_reuses_every_token(
    board: RangeBoardWidget, document: EncounterDocument
) -> None:
    before = {
        id(item) for item in (*board.scene.tokens(), board.scene.token(board.scene.centre_id))
    }
    document.select(combatant_id(document, "Guido"))
    after = {id(item) for item in (*board.scene.tokens(), board.scene.token(board.scene.centre_id))}
    assert before == after


def test_roster_changes_add_and_remove_tokens(
    board: RangeBoardWidget, document: EncounterDocument
) -> None:
    document.apply(add_combatant(document.encounter, sample_sheet(MUMMY), "Monsters"), "Add mummy")
    assert len(board.scene.tokens()) == 6
    gone = combatant_id(document, "Guido")
    document.apply(remove_combatant(document.encounter, gone), "Remove Guido")
    assert board.scene.token(gone) is None
    assert len(board.scene.tokens()) == 5


def test_empty_encounter(
    make_board: Callable[[EncounterDocument], RangeBoardWidget], qapp: Any
) -> None:
    board = make_board(EncounterDocument(Encounter()))
    assert board.header.text() == "Ranges (no combatants)"
    assert board.scene.tokens() == []
    document = board.controller.document
    document.apply(add_combatant(document.encounter, sample_sheet("felix"), "Party"), "Add")
    document.select(document.encounter.combatants[0].id)
    assert board.header.text() == "Ranges from Felix Pook"


def test_the_board_follows_a_dark_palette(board: RangeBoardWidget) -> None:
    dark = dark_palette()
    board.setPalette(dark)
    text = dark.color(QPalette.ColorRole.Text)
    assert board.scene.colours.text == text
    assert board.scene.colours.dark
    felix = board.scene.tokens()[0]
    assert felix.outline_pen().color() == text  # never black outlines or names on dark
    assert board.scene.backgroundBrush().color().lightnessF() < 0.3


def test_the_legend_names_sides_by_shape(board: RangeBoardWidget) -> None:
    texts = board.legend.texts()
    assert "Party (circle)" in texts and "Monsters (diamond)" in texts
    assert any(text.startswith("dashed") for text in texts)
    assert any("maximum range (Short)" in text for text in texts)


def test_nothing_in_the_legend_is_clipped_in_a_420_px_pane(qtbot, board: RangeBoardWidget) -> None:
    """The legend flows onto a second row, and the keys live in a tooltip, not small print."""
    from PySide6.QtWidgets import QApplication, QLabel

    board.resize(420, 520)
    for _ in range(3):
        QApplication.processEvents()
    legend = board.legend
    labels = [label for label in legend.findChildren(QLabel) if label.isVisibleTo(board)]
    assert len(labels) == len(legend.texts()) + 1  # the entries and the mouse hint
    for label in labels:
        right = label.mapTo(board, label.rect().topRight()).x()
        assert right <= board.width(), f"{label.text()!r} runs off the pane"
        if label.wordWrap():
            assert label.height() >= label.heightForWidth(label.width()), label.text()
        else:
            assert label.width() >= label.sizeHint().width(), label.text()
    tops = {label.mapTo(board, label.rect().topLeft()).y() for label in labels}
    assert len(tops) >= 3, "the entries take two rows, the hint a third"
    hint = next(label for label in labels if label.wordWrap())
    assert "Ctrl+wheel" in hint.toolTip()
    assert hint.fontMetrics().lineSpacing() * 2 > hint.height(), "one short line"
