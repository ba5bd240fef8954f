"""An attack's or a check's plan before the dice: the Advantage, the terms, the exact odds.

What :mod:`~m3desk.systems.apparatus.actions` offers, previews and resolves is planned here:
the sources of Advantage between two combatants, the dice an attack or a Grapple, Shove or
sustain check rolls, and the attack's and the check's plans (problem, lines, odds) that the
dialog shows and the resolution rolls by. Built on
:mod:`~m3desk.systems.apparatus.action_basics`; it does not import the actions module.
"""

from __future__ import annotations

from typing import NamedTuple

from m3desk.core import encounter as core
from m3desk.core.numbers import signed
from m3desk.core.system import DiceSpec
from m3desk.systems.apparatus import combat, grapple
from m3desk.systems.apparatus.action_basics import ADJACENT as ADJACENT
from m3desk.systems.apparatus.action_basics import (
    Plan,
    _name,
    _standard_action_problem,
    _terms_text,
    weapons_of,
)
from m3desk.systems.apparatus.derive import derive
from m3desk.systems.apparatus.dialog_moves import _jump_plan as _jump_plan
from m3desk.systems.apparatus.option_rules import advantage_rule, defense_rule
from m3desk.systems.apparatus.sheet import Sheet, Weapon
from m3desk.systems.apparatus.state import (
    ApparatusEncounter,
    conditions_of,
    evade_counts,
    exhaustion_of,
    options_of,
    sheet_of,
    speed_now,
)


def _net(
    encounter: core.Encounter, actor: str, target: str, melee: bool, far: bool = False
) -> tuple[combat.Source, ...]:
    sheet = sheet_of(encounter, actor)
    options = options_of(encounter)
    adjacent = bool(core.foes_within(encounter, actor, ADJACENT))
    evading = evade_counts(
        isinstance(encounter, ApparatusEncounter) and target in encounter.evading,
        speed_now(encounter, target)[0],
    )
    return combat.advantage_sources(
        attacker=conditions_of(encounter, actor),
        target=conditions_of(encounter, target),
        exhaustion=exhaustion_of(encounter, actor),
        melee=melee,
        dual_wielding=melee and sheet.dual_wielding,
        adjacent_hostile=adjacent,
        far_range=far,
        target_evading=evading,
        static_defense=defense_rule(options).static,
    )


def _attack_dice(
    encounter: core.Encounter, actor: str, target: str, weapon: Weapon
) -> tuple[DiceSpec, ...]:
    melee = not weapon.ranged
    options = options_of(encounter)
    near, _far = weapon.ranges(options)
    far = weapon.ranged and core.position_between(encounter, actor, target) > near
    net = combat.net_advantage(_net(encounter, actor, target, melee, far))
    if _automatic_miss(encounter, target, net):
        return ()  # nothing to roll: the attack fails whatever the dice
    dice = [DiceSpec(combat.dice_count(net, options), 20, "attack")]
    if defense_rule(options).rolled:
        dice.append(
            DiceSpec(combat.dice_count(_defender_net(encounter, target), options), 20, "defence")
        )
    labels = ("damage", "extra damage")
    dice += [
        DiceSpec(d.count, d.sides, label)
        for d, label in zip(weapon.dice(), labels, strict=False)
        if d.count
    ]
    return tuple(dice)


def _automatic_miss(encounter: core.Encounter, target: str, net: int) -> bool:
    """Net Advantage −3 or worse fails outright when the table rule says so (an
    Incapacitated target is still hit: its automatic critical comes first)."""
    return (
        advantage_rule(options_of(encounter)).automatic(net)
        and net < 0
        and "incapacitated" not in conditions_of(encounter, target)
    )


def _defender_net(encounter: core.Encounter, target: str) -> int:
    evading = evade_counts(
        isinstance(encounter, ApparatusEncounter) and target in encounter.evading,
        speed_now(encounter, target)[0],
    )
    return 1 if evading else 0


def _check_dice(
    encounter: core.Encounter, actor: str, target: str, label: str
) -> tuple[DiceSpec, ...]:
    net = combat.net_advantage(_net(encounter, actor, target, True))
    return (DiceSpec(combat.dice_count(net, options_of(encounter)), 20, label),)


