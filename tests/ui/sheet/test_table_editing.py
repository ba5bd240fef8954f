"""The sheet's tables as users expect them (issue 13): typing starts editing, a combo box
shows its longest choice, and columns stay where they are after an edit."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox, QLineEdit, QSpinBox

from m3desk.ui.documents.sheet_document import SheetDocument
from m3desk.ui.sheet.form_editor import FormSheetEditor
from tests.ui.sheet.helpers import open_cell_editor, press_enter, type_as_user


class ColumnKind:
    """The kinds of the sheet form's table columns."""

    TEXT, INT, DICE, BANDS, CHOICE = "text", "int", "dice", "bands", "choice"


TYPED_FIRST = {
    ColumnKind.TEXT: "x",
    ColumnKind.INT: "3",
    ColumnKind.DICE: "d",
    ColumnKind.BANDS: "S",
}


def shown(qtbot, widget):
    qtbot.addWidget(widget)
    widget.resize(1366, 728)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


@pytest.fixture
def character(qtbot, document: SheetDocument) -> FormSheetEditor:
    return shown(qtbot, FormSheetEditor(document))


@pytest.fixture
def monster(qtbot, monster_document: SheetDocument) -> FormSheetEditor:
    return shown(qtbot, FormSheetEditor(monster_document))


def groups(editor):
    """The editor's row tables that have a row to edit."""
    if "items" in editor.tables:  # a character
        tables = (
            editor.tables["items"],
            editor.tables["spells"],
            editor.tables["traits"],
            editor.tables["conditions"],
        )
    else:
        tables = (editor.tables["attacks"], editor.tables["traits"], editor.tables["conditions"])
    return tuple(table for table in tables if table.model.rowCount())


@pytest.mark.parametrize("which", ["character", "monster"])
def test_the_first_key_typed_starts_editing_every_cell(qtbot, request, which) -> None:
    editor = request.getfixturevalue(which)
    kinds_seen = set()
    for group in groups(editor):
        model, view = group.model, group.view
        for column, spec in enumerate(model.table.columns):
            key = TYPED_FIRST.get(spec.kind)
            if key is None:
                continue
            cell = model.index(0, column)
            cell_editor = type_as_user(qtbot, view, cell, key, enter=False)
            text = cell_editor.text() if isinstance(cell_editor, QLineEdit | QSpinBox) else ""
            assert text == key, f"{model.table.path}.{spec.label}: the key typed is kept"
            view.closeEditor(cell_editor, view.itemDelegate().EndEditHint.RevertModelCache)
            QApplication.processEvents()
            kinds_seen.add(spec.kind)
    assert ColumnKind.BANDS in kinds_seen, "range bands are typed like every other cell"


def test_a_letter_typed_on_a_choice_cell_steps_to_it_and_return_picks_it(
    qtbot, character, document
) -> None:
    items = character.tables["items"]
    view = items.view
    view.setFocus()
    view.setCurrentIndex(items.model.index(2, 1))  # Cutter: weapon
    qtbot.keyClicks(view, "g")
    assert document.sheet.items[2].kind == "weapon"  # a typed letter steps, as arrows do
    editor = view.indexWidget(items.model.index(2, 1))
    assert editor is not None and editor.currentText() == "gear"
    qtbot.keyClick(editor, Qt.Key.Key_Return)  # Return (or Tab, or leaving) commits
    qtbot.waitUntil(lambda: document.sheet.items[2].kind == "gear")


@pytest.mark.parametrize("which", ["character", "monster"])
def test_combo_editors_are_wide_enough_to_read_their_longest_choice(qtbot, request, which) -> None:
    editor = request.getfixturevalue(which)
    checked = 0
    for group in groups(editor):
        model, view = group.model, group.view
        for column, spec in enumerate(model.table.columns):
            if spec.kind != ColumnKind.CHOICE:
                continue
            combo = open_cell_editor(view, model.index(0, column))
            assert isinstance(combo, QComboBox)
            longest = max(
                combo.fontMetrics().horizontalAdvance(combo.itemText(i))
                for i in range(combo.count())
            )
            needed = combo.sizeHint().width()
            assert needed > longest
            assert combo.width() >= needed, f"{model.table.path}.{spec.label}: choices cut"
            assert view.columnWidth(column) >= needed, (
                f"{model.table.path}.{spec.label}: the cell is narrower than its editor"
            )
            view.closeEditor(combo, view.itemDelegate().EndEditHint.RevertModelCache)
            checked += 1
    assert checked >= 2


def column_edges(view) -> list[tuple[int, int]]:
    return [
        (view.columnViewportPosition(c), view.columnWidth(c))
        for c in range(view.model().columnCount())
    ]


def settle(qtbot, editor) -> None:
    for _ in range(3):
        QApplication.processEvents()
    qtbot.wait(20)


@pytest.mark.parametrize("which", ["character", "monster"])
def test_nothing_moves_under_the_pointer_after_an_edit(qtbot, request, which) -> None:
    editor = request.getfixturevalue(which)
    group = groups(editor)[0]
    view, model = group.view, group.model
    settle(qtbot, editor)
    before = column_edges(view)
    last = model.columnCount() - 1
    assert before[last][0] + before[last][1] >= view.viewport().width() - 1

    # Shorter texts than before: a name, then a kind or a resistance picked from its list.
    cell = type_as_user(qtbot, view, model.index(0, 0), "x", enter=False)
    press_enter(qtbot, cell)
    settle(qtbot, editor)
    assert getattr(editor.document.sheet, model.table.path)[0].name == "x"
    assert column_edges(view) == before

    choice = next(i for i, c in enumerate(model.table.columns) if c.kind == ColumnKind.CHOICE)
    combo = open_cell_editor(view, model.index(0, choice))
    combo.setCurrentIndex(combo.count() - 1)
    combo.activated.emit(combo.count() - 1)
    settle(qtbot, editor)
    assert column_edges(view) == before, "the last column still fills the width"
