"""The encounter's records and what reads them: combatants, their conditions, the log, the
:class:`Encounter` itself, and the readings every change is built on (the turn order, the
distance of a pair, where a new combatant of a side stands, a line for the log).

The changes live beside it by what they change: :mod:`~m3desk.core.encounter_roster` (who is
in the fight, their conditions), :mod:`~m3desk.core.encounter_places` (where they stand) and
:mod:`~m3desk.core.encounter_turns` (initiative and the turn pointer);
:mod:`m3desk.core.encounter` gathers them all under one name.
"""

from __future__ import annotations

import threading
import uuid
from collections.abc import Iterable
from itertools import groupby
from operator import itemgetter
from typing import Annotated, Any, ClassVar, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from m3desk.core.bounds import Id
from m3desk.core.log_entries import MAX_ENTRIES, LogEntries
from m3desk.core.names import SideName
from m3desk.core.places import MAX_AREAS, Area, Backdrop, Place, slot_place
from m3desk.core.places_fit import fit, pairs_of
from m3desk.core.schemes import InitiativeScheme, PositionModel

Phase = Literal["setup", "surprise", "rounds"]
MAX_COMBATANTS = 200
MAX_LOG = MAX_ENTRIES
MAX_PAIRS = MAX_COMBATANTS * (MAX_COMBATANTS - 1) // 2
MAX_CONDITIONS = 200
"""Conditions one combatant may bear at once."""
MAX_SIDES = MAX_COMBATANTS + 2
"""Every combatant on a side of its own, and the two sides a new encounter starts with."""
E = TypeVar("E", bound="Encounter")


def _new_id() -> str:
    return uuid.uuid4().hex[:10]


class ConditionState(BaseModel):
    """A condition on a combatant, by the system's condition id, with the rounds it has left."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)
    id: str = Field(default_factory=_new_id, min_length=1, max_length=40)
    condition: str = Field(min_length=1, max_length=40)
    """The system's :class:`~m3desk.core.system.ConditionSpec` id (e.g. "prone")."""
    name: str = Field(min_length=1, max_length=80)
    rounds: int | None = Field(None, ge=1, le=10_000)
    """Rounds left, counting down at each new round; None lasts until removed."""
    value: int = Field(0, ge=-99, le=99)
    """A level or strength where the condition has one (Exhaustion 3)."""
    source: str | None = Field(None, max_length=40)
    """The combatant id that placed it, where that matters (Charmed by whom)."""


class Combatant(BaseModel):
    """One creature in the fight. Systems subclass it and give ``sheet`` the game's type."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)
    id: str = Field(default_factory=_new_id, min_length=1, max_length=40)
    name: str = Field(min_length=1, max_length=80)
    side: SideName
    sheet: Any = None
    source_path: str | None = Field(None, max_length=4096)
    """The sheet file this combatant came from, for writing changes back."""
    initiative: int | None = Field(None, ge=-99, le=199)
    tie_order: int = Field(0, ge=-999, le=999)
    """Among combatants on the same count, lower resolves first (they still act together)."""
    delayed: bool = False
    hidden: bool = False
    """Unseen by the players: the player view leaves it out until the GM reveals it."""
    notes: str = Field("", max_length=10_000)
    conditions: tuple[ConditionState, ...] = Field((), max_length=MAX_CONDITIONS)
    free_attacks: tuple[Id, ...] = Field((), max_length=200, exclude_if=lambda owed: not owed)
    """Ids of foes owed a free attack at this combatant (one entry per attack), until made
    or the round ends (:mod:`m3desk.core.free_attacks`); left out of a file when none."""


class AppliedAt(BaseModel):
    """When an effect or condition was placed: simultaneous actions do not see each other's."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)
    round: int = Field(ge=0, le=100_000)
    count: int | None = Field(ge=-999, le=999)


