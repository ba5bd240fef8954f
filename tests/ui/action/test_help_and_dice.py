"""Helping another (items 13 and 19), typed dice, natural 18 and natural 3."""

from __future__ import annotations

from PySide6.QtCore import Qt

from m3desk.systems.monsters_and_magic import (
    Attribute,
    CheckRoll,
    ConditionKind,
    ResistanceKind,
    Roller,
    TableRules,
)
from m3desk.systems.monsters_and_magic.action_kind import ActionKind
from m3desk.ui.documents.encounter_document import EncounterDocument
from tests.ui.action.conftest import DialogFactory
from tests.ui.action.scene import at_turn, book_encounter, ids

BOOK = TableRules.book_example()


def test_guidos_song_gives_shamira_help_9_which_her_turn_undead_uses_up(
    open_dialog: DialogFactory,
) -> None:
    document = EncounterDocument(at_turn(book_encounter(), "Guido"))
    who = ids(document.encounter)
    dialog, user = open_dialog(document)
    panel = dialog.inputs.actor_panel
    user.choose(panel.action, "Help")
    assert panel.current_action() is ActionKind.HELP
    assert dialog.inputs.target_panel.target_label.text() == "&Give help to"
    user.choose(dialog.inputs.target_panel.target, "Sham")
    assert panel.current_attribute() is Attribute.CHA
    for trait in ("Help Others Fight or Face Danger", "Use Your Music to Help People"):
        user.tick(panel.traits.list, trait)
    request = dialog.request
    assert request is not None and request.resistance.kind is ResistanceKind.DIFFICULTY
    assert request.resistance.difficulty == 10  # Average
    user.type_dice(4, 4, 3)
    assert dialog.result_view.breakdown_text() == "11 + 8 = 19 vs 10 → 9 EP"
    spending = dialog.assistant
    assert spending.help_amount.text() == "+9 to Shamira Sunfire (all the effect points)"
    assert not spending.damage.isVisibleTo(spending)  # help takes all the effect points
    user.alt("k")
    user.keys("Turn")
    user.press(Qt.Key.Key_Space)
    user.keys("Undead")
    user.enter()  # Enter inside the spending applies
    assert dialog.was_applied

    shamira = document.encounter.combatant(who["Shamira"]).sheet
    [help_9] = shamira.conditions
    assert (help_9.name, help_9.value, help_9.kind, help_9.scope) == (
        "help from Guido of Gramarye",
        9,
        ConditionKind.EFFECT,
        "Turn Undead",
    )
    assert help_9.id in document.encounter.applied_at
    entry = document.encounter.log[-1]
    assert entry.text.endswith("+9 help to Shamira Sunfire for Turn Undead")
    assert entry.target == who["Shamira"]

    # Round one, item 19: Shamira turns undead with the help; the help is used up.
    document.apply(
        at_turn(document.encounter.model_copy(update={"phase": "rounds", "round": 1}), "Shamira"),
        "next turns",
    )
    dialog, user = open_dialog(document)
    situation = dialog.inputs.situation
    assert situation.help.checked_keys() == (help_9.id,)
    user.choose(dialog.inputs.actor_panel.action, "Attr")
    user.choose(dialog.inputs.target_panel.target, "First")
    assert dialog.spec is not None
    assert any(t.label == "help from Guido of Gramarye" and t.value == 9 for t in dialog.spec.terms)
    user.type_dice(2, 2, 2)
    user.enter()  # go to the spending
    user.enter()  # apply (nothing spent)
    assert dialog.was_applied
    assert document.encounter.combatant(who["Shamira"]).sheet.conditions == ()


def test_a_bad_face_is_explained_and_waits(open_dialog: DialogFactory) -> None:
    dialog, user = open_dialog(at_turn(book_encounter(rules=BOOK), "Gramfive"))
    user.type_dice(5, 7)
    assert dialog.dice_entry.message.isVisible()
    assert "check die 2: a d6 shows 1 to 6, not 7" in dialog.dice_entry.message.text()
    assert dialog.resolution is None and not dialog.apply_button.isEnabled()
    user.press(Qt.Key.Key_Backspace)
    user.keys("5")  # a good face moves on to the third die
    user.keys("x")
    assert "check die 3: 'x' is not a number" in dialog.dice_entry.message.text()
    user.press(Qt.Key.Key_Backspace)
    user.keys("5")
    assert dialog.dice_entry.damage_dice[0].hasFocus()
    user.keys("9")
    assert "damage d8: a d8 shows 1 to 8, not 9" in dialog.dice_entry.message.text()


