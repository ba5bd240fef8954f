"""The tables 2e characters and monsters are built from (shared/rules/adnd2e.md §1–§3, §6–§8).

Ability adjustments (STR with 18/01–18/00, DEX, CON with the warrior-only values, WIS), THAC0
and saving throws by class group and level, monster THAC0 by Hit Dice, armour, race movement,
encumbrance, and the weapons of PHB Tables 44/45 with speed factor, damage S-M / L, rate of
fire and ranges.
"""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction
from typing import NamedTuple

__all__ = [
    "ARMOUR_AC",
    "CLASS_GROUP",
    "GROUP_HIT_DIE",
    "HP_AFTER_NAME_LEVEL",
    "NAME_LEVEL",
    "RACE_MOVEMENT",
    "SIZES",
    "WEAPONS",
    "Group",
    "Save",
    "WeaponStats",
    "con_hp_adjustment",
    "dex_adjustments",
    "encumbrance_category",
    "encumbrance_source",
    "group_saves",
    "group_thac0",
    "monster_save_level",
    "monster_thac0",
    "nonproficiency_penalty",
    "str_adjustments",
    "wis_magic_defence",
]


class Group(StrEnum):
    WARRIOR = "warrior"
    PRIEST = "priest"
    ROGUE = "rogue"
    WIZARD = "wizard"


class Save(StrEnum):
    """The five saving throws, in the PHB's order."""

    PPD = "PPD"
    RSW = "RSW"
    PP = "PP"
    BW = "BW"
    SP = "Sp"


SAVE_NAMES: dict[Save, str] = {
    Save.PPD: "paralyzation, poison, death magic",
    Save.RSW: "rod, staff, wand",
    Save.PP: "petrification, polymorph",
    Save.BW: "breath weapon",
    Save.SP: "spell",
}

CLASS_GROUP: dict[str, Group] = {
    "fighter": Group.WARRIOR,
    "paladin": Group.WARRIOR,
    "ranger": Group.WARRIOR,
    "cleric": Group.PRIEST,
    "druid": Group.PRIEST,
    "thief": Group.ROGUE,
    "bard": Group.ROGUE,
    "mage": Group.WIZARD,
    "illusionist": Group.WIZARD,
}

GROUP_HIT_DIE: dict[Group, int] = {
    Group.WARRIOR: 10,
    Group.PRIEST: 8,
    Group.ROGUE: 6,
    Group.WIZARD: 4,
}

NAME_LEVEL: dict[Group, int] = {
    Group.WARRIOR: 9,
    Group.PRIEST: 9,
    Group.ROGUE: 10,
    Group.WIZARD: 10,
}
"""The last level that rolls a hit die (digest §3: name level, Low)."""

HP_AFTER_NAME_LEVEL: dict[Group, int] = {
    Group.WARRIOR: 3,
    Group.PRIEST: 2,
    Group.ROGUE: 2,
    Group.WIZARD: 1,
}
"""Fixed hit points per level after name level, CON no longer counting (digest §3, Low)."""

RACE_MOVEMENT: dict[str, int] = {
    "human": 12,
    "elf": 12,
    "half-elf": 12,
    "dwarf": 6,
    "gnome": 6,
    "halfling": 6,
}
"""Base MV by race (C&T Movement, digest §6)."""

SIZES = ("T", "S", "M", "L", "H", "G")
"""Tiny … gargantuan; L and larger take a weapon's L damage."""

ARMOUR_AC: dict[str, int] = {
    "none": 10,
    "padded": 8,
    "leather": 8,
    "studded leather": 7,
    "ring mail": 7,
    "brigandine": 6,
    "scale mail": 6,
    "hide": 6,
    "chain mail": 5,
    "splint mail": 4,
    "banded mail": 4,
    "bronze plate": 4,
    "plate mail": 3,
    "field plate": 2,
    "full plate": 1,
}
"""AC of a full suit (PHB Table 46, digest §3); a shield improves it by 1."""


