"""Moving an OSE combatant on the map: how far its declaration lets it go this round, what
the move is called in the log and what the rules see in it.

Encounter movement is the base rate ÷ 3 a round. In melee (a foe within 5') only two moves
are allowed: a fighting withdrawal, backwards at half the encounter movement with a clear
path behind, or a retreat at the full encounter movement (this round attackers get +2 and
ignore the retreater's shield). A spell caster does not move. A combatant whose morale broke
flees at its encounter movement. The GM may still place a token beyond the allowance: the
log says so.

One function per rule, called by the map's ruler and drop, the board's rings and the
action dialog alike: :func:`allowance_left`, :func:`check_move`, :func:`make_move`.
"""

from __future__ import annotations

from m3desk.core import encounter as core
from m3desk.core.places import Place, between, ground_along, toward
from m3desk.core.reach_memo import ByCombatant
from m3desk.core.system import (
    Action,
    ActionOption,
    ActionOutcome,
    ActionPreview,
    MoveAllowance,
    MoveCheck,
    move_text,
    note_lines,
    with_allowance_note,
)
from m3desk.systems.ose.derive import derive
from m3desk.systems.ose.encounter import MELEE_FEET, OseCombatant, OseEncounter
from m3desk.systems.ose.movement import withdrawal_feet

__all__ = [
    "AWAY",
    "TOWARD",
    "allowance_left",
    "check_move",
    "dialog_destination",
    "make_move",
    "movement_actions",
    "preview_move",
    "resolve_move",
]


def _combatant(encounter: core.Encounter, combatant_id: str) -> OseCombatant:
    combatant = encounter.combatant(combatant_id)
    assert isinstance(combatant, OseCombatant)
    return combatant


def _rate(encounter: core.Encounter, combatant: OseCombatant) -> int:
    options = encounter.options if isinstance(encounter, OseEncounter) else None
    return int(derive(combatant.sheet, options)["movement.encounter"].value)


def _allowance_left(encounter: core.Encounter, combatant_id: str) -> MoveAllowance:
    """The feet the combatant may still move this round by what it declared (or by its
    flight), and the verb of that move."""
    combatant = _combatant(encounter, combatant_id)
    rate = _rate(encounter, combatant)
    declared = combatant.declared
    if combatant.fleeing:
        return MoveAllowance(max(0, rate - combatant.moved), "flees", "flee")
    if declared == "cast a spell":
        return MoveAllowance(0, "moves", "cast", "casting a spell: no movement")
    if declared in ("fighting withdrawal", "retreat"):
        verb = "withdraws" if declared == "fighting withdrawal" else "retreats"
        feet = withdrawal_feet(rate, declared)
        return MoveAllowance(max(0, feet - combatant.moved), verb, declared)
    if engaged_with(encounter, combatant_id):
        return MoveAllowance(
            0, "moves", "move", "in melee: only a fighting withdrawal or a retreat moves"
        )
    return MoveAllowance(max(0, rate - combatant.moved), "moves", "move")


allowance_left = ByCombatant(_allowance_left)
"""What the declaration still allows (worked out once per encounter and combatant)."""
engaged_with = ByCombatant(
    lambda encounter, combatant_id: core.foes_within(encounter, combatant_id, MELEE_FEET)
)
"""Who the combatant is in melee with where it stands."""


def check_move(encounter: core.Encounter, combatant_id: str, place: Place) -> MoveCheck:
    """What moving the combatant to ``place`` means: its distance, the declaration's allowance,
    the verb, and the notes (over the allowance, a foe's reach left, a fighting withdrawal
    toward a foe, a wall in the way)."""
    here = encounter.places.get(combatant_id)
    if here is None:
        return MoveCheck(0, 0)
    model = encounter.position_model
    distance = model.measure(here, place)
    allowed = allowance_left(encounter, combatant_id)
    limit: int | None = allowed.amount
    if encounter.phase == "setup":  # the GM arranges the sides: nobody is limited yet
        allowed, limit = MoveAllowance(0, "moves", "move"), None
    notes: list[str] = [allowed.why] if allowed.why and distance else []
    blocked = False
    if any(ground.wall for ground in ground_along(encounter.areas, here, place, model.step)):
        blocked = True
        notes.append("through a wall")
    engaged = engaged_with(encounter, combatant_id)
    after = set(core.foes_within(encounter, combatant_id, MELEE_FEET, at=place))
    for foe_id in engaged:
        if foe_id not in after:
            notes.append(f"leaves {encounter.combatant(foe_id).name}'s reach")
    if allowed.label == "fighting withdrawal":
        for foe_id in engaged:
            there = encounter.places[foe_id]
            if model.measure(place, there) < model.measure(here, there):
                notes.append(
                    f"a fighting withdrawal backs away, not toward "
                    f"{encounter.combatant(foe_id).name}"
                )
        notes += [
            f"no clear path: {name} is in the way"
            for name in _in_the_way(encounter, combatant_id, place)
        ]
    check = MoveCheck(distance, distance, limit, allowed.verb, tuple(notes), blocked)
    return with_allowance_note(check, f"{limit} {model.unit}")


