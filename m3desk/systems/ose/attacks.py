"""A monster's attacks in OSE: its routines, their damage and the effects a hit causes.

The rules of an effect live here once, for the action dialog, the tracker and the forecast:
which saving throw it calls for (paralysis and petrification: save vs paralysis; charm: vs
spells; poison: vs death; energy drain: none, a hit drains), the exact chance the target
fails it, and the condition a failed save leaves (:data:`m3desk.core.routines.EFFECTS`): a
paralysed, petrified or charmed combatant is out of the fight, a poisoned one dies.
"""

from __future__ import annotations

from fractions import Fraction

from m3desk.core import encounter as core
from m3desk.core.routines import EFFECTS, Damage, Effect, routines_of
from m3desk.core.system import ConditionSpec
from m3desk.systems.ose.derive import derive
from m3desk.systems.ose.options import OseOptions
from m3desk.systems.ose.sheet import CharacterSheet, MonsterAttack, MonsterSheet, Weapon
from m3desk.systems.ose.tables import Save

__all__ = ["CONDITIONS", "EFFECT_SAVES", "afflicted", "apply_effect", "attack_damage",
           "effect_of", "fail_chance", "monster_routines", "save_target", "weapon_damage_of"]

EFFECT_SAVES: dict[str, Save | None] = {
    "paralysis": Save.PARALYSIS, "petrification": Save.PARALYSIS, "charm": Save.SPELLS,
    "poison": Save.DEATH, "energy drain": None}
"""The saving throw each effect calls for; None: no save, a hit is enough."""

CONDITIONS = tuple(ConditionSpec(e.key, e.condition, e.help) for e in EFFECTS.values())
"""The conditions the effects leave, as the tracker's condition picker offers them."""

_OUT = frozenset(e.key for e in EFFECTS.values() if e.out_of_fight)


def effect_of(attack: MonsterAttack) -> Effect | None:
    """The effect with rules behind it that a hit of ``attack`` causes, if any."""
    return EFFECTS.get(attack.effect)


def monster_routines(sheet: MonsterSheet) -> tuple[tuple[MonsterAttack, ...], ...]:
    """The monster's routines, each the attacks made together in a round."""
    return routines_of(sheet.attacks)


def attack_damage(sheet: CharacterSheet | MonsterSheet, index: int,
                  weapon: Weapon) -> Damage | None:
    """The damage an attack rolls: a monster's as its stat block prints it (None: none),
    a character's weapon die (see :func:`weapon_damage_of`)."""
    if isinstance(sheet, MonsterSheet):
        return sheet.attacks[index].damage if 0 <= index < len(sheet.attacks) else None
    return weapon_damage_of(weapon)


def weapon_damage_of(weapon: Weapon) -> Damage:
    die = weapon.damage
    return Damage(((die.count, die.sides),) if die.count else (), die.bonus)


def save_target(sheet: CharacterSheet | MonsterSheet, effect: Effect,
                options: OseOptions | None = None) -> int | None:
    """The d20 the target needs to resist ``effect``; None when no save is allowed."""
    save = EFFECT_SAVES.get(effect.key)
    if save is None:
        return None
    return derive(sheet, options)[f"save.{save.value}"].value


def fail_chance(target: int | None) -> Fraction:
    """The exact chance a d20 save against ``target`` fails (1 when no save is allowed)."""
    if target is None:
        return Fraction(1)
    return Fraction(max(0, min(20, target - 1)), 20)


def afflicted(combatant: core.Combatant) -> bool:
    """A condition that takes the bearer out of the fight (paralysed, petrified, charmed)."""
    return any(c.condition in _OUT for c in combatant.conditions)


def apply_effect(encounter: core.E, target: str, effect: Effect) -> core.E:
    """The condition a failed save (or an unresisted hit) leaves; poison also kills."""
    bearer = encounter.combatant(target)
    if effect.lethal:
        sheet = bearer.sheet
        dead = sheet.model_copy(update={"hit_points": min(0, sheet.hit_points)})
        encounter = core.replace_sheet(encounter, target, dead)
    if any(c.condition == effect.key for c in bearer.conditions):
        return encounter
    return core.add_condition(encounter, target, core.ConditionState(
        condition=effect.key, name=effect.condition))
