"""Effects and consequences: tiers, costs, values, durations."""

from __future__ import annotations

import uuid
from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from m3desk.systems.monsters_and_magic.table_rules import STRICT, TableRules


class Tier(StrEnum):
    MINOR = "minor"
    MAJOR = "major"
    EXTREME = "extreme"


TIERS: tuple[Tier, ...] = (Tier.MINOR, Tier.MAJOR, Tier.EXTREME)


class ConditionKind(StrEnum):
    EFFECT = "effect"
    """A bonus to the one who has it."""
    CONSEQUENCE = "consequence"
    """A penalty on the one who has it."""


class DurationKind(StrEnum):
    ROUNDS = "rounds"
    SCENE = "scene"
    UNTIL_REMOVED = "until_removed"
    CONTEST = "contest"
    """Lasts until thrown off by an incremental contest (e.g. a disease: 10 EP)."""


def tier_cost(tier: Tier, rules: TableRules = STRICT) -> int:
    return {
        Tier.MINOR: rules.minor_cost,
        Tier.MAJOR: rules.major_cost,
        Tier.EXTREME: rules.extreme_cost,
    }[tier]


def tier_value(tier: Tier, rules: TableRules = STRICT) -> int:
    return {
        Tier.MINOR: rules.minor_value,
        Tier.MAJOR: rules.major_value,
        Tier.EXTREME: rules.extreme_value,
    }[tier]


class Duration(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    kind: DurationKind = DurationKind.SCENE
    rounds: int | None = Field(None, ge=0, le=10_000)
    """Rounds remaining, for ``ROUNDS``."""
    contest_target: int | None = Field(None, ge=1, le=100)
    contest_progress: int = Field(0, ge=0, le=1000)

    @model_validator(mode="after")
    def _consistent(self) -> Duration:
        if self.kind is DurationKind.ROUNDS and self.rounds is None:
            raise ValueError("a duration in rounds needs a number of rounds")
        if self.kind is DurationKind.CONTEST and self.contest_target is None:
            raise ValueError("a contest duration needs the effect points to throw it off")
        return self

    def describe(self) -> str:
        if self.kind is DurationKind.ROUNDS:
            return f"{self.rounds} round{'s' if self.rounds != 1 else ''}"
        if self.kind is DurationKind.CONTEST:
            return f"until thrown off ({self.contest_progress}/{self.contest_target} EP)"
        if self.kind is DurationKind.SCENE:
            return "this scene"
        return "until removed"


class Condition(BaseModel):
    """An effect (bonus) or consequence (penalty) on a character or monster."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    id: str = Field(default_factory=lambda: uuid.uuid4().hex[:12], min_length=1, max_length=40)
    name: str = Field(min_length=1, max_length=80)
    kind: ConditionKind = ConditionKind.CONSEQUENCE
    tier: Tier = Tier.MINOR
    value: int = Field(ge=-99, le=99)
    """Signed: an effect's bonus is positive, a consequence's penalty negative."""
    source: str = Field("", max_length=120)
    scope: str = Field("", max_length=200)
    """Which checks it changes, in words ("combat actions", "defence"); empty means all."""
    duration: Duration = Field(default_factory=Duration)
    affects: Literal["checks", "defence", "both"] = "both"
    help: bool = False
    """A bonus another combatant's help granted: used by one check, then gone."""
    """Whether it changes the bearer's checks, its AC and defence, or both."""

    @classmethod
    def make(
        cls,
        name: str,
        kind: ConditionKind,
        tier: Tier,
        *,
        rules: TableRules = STRICT,
        source: str = "",
        scope: str = "",
        duration: Duration | None = None,
        affects: Literal["checks", "defence", "both"] = "both",
    ) -> Condition:
        """A condition with the tier's standard value and the right sign for its kind."""
        magnitude = tier_value(tier, rules)
        value = magnitude if kind is ConditionKind.EFFECT else -magnitude
        return cls(
            name=name,
            kind=kind,
            tier=tier,
            value=value,
            source=source,
            scope=scope,
            duration=duration or Duration(),
            affects=affects,
        )

    def tick(self) -> Condition | None:
        """One round passes: rounds count down; returns None when it expires."""
        if self.duration.kind is not DurationKind.ROUNDS or self.duration.rounds is None:
            return self
        remaining = self.duration.rounds - 1
        if remaining <= 0:
            return None
        return self.model_copy(
            update={"duration": self.duration.model_copy(update={"rounds": remaining})}
        )


def round_ends_left(condition: Condition, waits: bool) -> int | None:
    """How many round ends a condition lasts from now (None: it does not count down): its
    rounds (at least 1), and one more when it ``waits`` (placed this round and the table
    rules do not count the first). The tracker's round end and the forecast both use it."""
    duration = condition.duration
    if duration.kind is not DurationKind.ROUNDS or duration.rounds is None:
        return None
    return max(duration.rounds, 1) + (1 if waits else 0)


def has_consequence_of_tier(
    conditions: list[Condition] | tuple[Condition, ...], tier: Tier
) -> bool:
    return any(c.kind is ConditionKind.CONSEQUENCE and c.tier is tier for c in conditions)


def on_checks(conditions: tuple[Condition, ...]) -> tuple[Condition, ...]:
    """The conditions that change the bearer's own checks (the default selection)."""
    return tuple(c for c in conditions if c.affects in ("checks", "both"))


def on_defence(conditions: tuple[Condition, ...]) -> tuple[Condition, ...]:
    """The conditions that change the bearer's AC and defence."""
    return tuple(c for c in conditions if c.affects in ("defence", "both"))
