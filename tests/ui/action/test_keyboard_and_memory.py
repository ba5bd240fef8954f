"""Keyboard only, tab order, mnemonics, the per-actor memory, and the entry point."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QApplication, QLabel, QWidget
from pytestqt.qtbot import QtBot

from m3desk.systems.monsters_and_magic import (
    Attribute,
    RangeBand,
    ResistanceKind,
    Roller,
    TableRules,
    Tier,
)
from m3desk.systems.monsters_and_magic.action_kind import ActionKind
from m3desk.systems.monsters_and_magic.encounter import range_between
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.games.monsters_and_magic.action.action_dialog import ActionDialog
from m3desk.ui.games.monsters_and_magic.action.action_memory import ActionMemory
from tests.ui.action.conftest import DialogFactory
from tests.ui.action.scene import at_turn, book_encounter, ids
from tests.ui.action.user import User

BOOK = TableRules.book_example()


def gramfive_turn() -> EncounterDocument:
    return EncounterDocument(at_turn(book_encounter(rules=BOOK), "Gramfive"))


def test_one_attack_from_the_keyboard_alone(open_dialog: DialogFactory) -> None:
    """No mouse: mnemonics, typing, Space and Enter carry the whole attack (item 10)."""
    document = gramfive_turn()
    who = ids(document.encounter)
    dialog, user = open_dialog(document)
    assert QApplication.focusWidget() is dialog.inputs.actor_panel.actor
    user.alt("t")  # Traits
    assert user.focused() is dialog.inputs.actor_panel.traits.list
    user.press(Qt.Key.Key_Space)  # tick the current trait: Weapons Training
    user.alt("d")  # Dice
    user.keys("5556333")  # each die moves on by itself
    assert dialog.result_view.headline_text() == "Success: 12 effect points"
    user.enter()  # the obvious next step: spend
    assert user.focused() is dialog.assistant.bands
    user.keys("2")
    user.alt("m")  # Damage
    user.keys("2")
    assert dialog.assistant.status.text().endswith("0 left")
    user.enter()  # apply
    assert dialog.was_applied and not dialog.isVisible()
    after = document.encounter
    assert after.combatant(who["First"]).sheet.php.current == 47
    assert range_between(after, who["Gramfive"], who["First"]) is RangeBand.CLOSE


def test_alt_r_rolls_and_alt_a_applies(open_dialog: DialogFactory) -> None:
    dialog, user = open_dialog(gramfive_turn(), seed=5)
    user.alt("r")
    assert dialog.resolution is not None
    user.alt("a")
    assert dialog.was_applied


def test_tab_order_runs_down_the_worksheet(open_dialog: DialogFactory) -> None:
    dialog, user = open_dialog(gramfive_turn())
    panel = dialog.inputs.actor_panel
    expected = [
        panel.action,
        panel.check_name,
        panel.weapon,
        panel.attribute,
        panel.traits.list,
        panel.mental,
        dialog.inputs.target_panel.target,
    ]
    for widget in expected:
        user.tab()
        assert user.focused() is widget
    dice = dialog.dice_entry
    dice.resistance_dice[-1].setFocus(Qt.FocusReason.OtherFocusReason)
    user.tab()
    assert user.focused() is dice.roll_button
    dice.check_dice[0].setFocus(Qt.FocusReason.OtherFocusReason)
    user.press(Qt.Key.Key_Backtab)
    assert (
        user.focused() is dialog.inputs.situation.gm_effect_points
        or not dialog.inputs.situation.body.isVisible()
    )


def _mnemonics(dialog: QWidget) -> list[str]:
    letters = []
    for widget in dialog.findChildren(QLabel) + dialog.findChildren(QAbstractButton):
        if not widget.isVisibleTo(dialog):
            continue
        if isinstance(widget, QLabel) and widget.buddy() is None:
            continue  # only labels with a buddy take a mnemonic
        text = widget.text().replace("&&", "")
        if "&" in text:
            letters.append(text[text.index("&") + 1].lower())
        elif isinstance(widget, QAbstractButton) and not widget.shortcut().isEmpty():
            letters.append(widget.shortcut().toString()[-1].lower())
    return letters


def test_mnemonics_are_unique_before_and_after_the_roll(open_dialog: DialogFactory) -> None:
    dialog, user = open_dialog(gramfive_turn())
    before = _mnemonics(dialog)
    assert len(before) == len(set(before)), sorted(before)
    assert {"w", "o", "t", "g", "d", "r", "a", "j"} <= set(before)
    user.alt("j")  # the situation in full
    user.type_dice(5, 5, 5, 6, 3, 3, 3)
    after = _mnemonics(dialog)
    assert len(after) == len(set(after)), sorted(after)
    assert {"h", "s", "e", "m"} <= set(after)


def test_last_choices_are_remembered_per_actor(open_dialog: DialogFactory) -> None:
    document = gramfive_turn()
    who = ids(document.encounter)
    memory = ActionMemory()
    dialog, user = open_dialog(document, memory=memory)
    panel = dialog.inputs.actor_panel
    user.tick(panel.traits.list, "Weapons Training")
    user.choose(panel.weapon, "Dagger")
    user.alt("u")  # resistance: attribute
    user.choose(dialog.inputs.target_panel.resistance.attribute, "DEX")
    # Switching to Felix and back restores Gramfive's picks within the dialog.
    user.choose(panel.actor, "Felix")
    assert panel.traits.checked_names() == ()
    assert panel.weapon.currentText() == "Dagger"  # Felix's own dagger, his default
    user.choose(panel.actor, "Gram")
    assert panel.traits.checked_names() == ("Weapons Training",)
    assert panel.weapon.currentText().startswith("Dagger")
    user.press(Qt.Key.Key_Escape)  # nothing rolled: closes without a question
    assert not dialog.isVisible()

    remembered = memory.recall(who["Gramfive"])
    assert remembered is not None
    assert (
        remembered.action,
        remembered.attribute,
        remembered.trait_names,
        remembered.weapon_name,
        remembered.resistance_kind,
    ) == (
        ActionKind.ATTACK,
        Attribute.STR,
        ("Weapons Training",),
        "Dagger",
        ResistanceKind.ATTRIBUTE,
    )
    again, _user = open_dialog(document, memory=memory)
    request = again.request
    assert request is not None
    assert again.inputs.actor_panel.traits.checked_names() == ("Weapons Training",)
    assert again.inputs.actor_panel.weapon.currentText().startswith("Dagger")
    assert request.resistance.kind is ResistanceKind.ATTRIBUTE
    assert request.resistance.attribute is Attribute.DEX
    assert request.resistance.rolled  # the mummy is still surprised: surprise wins


def test_the_memory_lives_with_the_document(
    qtbot: QtBot, host: QWidget, monkeypatch: pytest.MonkeyPatch
) -> None:
    document = gramfive_turn()
    seen: list[ActionMemory] = []

    def drive(dialog: ActionDialog) -> int:
        seen.append(dialog.memory)
        user = User.in_front_of(qtbot, dialog)
        user.tick(dialog.inputs.actor_panel.traits.list, "Weapons Training")
        dialog.reject()
        return 0

    monkeypatch.setattr(ActionDialog, "show_modal", staticmethod(drive))
    assert ActionDialog.run_for(document, host) is False
    assert ActionDialog.run_for(document, host) is False
    assert seen[0] is seen[1] is ActionMemory.for_document(document)
    assert len(seen[0]) == 1


def test_run_for_applies_and_reports_it(
    qtbot: QtBot, host: QWidget, monkeypatch: pytest.MonkeyPatch
) -> None:
    document = gramfive_turn()

    def drive(dialog: ActionDialog) -> int:
        user = User.in_front_of(qtbot, dialog)
        user.type_dice(5, 5, 5, 6, 3, 3, 3)
        user.set_number(dialog.assistant.damage, 2)
        user.apply()
        return int(dialog.result())

    monkeypatch.setattr(ActionDialog, "show_modal", staticmethod(drive))
    with qtbot.waitSignal(document.encounter_changed):
        assert ActionDialog.run_for(document, host, roller=Roller(1)) is True
    assert document.undo_stack.count() == 1


def test_closing_after_a_roll_asks_first(
    open_dialog: DialogFactory, discard_answers: list[bool]
) -> None:
    document = gramfive_turn()
    dialog, user = open_dialog(document)
    user.type_dice(5, 5, 5, 6, 3, 3, 3)
    discard_answers.append(False)  # "Keep editing"
    user.press(Qt.Key.Key_Escape)
    assert dialog.isVisible()
    discard_answers.append(True)  # "Discard the roll"
    user.click(dialog.cancel_button)
    assert not dialog.isVisible() and not dialog.was_applied
    assert document.undo_stack.count() == 0


def test_an_empty_encounter_opens_without_a_check(open_dialog: DialogFactory) -> None:
    from m3desk.systems.monsters_and_magic.encounter import Encounter

    dialog, user = open_dialog(Encounter())
    assert dialog.request is None and dialog.spec is None
    user.enter()  # nothing to roll
    assert dialog.resolution is None and not dialog.apply_button.isEnabled()


def test_defend_buys_an_effect_on_the_actor_only(open_dialog: DialogFactory) -> None:
    document = gramfive_turn()
    who = ids(document.encounter)
    dialog, user = open_dialog(document)
    user.choose(dialog.inputs.actor_panel.action, "Def")
    assert dialog.request is not None and dialog.request.target_id is None
    assert dialog.request.attribute is Attribute.DEX
    user.type_dice(6, 6, 4)  # 16 + 1 vs Average 10 → 7 EP
    row = dialog.assistant.rows[0]
    assert row.kind.currentText().startswith("effect on Gramfive")
    assert row.select_tier(Tier.MINOR)
    user.click_into(row.name)
    user.keys("raised shield")
    user.choose(row.affects, "defence")
    assert not dialog.assistant.damage.isVisibleTo(dialog.assistant)  # nobody to damage
    user.apply()
    [effect] = document.encounter.combatant(who["Gramfive"]).sheet.conditions
    assert (effect.name, effect.value, effect.affects) == ("raised shield", 2, "defence")


def test_a_default_target_follows_the_action_a_chosen_one_stays(open_dialog: DialogFactory) -> None:
    """Xiola's dialog opens on an attack at the mummy; Shield is cast at nobody (item 9)."""
    document = EncounterDocument(at_turn(book_encounter(), "Xiola"))
    who = ids(document.encounter)
    dialog, user = open_dialog(document)
    panel = dialog.inputs.actor_panel
    assert dialog.request is not None and dialog.request.target_id == who["First"]
    user.choose(panel.action, "Cast")
    user.choose(panel.weapon, "Shield")
    assert dialog.request is not None and dialog.request.target_id is None
    assert dialog.inputs.target_panel.target.currentText().startswith("Nobody")
    user.choose(panel.weapon, "Magic")  # a spell that does damage: at the opponent
    assert dialog.request is not None and dialog.request.target_id == who["First"]
    user.choose(dialog.inputs.target_panel.target, "Nobody")  # the GM's choice stays
    user.qtbot.wait(int(QApplication.keyboardInputInterval()) + 20)  # a new search
    user.choose(panel.weapon, "Shield")
    user.choose(panel.weapon, "Magic")
    assert dialog.request is not None and dialog.request.target_id is None
    user.choose(dialog.inputs.target_panel.target, "Gram")
    user.choose(panel.action, "Attr")
    assert dialog.request is not None and dialog.request.target_id == who["Gramfive"]
