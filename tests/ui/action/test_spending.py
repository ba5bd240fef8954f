"""The spending assistant offers only legal spends and says why (digest §2.3, items 15–19)."""

from __future__ import annotations

from PySide6.QtCore import Qt

from m3desk.systems.monsters_and_magic import Condition, ConditionKind, TableRules, Tier
from m3desk.systems.monsters_and_magic.encounter import Encounter, mark_applied
from m3desk.ui.action.combo_items import entry_enabled
from m3desk.ui.documents.encounter_document import EncounterDocument
from tests.ui.action.conftest import DialogFactory
from tests.ui.action.scene import at_turn, book_encounter, ids, in_round_one, with_conditions

BOOK = TableRules.book_example()


def backstabbed() -> Condition:
    return Condition.make(
        "backstabbed!",
        ConditionKind.CONSEQUENCE,
        Tier.MAJOR,
        scope="combat actions",
        source="Felix Pook",
    )


def catching_fire() -> Condition:
    return Condition.make(
        "catching fire", ConditionKind.CONSEQUENCE, Tier.MINOR, source="Xiola Zenwaith"
    )


def round_one(rules: TableRules = BOOK) -> Encounter:
    return in_round_one(book_encounter(rules=rules))


def test_item_18_damage_is_capped_and_no_tier_is_left(open_dialog: DialogFactory) -> None:
    """Item 18: 14 + 8 + 3 = 25 vs AC 17 − 4 − 2 = 11 → 12 EP; Cutter's cap is 10.

    The mummy already suffers a major and a minor consequence; an extreme one costs 15.
    """
    encounter = with_conditions(round_one(), "First", backstabbed(), catching_fire())
    dialog, user = open_dialog(at_turn(encounter, "Gramfive"))
    user.tick(dialog.inputs.actor_panel.traits.list, "Weapons Training")
    assert "backstabbed! −4" in dialog.inputs.situation.summary_text()
    user.type_dice(5, 5, 4, 2)
    assert (
        dialog.result_view.breakdown_text()
        == "14 + 8 + 3 = 25 vs 11 → 14 EP; larger target −2 → 12 EP"
    )

    spending = dialog.assistant
    assert spending.damage.maximum() == 10
    assert "maximum damage 10" in spending.damage.toolTip()
    user.set_number(spending.damage, 12)
    assert spending.damage.value() == 1  # "12" is refused at its second digit
    user.set_number(spending.damage, 10)
    assert spending.damage.value() == 10

    row = spending.rows[0]
    reasons = {
        tier: row.tier.itemData(row.tier.findData(tier.value), Qt.ItemDataRole.ToolTipRole)
        for tier in Tier
    }
    assert not any(entry_enabled(row.tier, i) for i in range(1, 4))
    assert "already has a minor consequence (catching fire)" in reasons[Tier.MINOR]
    assert "already has a major consequence (backstabbed!)" in reasons[Tier.MAJOR]
    # The same "left" as the header's (2), and what giving the damage back would free.
    assert reasons[Tier.EXTREME] == "extreme costs 15 EP; 2 left, 12 with the damage given back"
    note = row.note.text()  # visible without hovering, for keyboard users too
    assert "already has a minor consequence" in note and "not enough effect points" in note
    assert note.count("choose something else") == 1  # the two refusals said in one sentence
    assert "(catching fire) and a major consequence (backstabbed!); choose" in note
    user.click_into(row.tier)
    user.press(Qt.Key.Key_Down)
    assert row.current_tier() is None
    assert spending.status.text() == "12 EP to spend  ·  10 spent  ·  2 left"


