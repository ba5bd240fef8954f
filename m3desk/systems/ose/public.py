"""The public surface of the OSE rules, as the issue names it (checked from outside the repo).

Plain numbers in and out: descending AC, THAC0, the attack matrix (the table's default),
a d6 per side, 2d6 morale. Exact chances are computed with fractions and returned as floats.
"""

from __future__ import annotations

from collections.abc import Mapping

from m3desk.core.encounter import group_counts
from m3desk.systems.ose import combat, tables
from m3desk.systems.ose import round as rnd
from m3desk.systems.ose.movement import encounter_rate
from m3desk.systems.ose.statblock import read_hit_dice

__all__ = [
    "ability_modifier",
    "attack_hits",
    "damage_on_hit",
    "encounter_movement",
    "hit_chance",
    "initiative_modifier",
    "monster_thac0",
    "morale_hold_chance",
    "morale_holds",
    "parse_hit_dice",
    "side_initiative_order",
    "thac0",
]


def ability_modifier(score: int) -> int:
    """The ability table's −3…+3 (STR to melee hit and damage, DEX to AC and missiles, CON to
    hit points per Hit Die, WIS to magic saves): 3 −3, 4–5 −2, 6–8 −1, 9–12 0, 13–15 +1,
    16–17 +2, 18 +3."""
    return tables.standard_modifier(score)


def initiative_modifier(dex: int) -> int:
    """DEX's column for individual initiative: 3 −2, 4–8 −1, 9–12 0, 13–17 +1, 18 +2."""
    return tables.dex_initiative(dex)


def thac0(character_class: str, level: int) -> int:
    """A character's THAC0 by class ("fighter", "magic-user", …) and level."""
    cls = tables.parse_class(character_class)
    top = tables.MAX_LEVEL[cls]
    if not 1 <= level <= top:
        raise ValueError(f"a {cls.value} is level 1 to {top}, not {level}")
    return tables.class_thac0(cls, level)


def parse_hit_dice(hit_dice: str) -> tuple[int, int]:
    """Hit Dice as printed ("1-1", "½", "3+2", "4+1*") → (dice, modifier); ½ is 0 dice. The
    stat-block reader's own reading (:func:`~m3desk.systems.ose.statblock.read_hit_dice`),
    the whole text and no hit points in brackets."""
    read = read_hit_dice(hit_dice)
    if read is None or read[3] is not None or hit_dice[read[4] :].strip():
        raise ValueError(f"“{hit_dice}” is not a monster's Hit Dice (like 1-1, 2, 3+2, ½)")
    return read[0], read[1]


def monster_thac0(hit_dice: str) -> int:
    """A monster's THAC0 from its Hit Dice as printed: up to 1 HD 19 ("1-1", "1", "½"),
    a "+" attacks as one Hit Die higher ("1+1" 18, "3+2" 16), "8" 12; "NH" 20."""
    if hit_dice.strip().upper() in ("NH", "NORMAL HUMAN"):
        return tables.monster_thac0(0, normal_human=True)
    dice, modifier = parse_hit_dice(hit_dice)
    return tables.monster_thac0(dice, modifier)


def attack_hits(natural: int, modifier: int, thac0: int, target_ac: int) -> bool:
    """Whether a d20 showing ``natural`` plus ``modifier`` hits descending ``target_ac``:
    the matrix's number (THAC0 − AC, at least 2 and at most 20); a natural 20 always hits
    and a natural 1 always misses (the action dialog's own test)."""
    if not 1 <= natural <= 20:
        raise ValueError(f"a d20 shows 1 to 20, not {natural}")
    return natural >= combat.lowest_natural(combat.needed(thac0, target_ac), modifier)


def hit_chance(modifier: int, thac0: int, target_ac: int) -> float:
    """The exact chance of :func:`attack_hits` over the twenty faces of the d20."""
    return float(combat.hit_chance(thac0, target_ac, modifier))


def damage_on_hit(rolled: int, modifier: int) -> int:
    """A hit's damage: the die plus its modifier, and always at least 1."""
    return combat.damage_dealt(rolled + modifier)


def encounter_movement(base_feet: int) -> int:
    """Feet a round in an encounter: a third of the base movement (120' → 40')."""
    if base_feet < 0:
        raise ValueError("movement is never negative")
    return encounter_rate(base_feet)


def side_initiative_order(rolls: Mapping[str, int]) -> list[list[str]]:
    """Sides by their d6, highest first; sides that rolled the same share a group (they
    re-roll or act at once, as the table decides): the tracker's counts
    (:func:`~m3desk.core.encounter.group_counts`), which the forecast orders its rounds by."""
    return group_counts(((side, roll, 0) for side, roll in rolls.items()), lower_first=False)


def morale_holds(roll: int, morale: int) -> bool:
    """A 2d6 morale roll holds when it is at most the morale. ML 12 never checks (it holds);
    ML 2 never fights (it breaks). The tracker's and the forecast's own test."""
    if not 2 <= morale <= 12:
        raise ValueError(f"morale is 2 to 12, not {morale}")
    return rnd.morale_holds(roll, morale)


def morale_hold_chance(morale: int) -> float:
    """The exact chance a morale check holds: #(2d6 ≤ ML) / 36; 1.0 at ML 12, 0.0 at ML 2
    (the action dialog's odds)."""
    if not 2 <= morale <= 12:
        raise ValueError(f"morale is 2 to 12, not {morale}")
    return float(rnd.morale_chance(morale))
