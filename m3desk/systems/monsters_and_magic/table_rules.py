"""Table rules: the numbers the rulebook excerpts leave open, as options with defaults.

Every option carries its label, its section and a one-line explanation that the app shows
next to it, on the field itself (an :class:`~m3desk.core.options.Option` marker). Defaults follow
the rules text literally ("strict"); :meth:`TableRules.book_example` reproduces the choices
the book's own Example of Play made where it departs from its rules text.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from m3desk.core.options import Option, option_of


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


class TableRules(BaseModel):
    """House rules for one table. Stored with the settings; passed to every computation."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    minor_cost: Annotated[
        int,
        Option(
            "Minor cost",
            "Effect points a minor effect or consequence costs (the book: 5).",
            section="Effects and consequences",
        ),
    ] = Field(5, ge=1, le=30)
    major_cost: Annotated[
        int,
        Option(
            "Major cost",
            "Effect points a major effect or consequence costs (the book: 10).",
            section="Effects and consequences",
        ),
    ] = Field(10, ge=1, le=60)
    extreme_cost: Annotated[
        int,
        Option(
            "Extreme cost",
            "Effect points an extreme effect or consequence costs (inferred: 15).",
            section="Effects and consequences",
        ),
    ] = Field(15, ge=1, le=90)
    minor_value: Annotated[
        int,
        Option(
            "Minor bonus or penalty",
            "Bonus or penalty of a minor effect or consequence (the book: 2).",
            section="Effects and consequences",
        ),
    ] = Field(2, ge=0, le=20)
    major_value: Annotated[
        int,
        Option(
            "Major bonus or penalty",
            "Bonus or penalty of a major effect or consequence (the book: 4).",
            section="Effects and consequences",
        ),
    ] = Field(4, ge=0, le=20)
    extreme_value: Annotated[
        int,
        Option(
            "Extreme bonus or penalty",
            "Bonus or penalty of an extreme one (unstated; 6 continues the steps).",
            section="Effects and consequences",
        ),
    ] = Field(6, ge=0, le=20)
    failure_minor_margin: Annotated[
        int,
        Option(
            "Minor consequence from",
            "Short by this or more: a minor consequence (the book shows 5).",
            section="Failures",
        ),
    ] = Field(5, ge=1, le=60)
    failure_major_margin: Annotated[
        int,
        Option(
            "Major consequence from",
            "Short by this or more: a major consequence (assumed 10).",
            section="Failures",
        ),
    ] = Field(10, ge=1, le=60)
    failure_extreme_margin: Annotated[
        int,
        Option(
            "Extreme consequence from",
            "Short by this or more: an extreme consequence (assumed 15).",
            section="Failures",
        ),
    ] = Field(15, ge=1, le=60)
    range_band_cost: Annotated[
        int,
        Option(
            "Range band cost",
            "Effect points to move one range band (a minor effect: 5).",
            section="Range and hero points",
        ),
    ] = Field(5, ge=1, le=30)
    difficulty_ladder: Annotated[
        tuple[DifficultyRung, ...],
        Option(
            "Difficulties",
            "Named difficulties; only Average 10 and Tough 15 are in the excerpts.",
            section="Difficulties",
        ),
    ] = Field(DEFAULT_LADDER, max_length=40)
    size_defence_vs_larger: Annotated[
        bool,
        Option(
            "Larger targets are easier to hit",
            "Attacking a larger target lowers its AC or defence by 2 per size step, as the rules "
            "text says (the Example of Play skips this for the heroes' attacks on the large "
            "mummy).",
            section="Size",
        ),
    ] = True
    size_defence_vs_smaller: Annotated[
        bool,
        Option(
            "Smaller targets are harder to hit",
            "Attacking a smaller target raises its AC or defence by 2 per size step (the Example "
            "of "
            "Play applies this: the mummy against Gramfive).",
            section="Size",
        ),
    ] = True
    size_mental: Annotated[
        bool,
        Option(
            "Size counts for mental attacks",
            "Size changes mental resistance and effect points (the example ignores it).",
            section="Size",
        ),
    ] = True
    size_vs_difficulty: Annotated[
        bool,
        Option(
            "Size counts against a difficulty",
            "Size changes effect points of attacks made against a difficulty, such as Magic "
            "Missile "
            "(the rules text speaks only of AC and defence).",
            section="Size",
        ),
    ] = False
    damage_cap_adds_level: Annotated[
        bool,
        Option(
            "Maximum damage adds the level",
            "Maximum damage is the damage die's maximum plus the level.",
            section="Damage",
        ),
    ] = True
    enforce_damage_cap: Annotated[
        bool,
        Option(
            "Enforce the maximum damage",
            "Damage from one check never exceeds the maximum damage (the example breaks this once, "
            "for Gramfive).",
            section="Damage",
        ),
    ] = True
    one_consequence_per_tier: Annotated[
        bool,
        Option(
            "One consequence per tier",
            "A target cannot take a second consequence of a tier it already suffers (the example "
            "refuses a second minor consequence).",
            section="Effects and consequences",
        ),
    ] = True
    hero_bump: Annotated[
        HeroBump,
        Option(
            "Hero point bonus",
            "What a hero point does to an attacker's effect points: +1, or up to the next tier.",
            choices={
                HeroBump.PLUS_ONE: "+1 effect point",
                HeroBump.NEXT_TIER: "Up to the next tier",
            },
            section="Range and hero points",
        ),
    ] = HeroBump.PLUS_ONE
    cinematic_range_hero_points: Annotated[
        Literal[0, 1, 5],
        Option(
            "Cinematic range",
            "Hero points per range band in cinematic games (0 = off; the book suggests 1 for wuxia "
            "tone, 5 for swashbuckling).",
            choices={0: "Off", 1: "1 a band (wuxia)", 5: "5 a band (swashbuckling)"},
            section="Range and hero points",
        ),
    ] = 0
    double_negative_prime: Annotated[
        bool,
        Option(
            "A negative prime doubles too",
            "A negative prime modifier doubles too (the text has no exception).",
            section="Prime attribute",
        ),
    ] = True
    prime_doubles_resistance: Annotated[
        bool,
        Option(
            "Prime doubles resistances",
            "The prime attribute also doubles on rolled resistances.",
            section="Prime attribute",
        ),
    ] = False
    starting_hero_points: Annotated[
        int,
        Option(
            "Starting hero points",
            "Hero points a new 1st-level character starts with (the example: 1).",
            section="Range and hero points",
        ),
    ] = Field(1, ge=0, le=20)
    starting_hit_points_bonus: Annotated[
        int,
        Option(
            "Starting hit points: score +",
            "A new character starts with CON + this in PHP and WIS + this in MHP (the excerpts "
            "give "
            "no formula; 8 fits Shamira, a 1st-level cleric with CON 8 and 16 PHP; raise them on "
            "the "
            "sheet for later levels).",
            section="Damage",
        ),
    ] = Field(8, ge=0, le=200)
    duration_counts_first_round: Annotated[
        bool,
        Option(
            "The first round counts",
            "The round in which an effect is placed counts toward its duration (the book leaves "
            "this "
            "open: a 5-round Shield cast in the surprise round ends after round four, or after "
            "round "
            "five when this is off).",
            section="Durations",
        ),
    ] = True
    change_range_resistance: Annotated[
        RangeResistance,
        Option(
            "Changing range resisted by",
            "What resists a change-range check: the opponent's WIS (it must spot the manoeuvre, as "
            "the mummy resists Felix's sneak in the Example of Play), its STR (the Movement rules "
            "for getting past a blocker) or its AC.",
            section="Range and hero points",
        ),
    ] = RangeResistance.SPOTTING

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
        return option_of(TableRules, option).reason


STRICT = TableRules()
