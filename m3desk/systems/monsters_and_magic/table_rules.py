"""Table rules: the numbers the rulebook excerpts leave open, as options with defaults.

Every option carries a one-line explanation that the app shows next to it. Defaults follow
the rules text literally ("strict"); :meth:`TableRules.book_example` reproduces the choices
the book's own Example of Play made where it departs from its rules text.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator


class HeroBump(StrEnum):
    PLUS_ONE = "plus_one"
    NEXT_TIER = "next_tier"


class RangeResistance(StrEnum):
    """What resists a change-range check by default (the book shows one and states another).

    The values are the words the Table Rules form shows."""

    SPOTTING = "wisdom: spotting the mover"
    BLOCKING = "strength: blocking the way"
    DEFENCE = "armour class: defending"


class DifficultyRung(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    name: str = Field(min_length=1, max_length=40)
    static: int = Field(ge=0, le=60)

    @property
    def rolled_bonus(self) -> int:
        """A rolled difficulty is 3d6 plus (static − 10): Average 10 ↔ +0, Tough 15 ↔ +5."""
        return self.static - 10


DEFAULT_LADDER: tuple[DifficultyRung, ...] = (
    DifficultyRung(name="Easy", static=5),
    DifficultyRung(name="Average", static=10),
    DifficultyRung(name="Tough", static=15),
    DifficultyRung(name="Very Tough", static=20),
    DifficultyRung(name="Heroic", static=25),
    DifficultyRung(name="Legendary", static=30),
)

EXPLANATIONS: dict[str, str] = {
    "minor_cost": "Effect points a minor effect or consequence costs (the book: 5).",
    "major_cost": "Effect points a major effect or consequence costs (the book: 10).",
    "extreme_cost": "Effect points an extreme effect or consequence costs (inferred: 15).",
    "minor_value": "Bonus or penalty of a minor effect or consequence (the book: 2).",
    "major_value": "Bonus or penalty of a major effect or consequence (the book: 4).",
    "extreme_value": "Bonus or penalty of an extreme one (unstated; 6 continues the steps).",
    "failure_minor_margin": "Short by this or more: a minor consequence (the book shows 5).",
    "failure_major_margin": "Short by this or more: a major consequence (assumed 10).",
    "failure_extreme_margin": "Short by this or more: an extreme consequence (assumed 15).",
    "range_band_cost": "Effect points to move one range band (a minor effect: 5).",
    "difficulty_ladder": "Named difficulties; only Average 10 and Tough 15 are in the excerpts.",
    "size_defence_vs_larger": "Attacking a larger target lowers its AC or defence by 2 per size "
    "step, as the rules text says (the Example of Play skips this for the heroes' attacks on "
    "the large mummy).",
    "size_defence_vs_smaller": "Attacking a smaller target raises its AC or defence by 2 per "
    "size step (the Example of Play applies this: the mummy against Gramfive).",
    "size_mental": "Size changes mental resistance and effect points (the example ignores it).",
    "size_vs_difficulty": "Size changes effect points of attacks made against a difficulty, "
    "such as Magic Missile (the rules text speaks only of AC and defence).",
    "damage_cap_adds_level": "Maximum damage is the damage die's maximum plus the level.",
    "enforce_damage_cap": "Damage from one check never exceeds the maximum damage "
    "(the example breaks this once, for Gramfive).",
    "one_consequence_per_tier": "A target cannot take a second consequence of a tier it already "
    "suffers (the example refuses a second minor consequence).",
    "hero_bump": "What a hero point does to an attacker's effect points: +1, "
    "or up to the next tier.",
    "cinematic_range_hero_points": "Hero points per range band in cinematic games (0 = off; the "
    "book suggests 1 for wuxia tone, 5 for swashbuckling).",
    "double_negative_prime": "A negative prime modifier doubles too (the text has no exception).",
    "prime_doubles_resistance": "The prime attribute also doubles on rolled resistances.",
    "duration_counts_first_round": "The round in which an effect is placed counts toward its "
    "duration (the book leaves this open: a 5-round Shield cast in the surprise round ends "
    "after round four, or after round five when this is off).",
    "starting_hero_points": "Hero points a new 1st-level character starts with (the example: 1).",
    "starting_hit_points_bonus": "A new character starts with CON + this in PHP and WIS + this "
    "in MHP (the excerpts give no formula; 8 fits Shamira, a 1st-level cleric with CON 8 and "
    "16 PHP; raise them on the sheet for later levels).",
    "change_range_resistance": "What resists a change-range check: the opponent's WIS (it must "
    "spot the manoeuvre, as the mummy resists Felix's sneak in the Example of Play), its STR "
    "(the Movement rules for getting past a blocker) or its AC.",
}


class TableRules(BaseModel):
    """House rules for one table. Stored with the settings; passed to every computation."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    minor_cost: int = Field(5, ge=1, le=30)
    major_cost: int = Field(10, ge=1, le=60)
    extreme_cost: int = Field(15, ge=1, le=90)
    minor_value: int = Field(2, ge=0, le=20)
    major_value: int = Field(4, ge=0, le=20)
    extreme_value: int = Field(6, ge=0, le=20)
    failure_minor_margin: int = Field(5, ge=1, le=60)
    failure_major_margin: int = Field(10, ge=1, le=60)
    failure_extreme_margin: int = Field(15, ge=1, le=60)
    range_band_cost: int = Field(5, ge=1, le=30)
    difficulty_ladder: tuple[DifficultyRung, ...] = Field(DEFAULT_LADDER, max_length=40)
    size_defence_vs_larger: bool = True
    size_defence_vs_smaller: bool = True
    size_mental: bool = True
    size_vs_difficulty: bool = False
    damage_cap_adds_level: bool = True
    enforce_damage_cap: bool = True
    one_consequence_per_tier: bool = True
    hero_bump: HeroBump = HeroBump.PLUS_ONE
    cinematic_range_hero_points: Literal[0, 1, 5] = 0
    double_negative_prime: bool = True
    prime_doubles_resistance: bool = False
    starting_hero_points: int = Field(1, ge=0, le=20)
    starting_hit_points_bonus: int = Field(8, ge=0, le=200)
    duration_counts_first_round: bool = True
    change_range_resistance: RangeResistance = RangeResistance.SPOTTING

    @model_validator(mode="after")
    def _ordered(self) -> TableRules:
        if not self.minor_cost <= self.major_cost <= self.extreme_cost:
            raise ValueError("tier costs must rise: minor ≤ major ≤ extreme")
        margins = (
            self.failure_minor_margin,
            self.failure_major_margin,
            self.failure_extreme_margin,
        )
        if not margins[0] <= margins[1] <= margins[2]:
            raise ValueError("failure margins must rise: minor ≤ major ≤ extreme")
        names = [rung.name for rung in self.difficulty_ladder]
        if len(set(names)) != len(names):
            raise ValueError("difficulty names must be unique")
        return self

    @classmethod
    def book_example(cls) -> TableRules:
        """The Example of Play's systematic departures from the rules text: it applies no size
        adjustment to a larger target's AC/defence or to mental attacks (digest §2.4, I1 and I2).
        Its one-off departures (I4, I5, I8) are GM adjustments at the check, not table rules."""
        return cls(size_defence_vs_larger=False, size_mental=False)

    def difficulty(self, name: str) -> DifficultyRung:
        for rung in self.difficulty_ladder:
            if rung.name.casefold() == name.casefold():
                return rung
        raise KeyError(f"no difficulty named {name!r}")

    @staticmethod
    def explain(option: str) -> str:
        return EXPLANATIONS[option]


STRICT = TableRules()