# -- abilities ------------------------------------------------------------------------------

_STR: tuple[tuple[int, int, int], ...] = (
    (3, -3, -1),
    (5, -2, -1),
    (7, -1, 0),
    (15, 0, 0),
    (16, 0, 1),
    (17, 1, 1),
    (18, 1, 2),
    (19, 3, 7),
    (20, 3, 8),
    (21, 4, 9),
    (22, 4, 10),
    (23, 5, 11),
    (24, 6, 12),
    (25, 7, 14),
)
_EXCEPTIONAL: tuple[tuple[int, int, int], ...] = (
    (50, 1, 3),
    (75, 2, 3),
    (90, 2, 4),
    (99, 2, 5),
    (100, 3, 6),
)


def str_adjustments(score: int, exceptional: int = 0) -> tuple[int, int]:
    """(hit, damage) for a STR score; ``exceptional`` is the 18/xx percentage (100 = 18/00,
    0 = none), which counts only at 18."""
    if score == 18 and exceptional > 0:
        for ceiling, hit, damage in _EXCEPTIONAL:
            if exceptional <= ceiling:
                return hit, damage
    for ceiling, hit, damage in _STR:
        if score <= ceiling:
            return hit, damage
    return 7, 14


def strength_label(score: int, exceptional: int = 0) -> str:
    if score == 18 and exceptional > 0:
        return "STR 18/00" if exceptional >= 100 else f"STR 18/{exceptional:02d}"
    return f"STR {score}"


def dex_adjustments(score: int) -> tuple[int, int]:
    """(reaction and missile adjustment, defensive adjustment); a negative defensive
    adjustment improves AC."""
    table = (
        (3, -3, 4),
        (4, -2, 3),
        (5, -1, 2),
        (6, 0, 1),
        (14, 0, 0),
        (15, 0, -1),
        (16, 1, -2),
        (17, 2, -3),
        (18, 2, -4),
        (20, 3, -4),
        (23, 4, -5),
    )
    for ceiling, reaction, defensive in table:
        if score <= ceiling:
            return reaction, defensive
    return 5, -6  # DEX 24–25 (PHB Table 2)


def con_hp_adjustment(score: int, *, warrior: bool) -> int:
    """Hit points per die from CON; 17 and better give warriors more (the bracketed values)."""
    table = (
        (3, -2, -2),
        (6, -1, -1),
        (14, 0, 0),
        (15, 1, 1),
        (16, 2, 2),
        (17, 2, 3),
        (18, 2, 4),
        (20, 2, 5),
        (23, 2, 6),
    )
    for ceiling, others, warriors in table:
        if score <= ceiling:
            return warriors if warrior else others
    return 7 if warrior else 2


def wis_magic_defence(score: int) -> int:
    """Bonus to saves against mind-affecting magic."""
    table = ((3, -3), (4, -2), (7, -1), (14, 0), (15, 1), (16, 2), (17, 3))
    for ceiling, bonus in table:
        if score <= ceiling:
            return bonus
    return 4


# -- THAC0 and saves ------------------------------------------------------------------------

_THAC0_STEP: dict[Group, tuple[int, int]] = {
    Group.WARRIOR: (1, 1),
    Group.PRIEST: (2, 3),
    Group.ROGUE: (1, 2),
    Group.WIZARD: (1, 3),
}
"""Points of THAC0 gained per levels: warriors 1 per level, priests 2 per 3 …"""


