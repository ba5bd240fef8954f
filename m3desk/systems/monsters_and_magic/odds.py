"""Exact odds of a check: chance of success and the distribution of effect points.

Everything is counted over the equally likely outcomes of 3d6 (and the damage die, and a
rolled resistance's 3d6), so results are exact fractions.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from m3desk.systems.monsters_and_magic.dice import (
    NATURAL_FAIL,
    NATURAL_SUCCESS,
    THREE_D6,
    DiceExpr,
    convolve,
)


@dataclass(frozen=True, slots=True)
class Odds:
    """Exact outcome of a check before it is rolled."""

    success: Fraction
    effect_points: Mapping[int, Fraction]
    """P(EP = n) for successful outcomes; failures are not included (they sum to 1 − success)."""
    failure_margins: Mapping[int, Fraction]
    """P(short by m) for failed outcomes, m ≥ 1 (a natural 3 that met the number counts as 1)."""

    @property
    def expected_effect_points(self) -> Fraction:
        return sum((Fraction(n) * p for n, p in self.effect_points.items()), Fraction(0))

    def at_least(self, points: int) -> Fraction:
        """Chance of succeeding with at least ``points`` effect points."""
        return sum((p for n, p in self.effect_points.items() if n >= points), Fraction(0))


def _damage_counts(damage: DiceExpr | None) -> Mapping[int, int]:
    return damage.distribution() if damage else {0: 1}


@lru_cache(maxsize=4096)
def _odds(
    modifier: int, resistance: int, damage: DiceExpr | None, rolled_resistance: bool, ep_adjust: int
) -> Odds:
    extra = _damage_counts(damage)
    resist: Mapping[int, int] = (
        {value + resistance: ways for value, ways in THREE_D6.items()}
        if rolled_resistance
        else {resistance: 1}
    )
    # Difference between the non-3d6 part of the check and the resistance, pre-convolved.
    against = convolve(extra, {-value: ways for value, ways in resist.items()})
    denominator = 216 * sum(extra.values()) * sum(resist.values())
    ep_counts: dict[int, int] = {}
    fail_counts: dict[int, int] = {}
    for roll, roll_ways in THREE_D6.items():
        for diff, diff_ways in against.items():
            ways = roll_ways * diff_ways
            margin = roll + modifier + diff
            if roll == NATURAL_SUCCESS or (roll != NATURAL_FAIL and margin >= 0):
                points = max(margin, 0) + ep_adjust if margin >= 0 else ep_adjust
                points = max(points, 0)
                ep_counts[points] = ep_counts.get(points, 0) + ways
            else:
                short = max(-margin, 1)
                fail_counts[short] = fail_counts.get(short, 0) + ways
    success = Fraction(sum(ep_counts.values()), denominator)
    return Odds(
        success=success,
        effect_points={n: Fraction(w, denominator) for n, w in sorted(ep_counts.items())},
        failure_margins={m: Fraction(w, denominator) for m, w in sorted(fail_counts.items())},
    )


def check_odds(
    modifier: int,
    resistance: int,
    damage: DiceExpr | None = None,
    *,
    rolled_resistance: bool = False,
    ep_adjust: int = 0,
) -> Odds:
    """Exact odds of 3d6 + modifier (+ damage die) against a static or rolled resistance.

    For a rolled resistance, ``resistance`` is its bonus (3d6 + bonus). ``ep_adjust`` is
    added to effect points after a hit (size), never taking them below 0.
    """
    return _odds(modifier, resistance, damage, rolled_resistance, ep_adjust)


def success_chance(modifier: int, resistance: int, damage_dice: str | None = None) -> float:
    """Exact probability that 3d6 + modifier (+ the damage dice) meets the resistance."""
    damage = DiceExpr.parse(damage_dice) if damage_dice else None
    return float(check_odds(modifier, resistance, damage).success)
