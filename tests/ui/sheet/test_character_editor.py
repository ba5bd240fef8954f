"""The character sheet editor, driven through its widgets as a player or GM would."""

from __future__ import annotations

import base64
from pathlib import Path

import pytest
from PySide6.QtCore import QItemSelectionModel, Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QComboBox, QWidget

from m3desk.systems.monsters_and_magic import Derived
from m3desk.ui.documents.sheet_document import SheetDocument
from m3desk.ui.sheet import make_sheet_editor
from m3desk.ui.sheet.ability_table import SCORE
from m3desk.ui.sheet.derived_values_model import VALUE
from m3desk.ui.sheet.form_editor import FormSheetEditor
from m3desk.ui.sheet.live_commit import LIVE_COMMIT_DELAY_MS
from m3desk.ui.sheet.override_prompt import OverridePrompt
from m3desk.ui.sheet.portrait_widget import PortraitWidget
from m3desk.ui.sheet.roles import OverriddenRole
from tests.ui.sheet.helpers import (
    action,
    context_menu,
    on_screen,
    open_cell_editor,
    press_enter,
    type_into_cell,
    with_fields,
)

DEX = 1
MODIFIER, CHECK = 1, 2  # the ability table's columns after the score
DICE_ERROR = "'1d' is not a damage die; write it like 1d8+1, d12 or 2d6-1"
POPUP = pytest.mark.qt_log_ignore("This plugin does not support grabbing the keyboard")
"""Menus pop up for real; the offscreen platform only warns that it cannot grab the keyboard."""


@pytest.fixture
def editor(qtbot, document: SheetDocument) -> FormSheetEditor:
    widget = FormSheetEditor(document)
    qtbot.addWidget(widget)
    widget.resize(1100, 900)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def derived_cell(editor: FormSheetEditor, key: str):
    model = editor.derived_tables[0].derived_model
    return model.index(model.row_of(key), VALUE)


def test_factory_picks_the_editor_for_the_sheet(qtbot, document, monster_document) -> None:
    for doc, kind in ((document, FormSheetEditor), (monster_document, FormSheetEditor)):
        widget = make_sheet_editor(doc)
        qtbot.addWidget(widget)
        assert isinstance(widget, kind)


def test_typing_an_attribute_updates_modifier_ac_and_tooltips(qtbot, editor, document) -> None:
    before = document.sheet
    view, model = editor.abilities.view, editor.abilities.model
    assert editor.headlines[0].plain_text() == "AC 19 (+7)"

    type_into_cell(qtbot, view, model.index(DEX, SCORE), "15")

    assert document.sheet.attributes.DEX == 15
    assert model.index(DEX, MODIFIER).data() == "+2"
    assert model.index(DEX, SCORE).data() == "15"
    assert editor.headlines[0].plain_text() == "AC 21 (+8)"
    explanation = "AC 21 = DEX 15 + scale mail 4 + shield 1 + trait 1"
    assert document.derived()["ac"].explanation() == explanation
    assert explanation in editor.headlines[0].toolTip()
    assert derived_cell(editor, "ac").data(Qt.ItemDataRole.ToolTipRole) == explanation
    assert derived_cell(editor, "initiative").data() == "+3"

    assert document.undo_stack.count() == 1
    document.undo_stack.undo()
    assert document.sheet == before
    assert editor.headlines[0].plain_text() == "AC 19 (+7)"
    assert model.index(DEX, MODIFIER).data() == "+1"
    document.undo_stack.redo()
    assert document.sheet.attributes.DEX == 15
    assert editor.headlines[0].plain_text() == "AC 21 (+8)"


def test_derived_values_follow_while_typing(qtbot, editor, document) -> None:
    view, model = editor.abilities.view, editor.abilities.model
    type_into_cell(qtbot, view, model.index(DEX, SCORE), "17", enter=False)
    qtbot.waitUntil(
        lambda: editor.headlines[0].plain_text() == "AC 23 (+9)", timeout=LIVE_COMMIT_DELAY_MS * 10
    )
    assert view.state() == view.State.EditingState
    assert document.undo_stack.count() == 1


def test_out_of_range_attribute_is_refused_at_the_editor(qtbot, editor, document) -> None:
    view, model = editor.abilities.view, editor.abilities.model
    type_into_cell(qtbot, view, model.index(DEX, SCORE), "35")
    assert editor.message_bar.text() == "DEX must be between 1 and 30 (not 35)"
    assert document.undo_stack.count() == 0
    assert document.sheet.attributes.DEX == 13
    qtbot.wait(LIVE_COMMIT_DELAY_MS * 2)  # no late commit either
    assert document.undo_stack.count() == 0


