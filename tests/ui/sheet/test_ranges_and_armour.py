"""Range bands of weapons, spells and monster attacks, and a monster's armour bonus, edited
on the sheets with the keyboard as a player or GM would (issue 13)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit

from m3desk.systems.monsters_and_magic import RangeBand
from m3desk.systems.monsters_and_magic.reach import attacks_reaching
from m3desk.ui.documents.sheet_document import SheetDocument
from m3desk.ui.sheet.derived_values_model import VALUE
from m3desk.ui.sheet.form_editor import FormSheetEditor
from tests.ui.sheet.helpers import press_enter, type_as_user

CUTTER, MAGIC_MISSILE, CLAW = 2, 0, 0
C, R, S, M, L, H = (
    RangeBand.CLOSE,
    RangeBand.REACH,
    RangeBand.SHORT,
    RangeBand.MEDIUM,
    RangeBand.LONG,
    RangeBand.HAND,
)


class ColumnKind:
    """The kinds of the sheet form's table columns."""

    TEXT, INT, DICE, BANDS, CHOICE = "text", "int", "dice", "bands", "choice"


def range_column(model) -> int:
    [column] = [i for i, c in enumerate(model.table.columns) if c.kind == ColumnKind.BANDS]
    return column


@pytest.fixture
def character(qtbot, document: SheetDocument) -> FormSheetEditor:
    widget = FormSheetEditor(document)
    qtbot.addWidget(widget)
    widget.resize(1366, 728)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


@pytest.fixture
def monster(qtbot, monster_document: SheetDocument) -> FormSheetEditor:
    widget = FormSheetEditor(monster_document)
    qtbot.addWidget(widget)
    widget.resize(1366, 728)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def test_a_weapons_range_bands_are_typed_on_the_sheet(qtbot, character, document) -> None:
    items = character.tables["items"]
    cell = items.model.index(CUTTER, range_column(items.model))
    assert items.model.headerData(cell.column(), Qt.Orientation.Horizontal) == "Range"
    assert cell.data() == "Close"

    type_as_user(qtbot, items.view, cell, "close-reach")

    assert document.sheet.items[CUTTER].ranges == (C, R)
    assert cell.data() == "Close–Reach"
    assert character.message_bar.text() == ""
    document.undo_stack.undo()
    assert document.sheet.items[CUTTER].ranges == (C,)


def test_impossible_range_bands_are_refused_in_the_message_bar(qtbot, character, document) -> None:
    items = character.tables["items"]
    cell = items.model.index(CUTTER, range_column(items.model))
    editor = type_as_user(qtbot, items.view, cell, "Clse")
    assert character.message_bar.text() == (
        "'Clse' is not a range band; the bands are Hand, Close, Reach, Short, Medium, Long"
    )
    assert items.view.indexWidget(cell) is editor, "the editor stays open to fix it"
    assert isinstance(editor, QLineEdit)

    for text, why in (
        ("Out of Range", "No attack is made from Out of Range; the farthest band is Long"),
        ("Short-Close", "'Short-Close' runs backwards; write the nearer band first (Close–Short)"),
        ("", "An attack needs at least one range band, like Close or Short–Long"),
        ("Close, Close-Reach", "Close is named twice; name each band once"),
    ):
        editor.selectAll()
        qtbot.keyClicks(editor, text) if text else qtbot.keyClick(editor, Qt.Key.Key_Delete)
        press_enter(qtbot, editor)
        assert character.message_bar.text() == why
        assert document.undo_stack.count() == 0
        assert document.sheet.items[CUTTER].ranges == (C,)

    editor.selectAll()
    qtbot.keyClicks(editor, "hand, short to long")
    press_enter(qtbot, editor)
    assert document.sheet.items[CUTTER].ranges == (H, S, M, L)
    assert cell.data() == "Hand, Short–Long"
    assert document.undo_stack.count() == 1


def test_a_spells_range_bands_are_typed_on_the_sheet(qtbot, character, document) -> None:
    spells = character.tables["spells"]
    cell = spells.model.index(MAGIC_MISSILE, range_column(spells.model))
    assert cell.data() == "Close–Short"  # a spell's usual reach until told otherwise
    type_as_user(qtbot, spells.view, cell, "Reach or Long")
    assert document.sheet.spells[MAGIC_MISSILE].ranges == (R, L)
    assert cell.data() == "Reach, Long"


def test_a_monster_attacks_range_is_typed_and_the_board_follows(
    qtbot, monster, monster_document
) -> None:
    attacks = monster.tables["attacks"]
    cell = attacks.model.index(CLAW, range_column(attacks.model))
    assert cell.data() == "Close"
    assert attacks_reaching(monster_document.sheet, S) == []

    type_as_user(qtbot, attacks.view, cell, "Close to Short")

    assert monster_document.sheet.attacks[CLAW].ranges == (C, R, S)
    assert attacks_reaching(monster_document.sheet, S) == ["Claw"]


def test_a_monsters_armour_bonus_builds_its_ac(qtbot, monster, monster_document) -> None:
    """Seed 001's orc: AC = DEX + armour bonus (+ trait); the mummy here has DEX 8."""
    assert monster.headlines[0].plain_text() == "AC 17 (+7)"
    assert monster.fields["armour_class"].widget.isEnabled()

    monster.fields["armour_bonus"].widget.setFocus()
    monster.fields["armour_bonus"].widget.selectAll()
    qtbot.keyClicks(monster.fields["armour_bonus"].widget, "3")
    qtbot.keyClick(monster.fields["armour_bonus"].widget, Qt.Key.Key_Return)

    assert monster_document.sheet.armour_bonus == 3
    assert monster.headlines[0].plain_text() == "AC 11 (+2)"  # 8 + 3; DEX modifier −1 + 3
    assert not monster.fields["armour_class"].widget.isEnabled()
    assert not monster.fields["rolled_defence"].widget.isEnabled()

    # PageDown: down to "none (as written)".
    qtbot.keyClick(monster.fields["armour_bonus"].widget, Qt.Key.Key_PageDown)
    assert monster.fields["armour_bonus"].widget.text() == "none (AC as written)"
    assert monster_document.sheet.armour_bonus is None
    assert monster.headlines[0].plain_text() == "AC 17 (+7)"
    assert monster.fields["armour_class"].widget.isEnabled()


def test_a_monsters_mental_armour_is_editable(qtbot, monster, monster_document) -> None:
    monster.fields["mental_armour"].widget.setFocus()
    monster.fields["mental_armour"].widget.selectAll()
    qtbot.keyClicks(monster.fields["mental_armour"].widget, "4")
    qtbot.keyClick(monster.fields["mental_armour"].widget, Qt.Key.Key_Return)
    assert monster_document.sheet.mental_armour == 4
    model = monster.derived_tables[0].derived_model
    [row] = [r for r in range(model.rowCount()) if model.index(r, 0).data() == "Mental armour"]
    assert model.index(row, VALUE).data() == "4"


def test_only_weapons_show_range_bands(character) -> None:
    items = character.tables["items"]
    column = range_column(items.model)
    shown = {
        items.model.row_at(row).name: items.model.index(row, column).data()
        for row in range(items.model.rowCount())
    }
    assert shown == {"scale mail": "", "shield": "", "Cutter": "Close"}