class LogEntry(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)
    round: int = Field(ge=0, le=100_000)
    phase: Phase = "rounds"
    """Set-up and the surprise round are both round 0; the phase tells them apart."""
    actor: Id | None = None
    """Combatant id, or None for the table (round changes, set-up)."""
    target: Id | None = None
    text: str = Field(max_length=2_000)
    details: str = Field("", max_length=20_000)


class NoOptions(BaseModel):
    """The table rules of an encounter whose game has none."""

    model_config = ConfigDict(frozen=True, extra="forbid")


_SCAN = 16
"""Rosters of at most this many are searched for an id; larger ones are looked up by an
index of their ids (:class:`_ById`)."""


class _ById(threading.local):
    """The last crowd's roster asked for a combatant by id, and where each id stands in it
    (per thread: the forecast plays in a worker)."""

    def __init__(self) -> None:
        self.combatants: tuple[Combatant, ...] = ()
        self.index: dict[str, int] = {}


_BY_ID = _ById()


class Encounter(BaseModel):
    """A fight. Systems subclass it; the class variables say how its game orders and measures."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)
    scheme: ClassVar[InitiativeScheme] = InitiativeScheme(roller="ranked_check")
    position_model: ClassVar[PositionModel] = PositionModel(
        kind="distance", unit="ft", maximum=1000, step=5
    )

    name: str = Field("Encounter", min_length=1, max_length=120)
    sides: tuple[SideName, ...] = Field(("Party", "Monsters"), max_length=MAX_SIDES)
    """Compared and shown as they read (:mod:`m3desk.core.names`); two that read alike are one."""
    combatants: tuple[Combatant, ...] = Field((), max_length=MAX_COMBATANTS)
    positions: dict[
        Annotated[str, Field(max_length=81)], Annotated[int, Field(ge=0, le=100_000)]
    ] = Field(default_factory=dict, max_length=MAX_PAIRS)
    """The band of each pair, by key ``"idA|idB"`` (ids sorted), for a game of bands. A game
    of distances keeps ``places`` instead (a file written before places has distances here:
    they become places when it is read, see :meth:`repaired`)."""
    places: dict[Id, Place] = Field(
        default_factory=dict, max_length=MAX_COMBATANTS, exclude_if=lambda places: not places
    )
    """Where each combatant stands, by id, for a game that measures distance (left out of a
    file when empty: a game of bands writes its files as before)."""
    areas: tuple[Area, ...] = Field((), max_length=MAX_AREAS, exclude_if=lambda areas: not areas)
    """The map's terrain areas, for a game that measures distance (difficult ground, walls);
    left out of a file when empty."""
    backdrop: Backdrop | None = Field(None, exclude_if=lambda backdrop: backdrop is None)
    """A picture under the map's grid (its file's path and scale), if the GM placed one."""
    phase: Phase = "setup"
    round: int = Field(0, ge=0, le=100_000)
    """0 in set-up and the surprise round; 1 from round one."""
    surprise_side: SideName | None = None
    turn: Id | None = None
    """Id of the combatant whose turn it is."""
    resume: Id | None = None
    """Whose turn comes back after a delayed combatant stepped in (see :func:`act_now`)."""
    applied_at: dict[Id, AppliedAt] = Field(
        default_factory=dict, max_length=MAX_COMBATANTS * MAX_CONDITIONS
    )
    treasure_gp: int = Field(0, ge=0, le=10_000_000)
    """What the treasure found after the fight is worth, in gold pieces, as the referee
    settled it (a game that gives experience for treasure counts it; 0: none yet)."""
    treasure: tuple[Annotated[str, Field(max_length=200)], ...] = Field((), max_length=60)
    """The treasure found, in lines as the Treasure dialog showed them."""
    log: LogEntries[LogEntry] = Field(default_factory=LogEntries)
    """Oldest first; appending shares what was written (see :mod:`m3desk.core.log_entries`)."""
    options: BaseModel = Field(
        default_factory=NoOptions, exclude_if=lambda options: isinstance(options, NoOptions)
    )
    """The table rules this fight is run with: every game names them ``options`` and narrows
    the type to its own options model (its ``GameSystem.options_model``)."""

    @field_validator("sides")
    @classmethod
    def _sides_read_differently(cls, sides: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(dict.fromkeys(sides))

    @model_validator(mode="after")
    def _log_is_bounded(self: E) -> E:
        if len(self.log) > MAX_LOG:
            raise ValueError(f"a log holds at most {MAX_LOG} entries")
        return self

    @model_validator(mode="after")
    def _everyone_has_a_place(self: E) -> E:
        """In a game of distances every combatant stands somewhere: one built without places
        (or read from a file that kept distances per pair) is given them here."""
        if self.position_model.kind != "distance":
            return self
        missing = [c for c in self.combatants if c.id not in self.places]
        if not missing:
            return self
        if self.positions:
            places = {**_fitted(self), **self.places}
        else:
            places = dict(self.places)
            for combatant in missing:
                places[combatant.id] = free_slot(self, places, combatant.side)
        object.__setattr__(self, "places", places)  # still being built: nobody saw it yet
        return self

    @model_validator(mode="after")
    def _ids_are_unique(self: E) -> E:
        """Two combatants with one id make every cross-reference ambiguous: refused."""
        seen: set[str] = set()
        for combatant in self.combatants:
            if combatant.id in seen:
                raise ValueError(f"two combatants share the id {combatant.id!r}")
            seen.add(combatant.id)
        return self

    def repaired(self: E) -> tuple[E, tuple[str, ...]]:
        """This encounter with every cross-reference that names nothing mended, and what was
        mended (for the user to be told). A file edited by hand or by another program can
        name a turn, a side or a pair that is not there."""
        notes: list[str] = []
        ids = {c.id for c in self.combatants}
        sides = list(self.sides)
        for combatant in self.combatants:
            if combatant.side not in sides:
                sides.append(combatant.side)
                notes.append(f"{combatant.name}'s side “{combatant.side}” was added to the sides.")
        changes: dict[str, object] = {}
        if tuple(sides) != self.sides:
            changes["sides"] = tuple(sides)
        if self.surprise_side is not None and self.surprise_side not in sides:
            changes["surprise_side"] = None
            notes.append("The side with surprise is not in the encounter; no side has it.")
        positions = {}
        for key, value in self.positions.items():
            pair = key.split("|")
            if len(pair) == 2 and pair[0] != pair[1] and pair[0] in ids and pair[1] in ids:
                # as pair_key writes it (the many pairs of an old file, without a sort each)
                positions[key if pair[0] < pair[1] else f"{pair[1]}|{pair[0]}"] = value
        if len(positions) != len(self.positions):
            changes["positions"] = positions
            notes.append(
                f"{len(self.positions) - len(positions)} position(s) naming no pair "
                "of combatants were dropped."
            )
        if self.position_model.kind == "distance":
            if positions:
                notes += _unkept(self, positions)
                changes["positions"] = {}
            places = {k: v for k, v in self.places.items() if k in ids}
            if len(places) != len(self.places):
                changes["places"] = places  # places of no one: harmless
        if self.resume is not None and self.resume not in ids:
            changes["resume"] = None
        dropped = 0
        combatants = []
        for combatant in self.combatants:
            owed = tuple(i for i in combatant.free_attacks if i in ids and i != combatant.id)
            dropped += len(combatant.free_attacks) - len(owed)
            combatants.append(
                combatant
                if owed == combatant.free_attacks
                else combatant.model_copy(update={"free_attacks": owed})
            )
        if dropped:
            changes["combatants"] = tuple(combatants)
            notes.append(f"{dropped} free attack(s) owed to no combatant here were dropped.")
        known = self.condition_ids()
        stamps = {k: v for k, v in self.applied_at.items() if k in known}
        if len(stamps) != len(self.applied_at):
            changes["applied_at"] = stamps  # stamps of conditions no one bears: harmless
        mended = self.model_copy(update=changes)
        if self.turn is not None and self.turn not in ids:
            order = flat_order(mended) if self.phase != "setup" else []
            mended = mended.model_copy(update={"turn": order[0] if order else None})
            notes.append("The turn named no combatant; it goes to the first in the order.")
        return mended, tuple(notes)

    def condition_ids(self) -> set[str]:
        """Every condition id borne in the fight (a system adds those kept on its sheets)."""
        return {c.id for combatant in self.combatants for c in combatant.conditions}

    def combatant(self, combatant_id: str) -> Combatant:
        combatants = self.combatants
        if len(combatants) > _SCAN:
            # a crowd: by an index of the roster's ids, built once per roster (a fight
            # played step by step asks a few dozen times of each)
            by_id = _BY_ID
            if by_id.combatants is not combatants:
                index: dict[str, int] = {}
                for i, combatant in enumerate(combatants):
                    index.setdefault(combatant.id, i)
                by_id.combatants, by_id.index = combatants, index
            found = by_id.index.get(combatant_id)
            if found is not None:
                return combatants[found]
        else:
            for combatant in combatants:
                if combatant.id == combatant_id:
                    return combatant
        raise KeyError(f"no combatant {combatant_id!r} in this encounter")

    def default_position(self) -> int:
        """The position of a pair nobody has placed yet (far apart)."""
        return self.position_model.largest

    def round_ended(self: E) -> tuple[E, list[str]]:
        """What the end of a round does besides advancing it: conditions count down (and a
        system adds its own, e.g. conditions kept on its sheets). Returns the encounter and
        what expired, for the log."""
        combatants = []
        expired: list[str] = []
        ending = self.round
        for combatant in self.combatants:
            kept: list[ConditionState] = []
            for condition in combatant.conditions:
                placed = self.applied_at.get(condition.id)
                left = counted_down(condition.rounds, placed is not None and placed.round == ending)
                if left == 0:
                    expired.append(f"{condition.name} on {combatant.name}")
                elif left == condition.rounds:
                    kept.append(condition)
                else:
                    kept.append(condition.model_copy(update={"rounds": left}))
            changes: dict[str, object] = {
                "conditions": tuple(kept),
                "delayed": False,
                "free_attacks": (),
            }
            if self.scheme.reroll_each_round and self.scheme.roller != "ranked_check":
                changes["initiative"] = None
            combatants.append(combatant.model_copy(update=changes))
        return self.model_copy(update={"combatants": tuple(combatants)}), expired

    def out_of_fight(self, combatant: Combatant) -> bool:
        """True for a combatant who takes no more turns (dead, unconscious), as the game
        says; the turn pointer passes over them. They stay in the tracker, marked."""
        return False

    def turn_begins(self: E, combatant_id: str) -> E:
        """What a combatant's turn starting does (a system resets its turn budget here, e.g.
        movement left); called whenever the turn pointer moves onto a combatant."""
        return self


def counted_down(rounds: int | None, fresh: bool) -> int | None:
    """A condition's rounds left after a round ends: unchanged when it has no limit (None)
    or was placed in the round now ending (``fresh``: its first round is the next), else one
    fewer; 0 means it has run out. The tracker's round end and every forecast count with it."""
    if rounds is None or fresh:
        return rounds
    return max(0, rounds - 1)