def group_thac0(group: Group | str, level: int) -> int:
    """PHB Table 53: everyone starts at 20 and improves at the group's pace."""
    points, per = _THAC0_STEP[Group(group)]
    level = max(1, level)
    return 20 - points * ((level - 1) // per)


def monster_thac0(hit_dice: int, modifier: int = 0) -> int:
    """DMG Table 39: ½ HD or less and 1−1 have 20; +3 or more hit points count a die higher
    (troll 6+6 → 7 → 13)."""
    if hit_dice == 0 or (hit_dice == 1 and modifier < 0):
        return 20
    effective = hit_dice + (1 if modifier >= 3 else 0)
    if effective <= 2:
        return 19
    return max(5, 21 - 2 * ((effective + 1) // 2))


_SAVES: dict[Group, tuple[tuple[int, tuple[int, int, int, int, int]], ...]] = {
    Group.WARRIOR: (
        (0, (16, 18, 17, 20, 19)),
        (1, (14, 16, 15, 17, 17)),
        (3, (13, 15, 14, 16, 16)),
        (5, (11, 13, 12, 13, 14)),
        (7, (10, 12, 11, 12, 13)),
        (9, (8, 10, 9, 9, 11)),
        (11, (7, 9, 8, 8, 10)),
        (13, (5, 7, 6, 5, 8)),
        (15, (4, 6, 5, 4, 7)),
        (17, (3, 5, 4, 4, 6)),
    ),
    Group.PRIEST: (
        (1, (10, 14, 13, 16, 15)),
        (4, (9, 13, 12, 15, 14)),
        (7, (7, 11, 10, 13, 12)),
        (10, (6, 10, 9, 12, 11)),
        (13, (5, 9, 8, 11, 10)),
        (16, (4, 8, 7, 10, 9)),
        (19, (2, 6, 5, 8, 7)),
    ),
    Group.ROGUE: (
        (1, (13, 14, 12, 16, 15)),
        (5, (12, 12, 11, 15, 13)),
        (9, (11, 10, 10, 14, 11)),
        (13, (10, 8, 9, 13, 9)),
        (17, (9, 6, 8, 12, 7)),
        (21, (8, 4, 7, 11, 5)),
    ),
    Group.WIZARD: (
        (1, (14, 11, 13, 15, 12)),
        (6, (13, 9, 11, 13, 10)),
        (11, (11, 7, 9, 11, 8)),
        (16, (10, 5, 7, 9, 6)),
        (21, (8, 3, 5, 7, 4)),
    ),
}


def group_saves(group: Group | str, level: int) -> dict[Save, int]:
    """PHB Table 60; level 0 (a warrior row) is the normal man's."""
    rows = _SAVES[Group(group)]
    chosen = rows[0][1]
    for first, values in rows:
        if level >= first:
            chosen = values
    return dict(zip(Save, chosen, strict=True))


def monster_save_level(hit_dice: int, modifier: int = 0) -> int:
    """A monster saves as a warrior of its Hit Dice, one level more per 4 bonus hit points
    or fraction (4+1 → 5, 5+6 → 7)."""
    return hit_dice + (-(-modifier // 4) if modifier > 0 else 0)


def nonproficiency_penalty(group: Group | str) -> int:
    return {Group.WARRIOR: -2, Group.PRIEST: -3, Group.ROGUE: -3, Group.WIZARD: -5}[Group(group)]


# -- encumbrance ----------------------------------------------------------------------------

_ENCUMBRANCE: tuple[tuple[int, int, tuple[int, int, int, int, int]], ...] = (
    # (STR ceiling, exceptional ceiling, (light, moderate, heavy, severe, maximum) in lb)
    (3, 0, (6, 7, 8, 9, 10)),
    (5, 0, (11, 14, 17, 20, 25)),
    (7, 0, (21, 30, 39, 47, 55)),
    (9, 0, (36, 51, 66, 81, 90)),
    (11, 0, (41, 59, 77, 97, 110)),
    (13, 0, (46, 70, 94, 118, 140)),
    (15, 0, (56, 86, 116, 146, 170)),
    (16, 0, (71, 101, 131, 161, 195)),
    (17, 0, (86, 122, 158, 194, 220)),
    (18, 0, (111, 150, 189, 228, 255)),
    (18, 50, (136, 175, 214, 253, 280)),
    (18, 75, (161, 200, 239, 278, 305)),
    (18, 90, (186, 225, 264, 303, 330)),
    (18, 99, (236, 275, 314, 353, 380)),
    (18, 100, (336, 375, 414, 453, 480)),
)
_ABOVE_18: dict[int, tuple[int, int]] = {
    # STR: (weight allowance, maximum press) in lb, PHB Table 1.
    19: (485, 640),
    20: (535, 700),
    21: (635, 810),
    22: (785, 970),
    23: (935, 1130),
    24: (1235, 1440),
    25: (1535, 1750),
}


def _row_above_18(score: int) -> tuple[int, int, int, int, int]:
    """PHB Table 47 prints no row above 18/00 (the digest, /work/shared/rules/adnd2e.md §6,
    prints 3–18/00; players of the PHB say the same: "the 2e encumbrance table does cap at
    18/00 Str while the stat table goes to 25", pandius.com/WotC/930671.htm). The closest
    authority is PHB Table 1's row for the score: like every printed row of Table 47, light
    starts one pound past its weight allowance and the maximum is its maximum press. The
    moderate, heavy and severe starts no book prints; they are spaced as on the 18/00 row
    (39, 78 and 117 of its 144 lb), and :func:`encumbrance_source` says so on the sheet."""
    allowance, press = _ABOVE_18[min(score, 25)]
    light, span = allowance + 1, press - allowance - 1
    return (
        light,
        light + span * 39 // 144,
        light + span * 78 // 144,
        light + span * 117 // 144,
        press,
    )


def encumbrance_source(score: int) -> str:
    """Where the encumbrance steps of a STR score come from, in words, when no table row
    prints them (STR 19–25); empty for the rows Table 47 prints."""
    if score <= 18:
        return ""
    light, moderate, heavy, severe, most = _row_above_18(score)
    return (
        f"PHB Table 47 stops at 18/00: light from {light} lb and at most {most} lb "
        f"(Table 1's weight allowance and maximum press for STR {min(score, 25)}); "
        f"moderate {moderate}, heavy {heavy}, severe {severe} lb spaced as on the "
        "18/00 row, which no book prints"
    )


ENCUMBRANCE_NAMES = ("unencumbered", "light", "moderate", "heavy", "severe", "overloaded")
ENCUMBRANCE_EFFECTS: tuple[tuple[Fraction, int, int], ...] = (
    # (share of the movement rate kept, to hit, AC worse by)
    (Fraction(1), 0, 0),
    (Fraction(2, 3), 0, 0),
    (Fraction(1, 2), -1, 0),
    (Fraction(1, 3), -2, 1),
    (Fraction(0), -4, 3),
    (Fraction(0), -4, 3),
)


def _encumbrance_row(score: int, exceptional: int) -> tuple[int, int, int, int, int]:
    if score > 18:
        return _row_above_18(score)
    if score == 18 and exceptional >= 100:
        return _ENCUMBRANCE[-1][2]
    for ceiling, percent, row in _ENCUMBRANCE:
        if score < ceiling or (score == ceiling and (exceptional <= percent)):
            return row
    return _ENCUMBRANCE[-1][2]


def encumbrance_category(score: int, exceptional: int, carried: int) -> int:
    """0 unencumbered … 4 severe, 5 over the maximum (PHB Table 47)."""
    row = _encumbrance_row(score, exceptional)
    if carried > row[4]:
        return 5
    category = 0
    for index, start in enumerate(row[:4]):
        if carried >= start:
            category = index + 1
    return category


def encumbered_rate(rate: int, category: int, *, rounding: str = "phb") -> int:
    """Movement rate after encumbrance: kept share rounded down (PHB: 12 → 8 / 6 / 4 / 1) or
    the reduction rounded down (FG: 12 → 9 …); severe is 1, over the maximum 0."""
    if category >= 5:
        return 0
    if category == 4:
        return min(rate, 1)
    kept = ENCUMBRANCE_EFFECTS[category][0]
    if rounding == "fg":
        lost = {1: Fraction(33, 100), 2: Fraction(1, 2), 3: Fraction(2, 3)}.get(
            category, Fraction(0)
        )
        return rate - int(rate * lost)
    return int(rate * kept)


# -- weapons --------------------------------------------------------------------------------


class WeaponStats(NamedTuple):
    """One row of PHB Tables 44/45: speed factor, damage S-M / L, rate of fire, ranges in
    tens (yards outdoors, feet indoors), and the charge rules."""

    speed: int
    damage_sm: str
    damage_l: str
    rate_of_fire: Fraction | None = None
    ranges: tuple[int, int, int] | None = None
    set_vs_charge: bool = False
    double_on_charge: bool = False
    melee: bool = True


WEAPONS: dict[str, WeaponStats] = {
    "battle axe": WeaponStats(7, "1d8", "1d8"),
    "club": WeaponStats(4, "1d6", "1d3", Fraction(1), (1, 2, 3)),
    "dagger": WeaponStats(2, "1d4", "1d3", Fraction(2), (1, 2, 3)),
    "dart": WeaponStats(2, "1d3", "1d2", Fraction(3), (1, 2, 4), melee=False),
    "footman's flail": WeaponStats(7, "1d6+1", "2d4"),
    "footman's mace": WeaponStats(7, "1d6+1", "1d6"),
    "hand axe": WeaponStats(4, "1d6", "1d4", Fraction(1), (1, 2, 3)),
    "javelin": WeaponStats(4, "1d6", "1d6", Fraction(1), (2, 4, 6)),
    "morning star": WeaponStats(7, "2d4", "1d6+1"),
    "quarterstaff": WeaponStats(4, "1d6", "1d6"),
    "spear": WeaponStats(6, "1d6", "1d8", Fraction(1), (1, 2, 3), set_vs_charge=True),
    "warhammer": WeaponStats(4, "1d4+1", "1d4", Fraction(1), (1, 2, 3)),
    "halberd": WeaponStats(9, "1d10", "2d6", set_vs_charge=True),
    "glaive": WeaponStats(8, "1d6", "1d10", set_vs_charge=True),
    "awl pike": WeaponStats(13, "1d6", "1d12", set_vs_charge=True),
    "long sword": WeaponStats(5, "1d8", "1d12"),
    "short sword": WeaponStats(3, "1d6", "1d8"),
    "broad sword": WeaponStats(5, "2d4", "1d6+1"),
    "scimitar": WeaponStats(5, "1d8", "1d8"),
    "bastard sword": WeaponStats(6, "1d8", "1d12"),
    "two-handed sword": WeaponStats(10, "1d10", "3d6"),
    "light lance": WeaponStats(6, "1d6", "1d8", double_on_charge=True),
    "medium lance": WeaponStats(7, "1d6+1", "2d6", double_on_charge=True),
    "heavy lance": WeaponStats(8, "1d8+1", "3d6", double_on_charge=True),
    "short bow": WeaponStats(7, "1d6", "1d6", Fraction(2), (5, 10, 15), melee=False),
    "long bow": WeaponStats(8, "1d6", "1d6", Fraction(2), (7, 14, 21), melee=False),
    "composite long bow": WeaponStats(7, "1d6", "1d6", Fraction(2), (6, 12, 21), melee=False),
    "light crossbow": WeaponStats(7, "1d4", "1d4", Fraction(1), (6, 12, 18), melee=False),
    "heavy crossbow": WeaponStats(10, "1d4+1", "1d6+1", Fraction(1, 2), (8, 16, 24), melee=False),
    "sling": WeaponStats(6, "1d4+1", "1d6+1", Fraction(1), (5, 10, 20), melee=False),
}
"""PHB Tables 44/45 via the digest §7 (glaive doubles only against charging L+; kept simple)."""
