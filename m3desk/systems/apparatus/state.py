"""The Apparatus encounter: combatants with Apparatus sheets, and what only this game tracks.

Besides the core encounter it keeps the turn's budget (Movement left in half points, the
Standard Action, Dash and Disengage), the Difficulty Rating of the ground under each
combatant, the grapples and who is Evading. The budget belongs to the combatant whose turn
it is: :meth:`ApparatusEncounter.turn_begins` gives the new one a fresh budget (Movement =
Speed) and the last one's unspent Movement is lost with it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, ClassVar

from pydantic import BaseModel, ConfigDict, Field

from m3desk.core import encounter as core
from m3desk.core.bounds import Id
from m3desk.core.system import InitiativeScheme, PositionModel
from m3desk.systems.apparatus import combat
from m3desk.systems.apparatus.derive import derive
from m3desk.systems.apparatus.grapple import Grapple, Tier, halves_grappler
from m3desk.systems.apparatus.movement import grappler_speed
from m3desk.systems.apparatus.options import ApparatusOptions
from m3desk.systems.apparatus.sheet import CharacterSheet, CreatureSheet, Sheet

__all__ = [
    "INITIATIVE",
    "METRES",
    "ApparatusCombatant",
    "ApparatusEncounter",
    "TurnState",
    "base_speed",
    "conditions_of",
    "evade_counts",
    "exhaustion_level",
    "exhaustion_of",
    "fresh_turn",
    "held_conditions",
    "options_of",
    "sheet_of",
    "speed_now",
    "speed_rule",
    "turn_state",
    "with_turn",
]

INITIATIVE = InitiativeScheme(
    roller="individual_die", die=20, lower_first=False, ties="simultaneous", reroll_each_round=False
)
METRES = PositionModel(
    kind="distance", unit="m", maximum=300, step=1, height=True, start=20, prices_terrain=True
)
MAX_DIFFICULTY = 20
"""The highest Difficulty Rating of terrain the tracker takes (0: clear ground)."""


class TurnState(BaseModel):
    """What is left of one combatant's turn."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    halves: int = Field(0, ge=0, le=100_000)
    """Movement left, in half points."""
    generated: int = Field(0, ge=0, le=50_000)
    """Movement generated this turn: Speed, plus Speed again after a Dash."""
    action_used: bool = False
    dashed: bool = False
    disengaged: bool = False
    long_jumped: bool = False
    """A running long jump has ended this turn's movement."""
    ran: int = Field(0, ge=0, le=100_000)
    """Metres run in the run this turn's movement last made (0 after anything else): a jump
    that follows takes it as its run-up (seed 004) instead of paying for a second run."""
    heading_x: float = Field(0.0, ge=-1.0, le=1.0)
    heading_y: float = Field(0.0, ge=-1.0, le=1.0)
    """Which way this turn's last move went on the map (0, 0: none yet): a jump or a run
    from the action dialog goes on that way."""


class ApparatusCombatant(core.Combatant):
    sheet: CharacterSheet | CreatureSheet = Field(discriminator="kind")


class ApparatusEncounter(core.Encounter):
    scheme: ClassVar[InitiativeScheme] = INITIATIVE
    position_model: ClassVar[PositionModel] = METRES
    combatants: tuple[ApparatusCombatant, ...] = Field((), max_length=core.MAX_COMBATANTS)
    options: ApparatusOptions = Field(default_factory=ApparatusOptions)
    turns: dict[Id, TurnState] = Field(default_factory=dict, max_length=core.MAX_COMBATANTS)
    terrain: dict[Id, Annotated[int, Field(ge=0, le=MAX_DIFFICULTY)]] = Field(
        default_factory=dict, max_length=core.MAX_COMBATANTS
    )
    """The Difficulty Rating of the ground each combatant is moving through (0: clear)."""
    grapples: tuple[Grapple, ...] = Field((), max_length=core.MAX_COMBATANTS)
    evading: tuple[Id, ...] = Field((), max_length=core.MAX_COMBATANTS)
    """Who took the Evade action (until the start of their next turn)."""

    def out_of_fight(self, combatant: core.Combatant) -> bool:
        """At 0 hit points or fewer a creature takes no more turns (the wiki pages we have do
        not say more; the referee can raise its hit points to bring it back)."""
        return combat.down(combatant.sheet.hit_points)

    def turn_begins(self, combatant_id: str) -> ApparatusEncounter:
        """Movement = Speed and one Standard Action; the last turn's leftovers are lost and
        this combatant's Evade ends."""
        fresh = fresh_turn(self, combatant_id)
        return self.model_copy(
            update={
                "turns": {combatant_id: fresh},
                "evading": tuple(i for i in self.evading if i != combatant_id),
            }
        )

    def repaired(self) -> tuple[ApparatusEncounter, tuple[str, ...]]:
        mended, notes = super().repaired()
        ids = {c.id for c in mended.combatants}
        grapples = tuple(g for g in mended.grapples if {g.grappler, g.target} <= ids)
        changes: dict[str, object] = {
            "turns": {k: v for k, v in mended.turns.items() if k in ids},
            "terrain": {k: v for k, v in mended.terrain.items() if k in ids},
            "evading": tuple(i for i in mended.evading if i in ids),
            "grapples": grapples,
        }
        if len(grapples) != len(mended.grapples):
            notes = (*notes, "Grapples naming a combatant no longer here were dropped.")
        return mended.model_copy(update=changes), notes


