"""The generic sheet editor: any game that describes its sheets with a form gets a real editor.

The toy game (tests/toy_system) describes an identity, a defence with derived values, a gear
table and notes; the editor is driven as a user would (keys, clicks) and every edit is one
undo step that the derived values follow.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QLineEdit,
    QPlainTextEdit,
    QSpinBox,
)

from m3desk.ui.documents.form_sheet_document import FormSheetDocument, form_of
from m3desk.ui.sheet import make_sheet_editor
from m3desk.ui.sheet.form_editor import FormRowsModel, FormSheetEditor
from m3desk.ui.sheet.override_prompt import OverridePrompt
from tests.toy_system import TOY, ToySheet


@pytest.fixture
def editor(qtbot: Any) -> Iterator[FormSheetEditor]:
    found = form_of(ToySheet(name="Aldo"))
    assert found is not None
    system, form = found
    assert system is TOY
    document = FormSheetDocument(
        ToySheet(name="Aldo", scores={"STR": 12}), system=system, form=form
    )
    shown = make_sheet_editor(document)
    assert isinstance(shown, FormSheetEditor)
    qtbot.addWidget(shown)
    shown.resize(1366, 700)
    shown.show()
    qtbot.waitExposed(shown)
    yield shown


def _committed(qtbot: Any, view: QAbstractItemView) -> None:
    """The delegate commits a cell's editor on Return through a queued call."""
    qtbot.waitUntil(lambda: view.state() != QAbstractItemView.State.EditingState)


def _type_into_cell(
    qtbot: Any, view: QAbstractItemView, text: str, *, refused: bool = False
) -> None:
    """Type into the current cell as a user does: the first key opens its editor. A text
    the cell refuses keeps the editor open on Return (to fix it); Escape then leaves it."""
    qtbot.keyClick(view, text[0])
    editor = view.indexWidget(view.currentIndex())
    assert isinstance(editor, QLineEdit)
    qtbot.keyClicks(editor, text[1:])
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    if refused:
        assert view.indexWidget(view.currentIndex()) is editor, "the editor stays open"
        qtbot.keyClick(editor, Qt.Key.Key_Escape)
    _committed(qtbot, view)


def _field(editor: FormSheetEditor, path: str) -> Any:
    return editor.fields[path].widget


def test_typing_a_score_updates_its_modifier_and_is_one_undo_step(
    qtbot: Any, editor: FormSheetEditor
) -> None:
    document = editor.form_document
    spin = _field(editor, "scores.STR")
    assert isinstance(spin, QSpinBox)
    modifier = editor.fields["scores.STR"].derived_label
    assert modifier is not None and modifier.text() == "modifier +1"
    spin.setFocus()
    spin.selectAll()
    qtbot.keyClicks(spin, "16")
    qtbot.keyClick(spin, Qt.Key.Key_Return)
    assert document.sheet.scores.STR == 16
    assert modifier.text() == "modifier +3"
    assert "STR 16" in modifier.toolTip()
    assert document.undo_stack.count() == 1
    document.undo_stack.undo()
    assert document.sheet.scores.STR == 12 and spin.value() == 12
    assert modifier.text() == "modifier +1"


