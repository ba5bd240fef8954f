"""The encounter skeleton every game shares: combatants in sides, where they stand, rounds,
turn order from the system's initiative scheme, conditions counting down, and the log.

Where they stand: a game that measures in bands keeps one band per pair (``positions``); a
game that measures distance gives each combatant a place on a plane (``places``, see
:mod:`m3desk.core.places`) and every distance is measured between places, so a move changes
every distance that depends on it and no two distances contradict each other.

Pure functions over a frozen :class:`Encounter`; each returns a new encounter, so the UI keeps
the before and after of every change in one undo command. A game system subclasses
:class:`Combatant` (to give it the game's sheet) and :class:`Encounter` (to add what only that
game tracks, and to say how it orders turns and measures positions), and keeps its own rules
in its own package; the functions here work on any such subclass.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Sequence
from typing import Annotated, Any, ClassVar, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from m3desk.core.bounds import Id
from m3desk.core.log_entries import MAX_ENTRIES, LogEntries
from m3desk.core.names import SideName
from m3desk.core.places import (
    MAX_AREAS,
    Area,
    Backdrop,
    Place,
    free_spot,
    slot_place,
    toward,
)
from m3desk.core.places_fit import fit, pairs_of
from m3desk.core.system import InitiativeScheme, PositionModel

__all__ = [
    "MAX_COMBATANTS",
    "MAX_LOG",
    "MAX_SIDES",
    "AppliedAt",
    "Combatant",
    "ConditionState",
    "Encounter",
    "InitiativeNeededError",
    "LogEntry",
    "NoOptions",
    "Phase",
    "act_now",
    "acting",
    "add_condition",
    "add_log",
    "arrange",
    "closing_place",
    "counted_down",
    "current_count",
    "delay",
    "effective_initiative",
    "first_turn_follows",
    "foes_within",
    "group_counts",
    "join",
    "join_all",
    "move_to",
    "next_turn",
    "nudge_position",
    "pair_key",
    "pass_over_down",
    "phase_title",
    "place_at_distances",
    "place_of",
    "position_between",
    "previous_turn",
    "remove_combatant",
    "remove_condition",
    "replace_sheet",
    "set_initiative",
    "set_position",
    "set_side_initiative",
    "sides_apart",
    "sides_apart_text",
    "start",
    "start_apart",
    "turn_order",
    "update_combatant",
    "who_acts_next",
]

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
    free_attacks: tuple[Id, ...] = Field((), max_length=200,
                                         exclude_if=lambda owed: not owed)
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


class Encounter(BaseModel):
    """A fight. Systems subclass it; the class variables say how its game orders and measures."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)
    scheme: ClassVar[InitiativeScheme] = InitiativeScheme(roller="ranked_check")
    position_model: ClassVar[PositionModel] = PositionModel(kind="distance", unit="ft",
                                                            maximum=1000, step=5)

    name: str = Field("Encounter", min_length=1, max_length=120)
    sides: tuple[SideName, ...] = Field(("Party", "Monsters"), max_length=MAX_SIDES)
    """Compared and shown as they read (:mod:`m3desk.core.names`); two that read alike are one."""
    combatants: tuple[Combatant, ...] = Field((), max_length=MAX_COMBATANTS)
    positions: dict[Annotated[str, Field(max_length=81)], Annotated[int, Field(ge=0, le=100_000)]] \
        = Field(default_factory=dict, max_length=MAX_PAIRS)
    """The band of each pair, by key ``"idA|idB"`` (ids sorted), for a game of bands. A game
    of distances keeps ``places`` instead (a file written before places has distances here:
    they become places when it is read, see :meth:`repaired`)."""
    places: dict[Id, Place] = Field(default_factory=dict, max_length=MAX_COMBATANTS,
                                    exclude_if=lambda places: not places)
    """Where each combatant stands, by id, for a game that measures distance (left out of a
    file when empty: a game of bands writes its files as before)."""
    areas: tuple[Area, ...] = Field((), max_length=MAX_AREAS,
                                    exclude_if=lambda areas: not areas)
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
    applied_at: dict[Id, AppliedAt] = Field(default_factory=dict,
                                            max_length=MAX_COMBATANTS * MAX_CONDITIONS)
    treasure_gp: int = Field(0, ge=0, le=10_000_000)
    """What the treasure found after the fight is worth, in gold pieces, as the referee
    settled it (a game that gives experience for treasure counts it; 0: none yet)."""
    treasure: tuple[Annotated[str, Field(max_length=200)], ...] = Field((), max_length=60)
    """The treasure found, in lines as the Treasure dialog showed them."""
    log: LogEntries[LogEntry] = Field(default_factory=LogEntries)
    """Oldest first; appending shares what was written (see :mod:`m3desk.core.log_entries`)."""
    options: BaseModel = Field(default_factory=NoOptions,
                               exclude_if=lambda options: isinstance(options, NoOptions))
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
                places[combatant.id] = _free_slot(self, places, combatant.side)
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
                notes.append(f"{combatant.name}'s side “{combatant.side}” was added to the "
                             "sides.")
        changes: dict[str, object] = {}
        if tuple(sides) != self.sides:
            changes["sides"] = tuple(sides)
        if self.surprise_side is not None and self.surprise_side not in sides:
            changes["surprise_side"] = None
            notes.append("The side with surprise is not in the encounter; no side has it.")
        positions = {}
        for key, value in self.positions.items():
            pair = key.split("|")
            if len(pair) == 2 and pair[0] != pair[1] and set(pair) <= ids:
                positions[pair_key(*pair)] = value
        if len(positions) != len(self.positions):
            changes["positions"] = positions
            notes.append(f"{len(self.positions) - len(positions)} position(s) naming no pair "
                         "of combatants were dropped.")
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
            combatants.append(combatant if owed == combatant.free_attacks
                              else combatant.model_copy(update={"free_attacks": owed}))
        if dropped:
            changes["combatants"] = tuple(combatants)
            notes.append(f"{dropped} free attack(s) owed to no combatant here were dropped.")
        known = self.condition_ids()
        stamps = {k: v for k, v in self.applied_at.items() if k in known}
        if len(stamps) != len(self.applied_at):
            changes["applied_at"] = stamps  # stamps of conditions no one bears: harmless
        mended = self.model_copy(update=changes)
        if self.turn is not None and self.turn not in ids:
            order = _flat_order(mended) if self.phase != "setup" else []
            mended = mended.model_copy(update={"turn": order[0] if order else None})
            notes.append("The turn named no combatant; it goes to the first in the order.")
        return mended, tuple(notes)

    def condition_ids(self) -> set[str]:
        """Every condition id borne in the fight (a system adds those kept on its sheets)."""
        return {c.id for combatant in self.combatants for c in combatant.conditions}

    def combatant(self, combatant_id: str) -> Combatant:
        for combatant in self.combatants:
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
                left = counted_down(condition.rounds,
                                    placed is not None and placed.round == ending)
                if left == 0:
                    expired.append(f"{condition.name} on {combatant.name}")
                elif left == condition.rounds:
                    kept.append(condition)
                else:
                    kept.append(condition.model_copy(update={"rounds": left}))
            changes: dict[str, object] = {"conditions": tuple(kept), "delayed": False,
                                          "free_attacks": ()}
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
    return rounds - 1 if rounds > 1 else 0


