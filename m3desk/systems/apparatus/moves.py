"""Moving an Apparatus creature on the map: the Movement a move costs metre by metre, what
is impassable, and what moving does to others (seed 004, "Movement Actions"; digest §2).

Each metre across the ground costs the movement's base cost (run 1; crawl 2 while prone;
climb 2, 1 with Natural Climber, for each metre up or down) plus the Difficulty Rating of
the ground it crosses. Where the map has terrain painted (``Encounter.areas``) the areas
decide the rating; on ground nobody painted, the rating typed in the tracker's Terrain column
is the GM's word for what the creature crosses. A wall, or a metre costing more than the
base Speed, is impassable (the GM may still place the token: the log says so). A grappler
drags whom it holds; forced movement (a shove) moves an Advanced or Complete grapple's pair
together and ends a Basic grapple that it carries out of reach. Leaving a hostile's melee
reach without Disengage draws an opportunity attack: noted on the move by default, owed as a
free attack the notice bar offers when the table rules say so (the wiki gives no rule).

One function per rule, called by the map's ruler and drop, the board's rings and the action
dialog: :func:`price`, :func:`check_move`, :func:`moved` (:func:`make_move` logs it),
:func:`carry`, :func:`forced_move`, :func:`heading`.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from m3desk.core import encounter as core
from m3desk.core import free_attacks
from m3desk.core.places import Place, ground_along, ground_at, toward
from m3desk.core.reach_memo import ByCombatant
from m3desk.core.system import MoveCheck, move_text, with_allowance_note
from m3desk.systems.apparatus.movement import movement_cost, movement_text, step_cost
from m3desk.systems.apparatus.option_rules import opportunity_rule
from m3desk.systems.apparatus.sheet import Sheet
from m3desk.systems.apparatus.state import (
    METRES,
    ApparatusEncounter,
    base_speed,
    conditions_of,
    options_of,
    sheet_of,
    turn_state,
    with_turn,
)

__all__ = [
    "Price",
    "carry",
    "check_move",
    "forced_move",
    "heading",
    "make_move",
    "melee_reach",
    "moved",
    "natural",
    "opportunity_attacks",
    "price",
    "pushed_place",
    "rating_at",
    "threat",
]

MAX_REACH = 20
"""The longest melee reach a weapon may have (metres)."""
_VERBS = {"run": "runs", "climb": "climbs", "swim": "swims", "crawl": "crawls"}
_DOING = {"run": "running", "climb": "climbing", "swim": "swimming", "crawl": "crawling"}


def natural(sheet: Sheet, kind: str) -> bool:
    """Whether a feat makes this movement cost 1 a metre (Natural Climber, Natural Swimmer)."""
    return (kind == "climb" and sheet.feats.natural_climber) or (
        kind == "swim" and sheet.feats.natural_swimmer
    )


def melee_reach(sheet: Sheet) -> int:
    """How far the creature's melee weapons reach, in metres (1 unarmed)."""
    return max((w.reach for w in sheet.weapons if not w.ranged), default=1)


def _override(encounter: core.Encounter, combatant_id: str) -> int:
    return (
        encounter.terrain.get(combatant_id, 0) if isinstance(encounter, ApparatusEncounter) else 0
    )


def rating_at(encounter: core.Encounter, combatant_id: str, place: Place) -> int:
    """The Difficulty Rating of the ground at a place for this creature: the painted area's,
    else the Terrain column's (the GM's word for unpainted ground)."""
    ground = ground_at(encounter.areas, place.x, place.y)
    return ground.rating if ground.painted else _override(encounter, combatant_id)


_speed = ByCombatant(base_speed)
_near = ByCombatant(
    lambda encounter, combatant_id: core.foes_within(encounter, combatant_id, MAX_REACH)
)
"""Hostiles whose reach the creature may be in where it stands."""


class Price(NamedTuple):
    """What a move from one place to another costs: the kind of movement across the ground,
    the metres across and up or down, the Movement, the worst rating crossed, and why it is
    impassable ("" if it is not)."""

    kind: str
    across: int
    climbed: int
    cost: int
    worst: int
    impassable: str = ""