def test_choices_ticks_and_text_fields_edit_the_sheet(qtbot: Any, editor: FormSheetEditor) -> None:
    document = editor.form_document
    style = _field(editor, "style")
    assert isinstance(style, QComboBox)
    style.setFocus()
    qtbot.keyClick(style, Qt.Key.Key_Down)
    assert document.sheet.style == "fencer"
    shield = _field(editor, "shield")
    assert isinstance(shield, QCheckBox)
    qtbot.mouseClick(shield, Qt.MouseButton.LeftButton, pos=QPoint(6, shield.height() // 2))
    assert document.sheet.shield is True
    assert document.derived()["defence"].value == 13
    spells = _field(editor, "spells")
    assert isinstance(spells, QLineEdit)
    spells.setFocus()
    qtbot.keyClicks(spells, "sleep, light")
    qtbot.keyClick(spells, Qt.Key.Key_Return)
    assert document.sheet.spells == ("sleep", "light")
    notes = _field(editor, "notes")
    assert isinstance(notes, QPlainTextEdit)
    notes.setFocus()
    qtbot.keyClicks(notes, "<b>bold?</b>")
    assert document.sheet.notes == "<b>bold?</b>"
    before = document.undo_stack.count()
    qtbot.keyClicks(notes, " more")
    assert document.undo_stack.count() == before  # typing merges into one step
    name = _field(editor, "name")
    name.setFocus()
    name.selectAll()
    qtbot.keyClick(name, Qt.Key.Key_Delete)
    qtbot.keyClick(name, Qt.Key.Key_Return)
    assert document.sheet.name == "Aldo"  # refused: a sheet needs a name
    assert editor.message_bar.isVisible() and "Name" in editor.message_bar.text()
    assert name.text() == "Aldo"


def test_the_gear_table_adds_edits_and_removes_rows(
    qtbot: Any, qtmodeltester: Any, editor: FormSheetEditor
) -> None:
    document = editor.form_document
    panel = editor.tables["gear"]
    qtmodeltester.check(panel.model)
    qtbot.mouseClick(panel.add_button, Qt.MouseButton.LeftButton)
    assert len(document.sheet.gear) == 1
    view = panel.view
    # The name cell is being edited at once: type over it.
    editor_widget = view.focusWidget()
    assert isinstance(editor_widget, QLineEdit)
    editor_widget.selectAll()
    qtbot.keyClicks(editor_widget, "Spear")
    qtbot.keyClick(editor_widget, Qt.Key.Key_Return)
    _committed(qtbot, view)
    assert document.sheet.gear[0].name == "Spear"
    model: FormRowsModel = panel.model
    # Typing into a cell starts editing at once.
    view.setFocus()
    view.setCurrentIndex(model.index(0, 1))
    _type_into_cell(qtbot, view, "1d8")
    assert str(document.sheet.gear[0].damage) == "1d8"
    view.setCurrentIndex(model.index(0, 4))
    _type_into_cell(qtbot, view, "20/40/60")
    assert document.sheet.gear[0].ranges == (20, 40, 60)
    view.setCurrentIndex(model.index(0, 1))
    _type_into_cell(qtbot, view, "banana", refused=True)
    assert str(document.sheet.gear[0].damage) == "1d8"
    assert "is not a damage die" in editor.message_bar.text()  # the reason, in the rules' words
    hands = model.index(0, 2)
    view.setCurrentIndex(hands)
    view.edit(hands)
    combo = view.indexWidget(hands)
    assert isinstance(combo, QComboBox)
    assert [combo.itemText(n) for n in range(combo.count())] == ["one", "two"]
    assert combo.width() >= combo.sizeHint().width()  # each choice reads whole
    combo.setCurrentIndex(1)
    combo.activated.emit(1)  # a pick commits at once
    _committed(qtbot, view)
    assert document.sheet.gear[0].hands == "two"
    assert model.setData(model.index(0, 3), Qt.CheckState.Checked, Qt.ItemDataRole.CheckStateRole)
    assert document.sheet.gear[0].magic
    qtmodeltester.check(model)
    view.selectRow(0)
    qtbot.mouseClick(panel.remove_button, Qt.MouseButton.LeftButton)
    assert document.sheet.gear == ()
    document.undo_stack.undo()
    assert document.sheet.gear[0].name == "Spear" and model.rowCount() == 1


def test_the_referee_overrides_a_derived_value_visibly(
    editor: FormSheetEditor, monkeypatch: pytest.MonkeyPatch
) -> None:
    document = editor.form_document
    table = editor.derived_tables[0]
    model = table.derived_model
    row = model.row_of("defence")
    assert model.index(row, 1).data() == "12"
    assert model.index(row, 0).data(Qt.ItemDataRole.ToolTipRole) == "Defence 12 = armour 12"
    monkeypatch.setattr(OverridePrompt, "ask", classmethod(lambda _cls, _parent, _d: 15))
    assert table.override_menu.override("defence")
    assert document.derived()["defence"].value == 15
    assert "set by the GM" in model.index(row, 1).data(Qt.ItemDataRole.ToolTipRole)
    assert table.override_menu.clear("defence")
    assert document.derived()["defence"].value == 12


def test_a_pasted_stat_block_fills_the_sheet_and_says_what_it_could_not_read(
    editor: FormSheetEditor,
) -> None:
    document = editor.form_document
    assert editor.read_button is not None and editor.read_button.isVisible()
    problems = editor.read_stat_block("AC 14, HP 9, Att 2 claws")
    assert (document.sheet.ac, document.sheet.hit_points, document.sheet.name) == (14, 9, "Aldo")
    assert problems == ["could not read “Att 2 claws”"]
    assert "Att 2 claws" in editor.message_bar.text()
    assert editor.summary.text() == "Toy hero, AC 14"
    document.undo_stack.undo()
    assert document.sheet.ac == 12


def test_a_game_s_bonuses_read_signed_and_its_amounts_plain(qtbot: Any) -> None:
    """OSE's attack bonus and melee to-hit are bonuses (+1); AC and THAC0 are amounts."""
    from m3desk.assets import sample_files
    from m3desk.storage.sheet_files import load_sheet
    from m3desk.systems.monsters_and_magic.table_rules import TableRules
    from m3desk.ui.window.documents import create_document

    silverleaf = load_sheet(next(p for p in sample_files("ose") if p.stem == "silverleaf")).model
    document = create_document(silverleaf, None, TableRules())
    shown = make_sheet_editor(document)
    qtbot.addWidget(shown)
    assert isinstance(shown, FormSheetEditor)
    shown_values = {}
    for table in shown.derived_tables:
        model = table.derived_model
        for row in range(model.rowCount()):
            shown_values[model.derived_at(row).key] = model.index(row, 1).data()
    derived = document.derived()
    assert shown_values["melee.hit"] == f"+{derived['melee.hit'].value}"
    assert shown_values["attack_bonus"] == f"+{derived['attack_bonus'].value}"
    assert shown_values["thac0"] == str(derived["thac0"].value)
    assert shown_values["ac"] == str(derived["ac"].value)


@pytest.mark.qt_log_ignore("does not support grabbing the keyboard")  # the open list, offscreen
def test_arrow_keys_on_a_closed_choice_only_step_and_return_commits(
    qtbot: Any, editor: FormSheetEditor
) -> None:
    """Down on the closed list moves to "two" without committing it (the editor stays open,
    the sheet unchanged); Return commits. A pick in the open list commits at once.
    """
    document = editor.form_document
    panel = editor.tables["gear"]
    qtbot.mouseClick(panel.add_button, Qt.MouseButton.LeftButton)
    view = panel.view
    name_editor = view.focusWidget()
    assert isinstance(name_editor, QLineEdit)
    qtbot.keyClick(name_editor, Qt.Key.Key_Return)
    _committed(qtbot, view)
    start = document.sheet.gear[0].hands
    hands = panel.model.index(0, 2)
    view.setCurrentIndex(hands)
    view.edit(hands)
    combo = view.indexWidget(hands)
    assert isinstance(combo, QComboBox) and combo.currentText() == start == "one"
    steps = document.undo_stack.count()
    combo.setFocus()
    qtbot.keyClick(combo, Qt.Key.Key_Down)
    assert combo.currentText() == "two"
    assert view.state() == QAbstractItemView.State.EditingState
    assert view.indexWidget(hands) is combo and document.sheet.gear[0].hands == "one"
    qtbot.keyClick(combo, Qt.Key.Key_Up)
    qtbot.keyClick(combo, Qt.Key.Key_Down)
    assert document.sheet.gear[0].hands == "one" and document.undo_stack.count() == steps
    qtbot.keyClick(combo, Qt.Key.Key_Return)
    _committed(qtbot, view)
    assert document.sheet.gear[0].hands == "two"

    view.setFocus()
    view.edit(hands)
    combo = view.indexWidget(hands)
    assert isinstance(combo, QComboBox)
    combo.setFocus()
    qtbot.keyClick(combo, Qt.Key.Key_F4)  # opens the list: a pick there is final
    popup = combo.view()
    qtbot.waitUntil(popup.isVisible)
    qtbot.keyClick(popup, Qt.Key.Key_Up)
    assert document.sheet.gear[0].hands == "two"
    qtbot.keyClick(popup, Qt.Key.Key_Return)
    _committed(qtbot, view)
    assert document.sheet.gear[0].hands == "one"