T = TypeVar("T")


def group_counts(keyed: Iterable[tuple[T, int, int]], *, lower_first: bool) -> list[list[T]]:
    """Items ``(item, count, tie)`` in initiative order: by count (lowest or highest first),
    then by ``tie``; items on one count form one group, acting simultaneously. The tracker's
    turn order and the forecasts' rounds are ordered by it."""
    items = list(keyed)
    by_count: dict[int, list[tuple[int, int]]] = {}
    for index, (_item, count, tie) in enumerate(items):
        by_count.setdefault(count, []).append((tie, index))
    counts: list[list[T]] = []
    for count in sorted(by_count, reverse=not lower_first):
        members = by_count[count]
        if len(members) > 1:
            members.sort()
        counts.append([items[index][0] for _tie, index in members])
    return counts


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


def foes_within(encounter: Encounter, combatant_id: str, reach: float, *,
                at: Place | None = None) -> list[str]:
    """Who the combatant is in melee with: the ids of those of other sides, still in the
    fight, at most ``reach`` from it by the game's metric (from ``at`` where it would stand,
    if given), nearest first. A game of bands has no places: nobody."""
    here = at if at is not None else encounter.places.get(combatant_id)
    if here is None:
        return []
    side = encounter.combatant(combatant_id).side
    model = encounter.position_model
    # Every metric is at least the largest of |dx|, |dy|, |dz|: most are rejected by that.
    near = reach + model.step
    places = encounter.places
    found: list[tuple[int, str]] = []
    for other in encounter.combatants:
        there = places.get(other.id)
        if (there is None or other.side == side or abs(there.x - here.x) > near
                or abs(there.y - here.y) > near or abs(there.z - here.z) > near
                or other.id == combatant_id):
            continue
        distance = model.measure(here, there)
        if distance <= reach and not encounter.out_of_fight(other):
            found.append((distance, other.id))
    return [other_id for _distance, other_id in sorted(found)]


