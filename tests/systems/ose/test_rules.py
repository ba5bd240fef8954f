"""OSE's rules against the digest's worked numbers (shared/rules/ose.md §13–14)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from m3desk.core.dice import DiceExpr
from m3desk.core.options import option_of
from m3desk.systems.ose import combat, movement
from m3desk.systems.ose.options import OseOptions
from m3desk.systems.ose.tables import (
    ARMOUR_AC,
    OseClass,
    Save,
    class_saves,
    class_thac0,
    dex_initiative,
    monster_saves,
    monster_thac0,
    standard_modifier,
)


def test_every_option_says_why() -> None:
    assert all(option_of(OseOptions, name).reason for name in OseOptions.model_fields)


@pytest.mark.parametrize(
    ("score", "modifier"), [(3, -3), (5, -2), (8, -1), (9, 0), (12, 0), (13, 1), (16, 2), (18, 3)]
)
def test_ability_modifiers(score: int, modifier: int) -> None:
    assert standard_modifier(score) == modifier


def test_dex_to_individual_initiative() -> None:
    assert [dex_initiative(s) for s in (3, 5, 9, 13, 17, 18)] == [-2, -1, 0, 1, 1, 2]


@pytest.mark.parametrize(
    ("cls", "level", "thac0"),
    [
        (OseClass.FIGHTER, 1, 19),
        (OseClass.FIGHTER, 5, 17),
        (OseClass.FIGHTER, 13, 10),
        (OseClass.MAGIC_USER, 5, 19),
        (OseClass.MAGIC_USER, 6, 17),
        (OseClass.THIEF, 9, 14),
        (OseClass.HALFLING, 8, 14),
        (OseClass.CLERIC, 13, 12),
    ],
)
def test_thac0_by_class_and_level(cls: OseClass, level: int, thac0: int) -> None:
    assert class_thac0(cls, level) == thac0


def test_saves_by_class_and_level() -> None:
    assert class_saves(OseClass.DWARF, 1) == {
        Save.DEATH: 8,
        Save.WANDS: 9,
        Save.PARALYSIS: 10,
        Save.BREATH: 13,
        Save.SPELLS: 12,
    }
    assert class_saves(OseClass.FIGHTER, 13)[Save.BREATH] == 5


def test_srd_attack_example() -> None:
    """Fighter 5 (THAC0 17) with STR 13 rolls 14: 15 hits AC 2 in the matrix."""
    assert combat.needed(17, 2) == 15
    assert 14 + standard_modifier(13) >= combat.needed(17, 2)


def test_worked_hit_chances() -> None:
    assert combat.hit_chance(19, 9, 2) == Fraction(13, 20)  # §14.1
    assert combat.hit_chance(19, 9, 1) == Fraction(12, 20)  # §14.2, medium range
    assert combat.hit_chance(19, 9, 2) == Fraction(13, 20)  # §14.2, short range +1
    assert combat.hit_chance(19, -3, 2) == Fraction(3, 20)  # §14.3, matrix plateau
    assert combat.hit_chance(19, -3, 2, table="arithmetic") == Fraction(1, 20)
    assert combat.hit_chance(10, 9, -3) == Fraction(16, 20)  # §14.4, low plateau
    assert combat.hit_chance(10, 9, -3, table="arithmetic") == Fraction(17, 20)
    assert combat.hit_chance(19, 5, 2) == Fraction(9, 20)  # §14.5, retreating: AC 5, +2
    assert combat.hit_chance(19, 4) == Fraction(6, 20)
    assert combat.hit_chance(19, 7, 4) == Fraction(13, 20)  # §14.6, back-stab


def test_hit_chance_matches_brute_force() -> None:
    for thac0 in range(5, 21):
        for ac in range(-5, 10):
            for modifier in range(-4, 5):
                need = combat.needed(thac0, ac)
                hits = sum(1 for n in range(1, 21) if n == 20 or (n != 1 and n + modifier >= need))
                assert combat.hit_chance(thac0, ac, modifier) == Fraction(hits, 20)


def test_damage_is_at_least_one() -> None:
    dist = combat.damage_distribution(DiceExpr.parse("1d6"), -1)  # §14.8
    assert dist == {
        1: Fraction(2, 6),
        2: Fraction(1, 6),
        3: Fraction(1, 6),
        4: Fraction(1, 6),
        5: Fraction(1, 6),
    }
    assert sum(k * p for k, p in dist.items()) == Fraction(8, 3)
    doubled = combat.damage_distribution(DiceExpr.parse("1d4"), multiplier=2)
    assert set(doubled) == {2, 4, 6, 8}  # §14.6, back-stab with a dagger


def test_initiative_surprise_and_morale() -> None:
    assert combat.side_initiative_win_chance() == Fraction(1, 2)  # §14.9
    assert combat.side_initiative_win_chance(ties="simultaneous") == Fraction(15, 36)
    assert combat.side_initiative_win_chance(2, 0) == Fraction(13, 16)  # §14.10
    assert combat.surprise_chance() == Fraction(1, 3)  # §14.11
    assert combat.morale_pass_chance(8) == Fraction(26, 36)  # §14.12
    assert combat.morale_pass_chance(7) == Fraction(21, 36)
    assert combat.morale_pass_chance(12) is None and combat.morale_pass_chance(2) is None


def test_monsters_by_hit_dice() -> None:
    assert monster_thac0(4, plus=1) == 15  # §14.14: an ogre, HD 4+1
    assert monster_saves(4) == {
        Save.DEATH: 10,
        Save.WANDS: 11,
        Save.PARALYSIS: 12,
        Save.BREATH: 13,
        Save.SPELLS: 14,
    }
    assert monster_thac0(2) == 18 and monster_thac0(2, plus=1) == 17
    assert monster_thac0(0, normal_human=True) == 20


def test_armour_and_ascending_ac() -> None:
    ac = ARMOUR_AC["plate mail"] - 1 - standard_modifier(16)  # §14.7
    assert ac == 0 and 19 - ac == 19
    assert 19 - class_thac0(OseClass.FIGHTER, 7) == 5


def test_movement() -> None:
    assert movement.base_rate(encumbrance="detailed", coins=550) == 90  # §14.15
    assert movement.overland_miles(90) == 18
    assert movement.base_rate(encumbrance="detailed", coins=1601) is None
    assert movement.withdrawal(120, "fighting withdrawal") == 20  # §14.16
    assert movement.withdrawal(120, "retreat") == 40
    assert movement.base_rate(encumbrance="basic", armour="heavy", treasure=True) == 30