def price(
    encounter: core.Encounter, combatant_id: str, start: Place, end: Place, kind: str | None = None
) -> Price:
    """The Movement of a straight move from ``start`` to ``end``: each metre across at its
    kind's cost (``kind``, else a crawl while prone and a run otherwise) plus the rating of
    the ground under it, each metre up or down a climb at the rating where it starts; sizes
    scale climbing, swimming and crawling as the table rules say."""
    sheet = sheet_of(encounter, combatant_id)
    options = options_of(encounter)
    speed = _speed(encounter, combatant_id)
    if kind is None:
        kind = "crawl" if "prone" in conditions_of(encounter, combatant_id) else "run"
    override = _override(encounter, combatant_id)
    grounds = ground_along(encounter.areas, start, end, 1.0)
    runs: list[tuple[int, int]] = []  # (rating, metres) in order
    problem = ""
    for ground in grounds:
        rating = ground.rating if ground.painted else override
        if ground.wall and not problem:
            problem = "a wall is in the way"
        if runs and runs[-1][0] == rating:
            runs[-1] = (rating, runs[-1][1] + 1)
        else:
            runs.append((rating, 1))
    cost = 0
    worst = 0
    for rating, metres in runs:
        cost += step_cost(
            kind,
            metres,
            sheet.size,
            difficulty=rating,
            natural=natural(sheet, kind),
            scaled=options.size_scaled_movement,
        )
        worst = max(worst, rating)
        per = movement_cost(kind, 1, difficulty=rating, natural=natural(sheet, kind))
        if per > speed and not problem:
            problem = (
                f"{_DOING[kind]} through Difficulty {rating} costs {per} Movement "
                f"per metre, more than the Speed of {speed}"
            )
    climbed = math.floor(abs(end.z - start.z) + 0.5)
    if climbed:
        rating = rating_at(encounter, combatant_id, start)
        cost += step_cost(
            "climb",
            climbed,
            sheet.size,
            difficulty=rating,
            natural=natural(sheet, "climb"),
            scaled=options.size_scaled_movement,
        )
        worst = max(worst, rating)
        per = movement_cost("climb", 1, difficulty=rating, natural=natural(sheet, "climb"))
        if per > speed and not problem:
            problem = (
                f"climbing through Difficulty {rating} costs {per} Movement per "
                f"metre, more than the Speed of {speed}"
            )
    return Price(kind, len(grounds), climbed, cost, worst, problem)


def threat(encounter: core.Encounter, combatant_id: str) -> int:
    """How far the creature can make a melee attack (its longest melee weapon; 1 m for an
    unarmed strike when it carries no weapon), or −1 when it cannot strike in melee
    (Incapacitated, or missile weapons only): the reach whose leaving draws its
    opportunity attack."""
    if "incapacitated" in conditions_of(encounter, combatant_id):
        return -1
    weapons = sheet_of(encounter, combatant_id).weapons
    if not weapons:
        return 1
    return max((w.reach for w in weapons if not w.ranged), default=-1)


def _opportunities(encounter: core.Encounter, combatant_id: str, place: Place) -> list[str]:
    """Ids of the hostiles whose melee reach the move leaves (:func:`core.free_attacks.
    reach_left`): each may make an opportunity attack."""
    here = encounter.places.get(combatant_id)
    if here is None:
        return []
    near = _near(encounter, combatant_id)
    spots = [encounter.places[other] for other in near]
    left = free_attacks.reach_left(
        [METRES.measure(here, there) for there in spots],
        [METRES.measure(place, there) for there in spots],
        [threat(encounter, other) for other in near],
    )
    return [near[index] for index in left]


def _held_by(encounter: core.Encounter, combatant_id: str) -> list[str]:
    """Ids of the creatures this one holds in a grapple."""
    if not isinstance(encounter, ApparatusEncounter):
        return []
    return [g.target for g in encounter.grapples if g.grappler == combatant_id]


