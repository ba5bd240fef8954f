"""A monster's armour bonus (seed 001's orc) and mental armour, and old files still opening."""

from __future__ import annotations

from m3desk.systems.monsters_and_magic import (
    Attribute,
    Attributes,
    CharacterSheet,
    MonsterSheet,
    ResistanceChoice,
    ResistanceKind,
    Trait,
    TraitKind,
    build_check,
    derive,
)


def orc(**changes) -> MonsterSheet:
    return MonsterSheet(
        name="orc",
        attributes=Attributes(DEX=12),
        traits=(Trait(name="orc weapons", kind=TraitKind.MONSTER, armour=True),),
        **changes,
    )


def test_the_orcs_ac_is_built_from_its_armour_bonus() -> None:
    """Seed 001: DEX 12 + armour bonus 1 + trait bonus 1 (level 1) = AC 14."""
    values = derive(orc(armour_bonus=1))
    assert values["ac"].value == 14
    assert values["ac"].explanation() == "AC 14 = DEX 12 + armour bonus 1 + trait 1"
    # Rolled: DEX modifier +1, armour +1, trait +1: 3d6 + 3.
    assert values["ac.rolled"].value == 3


def test_without_an_armour_bonus_the_stat_block_numbers_stand() -> None:
    values = derive(orc(armour_class=17, rolled_defence=7))
    assert (values["ac"].value, values["ac.rolled"].value) == (17, 7)
    # An armour bonus replaces the written numbers; they are kept for when it is cleared.
    assert derive(orc(armour_class=17, armour_bonus=4))["ac"].value == 12 + 4 + 1


def test_mental_armour_adds_to_a_monsters_mental_resistance() -> None:
    bard = CharacterSheet(name="Guido", attributes=Attributes(CHA=14))
    wis = ResistanceChoice(kind=ResistanceKind.ATTRIBUTE, attribute=Attribute.WIS)
    plain = build_check(bard, attribute=Attribute.CHA, target=orc(), resistance=wis, mental=True)
    armoured = build_check(
        bard, attribute=Attribute.CHA, target=orc(mental_armour=4), resistance=wis, mental=True
    )
    assert armoured.resistance.value == plain.resistance.value + 4
    physical = build_check(
        bard, attribute=Attribute.STR, target=orc(mental_armour=4), resistance=wis, mental=False
    )
    assert physical.resistance.value == plain.resistance.value


def test_a_monster_saved_before_these_fields_still_opens() -> None:
    old = {"kind": "monster", "name": "Mummy", "level": 6, "armour_class": 17, "rolled_defence": 7}
    mummy = MonsterSheet.model_validate(old)
    assert mummy.armour_bonus is None and mummy.mental_armour == 0
    assert derive(mummy)["ac"].value == 17
