"""The Apparatus action dialog's moves: each step of a walk, climb, swim or crawl as its own
action carrying its metres, a jump with its run-up, dropping prone and standing up, Dash,
Disengage and Evade; each planned against the turn's Movement and resolved through the
map's own move (:mod:`~m3desk.systems.apparatus.moves`), so the dialog and a drop agree.
"""

from __future__ import annotations

from m3desk.core import encounter as core
from m3desk.core.places import Place
from m3desk.core.system import Action, ActionOption
from m3desk.systems.apparatus import moves
from m3desk.systems.apparatus.action_basics import (
    Plan,
    _add,
    _Done,
    _name,
    _own_turn,
    _spend,
    _state,
    _without,
)
from m3desk.systems.apparatus.movement import (
    HIGH_JUMP_COST,
    LONG_JUMP_COST,
    jump_band,
    jump_distances,
    movement_text,
    run_up_metres,
    stand_cost_halves,
)
from m3desk.systems.apparatus.state import (
    ApparatusEncounter,
    TurnState,
    base_speed,
    conditions_of,
    options_of,
    sheet_of,
    speed_now,
    turn_state,
    with_turn,
)
from m3desk.systems.apparatus.tables import BAND_NAMES, BASE_COST, MOVE_KINDS

MAX_STEPS = 40
"""At most this many metre counts are offered per kind of movement."""
_VERBS = {
    "run": ("Run", "runs", "running"),
    "climb": ("Climb", "climbs", "climbing"),
    "swim": ("Swim", "swims", "swimming"),
    "crawl": ("Crawl", "crawls", "crawling"),
}


def _terrain(encounter: core.Encounter, combatant_id: str) -> int:
    """The Difficulty Rating where the creature stands (the map's, else the Terrain
    column's)."""
    here = encounter.places.get(combatant_id)
    if here is None:
        return 0
    return moves.rating_at(encounter, combatant_id, here)


# -- offering ------------------------------------------------------------------------------


def dialog_place(encounter: core.Encounter, actor: str, kind: str, metres: int) -> Place:
    """Where a dialog move of ``metres`` takes the creature: a climb straight up, any other
    movement on along its heading (its last move this turn, else toward the nearest
    hostile)."""
    here = encounter.places.get(actor) or Place.at(0, 0)
    if kind == "climb":
        return Place.at(here.x, here.y, here.z + metres)
    dx, dy = moves.heading(encounter, actor)
    return Place.at(here.x + dx * metres, here.y + dy * metres, here.z)


def _step(encounter: core.Encounter, actor: str, kind: str, metres: int) -> int:
    """The Movement of a dialog move: the map's price of the same move."""
    here = encounter.places.get(actor) or Place.at(0, 0)
    return moves.price(
        encounter, actor, here, dialog_place(encounter, actor, kind, metres), kind
    ).cost


def _movement_options(encounter: core.Encounter, actor: str) -> list[ActionOption]:
    state = turn_state(encounter, actor)
    left = state.halves // 2 if state else 0
    options: list[ActionOption] = []
    difficulty = _terrain(encounter, actor)
    where = f" (difficulty {difficulty})" if difficulty else ""
    for kind in MOVE_KINDS:
        counts = [m for m in range(1, MAX_STEPS + 1) if _step(encounter, actor, kind, m) <= left]
        for metres in counts or [1]:
            cost = _step(encounter, actor, kind, metres)
            options.append(
                ActionOption(
                    Action("move", variant=kind, amount=metres),
                    f"{_VERBS[kind][0]} {metres} m{where} — {cost} Movement",
                    needs_target=False,
                    group="movement",
                    help=f"{_VERBS[kind][0]} {metres} m for {cost} Movement",
                )
            )
    plain = (
        (Action("prone"), "Drop prone — 0 Movement", "movement"),
        (Action("stand"), "Stand up — ½ Speed", "movement"),
        (Action("high"), "High jump, standing — 2 Movement", "movement"),
        (Action("high", amount=2), "High jump after a 2 m run", "movement"),
        (Action("long"), "Long jump, standing — 4 Movement", "movement"),
        (Action("long", amount=2), "Long jump after a 2 m run", "movement"),
        (Action("long", amount=4), "Long jump after a 4 m run", "movement"),
        (Action("dash"), "Dash (Standard Action): Movement + Speed", "manoeuvre"),
        (Action("disengage"), "Disengage (Standard Action)", "manoeuvre"),
        (Action("evade"), "Evade (Standard Action)", "manoeuvre"),
    )
    options += [
        ActionOption(key, label, needs_target=False, group=group) for key, label, group in plain
    ]
    return options


