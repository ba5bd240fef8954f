"""Small fixture sheets: Gramfive (the book's fighter) and a mummy, and documents over them."""

from __future__ import annotations

import pytest

from m3desk.systems.monsters_and_magic import (
    Attribute,
    Attributes,
    CharacterSheet,
    Condition,
    ConditionKind,
    Item,
    MonsterAttack,
    MonsterSheet,
    Pool,
    Spell,
    Tier,
    Trait,
    TraitKind,
)
from m3desk.systems.monsters_and_magic.movement import ArmourWeight
from m3desk.ui.documents.sheet_document import SheetDocument


def make_gramfive() -> CharacterSheet:
    """Level 1 fighter: AC 19 = DEX 13 + scale mail 4 + shield 1 + trait 1, rolled +7."""
    return CharacterSheet(
        name="Gramfive",
        level=1,
        race="human",
        char_class="fighter",
        prime=Attribute.STR,
        attributes=Attributes(STR=17, DEX=13, CON=15, INT=10, WIS=10, CHA=10),
        php=Pool.full(15),
        mhp=Pool.full(10),
        hero_points=1,
        items=(
            Item(name="scale mail", kind="armour", armour_bonus=4, weight=ArmourWeight.MEDIUM),
            Item(name="shield", kind="shield", armour_bonus=1),
            Item(name="Cutter", kind="weapon", damage="1d8+1", signature=True, to_hit=1),
        ),
        traits=(
            Trait(
                name="Weapons Training",
                kind=TraitKind.CLASS,
                armour=True,
                helps_with="weapons and armour",
            ),
            Trait(name="Soldier", kind=TraitKind.PERSONAL, helps_with="drill, tactics"),
        ),
        spells=(Spell(name="Magic Missile", level=1, damage="1d4+1"),),
        conditions=(
            Condition.make("catching fire", ConditionKind.CONSEQUENCE, Tier.MINOR, source="Xiola"),
        ),
    )


def make_mummy() -> MonsterSheet:
    """AC 17 (+7), one claw attack and one monster action."""
    return MonsterSheet(
        name="Mummy",
        level=6,
        armour_class=17,
        rolled_defence=7,
        attributes=Attributes(STR=18, DEX=8, CON=16),
        php=Pool.full(40),
        mhp=Pool.full(20),
        traits=(Trait(name="Undead", kind=TraitKind.MONSTER, initiative=True),),
        attacks=(
            MonsterAttack(name="Claw", bonus=7, damage="1d8"),
            MonsterAttack(name="Infect with Regressing Disease", action=True, resisted_by="CON"),
        ),
    )


@pytest.fixture
def gramfive() -> CharacterSheet:
    return make_gramfive()


@pytest.fixture
def mummy() -> MonsterSheet:
    return make_mummy()


@pytest.fixture
def document(gramfive: CharacterSheet, qapp) -> SheetDocument:
    return SheetDocument(gramfive)


@pytest.fixture
def monster_document(mummy: MonsterSheet, qapp) -> SheetDocument:
    return SheetDocument(mummy)
