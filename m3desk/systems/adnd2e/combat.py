"""Hitting, damage, initiative, saving throws and morale in 2e, with exact odds.

The attack roll: d20 + modifiers against THAC0 − AC; what a natural 20 and a natural 1 do,
and when the fallen die, are the table rules' choices
(:mod:`~m3desk.systems.adnd2e.option_rules`). Damage takes the S-M or L column by the
target's size; a set spear against a charger and a lance in a charge double the rolled dice.
Initiative is a d10, lower first, equal rolls acting together. Every chance is enumerated.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, NamedTuple, TypeVar

from m3desk.core.dice import DiceExpr, sum_of_dice
from m3desk.core.encounter import group_counts
from m3desk.systems.adnd2e.tables import Group, group_thac0

if TYPE_CHECKING:
    from m3desk.systems.adnd2e.option_rules import AttackRule

K = TypeVar("K")

__all__ = [
    "ATTACK_MODIFIERS",
    "INITIATIVE_MODIFIERS",
    "Situation",
    "attack_outcomes",
    "charging_armour_class",
    "damage_distribution",
    "hit_damage",
    "initiative_odds",
    "initiative_order",
    "missile_range_modifier",
    "morale_hold_chance",
    "morale_holds",
    "morale_loss",
    "morale_trigger",
    "rear_armour_class",
    "save_chance",
    "surprise_chance",
    "thac0",
    "to_hit_number",
]


class Situation(NamedTuple):
    id: str
    label: str
    modifier: int
    on: str
    """Whose condition it is: "attacker" or "defender"."""


ATTACK_MODIFIERS: tuple[Situation, ...] = (
    Situation("higher_ground", "attacker on higher ground", 1, "attacker"),
    Situation("invisible", "defender invisible", -4, "defender"),
    Situation("off_balance", "defender off-balance", 2, "defender"),
    Situation("prone", "defender prone", 4, "defender"),
    Situation("stunned", "defender stunned", 4, "defender"),
    Situation("surprised", "defender surprised", 1, "defender"),
    Situation("rear", "rear attack", 2, "defender"),
)
"""PHB Table 51 (digest §4). Sleeping or held defenders are hit automatically."""

INITIATIVE_MODIFIERS: dict[str, int] = {
    "hasted": -2,
    "slowed": 2,
    "higher_ground": -1,
    "set": -2,
    "slippery": 2,
    "deep_water": 4,
    "foreign_environment": 6,
    "hindered": 3,
    "waiting": 1,
    "foe_charges": -2,
}
"""PHB Table 55 and seed 002 (a charge gives the charger's opponents −2)."""


def thac0(group: str, level: int) -> int:
    """THAC0 of a character of ``group`` ("warrior", "priest", "rogue" or "wizard") at
    ``level`` (PHB Table 53): a fighter 7 has 14."""
    return group_thac0(Group(group), level)


def to_hit_number(thac0: int, target_ac: int) -> int:
    """The modified d20 needed: THAC0 − AC (a negative AC adds). THAC0 14 vs AC 6 → 8."""
    return thac0 - target_ac


def charging_armour_class(ac: int, dex_adjustment: int) -> int:
    """The charger's AC: the DEX defensive adjustment (already in ``ac``; negative is a bonus)
    is lost and the AC is 1 worse. AC 2 with DEX 16 (−2) charges at AC 5."""
    return ac - min(dex_adjustment, 0) + 1


def rear_armour_class(
    ac: int, *, shield: bool, dex_adjustment: int, ignore_dex: bool = True
) -> int:
    """AC against an attack from behind: no shield, and (by default) no DEX bonus."""
    rear = ac + (1 if shield else 0)
    if ignore_dex and dex_adjustment < 0:
        rear -= dex_adjustment
    return rear


def missile_range_modifier(distance: int, ranges_feet: tuple[int, int, int]) -> int | None:
    """0 at short range, −2 at medium, −5 at long; None beyond long range."""
    short, medium, long = ranges_feet
    if distance <= short:
        return 0
    if distance <= medium:
        return -2
    if distance <= long:
        return -5
    return None


def damage_distribution(
    dice: DiceExpr, bonus: int = 0, *, double: bool = False, double_bonus: bool = False
) -> dict[int, Fraction]:
    """Damage of one hit: the rolled dice (doubled by a set spear or a lance in a charge) plus
    the bonus (doubled too only if the table says so), at least 1."""
    counts = sum_of_dice(dice.count, dice.sides)
    total = sum(counts.values())
    factor = 2 if double else 1
    added = (dice.bonus + bonus) * (factor if double_bonus else 1)
    result: dict[int, Fraction] = {}
    for rolled, ways in counts.items():
        damage = max(1, rolled * factor + added)
        result[damage] = result.get(damage, Fraction(0)) + Fraction(ways, total)
    return result


def roll_damage(
    dice: DiceExpr,
    faces: tuple[int, ...],
    bonus: int = 0,
    *,
    double: bool = False,
    double_bonus: bool = False,
) -> int:
    rolled = dice.total(faces) - dice.bonus
    factor = 2 if double else 1
    added = (dice.bonus + bonus) * (factor if double_bonus else 1)
    return hit_damage(rolled * factor, added)


def critical_dice(dice: DiceExpr) -> DiceExpr:
    """The DMG's optional critical hit: the damage dice rolled twice, the bonus added once."""
    return DiceExpr(dice.count * 2, dice.sides, dice.bonus)


def hit_damage(rolled: int, bonus: int) -> int:
    """A hit's damage from the dice's total and the bonuses: at least 1 (the DMG). The
    dialog's :func:`roll_damage` and the forecast's strikes both end with it."""
    return max(1, rolled + bonus)


def attack_outcomes(
    modifier: int,
    thac0: int,
    target_ac: int,
    dice: DiceExpr,
    bonus: int = 0,
    *,
    double: bool = False,
    rule: AttackRule,
) -> dict[int, Fraction]:
    """Exact distribution of the damage one attack deals (0 on a miss) under the table's
    attack ``rule`` (:func:`~m3desk.systems.adnd2e.option_rules.attack_rule`): its chance to
    hit, and a natural 20 that hits rolling the dice twice where the rule doubles them."""
    need = to_hit_number(thac0, target_ac)
    chance = rule.chance(modifier, need)
    critical = (
        Fraction(1, 20)
        if (rule.doubles_dice(20) and rule.hits(20, modifier, need))
        else Fraction(0)
    )
    result: dict[int, Fraction] = {0: 1 - chance} if chance < 1 else {}
    for share, rolled in ((chance - critical, dice), (critical, critical_dice(dice))):
        if not share:
            continue
        for damage, p in damage_distribution(rolled, bonus, double=double).items():
            result[damage] = result.get(damage, Fraction(0)) + share * p
    return result


def initiative_order(rolls: Mapping[K, int]) -> list[list[K]]:
    """Who acts when: lowest roll first, equal rolls share a group (they act together): the
    tracker's counts (:func:`~m3desk.core.encounter.group_counts`, which orders the turn
    order under AD&D's lower-first scheme). The forecast orders each round with it."""
    return group_counts(((name, roll, 0) for name, roll in rolls.items()), lower_first=True)


def initiative_odds(mine: int = 0, theirs: int = 0) -> tuple[Fraction, Fraction]:
    """(first, tie) for d10 + ``mine`` against d10 + ``theirs``, lower first. d10 vs d10:
    45/100 first, 10/100 together."""
    first = ties = 0
    for a in range(1, 11):
        for b in range(1, 11):
            if a + mine < b + theirs:
                first += 1
            elif a + mine == b + theirs:
                ties += 1
    return Fraction(first, 100), Fraction(ties, 100)


def save_chance(target: int, modifier: int = 0) -> Fraction:
    """d20 + modifier at least the saving throw number (a natural 1 is no automatic failure
    in 2e's tables; the roll needed is simply clamped to 1–20)."""
    succeeds = sum(1 for natural in range(1, 21) if natural + modifier >= target)
    return Fraction(succeeds, 20)


def morale_hold_chance(rating: int) -> Fraction:
    """The chance :func:`morale_holds` keeps the monster fighting, counted over every 2d10
    total by that very rule (the dialog's odds are the roll's). ML 11: 55/100."""
    counts = sum_of_dice(2, 10)
    return Fraction(sum(w for total, w in counts.items() if morale_holds(total, rating)), 100)


def morale_holds(rolled: int, rating: int) -> bool:
    """The morale roll: 2d10 at most the rating keeps fighting; above it, the monster breaks."""
    return rolled <= rating


def morale_loss(hit_points: int, max_hit_points: int) -> int:
    """The rating's change for the monster's own wounds (DMG Table 50): −4 once it has lost
    half its hit points, −2 once a quarter, else 0."""
    lost = max_hit_points - hit_points
    if lost * 2 >= max_hit_points:
        return -4
    if lost * 4 >= max_hit_points:
        return -2
    return 0


def morale_trigger(down: int, members: int) -> int:
    """When a side's monsters must check morale: a quarter of them down, half of them down,
    and each one lost after half (the DMG's "25 % and 50 % of the group down, a companion
    slain after 50 %"). Returns the latest trigger the side has reached, as a count of the
    fallen (0: none yet); a check is due whenever it passes the one last checked at. With 1 of
    5 down (20 %) nothing is due; 2 of 5 is the quarter."""
    if members <= 0:  # no monsters (none down counts nothing below either)
        return 0
    if down * 2 >= members:
        return down
    if down * 4 >= members:
        return -(-members // 4)
    return 0


def surprise_chance() -> Fraction:
    """d10: 1–3 is surprised."""
    return Fraction(3, 10)


def down(hit_points: int) -> bool:
    """Out of the fight: at 0 hit points or fewer a combatant is dead, or unconscious
    under the death's door option (dead at −10,
    :meth:`~m3desk.systems.adnd2e.option_rules.DeathRule.bleeds`): either way it takes no more
    turns, so the option does not change the answer. The encounter's ``out_of_fight`` and the
    forecast both ask this one rule."""
    return hit_points <= 0