# -- planning ------------------------------------------------------------------------------


def _movement_problem(encounter: core.Encounter, actor: str, cost_halves: int) -> str:
    problem = _own_turn(encounter, actor)
    if problem:
        return problem
    state = turn_state(encounter, actor)
    assert state is not None
    if state.long_jumped:
        return "A running long jump ended this turn's movement."
    if cost_halves > state.halves:
        _speed, why = speed_now(encounter, actor)
        reason = f" ({why})" if why and not state.halves else ""
        return (
            f"That costs {movement_text(cost_halves)} Movement; "
            f"{movement_text(state.halves)} left{reason}."
        )
    return ""


def _left_line(state: TurnState | None, cost_halves: int) -> str:
    if state is None:
        return ""
    after = max(0, state.halves - cost_halves)
    return f"Movement {movement_text(state.halves)} → {movement_text(after)} left"


def _move_plan(encounter: core.Encounter, actor: str, kind: str, metres: int) -> Plan:
    sheet = sheet_of(encounter, actor)
    here = encounter.places.get(actor) or Place.at(0, 0)
    priced = moves.price(encounter, actor, here, dialog_place(encounter, actor, kind, metres), kind)
    difficulty = priced.worst
    natural = moves.natural(sheet, kind)
    per = (1 if natural else BASE_COST[kind]) + difficulty  # type: ignore[index]
    if priced.impassable:
        return Plan(problem=f"Impassable: {priced.impassable}.")
    if kind != "crawl" and "prone" in conditions_of(encounter, actor):
        return Plan(problem="Prone: crawl, or stand up first.")
    cost = priced.cost
    parts = [
        f"{BASE_COST[kind]} per m"  # type: ignore[index]
        if not natural
        else f"1 per m ({'Natural Climber' if kind == 'climb' else 'Natural Swimmer'})"
    ]
    if difficulty:
        parts.append(f"Difficulty {difficulty}")
    line = f"{_VERBS[kind][0]} {metres} m: {' + '.join(parts)} = {cost} Movement"
    if kind != "run" and cost != per * metres:
        line += f" ({sheet.size}: distance × Size Multiplier)"
    state = turn_state(encounter, actor)
    return Plan(
        problem=_movement_problem(encounter, actor, 2 * cost),
        lines=(line, _left_line(state, 2 * cost)),
    )


def _run_up(encounter: core.Encounter, actor: str, run: int) -> tuple[int, int, int]:
    """A jump's run-up in metres (scaled by size), how much of it the creature already ran
    this turn, and how much it still runs before it jumps."""
    run_metres = run_up_metres(run, sheet_of(encounter, actor).size, options_of(encounter))
    state = turn_state(encounter, actor)
    already = min(run_metres, state.ran) if state is not None else 0
    return run_metres, already, run_metres - already


def _jump_plan(
    encounter: core.Encounter, actor: str, kind: str, run: int
) -> tuple[Plan, int, int, int]:
    """The plan, its cost in whole Movement, the height and the distance across."""
    sheet = sheet_of(encounter, actor)
    options = options_of(encounter)
    band = jump_band(sheet.abilities.might, sheet.abilities.agility, options)
    jumps = jump_distances(sheet.size, band, options)
    run_metres, already, still = _run_up(encounter, actor, run)
    state = turn_state(encounter, actor)
    run_cost = _step(encounter, actor, "run", still) if still else 0
    flat = HIGH_JUMP_COST if kind == "high" else LONG_JUMP_COST
    cost = run_cost + flat
    if kind == "high":
        height = jumps["high"]
        across = height if run else 0
        result = f"up {height} m and down again" + (f", landing {across} m on" if run else "")
    else:
        across = jumps[f"long.{run}"]
        height = across // 4
        result = f"{across} m across, clearing {height} m of height"
    if not run_metres:
        costing = f"jump {flat} Movement"
    elif not already:
        costing = f"run {run_metres} m ({run_cost}) + jump {flat} = {cost} Movement"
    elif not still:
        costing = f"the {already} m already run this turn is the run-up: jump {flat} Movement"
    else:
        costing = (
            f"{already} m already run + run {still} m more ({run_cost}) + jump {flat} "
            f"= {cost} Movement"
        )
    lines = [
        f"{sheet.size.capitalize()}, {BAND_NAMES[band]} (Might {sheet.abilities.might}, "
        f"Agility {sheet.abilities.agility}): {result}",
        costing,
    ]
    problem = "Prone: stand up first." if "prone" in conditions_of(encounter, actor) else ""
    problem = problem or _movement_problem(encounter, actor, 2 * cost)
    if kind == "long" and run:
        lines.append("A running long jump ends this turn's movement.")
        if state is not None:
            lines.append(f"Movement {movement_text(state.halves)} → 0 left")
    else:
        lines.append(_left_line(state, 2 * cost))
    return Plan(problem=problem, lines=tuple(line for line in lines if line)), cost, height, across