def move_to(encounter: E, combatant_id: str, place: Place) -> E:
    """Put a combatant at a place (a game of distances); every distance to it follows."""
    encounter.combatant(combatant_id)
    return encounter.model_copy(update={"places": {**encounter.places, combatant_id: place}})


def _gap(model: PositionModel) -> float:
    """Room between neighbours of one side at the start: two steps."""
    return 2.0 * model.step


def _side_index(encounter: Encounter, side: str) -> tuple[int, int]:
    sides = list(encounter.sides)
    sides += [c.side for c in encounter.combatants if c.side not in sides]
    if side not in sides:
        sides.append(side)
    return sides.index(side), len(sides)


def _free_slot(encounter: Encounter, places: dict[str, Place], side: str) -> Place:
    """The first place of ``side``'s starting group nobody stands on."""
    model = encounter.position_model
    index, count = _side_index(encounter, side)
    gap = _gap(model)
    taken = list(places.values())
    for slot in range(MAX_COMBATANTS + 1):
        spot = slot_place(index, count, slot, model.starting_distance, gap)
        if all(abs(spot.x - p.x) + abs(spot.y - p.y) >= gap / 2 for p in taken):
            return spot
    return spot


def arrange(encounter: E, apart: int) -> E:
    """Everyone back in their side's starting group, the sides ``apart`` from each other
    (the nearest members of two sides; at most the board's farthest)."""
    model = encounter.position_model
    if model.kind != "distance":
        raise ValueError("only a game that measures distance places its combatants")
    apart = model.snap(apart)
    gap = _gap(model)
    slots: dict[str, int] = {}
    places = {}
    for combatant in encounter.combatants:
        index, count = _side_index(encounter, combatant.side)
        slot = slots.get(combatant.side, 0)
        slots[combatant.side] = slot + 1
        places[combatant.id] = slot_place(index, count, slot, apart, gap)
    return encounter.model_copy(update={"places": places})


def sides_apart(encounter: Encounter) -> int | None:
    """How far apart the sides stand: the distance between the nearest two combatants of
    different sides (None while fewer than two sides have a place)."""
    model = encounter.position_model
    placed = [(c.side, encounter.places[c.id]) for c in encounter.combatants
              if c.id in encounter.places]
    found = [model.measure(a, b) for i, (side_a, a) in enumerate(placed)
             for side_b, b in placed[i + 1:] if side_a != side_b]
    return min(found) if found else None


def sides_apart_text(encounter: Encounter) -> str:
    """"the sides are 35 ft apart" (what a starting-distance step shows), or ""."""
    apart = sides_apart(encounter)
    return "" if apart is None else \
        f"the sides are {encounter.position_model.label(apart)} apart"


def start_apart(encounter: E, apart: int, text: str) -> E:
    """A set-up step's starting distance: everyone back in their side's group, the sides
    ``apart`` (at most the board's farthest), and ``text`` logged, with the distance the
    board shows when it is shorter than the one rolled."""
    shown = min(apart, encounter.position_model.maximum)
    if shown < apart:
        text += f"; the board shows its farthest, {encounter.position_model.label(shown)}"
    return add_log(arrange(encounter, shown), text)


def _fitted(encounter: Encounter) -> dict[str, Place]:
    """Places honouring the distances a file kept per pair, as well as they can be."""
    return fit(encounter.position_model, [c.id for c in encounter.combatants],
               pairs_of(encounter.positions))


def place_at_distances(encounter: E, distances: dict[tuple[str, str], int]) -> E:
    """Everyone named in ``distances`` (pairs of ids) placed anew so that those pairs stand
    that far apart, as well as places can (read the distances back to see); the others
    keep their places. A scene described by its distances: a test, a fight set up by hand."""
    ids = list(dict.fromkeys(i for pair in distances for i in pair))
    for combatant_id in ids:
        encounter.combatant(combatant_id)
    fitted = fit(encounter.position_model, ids,
                 {pair: float(value) for pair, value in distances.items()})
    return encounter.model_copy(update={"places": {**encounter.places, **fitted}})