def _grapple_between(
    encounter: core.Encounter, grappler: str, target: str
) -> grapple.Grapple | None:
    if not isinstance(encounter, ApparatusEncounter):
        return None
    return next(
        (g for g in encounter.grapples if g.grappler == grappler and g.target == target), None
    )


def _advantage_lines(
    sources: tuple[combat.Source, ...], net: int, encounter: core.Encounter
) -> list[str]:
    listed = ", ".join(f"{s.label} {signed(s.value)}" for s in sources) or "none"
    line = f"Advantage: {listed} → net {signed(net)}"
    return [line + advantage_rule(options_of(encounter)).words(net)]


def _threshold(encounter: core.Encounter, actor: str) -> int:
    return derive(sheet_of(encounter, actor), options_of(encounter))["critical_threshold"].value


def _charmed_by(encounter: core.Encounter, actor: str, target: str) -> bool:
    return any(
        c.condition == "charmed" and c.source == target
        for c in encounter.combatant(actor).conditions
    )


class AttackPlan(NamedTuple):
    plan: Plan
    weapon: Weapon
    bonus: int
    defense: int
    net: int
    odds: combat.AttackOdds | None
    sources: tuple[combat.Source, ...] = ()
    terms: tuple[tuple[str, int], ...] = ()
    defense_label: str = "Defense"


def _free_problem(encounter: core.Encounter, actor: str, target: str, weapon: Weapon) -> str:
    """Why ``actor`` cannot make an opportunity attack at ``target`` now ("" if it can): one
    must be owed (the table rules make them due), and it is a melee attack."""
    if actor not in encounter.combatant(target).free_attacks:
        return f"{_name(encounter, actor)} has no opportunity attack at {_name(encounter, target)}."
    if weapon.ranged:
        return f"An opportunity attack is a melee attack: not with the {weapon.name}."
    return ""


def attack_terms(sheet: Sheet, weapon: Weapon, size_modifier: int) -> list[tuple[str, int]]:
    """The attack bonus, term by term (seed "Attack"): Might for a forceful weapon, else
    Agility, plus Combat Proficiency, minus the Size Modifier. The tracker, the dialog and
    the forecast all add these terms."""
    ability = (
        ("Might", sheet.abilities.might)
        if weapon.grip == "forceful"
        else ("Agility", sheet.abilities.agility)
    )
    return [
        ability,
        ("Combat Proficiency", sheet.combat_proficiency),
        ("Size Modifier", -size_modifier),
    ]


