"""Traits and the trait bonus."""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field


def trait_bonus(level: int, traits: int) -> int:
    """Level for the first applicable trait, +1 for each further one, at most 2 × level."""
    if traits <= 0 or level <= 0:
        return 0
    return min(level + (traits - 1), 2 * level)


class TraitKind(StrEnum):
    CLASS = "class"
    RACIAL = "racial"
    PERSONAL = "personal"
    ALIGNMENT = "alignment"
    MONSTER = "monster"


class Trait(BaseModel):
    """A trait: something the character is good at, which adds the trait bonus when it helps."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    name: str = Field(min_length=1, max_length=80)
    kind: TraitKind = TraitKind.PERSONAL
    helps_with: str = Field("", max_length=400)
    armour: bool = False
    """The trait covers the weapons and armour worn, so the trait bonus counts toward AC."""
    initiative: bool = False
    """The trait applies to initiative (e.g. a monster's trait when engaged)."""