SHOWN_UNKEPT = 8
"""Pairs the repair note names one by one; more are counted."""


def _unkept(encounter: Encounter, stored: dict[str, int]) -> list[str]:
    """The repair note for distances a file kept per pair: which could not be kept."""
    model = encounter.position_model
    names = {c.id: c.name for c in encounter.combatants}
    order = {c.id: n for n, c in enumerate(encounter.combatants)}
    found: list[tuple[int, int, str, str, int, int]] = []
    places = encounter.places
    rows: dict[str, list[tuple[str, int]]] = {}
    for key, value in stored.items():
        a, b = key.split("|")
        if order[b] < order[a]:
            a, b = b, a  # in the roster's order
        rows.setdefault(a, []).append((b, value))
    snapped: dict[int, int] = {}
    for a, row in rows.items():
        # measured a row at a time, as position_between measures each pair
        first = places.get(a)
        seconds = [places.get(b) for b, _value in row]
        if first is None or any(p is None for p in seconds):
            read = [position_between(encounter, a, b) for b, _value in row]
        else:
            read = model.measure_all(first.x, first.y, first.z,
                                     [p.x for p in seconds if p is not None],
                                     [p.y for p in seconds if p is not None],
                                     [p.z for p in seconds if p is not None])
        for (b, value), now in zip(row, read, strict=True):
            wanted = snapped.get(value)
            if wanted is None:
                wanted = snapped[value] = model.snap(value)
            if now != wanted:
                found.append((order[a], order[b], a, b, value, now))
    note = ("This file kept a distance for each pair; each combatant now has a place and "
            "the distances are measured between places.")
    if not found:
        return [note + " Every distance was kept."]
    lost = found  # only the first few are worded (thousands of pairs may be lost)
    shown = "; ".join(f"{names[a]} ↔ {names[b]} {model.label(value)} (now {model.label(now)})"
                      for *_at, a, b, value, now in sorted(found)[:SHOWN_UNKEPT])
    more = f"; and {len(lost) - SHOWN_UNKEPT} more" if len(lost) > SHOWN_UNKEPT else ""
    return [note + f" {len(lost)} of {len(stored)} could not be kept together: {shown}{more}."]


def add_log(encounter: E, text: str, *, actor: str | None = None, target: str | None = None,
            details: str = "") -> E:
    entry = LogEntry(round=encounter.round, phase=encounter.phase, actor=actor, target=target,
                     text=text, details=details)
    return encounter.model_copy(
        update={"log": LogEntries.of(encounter.log).appended(entry, MAX_LOG)})


def _numbered(existing: Iterable[str], base: str) -> str:
    names = set(existing)
    if base not in names and f"{base} 1" not in names:
        return base
    number = 2
    while f"{base} {number}" in names:
        number += 1
    return f"{base} {number}"


def join(encounter: E, combatant: Combatant) -> E:
    """Add a combatant; several copies of one creature are numbered (Goblin 1, Goblin 2)."""
    if len(encounter.combatants) >= MAX_COMBATANTS:
        raise ValueError(f"an encounter holds at most {MAX_COMBATANTS} combatants")
    names = [c.name for c in encounter.combatants]
    combatants = list(encounter.combatants)
    base = combatant.name
    if base in names:
        # The first copy becomes "Name 1" so that the numbering reads naturally.
        index = names.index(base)
        combatants[index] = combatants[index].model_copy(update={"name": f"{base} 1"})
        names[index] = f"{base} 1"
    name = _numbered(names, base)
    joined = combatant.model_copy(update={"name": name})
    side = joined.side
    sides = encounter.sides if side in encounter.sides else (*encounter.sides, side)
    changes: dict[str, object] = {"combatants": (*combatants, joined), "sides": sides}
    if encounter.position_model.kind == "distance" and joined.id not in encounter.places:
        grown = encounter.model_copy(update={"sides": sides})
        changes["places"] = {**encounter.places,
                             joined.id: _free_slot(grown, encounter.places, side)}
    after = encounter.model_copy(update=changes)
    return add_log(after, f"{name} joins the {side}", actor=joined.id)