T = TypeVar("T")


def group_counts(keyed: Iterable[tuple[T, int, int]], *, lower_first: bool) -> list[list[T]]:
    """Items ``(item, count, tie)`` in initiative order: by count (lowest or highest first),
    then by ``tie``; items on one count form one group, acting simultaneously. The tracker's
    turn order and the forecasts' rounds are ordered by it."""
    # one sort: by count, then tie, then the order given (the items themselves never compared)
    ranked = sorted(
        (count if lower_first else -count, tie, index, item)
        for index, (item, count, tie) in enumerate(keyed)
    )
    return [[entry[3] for entry in group] for _count, group in groupby(ranked, key=itemgetter(0))]


def phase_title(phase: Phase, round_number: int) -> str:
    """ "Set-up", "Surprise round" or "Round 3": how the table names a moment of the fight.

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
        raise ValueError("a combatant has no position relative to itself")
    return "|".join(sorted((a, b)))


def position_between(encounter: Encounter, a: str, b: str) -> int:
    """How far apart two combatants are: their band, or the distance between their places
    by the game's metric."""
    model = encounter.position_model
    if model.kind == "distance":
        places = encounter.places
        if a == b:
            raise ValueError("a combatant has no position relative to itself")
        first, second = places.get(a), places.get(b)
        if first is None or second is None:
            return encounter.default_position()
        return model.measure(first, second)
    return encounter.positions.get(pair_key(a, b), encounter.default_position())


