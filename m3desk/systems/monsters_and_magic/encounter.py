"""A Monsters & Magic encounter: the core skeleton plus range bands, Table 13 and table rules.

The generic machinery (sides, rounds, turn order, the log, positions per pair) is
:mod:`m3desk.core.encounter`; here the Effect Engine adds what only it tracks: the range band
of each pair (stored as the band's number), the encounter conditions of Table 13 that cap the
range, Scouting, conditions kept on the sheets, and the table rules the fight is played by.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Annotated, ClassVar

from pydantic import Field

from m3desk.core import encounter as core
from m3desk.core.encounter import (
    MAX_COMBATANTS,
    MAX_LOG,
    AppliedAt,
    LogEntry,
    Phase,
    act_now,
    acting,
    current_count,
    delay,
    next_turn,
    pair_key,
    phase_title,
    previous_turn,
    remove_combatant,
    replace_sheet,
    start,
    turn_order,
    update_combatant,
)
from m3desk.core.system import InitiativeScheme, PositionModel
from m3desk.systems.monsters_and_magic.checks import Failure
from m3desk.systems.monsters_and_magic.conditions import Condition, round_ends_left
from m3desk.systems.monsters_and_magic.ranges import (
    BANDS,
    MAXIMUM_RANGE,
    EncounterConditions,
    RangeBand,
    starting_range,
)
from m3desk.systems.monsters_and_magic.sheet import CharacterSheet, MonsterSheet
from m3desk.systems.monsters_and_magic.table_rules import TableRules

__all__ = [
    "INITIATIVE",
    "MAX_COMBATANTS",
    "MAX_LOG",
    "POSITIONS",
    "AnySheet",
    "AppliedAt",
    "Combatant",
    "Encounter",
    "LogEntry",
    "Phase",
    "act_now",
    "acting",
    "add_combatant",
    "add_log",
    "conditions_in_force",
    "current_count",
    "delay",
    "down",
    "first_round_waits",
    "mark_applied",
    "next_turn",
    "pair_key",
    "phase_title",
    "previous_turn",
    "range_between",
    "remove_combatant",
    "replace_sheet",
    "resolve_scouting",
    "set_range",
    "start",
    "turn_order",
    "update_combatant",
]

AnySheet = Annotated[CharacterSheet | MonsterSheet, Field(discriminator="kind")]

INITIATIVE = InitiativeScheme(
    roller="ranked_check",
    lower_first=False,
    ties="simultaneous",
    reroll_each_round=False,
    check="3d6 + modifier",
)
"""A ranked check (DEX, or INT when casting, + level + traits), highest first, kept all fight."""
POSITIONS = PositionModel(kind="bands", bands=tuple(band.label for band in BANDS))


class Combatant(core.Combatant):
    sheet: AnySheet
    casting: bool = False
    """Casting a spell this round: initiative uses INT instead of DEX."""


class Encounter(core.Encounter):
    scheme: ClassVar[InitiativeScheme] = INITIATIVE
    position_model: ClassVar[PositionModel] = POSITIONS

    conditions: EncounterConditions = EncounterConditions.INDOORS_CHAMBER
    maximum_range_override: RangeBand | None = None
    """The GM's judgement of the maximum range when Table 13 does not fit."""
    combatants: tuple[Combatant, ...] = Field((), max_length=MAX_COMBATANTS)
    options: TableRules = Field(default_factory=TableRules)
    """The table rules this encounter is run with (``table_rules`` before version 3)."""

    def combatant(self, combatant_id: str) -> Combatant:
        found = super().combatant(combatant_id)
        assert isinstance(found, Combatant)
        return found

    @property
    def maximum_range(self) -> RangeBand:
        return self.maximum_range_override or MAXIMUM_RANGE[self.conditions]

    @property
    def ranges(self) -> dict[str, RangeBand]:
        """The band of every placed pair, by pair key."""
        return {key: RangeBand(value) for key, value in self.positions.items()}

    def condition_ids(self) -> set[str]:
        return super().condition_ids() | {
            c.id for combatant in self.combatants for c in combatant.sheet.conditions
        }

    def default_position(self) -> int:
        return int(self.maximum_range)

    def out_of_fight(self, combatant: core.Combatant) -> bool:
        """At 0 PHP or fewer a combatant is down: it takes no more turns (the tracker passes
        over it and marks it, the player view says "down", the forecast counts it out)."""
        return down(combatant.sheet.php.current)

    def round_ended(self) -> tuple[Encounter, list[str]]:
        """Effects and consequences on the sheets count down; those placed this round wait a
        round unless the table rules count the first round."""
        combatants = []
        expired: list[str] = []
        for combatant in self.combatants:
            kept: list[Condition] = []
            for condition in combatant.sheet.conditions:
                waits = first_round_waits(self, condition.id)
                left = round_ends_left(condition, waits)
                if left is None or waits:
                    kept.append(condition)
                elif left <= 1:
                    expired.append(f"{condition.name} on {combatant.name}")
                else:
                    kept.append(condition.tick() or condition)
            sheet = combatant.sheet.model_copy(update={"conditions": tuple(kept)})
            combatants.append(combatant.model_copy(update={"sheet": sheet}))
        ticked_sheets = self.model_copy(update={"combatants": tuple(combatants)})
        after, more = core.Encounter.round_ended(ticked_sheets)
        return after, expired + more


