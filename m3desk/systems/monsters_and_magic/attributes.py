"""Attributes, ATT modifiers and the prime attribute."""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

from m3desk.systems.monsters_and_magic.table_rules import STRICT, TableRules

MIN_SCORE = 1
MAX_SCORE = 30


class Attribute(StrEnum):
    STR = "STR"
    DEX = "DEX"
    CON = "CON"
    INT = "INT"
    WIS = "WIS"
    CHA = "CHA"

    @property
    def full_name(self) -> str:
        return _FULL_NAMES[self]


_FULL_NAMES = {
    Attribute.STR: "Strength",
    Attribute.DEX: "Dexterity",
    Attribute.CON: "Constitution",
    Attribute.INT: "Intelligence",
    Attribute.WIS: "Wisdom",
    Attribute.CHA: "Charisma",
}


def attribute_modifier(score: int) -> int:
    """ATT modifier of a score: 3 → −4, 9 → −1, 10 → 0, 12 → +1, 15 → +2, 16 → +3.

    floor((score − 10) / 2) fits every value the rulebook states (digest §1.2).
    """
    return (score - 10) // 2


def check_modifier(score: int, *, prime: bool, rules: TableRules = STRICT) -> int:
    """The modifier a check adds: the ATT modifier, doubled for the prime attribute."""
    modifier = attribute_modifier(score)
    if prime and (modifier > 0 or rules.double_negative_prime):
        return modifier * 2
    return modifier


class Attributes(BaseModel):
    """The six attribute scores."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    STR: int = Field(10, ge=MIN_SCORE, le=MAX_SCORE)
    DEX: int = Field(10, ge=MIN_SCORE, le=MAX_SCORE)
    CON: int = Field(10, ge=MIN_SCORE, le=MAX_SCORE)
    INT: int = Field(10, ge=MIN_SCORE, le=MAX_SCORE)
    WIS: int = Field(10, ge=MIN_SCORE, le=MAX_SCORE)
    CHA: int = Field(10, ge=MIN_SCORE, le=MAX_SCORE)

    def score(self, attribute: Attribute) -> int:
        value: int = getattr(self, attribute.value)
        return value
