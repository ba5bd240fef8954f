"""Skirmish's sheets: a character and a monster share a body with a pool called Resolve."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from m3desk.core.bounds import MAX_NOTES, OverrideKey, OverrideValue
from m3desk.core.dice import Dice, DiceExpr

Name = Annotated[str, Field(min_length=1, max_length=80)]
Metres = Annotated[int, Field(ge=0, le=200)]


class Blade(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    name: Name = "blade"
    harm: Dice | None = None
    reach_m: Metres = 2


class SkirmishBody(BaseModel):
    """What a Skirmish character and a monster both have."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    name: Name
    resolve: int = Field(10, ge=-99, le=999)
    """The pool a blow wears down; at 0 or less the combatant is broken."""
    max_resolve: int = Field(10, ge=1, le=999)
    guard: int = Field(7, ge=0, le=30)
    might: int = Field(0, ge=-5, le=10)
    harm: Dice = DiceExpr.parse("1d6")
    reach_m: Metres = 2
    stride_m: Metres = 8
    stance: Literal["steady", "bold", "wary"] = "steady"
    blades: tuple[Blade, ...] = Field((), max_length=20)
    notes: Annotated[str, Field(max_length=MAX_NOTES)] = ""
    overrides: dict[OverrideKey, OverrideValue] = Field(default_factory=dict, max_length=50)


class SkirmishSheet(SkirmishBody):
    kind: Literal["character"] = "character"
    company: Annotated[str, Field(max_length=80)] = "Free company"


class SkirmishMonster(SkirmishBody):
    kind: Literal["monster"] = "monster"
