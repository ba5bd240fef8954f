"""Monsters & Magic's sheets rendered by the generic form editor from the game's own
description (``systems/monsters_and_magic/sheet_form.py``): what the M&M-only editor shows,
read off the screen and driven with keys."""

from __future__ import annotations

from PySide6.QtCore import Qt

from m3desk.ui.documents.sheet_document import SheetDocument
from m3desk.ui.sheet.ability_table import SCORE
from m3desk.ui.sheet.form_editor import FormSheetEditor
from tests.ui.sheet.helpers import on_screen, type_into_cell


def _editor(qtbot, document: SheetDocument) -> FormSheetEditor:
    editor = FormSheetEditor(document)
    qtbot.addWidget(editor)
    editor.resize(1100, 900)
    editor.show()
    qtbot.waitExposed(editor)
    return editor


def test_the_character_sheet_marks_the_prime_and_explains_ac(qtbot, document) -> None:
    editor = _editor(qtbot, document)
    view = on_screen(editor, "abilities_view")
    model = view.model()
    assert model.headerData(0, Qt.Orientation.Vertical) == "STR ★"
    assert model.index(0, 2).data() == "+6 prime"
    assert "prime attribute doubles it" in model.index(0, 2).data(Qt.ItemDataRole.ToolTipRole)
    headline = on_screen(editor, "headline:ac,ac.rolled")
    assert headline.plain_text() == "AC 19 (+7)"
    assert "scale mail 4" in headline.toolTip()


def test_a_raised_con_moves_the_pool_on_screen_and_undo_puts_it_back(qtbot, document) -> None:
    editor = _editor(qtbot, document)
    maximum = on_screen(editor, "field:php.maximum")
    before = maximum.text()
    view = on_screen(editor, "abilities_view")
    con = document.sheet.attributes.CON
    type_into_cell(qtbot, view, view.model().index(2, SCORE), str(con + 2))
    assert maximum.text() == str(int(before) + 2)
    document.undo_stack.undo()
    assert maximum.text() == before


def test_a_raised_maximum_raises_the_current(qtbot, document) -> None:
    editor = _editor(qtbot, document)
    current, maximum = (on_screen(editor, f"field:mhp.{part}") for part in ("current", "maximum"))
    maximum.setFocus()
    maximum.selectAll()
    qtbot.keyClicks(maximum, str(document.sheet.mhp.maximum + 3))
    qtbot.keyClick(maximum, Qt.Key.Key_Return)
    assert current.text() == str(document.sheet.mhp.maximum) == maximum.text()


def test_the_monster_sheet_reads_its_stat_block_ac(qtbot, monster_document) -> None:
    editor = _editor(qtbot, monster_document)
    assert on_screen(editor, "headline:ac,ac.rolled").plain_text() == "AC 17 (+7)"
    assert on_screen(editor, "field:rolled_defence").text() == "3d6 + 7"
    model = on_screen(editor, "abilities_view").model()
    assert "★" not in str(model.headerData(0, Qt.Orientation.Vertical))
    attacks = on_screen(editor, "table:attacks").model()
    assert attacks.index(0, 6).data(Qt.ItemDataRole.ToolTipRole).startswith("Claw maximum")
