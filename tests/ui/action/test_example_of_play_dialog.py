"""The book's Example of Play, every action resolved through the dialog (digest §2.3).

Items 3–7 and 14 are initiative (ranked checks for the tracker), not actions. Where the
book departs from its own rules, the dialog gets there the way the acceptance test does:
the "book example" table rules (I1, I2), a GM adjustment (I4), the GM's number (I8), or the
GM's maximum damage for the check (I5).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import Qt

from m3desk.systems.monsters_and_magic import (
    CharacterSheet,
    Condition,
    ConditionKind,
    DurationKind,
    MonsterSheet,
    RangeBand,
    TableRules,
    Tier,
)
from m3desk.systems.monsters_and_magic.derive import derive
from m3desk.systems.monsters_and_magic.encounter import Encounter, range_between
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.games.monsters_and_magic.action.action_dialog import ActionDialog
from tests.ui.action.conftest import DialogFactory
from tests.ui.action.scene import at_turn, book_encounter, ids, in_round_one
from tests.ui.action.test_spending import backstabbed, catching_fire
from tests.ui.action.user import User

pytestmark = pytest.mark.acceptance

BOOK = TableRules.book_example()
STRICT = TableRules()


def sheet(document: EncounterDocument, first_name: str) -> CharacterSheet | MonsterSheet:
    return document.encounter.combatant(ids(document.encounter)[first_name]).sheet


def setup_action(
    user: User,
    dialog: ActionDialog,
    *,
    action: str = "",
    weapon: str = "",
    target: str = "",
    traits: tuple[str, ...] = (),
) -> None:
    panel = dialog.inputs.actor_panel
    if action:
        user.choose(panel.action, action)
    if weapon:
        user.choose(panel.weapon, weapon)
    if target:
        user.choose(dialog.inputs.target_panel.target, target)
    for trait in traits:
        user.tick(panel.traits.list, trait)


def result(dialog: ActionDialog) -> tuple[int, int, int | str]:
    resolution = dialog.resolution
    assert resolution is not None, dialog.result_view.breakdown.text()
    outcome = resolution.effect_points if resolution.succeeded else str(resolution.failure)
    return resolution.total, resolution.resistance_total, outcome


def surprise_round(rules: TableRules, turn: str) -> EncounterDocument:
    return EncounterDocument(at_turn(book_encounter(rules=rules), turn))


def round_one(
    rules: TableRules, turn: str, *, mummy: tuple[Condition, ...] = ()
) -> EncounterDocument:
    encounter: Encounter = in_round_one(book_encounter(rules=rules))
    if mummy:
        from tests.ui.action.scene import with_conditions

        encounter = with_conditions(encounter, "First", *mummy)
    return EncounterDocument(at_turn(encounter, turn))


def item_1_xiola_scouting(open_dialog: DialogFactory) -> None:
    dialog, user = open_dialog(surprise_round(BOOK, "Xiola"))
    setup_action(user, dialog, action="Attr", traits=("Excellent Perception", "Infravision"))
    user.choose(dialog.inputs.actor_panel.attribute, "WIS")
    user.choose(dialog.inputs.target_panel.resistance.rung, "Tough")
    user.type_dice(6, 5, 1)
    assert result(dialog) == (16, 15, 1)


def item_2_mummy_scouting(open_dialog: DialogFactory) -> None:
    dialog, user = open_dialog(surprise_round(BOOK, "Felix"))
    user.choose(dialog.inputs.actor_panel.actor, "First")
    setup_action(user, dialog, action="Attr")
    user.choose(dialog.inputs.actor_panel.attribute, "WIS")
    user.choose(dialog.inputs.target_panel.resistance.rung, "Tough")
    user.type_dice(4, 3, 3)
    assert result(dialog) == (12, 15, "simple")


def item_8_felix_sneaks(open_dialog: DialogFactory) -> None:
    document = surprise_round(BOOK, "Felix")
    dialog, user = open_dialog(document)
    setup_action(user, dialog, action="Change", traits=("Stealthy",))
    assert not dialog.inputs.target_panel.size_applies.isChecked()
    situation = dialog.inputs.situation
    user.alt("j")
    user.choose(situation.actor_hidden, "semi")
    user.set_number(situation.gm_resistance, -2)  # I4: the book drops the mummy's WIS +2
    user.type_dice(4, 4, 4, 4, 4, 3)
    assert result(dialog) == (19, 9, 10)
    user.set_number(dialog.assistant.bands, 2)
    user.apply()
    who = ids(document.encounter)
    assert range_between(document.encounter, who["Felix"], who["First"]) is RangeBand.CLOSE


def item_9_xiola_shield(open_dialog: DialogFactory) -> None:
    document = surprise_round(STRICT, "Xiola")
    dialog, user = open_dialog(document)
    setup_action(user, dialog, action="Cast", weapon="Shield", traits=("Spellcasting",))
    user.alt("j")
    user.tick(dialog.inputs.situation.gear, "Staff of Magic")
    assert dialog.inputs.target_panel.resistance.spell_level.value() == 1
    user.type_dice(4, 3, 3)
    assert result(dialog) == (18, 11, 7)
    row = dialog.assistant.rows[0]
    user.choose(row.kind, "effect")
    assert row.select_tier(Tier.MINOR)
    user.click_into(row.name)
    user.keys("magical shield")
    user.choose(row.duration.kind, "rounds")
    user.set_number(row.duration.number, 5)
    user.choose(row.affects, "defence")
    user.apply()
    xiola = sheet(document, "Xiola")
    [shield] = xiola.conditions
    assert (
        shield.kind,
        shield.value,
        shield.duration.kind,
        shield.duration.rounds,
        shield.affects,
    ) == (ConditionKind.EFFECT, 2, DurationKind.ROUNDS, 5, "defence")
    derived = derive(xiola)
    assert (derived["ac.now"].value, derived["ac.rolled.now"].value) == (17, 5)


def item_10_gramfive_cutter(open_dialog: DialogFactory) -> None:
    document = surprise_round(BOOK, "Gramfive")
    dialog, user = open_dialog(document)
    setup_action(user, dialog, traits=("Weapons Training",))
    user.type_dice(5, 5, 5, 6, 3, 3, 3)
    assert result(dialog) == (30, 16, 12)
    user.set_number(dialog.assistant.bands, 2)
    user.set_number(dialog.assistant.damage, 2)
    user.apply()
    assert sheet(document, "First").php.current == 47


def item_11_shamira_turns(open_dialog: DialogFactory) -> None:
    dialog, user = open_dialog(surprise_round(BOOK, "Shamira"))
    setup_action(
        user,
        dialog,
        action="Attr",
        target="First",
        traits=("Turn Undead", "Ensure the Dead Stay in the Underworld"),
    )
    user.click(dialog.inputs.actor_panel.mental)
    editor = dialog.inputs.target_panel.resistance
    user.alt("u")
    user.choose(editor.attribute, "WIS")
    user.tick(editor.target_traits.list, "Ancient Undead Horror")
    user.type_dice(2, 2, 3, 4, 4, 4)
    assert result(dialog) == (15, 20, "minor")


def item_12_disease(open_dialog: DialogFactory) -> None:
    document = surprise_round(STRICT, "Felix")
    dialog, user = open_dialog(document)
    user.choose(dialog.inputs.actor_panel.actor, "First")
    setup_action(user, dialog, weapon="Infect", target="Sham")
    situation = dialog.inputs.situation
    user.alt("j")
    user.click_into(situation.other_name)
    user.keys("from Shamira's minor consequence")
    user.set_number(situation.other_value, 2)
    user.type_dice(5, 4, 4, 2)
    assert result(dialog) == (18, 10, 10)
    row = dialog.assistant.rows[0]
    assert row.select_tier(Tier.MAJOR)
    user.click_into(row.name)
    user.keys("regressing to ape-man")
    user.click_into(row.duration.kind)
    user.press(Qt.Key.Key_End)  # the last kind: until thrown off
    assert row.duration.kind.currentText() == "until thrown off"
    user.set_number(row.duration.number, 10)
    assert not dialog.assistant.defender.isEnabled()  # she has no hero point
    user.apply()
    [regressing] = sheet(document, "Shamira").conditions
    assert (regressing.value, regressing.duration.contest_target) == (-4, 10)


def item_13_guido_inspires(open_dialog: DialogFactory) -> None:
    document = surprise_round(STRICT, "Guido")
    dialog, user = open_dialog(document)
    setup_action(
        user,
        dialog,
        action="Help",
        target="Sham",
        traits=("Help Others Fight or Face Danger", "Use Your Music to Help People"),
    )
    user.type_dice(4, 4, 3)
    assert result(dialog) == (19, 10, 9)
    user.click_into(dialog.assistant.towards)
    user.keys("Turn Undead")
    user.apply()
    assert [(c.name, c.value) for c in sheet(document, "Shamira").conditions] == [
        ("help from Guido of Gramarye", 9)
    ]


def item_15_felix_backstabs(open_dialog: DialogFactory) -> None:
    document = round_one(BOOK, "Felix")
    dialog, user = open_dialog(document)
    setup_action(user, dialog, traits=("Simple Weapons", "Stealthy"))
    user.alt("j")
    user.choose(dialog.inputs.situation.actor_hidden, "semi")
    user.type_dice(5, 5, 5, 3)
    assert result(dialog) == (26, 15, 9)
    user.set_number(dialog.assistant.hero, 1)
    row = dialog.assistant.rows[0]
    assert row.select_tier(Tier.MAJOR)
    user.click_into(row.name)
    user.keys("backstabbed!")
    user.apply()
    assert [c.value for c in sheet(document, "First").conditions] == [-4]


def item_16_magic_missile(open_dialog: DialogFactory) -> None:
    document = round_one(BOOK, "Xiola", mummy=(backstabbed(),))
    dialog, user = open_dialog(document)
    setup_action(user, dialog, action="Cast", weapon="Magic", traits=("Spellcasting",))
    editor = dialog.inputs.target_panel.resistance
    assert editor.concentration.currentText().startswith("Dangerous")
    user.set_number(editor.spell_level, 0)  # I6: the book adds no spell level (nor staff)
    user.type_dice(5, 5, 4, 3)
    assert result(dialog) == (25, 15, 10)
    row = dialog.assistant.rows[0]
    assert row.select_tier(Tier.MINOR)
    user.click_into(row.name)
    user.keys("catching fire")
    user.set_number(dialog.assistant.damage, 5)
    user.apply()
    mummy = sheet(document, "First")
    assert mummy.php.current == 44 and [c.name for c in mummy.conditions][-1] == "catching fire"


def item_17_mummy_bashes(open_dialog: DialogFactory) -> None:
    document = round_one(STRICT, "First", mummy=(backstabbed(),))
    dialog, user = open_dialog(document)
    setup_action(user, dialog, target="Gram")
    user.type_dice(5, 5, 5, 7)
    assert result(dialog) == (38, 21, 19)
    row = dialog.assistant.rows[0]
    assert row.select_tier(Tier.EXTREME)
    user.click_into(row.name)
    user.keys("chest bashed in")
    user.click(dialog.assistant.defender)
    user.apply()
    assert sheet(document, "Gramfive").php.current == 7


def item_18_gramfive_again(open_dialog: DialogFactory) -> None:
    document = round_one(BOOK, "Gramfive", mummy=(backstabbed(), catching_fire()))
    dialog, user = open_dialog(document)
    setup_action(user, dialog, traits=("Weapons Training",))
    user.type_dice(5, 5, 4, 2)
    assert result(dialog) == (25, 11, 12)
    assert not dialog.assistant.rows[0].select_tier(Tier.MINOR)  # no second minor
    assert dialog.assistant.damage.maximum() == 10
    user.alt("j")
    user.alt("x")  # I5: the GM sets this check's maximum damage to 12, as printed
    user.keys("12")
    user.set_number(dialog.assistant.damage, 12)
    user.apply()
    assert sheet(document, "First").php.current == 37  # 49 − 12 (42 − 12 = 30 in the book)


def item_19_shamira_turns_again(open_dialog: DialogFactory) -> None:
    from m3desk.systems.monsters_and_magic.spending import help_condition
    from tests.ui.action.scene import with_conditions

    encounter = in_round_one(book_encounter(rules=BOOK))
    encounter = with_conditions(
        encounter,
        "Shamira",
        Condition.make("regressing to ape-man", ConditionKind.CONSEQUENCE, Tier.MAJOR),
        help_condition(9, "Guido of Gramarye", "Turn Undead"),
    )
    document = EncounterDocument(at_turn(encounter, "Shamira"))
    dialog, user = open_dialog(document)
    setup_action(
        user,
        dialog,
        action="Attr",
        target="First",
        traits=("Turn Undead", "Ensure the Dead Stay in the Underworld"),
    )
    user.click(dialog.inputs.actor_panel.mental)
    user.alt("n")  # I8: the GM's number, 16
    user.set_number(dialog.inputs.target_panel.resistance.fixed, 16)
    user.type_dice(2, 2, 2)
    assert result(dialog) == (19, 16, 3)
    assert dialog.assistant.damage.suffix() == " MHP"
    user.set_number(dialog.assistant.damage, 3)
    user.apply()
    assert sheet(document, "First").mhp.current == 53
    assert [c.name for c in sheet(document, "Shamira").conditions] == ["regressing to ape-man"]


def item_20_disease_again(open_dialog: DialogFactory) -> None:
    document = round_one(STRICT, "First")
    dialog, user = open_dialog(document)
    setup_action(user, dialog, weapon="Infect", target="Sham")
    user.type_dice(5, 5, 5, 5)
    assert result(dialog) == (21, 10, 13)
    user.set_number(dialog.assistant.damage, 13)
    user.apply()
    assert sheet(document, "Shamira").php.current == 3


def item_21_guido_heals(open_dialog: DialogFactory) -> None:
    document = round_one(STRICT, "Guido")
    dialog, user = open_dialog(document)
    setup_action(
        user,
        dialog,
        action="Help",
        target="Sham",
        traits=("Help Others Fight or Face Danger", "Use Your Music to Help People"),
    )
    user.choose(dialog.inputs.target_panel.resistance.rung, "Tough")
    user.type_dice(4, 4, 4)
    assert result(dialog) == (20, 15, 5)
    user.click_into(dialog.assistant.towards)
    user.keys("CON resistance")
    user.apply()
    [help_5] = sheet(document, "Shamira").conditions
    assert (help_5.value, help_5.scope) == (5, "CON resistance")


ITEMS: list[Callable[[DialogFactory], None]] = [
    item_1_xiola_scouting,
    item_2_mummy_scouting,
    item_8_felix_sneaks,
    item_9_xiola_shield,
    item_10_gramfive_cutter,
    item_11_shamira_turns,
    item_12_disease,
    item_13_guido_inspires,
    item_15_felix_backstabs,
    item_16_magic_missile,
    item_17_mummy_bashes,
    item_18_gramfive_again,
    item_19_shamira_turns_again,
    item_20_disease_again,
    item_21_guido_heals,
]


@pytest.mark.parametrize("item", ITEMS, ids=lambda f: f.__name__)
def test_the_dialog_resolves_every_action_of_the_example(
    item: Callable[[DialogFactory], None], open_dialog: DialogFactory
) -> None:
    item(open_dialog)