def join_all(encounter: E, combatants: Sequence[Combatant]) -> E:
    """Add several combatants at once, numbered and placed as :func:`join` would one by one
    (Goblin 1 … Goblin 12, each on the next free spot of its side), in one pass: no log line
    (the caller writes one for them all). Raises ValueError past the roster's size."""
    if len(encounter.combatants) + len(combatants) > MAX_COMBATANTS:
        raise ValueError(f"an encounter holds at most {MAX_COMBATANTS} combatants")
    roster = list(encounter.combatants)
    names = {c.name for c in roster}
    sides = tuple(encounter.sides)
    joined: list[Combatant] = []
    for combatant in combatants:
        base = combatant.name
        if base in names:
            index = next(n for n, c in enumerate(roster) if c.name == base)
            roster[index] = roster[index].model_copy(update={"name": f"{base} 1"})
            names.discard(base)
            names.add(f"{base} 1")
        if base not in names and f"{base} 1" not in names:
            name = base
        else:
            number = 2
            while f"{base} {number}" in names:
                number += 1
            name = f"{base} {number}"
        names.add(name)
        one = combatant.model_copy(update={"name": name})
        roster.append(one)
        joined.append(one)
        if one.side not in sides:
            sides = (*sides, one.side)
    changes: dict[str, object] = {"combatants": tuple(roster), "sides": sides}
    if encounter.position_model.kind == "distance":
        grown = encounter.model_copy(update={"sides": sides})
        places = dict(encounter.places)
        for side in dict.fromkeys(c.side for c in joined):
            unplaced = [c for c in joined if c.side == side and c.id not in places]
            for one, spot in zip(unplaced, _free_slots(grown, places, side, len(unplaced)),
                                 strict=True):
                places[one.id] = spot
        changes["places"] = places
    return encounter.model_copy(update=changes)


def _free_slots(encounter: Encounter, places: dict[str, Place], side: str, count: int
                ) -> list[Place]:
    """The first ``count`` places of ``side``'s starting group nobody stands on, as
    :func:`_free_slot` would find them one after another (each taken in turn)."""
    model = encounter.position_model
    index, sides = _side_index(encounter, side)
    gap = _gap(model)
    taken = list(places.values())
    found: list[Place] = []
    spot = slot_place(index, sides, 0, model.starting_distance, gap)
    for slot in range(MAX_COMBATANTS + 1):
        if len(found) == count:
            break
        spot = slot_place(index, sides, slot, model.starting_distance, gap)
        if all(abs(spot.x - p.x) + abs(spot.y - p.y) >= gap / 2 for p in taken):
            taken.append(spot)
            found.append(spot)
    return found + [spot] * (count - len(found))


def remove_combatant(encounter: E, combatant_id: str) -> E:
    gone = encounter.combatant(combatant_id)
    positions = {k: v for k, v in encounter.positions.items()
                 if combatant_id not in k.split("|")}
    turn = encounter.turn
    if turn == combatant_id:
        turn = _following(encounter, combatant_id)
    places = {k: v for k, v in encounter.places.items() if k != combatant_id}
    after = encounter.model_copy(update={
        "combatants": tuple(c for c in encounter.combatants if c.id != combatant_id),
        "positions": positions, "places": places, "turn": turn,
        "resume": None if encounter.resume == combatant_id else encounter.resume})
    return add_log(after, f"{gone.name} leaves the encounter")


def set_position(encounter: E, a: str, b: str, value: int, *, reason: str = "",
                 log: bool = True, mover: str | None = None) -> E:
    """Set how far apart a pair is; ``log=False`` when the caller writes its own log entry.

    In a game of distances one of the two moves along the line through both until they are
    ``value`` apart: ``mover``, by default ``a`` (the one acting: the charger, the one who
    withdraws, the token dragged). Every other distance to the mover follows its place."""
    model = encounter.position_model
    value = model.snap(value)
    if model.kind == "distance":
        moving = a if mover is None else mover
        if moving not in (a, b):
            raise ValueError("the mover must be one of the pair")
        anchor = b if moving == a else a
        after = _moved_to_distance(encounter, moving, anchor, value)
    else:
        positions = dict(encounter.positions)
        positions[pair_key(a, b)] = value
        after = encounter.model_copy(update={"positions": positions})
    if not log:
        return after
    text = (f"{encounter.combatant(a).name} ↔ {encounter.combatant(b).name}: "
            f"{model.label(value)}" + (f" ({reason})" if reason else ""))
    return add_log(after, text, actor=a, target=b)


