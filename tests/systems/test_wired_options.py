"""The options that used to do nothing, wired into the one rule each belongs to, with the
digests' numbers (ose.md §3–§4, §6; adnd2e.md §5; apparatus.md §7)."""

from __future__ import annotations

from fractions import Fraction

from m3desk.core.dice import DiceExpr
from m3desk.systems.adnd2e import combat as adnd_combat
from m3desk.systems.adnd2e.option_rules import BY_THE_BOOK, attack_rule
from m3desk.systems.adnd2e.options import AdndOptions
from m3desk.systems.apparatus.options import ApparatusOptions
from m3desk.systems.apparatus.sheet import Weapon as ApparatusWeapon
from m3desk.systems.ose import combat as ose_combat
from m3desk.systems.ose.forms import starting_hit_points, weapon
from m3desk.systems.ose.options import OseOptions
from m3desk.systems.ose.table import reloads
from m3desk.systems.ose.tables import OseClass


def test_ose_first_level_rerolls_of_1_and_2_raise_the_die_s_average() -> None:
    plain, rerolled = OseOptions(), OseOptions(hp_reroll_1_2=True)
    # d8: 1…8 averages 4.5 → 5; 3…8 averages 5.5 → 6. d4: 2.5 → 3 and 3.5 → 4.
    assert starting_hit_points(OseClass.FIGHTER, 10, plain) == 5
    assert starting_hit_points(OseClass.FIGHTER, 10, rerolled) == 6
    assert starting_hit_points(OseClass.MAGIC_USER, 10, plain) == 3
    assert starting_hit_points(OseClass.MAGIC_USER, 10, rerolled) == 4
    maximum = OseOptions(starting_hit_points="maximum", hp_reroll_1_2=True)
    assert starting_hit_points(OseClass.FIGHTER, 10, maximum) == 8


def test_ose_ascending_ac_names_aac_and_the_attack_bonus_and_has_no_plateaus() -> None:
    ascending = OseOptions(ascending_ac=True)
    assert ose_combat.armour_class_text(0, OseOptions()) == "AC 0 [19]"
    assert ose_combat.armour_class_text(0, ascending) == "AAC 19 [0]"
    assert ose_combat.attack_value_text(14, ascending) == "AB +5 [14]"
    assert ose_combat.need_text(19, -3, ascending) == "AAC 22 − attack bonus +0"
    # Worked number 3: THAC0 19, +2 against AC −3: the matrix 3/20, AAC 1/20.
    for options, chance in ((OseOptions(), Fraction(3, 20)), (ascending, Fraction(1, 20))):
        need = ose_combat.needed(19, -3, table=ose_combat.attack_procedure(options))
        assert (
            ose_combat.hit_chance(19, -3, 2, table=ose_combat.attack_procedure(options)) == chance
        ), need


def test_ose_the_crossbow_is_the_list_s_reload_weapon() -> None:
    assert reloads(weapon("crossbow")) and not reloads(weapon("short bow"))


def test_adnd_double_dice_criticals_roll_the_dice_twice_on_a_natural_20() -> None:
    dagger = DiceExpr.parse("1d4")
    plain = adnd_combat.attack_outcomes(0, 20, 10, dagger, rule=BY_THE_BOOK)  # natural 10+ hits
    doubled = adnd_combat.attack_outcomes(
        0, 20, 10, dagger, rule=attack_rule(AdndOptions(critical_hits="double_dice"))
    )
    assert max(plain) == 4 and max(doubled) == 8
    assert sum(plain.values()) == sum(doubled.values()) == 1
    assert plain[0] == doubled[0] == Fraction(9, 20)
    # Only the natural 20 (1/20) rolls 2d4: 8 comes up once in 16 of those.
    assert doubled[8] == Fraction(1, 20) * Fraction(1, 16)


def test_apparatus_weapons_without_ranges_use_the_table_s_bands() -> None:
    sling = ApparatusWeapon(name="sling", ranged=True)
    assert sling.ranges(ApparatusOptions()) == (10, 30)
    assert sling.ranges(ApparatusOptions(near_range=15, far_range=60)) == (15, 60)
    bow = ApparatusWeapon(name="long bow", ranged=True, near=30, far=90)
    assert bow.ranges(ApparatusOptions(near_range=15, far_range=60)) == (30, 90)


def test_apparatus_files_from_before_speed_and_table_ranges_still_open() -> None:
    """Files that wrote every weapon's 10/30 m and no Speed keep their numbers."""
    from pathlib import Path

    from m3desk.storage.catalog import sheets
    from m3desk.storage.documents import load_document
    from m3desk.systems.apparatus.derive import derive

    folder = Path(__file__).parents[1] / "fixtures" / "apparatus_v1"
    kestrel = load_document(folder / "kestrel.m3c", sheets()).model
    brute = load_document(folder / "brute.m3m", sheets()).model
    bow = kestrel.weapons[1]
    assert (bow.name, bow.near, bow.far) == ("shortbow", 10, 30)
    assert bow.ranges(ApparatusOptions(near_range=15, far_range=60)) == (10, 30)
    assert kestrel.speed is None and derive(kestrel)["speed"].value == 6
    assert brute.speed is None and derive(brute)["speed"].value == 6