def test_a_second_minor_consequence_is_refused_but_a_major_is_offered(
    open_dialog: DialogFactory,
) -> None:
    encounter = with_conditions(round_one(), "First", catching_fire())
    dialog, user = open_dialog(at_turn(encounter, "Gramfive"))
    user.tick(dialog.inputs.actor_panel.traits.list, "Weapons Training")
    user.type_dice(6, 6, 5, 8)  # 17 + 8 + 9 = 34 vs 15 → 19, −2 → 17 EP
    spending = dialog.assistant
    assert spending.damage.maximum() == 10
    row = spending.rows[0]
    assert not row.select_tier(Tier.MINOR)
    user.click_into(row.tier)
    user.press(Qt.Key.Key_Down)  # skips the greyed-out minor tier
    assert row.current_tier() is Tier.MAJOR
    user.click_into(row.name)
    user.keys("lacerated")
    assert spending.damage.maximum() == 7  # 17 − 10 left, under the cap of 10
    user.set_number(spending.damage, 7)
    assert spending.status.text() == "17 EP to spend  ·  17 spent  ·  0 left"
    assert dialog.apply_button.isEnabled()


def test_an_unnamed_consequence_is_a_problem_listed_and_blocks_apply(
    open_dialog: DialogFactory,
) -> None:
    dialog, user = open_dialog(at_turn(round_one(), "Gramfive"))
    user.type_dice(6, 6, 5, 8)
    row = dialog.assistant.rows[0]
    user.click_into(row.tier)
    user.press(Qt.Key.Key_Down)
    assert row.current_tier() is Tier.MINOR
    assert not dialog.apply_button.isEnabled()
    assert any("name the minor consequence" in p for p in dialog.assistant.problems_list())
    assert "name the minor consequence" in dialog.assistant.problems.text()


def test_felix_bumps_9_to_10_with_his_hero_point_for_backstabbed(
    open_dialog: DialogFactory,
) -> None:
    """Item 15: 15 + 8 + 3 = 26 vs AC 17 − 2 (semi-concealed) = 15 → 11, −2 → 9 EP."""
    document = EncounterDocument(at_turn(round_one(), "Felix"))
    who = ids(document.encounter)
    dialog, user = open_dialog(document)
    panel = dialog.inputs.actor_panel
    assert panel.weapon.currentText() == "Dagger"
    for trait in ("Simple Weapons", "Stealthy"):
        user.tick(panel.traits.list, trait)
    situation = dialog.inputs.situation
    user.alt("j")
    assert situation.body.isVisible()
    user.choose(situation.actor_hidden, "semi")
    user.type_dice(5, 5, 5, 3)
    assert (
        dialog.result_view.breakdown_text()
        == "15 + 8 + 3 = 26 vs 15 → 11 EP; larger target −2 → 9 EP"
    )

    spending = dialog.assistant
    row = spending.rows[0]
    major = row.tier.findData(Tier.MAJOR.value)
    assert not entry_enabled(row.tier, major)
    assert "major costs 10 EP; 9 left" in row.tier.itemData(major, Qt.ItemDataRole.ToolTipRole)
    user.alt("h")
    user.keys("1")
    assert spending.hero.value() == 1
    assert spending.hero_note.text() == "9 → 10 EP"
    assert entry_enabled(row.tier, major)
    assert row.select_tier(Tier.MAJOR)
    user.click_into(row.name)
    user.keys("backstabbed!")
    assert spending.status.text() == "10 EP to spend  ·  10 spent  ·  0 left"
    user.apply()

    after = document.encounter
    felix = after.combatant(who["Felix"]).sheet
    mummy = after.combatant(who["First"]).sheet
    assert felix.hero_points == 0
    assert [(c.name, c.tier, c.value, c.kind) for c in mummy.conditions] == [
        ("backstabbed!", Tier.MAJOR, -4, ConditionKind.CONSEQUENCE)
    ]
    assert mummy.conditions[0].id in after.applied_at
    assert "Felix Pook spends 1 hero point(s)" in after.log[-1].text