def _moved_to_distance(encounter: E, moving: str, anchor: str, value: int) -> E:
    model = encounter.position_model
    pair_key(moving, anchor)
    here, there = encounter.places.get(moving), encounter.places.get(anchor)
    if there is None:
        there = _free_slot(encounter, dict(encounter.places), encounter.combatant(anchor).side)
    if here is None:
        here = there
    # A mover standing on the other leaves toward its own side's starting group.
    mine, count = _side_index(encounter, encounter.combatant(moving).side)
    theirs, _count = _side_index(encounter, encounter.combatant(anchor).side)
    home = slot_place(mine, count, 0, model.starting_distance, 0.0)
    away = slot_place(theirs, count, 0, model.starting_distance, 0.0)
    fallback = (home.x - away.x, home.y - away.y) if mine != theirs else (0.0, 1.0)
    place = toward(model, here, there, value, fallback=fallback)
    places = {**encounter.places, anchor: there, moving: place}
    return encounter.model_copy(update={"places": places})


def closing_place(encounter: Encounter, mover: str, target: str, value: float,
                  budget: float | None = None) -> Place:
    """Where ``mover`` stops closing on ``target`` until ``value`` apart (the action dialog's
    "move toward", a charge's walk in before the blow): the spot on the line, or, when
    someone still in the fight stands there, the free spot around ``target`` that
    :func:`~m3desk.core.places.free_spot` gives the forecasts too (within ``budget`` of the
    mover)."""
    model = encounter.position_model
    here, there = encounter.places[mover], encounter.places[target]
    first = toward(model, here, there, value)
    ids = [c.id for c in encounter.combatants if c.id in encounter.places]
    spots = [encounter.places[i] for i in ids]
    gone = [encounter.out_of_fight(encounter.combatant(i)) for i in ids]
    x, y, z = free_spot(model, ids.index(mover), ids.index(target), (first.x, first.y, first.z),
                        [p.x for p in spots], [p.y for p in spots], [p.z for p in spots], gone,
                        budget)
    return Place.at(x, y, z)


def nudge_position(run_start: E, a: str, b: str, value: int, *, mover: str | None = None
                   ) -> E:
    """A run of nudges of one pair (+/− on the board) as one change from where the run
    started: the position and one log line with the net change ("Hal → Orc: 30 ft →
    50 ft"); nudged back to the start, nothing changed. ``mover`` as in
    :func:`set_position`."""
    model = run_start.position_model
    value = model.snap(value)
    before = position_between(run_start, a, b)
    if value == before:
        return run_start
    after = set_position(run_start, a, b, value, log=False, mover=mover)
    text = (f"{run_start.combatant(a).name} → {run_start.combatant(b).name}: "
            f"{model.label(before)} → {model.label(value)}")
    return add_log(after, text, actor=a, target=b)


def replace_sheet(encounter: E, combatant_id: str, sheet: Any) -> E:
    combatants = tuple(c.model_copy(update={"sheet": sheet}) if c.id == combatant_id else c
                       for c in encounter.combatants)
    return encounter.model_copy(update={"combatants": combatants})


def update_combatant(encounter: E, combatant_id: str, **changes: object) -> E:
    """Change fields of one combatant, validated (an impossible value raises ValueError)."""
    combatants = tuple(
        type(c).model_validate({**dict(c), **changes}) if c.id == combatant_id else c
        for c in encounter.combatants)
    return encounter.model_copy(update={"combatants": combatants})


def set_initiative(encounter: E, values: dict[str, int | None]) -> E:
    """Initiative by combatant id (typed or rolled), validated."""
    combatants = tuple(
        type(c).model_validate({**dict(c), "initiative": values[c.id]}) if c.id in values else c
        for c in encounter.combatants)
    return first_turn_follows(encounter, encounter.model_copy(update={"combatants": combatants}))


def _counts_complete(encounter: Encounter) -> bool:
    """Everyone who acts this round and is still in the fight has a count."""
    return all(c.initiative is not None for c in acting(encounter)
               if not c.delayed and not encounter.out_of_fight(c))


