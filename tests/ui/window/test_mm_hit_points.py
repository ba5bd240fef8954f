"""Monsters & Magic hit points on the sheet (issue 19 §8): a new monster stands, current
follows a raised maximum, current typed above the maximum is kept, and a changed CON moves a
character's PHP. Driven with keys in the real editors of the window."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractSpinBox

from m3desk.ui.main_window import MainWindow
from m3desk.ui.sheet.ability_table import SCORE
from m3desk.ui.sheet.form_editor import FormSheetEditor
from tests.ui.sheet.helpers import on_screen, type_into_cell


def typed(qtbot: Any, spin: QAbstractSpinBox, text: str) -> None:
    spin.setFocus()
    spin.selectAll()
    qtbot.keyClicks(spin, text)
    qtbot.keyClick(spin, Qt.Key.Key_Return)


def new_monster_editor(window: MainWindow, fake_dialogs: Any, qtbot: Any) -> FormSheetEditor:

    fake_dialogs.answer("ask_game", lambda *_a, **_k: "monsters_and_magic")
    qtbot.keyClick(
        window,
        Qt.Key.Key_N,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    editor = window.tabs.current()
    assert isinstance(editor, FormSheetEditor)
    return editor


def test_a_new_monster_stands_and_its_pools_follow_the_maximum(
    window: MainWindow, fake_dialogs: Any, qtbot: Any
) -> None:
    editor = new_monster_editor(window, fake_dialogs, qtbot)
    php_current, php_maximum = (
        on_screen(editor, "field:php.current"),
        on_screen(editor, "field:php.maximum"),
    )
    shown = (php_current.text(), php_maximum.text())
    assert shown == ("18", "18"), "a new monster starts with CON 10 + 8, not 0/0 (down)"
    document = editor.document
    typed(qtbot, php_maximum, "25")
    assert (php_current.text(), php_maximum.text()) == ("25", "25")
    typed(qtbot, php_current, "30")  # above the maximum: the maximum follows
    assert (php_current.text(), php_maximum.text()) == ("30", "30")
    assert document.sheet.php.current == document.sheet.php.maximum == 30
    document.undo_stack.undo()
    assert (php_current.text(), php_maximum.text()) == ("25", "25")
    typed(qtbot, php_maximum, "10")
    assert (php_current.text(), php_maximum.text()) == ("10", "10")


def test_a_character_s_php_follows_a_changed_con(
    window: MainWindow, sample: Any, qtbot: Any
) -> None:
    record = window.open_path(sample("gramfive"))
    editor = record.page
    assert isinstance(editor, FormSheetEditor)
    document = record.document
    before = document.sheet.php
    con = document.sheet.attributes.CON
    view = on_screen(editor, "abilities_view")
    row = list(type(document.sheet.attributes).model_fields).index("CON")
    type_into_cell(qtbot, view, view.model().index(row, SCORE), str(con + 2))
    after = document.sheet.php
    assert con + 2 == document.sheet.attributes.CON
    assert (after.current, after.maximum) == (before.current + 2, before.maximum + 2)
    assert on_screen(editor, "field:php.maximum").text() == str(before.maximum + 2)