def _attack_plan(
    encounter: core.Encounter, actor: str, index: int, target: str, free: bool = False
) -> AttackPlan:
    """An attack (``free``: an opportunity attack owed at ``target``, made at once outside
    the turn, as it leaves the reach: no Standard Action spent, no reach measured)."""
    sheet, foe = sheet_of(encounter, actor), sheet_of(encounter, target)
    options = options_of(encounter)
    weapons = weapons_of(sheet)
    weapon = weapons[min(index, len(weapons) - 1)]
    metres = core.position_between(encounter, actor, target)
    near, far_range = weapon.ranges(options)
    far = weapon.ranged and metres > near
    sources = _net(encounter, actor, target, not weapon.ranged, far)
    net = combat.net_advantage(sources)
    mine, values = derive(sheet, options), derive(foe, options)
    terms = attack_terms(sheet, weapon, mine["size_modifier"].value)
    bonus = sum(value for _label, value in terms)
    defense = values["defense.guard"]
    problem = (
        _free_problem(encounter, actor, target, weapon)
        if free
        else _standard_action_problem(encounter, actor)
    ) or combat.barred(
        attacker=conditions_of(encounter, actor),
        target=conditions_of(encounter, target),
        charmed_by_target=_charmed_by(encounter, actor, target),
        ranged=weapon.ranged,
        beyond_far=metres > far_range and not free,
    )
    if not problem and not free and not weapon.ranged and metres > weapon.reach:
        problem = (
            f"{_name(encounter, target)} is {metres} m away; the {weapon.name} reaches "
            f"{weapon.reach} m."
        )
    incapacitated = "incapacitated" in conditions_of(encounter, target)
    threshold = _threshold(encounter, actor)
    rolled = defense_rule(options).rolled
    odds = combat.attack_odds(
        bonus,
        defense.value,
        net,
        options,
        incapacitated_target=incapacitated,
        threshold=threshold,
        defender_net=defense_rule(options).defender_net(_defender_net(encounter, target)),
    )
    against = (
        f"{defense.label} {defense.value}"
        if not rolled
        else f"the defender's 1d20 + {defense.value}"
    )
    need = defense.value - bonus
    lines = [
        f"1d20 {_terms_text(terms)} against {against}"
        + (f": needs {need} on the die" if not rolled else ""),
        *_advantage_lines(sources, net, encounter),
    ]
    extra = combat.crit_extra(weapon.dice())
    dice_text = " + ".join(str(d) for d in weapon.dice())
    lines.append(
        f"Damage {dice_text}; critical on {threshold}+: +{extra} (largest die's "
        "maximum); a critical roll that would miss hits for normal damage"
    )
    if incapacitated:
        lines.append("The target is Incapacitated: an automatic critical hit.")
    if far:
        lines.append(f"Far range ({near}–{far_range} m)")
    outcomes = [("Critical hit", odds.crit)]
    if odds.crit_normal:
        outcomes.append(("Critical roll, normal damage", odds.crit_normal))
    return AttackPlan(
        Plan(problem=problem, lines=tuple(lines), success=odds.hit, outcomes=tuple(outcomes)),
        weapon,
        bonus,
        defense.value,
        net,
        odds,
        tuple(sources),
        tuple(terms),
        defense.label,
    )


class CheckPlan(NamedTuple):
    plan: Plan
    bonus: int
    physique: int
    net: int
    sources: tuple[combat.Source, ...] = ()


def _reach_of(sheet: Sheet) -> int:
    return max((w.reach for w in weapons_of(sheet) if not w.ranged), default=1)


def _check_plan(
    encounter: core.Encounter, roller: str, target: str, kind: str, acting: str
) -> CheckPlan:
    """A Grapple, Shove or sustain check of ``roller`` against ``target``'s Physique
    Rating; ``acting`` is who spends the Standard Action."""
    sheet, foe = sheet_of(encounter, roller), sheet_of(encounter, target)
    options = options_of(encounter)
    mine, theirs = derive(sheet, options), derive(foe, options)
    in_reach = core.position_between(encounter, roller, target) <= _reach_of(sheet)
    barred = combat.barred(
        attacker=conditions_of(encounter, roller),
        target=conditions_of(encounter, target),
        charmed_by_target=_charmed_by(encounter, roller, target),
    )
    problem = _standard_action_problem(encounter, acting)
    if not problem and kind == "grapple":
        problem = grapple.grapple_requirements(
            attacker=sheet.size,
            target=foe.size,
            in_reach=in_reach,
            free_hand=not sheet.dual_wielding,
            barred=barred,
        )
    elif not problem and kind == "shove":
        problem = grapple.shove_requirements(
            attacker=sheet.size, target=foe.size, in_reach=in_reach, barred=barred
        )
    sources = _net(encounter, roller, target, True)
    net = combat.net_advantage(sources)
    check = mine["grapple"]
    physique = theirs["physique"].value
    threshold = _threshold(encounter, roller)
    odds = grapple.check_odds(check.value, physique, net, options, threshold=threshold)
    terms = [(t.label, t.value) for t in check.terms]
    lines = [
        f"{_name(encounter, roller)}: 1d20 {_terms_text(terms)} against Physique Rating "
        f"{physique}: needs {physique - check.value} on the die",
        *_advantage_lines(sources, net, encounter),
    ]
    return CheckPlan(
        Plan(
            problem=problem,
            lines=tuple(lines),
            success=odds["success"] + odds["critical"],
            outcomes=(("Critical success", odds["critical"]),),
        ),
        check.value,
        physique,
        net,
        tuple(sources),
    )