def first_turn_follows(before: E, after: E) -> E:
    """The pointer at the start of a round, after counts changed from ``before`` to ``after``.

    A round waiting for its initiative starts once everyone who acts has a count (not at the
    first die typed: the side typed first is not the side that goes first), on the first in
    the order. While the pointer still stands on the round's first, a changed count (a die
    typed again, a charge's −2 declared late) moves it to the new first. Once the round has
    moved on, counts change and the pointer stays where it is.
    """
    if after.phase == "setup" or not _counts_complete(after):
        return after
    order = _flat_order(after)
    if not order or after.turn == order[0]:
        return after
    moved_on = after.turn != before.turn or _flat_order(before)[:1] != [before.turn]
    if after.turn is not None and moved_on:
        return after
    return after.model_copy(update={"turn": order[0]}).turn_begins(order[0])


def set_side_initiative(encounter: E, rolls: dict[str, int], *, die: str = "") -> E:
    """One roll per side: every member of the side acts on it (side-die schemes). ``die``
    ("d6") names the die in the log when the app rolled it."""
    values: dict[str, int | None] = {c.id: rolls[c.side] for c in encounter.combatants
                                     if c.side in rolls}
    after = set_initiative(encounter, values)
    text = (f"Initiative {die}: " if die else "Initiative: ") + ", ".join(
        f"{side} {roll}" for side, roll in rolls.items())
    return add_log(after, text)


def effective_initiative(encounter: Encounter, combatant: Combatant) -> int | None:
    return combatant.initiative


def acting(encounter: E) -> list[Combatant]:
    """Who acts this round: only the surprising side in the surprise round."""
    if encounter.phase == "surprise":
        return [c for c in encounter.combatants if c.side == encounter.surprise_side]
    return list(encounter.combatants)


def turn_order(encounter: Encounter) -> list[list[Combatant]]:
    """Initiative counts in the system's order (highest or lowest first); combatants on one
    count act simultaneously. Delayed combatants and those without initiative wait."""
    return group_counts(((c, c.initiative, c.tie_order) for c in acting(encounter)
                         if c.initiative is not None and not c.delayed),
                        lower_first=encounter.scheme.lower_first)


def who_acts_next(encounter: Encounter) -> list[str]:
    """Ids of those who act in the coming round (set-up looks ahead to the surprise round)."""
    upcoming = start(encounter) if encounter.phase == "setup" else encounter
    return [c.id for c in acting(upcoming)]


def _flat_order(encounter: Encounter) -> list[str]:
    """Who takes a turn this round, in order (those out of the fight are passed over)."""
    return [c.id for count in turn_order(encounter) for c in count
            if not encounter.out_of_fight(c)]


def _following(encounter: Encounter, combatant_id: str) -> str | None:
    everyone = [c for count in turn_order(encounter) for c in count]
    ids = [c.id for c in everyone]
    if combatant_id not in ids:
        order = _flat_order(encounter)
        return order[0] if order else None
    for combatant in everyone[ids.index(combatant_id) + 1:]:
        if not encounter.out_of_fight(combatant):
            return combatant.id
    return None


def pass_over_down(encounter: E) -> E:
    """The turn pointer never rests on someone out of the fight: when the one whose turn it
    is goes down (a blow, a free attack while moving), the turn passes to the next standing
    in the order, as Next Turn would. The one rule for every game, applied to every change
    of an open encounter; the last in the round stays for Next Turn to start the next."""
    if encounter.phase == "setup" or encounter.turn is None:
        return encounter
    current = next((c for c in encounter.combatants if c.id == encounter.turn), None)
    if current is None or not encounter.out_of_fight(current):
        return encounter
    following = _following(encounter, current.id)
    if following is None:
        return encounter
    return encounter.model_copy(update={"turn": following}).turn_begins(following)


def start(encounter: E) -> E:
    """Begin: the surprise round if a side has surprise, else round one."""
    phase: Phase = "surprise" if encounter.surprise_side else "rounds"
    begun = encounter.model_copy(update={"phase": phase,
                                         "round": 0 if phase == "surprise" else 1})
    order = _flat_order(begun)
    title = "Surprise round" if phase == "surprise" else "Round 1"
    return add_log(begun.model_copy(update={"turn": order[0] if order else None}), title)


def current_count(encounter: Encounter) -> int | None:
    if encounter.turn is None:
        return None
    return encounter.combatant(encounter.turn).initiative