def first_round_waits(encounter: Encounter, condition_id: str) -> bool:
    """A condition placed in the round under way waits a round before it counts down, unless
    the table rules count the round it is placed in (``duration_counts_first_round``). The
    tracker's round end and the forecast's expiry both ask this one rule."""
    placed = encounter.applied_at.get(condition_id)
    return (
        placed is not None
        and placed.round == encounter.round
        and not encounter.options.duration_counts_first_round
    )


def down(physical_points: int) -> bool:
    """Out of the fight: at 0 PHP or fewer a combatant takes no more turns. The encounter's
    ``out_of_fight`` and the forecast both ask this one rule."""
    return physical_points <= 0


def range_between(encounter: Encounter, a: str, b: str) -> RangeBand:
    return RangeBand(core.position_between(encounter, a, b))


def add_log(
    encounter: Encounter,
    text: str,
    *,
    actor: str | None = None,
    target: str | None = None,
    details: str = "",
) -> Encounter:
    return core.add_log(encounter, text, actor=actor, target=target, details=details)


def add_combatant(
    encounter: Encounter,
    sheet: CharacterSheet | MonsterSheet,
    side: str,
    *,
    source_path: str | None = None,
) -> Encounter:
    """Add a combatant from a sheet; several copies of one monster are numbered (Goblin 2)."""
    return core.join(
        encounter, Combatant(name=sheet.name, side=side, sheet=sheet, source_path=source_path)
    )


def set_range(
    encounter: Encounter, a: str, b: str, band: RangeBand, *, reason: str = "", log: bool = True
) -> Encounter:
    """Set the range of a pair; ``log=False`` when the caller writes its own log entry."""
    return core.set_position(encounter, a, b, int(band), reason=reason, log=log)


def resolve_scouting(
    encounter: Encounter, results: Mapping[str, Failure | None], *, surprise: bool | None = None
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
    positions = dict(encounter.positions)
    for a in encounter.combatants:
        for b in encounter.combatants:
            if a.id < b.id and a.side != b.side:
                positions[pair_key(a.id, b.id)] = int(start)
    spotted = [side for side, failure in results.items() if failure is None]
    others_failed = len(spotted) == 1 and all(
        results.get(side) is not None for side in encounter.sides if side != spotted[0]
    )
    surprise_side = spotted[0] if others_failed and surprise is not False else None
    text = f"Scouting: the encounter starts at {start.label}"
    text += f"; the {surprise_side} have surprise" if surprise_side else "; no surprise"
    return add_log(
        encounter.model_copy(update={"positions": positions, "surprise_side": surprise_side}), text
    )


def mark_applied(encounter: Encounter, condition_ids: Iterable[str]) -> Encounter:
    """Record when conditions were placed (this round, the current count)."""
    stamp = AppliedAt(round=encounter.round, count=current_count(encounter))
    applied = dict(encounter.applied_at)
    for condition_id in condition_ids:
        applied[condition_id] = stamp
    return encounter.model_copy(update={"applied_at": applied})


def conditions_in_force(
    encounter: Encounter, bearer_id: str, actor_id: str
) -> tuple[Condition, ...]:
    """The bearer's conditions that affect a check by ``actor_id`` now.

    Effects and consequences placed at the actor's own initiative count this round came from
    simultaneous actions, so they do not yet apply (catching fire did not hinder the mummy).
    """
    actor = encounter.combatant(actor_id)
    bearer = encounter.combatant(bearer_id)
    in_force = []
    for condition in bearer.sheet.conditions:
        placed = encounter.applied_at.get(condition.id)
        simultaneous = (
            placed is not None
            and placed.round == encounter.round
            and placed.count is not None
            and placed.count == actor.initiative
            and encounter.turn == actor_id
        )
        if not simultaneous:
            in_force.append(condition)
    return tuple(in_force)