def check_move(
    encounter: core.Encounter, combatant_id: str, place: Place, kind: str | None = None
) -> MoveCheck:
    """What moving the creature to ``place`` costs against the Movement left of its turn
    (no limit outside its turn: the GM moving a token), the verb, and the notes: difficult
    ground, impassable ground, hostiles' reach left, those dragged along."""
    here = encounter.places.get(combatant_id)
    if here is None:
        return MoveCheck(0, 0)
    found = price(encounter, combatant_id, here, place, kind)
    distance = METRES.measure(here, place)
    state = turn_state(encounter, combatant_id)
    allowance = None if state is None else (0 if state.long_jumped else state.halves // 2)
    notes: list[str] = []
    if state is not None and state.long_jumped and distance:
        notes.append("a running long jump ended this turn's movement")
    if found.worst:
        notes.append(f"difficult ground DR {found.worst}")
    if found.impassable:
        notes.append(f"impassable: {found.impassable}")
    if state is None or not state.disengaged:
        notes += [
            f"leaves {encounter.combatant(other).name}'s reach: opportunity attack"
            for other in _opportunities(encounter, combatant_id, place)
        ]
    if distance:
        notes += [
            f"drags {encounter.combatant(i).name} along" for i in _held_by(encounter, combatant_id)
        ]
    verb = _VERBS["climb" if found.climbed and found.climbed >= found.across else found.kind]
    check = MoveCheck(distance, found.cost, allowance, verb, tuple(notes), bool(found.impassable))
    left = "no Movement" if state is None else f"{movement_text(state.halves)} Movement"
    return with_allowance_note(
        check,
        "a running long jump ended the movement"
        if state is not None and state.long_jumped
        else left,
    )


def opportunity_attacks(encounter: core.Encounter, combatant_id: str, place: Place) -> list[str]:
    """The hostiles owed an opportunity attack when the creature moves to ``place`` on its
    turn without having disengaged, if the table rules make it due (by default the move
    only notes it: the wiki gives no rule)."""
    state = turn_state(encounter, combatant_id)
    if state is None or not opportunity_rule(options_of(encounter)).owed(state.disengaged):
        return []
    return _opportunities(encounter, combatant_id, place)


def carry(encounter: core.Encounter, combatant_id: str, place: Place) -> core.Encounter:
    """Put the creature at ``place``, and whom it holds in a grapple with it (each keeps its
    offset: moving while grappling moves the target as well)."""
    here = encounter.places.get(combatant_id)
    after = core.move_to(encounter, combatant_id, place)
    if here is None:
        return after
    dx, dy, dz = place.x - here.x, place.y - here.y, place.z - here.z
    for held in _held_by(encounter, combatant_id):
        spot = encounter.places.get(held)
        if spot is not None:
            after = core.move_to(
                after, held, Place.at(spot.x + dx, spot.y + dy, max(0.0, spot.z + dz))
            )
    return after


def heading(encounter: core.Encounter, combatant_id: str) -> tuple[float, float]:
    """Which way the creature is going: its last move this turn; else toward the nearest
    hostile, or straight away from it when already within its reach; else along the map's x
    axis (a dialog's run or jump goes this way)."""
    state = turn_state(encounter, combatant_id)
    if state is not None and (state.heading_x or state.heading_y):
        return state.heading_x, state.heading_y
    nearest = core.foes_within(encounter, combatant_id, METRES.maximum)
    here = encounter.places.get(combatant_id)
    if nearest and here is not None:
        there = encounter.places[nearest[0]]
        dx, dy = there.x - here.x, there.y - here.y
        length = math.hypot(dx, dy)
        if METRES.measure(here, there) <= melee_reach(sheet_of(encounter, nearest[0])):
            dx, dy = -dx, -dy
        if length > 1e-9:
            return dx / length, dy / length
    return 1.0, 0.0


def moved(
    encounter: core.Encounter, combatant_id: str, place: Place, kind: str | None = None
) -> tuple[core.Encounter, str]:
    """The creature at ``place`` with the Movement spent (in its turn), those it holds
    dragged along, and the move in words: what :func:`make_move` logs and the action
    dialog's movement actions record."""
    here = encounter.places.get(combatant_id)
    check = check_move(encounter, combatant_id, place, kind)
    after = carry(encounter, combatant_id, place)
    after = free_attacks.owe(
        after, combatant_id, opportunity_attacks(encounter, combatant_id, place)
    )
    name = encounter.combatant(combatant_id).name
    text = move_text(name, check, METRES.unit)
    state = turn_state(encounter, combatant_id)
    if state is not None and isinstance(after, ApparatusEncounter) and here is not None:
        found = price(encounter, combatant_id, here, place, kind)
        ran = state.ran + found.across if found.kind == "run" and not found.climbed else 0
        dx, dy = place.x - here.x, place.y - here.y
        length = math.hypot(dx, dy)
        changes: dict[str, object] = {
            "halves": max(0, state.halves - 2 * check.cost),
            "ran": min(100_000, ran),
        }
        if length > 1e-9:
            changes.update(heading_x=round(dx / length, 6), heading_y=round(dy / length, 6))
        after = with_turn(after, combatant_id, state.model_copy(update=changes))
        left = movement_text(turn_state(after, combatant_id).halves)  # type: ignore[union-attr]
        text += f"{'; ' if check.notes else ': '}{check.cost} Movement, {left} left"
    return after, text


def make_move(
    encounter: core.Encounter, combatant_id: str, place: Place
) -> tuple[core.Encounter, str]:
    """Move the creature to ``place`` as the map's drop does: :func:`moved`, logged (one undo
    step)."""
    after, text = moved(encounter, combatant_id, place)
    return core.add_log(after, text, actor=combatant_id), text


def forced_move(
    encounter: ApparatusEncounter, combatant_id: str, place: Place
) -> tuple[ApparatusEncounter, tuple[str, ...]]:
    """Forced movement (a shove's push): the creature to ``place`` spending nothing; an
    Advanced or Complete grapple it is in moves its partner with it, a Basic one it leaves
    out of the grappler's reach ends. Returns the encounter and what happened to grapples."""
    here = encounter.places.get(combatant_id)
    after = core.move_to(encounter, combatant_id, place)
    if here is None:
        return after, ()
    dx, dy, dz = place.x - here.x, place.y - here.y, place.z - here.z
    notes: list[str] = []
    kept = []
    for grapple in encounter.grapples:
        if combatant_id not in (grapple.grappler, grapple.target):
            kept.append(grapple)
            continue
        partner = grapple.target if grapple.grappler == combatant_id else grapple.grappler
        spot = after.places.get(partner)
        if grapple.tier != "basic" and spot is not None:
            after = core.move_to(
                after, partner, Place.at(spot.x + dx, spot.y + dy, max(0.0, spot.z + dz))
            )
            notes.append(
                f"{encounter.combatant(partner).name} moves with "
                f"{encounter.combatant(combatant_id).name} (the "
                f"{grapple.tier.capitalize()} grapple holds)"
            )
            kept.append(grapple)
            continue
        reach = melee_reach(sheet_of(encounter, grapple.grappler))
        if core.position_between(after, grapple.grappler, grapple.target) > reach:
            notes.append(
                f"{encounter.combatant(grapple.target).name} is out of "
                f"{encounter.combatant(grapple.grappler).name}'s reach: the Basic "
                "grapple ends"
            )
            continue
        kept.append(grapple)
    return after.model_copy(update={"grapples": tuple(kept)}), tuple(notes)


def pushed_place(encounter: core.Encounter, shover: str, target: str, metres: int = 1) -> Place:
    """Where a push leaves the target: ``metres`` farther from the shover, straight away."""
    model = encounter.position_model
    here, there = encounter.places[target], encounter.places[shover]
    return toward(model, here, there, model.measure(here, there) + metres)