def next_turn(encounter: E) -> E:
    """Advance the turn pointer; past the last count a new round begins."""
    after = _advanced(encounter)
    if after.turn is not None and (after.turn != encounter.turn or after.round != encounter.round):
        after = after.turn_begins(after.turn)
    return after


def _advanced(encounter: E) -> E:
    if encounter.phase == "setup":
        return start(encounter)
    ids = {c.id for c in encounter.combatants}
    if (encounter.resume is not None and encounter.resume in ids
            and encounter.resume != encounter.turn):
        # A delayed combatant stepped in; the interrupted one now takes its turn.
        return encounter.model_copy(update={"turn": encounter.resume, "resume": None})
    if encounter.turn is None:
        order = _flat_order(encounter)
        if order:
            return encounter.model_copy(update={"turn": order[0]})
        if _rolls_each_round(encounter):
            raise InitiativeNeededError("Roll initiative for this round first.")
        return _new_round(encounter)
    following = _following(encounter, encounter.turn)
    if following is not None:
        return encounter.model_copy(update={"turn": following})
    return _new_round(encounter)


def _rolls_each_round(encounter: Encounter) -> bool:
    scheme = encounter.scheme
    return scheme.reroll_each_round and scheme.roller != "ranked_check"


class InitiativeNeededError(ValueError):
    """The round cannot go on: its initiative has not been rolled or typed yet."""


def previous_turn(encounter: E) -> E:
    """Step the pointer back within the round (undo covers anything further)."""
    order = _flat_order(encounter)
    if encounter.turn in order:
        index = order.index(encounter.turn)
        if index > 0:
            return encounter.model_copy(update={"turn": order[index - 1]})
    return encounter


def _new_round(encounter: E) -> E:
    ticked, expired = encounter.round_ended()
    next_round = encounter.round + 1
    after = ticked.model_copy(update={"phase": "rounds", "round": next_round, "resume": None})
    after = add_log(after, f"Round {next_round}")
    if expired:
        after = add_log(after, "Expired: " + ", ".join(expired))
    order = _flat_order(after)
    return after.model_copy(update={"turn": order[0] if order else None})


def delay(encounter: E, combatant_id: str) -> E:
    """The combatant holds its action; it can step in later with :func:`act_now`."""
    following = (_following(encounter, combatant_id) if encounter.turn == combatant_id
                 else encounter.turn)
    delayed = update_combatant(encounter, combatant_id, delayed=True)
    name = encounter.combatant(combatant_id).name
    return add_log(delayed.model_copy(update={"turn": following}), f"{name} delays",
                   actor=combatant_id)


def act_now(encounter: E, combatant_id: str) -> E:
    """A delayed combatant acts now: it takes the current count and the turn."""
    count = current_count(encounter)
    changes: dict[str, object] = {"delayed": False}
    if count is not None:
        changes["initiative"] = count
        changes["tie_order"] = -1
    acted = update_combatant(encounter, combatant_id, **changes)
    name = encounter.combatant(combatant_id).name
    return add_log(acted.model_copy(update={"turn": combatant_id, "resume": encounter.turn}),
                   f"{name} acts now", actor=combatant_id)


def add_condition(encounter: E, combatant_id: str, condition: ConditionState) -> E:
    """Place a condition, stamped with this round and count (see :meth:`round_ended`)."""
    bearer = encounter.combatant(combatant_id)
    after = update_combatant(encounter, combatant_id,
                             conditions=(*bearer.conditions, condition))
    applied = dict(after.applied_at)
    applied[condition.id] = AppliedAt(round=encounter.round, count=current_count(encounter))
    rounds = f" for {condition.rounds} round{'s' if condition.rounds != 1 else ''}" \
        if condition.rounds else ""
    return add_log(after.model_copy(update={"applied_at": applied}),
                   f"{bearer.name}: {condition.name}{rounds}", actor=combatant_id)


def remove_condition(encounter: E, combatant_id: str, condition_id: str) -> E:
    bearer = encounter.combatant(combatant_id)
    kept = tuple(c for c in bearer.conditions if c.id != condition_id)
    gone = [c.name for c in bearer.conditions if c.id == condition_id]
    after = update_combatant(encounter, combatant_id, conditions=kept)
    applied = {k: v for k, v in after.applied_at.items() if k != condition_id}
    after = after.model_copy(update={"applied_at": applied})
    return add_log(after, f"{bearer.name}: {', '.join(gone)} ends", actor=combatant_id) \
        if gone else after
