"""The action dialog's movement actions in an AD&D 2e fight: move toward a target, away from
it, withdraw from it or flee, each the map's very move (:func:`moves.make_move`) to the place
it reaches, with the free attacks a flight owes announced with their odds to hit (planned as
any attack is, :mod:`m3desk.systems.adnd2e.attack_plan`).
"""

from __future__ import annotations

from m3desk.core import encounter as core
from m3desk.core.places import Place, toward
from m3desk.core.system import Action, ActionOutcome, ActionPreview, note_lines
from m3desk.systems.adnd2e.action_kinds import FLEE, WITHDRAW
from m3desk.systems.adnd2e.attack_plan import free_attack_notice
from m3desk.systems.adnd2e.encounter import FEET, MELEE_FEET, AdndEncounter, _combatant
from m3desk.systems.adnd2e.moves import allowance_left, blocker, check_move, engaged_with, make_move

__all__ = ["dialog_move", "preview_move", "resolve_move"]


def dialog_move(
    encounter: core.Encounter, actor: str, action: Action, target: str | None
) -> tuple[Place | None, str]:
    """Where a dialog move takes the actor (:data:`.TOWARD` up to 5' from the target,
    :data:`AWAY`/:data:`WITHDRAW` straight away from it, :data:`FLEE` away from every foe it
    is engaged with, or from the nearest foe), or why it cannot."""
    combatant = _combatant(encounter, actor)
    budget = allowance_left(encounter, actor).amount
    if budget <= 0:
        return None, f"{combatant.name} has used this round's movement."
    here = encounter.places[actor]
    kind = action.variant
    if kind == "flee":
        engaged = (
            core.foes_within(encounter, actor, MELEE_FEET)
            or core.foes_within(encounter, actor, FEET.maximum)[:1]
        )
        if not engaged:
            return toward(FEET, here, here, budget, fallback=(-1.0, 0.0)), ""
        x = sum(encounter.places[i].x for i in engaged) / len(engaged)
        y = sum(encounter.places[i].y for i in engaged) / len(engaged)
        centre = Place.at(x, y, here.z)
        gap = FEET.norm(here.x - x, here.y - y)
        return toward(FEET, here, centre, gap + budget, fallback=(-1.0, 0.0)), ""
    if target is None:
        return None, "Choose a target."
    there = encounter.places[target]
    feet = FEET.measure(here, there)
    name = encounter.combatant(target).name
    if kind == "toward":
        return core.closing_place(
            encounter, actor, target, max(MELEE_FEET, feet - budget), budget
        ), ""
    if kind == "withdraw" and encounter.out_of_fight(encounter.combatant(target)):
        return None, (f"{name} is down: withdraw from a foe still fighting {combatant.name}.")
    if kind == "withdraw" and feet > MELEE_FEET:
        return None, (
            f"{combatant.name} is not engaged with {name}: withdraw from a foe "
            f"within {MELEE_FEET} ft."
        )
    return toward(FEET, here, there, min(FEET.maximum, feet + budget)), ""


def preview_move(
    encounter: core.Encounter, actor: str, action: Action, target: str | None
) -> ActionPreview:
    place, problem = dialog_move(encounter, actor, action, target)
    if place is None:
        return ActionPreview(problem=problem)
    check = check_move(encounter, actor, place)
    lines = [f"{check.verb.capitalize()} {check.distance} ft"]
    if target is not None and action != FLEE:
        before = core.position_between(encounter, actor, target)
        lines[0] += (
            f": {before} → {FEET.measure(place, encounter.places[target])} ft from "
            f"{encounter.combatant(target).name}"
        )
    if action == FLEE:
        enc = encounter
        foes = [enc.combatant(i).name for i in core.foes_within(enc, actor, MELEE_FEET)]
        lines.append("Free attacks at the back now: " + (", ".join(foes) if foes else "none"))
    return ActionPreview(lines=(*lines, *note_lines(check)))


def resolve_move(
    encounter: core.Encounter, actor: str, action: Action, target: str | None
) -> ActionOutcome:
    """A dialog move is the map's move: :func:`make_move` to the place it reaches, with the
    free attacks it owes announced."""
    place, problem = dialog_move(encounter, actor, action, target)
    if place is None:
        raise ValueError(problem)
    after, text = make_move(encounter, actor, place)
    assert isinstance(after, AdndEncounter)
    fleer = _combatant(after, actor)
    notices = tuple(
        free_attack_notice(after, _combatant(after, foe_id), fleer)
        for foe_id in dict.fromkeys(fleer.free_attacks)
        if foe_id not in _combatant(encounter, actor).free_attacks
    )
    if notices:
        notices += (f"{fleer.name} can be pursued unless someone blocks.",)
    if action == WITHDRAW and target is not None:
        # Every foe still fighting it that it leaves behind, as the preview and the log
        # name them (the target chosen may be one of several, or already down).
        left = set(core.foes_within(encounter, actor, MELEE_FEET, at=place))
        for foe_id in engaged_with(encounter, actor):
            if foe_id in left:
                continue
            foe = encounter.combatant(foe_id).name
            ally = blocker(encounter, actor, foe_id, place)
            notices += (
                f"{ally.name} blocks {foe}: it cannot follow {fleer.name}."
                if ally is not None
                else f"{foe} may follow {fleer.name}.",
            )
    return ActionOutcome(after, text, notices=notices)
