"""Spending effect points: damage, effects and consequences, range, help; hero points.

A :class:`SpendPlan` says what the actor buys with a check's effect points. :func:`check_plan`
lists what is wrong with it (nothing, for a legal plan); :func:`apply_plan` returns the new
sheets and range. Everything is pure: the UI wraps each application in one undo command.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from m3desk.core.numbers import signed
from m3desk.systems.monsters_and_magic.conditions import (
    Condition,
    ConditionKind,
    Duration,
    DurationKind,
    Tier,
    has_consequence_of_tier,
    tier_cost,
)
from m3desk.systems.monsters_and_magic.option_rules import hero_bump_rule
from m3desk.systems.monsters_and_magic.ranges import RangeBand, WeaponReach, shift
from m3desk.systems.monsters_and_magic.sheet import CharacterSheet, MonsterSheet, Pool
from m3desk.systems.monsters_and_magic.table_rules import STRICT, TableRules

Sheet = CharacterSheet | MonsterSheet


class DamageSpend(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    kind: Literal["damage"] = "damage"
    amount: int = Field(ge=1, le=999)
    mental: bool = False

    def cost(self, rules: TableRules) -> int:
        return self.amount


class ConditionSpend(BaseModel):
    """An effect on the actor, or a consequence on the target, bought for its tier's cost."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    kind: Literal["condition"] = "condition"
    condition: Condition

    def cost(self, rules: TableRules) -> int:
        return tier_cost(self.condition.tier, rules)


class RangeSpend(BaseModel):
    """Move the range between actor and target: negative bands close in, positive back off."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    kind: Literal["range"] = "range"
    bands: int = Field(ge=-6, le=6)

    def cost(self, rules: TableRules) -> int:
        return abs(self.bands) * rules.range_band_cost


class HelpSpend(BaseModel):
    """Helping another: the effect points spent become a bonus to the recipient's next check."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    kind: Literal["help"] = "help"
    points: int = Field(ge=1, le=999)
    towards: str = Field("", max_length=120)
    """The check the help is for, in words ("her next Turn Undead")."""

    def cost(self, rules: TableRules) -> int:
        return self.points


Spend = DamageSpend | ConditionSpend | RangeSpend | HelpSpend


