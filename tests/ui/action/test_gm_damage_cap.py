"""The GM sets one check's maximum damage (digest §2.4, I5: Gramfive deals 12 against a cap of 10).

Unticked, "Maximum damage (GM)" shows the computed maximum and changes nothing; ticked, the
number typed replaces it for this check only: the modifiers, the spending assistant's bound
(damage and the defender's choice), the collapsed summary and the log's details say so.
"""

from __future__ import annotations

from m3desk.systems.monsters_and_magic import TableRules
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.games.monsters_and_magic.action.action_dialog import ActionDialog
from tests.ui.action.conftest import DialogFactory
from tests.ui.action.scene import at_turn, book_encounter, ids, in_round_one, with_conditions
from tests.ui.action.test_spending import backstabbed, catching_fire
from tests.ui.action.user import User

BOOK = TableRules.book_example()


def gramfive_again() -> EncounterDocument:
    """Item 18: round one, the mummy backstabbed! and catching fire, Gramfive's turn."""
    encounter = with_conditions(
        in_round_one(book_encounter(rules=BOOK)), "First", backstabbed(), catching_fire()
    )
    return EncounterDocument(at_turn(encounter, "Gramfive"))


def roll_item_18(dialog: ActionDialog, user: User) -> None:
    user.tick(dialog.inputs.actor_panel.traits.list, "Weapons Training")
    user.type_dice(5, 5, 4, 2)
    assert (
        dialog.result_view.breakdown_text()
        == "14 + 8 + 3 = 25 vs 11 → 14 EP; larger target −2 → 12 EP"
    )


def test_the_gm_raises_gramfives_maximum_damage_to_12_as_the_book_does(
    open_dialog: DialogFactory,
) -> None:
    document = gramfive_again()
    who = ids(document.encounter)
    dialog, user = open_dialog(document)
    situation = dialog.inputs.situation
    user.alt("j")
    assert not situation.damage_cap_set.isChecked()
    assert not situation.damage_cap.isEnabled() and situation.damage_cap.value() == 10
    assert situation.damage_cap_note.text() == "computed 10"
    assert "maximum damage 10" in dialog.modifier_view.plain_text()
    roll_item_18(dialog, user)
    spending = dialog.assistant
    assert spending.damage.maximum() == 10
    assert spending.damage_note.text() == "at most 10: maximum damage 10"

    user.alt("x")  # Maximum damage (GM): the number is selected, typing replaces it
    assert situation.damage_cap_set.isChecked() and situation.damage_cap.isEnabled()
    user.keys("12")
    assert dialog.request is not None and dialog.request.damage_cap == 12
    assert dialog.spec is not None
    assert (dialog.spec.damage_cap, dialog.spec.damage_cap_computed) == (12, 10)
    assert situation.damage_cap_note.text() == "in place of the computed 10"
    assert "maximum damage 12 (GM; computed 10)" in dialog.modifier_view.plain_text()
    assert "GM: maximum damage 12 (computed 10)" in situation.summary_text()
    assert (
        dialog.inputs.actor_panel.weapon_detail.text()
        == "damage 1d8+1, max 10 · +1 to hit · this check: max 12 (GM)"
    )
    # The dice on the table stay; only what the effect points may buy changes.
    assert (
        dialog.result_view.breakdown_text()
        == "14 + 8 + 3 = 25 vs 11 → 14 EP; larger target −2 → 12 EP"
    )
    assert spending.damage.maximum() == 12
    user.set_number(spending.damage, 12)
    assert spending.damage.value() == 12
    assert "First One Mummy PHP 49 → 37" in spending.preview.text()
    user.apply()

    assert document.encounter.combatant(who["First"]).sheet.php.current == 37
    entry = document.encounter.log[-1]
    assert "Maximum damage: 12 (GM; computed 10)" in entry.details
    assert "Resistance: AC 11\n  AC 17\n  backstabbed! −4\n  catching fire −2\n" in entry.details
    # The roll's record names the armour once: "against AC 17, …", never "against AC: AC 17".
    assert "against AC 17, backstabbed! −4, catching fire −2" in entry.text
    assert "AC: AC" not in entry.text
    assert entry.text.endswith("→ 12 EP. 12 PHP damage")


