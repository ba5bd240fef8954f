"""2e's tables, derived values and odds against the digest (shared/rules/adnd2e.md)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from m3desk.core.dice import DiceExpr
from m3desk.core.options import option_of
from m3desk.systems.adnd2e import combat, movement
from m3desk.systems.adnd2e.derive import derive
from m3desk.systems.adnd2e.option_rules import BY_THE_BOOK
from m3desk.systems.adnd2e.options import AdndOptions
from m3desk.systems.adnd2e.samples import DELSENORA, OGRE, RATH, RUPERT
from m3desk.systems.adnd2e.sheet import Abilities, CharacterSheet, MonsterSheet
from m3desk.systems.adnd2e.tables import (
    Group,
    Save,
    con_hp_adjustment,
    dex_adjustments,
    encumbered_rate,
    encumbrance_category,
    group_saves,
    monster_save_level,
    monster_thac0,
    str_adjustments,
)


def test_every_option_says_why() -> None:
    assert all(option_of(AdndOptions, name).reason for name in AdndOptions.model_fields)
    defaults = AdndOptions()
    assert (defaults.initiative, defaults.deaths_door, defaults.nat20_auto) == (
        "standard",
        False,
        True,
    )


@pytest.mark.parametrize(
    ("score", "exceptional", "hit", "damage"),
    [
        (3, 0, -3, -1),
        (7, 0, -1, 0),
        (16, 0, 0, 1),
        (17, 0, 1, 1),
        (18, 0, 1, 2),
        (18, 1, 1, 3),
        (18, 50, 1, 3),
        (18, 51, 2, 3),
        (18, 80, 2, 4),
        (18, 91, 2, 5),
        (18, 100, 3, 6),
        (19, 0, 3, 7),
        (25, 0, 7, 14),
    ],
)
def test_strength_with_exceptional_scores(
    score: int, exceptional: int, hit: int, damage: int
) -> None:
    assert str_adjustments(score, exceptional) == (hit, damage)


def test_dexterity_and_constitution() -> None:
    assert [dex_adjustments(s) for s in (3, 6, 14, 15, 16, 17, 18)] == [
        (-3, 4),
        (0, 1),
        (0, 0),
        (0, -1),
        (1, -2),
        (2, -3),
        (2, -4),
    ]
    assert con_hp_adjustment(18, warrior=True) == 4
    assert con_hp_adjustment(18, warrior=False) == 2
    assert con_hp_adjustment(17, warrior=True) == 3
    # §11.17: CON 18 fighter rolls 7 → 11; a priest → 9.
    assert 7 + con_hp_adjustment(18, warrior=True) == 11
    assert 7 + con_hp_adjustment(18, warrior=False) == 9


def test_exceptional_strength_is_for_warriors_only() -> None:
    mage = CharacterSheet(
        name="M", char_class="mage", abilities=Abilities(STR=18, STR_exceptional=80)
    )
    assert derive(mage)["str.damage"].value == 2
    assert derive(RATH)["str.damage"].value == 4


def test_rath_as_the_phb_has_him() -> None:
    """THAC0 14; the long sword +1 with STR 18/80 makes a modified THAC0 of 11; chain,
    shield and DEX 16 make AC 2, 5 from behind and 5 while charging."""
    values = derive(RATH)
    assert values["thac0"].value == 14
    assert values["weapon.0.thac0"].value == 11
    assert (values["ac"].value, values["ac.rear"].value, values["ac.charging"].value) == (2, 5, 5)
    assert values["ac"].explanation() == "AC 2 = chain mail 5 − shield 1 − DEX 16 2"


def test_an_override_shows_and_wins() -> None:
    changed = derive(RATH.model_copy(update={"overrides": {"thac0": 12}}))["thac0"]
    assert changed.value == 12 and changed.overridden
    assert "set by the GM" in changed.explanation()


def test_encumbrance_slows_and_hinders() -> None:
    """§11.9: STR 16 with 110 lb is moderate: MV 12 → 6, −1 to hit; 135 lb heavy: MV 4, −2,
    AC 1 worse."""
    assert encumbrance_category(16, 0, 110) == 2
    assert encumbrance_category(16, 0, 135) == 3
    strong = CharacterSheet(name="S", abilities=Abilities(STR=16), carried=110)
    values = derive(strong)
    assert (values["movement"].value, values["encumbrance.to_hit"].value) == (6, -1)
    heavy = derive(strong.model_copy(update={"carried": 135}))
    assert (heavy["movement"].value, heavy["encumbrance.to_hit"].value, heavy["ac"].value) == (
        4,
        -2,
        11,
    )
    assert [encumbered_rate(12, c) for c in (1, 2, 3, 4, 5)] == [8, 6, 4, 1, 0]
    assert encumbered_rate(12, 1, rounding="fg") == 9
    assert derive(strong, AdndOptions(encumbrance_slows=False))["movement"].value == 12


def test_race_movement() -> None:
    dwarf = CharacterSheet(name="D", race="dwarf")
    assert derive(dwarf)["movement"].value == 6
    assert derive(DELSENORA)["movement"].value == 12


def test_saving_throws() -> None:
    """§11.15: warrior 1 vs breath 17 → 4/20; wizard 1 vs spell 12 with WIS 16 (+2) → 11/20."""
    assert group_saves(Group.WARRIOR, 1)[Save.BW] == 17
    assert combat.save_chance(17) == Fraction(4, 20)
    assert group_saves(Group.WIZARD, 1)[Save.SP] == 12
    assert combat.save_chance(12, 2) == Fraction(11, 20)
    assert group_saves(Group.PRIEST, 7) == {
        Save.PPD: 7,
        Save.RSW: 11,
        Save.PP: 10,
        Save.BW: 13,
        Save.SP: 12,
    }


def test_monster_thac0_and_saves() -> None:
    """§11.14: ogre 4+1 → 17; troll 6+6 → counts 7 → 13; kobold ½ → 20; ogre saves as a
    5th-level warrior: 11 13 12 13 14."""
    assert monster_thac0(4, 1) == 17
    assert monster_thac0(6, 6) == 13
    assert monster_thac0(0) == 20
    assert monster_thac0(1, -1) == 20
    assert monster_thac0(16) == 5 and monster_thac0(30) == 5
    assert monster_save_level(4, 1) == 5 and monster_save_level(5, 6) == 7
    values = derive(MonsterSheet(name="Ogre", hit_dice=4, hit_dice_modifier=1))
    assert [values[f"save.{s.value}"].value for s in Save] == [11, 13, 12, 13, 14]
    assert derive(OGRE)["thac0"].explanation() == "THAC0 17: HD 4+1"


def test_initiative_odds() -> None:
    """§11.10: d10 vs d10: first 45/100, together 10/100. §11.11: fighter d10+5 against a
    wizard d10+1: first 15/100, tie 6/100."""
    assert combat.initiative_odds() == (Fraction(45, 100), Fraction(10, 100))
    assert combat.initiative_odds(5, 1) == (Fraction(15, 100), Fraction(6, 100))


def test_morale_and_surprise() -> None:
    """§11.12–13: surprised 3/10; ML 11 holds 55/100, ML 7 21/100, ML 15 85/100."""
    assert combat.surprise_chance() == Fraction(3, 10)
    assert combat.morale_hold_chance(11) == Fraction(55, 100)
    assert combat.morale_hold_chance(7) == Fraction(21, 100)
    assert combat.morale_hold_chance(15) == Fraction(85, 100)


def test_doubled_damage_doubles_the_dice_only() -> None:
    """§11.8: a set spear rolls 4 on 1d6 → 8 (STR once); a heavy lance rolls 10 on 3d6 → 20."""
    spear = DiceExpr.parse("1d6")
    assert combat.roll_damage(spear, (4,), double=True) == 8
    assert combat.roll_damage(spear, (4,), 2, double=True) == 10
    assert combat.roll_damage(spear, (4,), 2, double=True, double_bonus=True) == 12
    assert combat.roll_damage(DiceExpr.parse("3d6"), (3, 3, 4), double=True) == 20
    distribution = combat.damage_distribution(spear, double=True)
    assert distribution == {2 * n: Fraction(1, 6) for n in range(1, 7)}


def test_attack_outcomes_add_up() -> None:
    outcomes = combat.attack_outcomes(0, 14, 6, DiceExpr.parse("1d8"), 5, rule=BY_THE_BOOK)
    assert sum(outcomes.values()) == 1
    assert outcomes[0] == Fraction(7, 20)
    assert outcomes[13] == Fraction(13, 20) / 8


def test_missile_range_bands() -> None:
    """§11.7: a long bow (7/14/21 tens of yards) at 100 yd is medium −2, at 180 yd long −5,
    at 220 yd out of range."""
    feet = (210, 420, 630)
    assert combat.missile_range_modifier(60, feet) == 0
    assert combat.missile_range_modifier(300, feet) == -2
    assert combat.missile_range_modifier(540, feet) == -5
    assert combat.missile_range_modifier(660, feet) is None


def test_rear_armour_class() -> None:
    """§11.3: chain + shield + DEX 16 = AC 2; from behind AC 5 (no shield, no DEX)."""
    assert combat.rear_armour_class(2, shield=True, dex_adjustment=-2) == 5
    assert combat.rear_armour_class(2, shield=True, dex_adjustment=-2, ignore_dex=False) == 3


@pytest.mark.parametrize(
    ("rate", "rounds"),
    [
        (Fraction(1), [1, 1, 1, 1]),  # long bow on the move
        (Fraction(1, 4), [1, 0, 0, 0, 1, 0, 0, 0, 1]),  # heavy crossbow on the move
        (Fraction(1, 2), [1, 0, 1, 0]),  # heavy crossbow standing
        (Fraction(3, 2), [1, 2, 1, 2]),  # darts on the move
    ],
)
def test_firing_on_the_move_is_counted_across_rounds(rate: Fraction, rounds: list[int]) -> None:
    credit = None
    shots = []
    for _ in rounds:
        count = movement.fire_credit(credit, rate)
        shots.append(count.shots)
        credit = movement.end_round_credit(count.credit - count.shots, rate)
    assert shots == rounds


def test_rupert_fires_his_long_bow_with_dex() -> None:
    values = derive(RUPERT)
    assert values["weapon.0.to_hit"].value == 2  # DEX 17 missile +2; no STR for a bow
    assert values["weapon.0.damage"].value == 0
    assert values["weapon.1.to_hit"].value == 0 and values["weapon.1.damage"].value == 1


def test_strength_above_18_takes_what_table_1_prints_and_says_what_no_table_prints() -> None:
    """PHB Table 47 stops at 18/00. For STR 19–25 the light start and the maximum are PHB
    Table 1's weight allowance + 1 and maximum press (as on every printed row: 18/00 has
    335 lb allowance → light from 336, press 480 → max 480); the sheet says that the steps
    between are spaced as on the 18/00 row, which no book prints."""
    table_1 = {
        19: (485, 640),
        20: (535, 700),
        21: (635, 810),
        22: (785, 970),
        23: (935, 1130),
        24: (1235, 1440),
        25: (1535, 1750),
    }
    for score, (allowance, press) in table_1.items():
        assert encumbrance_category(score, 0, allowance) == 0
        assert encumbrance_category(score, 0, allowance + 1) == 1
        assert encumbrance_category(score, 0, press) == 4
        assert encumbrance_category(score, 0, press + 1) == 5
    assert encumbrance_category(18, 100, 335) == 0 and encumbrance_category(18, 100, 336) == 1
    giant = CharacterSheet(name="G", abilities=Abilities(STR=19), carried=500)
    said = derive(giant)["encumbrance"].explanation()
    assert "PHB Table 47 stops at 18/00: light from 486 lb and at most 640 lb" in said
    assert "spaced as on the 18/00 row, which no book prints" in said
    assert "Table 47" not in derive(CharacterSheet(name="N"))["encumbrance"].explanation()