def test_bad_damage_die_is_refused_with_the_dice_error(qtbot, editor, document) -> None:
    items = editor.tables["items"]
    damage = items.model.index(2, 2)
    cell_editor = type_into_cell(qtbot, items.view, damage, "1d")
    assert (
        editor.message_bar.text() == "'1d' is not a damage die; write it like 1d8+1, d12 or 2d6-1"
    )
    assert document.undo_stack.count() == 0
    assert items.view.indexWidget(damage) is cell_editor, "the editor stays open to fix it"

    qtbot.keyClicks(cell_editor, "12")
    press_enter(qtbot, cell_editor)
    assert str(document.sheet.items[2].damage) == "1d12"
    assert items.model.index(2, 8).data() == "13"
    assert document.undo_stack.count() == 1
    assert editor.message_bar.text() == ""


@POPUP
def test_override_marks_the_value_and_clear_restores_it(
    qtbot, editor, document, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[Derived] = []

    def ask(parent: QWidget, derived: Derived) -> int:
        assert parent is not None
        asked.append(derived)
        return 22

    monkeypatch.setattr(OverridePrompt, "ask", classmethod(lambda cls, p, d: ask(p, d)))
    view = editor.derived_tables[0]
    ac = derived_cell(editor, "ac")
    menu = context_menu(view.viewport(), view.override_menu, view.visualRect(ac).center())
    assert not action(menu, "Clear override").isEnabled()
    action(menu, "Override…").trigger()

    assert asked[0].computed == 19
    assert document.sheet.overrides == {"ac": 22}
    assert ac.data() == "22"
    assert ac.data(OverriddenRole)
    assert ac.data(Qt.ItemDataRole.FontRole).bold()
    assert ac.data(Qt.ItemDataRole.ToolTipRole) == (
        "AC 22 (set by the GM; computed: AC 19 = DEX 13 + scale mail 4 + shield 1 + trait 1)"
    )
    label = editor.headlines[0]
    assert label.plain_text() == "AC 22 (+7)"
    assert label.overridden and "GM" in label.text() and "<b>" in label.text()

    menu = context_menu(view.viewport(), view.override_menu, view.visualRect(ac).center())
    action(menu, "Clear override").trigger()
    assert document.sheet.overrides == {}
    assert ac.data() == "19"
    assert not ac.data(OverriddenRole)
    assert label.plain_text() == "AC 19 (+7)" and "GM" not in label.text()
    assert document.undo_stack.count() == 2
    document.undo_stack.undo()
    assert ac.data() == "22"


@POPUP
def test_cancelled_override_pushes_nothing(qtbot, editor, document, monkeypatch) -> None:
    monkeypatch.setattr(OverridePrompt, "ask", classmethod(lambda cls, parent, derived: None))
    view = editor.abilities.view
    check = editor.abilities.model.index(0, CHECK)
    menu = context_menu(
        view.viewport(), editor.abilities.override_menu, view.visualRect(check).center()
    )
    action(menu, "Override…").trigger()
    assert document.undo_stack.count() == 0


@POPUP
def test_the_ac_readout_has_its_own_override_menu(qtbot, editor, document, monkeypatch) -> None:
    monkeypatch.setattr(OverridePrompt, "ask", classmethod(lambda cls, parent, derived: 9))
    label = editor.headlines[0]
    menu = context_menu(label, label.override_menu, label.rect().center())
    action(menu, "Override Rolled defence…").trigger()
    assert label.plain_text() == "AC 19 (+9)"


@POPUP
def test_max_damage_override_marks_the_item_cell(qtbot, editor, document, monkeypatch) -> None:
    monkeypatch.setattr(OverridePrompt, "ask", classmethod(lambda cls, parent, derived: 12))
    view = editor.tables["items"].view
    cell = editor.tables["items"].model.index(2, 8)
    menu = context_menu(
        view.viewport(), editor.tables["items"].override_menu, view.visualRect(cell).center()
    )
    action(menu, "Override…").trigger()
    assert cell.data() == "12" and cell.data(OverriddenRole)
    # Scale mail deals no damage: nothing to override.
    no_damage = editor.tables["items"].model.index(0, 8)
    assert no_damage.data() is None
    assert editor.tables["items"].override_menu.menu_for([]) is None


def test_selected_traits_show_the_trait_bonus(qtbot, editor, document) -> None:
    view = editor.tables["traits"].view
    label = editor.tables["traits"].note
    assert label.text().startswith("Select the traits")
    view.selectRow(0)
    assert label.text() == "Trait bonus with 1 trait: +1 (level 1, capped at 2)"
    view.selectionModel().select(
        editor.tables["traits"].model.index(1, 0),
        QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows,
    )
    assert label.text() == "Trait bonus with 2 traits: +2 (level 1, capped at 2)"
    editor.fields["level"].widget.setValue(3)
    assert label.text() == "Trait bonus with 2 traits: +4 (level 3, capped at 6)"


def test_encumbrance_caps_movement(qtbot, editor, document) -> None:
    combo: QComboBox = editor.fields["encumbrance"].widget
    combo.setCurrentIndex(combo.findText("heavily encumbered"))
    movement = derived_cell(editor, "movement")
    assert movement.data() == "6"
    assert movement.data(Qt.ItemDataRole.ToolTipRole) == (
        "Movement 6 = race 12 − heavily encumbered cap 6"
    )
    assert derived_cell(editor, "mov").data() == "−2"
    document.undo_stack.undo()
    assert movement.data() == "9"


def test_base_movement_by_race_or_typed(qtbot, editor, document) -> None:
    spin = editor.fields["movement_base"].widget
    assert spin.text() == "by race"
    spin.setValue(6)
    assert document.sheet.movement_base == 6
    assert derived_cell(editor, "movement").data() == "6"
    spin.setValue(0)
    assert document.sheet.movement_base is None


def test_add_item_with_the_plus_button_then_delete_it(qtbot, editor, document) -> None:
    items = editor.tables["items"]
    qtbot.mouseClick(items.add_button, Qt.MouseButton.LeftButton)
    assert items.model.rowCount() == 4
    name_editor = items.view.indexWidget(items.model.index(3, 0))
    assert name_editor is not None, "the new row's name is being edited"
    name_editor.selectAll()
    qtbot.keyClicks(name_editor, "Rope")
    press_enter(qtbot, name_editor)
    assert document.sheet.items[3].name == "Rope"

    items.view.selectRow(3)
    assert items.remove_button.isEnabled()
    qtbot.keyClick(items.view, Qt.Key.Key_Delete)
    assert [item.name for item in document.sheet.items] == ["scale mail", "shield", "Cutter"]
    document.undo_stack.undo()
    assert document.sheet.items[3].name == "Rope"


def test_remove_button_removes_several_rows_in_one_step(qtbot, editor, document) -> None:
    spells = editor.tables["spells"]
    qtbot.mouseClick(spells.add_button, Qt.MouseButton.LeftButton)
    qtbot.keyClick(spells.view.indexWidget(spells.model.index(1, 0)), Qt.Key.Key_Escape)
    spells.view.selectAll()
    count = document.undo_stack.count()
    qtbot.mouseClick(spells.remove_button, Qt.MouseButton.LeftButton)
    assert document.sheet.spells == ()
    assert document.undo_stack.count() == count + 1


def test_typing_the_name_is_one_undo_step_and_updates_the_title(qtbot, editor, document) -> None:
    edit = editor.fields["name"].widget
    edit.setFocus()
    edit.end(False)
    qtbot.keyClicks(edit, " the Bold")
    assert document.sheet.name == "Gramfive the Bold"
    assert editor.windowTitle() == "Gramfive the Bold *"
    assert document.undo_stack.count() == 1
    document.undo_stack.undo()
    assert edit.text() == "Gramfive"


def test_an_empty_name_is_refused_and_put_back(qtbot, editor, document) -> None:
    edit = editor.fields["name"].widget
    edit.selectAll()
    qtbot.keyClick(edit, Qt.Key.Key_Backspace)
    assert editor.message_bar.text() == "Name cannot be empty"
    assert document.sheet.name == "Gramfive"
    assert document.undo_stack.count() == 0
    edit.editingFinished.emit()
    assert edit.text() == "Gramfive"


def test_a_burst_of_typing_in_notes_is_one_undo_step(qtbot, editor, document) -> None:
    notes = editor.fields["notes"].widget
    notes.setFocus()
    qtbot.keyClicks(notes, "Owes Felix 10 gp")
    assert document.sheet.notes == "Owes Felix 10 gp"
    assert document.undo_stack.count() == 1
    document.break_merge()  # what leaving the editor does
    qtbot.keyClicks(notes, ".")
    assert document.undo_stack.count() == 2
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert notes.toPlainText() == ""


def test_portrait_is_chosen_scaled_and_cleared(
    qtbot, editor, document, tmp_path: Path, monkeypatch
) -> None:
    image = QImage(600, 300, QImage.Format.Format_RGB32)
    image.fill(QColor(120, 80, 40))
    path = tmp_path / "gramfive.png"
    assert image.save(str(path))
    monkeypatch.setattr(PortraitWidget, "ask_image_path", classmethod(lambda cls, parent: path))
    portrait = editor.pictures["portrait_png"]
    assert not portrait.clear_button.isEnabled()
    qtbot.mouseClick(portrait.button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not portrait.reading)  # read on the worker
    stored = QImage.fromData(base64.b64decode(document.sheet.portrait_png))
    assert (stored.width(), stored.height()) == (256, 128)
    assert portrait.clear_button.isEnabled()
    qtbot.mouseClick(portrait.clear_button, Qt.MouseButton.LeftButton)
    assert document.sheet.portrait_png == ""
    document.undo_stack.undo()
    assert portrait.has_portrait()


def test_a_file_that_is_no_image_is_reported(qtbot, editor, document, tmp_path, monkeypatch):
    path = tmp_path / "notes.png"
    path.write_text("not an image", encoding="utf-8")
    monkeypatch.setattr(PortraitWidget, "ask_image_path", classmethod(lambda cls, parent: path))
    portrait = editor.pictures["portrait_png"]
    qtbot.mouseClick(portrait.button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not portrait.reading)  # read on the worker
    assert editor.message_bar.text().startswith("notes.png is not a picture m3desk can read")
    assert document.undo_stack.count() == 0


def test_lowering_maximum_hit_points_brings_current_down(qtbot, editor, document) -> None:
    php_current = on_screen(editor, "field:php.current")
    php_maximum = on_screen(editor, "field:php.maximum")
    php_maximum.setValue(12)
    assert (document.sheet.php.current, document.sheet.php.maximum) == (12, 12)
    assert php_current.value() == 12
    php_current.setValue(20)  # typed above the maximum: the maximum follows
    assert (document.sheet.php.current, document.sheet.php.maximum) == (20, 20)
    assert php_maximum.value() == 20


def test_prime_choice_doubles_another_attribute(qtbot, editor, document) -> None:
    combo = editor.fields["prime"].widget
    combo.setCurrentIndex(1)  # DEX
    model = editor.abilities.model
    assert model.index(DEX, CHECK).data() == "+2 prime"
    assert model.headerData(DEX, Qt.Orientation.Vertical) == "DEX ★"
    assert model.index(0, CHECK).data() == "+3"


def test_a_narrow_sheet_cuts_the_prime_short_and_keeps_the_fields_wide(
    qtbot, editor, document
) -> None:
    """Beside the library at 150 % the sheet is about 640 px wide: it does not scroll
    sideways, the Prime box shows its whole choice (the list in full), and the alignment
    focus is as wide as the name, showing the start of a long focus."""
    identity = editor.groups["Character"]
    combo = editor.fields["prime"].widget
    combo.setCurrentIndex(2)
    focus, name = editor.fields["alignment_focus"].widget, editor.fields["name"].widget
    document.replace_sheet(
        with_fields(
            document.sheet, alignment_focus=("Protect the weak and the lost from every First One")
        ),
        "focus",
    )
    assert combo.currentText() == "CON (Constitution)"
    editor.resize(640, 900)
    qtbot.waitUntil(lambda: identity.width() < 400)
    assert editor.scroll_area.horizontalScrollBar().maximum() == 0
    assert combo.width() >= combo.fontMetrics().horizontalAdvance("CON (Constitution)")
    assert combo.geometry().right() <= identity.contentsRect().right()
    assert combo.itemText(2) == "CON (Constitution)"
    assert focus.width() == name.width()
    assert focus.cursorPosition() == 0


def test_tier_is_picked_from_a_combo(qtbot, editor, document) -> None:
    conditions = editor.tables["conditions"]
    combo = open_cell_editor(conditions.view, conditions.model.index(0, 2))
    assert isinstance(combo, QComboBox)
    assert combo.itemText(1) == "major: 10 EP, ±4"
    combo.setCurrentIndex(1)
    combo.activated.emit(1)
    assert document.sheet.conditions[0].tier == "major"
    assert conditions.model.index(0, 3).data() == "−4"


def test_check_boxes_toggle_with_space(qtbot, editor, document) -> None:
    view = editor.tables["items"].view
    view.setCurrentIndex(editor.tables["items"].model.index(1, 9))  # shield, equipped
    qtbot.keyClick(view, Qt.Key.Key_Space)
    assert not document.sheet.items[1].equipped
    assert editor.headlines[0].plain_text() == "AC 18 (+6)"


def test_closing_the_editor_detaches_it_from_the_document(qtbot, editor, document) -> None:
    model = editor.tables["items"].model
    editor.close()
    assert not model.document_link.attached
    document.replace_sheet(with_fields(document.sheet, items=()), "Drop everything")
    assert model.rowCount() == 3


def test_the_line_edits_own_undo_keeps_the_sheet_in_step(qtbot, editor, document) -> None:
    edit = editor.fields["race"].widget
    edit.setFocus()
    edit.selectAll()
    qtbot.keyClicks(edit, "dwarf")
    assert document.sheet.race == "dwarf"
    tooltip = derived_cell(editor, "movement").data(Qt.ItemDataRole.ToolTipRole)
    assert tooltip == "Movement 9 = race 9"
    edit.undo()
    assert document.sheet.race == edit.text()
