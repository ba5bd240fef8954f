"""The expedition: a party, a place and a clock, between the fights.

A session is mostly what happens between fights: the party walks a dungeon turn by turn or
the wilderness day by day, its torches burn down, it must rest, and now and then a check
brings wandering monsters. An :class:`Expedition` is that state, frozen like an encounter:
every change is a new expedition, so the window keeps the before and after of each step in
one undo command. A game subclasses it (to give members the game's sheet and ``options`` the
game's exploration rules) and says what its clock means in its
:class:`~m3desk.core.expedition_rules.ExplorationRules`; nothing here names a game.

The clock counts the game's units in the current mode (a dungeon's turns, the wilderness's
days): ``elapsed`` holds each unit's count, ``marks`` the clock value at which something last
happened (a rest, a check), and ``lights`` what each member has lit and how long it has left.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field

from m3desk.core.encounter import NoOptions
from m3desk.core.log_entries import MAX_ENTRIES, LogEntries

__all__ = [
    "MAX_LIGHTS",
    "MAX_MEMBERS",
    "Expedition",
    "ExpeditionLine",
    "Light",
    "Member",
    "Supply",
    "Timer",
    "add_line",
    "add_timer",
    "clock_of",
    "counted_down",
    "member_named",
]

MAX_MEMBERS = 40
MAX_LIGHTS = 200
Word = Annotated[str, Field(max_length=40)]
Text = Annotated[str, Field(max_length=200)]


class Member(BaseModel):
    """One of the party: a sheet, by the file it came from (None: a sample or an open tab)."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)
    name: str = Field(min_length=1, max_length=80)
    sheet: Any = None
    source_path: str | None = Field(None, max_length=4096)


class Light(BaseModel):
    """A light source burning: whose, what ("torch", "lantern"), the units it has left."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    member: str = Field(min_length=1, max_length=80)
    source: Word
    left: int = Field(ge=0, le=100_000)


class Supply(BaseModel):
    """Something the party uses up by the clock (rations, water), with how many are left."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    member: str = Field(min_length=1, max_length=80)
    item: Word
    left: int = Field(ge=0, le=100_000)


class Timer(BaseModel):
    """A spell or effect that lasts so many units of the clock ("Light (Silverleaf)")."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    label: str = Field(min_length=1, max_length=80)
    left: int = Field(ge=0, le=100_000)


class ExpeditionLine(BaseModel):
    """One line of the referee's log, with the clock when it happened ("Turn 7")."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)
    clock: Text
    text: str = Field(max_length=2_000)


class Expedition(BaseModel):
    """A party somewhere, and the time it has spent there. Games subclass it."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)
    name: str = Field("Expedition", min_length=1, max_length=120)
    place: str = Field("", max_length=120)
    """Where the party is, in the referee's words ("Dungeon level 2")."""
    mode: Word = ""
    """The game's clock mode by id ("dungeon", "wilderness"): it picks the unit."""
    terrain: Word = ""
    """The terrain by the game's id, where the mode has terrains (the wilderness's)."""
    members: tuple[Member, ...] = Field((), max_length=MAX_MEMBERS)
    elapsed: dict[Word, Annotated[int, Field(ge=0, le=1_000_000)]] = Field(
        default_factory=dict, max_length=20
    )
    """Units counted so far, by unit id ("turn": 14, "day": 2)."""
    marks: dict[Word, Annotated[int, Field(ge=0, le=1_000_000)]] = Field(
        default_factory=dict, max_length=50
    )
    """The clock value at which something last happened, by the game's id ("rest")."""
    lights: tuple[Light, ...] = Field((), max_length=MAX_LIGHTS)
    supplies: tuple[Supply, ...] = Field((), max_length=MAX_LIGHTS)
    timers: tuple[Timer, ...] = Field((), max_length=MAX_LIGHTS)
    """Spells and effects counting down with the clock, as the referee set them."""
    encounter_due: bool = False
    """A check came up: wandering monsters are met, until the fight starts or is waved off."""
    in_fight: bool = False
    """A fight started from this expedition has not yet been counted back into the clock."""
    log: LogEntries[ExpeditionLine] = Field(default_factory=LogEntries)
    options: BaseModel = Field(default_factory=NoOptions)
    """The exploration table rules this expedition is run with; each game narrows it."""


def clock_of(expedition: Expedition, unit: str) -> int:
    return expedition.elapsed.get(unit, 0)


def member_named(expedition: Expedition, name: str) -> Member | None:
    return next((m for m in expedition.members if m.name == name), None)


def add_line(expedition: Expedition, clock: str, text: str) -> Expedition:
    """The expedition with one more log line (the oldest dropped past the log's limit)."""
    entry = ExpeditionLine(clock=clock[:200], text=text[:2_000])
    return expedition.model_copy(update={"log": expedition.log.appended(entry, MAX_ENTRIES)})


def add_timer(expedition: Expedition, label: str, units: int) -> Expedition:
    """The expedition with a timer of ``units`` more (a spell's duration) named ``label``."""
    timer = Timer(label=label.strip()[:80] or "Timer", left=max(1, min(units, 100_000)))
    return expedition.model_copy(update={"timers": (*expedition.timers, timer)})


def counted_down(expedition: Expedition) -> tuple[Expedition, list[str]]:
    """One unit off every timer; those that run out are dropped and named ("Light ends.")."""
    kept, ended = [], []
    for timer in expedition.timers:
        if timer.left <= 1:
            ended.append(f"{timer.label} ends.")
        else:
            kept.append(timer.model_copy(update={"left": timer.left - 1}))
    return expedition.model_copy(update={"timers": tuple(kept)}), ended
