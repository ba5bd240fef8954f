"""The dialog's first guesses: who acts, at whom, with what, against which resistance.

Kept out of the widgets so the guesses can be read (and tested) as rules of thumb. None of
them is game arithmetic: they only choose inputs for
:func:`m3desk.systems.monsters_and_magic.build_check`, and
the GM can change every one of them.
"""

from __future__ import annotations

from m3desk.systems.monsters_and_magic import (
    Attribute,
    CharacterSheet,
    Concentration,
    Item,
    MonsterAttack,
    MonsterSheet,
    ResistanceChoice,
    ResistanceKind,
    Spell,
)
from m3desk.systems.monsters_and_magic.action_kind import ActionKind, TargetRole
from m3desk.systems.monsters_and_magic.conditions import Condition, on_checks, on_defence
from m3desk.systems.monsters_and_magic.derive import derive
from m3desk.systems.monsters_and_magic.encounter import (
    Combatant,
    Encounter,
    conditions_in_force,
    range_between,
)
from m3desk.systems.monsters_and_magic.ranges import RangeBand, bands_text
from m3desk.systems.monsters_and_magic.table_rules import RangeResistance

__all__ = [
    "default_actor_id",
    "default_attribute",
    "default_resistance",
    "default_target_id",
    "is_help",
    "is_surprised",
    "reach_of",
    "resistance_reason",
    "target_candidates",
    "target_note",
    "target_reach",
    "ticked_by_default",
]

Sheet = CharacterSheet | MonsterSheet
Weapon = Item | Spell | MonsterAttack
_RESISTING_WORDS = ("resist", "defence", "defense", " ac", "armour")


def default_actor_id(encounter: Encounter, selected: str) -> str | None:
    """The combatant whose turn it is; else the one the GM selected; else the first."""
    ids = [c.id for c in encounter.combatants]
    for candidate in (encounter.turn, selected):
        if candidate in ids:
            return candidate
    return ids[0] if ids else None


def is_surprised(encounter: Encounter, combatant_id: str | None) -> bool:
    """In the surprise round everyone not on the surprising side is surprised (must roll)."""
    if combatant_id is None or encounter.phase != "surprise" or not encounter.surprise_side:
        return False
    return encounter.combatant(combatant_id).side != encounter.surprise_side


def target_candidates(encounter: Encounter, actor_id: str, role: TargetRole) -> list[Combatant]:
    """Opponents for attacks, allies for help, everyone else for a spell or a check."""
    actor = encounter.combatant(actor_id)
    others = [c for c in encounter.combatants if c.id != actor_id]
    if role is TargetRole.NONE:
        return []
    if role is TargetRole.ALLY:
        return [c for c in others if c.side == actor.side]
    if role is TargetRole.OPPONENT:
        return [c for c in others if c.side != actor.side]
    return sorted(others, key=lambda c: c.side == actor.side)


def reach_of(weapon: Weapon | None) -> tuple[RangeBand, ...] | None:
    """The bands a weapon, spell or monster attack works from; None when no reach applies
    (no weapon, or a monster action, which the GM triggers as a reaction)."""
    if weapon is None or (isinstance(weapon, MonsterAttack) and weapon.action):
        return None
    return weapon.ranges


def target_reach(
    encounter: Encounter, actor_id: str, target_id: str, weapon: Weapon | None
) -> tuple[RangeBand, bool | None]:
    """The band between actor and target, and whether the weapon reaches it (None: no
    weapon to ask)."""
    band = range_between(encounter, actor_id, target_id)
    bands = reach_of(weapon)
    return band, (None if bands is None else band in bands)


def target_note(
    encounter: Encounter, actor_id: str, target_id: str, weapon: Weapon | None
) -> tuple[str, str]:
    """What the target list says beside a candidate ("Short · out of reach") and why."""
    band, in_reach = target_reach(encounter, actor_id, target_id, weapon)
    if in_reach is None or weapon is None:
        return band.label, f"at {band.label} range"
    bands = bands_text(reach_of(weapon) or ())
    if in_reach:
        return f"{band.label} · in reach", f"{weapon.name} attacks from {bands}"
    return (
        f"{band.label} · out of reach",
        f"{weapon.name} attacks from {bands}: the effect points must first buy the range "
        f"change ({encounter.options.range_band_cost} EP a band)",
    )


def default_target_id(
    encounter: Encounter, actor_id: str, action: ActionKind, weapon: Weapon | None, selected: str
) -> str | None:
    """The selected combatant when it fits the role, else the first candidate; for an
    attack, one the weapon can reach comes first.

    A spell or an attribute check starts without a target unless the spell does damage.
    """
    role = action.target_role
    if role is TargetRole.OPTIONAL and (weapon is None or weapon.damage is None):
        return None
    candidates = target_candidates(encounter, actor_id, role)
    if role is TargetRole.OPTIONAL:
        actor_side = encounter.combatant(actor_id).side
        candidates = [c for c in candidates if c.side != actor_side]
    if action.uses_weapon and reach_of(weapon) is not None:
        reachable = [c for c in candidates if target_reach(encounter, actor_id, c.id, weapon)[1]]
        candidates = reachable or candidates
    ids = [c.id for c in candidates]
    if selected in ids:
        return selected
    return ids[0] if ids else None


