"""A new character starts with hit points that follow from the table rules, and the New
Character dialog says what they will be before the sheet exists (issue 13)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from m3desk.systems.monsters_and_magic.sheet import Pool
from m3desk.systems.monsters_and_magic.table_rules import TableRules
from m3desk.ui.main_window import MainWindow
from m3desk.ui.window import new_character as new_character_module


@pytest.fixture
def typed_dialog(qtbot, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """File → New Character opens the real dialog (Monsters & Magic, scores typed as 10 each,
    a cleric), filled in with the keyboard; the hit points it showed are collected."""
    shown: list[str] = []

    def fill_in(parent, options_for, roller=None, preferred=None):
        from m3desk.assets import game_data
        from m3desk.ui.dialogs import NewCharacterChoice
        from m3desk.ui.window.generation_dialog import GenerationDialog
        from m3desk.ui.window.new_character import games_that_generate

        dialog = GenerationDialog(games_that_generate(), options_for, game_data, parent)
        qtbot.addWidget(dialog)
        qtbot.keyClicks(dialog.name, "Brom")
        panel = dialog.panel
        panel.method.setCurrentIndex(panel.method.findData("typed"))
        for row in panel.rows:
            row.score.setValue(10)
        classes = panel.picks["class"]
        classes.setCurrentIndex(classes.findData("cleric"))
        shown.append(panel.hit_points.text())
        return NewCharacterChoice("Brom", "", "", 1, dialog.system().id, dialog.sheet())

    monkeypatch.setattr(new_character_module, "ask_new_character", fill_in)
    return shown


def test_a_new_character_has_the_hit_points_the_dialog_promised(
    qtbot, window: MainWindow, typed_dialog: list[str]
) -> None:
    qtbot.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    [record] = window.session.records
    sheet = record.document.sheet
    # CON and WIS typed as 10; the table's default starting bonus is 8.
    assert (sheet.php, sheet.mhp) == (Pool.full(18), Pool.full(18))
    assert "Hit points: 18 PHP (CON 10 + 8) and 18 MHP (WIS 10 + 8)" in typed_dialog[0]


def test_the_table_rules_decide_the_starting_hit_points(
    qtbot, window: MainWindow, typed_dialog: list[str]
) -> None:
    window.settings_store.set_table_rules(TableRules(starting_hit_points_bonus=6))
    qtbot.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    sheet = window.session.records[0].document.sheet
    assert (sheet.php.current, sheet.php.maximum, sheet.mhp.maximum) == (16, 16, 16)
    assert "Hit points: 16 PHP (CON 10 + 6) and 16 MHP (WIS 10 + 6)" in typed_dialog[0]


GAME_HIT_POINT_RULES = {
    # game: (the table rule, the hit points a new character shows under it)
    "ose": ({"starting_hit_points": "maximum"}, 8),  # a fighter's d8 at its maximum
    "apparatus": ({"starting_hit_points": 25}, 25),
}


@pytest.mark.parametrize("game", sorted(GAME_HIT_POINT_RULES))
def test_file_new_of_another_game_starts_hit_points_as_its_table_rule_says(
    game: str, window: MainWindow, fake_dialogs, qtbot
) -> None:
    from PySide6.QtWidgets import QSpinBox

    from m3desk.core import registry
    from m3desk.ui.dialogs import NewCharacterChoice

    system = registry.get(game)
    rule, expected = GAME_HIT_POINT_RULES[game]
    window.settings_store.set_options_for(system, system.options_model(**rule))
    fake_dialogs.answer("ask_new_character", NewCharacterChoice("Aldo", "", "", 1, system=game))
    qtbot.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    [record] = window.session.records
    shown = record.page.findChild(QSpinBox, "field:hit_points")
    assert shown is not None and shown.value() == expected
    maximum = record.page.findChild(QSpinBox, "field:max_hit_points")
    assert maximum is not None and maximum.value() == expected
