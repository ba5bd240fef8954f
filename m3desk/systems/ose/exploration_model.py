"""Old-School Essentials' expedition as data: its table rules, terrains, clock modes, members.

What :mod:`m3desk.systems.ose.exploration` plays on: the expedition model the table keeps,
the SRD's terrain chances and the clock's small readers (which unit, what time it is).
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Annotated, Literal, NamedTuple

from pydantic import BaseModel, ConfigDict, Field

from m3desk.core.dice import DiceExpr
from m3desk.core.expedition import Expedition, Member, clock_of
from m3desk.core.expedition_rules import ClockMode
from m3desk.core.options import Option
from m3desk.core.sheet_rolls import at_most
from m3desk.systems.ose.options import OseOptions
from m3desk.systems.ose.sheet import CharacterSheet, MonsterSheet

D6 = DiceExpr.parse("1d6")
D100 = DiceExpr.parse("1d100")
ROUNDS_A_TURN = 60
"""A round is 10 seconds and a turn 10 minutes (SRD, Time, Weight, Movement)."""


class OseExploration(BaseModel):
    """The table rules of an expedition; every default is the SRD's."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    torch_turns: Annotated[
        int,
        Option(
            "Torch burns (turns)",
            "SRD Adventuring Gear: a lit torch burns for 1 hour, 6 turns.",
            section="Light and rest",
        ),
    ] = Field(6, ge=1, le=100)
    lantern_turns: Annotated[
        int,
        Option(
            "Lantern flask burns (turns)",
            "SRD Adventuring Gear: a lantern burns one oil flask every 4 hours, 24 turns.",
            section="Light and rest",
        ),
    ] = Field(24, ge=1, le=200)
    rest_every: Annotated[
        int,
        Option(
            "Rest one turn every (turns)",
            "SRD Dungeon Adventuring: characters must rest for one turn every hour.",
            section="Light and rest",
        ),
    ] = Field(6, ge=1, le=100)
    rest_penalty: Annotated[
        int,
        Option(
            "Penalty for not resting",
            "SRD: −1 to attack and damage rolls until the characters rest a turn (a day in the "
            "wilderness).",
            section="Light and rest",
        ),
    ] = Field(1, ge=0, le=5)
    check_every: Annotated[
        int,
        Option(
            "Dungeon wandering check every (turns)",
            "SRD Dungeon Adventuring: a check is typically rolled once every two turns.",
            section="Wandering monsters",
        ),
    ] = Field(2, ge=1, le=20)
    check_chance: Annotated[
        int,
        Option(
            "Dungeon wandering chance (in 6)",
            "SRD Dungeon Adventuring: the typical chance is 1-in-6; raise it for a noisy party or "
            "bright light in the dark.",
            section="Wandering monsters",
        ),
    ] = Field(1, ge=0, le=6)
    checks_a_day: Annotated[
        int,
        Option(
            "Wilderness checks a day",
            "SRD Wilderness Adventuring: typically once daily; the referee may make up to three or "
            "four.",
            section="Wandering monsters",
        ),
    ] = Field(1, ge=1, le=4)
    rations_a_day: Annotated[
        int,
        Option(
            "Rations eaten a day",
            "SRD rations are sold by the week (7 days): one a day each.",
            section="Travel",
        ),
    ] = Field(1, ge=0, le=5)
    water_a_day: Annotated[
        int,
        Option(
            "Waterskins drunk a day",
            "Off (0) by default: the SRD gives no daily need for water (a waterskin holds a "
            "quart); "
            "set 1 to count a waterskin a day.",
            section="Travel",
        ),
    ] = Field(0, ge=0, le=5)
    rest_days_every: Annotated[
        int,
        Option(
            "Rest one day every (days)",
            "SRD Wilderness Adventuring: rest one day per six days of travel.",
            section="Travel",
        ),
    ] = Field(6, ge=1, le=30)
    rest_day_healing: Annotated[
        Literal["1d3", "none"],
        Option(
            "Healing per day of complete rest",
            "SRD Healing: 1d3 hit points per full day of complete rest.",
            choices={"1d3": "1d3 hit points (SRD)", "none": "None"},
            section="Travel",
        ),
    ] = "1d3"


class Terrain(NamedTuple):
    id: str
    label: str
    check: int
    """Wandering monsters, in 6 (SRD Wilderness Adventuring, Chance by Terrain)."""
    lost: int | None
    """Losing direction, in 6 (SRD Losing Direction); None where the book gives none."""
    speed: Fraction
    """Overland travel's terrain modifier (33 % slower: ⅔; 50 % slower: ½)."""


TERRAINS: tuple[Terrain, ...] = (
    Terrain("clear", "Clear", 1, 1, Fraction(1)),
    Terrain("grasslands", "Grasslands", 1, 1, Fraction(1)),
    Terrain("settled", "Settled lands", 1, None, Fraction(1)),
    Terrain("city", "City", 1, None, Fraction(1)),
    Terrain("barren", "Barren lands", 2, 2, Fraction(1)),
    Terrain("desert", "Desert", 2, 3, Fraction(2, 3)),
    Terrain("forest", "Forest", 2, 2, Fraction(2, 3)),
    Terrain("hills", "Hills", 2, 2, Fraction(2, 3)),
    Terrain("jungle", "Jungle", 3, 3, Fraction(1, 2)),
    Terrain("mountains", "Mountains", 3, 2, Fraction(1, 2)),
    Terrain("swamp", "Swamp", 3, 3, Fraction(1, 2)),
)
"""The SRD's terrains that it gives a wandering chance for; "woods" of Losing Direction is
the forest. Settled lands and the city have no chance of getting lost in the book."""

DUNGEON = ClockMode("dungeon", "Dungeon", "turn", "turns")
WILDERNESS = ClockMode(
    "wilderness", "Wilderness", "day", "days", tuple((t.id, t.label) for t in TERRAINS)
)
LIGHT_WORDS = {"torch": "Torch", "lantern": "Lantern"}


class OseMember(Member):
    sheet: CharacterSheet | MonsterSheet = Field(discriminator="kind")


class OseExpedition(Expedition):
    members: tuple[OseMember, ...] = Field((), max_length=40)
    options: OseExploration = Field(default_factory=OseExploration)
    table_rules: OseOptions = Field(default_factory=OseOptions)
    """The game's table rules the sheets are read under (encumbrance and the like)."""


def with_table_rules(expedition: Expedition, rules: BaseModel) -> Expedition:
    if not isinstance(rules, OseOptions):
        return expedition
    return expedition.model_copy(update={"table_rules": rules})


def in_six(chance: int, total: int) -> bool:
    """An "n-in-6" chance: a d6 of at most n."""
    return at_most(chance, total)


def fight_turns(rounds: int) -> int:
    """The turns a fight of ``rounds`` takes: 60 rounds a turn, a fight at least one."""
    return max(1, math.ceil(rounds / ROUNDS_A_TURN))


def _typed(expedition: Expedition) -> OseExpedition:
    assert isinstance(expedition, OseExpedition)
    return expedition


def _terrain(expedition: Expedition) -> Terrain:
    return next((t for t in TERRAINS if t.id == expedition.terrain), TERRAINS[0])


def _unit(expedition: Expedition) -> str:
    return WILDERNESS.unit if expedition.mode == WILDERNESS.id else DUNGEON.unit


def _now(expedition: Expedition) -> int:
    return clock_of(expedition, _unit(expedition))


def _count(number: int, unit: str) -> str:
    return f"{number} {unit}" + ("" if number == 1 else "s")
