"""Everything the user chose in the dialog, and the one call that turns it into a check.

The request holds ids and names, never widgets, so the spec can be rebuilt from the
encounter's current state at any time (and benchmarked without a window). All the game
arithmetic happens in :func:`m3desk.systems.monsters_and_magic.build_check`; this module only looks
things up.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from m3desk.core.terms import Term
from m3desk.systems.monsters_and_magic import (
    Attribute,
    CharacterSheet,
    CheckSpec,
    Concealment,
    CoverExtent,
    CoverKind,
    MonsterSheet,
    ResistanceChoice,
    Situation,
    build_check,
)
from m3desk.systems.monsters_and_magic.action_kind import ActionKind
from m3desk.systems.monsters_and_magic.conditions import Condition
from m3desk.systems.monsters_and_magic.encounter import Encounter
from m3desk.systems.monsters_and_magic.weapon_choice import weapon_for

__all__ = ["CheckRequest", "spec_for"]

Sheet = CharacterSheet | MonsterSheet


@dataclass(frozen=True, slots=True)
class CheckRequest:
    """The dialog's whole input for one check, by combatant id and by name."""

    actor_id: str
    action: ActionKind = ActionKind.ATTACK
    label: str = ""
    attribute: Attribute | None = None
    trait_names: tuple[str, ...] = ()
    weapon_key: str | None = None
    mental: bool = False
    target_id: str | None = None
    resistance: ResistanceChoice = field(default_factory=ResistanceChoice)
    actor_condition_ids: tuple[str, ...] = ()
    """The actor's effects and consequences ticked, help effects included."""
    target_condition_ids: tuple[str, ...] = ()
    actor_concealment: Concealment = Concealment.NONE
    target_concealment: Concealment = Concealment.NONE
    cover: CoverKind = CoverKind.NONE
    cover_extent: CoverExtent = CoverExtent.HALF
    help_bonus: int = 0
    """Help the table agrees on beyond the recorded "help from …" effects."""
    gear_names: tuple[str, ...] = ()
    """Gear whose bonus applies (Staff of Magic +1)."""
    other_bonus: Term | None = None
    gm_check: int = 0
    gm_resistance: int = 0
    gm_effect_points: int = 0
    size_applies: bool = True
    damage_cap: int | None = None
    """The GM's maximum damage for this check; None keeps the computed one."""

    @property
    def resisting_target_id(self) -> str | None:
        """The target who resists the check; a helped ally does not resist anything."""
        return None if self.action is ActionKind.HELP else self.target_id


def _picked(conditions: tuple[Condition, ...], ids: tuple[str, ...]) -> tuple[Condition, ...]:
    wanted = set(ids)
    return tuple(c for c in conditions if c.id in wanted)


def _bonuses(actor: Sheet, request: CheckRequest) -> tuple[Term, ...]:
    terms: list[Term] = []
    if isinstance(actor, CharacterSheet):
        wanted = set(request.gear_names)
        terms.extend(
            Term(label=item.name, value=item.to_hit)
            for item in actor.items
            if item.name in wanted and item.to_hit
        )
    if request.other_bonus is not None and request.other_bonus.value:
        terms.append(request.other_bonus)
    return tuple(terms)


def default_label(actor: Sheet, request: CheckRequest) -> str:
    """What the log calls the check when the user gave it no name."""
    weapon = weapon_for(actor, request.weapon_key)
    if weapon is not None and request.action.uses_weapon:
        return weapon.name
    if request.action is ActionKind.HELP:
        return "help"
    if request.action is ActionKind.CHANGE_RANGE:
        return "change range"
    if request.action is ActionKind.DEFEND:
        return "defend"
    return f"{request.attribute} check" if request.attribute else "check"


def spec_for(encounter: Encounter, request: CheckRequest) -> CheckSpec:
    """Build the check the request describes; raises ValueError when it cannot be built."""
    actor = encounter.combatant(request.actor_id).sheet
    target_id = request.resisting_target_id
    target = encounter.combatant(target_id).sheet if target_id else None
    weapon = weapon_for(actor, request.weapon_key) if request.action.uses_weapon else None
    traits = sum(1 for trait in actor.traits if trait.name in set(request.trait_names))
    situation = Situation(
        actor_conditions=_picked(actor.conditions, request.actor_condition_ids),
        target_conditions=_picked(target.conditions, request.target_condition_ids)
        if target is not None
        else (),
        actor_concealment=request.actor_concealment,
        target_concealment=request.target_concealment,
        cover=request.cover,
        cover_extent=request.cover_extent,
        help_bonus=request.help_bonus,
        gm_check=request.gm_check,
        gm_resistance=request.gm_resistance,
        gm_effect_points=request.gm_effect_points,
        bonuses=_bonuses(actor, request),
        damage_cap=request.damage_cap,
    )
    return build_check(
        actor,
        label=request.label.strip() or default_label(actor, request),
        attribute=request.attribute,
        traits=traits,
        weapon=weapon,
        target=target,
        resistance=request.resistance,
        situation=situation,
        mental=request.mental,
        affects_target=request.size_applies and request.action.affects_target,
        rules=encounter.options,
    )