def place_of(encounter: Encounter, combatant_id: str) -> Place | None:
    """Where a combatant stands (None in a game of bands)."""
    return encounter.places.get(combatant_id)


def start_gap(model: PositionModel) -> float:
    """Room between neighbours of one side at the start: two steps."""
    return 2.0 * model.step


def side_index(encounter: Encounter, side: str) -> tuple[int, int]:
    sides = list(encounter.sides)
    sides += [c.side for c in encounter.combatants if c.side not in sides]
    if side not in sides:
        sides.append(side)
    return sides.index(side), len(sides)


def free_slot(encounter: Encounter, places: dict[str, Place], side: str) -> Place:
    """The first place of ``side``'s starting group nobody stands on."""
    model = encounter.position_model
    index, count = side_index(encounter, side)
    gap = start_gap(model)
    taken = list(places.values())
    for slot in range(MAX_COMBATANTS + 1):
        spot = slot_place(index, count, slot, model.starting_distance, gap)
        if all(abs(spot.x - p.x) + abs(spot.y - p.y) >= gap / 2 for p in taken):
            return spot
    return spot


def _fitted(encounter: Encounter) -> dict[str, Place]:
    """Places honouring the distances a file kept per pair, as well as they can be."""
    return fit(
        encounter.position_model,
        [c.id for c in encounter.combatants],
        pairs_of(encounter.positions),
    )