def _in_the_way(encounter: core.Encounter, combatant_id: str, place: Place) -> list[str]:
    """Who stands on the path of a move (within half a step of it, past its start)."""
    here = encounter.places[combatant_id]
    half = encounter.position_model.step / 2
    return [
        other.name
        for other in encounter.combatants
        if other.id != combatant_id
        and (there := encounter.places.get(other.id)) is not None
        and encounter.position_model.measure(here, there) >= half
        and between(here, place, there, half)
    ]


def make_move(
    encounter: core.Encounter, combatant_id: str, place: Place
) -> tuple[core.Encounter, str]:
    """Move the combatant to ``place``, count the feet against this round's movement, and
    log the move with what the rules saw in it (one undo step)."""
    check = check_move(encounter, combatant_id, place)
    combatant = _combatant(encounter, combatant_id)
    after = core.move_to(encounter, combatant_id, place)
    if encounter.phase != "setup":
        after = core.update_combatant(
            after, combatant_id, moved=min(100_000, combatant.moved + check.distance)
        )
    text = move_text(combatant.name, check, encounter.position_model.unit)
    return core.add_log(after, text, actor=combatant_id), text


# -- the action dialog's movement actions ------------------------------------------------------

TOWARD = Action("move", variant="toward")
AWAY = Action("move", variant="away")

_AWAY = {
    "fighting withdrawal": "Fighting withdrawal from the target",
    "retreat": "Retreat from the target",
    "flee": "Flee from the target",
    "move": "Move away from the target",
}


def movement_actions(encounter: core.Encounter, actor: str) -> tuple[ActionOption, ...]:
    """The dialog's moves for what the actor declared: toward or away from a target, up to
    the allowance (a fighting withdrawal or a retreat only away; a caster none)."""
    allowed = allowance_left(encounter, actor)
    if allowed.label == "cast":
        return ()
    feet = allowed.amount
    found = []
    if allowed.label == "move":
        found.append(
            ActionOption(
                TOWARD,
                f"Move toward the target (up to {feet} ft)",
                group="movement",
                help="Close in, stopping at 5 ft.",
            )
        )
    found.append(
        ActionOption(
            AWAY,
            f"{_AWAY[allowed.label]} ({feet} ft)",
            group="movement",
            help="Straight away from the target.",
        )
    )
    return tuple(found)


def dialog_destination(
    encounter: core.Encounter, actor: str, action: Action, target: str | None
) -> tuple[Place | None, str]:
    """Where a dialog move (:data:`TOWARD`, :data:`AWAY`) takes the actor, or why it cannot."""
    if target is None:
        return None, "Choose a target."
    here, there = encounter.places.get(actor), encounter.places.get(target)
    if here is None or there is None:
        return None, "Only a combatant with a place on the map moves."
    allowed = allowance_left(encounter, actor)
    budget = allowed.amount
    if budget <= 0:
        return None, (
            allowed.why.capitalize() + "."
            if allowed.why
            else f"{encounter.combatant(actor).name} has used this round's movement."
        )
    model = encounter.position_model
    feet = model.measure(here, there)
    if action == TOWARD:
        if feet <= MELEE_FEET:
            return None, f"Already in melee with {encounter.combatant(target).name}."
        return core.closing_place(
            encounter, actor, target, max(MELEE_FEET, feet - budget), budget
        ), ""
    return toward(model, here, there, min(model.maximum, feet + budget)), ""


def preview_move(
    encounter: core.Encounter, actor: str, action: Action, target: str | None
) -> ActionPreview:
    place, problem = dialog_destination(encounter, actor, action, target)
    if place is None or target is None:
        return ActionPreview(problem=problem)
    check = check_move(encounter, actor, place)
    model = encounter.position_model
    name = encounter.combatant(target).name
    before = core.position_between(encounter, actor, target)
    after = model.measure(place, encounter.places[target])
    lines = (
        f"{check.verb.capitalize()} {check.distance} ft: {before} → {after} ft from {name}",
        *note_lines(check),
    )
    return ActionPreview(lines=lines)


def resolve_move(
    encounter: core.Encounter, actor: str, action: Action, target: str | None
) -> ActionOutcome:
    place, problem = dialog_destination(encounter, actor, action, target)
    if place is None:
        raise ValueError(problem)
    after, text = make_move(encounter, actor, place)
    return ActionOutcome(after, text)
