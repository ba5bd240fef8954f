"""The tables OSE characters and monsters are built from (OSE SRD; see shared/rules/ose.md).

Ability modifiers, THAC0 by class and level and by monster Hit Dice, saving throws, armour.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

__all__ = [
    "ARMOUR_AC",
    "CLASS_HIT_DIE",
    "DEFAULT_DAMAGE",
    "HP_AFTER_NINTH",
    "MAX_LEVEL",
    "PRIME_REQUISITES",
    "THIEF_SKILLS",
    "UNARMED_DAMAGE",
    "WEAPONS",
    "XP_FOR_LEVEL",
    "OseClass",
    "Save",
    "WeaponSpec",
    "class_saves",
    "class_thac0",
    "dex_initiative",
    "monster_saves",
    "monster_thac0",
    "parse_class",
    "prime_requisite_xp",
    "standard_modifier",
    "thief_skills",
]


class OseClass(StrEnum):
    CLERIC = "cleric"
    DWARF = "dwarf"
    ELF = "elf"
    FIGHTER = "fighter"
    HALFLING = "halfling"
    MAGIC_USER = "magic-user"
    THIEF = "thief"


class Save(StrEnum):
    DEATH = "D"
    WANDS = "W"
    PARALYSIS = "P"
    BREATH = "B"
    SPELLS = "S"


def standard_modifier(score: int) -> int:
    """STR to melee hit and damage, DEX to AC and missiles, CON to hit points, WIS to magic
    saves: −3 at 3, −2 at 4–5, −1 at 6–8, 0 at 9–12, +1 at 13–15, +2 at 16–17, +3 at 18."""
    for ceiling, modifier in ((3, -3), (5, -2), (8, -1), (12, 0), (15, 1), (17, 2)):
        if score <= ceiling:
            return modifier
    return 3


def dex_initiative(score: int) -> int:
    """DEX to individual initiative: −2 at 3, −1 at 4–8, 0 at 9–12, +1 at 13–17, +2 at 18."""
    for ceiling, modifier in ((3, -2), (8, -1), (12, 0), (17, 1)):
        if score <= ceiling:
            return modifier
    return 2


PRIME_REQUISITES: dict[OseClass, tuple[str, ...]] = {
    OseClass.CLERIC: ("WIS",),
    OseClass.DWARF: ("STR",),
    OseClass.ELF: ("INT", "STR"),
    OseClass.FIGHTER: ("STR",),
    OseClass.HALFLING: ("DEX", "STR"),
    OseClass.MAGIC_USER: ("INT",),
    OseClass.THIEF: ("DEX",),
}


def prime_requisite_xp(cls: OseClass, scores: dict[str, int]) -> int:
    """The XP bonus or penalty in percent from the prime requisite(s).

    One prime requisite: −20 at 3–5, −10 at 6–8, 0 at 9–12, +5 at 13–15, +10 at 16–18.
    Elf (INT and STR): +5 with both at least 13, +10 with INT 16+ and STR 13+. Halfling (DEX
    and STR): +5 with either at least 13, +10 with both. The two have no penalty tier."""
    if cls is OseClass.ELF:
        if scores["STR"] < 13 or scores["INT"] < 13:
            return 0
        return 10 if scores["INT"] >= 16 else 5
    if cls is OseClass.HALFLING:
        return 5 * sum(1 for name in ("DEX", "STR") if scores[name] >= 13)
    score = scores[PRIME_REQUISITES[cls][0]]
    for ceiling, percent in ((5, -20), (8, -10), (12, 0), (15, 5)):
        if score <= ceiling:
            return percent
    return 10


CLASS_HIT_DIE: dict[OseClass, int] = {
    OseClass.CLERIC: 6,
    OseClass.DWARF: 8,
    OseClass.ELF: 6,
    OseClass.FIGHTER: 8,
    OseClass.HALFLING: 6,
    OseClass.MAGIC_USER: 4,
    OseClass.THIEF: 4,
}

# THAC0 steps 19, 17, 14, 12, 10: the first level of each step, by class.
_THAC0_STEPS: dict[OseClass, tuple[int, ...]] = {
    OseClass.FIGHTER: (1, 4, 7, 10, 13),
    OseClass.DWARF: (1, 4, 7, 10),
    OseClass.ELF: (1, 4, 7, 10),
    OseClass.HALFLING: (1, 4, 7),
    OseClass.CLERIC: (1, 5, 9, 13),
    OseClass.THIEF: (1, 5, 9, 13),
    OseClass.MAGIC_USER: (1, 6, 11),
}
_THAC0_VALUES = (19, 17, 14, 12, 10)


def class_thac0(cls: OseClass, level: int) -> int:
    steps = _THAC0_STEPS[cls]
    reached = sum(1 for first in steps if level >= first)
    return _THAC0_VALUES[max(reached, 1) - 1]


_SAVES: dict[OseClass, tuple[tuple[int, tuple[int, int, int, int, int]], ...]] = {
    OseClass.CLERIC: (
        (1, (11, 12, 14, 16, 15)),
        (5, (9, 10, 12, 14, 12)),
        (9, (6, 7, 9, 11, 9)),
        (13, (3, 5, 7, 8, 7)),
    ),
    OseClass.DWARF: (
        (1, (8, 9, 10, 13, 12)),
        (4, (6, 7, 8, 10, 10)),
        (7, (4, 5, 6, 7, 8)),
        (10, (2, 3, 4, 4, 6)),
    ),
    OseClass.HALFLING: ((1, (8, 9, 10, 13, 12)), (4, (6, 7, 8, 10, 10)), (7, (4, 5, 6, 7, 8))),
    OseClass.ELF: (
        (1, (12, 13, 13, 15, 15)),
        (4, (10, 11, 11, 13, 12)),
        (7, (8, 9, 9, 10, 10)),
        (10, (6, 7, 8, 8, 8)),
    ),
    OseClass.FIGHTER: (
        (1, (12, 13, 14, 15, 16)),
        (4, (10, 11, 12, 13, 14)),
        (7, (8, 9, 10, 10, 12)),
        (10, (6, 7, 8, 8, 10)),
        (13, (4, 5, 6, 5, 8)),
    ),
    OseClass.MAGIC_USER: (
        (1, (13, 14, 13, 16, 15)),
        (6, (11, 12, 11, 14, 12)),
        (11, (8, 9, 8, 11, 8)),
    ),
    OseClass.THIEF: (
        (1, (13, 14, 13, 16, 15)),
        (5, (12, 13, 11, 14, 13)),
        (9, (10, 11, 9, 12, 10)),
        (13, (8, 9, 7, 10, 8)),
    ),
}


def _as_saves(values: tuple[int, int, int, int, int]) -> dict[Save, int]:
    return dict(zip(Save, values, strict=True))


def class_saves(cls: OseClass, level: int) -> dict[Save, int]:
    chosen = _SAVES[cls][0][1]
    for first, values in _SAVES[cls]:
        if level >= first:
            chosen = values
    return _as_saves(chosen)


def monster_thac0(hit_dice: int, plus: int = 0, *, normal_human: bool = False) -> int:
    """THAC0 by Hit Dice: a + bonus attacks as one Hit Die higher (2+1 HD → 17)."""
    if normal_human:
        return 20
    effective = hit_dice + (1 if plus > 0 else 0)
    if effective <= 1:
        return 19
    steps = (
        (2, 18),
        (3, 17),
        (4, 16),
        (5, 15),
        (6, 14),
        (7, 13),
        (9, 12),
        (11, 11),
        (13, 10),
        (15, 9),
        (17, 8),
        (19, 7),
        (21, 6),
    )
    for ceiling, thac0 in steps:
        if effective <= ceiling:
            return thac0
    return 5


def monster_saves(hit_dice: int, *, normal_human: bool = False) -> dict[Save, int]:
    """Saves by Hit Dice (a stat block's own printed saves always win over this)."""
    if normal_human:
        return _as_saves((14, 15, 16, 17, 18))
    rows = (
        (3, (12, 13, 14, 15, 16)),
        (6, (10, 11, 12, 13, 14)),
        (9, (8, 9, 10, 10, 12)),
        (12, (6, 7, 8, 8, 10)),
        (15, (4, 5, 6, 5, 8)),
        (18, (2, 3, 4, 3, 6)),
        (21, (2, 2, 2, 2, 4)),
    )
    for ceiling, values in rows:
        if hit_dice <= ceiling:
            return _as_saves(values)
    return _as_saves((2, 2, 2, 2, 2))


ARMOUR_AC: dict[str, int] = {"unarmoured": 9, "leather": 7, "chainmail": 5, "plate mail": 3}
"""Descending AC by armour; a shield lowers it by 1, DEX by its modifier. AAC = 19 − AC."""


def parse_class(name: str) -> OseClass:
    """A class by its name as people write it ("Magic-User", "magic user", "fighter")."""
    key = " ".join(name.strip().lower().replace("_", " ").split()).replace(
        "magic user", "magic-user"
    )
    try:
        return OseClass(key)
    except ValueError:
        known = ", ".join(c.value for c in OseClass)
        raise ValueError(f"“{name}” is not an OSE class; the classes are {known}") from None


MAX_LEVEL: dict[OseClass, int] = {
    OseClass.CLERIC: 14,
    OseClass.DWARF: 12,
    OseClass.ELF: 10,
    OseClass.FIGHTER: 14,
    OseClass.HALFLING: 8,
    OseClass.MAGIC_USER: 14,
    OseClass.THIEF: 14,
}
"""The highest level each class reaches (digest §2)."""

HP_AFTER_NINTH: dict[OseClass, int] = {
    OseClass.CLERIC: 1,
    OseClass.DWARF: 3,
    OseClass.ELF: 2,
    OseClass.FIGHTER: 2,
    OseClass.HALFLING: 0,
    OseClass.MAGIC_USER: 1,
    OseClass.THIEF: 2,
}
"""Fixed hit points per level after 9th, CON no longer counting (digest §2)."""

XP_FOR_LEVEL: dict[OseClass, tuple[int, ...]] = {
    OseClass.CLERIC: (1_500, 3_000, 6_000, 12_000),
    OseClass.DWARF: (2_200, 4_400, 8_800, 17_000),
    OseClass.ELF: (4_000, 8_000, 16_000, 32_000),
    OseClass.FIGHTER: (2_000, 4_000, 8_000, 16_000),
    OseClass.HALFLING: (2_000, 4_000, 8_000, 16_000),
    OseClass.MAGIC_USER: (2_500, 5_000, 10_000, 20_000),
    OseClass.THIEF: (1_200, 2_400, 4_800, 9_600),
}
"""XP to reach levels 2, 3, 4 and 5 (digest §2; later levels are on each class's page)."""

THIEF_SKILLS: tuple[tuple[str, str], ...] = (
    ("CS", "Climb sheer surfaces"),
    ("TR", "Find or remove treasure traps"),
    ("HN", "Hear noise"),
    ("HS", "Hide in shadows"),
    ("MS", "Move silently"),
    ("OL", "Open locks"),
    ("PP", "Pick pockets"),
)
"""The thief skills by key; HN is "1 to n on a d6", the others a d% at most the number."""

_THIEF_TABLE: tuple[tuple[int, int, int, int, int, int, int], ...] = (
    # CS, TR, HN (1 to n on d6), HS, MS, OL, PP  — levels 1 to 14, OSE SRD "Thief"
    (87, 10, 2, 10, 20, 15, 20),
    (88, 15, 2, 15, 25, 20, 25),
    (89, 20, 3, 20, 30, 25, 30),
    (90, 25, 3, 25, 35, 30, 35),
    (91, 30, 3, 30, 40, 35, 40),
    (92, 40, 3, 36, 45, 45, 45),
    (93, 50, 4, 45, 55, 55, 55),
    (94, 60, 4, 55, 65, 65, 65),
    (95, 70, 4, 65, 75, 75, 75),
    (96, 80, 4, 75, 85, 85, 85),
    (97, 90, 5, 85, 95, 95, 95),
    (98, 95, 5, 90, 96, 96, 105),
    (99, 97, 5, 95, 98, 97, 115),
    (99, 99, 5, 99, 99, 99, 125),
)


def thief_skills(level: int) -> dict[str, int]:
    """A thief's skills at ``level`` (1–14): percentages, and HN as the top face of a d6."""
    row = _THIEF_TABLE[max(1, min(level, len(_THIEF_TABLE))) - 1]
    return dict(zip((key for key, _name in THIEF_SKILLS), row, strict=True))


class WeaponSpec(NamedTuple):
    """A weapon of the equipment list: its table damage, qualities and ranges in feet."""

    name: str
    damage: str
    melee: bool
    missile: bool = False
    two_handed: bool = False
    slow: bool = False
    brace: bool = False
    ranges: tuple[int, int, int] | None = None
    reload: bool = False
    """Shoots only every second round where the table uses the reload rule."""


WEAPONS: dict[str, WeaponSpec] = {
    spec.name: spec
    for spec in (
        WeaponSpec("battle axe", "1d8", True, two_handed=True, slow=True),
        WeaponSpec("club", "1d4", True),
        WeaponSpec(
            "crossbow",
            "1d6",
            False,
            True,
            two_handed=True,
            slow=True,
            ranges=(80, 160, 240),
            reload=True,
        ),
        WeaponSpec("dagger", "1d4", True, True, ranges=(10, 20, 30)),
        WeaponSpec("hand axe", "1d6", True, True, ranges=(10, 20, 30)),
        WeaponSpec("holy water", "1d8", False, True, ranges=(10, 30, 50)),
        WeaponSpec("burning oil", "1d8", False, True, ranges=(10, 30, 50)),
        WeaponSpec("javelin", "1d4", False, True, ranges=(30, 60, 90)),
        WeaponSpec("lance", "1d6", True),
        WeaponSpec("long bow", "1d6", False, True, two_handed=True, ranges=(70, 140, 210)),
        WeaponSpec("mace", "1d6", True),
        WeaponSpec("war hammer", "1d6", True),
        WeaponSpec("pole arm", "1d10", True, two_handed=True, slow=True, brace=True),
        WeaponSpec("short bow", "1d6", False, True, two_handed=True, ranges=(50, 100, 150)),
        WeaponSpec("short sword", "1d6", True),
        WeaponSpec("silver dagger", "1d4", True, True, ranges=(10, 20, 30)),
        WeaponSpec("sling", "1d4", False, True, ranges=(40, 80, 160)),
        WeaponSpec("spear", "1d6", True, True, brace=True, ranges=(20, 40, 60)),
        WeaponSpec("staff", "1d4", True, two_handed=True, slow=True),
        WeaponSpec("sword", "1d8", True),
        WeaponSpec("torch", "1d4", True),
        WeaponSpec("two-handed sword", "1d10", True, two_handed=True, slow=True),
    )
}
"""The weapons of the equipment list (digest §6). Ranges are the last foot of the short,
medium and long bands (short starts at 5'). Two-handed means no shield; slow acts last."""

DEFAULT_DAMAGE = "1d6"
"""Every PC weapon deals 1d6 unless the table uses weapon damage (digest §6)."""
UNARMED_DAMAGE = "1d2"
