"""How far an OSE character moves: base rate from load, per round, per turn, per day.

In a fight a character moves its encounter rate (base ÷ 3); in melee only by a fighting
withdrawal (half that, backwards) or a retreat (all of it, but foes get +2 and ignore its
shield).
"""

from __future__ import annotations

from typing import Literal

__all__ = [
    "Armour",
    "base_rate",
    "encounter_rate",
    "overland_miles",
    "withdrawal",
    "withdrawal_feet",
]

Armour = Literal["none", "light", "heavy"]


def base_rate(
    *,
    encumbrance: Literal["none", "basic", "detailed"],
    armour: Armour = "none",
    treasure: bool = False,
    coins: int = 0,
) -> int | None:
    """Base movement in feet per turn; None when the load is too heavy to move."""
    if encumbrance == "none":
        return 120
    if encumbrance == "basic":
        table = {"none": (120, 90), "light": (90, 60), "heavy": (60, 30)}
        return table[armour][1 if treasure else 0]
    for ceiling, rate in ((400, 120), (600, 90), (800, 60), (1600, 30)):
        if coins <= ceiling:
            return rate
    return None


def encounter_rate(base: int) -> int:
    return base // 3


def overland_miles(base: int) -> int:
    return base // 5


def withdrawal(base: int, kind: Literal["fighting withdrawal", "retreat"]) -> int:
    return withdrawal_feet(encounter_rate(base), kind)


def withdrawal_feet(rate: int, kind: str) -> int:
    """How far a declared move takes a combatant back from its foes this round, from its
    encounter rate: a retreat all of it, a fighting withdrawal half (0 for anything else).
    The tracker says it and the forecast plays it."""
    if kind == "retreat":
        return rate
    if kind == "fighting withdrawal":
        return rate // 2
    return 0
