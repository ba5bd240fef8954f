"""The monster sheet editor: stat-block AC, attacks and monster actions, initiative traits."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from m3desk.ui.documents.sheet_document import SheetDocument
from m3desk.ui.sheet.derived_values_model import VALUE
from m3desk.ui.sheet.form_editor import FormSheetEditor
from tests.ui.sheet.helpers import type_into_cell

DAMAGE, MAX_DAMAGE = 3, 6


@pytest.fixture
def editor(qtbot, monster_document: SheetDocument) -> FormSheetEditor:
    widget = FormSheetEditor(monster_document)
    qtbot.addWidget(widget)
    widget.resize(1100, 900)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def test_ac_reads_like_the_stat_block(qtbot, editor, monster_document) -> None:
    label = editor.headlines[0]
    assert label.plain_text() == "AC 17 (+7)"
    editor.fields["armour_class"].widget.setValue(18)
    editor.fields["rolled_defence"].widget.setValue(8)
    assert label.plain_text() == "AC 18 (+8)"
    assert monster_document.undo_stack.count() == 2
    monster_document.undo_stack.undo()
    assert label.plain_text() == "AC 18 (+7)"


def test_editing_an_attacks_damage_die_updates_its_max_damage(
    qtbot, editor, monster_document
) -> None:
    before = monster_document.sheet
    attacks = editor.tables["attacks"]
    max_damage = attacks.model.index(0, MAX_DAMAGE)
    assert max_damage.data() == "14"  # 1d8 maximum 8 + level 6

    type_into_cell(qtbot, attacks.view, attacks.model.index(0, DAMAGE), "1d10+2")

    assert str(monster_document.sheet.attacks[0].damage) == "1d10+2"
    assert max_damage.data() == "18"
    assert max_damage.data(Qt.ItemDataRole.ToolTipRole) == (
        "Claw maximum damage 18 = 1d10+2 maximum 12 + level 6"
    )
    monster_document.undo_stack.undo()
    assert monster_document.sheet == before
    assert max_damage.data() == "14"


def test_a_monster_action_without_damage_gets_one(qtbot, editor, monster_document) -> None:
    attacks = editor.tables["attacks"]
    assert attacks.model.index(1, MAX_DAMAGE).data() is None
    type_into_cell(qtbot, attacks.view, attacks.model.index(1, DAMAGE), "d6")
    assert attacks.model.index(1, MAX_DAMAGE).data() == "12"


def test_bad_damage_die_on_an_attack_is_refused(qtbot, editor, monster_document) -> None:
    attacks = editor.tables["attacks"]
    type_into_cell(qtbot, attacks.view, attacks.model.index(0, DAMAGE), "21d6")
    assert editor.message_bar.text() == "between 1 and 20 dice, please (got 21)"
    assert monster_document.undo_stack.count() == 0


def test_the_initiative_trait_flag_changes_initiative(qtbot, editor, monster_document) -> None:
    model = editor.derived_tables[0].derived_model
    initiative = model.index(model.row_of("initiative"), VALUE)
    assert initiative.data() == "+6"  # DEX −1 + level 6 + initiative trait +1
    view = editor.tables["traits"].view
    view.setCurrentIndex(editor.tables["traits"].model.index(0, 3))  # Undead: initiative
    qtbot.keyClick(view, Qt.Key.Key_Space)
    assert not monster_document.sheet.traits[0].initiative
    assert initiative.data() == "+5"
    assert "level 6" in initiative.data(Qt.ItemDataRole.ToolTipRole)


def test_add_an_attack_with_the_plus_button(qtbot, editor, monster_document) -> None:
    qtbot.mouseClick(editor.tables["attacks"].add_button, Qt.MouseButton.LeftButton)
    assert [a.name for a in monster_document.sheet.attacks][-1] == "New attack"


def test_description_and_size(qtbot, editor, monster_document) -> None:
    qtbot.keyClicks(editor.fields["description"].widget, "Wrapped in rotting linen.")
    assert monster_document.sheet.description == "Wrapped in rotting linen."
    editor.fields["size"].widget.setCurrentIndex(2)
    assert monster_document.sheet.size == "L"
    assert monster_document.undo_stack.count() == 2
