"""Grapple, Shove, Escape and the Complete-grapple stunts; Dash, Disengage and Evade
(seed 004, "Grapple", "Shove", "Dash", "Disengage", "Evade"; digest §8).

The check for Grapple, Shove and sustaining a grapple is 1d20 + Combat Proficiency + Might +
Size Modifier ≥ the target's Physique Rating; a roll at the Critical Threshold is a critical
success (the attack rule applies: a critical roll whose total falls short is a plain success).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from m3desk.systems.apparatus.combat import judge, kept_distribution
from m3desk.systems.apparatus.options import ApparatusOptions
from m3desk.systems.apparatus.tables import Size, size_index

__all__ = [
    "STUNT_DICE",
    "TIERS",
    "TIER_EFFECTS",
    "CheckResult",
    "Grapple",
    "Tier",
    "check_odds",
    "check_result",
    "downgraded",
    "grapple_requirements",
    "grapple_succeeds",
    "halves_grappler",
    "raised",
    "shove_requirements",
]

Tier = Literal["basic", "advanced", "complete"]
TIERS: tuple[Tier, ...] = ("basic", "advanced", "complete")
TIER_EFFECTS: dict[Tier, str] = {
    "basic": "Speed 0, no bonuses to Speed",
    "advanced": "Speed 0, Restrained; forced movement moves both",
    "complete": "Speed 0, Restrained; forced movement moves both; stunts",
}
STUNT_DICE = "1d6"
"""A Complete-grapple stunt's damage: 1d6 + Might + Size Modifier."""
CheckResult = Literal["failure", "success", "critical"]


class Grapple(BaseModel):
    """One creature holding another, and how firmly."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    grappler: str = Field(min_length=1, max_length=40)
    target: str = Field(min_length=1, max_length=40)
    tier: Tier = "basic"


def grapple_succeeds(
    roll: int, proficiency: int, might: int, size_modifier: int, physique: int
) -> bool:
    """The seed's Grapple (and Shove) check: 1d20 + Combat Proficiency + Might + Size
    Modifier ≥ the target's Physique Rating. ``roll`` is the d20 as rolled. The action
    dialog's own judgement (:func:`check_result`) under the default table rules."""
    return check_result(roll, proficiency + might + size_modifier, physique, 0) != "failure"


def check_result(
    kept: int,
    bonus: int,
    physique: int,
    net: int,
    options: ApparatusOptions | None = None,
    *,
    threshold: int | None = None,
) -> CheckResult:
    verdict = judge(kept, bonus, physique, net, options, threshold=threshold)
    return "critical" if verdict == "crit" else "failure" if verdict == "miss" else "success"


def check_odds(
    bonus: int,
    physique: int,
    net: int,
    options: ApparatusOptions | None = None,
    *,
    threshold: int | None = None,
) -> dict[CheckResult, Fraction]:
    """Exact chances of a failure, a success and a critical success."""
    result: dict[CheckResult, Fraction] = {
        "failure": Fraction(0),
        "success": Fraction(0),
        "critical": Fraction(0),
    }
    for kept, chance in kept_distribution(net, options).items():
        result[check_result(kept, bonus, physique, net, options, threshold=threshold)] += chance
    return result


def _too_small(attacker: Size, target: Size) -> bool:
    return size_index(target) - size_index(attacker) > 1


def grapple_requirements(
    *, attacker: Size, target: Size, in_reach: bool, free_hand: bool, barred: str
) -> str:
    """Why a Grapple cannot be started, or ""."""
    if not in_reach:
        return "A grapple needs the target within melee reach."
    if barred:
        return barred
    if not free_hand:
        return "A grapple needs at least one free hand."
    if _too_small(attacker, target):
        return "The grappler may be at most one size smaller than the target."
    return ""


def shove_requirements(*, attacker: Size, target: Size, in_reach: bool, barred: str) -> str:
    if not in_reach:
        return "A shove needs the target within melee reach."
    if barred:
        return barred
    if _too_small(attacker, target):
        return "The shover may be at most one size smaller than the target."
    return ""


def halves_grappler(grappler: Size, target: Size) -> bool:
    """A grappler's Speed is halved unless the target is at least two sizes smaller."""
    return size_index(grappler) - size_index(target) < 2


def raised(tier: Tier, result: CheckResult) -> tuple[Tier, bool]:
    """The tier after a further check by the grappler, and whether a stunt is granted (a
    critical success that reaches Complete)."""
    if result == "failure":
        return tier, False
    if tier == "basic":
        return ("complete" if result == "critical" else "advanced"), False
    return "complete", result == "critical"


def downgraded(tier: Tier) -> Tier | None:
    """An Escape whose sustain check fails: Advanced and Complete drop a tier, Basic ends."""
    lower: dict[Tier, Tier | None] = {"basic": None, "advanced": "basic", "complete": "advanced"}
    return lower[tier]