def test_gramfive_takes_18_damage_instead_of_chest_bashed_in(open_dialog: DialogFactory) -> None:
    """Item 17: 15 + 20 + 7 − 4 = 38 vs AC 19 + 2 = 21 → 17, +2 → 19 EP; cap 18."""
    encounter = with_conditions(round_one(TableRules()), "First", backstabbed())
    document = EncounterDocument(at_turn(encounter, "First"))
    who = ids(document.encounter)
    dialog, user = open_dialog(document)
    assert dialog.inputs.actor_panel.weapon.currentText() == "Bash"
    assert not dialog.inputs.actor_panel.attribute.isEnabled()
    assert dialog.request is not None and dialog.request.target_id == who["Felix"]
    user.choose(dialog.inputs.target_panel.target, "Gram")
    assert dialog.inputs.situation.actor_conditions.checked_keys()  # backstabbed! counts
    user.type_dice(5, 5, 5, 7)
    assert (
        dialog.result_view.breakdown_text()
        == "15 + 16 + 7 = 38 vs 21 → 17 EP; smaller target +2 → 19 EP"
    )

    spending = dialog.assistant
    assert not spending.defender.isVisibleTo(spending)  # only once a consequence is chosen
    row = spending.rows[0]
    assert row.select_tier(Tier.EXTREME)
    user.click_into(row.name)
    user.keys("chest bashed in")
    assert spending.defender.isVisibleTo(spending) and spending.defender.isEnabled()
    assert spending.defender.text() == "Gramfive the Grim takes 18 damage &instead"
    assert "all 19 effect points become damage (at most 18)" in spending.defender_note.text()
    user.alt("i")
    assert spending.defender.isChecked()
    assert not spending.damage.isEnabled()
    assert "Gramfive the Grim PHP 25 → 7" in spending.preview.text()
    assert spending.status.text() == "19 EP: the defender takes 18 damage instead"
    user.apply()

    gramfive = document.encounter.combatant(who["Gramfive"]).sheet
    assert (gramfive.php.current, gramfive.hero_points, gramfive.conditions) == (7, 0, ())
    assert "spends a hero point to take 18 damage instead" in document.encounter.log[-1].text


def test_without_a_hero_point_the_consequence_stands(open_dialog: DialogFactory) -> None:
    """Item 12: Shamira has spent her hero point; the defender's choice is not offered."""
    encounter = in_round_one(book_encounter())
    dialog, user = open_dialog(at_turn(encounter, "First"))
    user.choose(dialog.inputs.actor_panel.weapon, "Infect")
    user.choose(dialog.inputs.target_panel.target, "Sham")
    request = dialog.request
    assert request is not None and request.resistance.attribute is not None
    assert request.resistance.attribute.value == "CON"
    user.type_dice(6, 6, 6, 2)
    row = dialog.assistant.rows[0]
    assert row.select_tier(Tier.MAJOR)
    defender = dialog.assistant.defender
    assert defender.isVisibleTo(dialog.assistant) and not defender.isEnabled()
    assert (
        "Shamira Sunfire has no hero point: the consequence stands"
        in dialog.assistant.defender_note.text()
    )


def test_simultaneous_consequences_are_shown_but_not_ticked(open_dialog: DialogFactory) -> None:
    """Item 17: catching fire, placed at the mummy's own count, does not hinder its bash."""
    encounter = with_conditions(round_one(), "First", backstabbed(), catching_fire())
    who = ids(encounter)
    fire = encounter.combatant(who["First"]).sheet.conditions[1]
    encounter = at_turn(encounter, "Xiola")
    encounter = mark_applied(encounter, [fire.id]).model_copy(update={"turn": who["First"]})
    dialog, _user = open_dialog(encounter)
    situation = dialog.inputs.situation
    assert situation.actor_conditions.entry_keys() == (
        encounter.combatant(who["First"]).sheet.conditions[0].id,
        fire.id,
    )
    assert situation.actor_conditions.checked_keys() == (
        encounter.combatant(who["First"]).sheet.conditions[0].id,
    )
    assert "not yet in force" in situation.actor_conditions.item(1).text()