def sheet_of(encounter: core.Encounter, combatant_id: str) -> Sheet:
    sheet = encounter.combatant(combatant_id).sheet
    if not isinstance(sheet, CharacterSheet | CreatureSheet):
        raise TypeError("not an Apparatus combatant")
    return sheet


def options_of(encounter: core.Encounter) -> ApparatusOptions:
    return encounter.options if isinstance(encounter, ApparatusEncounter) else ApparatusOptions()


def _grapples(encounter: core.Encounter) -> tuple[Grapple, ...]:
    return encounter.grapples if isinstance(encounter, ApparatusEncounter) else ()


def conditions_of(encounter: core.Encounter, combatant_id: str) -> set[str]:
    """The condition ids a combatant is under now: those placed on it, and Restrained from
    an Advanced or Complete grapple it is held in."""
    return held_conditions(
        (c.condition for c in encounter.combatant(combatant_id).conditions),
        (g.tier for g in _grapples(encounter) if g.target == combatant_id),
    )


def held_conditions(placed: Iterable[str], held: Iterable[Tier]) -> set[str]:
    """The condition ids placed on a creature, with Grappled for each grapple it is held in
    (``held``: their tiers) and Restrained when one is Advanced or Complete. The tracker,
    the dialog and the forecast read conditions with it."""
    found = set(placed)
    for tier in held:
        found.add("grappled")
        if tier != "basic":
            found.add("restrained")
    return found


def exhaustion_of(encounter: core.Encounter, combatant_id: str) -> int:
    return exhaustion_level(
        (c.condition, c.value) for c in encounter.combatant(combatant_id).conditions
    )


def exhaustion_level(placed: Iterable[tuple[str, int]]) -> int:
    """A creature's Exhaustion: the highest level placed on it (condition id, value), 0 for
    none."""
    return max((value for condition, value in placed if condition == "exhaustion"), default=0)


def base_speed(encounter: core.Encounter, combatant_id: str) -> int:
    """The sheet's Speed (derived, or the referee's override)."""
    return derive(sheet_of(encounter, combatant_id), options_of(encounter))["speed"].value


def speed_now(encounter: core.Encounter, combatant_id: str) -> tuple[int, str]:
    """This turn's Speed and why it differs from the sheet's: 0 while held in a grapple,
    Restrained or Incapacitated; halved while holding a creature less than two sizes
    smaller."""
    mine = sheet_of(encounter, combatant_id)
    grappling = any(
        grapple.grappler == combatant_id
        and halves_grappler(mine.size, sheet_of(encounter, grapple.target).size)
        for grapple in _grapples(encounter)
    )
    return speed_rule(
        base_speed(encounter, combatant_id),
        conditions_of(encounter, combatant_id),
        grappling,
        options_of(encounter),
    )


def speed_rule(
    speed: int, conditions: set[str], grappling: bool, options: ApparatusOptions
) -> tuple[int, str]:
    """This turn's Speed from the sheet's ``speed``: 0 while held in a grapple, Restrained
    or Incapacitated; halved while ``grappling`` a creature less than two sizes smaller
    (:func:`~.movement.grappler_speed`); and why. The tracker's budget, the dialog and the
    forecast all take Speed from it."""
    if "grappled" in conditions:
        return 0, "held in a grapple: Speed 0"
    if "restrained" in conditions:
        return 0, "Restrained: Speed 0"
    if "incapacitated" in conditions:
        return 0, "Incapacitated: Speed 0"
    if grappling:
        halved = grappler_speed(speed, options)
        return halved, f"grappling: Speed {speed} halved to {halved}"
    return speed, ""


def evade_counts(evading: bool, speed: int) -> bool:
    """Whether a creature's Evade counts against an attack: it took the action and can move
    now (Speed above 0; an Incapacitated, held or Restrained creature cannot)."""
    return evading and speed > 0


def fresh_turn(encounter: core.Encounter, combatant_id: str) -> TurnState:
    speed, _why = speed_now(encounter, combatant_id)
    return TurnState(halves=2 * speed, generated=speed)


def turn_state(encounter: core.Encounter, combatant_id: str) -> TurnState | None:
    """The budget of the combatant whose turn it is (fresh if the turn began without the
    hook, e.g. right after initiative); None for anyone else."""
    if encounter.phase == "setup" or encounter.turn != combatant_id:
        return None
    if isinstance(encounter, ApparatusEncounter) and combatant_id in encounter.turns:
        return encounter.turns[combatant_id]
    return fresh_turn(encounter, combatant_id)


def with_turn(
    encounter: ApparatusEncounter, combatant_id: str, state: TurnState
) -> ApparatusEncounter:
    return encounter.model_copy(update={"turns": {**encounter.turns, combatant_id: state}})
