"""An encounter: combatants in sides, the range between each pair, surprise, rounds and turns.

Pure functions over a frozen :class:`Encounter`; each returns a new encounter, so the UI can
keep the before and after of every change in one undo command.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Mapping
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from m3desk.systems.monsters_and_magic.checks import Failure
from m3desk.systems.monsters_and_magic.conditions import Condition
from m3desk.systems.monsters_and_magic.ranges import (
    MAXIMUM_RANGE,
    EncounterConditions,
    RangeBand,
    starting_range,
)
from m3desk.systems.monsters_and_magic.sheet import CharacterSheet, MonsterSheet
from m3desk.systems.monsters_and_magic.table_rules import TableRules

AnySheet = Annotated[CharacterSheet | MonsterSheet, Field(discriminator="kind")]
Phase = Literal["setup", "surprise", "rounds"]
MAX_COMBATANTS = 200
MAX_LOG = 20_000


def _new_id() -> str:
    return uuid.uuid4().hex[:10]


class Combatant(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    id: str = Field(default_factory=_new_id, min_length=1, max_length=40)
    name: str = Field(min_length=1, max_length=80)
    side: str = Field(min_length=1, max_length=40)
    sheet: AnySheet
    source_path: str | None = Field(None, max_length=4096)
    """The sheet file this combatant came from, for writing changes back."""
    initiative: int | None = Field(None, ge=-99, le=199)
    casting: bool = False
    """Casting a spell this round: initiative uses INT instead of DEX."""
    tie_order: int = Field(0, ge=-999, le=999)
    """Among combatants on the same count, lower resolves first (they still act together)."""
    delayed: bool = False
    notes: str = Field("", max_length=10_000)


class AppliedAt(BaseModel):
    """When an effect or consequence was placed: simultaneous actions do not see each other's."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    round: int
    count: int | None