SHOWN_UNKEPT = 8
"""Pairs the repair note names one by one; more are counted."""


def _unkept(encounter: Encounter, stored: dict[str, int]) -> list[str]:
    """The repair note for distances a file kept per pair: which could not be kept."""
    model = encounter.position_model
    names = {c.id: c.name for c in encounter.combatants}
    order = {c.id: n for n, c in enumerate(encounter.combatants)}
    ids = [c.id for c in encounter.combatants]
    places = [encounter.places.get(combatant_id) for combatant_id in ids]
    # each pair in the roster's order, a row a time: (the other's index, stored, as held)
    rows: list[list[tuple[int, int, int]]] = [[] for _ in ids]
    snapped: dict[int, int] = {}
    for key, value in stored.items():
        a, b = key.split("|")
        i, j = order[a], order[b]
        wanted = snapped.get(value)
        if wanted is None:
            wanted = snapped[value] = model.snap(value)
        if j < i:
            i, j = j, i
        rows[i].append((j, value, wanted))
    xs = [p.x if p is not None else 0.0 for p in places]
    ys = [p.y if p is not None else 0.0 for p in places]
    zs = [p.z if p is not None else 0.0 for p in places]
    lost = 0
    found: list[tuple[int, int, str, str, int, int]] = []
    for i, row in enumerate(rows):
        if not row:
            continue
        a = ids[i]
        if places[i] is None or any(places[j] is None for j, _v, _w in row):
            read = [position_between(encounter, a, ids[j]) for j, _v, _w in row]
        else:
            read = model.measure_all(
                xs[i],
                ys[i],
                zs[i],
                [xs[j] for j, _v, _w in row],
                [ys[j] for j, _v, _w in row],
                [zs[j] for j, _v, _w in row],
            )
        missed = [
            (j, value, now)
            for (j, value, wanted), now in zip(row, read, strict=True)
            if now != wanted
        ]
        lost += len(missed)
        if len(found) < SHOWN_UNKEPT:  # (the rows come in the roster's order)
            found += [(i, j, a, ids[j], value, now) for j, value, now in missed]
    note = (
        "This file kept a distance for each pair; each combatant now has a place and "
        "the distances are measured between places."
    )
    if not lost:
        return [note + " Every distance was kept."]
    # only the first few are worded (thousands of pairs may be lost)
    shown = "; ".join(
        f"{names[a]} ↔ {names[b]} {model.label(value)} (now {model.label(now)})"
        for *_at, a, b, value, now in sorted(found)[:SHOWN_UNKEPT]
    )
    more = f"; and {lost - SHOWN_UNKEPT} more" if lost > SHOWN_UNKEPT else ""
    return [note + f" {lost} of {len(stored)} could not be kept together: {shown}{more}."]