def test_natural_18_and_natural_3_are_called_out(open_dialog: DialogFactory) -> None:
    dialog, user = open_dialog(at_turn(book_encounter(rules=BOOK), "Xiola"))
    user.choose(dialog.inputs.actor_panel.action, "Attr")
    user.choose(dialog.inputs.target_panel.resistance.rung, "Legend")  # 30: out of reach
    user.type_dice(6, 6, 6)
    assert dialog.result_view.headline_text().startswith("Natural 18 — automatic success")
    assert "(natural 18: automatic success)" in dialog.result_view.breakdown_text()
    assert dialog.resolution is not None and dialog.resolution.succeeded

    user.choose(dialog.inputs.target_panel.resistance.rung, "Easy")  # 5: a sure thing
    user.type_dice(1, 1, 1)
    assert dialog.result_view.headline_text().startswith("Natural 3 — automatic failure")
    assert "(natural 3: automatic failure)" in dialog.result_view.breakdown_text()
    assert "No effect points" in dialog.assistant.status.text()
    assert dialog.apply_button.isEnabled()  # a failure is logged too


def test_a_failure_names_its_degree(open_dialog: DialogFactory) -> None:
    """Item 11 (book rules): Turn Undead 7 + 8 = 15 vs rolled 12 + 2 + 6 = 20."""
    document = EncounterDocument(at_turn(book_encounter(rules=BOOK), "Shamira"))
    dialog, user = open_dialog(document)
    user.choose(dialog.inputs.actor_panel.action, "Attr")
    user.choose(dialog.inputs.target_panel.target, "First")
    panel = dialog.inputs.actor_panel
    for trait in ("Turn Undead", "Ensure the Dead Stay in the Underworld"):
        user.tick(panel.traits.list, trait)
    user.click(panel.mental)
    editor = dialog.inputs.target_panel.resistance
    user.alt("u")
    assert editor.rolled.isChecked()  # the mummy is surprised
    user.choose(editor.attribute, "WIS")
    user.tick(editor.target_traits.list, "Ancient Undead Horror")
    user.type_dice(2, 2, 3, 4, 4, 4)
    assert (
        dialog.result_view.breakdown_text()
        == "7 + 8 = 15 vs 12 + 8 = 20 → failed by 5: minor failure"
    )
    assert (
        dialog.result_view.headline_text()
        == "Failed by 5: a minor consequence for the actor (the GM may react)"
    )
    user.apply()
    assert document.encounter.log[-1].text.endswith(
        "failed by 5: minor failure. nothing to spend; a minor consequence for the actor is due"
    )


def test_enter_rolls_with_the_injected_roller(open_dialog: DialogFactory) -> None:
    dialog, user = open_dialog(at_turn(book_encounter(rules=BOOK), "Gramfive"), seed=42)
    user.enter()
    expected = Roller(42)
    roll = expected.roll_check(dialog.spec.damage if dialog.spec else None)
    resistance = expected.roll_3d6()
    faces = [int(f.text()) for f in dialog.dice_entry.fields()]
    assert faces == [*roll.d6, *roll.damage_faces, *resistance]
    assert dialog.resolution is not None
    assert dialog.resolution.roll == CheckRoll(roll.d6, roll.damage_faces)
    assert dialog.resolution.resistance_d6 == resistance


def test_dice_typed_ahead_keep_every_digit_and_leave_no_selection(
    open_dialog: DialogFactory,
) -> None:
    """The mummy's bash: a d12 waits for its second digit. Typed faster than the event loop
    (as these tests type), the dice leave no faces highlighted behind; and the selection
    a field makes on arrival never eats a digit already typed into it."""
    dialog, user = open_dialog(at_turn(book_encounter(), "First"))
    assert dialog.inputs.actor_panel.weapon.currentText() == "Bash"
    entry = dialog.dice_entry
    user.click_into(entry.check_dice[0])
    user.keys("5551")  # no event loop between the keys: the d12 holds its "1"
    user.qtbot.wait(5)  # the event loop runs before the GM finds the "2"
    user.keys("2")
    assert [f.text() for f in entry.fields()] == ["5", "5", "5", "12"]
    user.qtbot.wait(5)
    assert [f.hasSelectedText() for f in entry.fields()] == [False, False, False, False]