def default_attribute(sheet: Sheet, action: ActionKind, weapon: Weapon | None) -> Attribute | None:
    """The attribute a check of this kind is usually based on for this sheet."""
    if isinstance(weapon, MonsterAttack):
        return None
    prime = sheet.prime if isinstance(sheet, CharacterSheet) else None
    if action in (ActionKind.CHANGE_RANGE, ActionKind.DEFEND):
        return Attribute.DEX
    if action is ActionKind.SPELL:
        return prime if prime in (Attribute.INT, Attribute.WIS, Attribute.CHA) else Attribute.INT
    if action is ActionKind.ATTACK:
        if isinstance(weapon, Item) and weapon.mental:
            return Attribute.CHA
        derived = derive(sheet)
        strength, dexterity = derived["check.STR"].value, derived["check.DEX"].value
        return Attribute.DEX if dexterity > strength else Attribute.STR
    return prime or Attribute.STR


def default_resistance(
    encounter: Encounter, action: ActionKind, weapon: Weapon | None, target_id: str | None
) -> ResistanceChoice:
    """AC for attacks, a difficulty for spells and help, WIS (spotting) for sneaking.

    A surprised target rolls its resistance; spells need concentration once rounds begin.
    """
    rolled = is_surprised(encounter, target_id)
    if target_id is not None and action in (ActionKind.ATTACK, ActionKind.CHANGE_RANGE):
        if action is ActionKind.CHANGE_RANGE:
            rule = encounter.options.change_range_resistance
            if rule is RangeResistance.DEFENCE:
                return ResistanceChoice(kind=ResistanceKind.AC, rolled=rolled)
            attribute = Attribute.STR if rule is RangeResistance.BLOCKING else Attribute.WIS
            return ResistanceChoice(
                kind=ResistanceKind.ATTRIBUTE, attribute=attribute, rolled=rolled
            )
        if isinstance(weapon, MonsterAttack) and weapon.resisted_by != "AC":
            if weapon.resisted_by == "difficulty":
                return ResistanceChoice(kind=ResistanceKind.DIFFICULTY)
            return ResistanceChoice(
                kind=ResistanceKind.ATTRIBUTE,
                attribute=Attribute(weapon.resisted_by),
                rolled=rolled,
            )
        if isinstance(weapon, Item) and weapon.mental:
            return ResistanceChoice(
                kind=ResistanceKind.ATTRIBUTE, attribute=Attribute.WIS, rolled=rolled
            )
        return ResistanceChoice(kind=ResistanceKind.AC, rolled=rolled)
    if action is ActionKind.SPELL:
        concentration = (
            Concentration.DANGEROUS if encounter.phase == "rounds" else Concentration.SAFE
        )
        level = weapon.level if isinstance(weapon, Spell) else 0
        return ResistanceChoice(
            kind=ResistanceKind.DIFFICULTY,
            difficulty=10,
            concentration=concentration,
            spell_level=level,
        )
    return ResistanceChoice(kind=ResistanceKind.DIFFICULTY, difficulty=10)


_RANGE_REASONS = {
    RangeResistance.SPOTTING: "WIS: {name} must spot the manoeuvre",
    RangeResistance.BLOCKING: "STR: {name} tries to block the way",
    RangeResistance.DEFENCE: "AC: {name} defends as against an attack",
}


def resistance_reason(
    encounter: Encounter, action: ActionKind, weapon: Weapon | None, target_id: str | None
) -> str:
    """Why the default resistance is what it is, in one line ('' when it goes without
    saying: AC against an attack, a difficulty for a spell)."""
    if target_id is None:
        return ""
    name = encounter.combatant(target_id).name
    if action is ActionKind.CHANGE_RANGE:
        rule = encounter.options.change_range_resistance
        return (
            f"Against {_RANGE_REASONS[rule].format(name=name)} (table rule). "
            "No damage: the points move."
        )
    if (
        action is ActionKind.ATTACK
        and isinstance(weapon, MonsterAttack)
        and weapon.resisted_by != "AC"
    ):
        return f"Against {weapon.resisted_by}: {weapon.name}'s stat block names it."
    return ""


def is_help(condition: Condition) -> bool:
    """A bonus a helper granted (see
    :func:`m3desk.systems.monsters_and_magic.spending.help_condition`)."""
    return condition.help


def _mentions_resisting(condition: Condition, attribute: Attribute | None) -> bool:
    scope = f" {condition.scope.casefold()} "
    if attribute is not None and attribute.value.casefold() in scope.split():
        return True
    return any(word in scope for word in _RESISTING_WORDS)


def ticked_by_default(
    encounter: Encounter, actor_id: str, target_id: str | None, resistance: ResistanceChoice
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Ids of the actor's and the target's conditions that count, before the GM says otherwise.

    The actor's: those in force on its checks (help meant for a resistance excepted). The
    target's: those in force on its defence, but only when it resists with AC or an
    attribute: a difficulty or the GM's number is not the target's defence.
    """
    actor_in_force = conditions_in_force(encounter, actor_id, actor_id)
    actor_ids = tuple(
        c.id for c in on_checks(actor_in_force) if not (is_help(c) and _mentions_resisting(c, None))
    )
    if target_id is None or resistance.kind not in (ResistanceKind.AC, ResistanceKind.ATTRIBUTE):
        return actor_ids, ()
    attribute = resistance.attribute if resistance.kind is ResistanceKind.ATTRIBUTE else None
    target_in_force = conditions_in_force(encounter, target_id, actor_id)
    target_ids = tuple(
        c.id
        for c in on_defence(target_in_force)
        if not is_help(c) or _mentions_resisting(c, attribute)
    )
    return actor_ids, target_ids
