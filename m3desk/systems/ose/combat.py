"""Hitting, damage, initiative, surprise and morale, with exact odds (no sampling).

The attack matrix clamps the number needed to 2…20, so a *modified* 20 hits where THAC0 − AC
is past 20 and a modified 2 where it is below 2; plain arithmetic does not clamp. A natural
20 always hits and a natural 1 always misses, in both.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

from m3desk.core.dice import DiceExpr, sum_of_dice
from m3desk.core.numbers import minus, signed
from m3desk.systems.ose.options import OseOptions

__all__ = [
    "MELEE_FEET",
    "armour_class_text",
    "attack_procedure",
    "attack_value_text",
    "damage_dealt",
    "damage_distribution",
    "hit_chance",
    "lowest_natural",
    "morale_holds",
    "morale_odds",
    "morale_pass_chance",
    "need_text",
    "needed",
    "range_band",
    "side_initiative_win_chance",
    "surprise_chance",
]

MELEE_FEET = 5
"""Who stands this close to a foe (in feet) is in melee with it."""


def attack_procedure(options: OseOptions) -> Literal["matrix", "arithmetic"]:
    """How the table decides a hit: ascending AC (d20 + attack bonus ≥ AAC) is the THAC0
    arithmetic, without the matrix's plateaus of repeated 20s and 2s."""
    return "arithmetic" if options.ascending_ac else options.attack_table


def armour_class_text(armour_class: int, options: OseOptions) -> str:
    """ "AC 5 [14]", or "AAC 14 [5]" where the table uses ascending AC."""
    if options.ascending_ac:
        return f"AAC {19 - armour_class} [{minus(armour_class)}]"
    return f"AC {minus(armour_class)} [{19 - armour_class}]"


def attack_value_text(thac0: int, options: OseOptions) -> str:
    """ "THAC0 19 [+0]", or "AB +0 [19]" where the table uses ascending AC."""
    if options.ascending_ac:
        return f"AB {signed(19 - thac0)} [{thac0}]"
    return f"THAC0 {thac0} [{signed(19 - thac0)}]"


def need_text(thac0: int, armour_class: int, options: OseOptions) -> str:
    """Where the number an attack needs comes from, in the table's notation."""
    if options.ascending_ac:
        return f"AAC {19 - armour_class} − attack bonus {signed(19 - thac0)}"
    return f"THAC0 {thac0} against AC {minus(armour_class)}"


def needed(
    thac0: int, armour_class: int, *, table: Literal["matrix", "arithmetic"] = "matrix"
) -> int:
    """The modified d20 an attack needs against ``armour_class`` (descending AC)."""
    raw = thac0 - armour_class
    return max(2, min(raw, 20)) if table == "matrix" else raw


def range_band(feet: int, ranges: tuple[int, int, int]) -> int:
    """The to-hit modifier of a missile's range band (SRD Weapon Qualities, Missile): +1 up
    to the last foot of short range, 0 up to medium's, −1 beyond (long range's end is
    :func:`~m3desk.systems.ose.weaponry._usable`'s)."""
    short, medium, _long = ranges
    return 1 if feet <= short else 0 if feet <= medium else -1


def lowest_natural(need: int, modifier: int) -> int:
    """The lowest natural d20 that hits when the modified roll must reach ``need``: a natural
    20 always hits and a natural 1 always misses, so it is 2 to 20. The dialog's roll, the
    exact odds and the forecast all compare the natural die with this."""
    return min(20, max(2, need - modifier))


def damage_dealt(total: int, multiplier: int = 1) -> int:
    """A hit's damage: the dice and bonuses (times a backstab's multiplier), at least 1."""
    return max(1, total * multiplier)


def hit_chance(
    thac0: int,
    armour_class: int,
    modifier: int = 0,
    *,
    table: Literal["matrix", "arithmetic"] = "matrix",
) -> Fraction:
    """Exact chance to hit: the naturals from :func:`lowest_natural` to 20."""
    return Fraction(21 - lowest_natural(needed(thac0, armour_class, table=table), modifier), 20)


def damage_distribution(
    dice: DiceExpr, modifier: int = 0, *, multiplier: int = 1
) -> dict[int, Fraction]:
    """Damage of a hit: the roll plus the modifier, doubled where the rules double it
    (brace, charge, back-stab), at least 1."""
    counts = sum_of_dice(dice.count, dice.sides)
    total = sum(counts.values())
    result: dict[int, Fraction] = {}
    for rolled, ways in counts.items():
        damage = damage_dealt(rolled + dice.bonus + modifier, multiplier)
        result[damage] = result.get(damage, Fraction(0)) + Fraction(ways, total)
    return result


def side_initiative_win_chance(
    modifier: int = 0, other: int = 0, *, ties: Literal["reroll", "simultaneous"] = "reroll"
) -> Fraction:
    """Chance one side (or combatant) acts first: d6 + modifier against d6 + other."""
    wins = ties_count = 0
    for mine in range(1, 7):
        for theirs in range(1, 7):
            if mine + modifier > theirs + other:
                wins += 1
            elif mine + modifier == theirs + other:
                ties_count += 1
    if ties == "reroll":
        return Fraction(wins, 36 - ties_count)
    return Fraction(wins, 36)


def surprise_chance() -> Fraction:
    """A side not expecting the other is surprised on 1–2 of a d6."""
    return Fraction(2, 6)


def morale_holds(roll: int, ml: int) -> bool:
    """2d6 at most ML holds; ML 12 always holds, ML 2 never."""
    return ml == 12 or (ml != 2 and roll <= ml)


def morale_odds(ml: int) -> Fraction:
    """The chance :func:`morale_holds` keeps a monster of this ML fighting, counted over every
    2d6 total by that very rule (ML 12: always; ML 2: never)."""
    counts = sum_of_dice(2, 6)
    return Fraction(sum(w for total, w in counts.items() if morale_holds(total, ml)), 36)


def morale_pass_chance(morale: int) -> Fraction | None:
    """:func:`morale_odds` where a roll is made; None where none is (ML 2 flees, ML 12 never
    checks)."""
    if morale <= 2 or morale >= 12:
        return None
    return morale_odds(morale)


def down(hit_points: int) -> bool:
    """Out of the fight: 0 hit points or fewer is dead (seed 003), no more turns. The
    encounter's ``out_of_fight`` and the forecast both ask this one rule."""
    return hit_points <= 0