class SpendPlan(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    spends: tuple[Spend, ...] = ()
    hero_bump: int = Field(0, ge=0, le=99)
    """Hero points the actor spends to raise its effect points."""
    defender_takes_damage: bool = False
    """The target spends a hero point to take all effect points as damage instead of
    consequences (capped at the attacker's maximum damage)."""
    range_hero_points: int = Field(0, ge=0, le=99)
    """Hero points spent on range bands under the optional cinematic rule."""


def bumped_points(effect_points: int, hero_points: int, rules: TableRules = STRICT) -> int:
    """Effect points after the actor spends hero points on them (the table's
    :func:`~m3desk.systems.monsters_and_magic.option_rules.hero_bump_rule`)."""
    costs = (rules.minor_cost, rules.major_cost, rules.extreme_cost)
    return hero_bump_rule(rules).bumped(effect_points, hero_points, costs)


class ProblemCode(StrEnum):
    """Why a spending plan is illegal, for code to act on (the text is for people)."""

    HERO_POINTS = "hero_points"
    OVER_BUDGET = "over_budget"
    DAMAGE_CAP = "damage_cap"
    NEEDS_TARGET = "needs_target"
    TIER_TAKEN = "tier_taken"
    DEFENDER_HERO_POINT = "defender_hero_point"
    DEFENDER_SWAP = "defender_swap"
    CINEMATIC_RANGE = "cinematic_range"
    UNNAMED = "unnamed"
    HELP_TOO_LARGE = "help_too_large"
    OUT_OF_REACH = "out_of_reach"
    """The attack's weapon cannot reach the range the plan leaves it at, yet the plan buys
    damage or effects (seed 000, "Changing range")."""
    NO_DAMAGE = "no_damage"
    """A check that only changes range (a manoeuvre, sneaking by, fleeing) does no damage."""


class Problem(str):
    """A problem's words, which are shown as they are, with its :class:`ProblemCode`.

    A ``str`` so that every place that shows or compares the words keeps working; code that
    decides something reads ``code``, never the words."""

    code: ProblemCode

    def __new__(cls, code: ProblemCode, text: str) -> Problem:
        problem = super().__new__(cls, text)
        problem.code = code
        return problem


@dataclass
class Budget:
    """What a plan costs against what the check earned."""

    available: int
    spent: int
    problems: list[Problem] = field(default_factory=list)

    @property
    def remaining(self) -> int:
        return self.available - self.spent

    @property
    def ok(self) -> bool:
        return not self.problems


def range_steps(plan: SpendPlan, rules: TableRules = STRICT) -> int:
    """Bands the plan moves (negative closes in), cinematic hero-point bands included."""
    steps = sum(s.bands for s in plan.spends if isinstance(s, RangeSpend))
    if rules.cinematic_range_hero_points and plan.range_hero_points:
        # Cinematic bands always close in unless a RangeSpend already says otherwise.
        extra = plan.range_hero_points // rules.cinematic_range_hero_points
        steps += -extra if steps <= 0 else extra
    return steps


def reach_problem(
    reach: WeaponReach, current: RangeBand, after: RangeBand, rules: TableRules = STRICT
) -> str:
    """Why nothing but the range may be bought while the attack cannot land from ``after``."""
    needed = reach.steps_from(after) or 0
    count = abs(needed)
    way = "closer" if needed < 0 else "farther"
    where = f"at {after.label}" if after == current else f"at {after.label} after the range change"
    more = "" if after == current else " more"
    return (
        f"{reach.describe()}: {where}, first buy {count}{more} "
        f"band{'s' if count != 1 else ''} {way} ({count * rules.range_band_cost} EP); "
        "damage and effects only from what is left"
    )


def check_plan(
    plan: SpendPlan,
    effect_points: int,
    *,
    actor: Sheet,
    target: Sheet | None,
    damage_cap: int | None,
    rules: TableRules = STRICT,
    current_range: RangeBand | None = None,
    reach: WeaponReach | None = None,
    moving_only: bool = False,
) -> Budget:
    """Everything that makes the plan illegal, in words the table understands.

    ``reach``: the attack's weapon and the bands it works from; with ``current_range`` it
    keeps damage and effects out of a plan that leaves the target out of reach.
    ``moving_only``: the check only changes range (no damage).
    """
    available = bumped_points(effect_points, plan.hero_bump, rules)
    spent = sum(spend.cost(rules) for spend in plan.spends)
    budget = Budget(available=available, spent=spent)
    problems = budget.problems
    if plan.hero_bump > actor.hero_points:
        problems.append(
            Problem(
                ProblemCode.HERO_POINTS,
                f"{actor.name} has {actor.hero_points} hero point(s), not {plan.hero_bump}",
            )
        )
    if spent > available:
        problems.append(
            Problem(
                ProblemCode.OVER_BUDGET,
                f"the plan costs {spent} effect points; only {available} are available",
            )
        )
    damage = sum(s.amount for s in plan.spends if isinstance(s, DamageSpend))
    if damage_cap is not None and damage > damage_cap:
        problems.append(
            Problem(
                ProblemCode.DAMAGE_CAP, f"damage {damage} is above the maximum damage {damage_cap}"
            )
        )
    consequences = [
        s.condition
        for s in plan.spends
        if isinstance(s, ConditionSpend) and s.condition.kind is ConditionKind.CONSEQUENCE
    ]
    if consequences and target is None:
        problems.append(Problem(ProblemCode.NEEDS_TARGET, "a consequence needs a target"))
    if rules.one_consequence_per_tier and target is not None:
        problems += _tier_problems(consequences, target)
    if any(isinstance(s, DamageSpend) for s in plan.spends) and target is None:
        problems.append(Problem(ProblemCode.NEEDS_TARGET, "damage needs a target"))
    buys_damage = plan.defender_takes_damage or any(isinstance(s, DamageSpend) for s in plan.spends)
    if moving_only and buys_damage:
        problems.append(
            Problem(
                ProblemCode.NO_DAMAGE,
                "a change-range check does no damage: its effect points move you",
            )
        )
    if reach is not None and reach.bands and current_range is not None:
        after = shift(current_range, range_steps(plan, rules))
        buys_more = buys_damage or any(isinstance(s, ConditionSpend) for s in plan.spends)
        if buys_more and not reach.reaches(after):
            problems.append(
                Problem(ProblemCode.OUT_OF_REACH, reach_problem(reach, current_range, after, rules))
            )
    problems += _hero_point_problems(plan, actor, target, bool(consequences), rules)
    return budget


def _tier_problems(consequences: list[Condition], target: Sheet) -> list[Problem]:
    """One consequence of a tier at a time: those the target has or the plan buys twice."""
    problems: list[Problem] = []
    seen: set[Tier] = set()
    for condition in consequences:
        if has_consequence_of_tier(target.conditions, condition.tier) or condition.tier in seen:
            problems.append(
                Problem(
                    ProblemCode.TIER_TAKEN,
                    f"{target.name} already has a {condition.tier.value} consequence;"
                    " choose something else",
                )
            )
        seen.add(condition.tier)
    return problems


def _hero_point_problems(
    plan: SpendPlan, actor: Sheet, target: Sheet | None, consequences: bool, rules: TableRules
) -> list[Problem]:
    """What the hero points of the plan cannot pay: the defender's swap, cinematic range."""
    problems: list[Problem] = []
    if plan.defender_takes_damage:
        if target is None or target.hero_points < 1:
            problems.append(
                Problem(
                    ProblemCode.DEFENDER_HERO_POINT,
                    "the defender needs a hero point to take damage instead",
                )
            )
        if not consequences:
            problems.append(
                Problem(
                    ProblemCode.DEFENDER_SWAP,
                    "the defender can only take damage instead of a consequence",
                )
            )
    if plan.range_hero_points:
        per_band = rules.cinematic_range_hero_points
        if not per_band:
            problems.append(
                Problem(
                    ProblemCode.CINEMATIC_RANGE, "the cinematic range rule is off at this table"
                )
            )
        elif plan.range_hero_points % per_band:
            problems.append(
                Problem(ProblemCode.CINEMATIC_RANGE, f"range costs {per_band} hero point(s) a band")
            )
        if plan.range_hero_points + plan.hero_bump > actor.hero_points:
            problems.append(
                Problem(ProblemCode.HERO_POINTS, f"{actor.name} lacks the hero points for that")
            )
    return problems


@dataclass(frozen=True)
class Outcome:
    """What applying a plan changed."""

    actor: Sheet
    target: Sheet | None
    range: RangeBand | None
    damage: int
    conditions_added: tuple[Condition, ...]
    help: tuple[HelpSpend, ...]
    summary: str


def _damaged(sheet: Sheet, amount: int, mental: bool) -> Sheet:
    pool = sheet.mhp if mental else sheet.php
    new_pool = Pool(current=max(pool.current - amount, -9999), maximum=pool.maximum)
    return sheet.model_copy(update={"mhp" if mental else "php": new_pool})


def apply_plan(
    plan: SpendPlan,
    effect_points: int,
    *,
    actor: Sheet,
    target: Sheet | None,
    damage_cap: int | None,
    current_range: RangeBand | None = None,
    rules: TableRules = STRICT,
    reach: WeaponReach | None = None,
    moving_only: bool = False,
) -> Outcome:
    """Apply a legal plan; raises ``ValueError`` with the problems of an illegal one."""
    budget = check_plan(
        plan,
        effect_points,
        actor=actor,
        target=target,
        damage_cap=damage_cap,
        rules=rules,
        current_range=current_range,
        reach=reach,
        moving_only=moving_only,
    )
    if not budget.ok:
        raise ValueError("; ".join(budget.problems))
    notes: list[str] = []
    hero_spent = plan.hero_bump + plan.range_hero_points
    if hero_spent:
        actor = actor.model_copy(update={"hero_points": actor.hero_points - hero_spent})
        notes.append(f"{actor.name} spends {hero_spent} hero point(s)")
    new_range = current_range
    steps = range_steps(plan, rules)
    if new_range is not None and steps:
        new_range = shift(new_range, steps)
        notes.append(f"range {current_range.label if current_range else '?'} → {new_range.label}")

    total_damage = 0
    added: list[Condition] = []
    if plan.defender_takes_damage and target is not None:
        available = bumped_points(effect_points, plan.hero_bump, rules)
        damage = available if damage_cap is None else min(available, damage_cap)
        mental = any(s.mental for s in plan.spends if isinstance(s, DamageSpend))
        target = target.model_copy(update={"hero_points": target.hero_points - 1})
        target = _damaged(target, damage, mental)
        total_damage = damage
        notes.append(f"{target.name} spends a hero point to take {damage} damage instead")
    else:
        for spend in plan.spends:
            if isinstance(spend, DamageSpend) and target is not None:
                target = _damaged(target, spend.amount, spend.mental)
                total_damage += spend.amount
                notes.append(f"{spend.amount} {'MHP' if spend.mental else 'PHP'} damage")
            elif isinstance(spend, ConditionSpend):
                condition = spend.condition
                added.append(condition)
                if condition.kind is ConditionKind.EFFECT:
                    actor = actor.model_copy(update={"conditions": (*actor.conditions, condition)})
                    notes.append(
                        f"{condition.tier.value} effect “{condition.name}” "
                        f"({signed(condition.value)}) on {actor.name}"
                    )
                elif target is not None:
                    target = target.model_copy(
                        update={"conditions": (*target.conditions, condition)}
                    )
                    notes.append(
                        f"{condition.tier.value} consequence “{condition.name}” "
                        f"({signed(condition.value)}) on {target.name}"
                    )
    helps = tuple(s for s in plan.spends if isinstance(s, HelpSpend))
    for spend in helps:
        notes.append(f"+{spend.points} help" + (f" to {spend.towards}" if spend.towards else ""))
    return Outcome(
        actor=actor,
        target=target,
        range=new_range,
        damage=total_damage,
        conditions_added=tuple(added),
        help=helps,
        summary="; ".join(notes) or "nothing spent",
    )


def help_condition(points: int, helper: str, towards: str) -> Condition:
    """The bonus a helper grants, as an effect on the helped character used by one check.

    It adds to that check (an action or a resistance such as CON), never to AC.
    """
    return Condition(
        name=f"help from {helper}",
        kind=ConditionKind.EFFECT,
        help=True,
        tier=Tier.MINOR,
        value=points,
        source=helper,
        scope=towards,
        duration=Duration(kind=DurationKind.UNTIL_REMOVED),
        affects="checks",
    )
