"""The GM's hand edits: hit points, hero points, notes, effects and consequences."""

from __future__ import annotations

from PySide6.QtCore import Qt

from m3desk.systems.monsters_and_magic import Condition, ConditionKind, Tier
from m3desk.systems.monsters_and_magic.condition_text import condition_short
from m3desk.systems.monsters_and_magic.conditions import Duration, DurationKind
from m3desk.ui.encounter.tracker_columns import Column, TrackerRole
from m3desk.ui.encounter.widget import EncounterWidget
from m3desk.ui.games.monsters_and_magic.encounter import prompts
from tests.ui.encounter.flow import scout, type_surprise_initiative
from tests.ui.encounter.helpers import by_name, cell, click_cell, press, type_into_cell

CTRL = Qt.KeyboardModifier.ControlModifier


def shield() -> Condition:
    return Condition.make(
        "magical shield",
        ConditionKind.EFFECT,
        Tier.MINOR,
        duration=Duration(kind=DurationKind.ROUNDS, rounds=5),
        source="Shield spell",
    ).model_copy(update={"affects": "defence"})


def text(widget: EncounterWidget, name: str, column: str) -> str:
    return cell(widget, name, column).data()


def test_php_bar_shows_current_of_maximum_and_typing_sets_it(
    qtbot, widget: EncounterWidget
) -> None:
    assert text(widget, "Gramfive", "php") == "25/25"
    assert cell(widget, "Gramfive", "php").data(TrackerRole.POOL) == (25, 25)
    assert text(widget, "First", "mhp") == "56/56"
    type_into_cell(qtbot, widget, "Gramfive", "php", "7")
    encounter = widget.document.encounter
    assert by_name(encounter, "Gramfive").sheet.php.current == 7
    assert text(widget, "Gramfive", "php") == "7/25"
    assert encounter.log[-1].text == "GM: Gramfive the Grim PHP 25/25 → 7/25"
    assert widget.document.undo_stack.undoText() == "Set Gramfive the Grim's PHP to 7/25"
    # Above the maximum is refused with a reason; nothing changes.
    type_into_cell(qtbot, widget, "Gramfive", "php", "30")
    assert by_name(widget.document.encounter, "Gramfive").sheet.php.current == 7
    assert "above maximum" in widget.message_label.text()
    # current/maximum sets both.
    type_into_cell(qtbot, widget, "Gramfive", "php", "30/30")
    assert text(widget, "Gramfive", "php") == "30/30"


def test_adjust_php_applies_damage_and_healing_stops_at_the_maximum(
    qtbot, widget: EncounterWidget, monkeypatch
) -> None:
    answers = iter([-18, 40])
    monkeypatch.setattr(prompts, "ask_pool_change", lambda *args: next(answers))
    click_cell(qtbot, widget, "Gramfive", Column.NAME)
    press(qtbot, widget, Qt.Key.Key_H, CTRL)
    assert text(widget, "Gramfive", "php") == "7/25"
    press(qtbot, widget, Qt.Key.Key_H, CTRL)
    assert text(widget, "Gramfive", "php") == "25/25"
    widget.document.undo_stack.undo()
    assert text(widget, "Gramfive", "php") == "7/25"


def test_hero_points_and_notes_are_typed_in_place(qtbot, widget: EncounterWidget) -> None:
    type_into_cell(qtbot, widget, "Felix", "hero", "0")
    assert by_name(widget.document.encounter, "Felix").sheet.hero_points == 0
    type_into_cell(qtbot, widget, "Felix", Column.NOTES, "hidden behind the pillar")
    assert by_name(widget.document.encounter, "Felix").notes == "hidden behind the pillar"
    assert text(widget, "Felix", Column.NOTES) == "hidden behind the pillar"