class LogEntry(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    round: int = Field(ge=0)
    phase: Literal["setup", "surprise", "rounds"] = "rounds"
    """Set-up and the surprise round are both round 0; the phase tells them apart."""
    actor: str | None = None
    """Combatant id, or None for the table (round changes, range set-up)."""
    target: str | None = None
    text: str = Field(max_length=2_000)
    details: str = Field("", max_length=20_000)


class Encounter(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    name: str = Field("Encounter", min_length=1, max_length=120)
    conditions: EncounterConditions = EncounterConditions.INDOORS_CHAMBER
    maximum_range_override: RangeBand | None = None
    """The GM's judgement of the maximum range when Table 13 does not fit."""
    sides: tuple[str, ...] = ("Party", "Monsters")
    combatants: tuple[Combatant, ...] = Field((), max_length=MAX_COMBATANTS)
    ranges: dict[str, RangeBand] = Field(default_factory=dict)
    """Range band by pair key ``"idA|idB"`` (ids sorted)."""
    phase: Phase = "setup"
    round: int = Field(0, ge=0, le=100_000)
    """0 in set-up and the surprise round; 1 from round one."""
    surprise_side: str | None = None
    turn: str | None = None
    """Id of the combatant whose turn it is."""
    resume: str | None = None
    """Whose turn comes back after a delayed combatant stepped in (see :func:`act_now`)."""
    applied_at: dict[str, AppliedAt] = Field(default_factory=dict)
    log: tuple[LogEntry, ...] = Field((), max_length=MAX_LOG)
    table_rules: TableRules = Field(default_factory=TableRules)

    def combatant(self, combatant_id: str) -> Combatant:
        for combatant in self.combatants:
            if combatant.id == combatant_id:
                return combatant
        raise KeyError(f"no combatant {combatant_id!r} in this encounter")

    @property
    def maximum_range(self) -> RangeBand:
        return self.maximum_range_override or MAXIMUM_RANGE[self.conditions]


def phase_title(phase: Phase, round_number: int) -> str:
    """"Set-up", "Surprise round" or "Round 3": how the table names a moment of the fight.

    Set-up and the surprise round are both round 0, so the phase tells them apart (a log
    entry of round 0 in the "rounds" phase predates phases: "Before round 1").
    """
    if phase == "setup":
        return "Set-up"
    if phase == "surprise":
        return "Surprise round"
    return f"Round {round_number}" if round_number else "Before round 1"


def pair_key(a: str, b: str) -> str:
    if a == b:
        raise ValueError("a combatant has no range to itself")
    return "|".join(sorted((a, b)))


def range_between(encounter: Encounter, a: str, b: str) -> RangeBand:
    return encounter.ranges.get(pair_key(a, b), encounter.maximum_range)


def _log(encounter: Encounter, text: str, *, actor: str | None = None,
         target: str | None = None, details: str = "") -> tuple[LogEntry, ...]:
    entry = LogEntry(round=encounter.round, phase=encounter.phase, actor=actor, target=target,
                     text=text, details=details)
    return (*encounter.log, entry)[-MAX_LOG:]


def _numbered(existing: Iterable[str], base: str) -> str:
    names = set(existing)
    if base not in names and f"{base} 1" not in names:
        return base
    number = 2
    while f"{base} {number}" in names:
        number += 1
    return f"{base} {number}"


def add_combatant(
    encounter: Encounter, sheet: CharacterSheet | MonsterSheet, side: str, *,
    source_path: str | None = None,
) -> Encounter:
    """Add a combatant from a sheet; several copies of one monster are numbered (Goblin 2)."""
    if len(encounter.combatants) >= MAX_COMBATANTS:
        raise ValueError(f"an encounter holds at most {MAX_COMBATANTS} combatants")
    names = [c.name for c in encounter.combatants]
    combatants = list(encounter.combatants)
    if sheet.name in names:
        # The first copy becomes "Name 1" so that the numbering reads naturally.
        index = names.index(sheet.name)
        combatants[index] = combatants[index].model_copy(update={"name": f"{sheet.name} 1"})
        names[index] = f"{sheet.name} 1"
    name = _numbered(names, sheet.name)
    combatant = Combatant(name=name, side=side, sheet=sheet, source_path=source_path)
    sides = encounter.sides if side in encounter.sides else (*encounter.sides, side)
    return encounter.model_copy(update={
        "combatants": (*combatants, combatant), "sides": sides,
        "log": _log(encounter, f"{name} joins the {side}", actor=combatant.id)})


def remove_combatant(encounter: Encounter, combatant_id: str) -> Encounter:
    gone = encounter.combatant(combatant_id)
    ranges = {k: v for k, v in encounter.ranges.items() if combatant_id not in k.split("|")}
    turn = encounter.turn
    if turn == combatant_id:
        turn = _following(encounter, combatant_id)
    return encounter.model_copy(update={
        "combatants": tuple(c for c in encounter.combatants if c.id != combatant_id),
        "ranges": ranges, "turn": turn,
        "log": _log(encounter, f"{gone.name} leaves the encounter")})


def set_range(encounter: Encounter, a: str, b: str, band: RangeBand, *,
              reason: str = "", log: bool = True) -> Encounter:
    """Set the range of a pair; ``log=False`` when the caller writes its own log entry."""
    ranges = dict(encounter.ranges)
    ranges[pair_key(a, b)] = band
    if not log:
        return encounter.model_copy(update={"ranges": ranges})
    text = (f"{encounter.combatant(a).name} ↔ {encounter.combatant(b).name}: {band.label}"
            + (f" ({reason})" if reason else ""))
    return encounter.model_copy(update={"ranges": ranges,
                                        "log": _log(encounter, text, actor=a, target=b)})


def replace_sheet(encounter: Encounter, combatant_id: str,
                  sheet: CharacterSheet | MonsterSheet) -> Encounter:
    combatants = tuple(c.model_copy(update={"sheet": sheet}) if c.id == combatant_id else c
                       for c in encounter.combatants)
    return encounter.model_copy(update={"combatants": combatants})


def update_combatant(encounter: Encounter, combatant_id: str, **changes: object) -> Encounter:
    combatants = tuple(
        Combatant.model_validate({**c.model_dump(), **changes}) if c.id == combatant_id else c
        for c in encounter.combatants)
    return encounter.model_copy(update={"combatants": combatants})


def resolve_scouting(
    encounter: Encounter, results: Mapping[str, Failure | None], *,
    surprise: bool | None = None,
) -> Encounter:
    """Scouting checks by side (None = success, else the failure degree).

    The encounter starts at the range where the first side notices the other: the greatest
    starting range any side's check gives. A side that spotted while every other side failed
    has surprise, unless the GM says otherwise (``surprise=False``).
    """
    if not results:
        raise ValueError("at least one side's Scouting result is needed")
    maximum = encounter.maximum_range
    start = max(starting_range(maximum, failure) for failure in results.values())
    ranges = dict(encounter.ranges)
    for a in encounter.combatants:
        for b in encounter.combatants:
            if a.id < b.id and a.side != b.side:
                ranges[pair_key(a.id, b.id)] = start
    spotted = [side for side, failure in results.items() if failure is None]
    others_failed = len(spotted) == 1 and all(
        results.get(side) is not None for side in encounter.sides if side != spotted[0])
    surprise_side = spotted[0] if others_failed and surprise is not False else None
    text = f"Scouting: the encounter starts at {start.label}"
    text += f"; the {surprise_side} have surprise" if surprise_side else "; no surprise"
    return encounter.model_copy(update={"ranges": ranges, "surprise_side": surprise_side,
                                        "log": _log(encounter, text)})


def acting(encounter: Encounter) -> list[Combatant]:
    """Who acts this round: only the surprising side in the surprise round."""
    if encounter.phase == "surprise":
        return [c for c in encounter.combatants if c.side == encounter.surprise_side]
    return list(encounter.combatants)


def turn_order(encounter: Encounter) -> list[list[Combatant]]:
    """Initiative counts, highest first; combatants on one count act simultaneously.

    Delayed combatants and those without initiative wait at the end.
    """
    ready = [c for c in acting(encounter) if c.initiative is not None and not c.delayed]
    ready.sort(key=lambda c: (-(c.initiative or 0), c.tie_order))
    counts: list[list[Combatant]] = []
    for combatant in ready:
        if counts and counts[-1][0].initiative == combatant.initiative:
            counts[-1].append(combatant)
        else:
            counts.append([combatant])
    return counts


def _flat_order(encounter: Encounter) -> list[str]:
    return [c.id for count in turn_order(encounter) for c in count]


def _following(encounter: Encounter, combatant_id: str) -> str | None:
    order = _flat_order(encounter)
    if combatant_id not in order:
        return order[0] if order else None
    index = order.index(combatant_id)
    return order[index + 1] if index + 1 < len(order) else None


def start(encounter: Encounter) -> Encounter:
    """Begin: the surprise round if a side has surprise, else round one."""
    phase: Phase = "surprise" if encounter.surprise_side else "rounds"
    begun = encounter.model_copy(update={"phase": phase, "round": 0 if phase == "surprise"
                                         else 1})
    order = _flat_order(begun)
    title = "Surprise round" if phase == "surprise" else "Round 1"
    return begun.model_copy(update={"turn": order[0] if order else None,
                                    "log": _log(begun, title)})


def current_count(encounter: Encounter) -> int | None:
    if encounter.turn is None:
        return None
    return encounter.combatant(encounter.turn).initiative


def next_turn(encounter: Encounter) -> Encounter:
    """Advance the turn pointer; past the last count a new round begins."""
    if encounter.phase == "setup":
        return start(encounter)
    ids = {c.id for c in encounter.combatants}
    if encounter.resume is not None and encounter.resume in ids and encounter.resume != \
            encounter.turn:
        # A delayed combatant stepped in; the interrupted one now takes its turn.
        return encounter.model_copy(update={"turn": encounter.resume, "resume": None})
    following = _following(encounter, encounter.turn) if encounter.turn else None
    if following is not None:
        return encounter.model_copy(update={"turn": following})
    return _new_round(encounter)


def previous_turn(encounter: Encounter) -> Encounter:
    """Step the pointer back within the round (undo covers anything further)."""
    order = _flat_order(encounter)
    if encounter.turn in order:
        index = order.index(encounter.turn)
        if index > 0:
            return encounter.model_copy(update={"turn": order[index - 1]})
    return encounter


def _new_round(encounter: Encounter) -> Encounter:
    rules = encounter.table_rules
    ending = encounter.round
    combatants = []
    expired: list[str] = []
    for combatant in encounter.combatants:
        kept: list[Condition] = []
        for condition in combatant.sheet.conditions:
            placed = encounter.applied_at.get(condition.id)
            if (placed is not None and placed.round == ending
                    and not rules.duration_counts_first_round):
                kept.append(condition)
                continue
            ticked = condition.tick()
            if ticked is None:
                expired.append(f"{condition.name} on {combatant.name}")
            else:
                kept.append(ticked)
        sheet = combatant.sheet.model_copy(update={"conditions": tuple(kept)})
        combatants.append(combatant.model_copy(update={"sheet": sheet, "delayed": False}))
    next_round = ending + 1
    after = encounter.model_copy(update={"combatants": tuple(combatants), "phase": "rounds",
                                         "round": next_round, "resume": None})
    log = list(_log(after, f"Round {next_round}"))
    if expired:
        log.append(LogEntry(round=next_round, text="Expired: " + ", ".join(expired)))
    order = _flat_order(after)
    return after.model_copy(update={"turn": order[0] if order else None, "log": tuple(log)})


def delay(encounter: Encounter, combatant_id: str) -> Encounter:
    """The combatant holds its action; it can step in later with :func:`act_now`."""
    following = _following(encounter, combatant_id) if encounter.turn == combatant_id else \
        encounter.turn
    delayed = update_combatant(encounter, combatant_id, delayed=True)
    name = encounter.combatant(combatant_id).name
    return delayed.model_copy(update={"turn": following,
                                      "log": _log(delayed, f"{name} delays",
                                                  actor=combatant_id)})


def act_now(encounter: Encounter, combatant_id: str) -> Encounter:
    """A delayed combatant acts now: it takes the current count and the turn."""
    count = current_count(encounter)
    changes: dict[str, object] = {"delayed": False}
    if count is not None:
        changes["initiative"] = count
        changes["tie_order"] = -1
    acted = update_combatant(encounter, combatant_id, **changes)
    name = encounter.combatant(combatant_id).name
    return acted.model_copy(update={"turn": combatant_id, "resume": encounter.turn,
                                    "log": _log(acted, f"{name} acts now", actor=combatant_id)})


def mark_applied(encounter: Encounter, condition_ids: Iterable[str]) -> Encounter:
    """Record when conditions were placed (this round, the current count)."""
    stamp = AppliedAt(round=encounter.round, count=current_count(encounter))
    applied = dict(encounter.applied_at)
    for condition_id in condition_ids:
        applied[condition_id] = stamp
    return encounter.model_copy(update={"applied_at": applied})


def conditions_in_force(encounter: Encounter, bearer_id: str, actor_id: str) -> tuple[
        Condition, ...]:
    """The bearer's conditions that affect a check by ``actor_id`` now.

    Effects and consequences placed at the actor's own initiative count this round came from
    simultaneous actions, so they do not yet apply (catching fire did not hinder the mummy).
    """
    actor = encounter.combatant(actor_id)
    bearer = encounter.combatant(bearer_id)
    in_force = []
    for condition in bearer.sheet.conditions:
        placed = encounter.applied_at.get(condition.id)
        simultaneous = (placed is not None and placed.round == encounter.round
                        and placed.count is not None and placed.count == actor.initiative
                        and encounter.turn == actor_id)
        if not simultaneous:
            in_force.append(condition)
    return tuple(in_force)


def add_log(encounter: Encounter, text: str, *, actor: str | None = None,
            target: str | None = None, details: str = "") -> Encounter:
    return encounter.model_copy(update={"log": _log(encounter, text, actor=actor,
                                                    target=target, details=details)})
