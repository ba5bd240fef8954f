"""What an AD&D monster's hit causes besides damage: paralysis, petrification, poison, charm,
energy drain (issue 29).

The effects, their conditions and whether they take the bearer out of the fight are the core's
(:data:`m3desk.core.routines.EFFECTS`, the same definitions OSE uses); the chance a save fails
(:func:`m3desk.core.routines.fail_chance`) and the condition a failure leaves
(:func:`m3desk.core.routines.apply_effect`) too. What is AD&D's is said here once, for the
action dialog's preview and roll, the tracker's ``out_of_fight`` and the forecast alike: the
saving throw each effect calls for in the Player's Handbook's five categories (paralysation
and poison: PPD; petrification: PP; charm: Sp, with the target's Wisdom magical defence
adjustment; energy drain: none, a hit drains), and death at −10 hit points for a lethal
poison (dead with or without the death's door option).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Protocol

from m3desk.core import encounter as core
from m3desk.core.numbers import percent
from m3desk.core.routines import EFFECTS, Effect, afflicted, apply_effect, fail_chance
from m3desk.core.system import ActionOutcome, ConditionSpec, DiceSpec
from m3desk.systems.adnd2e.derive import derive
from m3desk.systems.adnd2e.options import AdndOptions
from m3desk.systems.adnd2e.sheet import CharacterSheet, MonsterSheet
from m3desk.systems.adnd2e.tables import Save

__all__ = [
    "CONDITIONS",
    "DEAD_AT",
    "EFFECT_SAVES",
    "afflicted",
    "effect_dice",
    "effect_of",
    "effect_outcomes",
    "effect_preview",
    "forecast_effect",
    "resolve_effect",
    "resolve_harmless",
    "save_need",
    "takes_hold",
]

EFFECT_SAVES: dict[str, Save | None] = {
    "paralysis": Save.PPD,
    "poison": Save.PPD,
    "petrification": Save.PP,
    "charm": Save.SP,
    "energy drain": None,
}
"""The saving throw each effect calls for (PHB Table 60's categories); None: no save."""
assert set(EFFECT_SAVES) == set(EFFECTS)

CONDITIONS = tuple(ConditionSpec(e.key, e.condition, e.help) for e in EFFECTS.values())
"""The conditions the effects leave, as the tracker's condition picker offers them."""

_SAVE_WORDS = {
    "paralysis": "paralyzation",
    "poison": "poison",
    "petrification": "petrification",
    "charm": "spell",
    "energy drain": "",
}
"""The save's own word for each effect, as PHB Table 60's categories name it."""

DEAD_AT = -10
"""A lethal effect's hit points: dead by the PHB (0 or fewer) and at death's door (−10)."""


class _Causes(Protocol):
    @property
    def effect(self) -> str: ...


def effect_of(attack: _Causes | None) -> Effect | None:
    """The effect with rules behind it that a hit of ``attack`` causes, if any."""
    return EFFECTS.get(attack.effect) if attack is not None else None


def save_need(
    sheet: CharacterSheet | MonsterSheet, effect: Effect, options: AdndOptions | None = None
) -> int | None:
    """The natural d20 the target needs to resist ``effect`` (its save, less its Wisdom
    adjustment against a charm, which is mind-affecting magic); None: no save allowed."""
    save = EFFECT_SAVES[effect.key]
    if save is None:
        return None
    values = derive(sheet, options)
    need = values[f"save.{save.value}"].value
    if effect.key == "charm" and "wis.magic" in values:
        need -= values["wis.magic"].value
    return need


def effect_dice(attack: _Causes | None, label: str = "save") -> tuple[DiceSpec, ...]:
    """The target's save d20 a hit of ``attack`` calls for (none: no effect, or no save)."""
    effect = effect_of(attack)
    if effect is None or EFFECT_SAVES[effect.key] is None:
        return ()
    return (DiceSpec(1, 20, label),)


def takes_hold(
    encounter: core.Encounter, target: str, attack: _Causes | None, options: AdndOptions
) -> Fraction:
    """The exact chance a hit's effect takes hold on ``target``: its save fails (1 with no
    save; 0 for an attack without an effect with rules)."""
    effect = effect_of(attack)
    if effect is None:
        return Fraction(0)
    return fail_chance(save_need(encounter.combatant(target).sheet, effect, options))


def _what(effect: Effect) -> str:
    return (
        effect.condition.lower()
        + (", out of the fight" if effect.out_of_fight else "")
        + (", dead" if effect.lethal else "")
    )


def effect_preview(
    encounter: core.Encounter, target: str, attack: _Causes | None, options: AdndOptions
) -> str:
    """The preview's line for a hit's effect: "On a hit: Rath saves vs paralyzation, poison,
    death magic on 9+ or is paralysed, out of the fight (fails 40 %)"; empty: none."""
    if attack is None or not attack.effect:
        return ""
    effect = effect_of(attack)
    if effect is None:
        return f"On a hit: {attack.effect} (as its description says; not applied)"
    foe = encounter.combatant(target).name
    need = save_need(encounter.combatant(target).sheet, effect, options)
    save = EFFECT_SAVES[effect.key]
    if need is None or save is None:
        return f"On a hit: {effect.key}, no save: {foe} is {_what(effect)}"
    return (
        f"On a hit: {foe} saves vs {_SAVE_WORDS[effect.key]} ({save.value}) on {need}+ "
        f"or is {_what(effect)} (fails {percent(fail_chance(need))})"
    )


def effect_outcomes(
    encounter: core.Encounter,
    target: str,
    attack: _Causes | None,
    hit: Fraction,
    options: AdndOptions,
) -> tuple[tuple[str, Fraction], ...]:
    """The preview's outcome of a hit's effect: "Rath paralysed" with the exact chance the
    attack hits and the save fails, from the rule :func:`resolve_effect` rolls by."""
    effect = effect_of(attack)
    if effect is None or getattr(encounter.combatant(target).sheet, "hit_points", 1) <= 0:
        return ()
    name = encounter.combatant(target).name
    return (
        (
            f"{name} {effect.condition.lower()}",
            hit * takes_hold(encounter, target, attack, options),
        ),
    )


def resolve_effect(
    encounter: core.E,
    target: str,
    attack: _Causes | None,
    save_face: int | None,
    options: AdndOptions,
) -> tuple[core.E, str]:
    """A hit's effect on ``target`` from its save's natural d20 (None: no save rolled): the
    condition on a failed save, and the words for the log ("; Rath is paralysed (d20 4
    against 9)"); nothing for a target already down."""
    if attack is None or not attack.effect:
        return encounter, ""
    effect = effect_of(attack)
    if effect is None:
        return encounter, f"; {attack.effect}: as its description says"
    bearer = encounter.combatant(target)
    if getattr(bearer.sheet, "hit_points", 1) <= 0:
        return encounter, ""
    need = save_need(bearer.sheet, effect, options)
    against = ""
    if need is not None and save_face is not None:
        against = f" (d20 {save_face} against {need})"
        if save_face >= need:
            return encounter, f"; {bearer.name} saves against the {effect.key}{against}"
    after = apply_effect(encounter, target, effect, dead_at=DEAD_AT)
    return after, f"; {bearer.name} is {effect.condition.lower()}{against}"


def forecast_effect(
    encounter: core.Encounter, target: str, attack: _Causes | None, options: AdndOptions
) -> tuple[float, int]:
    """A hit's effect as the forecast plays it: the chance the target's save fails and what a
    failure does (0 nothing it plays, 1 out of the fight, 2 dead), from :func:`takes_hold`."""
    effect = effect_of(attack)
    if effect is None or not (effect.out_of_fight or effect.lethal):
        return 0.0, 0
    return float(takes_hold(encounter, target, attack, options)), 2 if effect.lethal else 1


class _Named(_Causes, Protocol):
    @property
    def name(self) -> str: ...


def resolve_harmless(
    encounter: core.E,
    actor: str,
    verb: str,
    target: str,
    attack: _Named,
    roll: str,
    save_face: int | None,
    options: AdndOptions,
    notices: tuple[str, ...] = (),
) -> ActionOutcome:
    """A hit of an attack that deals no damage (a paralysing touch): its effect alone, one log
    line with the attack roll and the save."""
    name, foe = encounter.combatant(actor).name, encounter.combatant(target).name
    after, caused = resolve_effect(encounter, target, attack, save_face, options)
    summary = f"{name} {verb} {foe} with the {attack.name} and hits (no damage)"
    after = core.add_log(after, f"{summary}: {roll}{caused}", actor=actor, target=target)
    return ActionOutcome(after, summary + caused, notices=notices)
