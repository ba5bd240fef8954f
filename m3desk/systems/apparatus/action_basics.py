"""What every Apparatus action shares: a plan's shape (:class:`Plan`) and a resolution's
(:class:`_Done`), whose turn it is and what the Standard Action allows, the weapons a sheet
attacks with, and the turn's Movement spent. Below the dialog's moves and actions
(:mod:`~m3desk.systems.apparatus.dialog_moves`, :mod:`~m3desk.systems.apparatus.actions`).
"""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

from m3desk.core import encounter as core
from m3desk.core.dice import DiceExpr
from m3desk.core.encounter import ConditionState
from m3desk.core.numbers import signed
from m3desk.core.system import Action
from m3desk.systems.apparatus import combat
from m3desk.systems.apparatus.sheet import Sheet, Weapon
from m3desk.systems.apparatus.state import (
    ApparatusEncounter,
    TurnState,
    conditions_of,
    turn_state,
    with_turn,
)

ADJACENT = 1
"""Metres at which a hostile counts as adjacent (for ranged attacks)."""
UNARMED = Weapon(name="unarmed strike", damage=DiceExpr.parse("1d2"))


class Plan(NamedTuple):
    """An action worked out before the dice: its lines, odds, dice, or why it is barred."""

    problem: str = ""
    lines: tuple[str, ...] = ()
    success: Fraction | None = None
    outcomes: tuple[tuple[str, Fraction], ...] = ()


def weapons_of(sheet: Sheet) -> tuple[Weapon, ...]:
    return sheet.weapons or (UNARMED,)


def _name(encounter: core.Encounter, combatant_id: str) -> str:
    return encounter.combatant(combatant_id).name


def _own_turn(encounter: core.Encounter, actor: str) -> str:
    if encounter.phase == "setup":
        return "Start the fight first: Movement and actions belong to a turn."
    if encounter.turn != actor:
        return f"It is not {_name(encounter, actor)}'s turn."
    return ""


def _standard_action_problem(encounter: core.Encounter, actor: str) -> str:
    problem = _own_turn(encounter, actor)
    if problem:
        return problem
    state = turn_state(encounter, actor)
    if state is not None and state.action_used:
        return f"{_name(encounter, actor)} has already taken a Standard Action this turn."
    if "incapacitated" in conditions_of(encounter, actor):
        return "An Incapacitated creature takes no actions."
    return ""


def _terms_text(terms: list[tuple[str, int]]) -> str:
    return " ".join(f"{label} {signed(value)}" for label, value in terms)


def _index(action: Action) -> int:
    if action.index is None:
        raise ValueError(f"the action {action} names no weapon")
    return action.index


# -- resolving -----------------------------------------------------------------------------


def _state(encounter: ApparatusEncounter, actor: str) -> TurnState:
    state = turn_state(encounter, actor)
    assert state is not None
    return state


def _spend(
    encounter: ApparatusEncounter,
    actor: str,
    halves: int = 0,
    *,
    action: bool = False,
    **changes: bool | int,
) -> ApparatusEncounter:
    state = _state(encounter, actor)
    update: dict[str, object] = {"halves": max(0, state.halves - halves), **changes}
    if action:
        update["action_used"] = True
    return with_turn(encounter, actor, state.model_copy(update=update))


def _add(encounter: ApparatusEncounter, who: str, condition: str) -> ApparatusEncounter:
    return core.add_condition(
        encounter, who, ConditionState(condition=condition, name=condition.capitalize())
    )


def _without(encounter: ApparatusEncounter, who: str, condition: str) -> ApparatusEncounter:
    for placed in encounter.combatant(who).conditions:
        if placed.condition == condition:
            encounter = core.remove_condition(encounter, who, placed.id)
    return encounter


def _kept(faces: tuple[int, ...], count: int, net: int) -> tuple[int, tuple[int, ...]]:
    if len(faces) < count:
        raise ValueError("every die of the action must be typed or rolled")
    return combat.kept_face(faces[:count], net), faces[count:]


class _Done(NamedTuple):
    encounter: ApparatusEncounter
    summary: str
    notices: tuple[str, ...] = ()
    details: str = ""
    record: str = ""
    """The log's line when it says more than the summary (every die and modifier)."""