def test_effects_cell_and_ac_now_show_conditions(
    qtbot, widget: EncounterWidget, monkeypatch
) -> None:
    monkeypatch.setattr(prompts, "ask_condition", lambda parent, name, rules: shield())
    click_cell(qtbot, widget, "Xiola", Column.NAME)
    assert text(widget, "Xiola", "ac") == "AC 15 (+3)"
    press(qtbot, widget, Qt.Key.Key_K, CTRL)
    assert text(widget, "Xiola", "effects") == "magical shield +2 (5 rds)"
    assert text(widget, "Xiola", "ac") == "AC 17 (+5)"
    assert "Shield spell" in cell(widget, "Xiola", "effects").data(Qt.ItemDataRole.ToolTipRole)
    backstab = Condition.make("backstabbed!", ConditionKind.CONSEQUENCE, Tier.MAJOR)
    assert condition_short(backstab) == "backstabbed! −4"
    # Removing it from the context menu's submenu is one undo step.
    menu = widget.encounter_actions.remove_condition_menu
    menu.aboutToShow.emit()
    assert [a.text() for a in menu.actions()] == ["magical shield +2 (5 rds)"]
    menu.actions()[0].trigger()
    assert text(widget, "Xiola", "effects") == ""
    widget.document.undo_stack.undo()
    assert text(widget, "Xiola", "effects") == "magical shield +2 (5 rds)"


def test_a_five_round_shield_counts_down_and_expires(
    qtbot, widget: EncounterWidget, monkeypatch
) -> None:
    """Cast in the surprise round; by default the casting round counts (table rule)."""
    scout(widget)
    type_surprise_initiative(qtbot, widget)
    press(qtbot, widget, Qt.Key.Key_Return, CTRL)  # start: Felix
    press(qtbot, widget, Qt.Key.Key_Return, CTRL)  # Xiola casts Shield
    monkeypatch.setattr(prompts, "ask_condition", lambda parent, name, rules: shield())
    press(qtbot, widget, Qt.Key.Key_K, CTRL)
    seen: dict[int, str] = {}
    while widget.document.encounter.round <= 5:
        seen.setdefault(widget.document.encounter.round, text(widget, "Xiola", "effects"))
        press(qtbot, widget, Qt.Key.Key_Return, CTRL)
    assert seen == {
        0: "magical shield +2 (5 rds)",
        1: "magical shield +2 (4 rds)",
        2: "magical shield +2 (3 rds)",
        3: "magical shield +2 (2 rds)",
        4: "magical shield +2 (1 rd)",
        5: "",
    }
    assert any(
        entry.text == "Expired: magical shield on Xiola Zenwaith" and entry.round == 5
        for entry in widget.document.encounter.log
    )
    assert text(widget, "Xiola", "ac") == "AC 15 (+3)"


def test_space_toggles_casting_and_delete_removes_the_combatant(
    qtbot, widget: EncounterWidget
) -> None:
    click_cell(qtbot, widget, "Xiola", "casting")
    qtbot.keyClick(widget.tracker, Qt.Key.Key_Space)
    assert by_name(widget.document.encounter, "Xiola").casting
    assert widget.encounter_actions.casting.isChecked()
    click_cell(qtbot, widget, "Guido", Column.NAME)
    qtbot.keyClick(widget.tracker, Qt.Key.Key_Delete)
    assert not any(c.name.startswith("Guido") for c in widget.document.encounter.combatants)
    assert widget.document.undo_stack.undoText() == "Remove Guido of Gramarye"


def test_a_stray_letter_in_the_initiative_cell_changes_nothing(
    qtbot, widget: EncounterWidget
) -> None:
    type_into_cell(qtbot, widget, "Felix", Column.INITIATIVE, "21")
    count = widget.document.undo_stack.count()
    type_into_cell(qtbot, widget, "Felix", Column.INITIATIVE, "x")
    assert by_name(widget.document.encounter, "Felix").initiative == 21
    assert widget.document.undo_stack.count() == count
    # Clearing the cell on purpose removes the initiative.
    click_cell(qtbot, widget, "Felix", Column.INITIATIVE)
    qtbot.keyClick(widget.tracker, Qt.Key.Key_F2)
    editor = widget.tracker.focusWidget()
    editor.clear()
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: by_name(widget.document.encounter, "Felix").initiative is None)


def test_the_side_is_chosen_or_typed(qtbot, widget: EncounterWidget) -> None:
    type_into_cell(qtbot, widget, "Guido", Column.SIDE, "Bystanders")
    encounter = widget.document.encounter
    assert by_name(encounter, "Guido").side == "Bystanders"
    assert encounter.sides == ("Party", "Monsters", "Bystanders")
    assert "Bystanders" in widget.setup_strip.game_panel.scouting.side_combos
