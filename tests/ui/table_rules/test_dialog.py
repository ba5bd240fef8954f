"""Monsters & Magic in the one Table Rules form: its difficulty ladder (the game's own editor),
its two profiles as buttons, its rules' problems in words, validated by pydantic."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QSpinBox,
)

from m3desk.core import registry
from m3desk.systems.monsters_and_magic.table_rules import DifficultyRung, HeroBump, TableRules
from m3desk.ui import dialogs
from m3desk.ui.contrast import contrast_ratio
from m3desk.ui.games.monsters_and_magic.table_rules.ladder_model import LadderColumn, LadderModel
from m3desk.ui.games.monsters_and_magic.table_rules.ladder_option import LadderOption
from m3desk.ui.table_rules import options_dialog
from m3desk.ui.table_rules.caption_label import caption_colour
from m3desk.ui.table_rules.editors import int_bounds
from m3desk.ui.table_rules.options_dialog import OptionsDialog
from m3desk.ui.theme import dark_palette

HOUSE = TableRules(
    minor_cost=4,
    major_cost=8,
    extreme_cost=16,
    minor_value=1,
    extreme_value=7,
    failure_major_margin=8,
    range_band_cost=3,
    size_mental=False,
    size_vs_difficulty=True,
    enforce_damage_cap=False,
    hero_bump=HeroBump.NEXT_TIER,
    cinematic_range_hero_points=5,
    prime_doubles_resistance=True,
    starting_hero_points=2,
    duration_counts_first_round=False,
    difficulty_ladder=(
        DifficultyRung(name="Trivial", static=3),
        DifficultyRung(name="Average", static=10),
        DifficultyRung(name="Mythic", static=40),
    ),
)


LADDER_FIELD = "difficulty_ladder"
SYSTEM = registry.get("monsters_and_magic")


def make(qtbot, rules: TableRules | None = None) -> OptionsDialog:
    dialog = OptionsDialog(SYSTEM, rules or TableRules(), "Table Rules", "Test")
    qtbot.addWidget(dialog)
    return dialog


def ladder(dialog: OptionsDialog) -> LadderOption:
    editor = dialog.editors[LADDER_FIELD]
    assert isinstance(editor, LadderOption)
    return editor


def strict(dialog: OptionsDialog):
    return dialog.profile_buttons["Strict Rules"]


def book(dialog: OptionsDialog):
    return dialog.profile_buttons["Book Example"]


def ok_button(dialog: OptionsDialog):
    return dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)


def test_every_option_has_an_editor_with_its_bounds_and_explanation(qtbot) -> None:
    dialog = make(qtbot)
    for name, info in TableRules.model_fields.items():
        caption = dialog.captions[name]
        assert caption.text() == TableRules.explain(name)
        if name == LADDER_FIELD:
            assert ladder(dialog).ladder.view.toolTip() == TableRules.explain(name)
            continue
        widget = dialog.editors[name].widget
        assert widget.toolTip() == TableRules.explain(name)
        if info.annotation is int:
            assert isinstance(widget, QSpinBox)
            assert (widget.minimum(), widget.maximum()) == int_bounds(info)
        elif info.annotation is bool:
            assert isinstance(widget, QCheckBox)
        else:
            assert isinstance(widget, QComboBox)
    assert (
        dialog.editors["minor_cost"].widget.minimum(),
        dialog.editors["minor_cost"].widget.maximum(),
    ) == (1, 30)
    combo = dialog.editors["cinematic_range_hero_points"].widget
    assert [combo.itemData(i) for i in range(combo.count())] == [0, 1, 5]


def test_the_dialog_round_trips_table_rules(qtbot) -> None:
    assert make(qtbot, HOUSE).options() == HOUSE
    # And the widgets make the same rules when a user sets them one by one.
    dialog = make(qtbot)
    for name, editor in dialog.editors.items():
        editor.set_value(getattr(HOUSE, name))
    assert dialog.options() == HOUSE
    assert ok_button(dialog).isEnabled()
    assert "House rules" in dialog.status.text()


def test_book_example_and_strict_rules_buttons(qtbot) -> None:
    dialog = make(qtbot, HOUSE)
    qtbot.mouseClick(book(dialog), Qt.MouseButton.LeftButton)
    assert dialog.options() == TableRules.book_example()
    assert not dialog.editors["size_defence_vs_larger"].widget.isChecked()
    assert "book example" in dialog.status.text()
    qtbot.mouseClick(strict(dialog), Qt.MouseButton.LeftButton)
    assert dialog.options() == TableRules()
    assert "strict rules" in dialog.status.text()


def test_an_invalid_combination_disables_ok_and_says_why(qtbot) -> None:
    dialog = make(qtbot)
    dialog.show()
    minor = dialog.editors["minor_cost"].widget
    minor.setFocus()
    minor.selectAll()
    qtbot.keyClicks(minor, "12")  # more than a major effect's 10
    assert dialog.options() is None
    assert not ok_button(dialog).isEnabled()
    assert dialog.problems() == ["Tier costs must rise: minor ≤ major ≤ extreme"]
    assert dialog.status.isVisible() and dialog.status_icon.isVisible()
    qtbot.keyClick(dialog.buttons, Qt.Key.Key_Return)  # Enter does not accept it either
    assert dialog.result() != QDialog.DialogCode.Accepted
    dialog.editors["minor_cost"].set_value(5)
    assert dialog.options() == TableRules() and ok_button(dialog).isEnabled()
    assert not dialog.status_icon.isVisible()


def test_ladder_problems_name_the_row(qtbot) -> None:
    dialog = make(qtbot)
    model = ladder(dialog).ladder.model
    model.setData(model.index(1, LadderColumn.NAME), "Easy")
    assert dialog.problems() == ["Difficulty names must be unique"]
    assert not ok_button(dialog).isEnabled()
    model.setData(model.index(1, LadderColumn.NAME), "  ")
    assert dialog.problems() == ["Difficulty 2 name: string should have at least 1 character"]
    model.setData(model.index(1, LadderColumn.NAME), "Middling")
    assert dialog.options() is not None
    assert dialog.options().difficulty("middling").static == 10


def test_add_and_remove_difficulties(qtbot) -> None:
    dialog = make(qtbot)
    dialog.show()
    editor = ladder(dialog).ladder
    qtbot.mouseClick(editor.add_button, Qt.MouseButton.LeftButton)
    rules = dialog.options()
    assert rules is not None and rules.difficulty_ladder[-1] == DifficultyRung(
        name="New difficulty", static=35
    )
    name_editor = editor.view.indexWidget(editor.view.currentIndex())
    assert name_editor is not None, "the new row's name opens for typing"
    name_editor.selectAll()
    qtbot.keyClicks(name_editor, "Godlike")
    qtbot.keyClick(name_editor, Qt.Key.Key_Return)  # commits (queued), does not press OK
    qtbot.waitUntil(lambda: dialog.options().difficulty_ladder[-1].name == "Godlike")
    assert dialog.isVisible() and dialog.result() != QDialog.DialogCode.Accepted
    assert editor.remove_button.isEnabled()  # the new row is selected
    qtbot.mouseClick(editor.remove_button, Qt.MouseButton.LeftButton)
    assert dialog.options() == TableRules()
    editor.view.selectRow(0)
    qtbot.mouseClick(editor.remove_button, Qt.MouseButton.LeftButton)
    assert dialog.options().difficulty_ladder[0].name == "Average"


def test_ladder_model(qtmodeltester) -> None:
    model = LadderModel(TableRules().difficulty_ladder)
    qtmodeltester.check(model)
    tough = model.index(2, LadderColumn.ROLLED)
    assert tough.data() == "3d6 + 5"
    assert model.index(0, LadderColumn.ROLLED).data() == "3d6 − 5"
    assert model.index(1, LadderColumn.ROLLED).data() == "3d6"
    assert not tough.flags() & Qt.ItemFlag.ItemIsEditable
    assert not model.setData(tough, "3d6 + 7")
    assert not model.setData(model.index(2, LadderColumn.STATIC), 61)  # beyond the bound
    assert model.setData(model.index(2, LadderColumn.STATIC), 16)
    assert tough.data() == "3d6 + 6"
    model.add_rung()
    model.remove_row_at(0)
    qtmodeltester.check(model)


@pytest.mark.parametrize("dark", [False, True])
def test_captions_are_grey_but_readable(qtbot, dark: bool) -> None:
    palette = dark_palette() if dark else QApplication.palette()
    grey = caption_colour(palette)
    window, text = palette.color(QPalette.ColorRole.Window), palette.color(QPalette.ColorRole.Text)
    assert contrast_ratio(grey, window) >= 4.5
    assert grey != text  # grey, not the body text
    dialog = make(qtbot)
    dialog.setPalette(palette)
    caption = dialog.captions["minor_cost"]
    assert caption.palette().color(QPalette.ColorRole.WindowText) == grey
    assert caption.font().pointSizeF() < dialog.font().pointSizeF()


def test_ask_game_options_runs_the_dialog(qtbot, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[OptionsDialog] = []

    def click_book_example_and_ok(dialog: OptionsDialog) -> int:
        seen.append(dialog)
        assert dialog.windowTitle() == "Encounter rules"
        book(dialog).click()
        ok_button(dialog).click()
        return dialog.result()

    monkeypatch.setattr(OptionsDialog, "show_modal", staticmethod(click_book_example_and_ok))
    chosen = options_dialog.ask_game_options(None, SYSTEM, HOUSE, "Encounter rules")
    assert chosen == TableRules.book_example()
    monkeypatch.setattr(OptionsDialog, "show_modal", staticmethod(lambda d: d.reject() or 0))
    assert options_dialog.ask_game_options(None, SYSTEM, HOUSE, "Rules") is None
    dialogs.set_non_interactive(True)
    try:
        assert options_dialog.ask_game_options(None, SYSTEM, HOUSE, "Rules") is None
    finally:
        dialogs.set_non_interactive(False)
    assert len(seen) == 1
