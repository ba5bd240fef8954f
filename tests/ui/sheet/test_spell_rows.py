"""A spell on the sheet, as a user types it: an OSE spell of the SRD fills its level and
range from its name (picked from the list or typed whole); every game that keeps spell
ranges reads a typed range ("30 yd", "touch") and refuses words it cannot read."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLineEdit

from m3desk.ui.sheet.form_editor import FormSheetEditor
from tests.ui.map.test_spell_ring import SPELL_GAMES
from tests.ui.sheet.test_form_sheets_every_game import SAMPLES, editor_of


def _caster(game: str, qtbot: Any) -> FormSheetEditor:
    name = next(
        n
        for g, n in SAMPLES
        if g == game and n.endswith(".m3c") and n in ("silverleaf.m3c", "delsenora.m3c")
    )
    return editor_of(game, name, qtbot)


def _cells(editor: FormSheetEditor, row: int) -> dict[str, Any]:
    panel = editor.tables["spells"]
    return {
        spec.label: panel.model.index(row, number)
        for number, spec in enumerate(panel.model.table.columns)
    }


def _type_into(qtbot: Any, editor: FormSheetEditor, row: int, label: str, text: str) -> QLineEdit:
    panel = editor.tables["spells"]
    index = _cells(editor, row)[label]
    panel.view.setCurrentIndex(index)
    panel.view.edit(index)
    line = panel.view.focusWidget()
    assert isinstance(line, QLineEdit)
    line.selectAll()
    qtbot.keyClick(line, Qt.Key.Key_Delete)
    qtbot.keyClicks(line, text)
    qtbot.keyClick(line, Qt.Key.Key_Return)
    QApplication.processEvents()
    return line


@pytest.mark.qt_log_ignore("does not support grabbing the keyboard")  # the list, offscreen
def test_picking_an_srd_spell_fills_its_level_and_range(qtbot: Any) -> None:
    editor = _caster("ose", qtbot)
    panel = editor.tables["spells"]
    document = editor.form_document
    qtbot.mouseClick(panel.add_button, Qt.MouseButton.LeftButton)
    row = panel.model.rowCount() - 1
    line = panel.view.focusWidget()
    assert isinstance(line, QLineEdit) and line.objectName() == "preset_editor"
    steps = document.undo_stack.count()
    line.selectAll()
    qtbot.keyClicks(line, "hold pers")
    popup = line.completer().popup()
    qtbot.waitUntil(popup.isVisible)
    offered = [popup.model().index(r, 0).data() for r in range(popup.model().rowCount())]
    assert offered == [
        "Hold Person (cleric) — cleric 2, 180'",
        "Hold Person (magic-user) — magic-user 3, 120'",
    ]
    popup.setCurrentIndex(popup.model().index(1, 0))
    qtbot.keyClick(popup, Qt.Key.Key_Return)
    qtbot.keyClick(line, Qt.Key.Key_Return)
    cells = _cells(editor, row)
    assert (cells["Spell"].data(), cells["Level"].data(), cells["Range (ft)"].data()) == (
        "Hold Person",
        "3",
        "120",
    )
    assert document.undo_stack.count() == steps + 1, "the row is filled in one undo step"
    # A name typed whole fills too; a touch spell reads "touch/self".
    _type_into(qtbot, editor, row, "Spell", "cure light wounds")
    assert (cells["Spell"].data(), cells["Level"].data(), cells["Range (ft)"].data()) == (
        "Cure Light Wounds",
        "1",
        "touch/self",
    )
    # A range that grows with the caster's level is left for the GM to type.
    _type_into(qtbot, editor, row, "Spell", "Locate Object (magic-user)")
    assert (cells["Level"].data(), cells["Range (ft)"].data()) == ("2", "touch/self")
    _type_into(qtbot, editor, row, "Range (ft)", "70")
    assert document.sheet.spells[row].range == 70
    # A name off the list keeps what the row had.
    _type_into(qtbot, editor, row, "Spell", "Zap of Zorn")
    assert (cells["Spell"].data(), cells["Range (ft)"].data()) == ("Zap of Zorn", "70")


@pytest.mark.parametrize("game", SPELL_GAMES)
def test_a_typed_range_is_read_and_bad_words_are_refused(qtbot: Any, game: str) -> None:
    editor = _caster(game, qtbot)
    document = editor.form_document
    cells = _cells(editor, 0)
    _type_into(qtbot, editor, 0, "Range (ft)", "30 yd")
    assert cells["Range (ft)"].data() == "90" and document.sheet.spells[0].range == 90
    _type_into(qtbot, editor, 0, "Range (ft)", "touch")
    assert cells["Range (ft)"].data() == "touch/self" and document.sheet.spells[0].range == 0
    before = document.sheet
    line = _type_into(qtbot, editor, 0, "Range (ft)", "far away")
    assert document.sheet == before
    assert editor.message_bar.text().startswith("Type a spell's range in feet")
    assert line.text() == "far away", "the typing stays to be put right"
    qtbot.keyClick(line, Qt.Key.Key_Escape)
    _type_into(qtbot, editor, 0, "Range (ft)", "")
    assert cells["Range (ft)"].data() == "" and document.sheet.spells[0].range is None