def add_log(
    encounter: E,
    text: str,
    *,
    actor: str | None = None,
    target: str | None = None,
    details: str = "",
) -> E:
    entry = LogEntry(
        round=encounter.round,
        phase=encounter.phase,
        actor=actor,
        target=target,
        text=text,
        details=details,
    )
    return encounter.model_copy(
        update={"log": LogEntries.of(encounter.log).appended(entry, MAX_LOG)}
    )


def add_logs(encounter: E, lines: Iterable[tuple[str, str | None]]) -> E:
    """Several log lines at once, each (text, actor), as :func:`add_log` one by one would
    write them, in one copy of the encounter (a crowd's 200 initiative rolls)."""
    log = LogEntries.of(encounter.log)
    round_, phase = encounter.round, encounter.phase
    for text, actor in lines:
        log = log.appended(LogEntry(round=round_, phase=phase, actor=actor, text=text), MAX_LOG)
    return encounter.model_copy(update={"log": log})


def replace_sheet(encounter: E, combatant_id: str, sheet: Any) -> E:
    combatants = tuple(
        c.model_copy(update={"sheet": sheet}) if c.id == combatant_id else c
        for c in encounter.combatants
    )
    return encounter.model_copy(update={"combatants": combatants})


def update_combatant(encounter: E, combatant_id: str, **changes: object) -> E:
    """Change fields of one combatant, validated (an impossible value raises ValueError)."""
    combatants = tuple(
        type(c).model_validate({**dict(c), **changes}) if c.id == combatant_id else c
        for c in encounter.combatants
    )
    return encounter.model_copy(update={"combatants": combatants})


def current_count(encounter: Encounter) -> int | None:
    if encounter.turn is None:
        return None
    return encounter.combatant(encounter.turn).initiative


def effective_initiative(encounter: Encounter, combatant: Combatant) -> int | None:
    """The count a combatant acts on (the printed encounter sheet's column)."""
    return combatant.initiative


def acting(encounter: E) -> list[Combatant]:
    """Who acts this round: only the surprising side in the surprise round."""
    if encounter.phase == "surprise":
        return [c for c in encounter.combatants if c.side == encounter.surprise_side]
    return list(encounter.combatants)


def turn_order(encounter: Encounter) -> list[list[Combatant]]:
    """Initiative counts in the system's order (highest or lowest first); combatants on one
    count act simultaneously. Delayed combatants and those without initiative wait."""
    return group_counts(
        (
            (c, c.initiative, c.tie_order)
            for c in acting(encounter)
            if c.initiative is not None and not c.delayed
        ),
        lower_first=encounter.scheme.lower_first,
    )


def flat_order(encounter: Encounter) -> list[str]:
    """Who takes a turn this round, in order (those out of the fight are passed over)."""
    return [c.id for count in turn_order(encounter) for c in count if not encounter.out_of_fight(c)]


def next_in_order(encounter: Encounter, combatant_id: str) -> str | None:
    everyone = [c for count in turn_order(encounter) for c in count]
    ids = [c.id for c in everyone]
    if combatant_id not in ids:
        order = flat_order(encounter)
        return order[0] if order else None
    for combatant in everyone[ids.index(combatant_id) + 1 :]:
        if not encounter.out_of_fight(combatant):
            return combatant.id
    return None
