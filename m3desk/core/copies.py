"""Copies of one monster put into a fight: their hit points, by the table's method.

A stat block gives Hit Dice ("HD 1-1"); each goblin of a band of four has its own hit points,
taken as the dice's average, rolled, or their maximum. The game says which dice a sheet's
hit points come from (:attr:`~m3desk.core.system.EncounterRules.hit_dice`); this is the one
place that turns dice and a method into a number.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from m3desk.core.dice import DiceExpr, Roller

__all__ = ["HIT_POINT_METHODS", "HitPointMethod", "copy_hit_points", "d8_hit_dice",
           "with_hit_points"]

HitPointMethod = Literal["average", "rolled", "maximum"]
HIT_POINT_METHODS: dict[HitPointMethod, str] = {
    "average": "Average", "rolled": "Rolled", "maximum": "Maximum"}
"""Each method and how the dialog names it."""


def copy_hit_points(dice: DiceExpr, method: HitPointMethod, roller: Roller) -> int:
    """One copy's hit points: the dice's average rounded down, a roll, or the maximum; at
    least 1 (a copy joins alive)."""
    if method == "maximum":
        total = dice.maximum
    elif method == "rolled":
        total = sum(roller.roll_faces(dice)) + dice.bonus
    else:
        total = dice.count * (dice.sides + 1) // 2 + dice.bonus
    return max(1, total)


def d8_hit_dice(hit_dice: int, modifier: int) -> DiceExpr:
    """Hit Dice of d8 each plus the modifier (HD 4+1: 4d8+1); 0 is "½ HD", 1d4."""
    return DiceExpr(1, 4, modifier) if hit_dice == 0 else DiceExpr(hit_dice, 8, modifier)


def with_hit_points(sheet: BaseModel, hit_points: int) -> BaseModel:
    """A sheet keeping ``hit_points`` and ``max_hit_points`` with both at ``hit_points``."""
    return sheet.model_copy(update={"hit_points": hit_points, "max_hit_points": hit_points})