def _landed(e: ApparatusEncounter, actor: str, across: int) -> ApparatusEncounter:
    """The jumper (and whom it holds) where the jump lands: ``across`` metres on along its
    heading (the run-up still to run and the jump), back on the level it took off from
    (the ground, or the ledge it stood on: the map knows no other surface). A high jump
    rises and comes down again: the height it reached is said in the log, not kept on the
    token."""
    here = e.places.get(actor)
    if here is None or not across:
        return e
    dx, dy = moves.heading(e, actor)
    after = moves.carry(e, actor, Place.at(here.x + dx * across, here.y + dy * across, here.z))
    assert isinstance(after, ApparatusEncounter)
    return after


def _resolve_move(e: ApparatusEncounter, actor: str, action: Action) -> _Done:
    name = _name(e, actor)
    head = action.kind
    if head == "move":
        kind, metres = action.variant, action.amount
        after, text = moves.moved(e, actor, dialog_place(e, actor, kind, metres), kind)
        assert isinstance(after, ApparatusEncounter)
        return _Done(after, text)
    if head in ("high", "long"):
        run = action.amount
        _, cost, height, across = _jump_plan(e, actor, head, run)
        e = _landed(e, actor, _run_up(e, actor, run)[2] + across)
        if head == "long" and run:
            after = _spend(e, actor, _state(e, actor).halves, long_jumped=True, ran=0)
            notices = [f"{name}'s running long jump ends their movement this turn."]
            if _terrain(e, actor):
                notices.append(
                    f"Rough or slippery landing: {name} makes an Agility check "
                    f"(DC {options_of(e).landing_dc}) or falls Prone."
                )
            return _Done(
                after,
                f"{name} long-jumps {across} m after a run: {cost} Movement, 0 left",
                tuple(notices),
            )
        after = _spend(e, actor, 2 * cost, ran=0)
        left = movement_text(_state(after, actor).halves)
        what = (
            f"jumps {height} m up"
            + (f" after a run and lands {across} m on" if run else " and lands")
            if head == "high"
            else f"long-jumps {across} m"
        )
        return _Done(after, f"{name} {what}: {cost} Movement, {left} left")
    if head == "prone":
        return _Done(_add(e, actor, "prone"), f"{name} drops prone")
    cost = stand_cost_halves(base_speed(e, actor), options_of(e))
    after = _without(_spend(e, actor, cost, ran=0), actor, "prone")
    return _Done(
        after,
        f"{name} stands up: {movement_text(cost)} Movement, "
        f"{movement_text(_state(after, actor).halves)} left",
    )


def _resolve_turn_action(e: ApparatusEncounter, actor: str, head: str) -> _Done:
    name = _name(e, actor)
    if head == "dash":
        speed, _why = speed_now(e, actor)
        state = _state(e, actor)
        after = with_turn(
            e,
            actor,
            state.model_copy(
                update={
                    "halves": state.halves + 2 * speed,
                    "generated": state.generated + speed,
                    "dashed": True,
                    "action_used": True,
                }
            ),
        )
        return _Done(
            after,
            f"{name} dashes: +{speed} Movement, {movement_text(_state(after, actor).halves)} left",
        )
    if head == "disengage":
        return _Done(
            _spend(e, actor, action=True, disengaged=True),
            f"{name} disengages: no opportunity attacks for the rest of the turn",
        )
    after = _spend(e, actor, action=True)
    after = after.model_copy(update={"evading": (*after.evading, actor)})
    return _Done(after, f"{name} evades until the start of their next turn")
