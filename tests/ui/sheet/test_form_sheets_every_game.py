"""The sheets of every form-described game, as shown (issue 19 §8): no number beside a field
without a name, no blank row under a derived table, no explanation that says its number
twice; a Speed field with the size's Speed; Near/Far left to the table rules."""

from __future__ import annotations

import re
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel, QSpinBox

from m3desk.assets import sample_files
from m3desk.core import registry
from m3desk.storage.sheet_files import load_sheet
from m3desk.systems.monsters_and_magic.table_rules import TableRules
from m3desk.ui.sheet.form_editor import FormSheetEditor
from m3desk.ui.window.documents import create_document

GAMES = tuple(system.id for system in registry.systems() if system.sheet_forms)
"""The games whose sheets the generic form editor shows."""
SAMPLES = [(game, path.name) for game in GAMES for path in sample_files(game)]
REPEATED = re.compile(r"^(.*) (−?\d+) = [^=+−]*\d (\2)$")
""""THAC0 19 = mage 5 19": one part whose label ends in a number, then the value again."""


def editor_of(game: str, name: str, qtbot: Any) -> FormSheetEditor:
    sheet = load_sheet(next(p for p in sample_files(game) if p.name == name)).model
    editor = FormSheetEditor(create_document(sheet, None, TableRules()))
    qtbot.addWidget(editor)
    editor.resize(1366, 728)
    editor.show()
    qtbot.waitExposed(editor)
    for _round in range(3):  # the layout settles over a few passes of the event loop
        QApplication.processEvents()
    return editor


@pytest.mark.parametrize(("game", "name"), SAMPLES)
def test_the_sheet_names_every_number_and_ends_each_table_at_its_last_row(
    game: str, name: str, qtbot: Any
) -> None:
    editor = editor_of(game, name, qtbot)
    for field in editor.fields.values():
        label = field.derived_label
        if label is None:
            continue
        words = label.text().rsplit(" ", 1)[0]
        assert re.search(r"[A-Za-z]", words), f"{field.spec.label}: “{label.text()}” is unnamed"
    for table in editor.derived_tables:
        if not table.isVisible():  # a section the sheet has no use for (a fighter's skills)
            continue
        rows = table.model().rowCount()
        filled = sum(table.rowHeight(row) for row in range(rows)) + 2 * table.frameWidth()
        assert table.height() == filled, f"{table.objectName()}: a blank row under the values"
        for row in range(rows):
            tip = table.model().index(row, 1).data(3)  # the tooltip role
            if tip:
                assert not REPEATED.match(str(tip)), tip
    for field in editor.fields.values():
        if field.derived_label is not None:
            assert not REPEATED.match(field.derived_label.toolTip()), field.derived_label.toolTip()


def test_an_apparatus_creature_has_a_speed_field_left_to_its_size(qtbot: Any) -> None:
    editor = editor_of("apparatus", "cave-bear.m3m", qtbot)
    speed = editor.findChild(QSpinBox, "field:speed")
    beside = editor.findChild(QLabel, "derived:speed")
    assert speed is not None and beside is not None
    assert (speed.text(), beside.text()) == ("by size", "Speed 12")  # Large: 6 × 2
    speed.setFocus()
    speed.selectAll()
    qtbot.keyClicks(speed, "9")
    qtbot.keyClick(speed, Qt.Key.Key_Return)
    assert editor.form_document.sheet.speed == 9 and beside.text() == "Speed 9"
    assert "written on the sheet" in beside.toolTip()
    speed.selectAll()
    qtbot.keyClicks(speed, "0")
    qtbot.keyClick(speed, Qt.Key.Key_Return)
    assert editor.form_document.sheet.speed == 0 and beside.text() == "Speed 0"
    qtbot.keyClick(speed, Qt.Key.Key_Down)  # below 0: back to the size's Speed
    assert speed.text() == "by size"
    assert editor.form_document.sheet.speed is None and beside.text() == "Speed 12"


LIST_DAGGER = {
    # game: what the list's dagger fills, by column label
    "ose": {"Damage": "1d4", "Ranges (ft)": "10/20/30", "Missile": True, "Melee": True},
    "adnd2e": {"S-M": "1d4", "L": "1d3", "SF": "2", "ROF": "2", "Range": "1/2/3", "Thrown": True},
}