def test_unticked_the_computed_maximum_counts_again(open_dialog: DialogFactory) -> None:
    dialog, user = open_dialog(gramfive_again())
    situation = dialog.inputs.situation
    user.alt("j")
    roll_item_18(dialog, user)
    user.alt("x")
    user.keys("12")
    assert dialog.assistant.damage.maximum() == 12
    user.alt("x")  # unticked: back to the computed 10, shown in the greyed-out box
    assert not situation.damage_cap_set.isChecked() and not situation.damage_cap.isEnabled()
    assert situation.damage_cap.value() == 10
    assert dialog.request is not None and dialog.request.damage_cap is None
    assert dialog.spec is not None and dialog.spec.damage_cap == 10
    assert "(GM" not in dialog.modifier_view.plain_text()
    assert "GM" not in dialog.inputs.actor_panel.weapon_detail.text()
    assert "maximum damage" not in situation.summary_text()
    assert dialog.assistant.damage.maximum() == 10


def test_a_lower_maximum_bounds_the_defenders_damage_instead(open_dialog: DialogFactory) -> None:
    """Item 17 with a GM's maximum of 15: Gramfive would take 15 instead of 18."""
    from m3desk.systems.monsters_and_magic import Tier

    encounter = with_conditions(in_round_one(book_encounter()), "First", backstabbed())
    dialog, user = open_dialog(at_turn(encounter, "First"))
    user.choose(dialog.inputs.target_panel.target, "Gram")
    situation = dialog.inputs.situation
    user.alt("j")
    assert situation.damage_cap_note.text() == "computed 18"
    user.alt("x")
    user.keys("15")
    user.type_dice(5, 5, 5, 7)
    assert (
        dialog.result_view.breakdown_text()
        == "15 + 16 + 7 = 38 vs 21 → 17 EP; smaller target +2 → 19 EP"
    )
    spending = dialog.assistant
    assert spending.damage.maximum() == 15
    assert spending.damage_note.text() == "at most 15: maximum damage 15 (GM; computed 18)"
    row = spending.rows[0]
    assert row.select_tier(Tier.EXTREME)
    user.click_into(row.name)
    user.keys("chest bashed in")
    assert spending.defender.text() == "Gramfive the Grim takes 15 damage &instead"
    assert "(at most 15 (GM; computed 18))" in spending.defender_note.text()


def test_a_check_without_a_damage_die_can_have_a_gm_maximum(open_dialog: DialogFactory) -> None:
    """Turning undead does MHP damage without a damage die: nothing is computed."""
    document = EncounterDocument(at_turn(in_round_one(book_encounter(rules=BOOK)), "Shamira"))
    dialog, user = open_dialog(document)
    user.choose(dialog.inputs.actor_panel.action, "Attr")
    user.choose(dialog.inputs.target_panel.target, "First")
    situation = dialog.inputs.situation
    user.alt("j")
    assert situation.damage_cap.text() == "none"
    assert situation.damage_cap_note.text() == "none computed (no damage die)"
    assert "maximum damage" not in dialog.modifier_view.plain_text()
    user.alt("x")
    user.keys("2")
    assert dialog.spec is not None
    assert (dialog.spec.damage_cap, dialog.spec.damage_cap_computed) == (2, None)
    assert "maximum damage 2 (GM)" in dialog.modifier_view.plain_text()


def test_alt_x_brings_the_field_into_view(open_dialog: DialogFactory) -> None:
    """The situation's last row sits below the fold; a mnemonic scrolls its column to it."""
    dialog, user = open_dialog(gramfive_again())
    user.alt("j")
    user.click_into(dialog.inputs.actor_panel.actor)  # back at the top of the column
    area = dialog._left_area
    assert area.verticalScrollBar().value() == 0
    spin = dialog.inputs.situation.damage_cap

    def in_view() -> bool:
        top = spin.mapTo(area.viewport(), spin.rect().topLeft()).y()
        return top >= 0 and top + spin.height() <= area.viewport().height()

    assert not in_view()
    user.alt("x")
    user.qtbot.wait(10)  # the layouts settle
    assert spin.hasFocus() and in_view()
