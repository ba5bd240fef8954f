"""Checks: action, resistance, ranked, incremental; effect points and degrees of failure."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum, StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from m3desk.core.terms import Term
from m3desk.systems.monsters_and_magic.dice import NATURAL_FAIL, NATURAL_SUCCESS
from m3desk.systems.monsters_and_magic.table_rules import STRICT, TableRules

FailureName = Literal["simple", "minor", "major", "extreme"]


class Failure(StrEnum):
    SIMPLE = "simple"
    MINOR = "minor"
    MAJOR = "major"
    EXTREME = "extreme"


class Concentration(IntEnum):
    """Added to the difficulty of actions that need concentration, such as spells or first aid."""

    SAFE = 0
    DANGEROUS = 5
    """Combat is happening nearby."""
    THREATENED = 10
    """Someone is attacking you."""


def failure_degree(margin: int, rules: TableRules = STRICT) -> Failure:
    """How badly a check failed, from how far short of the resistance it fell (≥ 1)."""
    if margin >= rules.failure_extreme_margin:
        return Failure.EXTREME
    if margin >= rules.failure_major_margin:
        return Failure.MAJOR
    if margin >= rules.failure_minor_margin:
        return Failure.MINOR
    return Failure.SIMPLE


@dataclass(frozen=True, slots=True)
class CheckResult:
    """The outcome of one check against a resistance."""

    total: int
    resistance: int
    succeeded: bool
    effect_points: int
    failure: FailureName | None
    natural: int | None = None

    @property
    def margin(self) -> int:
        return self.total - self.resistance


def resolve_check(
    roll: int, modifier: int, resistance: int, *, rules: TableRules = STRICT
) -> CheckResult:
    """Resolve ``roll`` (the 3d6 sum) + ``modifier`` against ``resistance``.

    Meeting the resistance succeeds; effect points are the excess. A natural 3 always
    fails (at least a simple failure); a natural 18 always succeeds (at least with 0 EP).
    """
    if not NATURAL_FAIL <= roll <= NATURAL_SUCCESS:
        raise ValueError(f"3d6 shows 3 to 18, not {roll}")
    total = roll + modifier
    margin = total - resistance
    natural = roll if roll in (NATURAL_FAIL, NATURAL_SUCCESS) else None
    if roll == NATURAL_SUCCESS:
        return CheckResult(total, resistance, True, max(margin, 0), None, natural)
    if roll == NATURAL_FAIL:
        degree = failure_degree(max(-margin, 1), rules)
        return CheckResult(total, resistance, False, 0, degree.value, natural)
    if margin >= 0:
        return CheckResult(total, resistance, True, margin, None, natural)
    return CheckResult(total, resistance, False, 0, failure_degree(-margin, rules).value, natural)


def difficulty(
    base: int, *, concentration: Concentration = Concentration.SAFE, spell_level: int = 0
) -> tuple[Term, ...]:
    """A static difficulty's parts: the rung, concentration, and a spell's level."""
    terms = [Term(label="difficulty", value=base)]
    if concentration:
        terms.append(Term(label=_CONCENTRATION_LABEL[concentration], value=int(concentration)))
    if spell_level:
        terms.append(Term(label="spell level", value=spell_level))
    return tuple(terms)


_CONCENTRATION_LABEL = {
    Concentration.DANGEROUS: "dangerous surroundings",
    Concentration.THREATENED: "under threat",
}


def static_check(score: int, trait_bonus: int) -> int:
    """An unrolled check: attribute score + trait bonus (trait-based actions only)."""
    return score + trait_bonus


@dataclass(frozen=True, slots=True)
class RankedEntry:
    name: str
    result: int
    tiebreak: int = 0
    """Higher wins a tie only when the table wants a strict order; equal results act together."""


def ranked(entries: Iterable[RankedEntry]) -> list[list[RankedEntry]]:
    """Order check results high to low; entries with equal results share a rank (a group)."""
    ordered = sorted(entries, key=lambda entry: (-entry.result, -entry.tiebreak))
    groups: list[list[RankedEntry]] = []
    for entry in ordered:
        if groups and groups[-1][0].result == entry.result:
            groups[-1].append(entry)
        else:
            groups.append([entry])
    return groups


class IncrementalContest(BaseModel):
    """Sides roll against each other round by round, accumulating effect points to a target.

    The book: throwing off the regressing disease needs 10 accumulated effect points.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")
    name: str
    target: int = Field(10, ge=1, le=100)
    progress: dict[str, int] = Field(default_factory=dict)

    def add(self, side: str, effect_points: int) -> IncrementalContest:
        if effect_points < 0:
            raise ValueError("effect points are never negative")
        progress = dict(self.progress)
        progress[side] = progress.get(side, 0) + effect_points
        return self.model_copy(update={"progress": progress})

    def winner(self) -> str | None:
        reached = [side for side, points in self.progress.items() if points >= self.target]
        if not reached:
            return None
        return max(reached, key=lambda side: self.progress[side])