@pytest.mark.qt_log_ignore("does not support grabbing the keyboard")  # the list, offscreen
@pytest.mark.parametrize("game", sorted(LIST_DAGGER))
def test_typing_a_weapon_of_the_list_offers_its_numbers_and_fills_the_row(
    game: str, qtbot: Any
) -> None:
    name = next(n for g, n in SAMPLES if g == game and n.endswith(".m3c"))
    editor = editor_of(game, name, qtbot)
    panel = editor.tables["weapons"]
    document = editor.form_document
    qtbot.mouseClick(panel.add_button, Qt.MouseButton.LeftButton)
    row = panel.model.rowCount() - 1
    line = panel.view.focusWidget()
    assert line is not None and line.objectName() == "preset_editor"
    steps = document.undo_stack.count()
    line.selectAll()
    qtbot.keyClicks(line, "dagg")
    popup = line.completer().popup()
    qtbot.waitUntil(popup.isVisible)
    offered = [popup.model().index(r, 0).data() for r in range(popup.model().rowCount())]
    [dagger] = [text for text in offered if text.startswith("dagger")]
    assert "1d4" in dagger, "the list's numbers are shown as the weapon is offered"
    popup.setCurrentIndex(popup.model().index(offered.index(dagger), 0))
    qtbot.keyClick(popup, Qt.Key.Key_Return)
    assert line.text() == "dagger"
    qtbot.keyClick(line, Qt.Key.Key_Return)
    columns = [spec.label for spec in panel.model.table.columns]
    cell = {label: panel.model.index(row, number) for number, label in enumerate(columns)}
    assert cell["Weapon"].data() == "dagger"
    for label, expected in LIST_DAGGER[game].items():
        if isinstance(expected, bool):
            state = cell[label].data(Qt.ItemDataRole.CheckStateRole)
            assert (state == Qt.CheckState.Checked) is expected, label
        else:  # what the row keeps (the cell may show what the table rules make of it)
            assert cell[label].data(Qt.ItemDataRole.EditRole) == expected, label
    assert document.undo_stack.count() == steps + 1, "the row is filled in one undo step"
    document.undo_stack.undo()
    assert panel.model.index(row, 0).data() == "weapon"


@pytest.mark.qt_log_ignore("does not support grabbing the keyboard")
@pytest.mark.parametrize("game", sorted(LIST_DAGGER))
def test_a_list_weapon_typed_in_full_fills_the_row_and_another_name_stays_a_name(
    game: str, qtbot: Any
) -> None:
    name = next(n for g, n in SAMPLES if g == game and n.endswith(".m3c"))
    editor = editor_of(game, name, qtbot)
    panel = editor.tables["weapons"]
    for typed_name in ("DAGGER", "Grandma's rolling pin"):
        qtbot.mouseClick(panel.add_button, Qt.MouseButton.LeftButton)
        row = panel.model.rowCount() - 1
        line = panel.view.focusWidget()
        line.selectAll()
        qtbot.keyClicks(line, typed_name)
        qtbot.keyClick(line, Qt.Key.Key_Return)
        qtbot.waitUntil(lambda r=row: panel.model.index(r, 0).data() != "weapon")
        shown = panel.model.index(row, 0).data()
        assert shown == ("dagger" if typed_name == "DAGGER" else typed_name)


@pytest.mark.parametrize(("game", "name"), SAMPLES)
def test_every_field_has_its_own_alt_key(game: str, name: str, qtbot: Any) -> None:
    """The labels underline letters of their own (no Alt key is ambiguous on the sheet; the
    first fields all have one), and Alt with that letter puts the cursor in its field."""
    editor = editor_of(game, name, qtbot)
    editor.activateWindow()
    labels = [label for label in editor.findChildren(QLabel) if label.buddy() is not None]
    keys = [
        label.text().replace("&&", "").split("&")[1][:1].casefold()
        for label in labels
        if "&" in label.text().replace("&&", "")
    ]
    assert len(set(keys)) == len(keys), f"one Alt key twice: {sorted(keys)}"
    assert len(keys) >= min(len(labels), 10), "the first fields have an Alt key each"
    first = next(
        label
        for label in editor.findChildren(QLabel)
        if label.buddy() is not None and label.buddy().isEnabled()
    )
    key = first.text().split("&")[1][0].upper()
    qtbot.keyClick(editor, key, Qt.KeyboardModifier.AltModifier)
    assert QApplication.focusWidget() is first.buddy(), f"Alt+{key} to {first.text()}"


@pytest.mark.qt_log_ignore("does not support grabbing the keyboard")  # the list, offscreen
@pytest.mark.parametrize("game", sorted(LIST_DAGGER))
def test_the_list_of_weapons_shows_each_entry_whole(game: str, qtbot: Any) -> None:
    """The list opens in the narrow name column: it is as wide as its widest entry, so
    "silver dagger — 1d4, melee or thrown 10/20/30'" is not cut to "silver da…"."""
    name = next(n for g, n in SAMPLES if g == game and n.endswith(".m3c"))
    editor = editor_of(game, name, qtbot)
    panel = editor.tables["weapons"]
    qtbot.mouseClick(panel.add_button, Qt.MouseButton.LeftButton)
    line = panel.view.focusWidget()
    assert line is not None and line.objectName() == "preset_editor"
    qtbot.keyClicks(line, "s")
    popup = line.completer().popup()
    qtbot.waitUntil(popup.isVisible)
    metrics = popup.fontMetrics()
    offered = [popup.model().index(r, 0).data() for r in range(popup.model().rowCount())]
    assert offered and line.width() < max(metrics.horizontalAdvance(t) for t in offered)

    def fits() -> bool:  # once the list has laid out (its scroll bar shown where it needs one)
        return all(metrics.horizontalAdvance(t) < popup.viewport().width() for t in offered)

    qtbot.waitUntil(fits, timeout=3000)
