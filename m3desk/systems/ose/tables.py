"""The tables OSE characters and monsters are built from (OSE SRD; see shared/rules/ose.md).

Ability modifiers, THAC0 by class and level and by monster Hit Dice, saving throws, armour.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = [
    "ARMOUR_AC",
    "CLASS_HIT_DIE",
    "OseClass",
    "Save",
    "class_saves",
    "class_thac0",
    "dex_initiative",
    "monster_saves",
    "monster_thac0",
    "standard_modifier",
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


CLASS_HIT_DIE: dict[OseClass, int] = {
    OseClass.CLERIC: 6, OseClass.DWARF: 8, OseClass.ELF: 6, OseClass.FIGHTER: 8,
    OseClass.HALFLING: 6, OseClass.MAGIC_USER: 4, OseClass.THIEF: 4,
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
    OseClass.CLERIC: ((1, (11, 12, 14, 16, 15)), (5, (9, 10, 12, 14, 12)),
                      (9, (6, 7, 9, 11, 9)), (13, (3, 5, 7, 8, 7))),
    OseClass.DWARF: ((1, (8, 9, 10, 13, 12)), (4, (6, 7, 8, 10, 10)),
                     (7, (4, 5, 6, 7, 8)), (10, (2, 3, 4, 4, 6))),
    OseClass.HALFLING: ((1, (8, 9, 10, 13, 12)), (4, (6, 7, 8, 10, 10)),
                        (7, (4, 5, 6, 7, 8))),
    OseClass.ELF: ((1, (12, 13, 13, 15, 15)), (4, (10, 11, 11, 13, 12)),
                   (7, (8, 9, 9, 10, 10)), (10, (6, 7, 8, 8, 8))),
    OseClass.FIGHTER: ((1, (12, 13, 14, 15, 16)), (4, (10, 11, 12, 13, 14)),
                       (7, (8, 9, 10, 10, 12)), (10, (6, 7, 8, 8, 10)),
                       (13, (4, 5, 6, 5, 8))),
    OseClass.MAGIC_USER: ((1, (13, 14, 13, 16, 15)), (6, (11, 12, 11, 14, 12)),
                          (11, (8, 9, 8, 11, 8))),
    OseClass.THIEF: ((1, (13, 14, 13, 16, 15)), (5, (12, 13, 11, 14, 13)),
                     (9, (10, 11, 9, 12, 10)), (13, (8, 9, 7, 10, 8))),
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
    steps = ((2, 18), (3, 17), (4, 16), (5, 15), (6, 14), (7, 13), (9, 12), (11, 11),
             (13, 10), (15, 9), (17, 8), (19, 7), (21, 6))
    for ceiling, thac0 in steps:
        if effective <= ceiling:
            return thac0
    return 5


def monster_saves(hit_dice: int, *, normal_human: bool = False) -> dict[Save, int]:
    """Saves by Hit Dice (a stat block's own printed saves always win over this)."""
    if normal_human:
        return _as_saves((14, 15, 16, 17, 18))
    rows = ((3, (12, 13, 14, 15, 16)), (6, (10, 11, 12, 13, 14)), (9, (8, 9, 10, 10, 12)),
            (12, (6, 7, 8, 8, 10)), (15, (4, 5, 6, 5, 8)), (18, (2, 3, 4, 3, 6)),
            (21, (2, 2, 2, 2, 4)))
    for ceiling, values in rows:
        if hit_dice <= ceiling:
            return _as_saves(values)
    return _as_saves((2, 2, 2, 2, 2))


ARMOUR_AC: dict[str, int] = {"unarmoured": 9, "leather": 7, "chainmail": 5, "plate mail": 3}
"""Descending AC by armour; a shield lowers it by 1, DEX by its modifier. AAC = 19 − AC."""
