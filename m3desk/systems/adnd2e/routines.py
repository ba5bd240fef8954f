"""An AD&D monster's routines in the action dialog: "claw/claw/bite or by weapon" offers each
routine ("Routine 1", "Routine 2") as one action that makes every attack of it at one target,
each with its own d20 and damage dice, priced and rolled by the very functions a single
attack uses (:func:`m3desk.systems.adnd2e.attack_plan._plan`, ``_resolve_attack``); the forecast
makes one routine a round from the same attacks (:mod:`m3desk.systems.adnd2e.forecast`).
"""

from __future__ import annotations

from fractions import Fraction

from m3desk.core import encounter as core
from m3desk.core.actions import Action
from m3desk.core.names import visible_name
from m3desk.core.numbers import percent
from m3desk.core.routines import routine_action
from m3desk.core.system import ActionOption, ActionOutcome, ActionPreview
from m3desk.systems.adnd2e import combat, effects
from m3desk.systems.adnd2e.attack_plan import _attack_options, _modifier, _plan, _resolve_attack
from m3desk.systems.adnd2e.encounter import AdndCombatant, AdndEncounter, _combatant, attacks_of
from m3desk.systems.adnd2e.option_rules import attack_rule
from m3desk.systems.adnd2e.sheet import MonsterAttack, MonsterSheet

__all__ = ["preview_routine", "resolve_routine", "routine_options"]


def _routines(sheet: MonsterSheet) -> tuple[tuple[MonsterAttack, ...], ...]:
    """The attacks grouped by routine number, in the order of the numbers."""
    numbers = sorted({a.routine for a in sheet.attacks})
    return tuple(tuple(a for a in sheet.attacks if a.routine == n) for n in numbers)


def _words(sheet: MonsterSheet, routine: tuple[MonsterAttack, ...]) -> str:
    """ "2 × claw (1d3 + paralysis), 1 × bite (1d6)", as the books write a routine."""
    return ", ".join(
        f"{a.count} × {visible_name(a.name) or 'attack'} ("
        + (
            " + ".join(p for p in (str(a.damage) if a.damage is not None else "", a.effect) if p)
            or "no damage"
        )
        + ")"
        for a in routine
    )


def routine_options(encounter: AdndEncounter, combatant: AdndCombatant) -> list[ActionOption]:
    """Each routine of a monster with more than one, or with more than one attack, as one
    action: its attacks' dice in turn ("#1 claw d20", "#1 damage", "#2 claw d20" …)."""
    sheet = combatant.sheet
    if not isinstance(sheet, MonsterSheet):
        return []
    routines = _routines(sheet)
    attacks = attacks_of(sheet, encounter.options)
    found = []
    for number, routine in enumerate(routines, start=1):
        if len(routines) == 1 and sum(a.count for a in routine) == 1:
            continue
        dice = []
        blow = 0
        for attack in routine:
            index = sheet.attacks.index(attack)
            single = _attack_options(attacks[index], index, "attack", "", None, encounter.options)[
                0
            ]
            for _ in range(attack.count):
                blow += 1
                word = (attack.name.split() or ["attack"])[-1][:12]
                if word.isdigit():  # "attack 2": the whole name
                    word = attack.name[:12]
                dice += [
                    spec._replace(
                        label=f"#{blow} "
                        + (word if spec.label == "attack" else spec.label.replace("damage", "dmg"))
                    )
                    for spec in single.dice
                ]
        found.append(
            ActionOption(
                routine_action(number),
                f"Routine {number}: {_words(sheet, routine)}",
                dice=tuple(dice),
                group="attack",
                help="Every attack of the routine, at one target; a monster makes one routine "
                "a round.",
            )
        )
    return found


def _blows(sheet: MonsterSheet, number: int) -> list[int]:
    """The attacks of routine ``number`` in turn, each as often as it is made."""
    routines = _routines(sheet)
    if not 1 <= number <= len(routines):
        return []
    return [sheet.attacks.index(a) for a in routines[number - 1] for _ in range(a.count)]


def preview_routine(
    encounter: AdndEncounter, actor: str, number: int, target: str | None
) -> ActionPreview:
    """Each attack's chance to hit and average damage, as its own preview gives them."""
    sheet = _combatant(encounter, actor).sheet
    assert isinstance(sheet, MonsterSheet)
    blows = _blows(sheet, number)
    if not blows:
        return ActionPreview(problem="That routine is no longer on the sheet.")
    lines, average = [], Fraction(0)
    spared: dict[str, Fraction] = {}
    """Per condition, the chance no blow of the routine inflicts it."""
    caused: list[str] = []
    """Each blow's effect in words ("" for none)."""
    for blow, index in enumerate(blows, start=1):
        plan = _plan(encounter, actor, Action("attack", index, variant="any"), target)
        if isinstance(plan, str):
            return ActionPreview(problem=plan)
        rule = attack_rule(encounter.options)
        chance = rule.chance(_modifier(plan), plan.need)
        outcomes = combat.attack_outcomes(
            _modifier(plan),
            plan.thac0,
            plan.armour,
            plan.dice,
            plan.bonus,
            double=plan.double,
            rule=rule,
        )
        mean = (
            Fraction(0)
            if plan.attack.harmless
            else sum((damage * p for damage, p in outcomes.items()), Fraction(0))
        )
        average += mean
        damage = (
            "no damage"
            if plan.attack.harmless
            else f"{plan.dice} (average {float(mean / chance if chance else 0):.1f})"
        )
        line = f"#{blow} {plan.attack.name}: needs {plan.need}, hits {percent(chance)}, {damage}"
        caused.append(
            effects.effect_preview(
                encounter, plan.target, plan.attack, encounter.options
            ).removeprefix("On a hit: ")
        )
        lines.append(line)
        for condition, p in effects.effect_outcomes(
            encounter, plan.target, plan.attack, chance, encounter.options
        ):
            spared[condition] = spared.get(condition, Fraction(1)) * (1 - p)
    if len(set(caused)) == 1 and caused[0]:  # every blow alike: said once
        lines.append(f"Each hit: {caused[0]}")
    else:
        lines = [
            f"{line}; {words}" if words else line for line, words in zip(lines, caused, strict=True)
        ]
    if average:
        lines.append(f"Average damage of the routine: {float(average):.1f}")
    return ActionPreview(
        lines=tuple(lines),
        outcomes=tuple(
            (f"{condition} (at least once)", 1 - left) for condition, left in spared.items()
        ),
    )


def resolve_routine(
    encounter: AdndEncounter, actor: str, number: int, target: str | None, faces: tuple[int, ...]
) -> ActionOutcome:
    """Every attack of the routine at one target from ``faces`` in the order of its dice;
    attacks left when the target is out of the fight (down, or paralysed by a blow) are not
    made."""
    combatant = _combatant(encounter, actor)
    sheet = combatant.sheet
    assert isinstance(sheet, MonsterSheet)
    blows = _blows(sheet, number)
    attacks = attacks_of(sheet, encounter.options)
    after: core.Encounter = encounter
    summaries: list[str] = []
    notices: list[str] = []
    at = 0
    for index in blows:
        width = len(
            _attack_options(attacks[index], index, "attack", "", None, encounter.options)[0].dice
        )
        part = faces[at : at + width]
        at += width
        assert target is not None
        if after.out_of_fight(_combatant(after, target)):  # down, or paralysed …
            continue
        plan = _plan(after, actor, Action("attack", index, variant="any"), target)
        if isinstance(plan, str):
            raise ValueError(plan)
        outcome = _resolve_attack(_combatant_encounter(after), _combatant(after, actor), plan, part)
        after = outcome.encounter
        summaries.append(outcome.summary)
        notices += [n for n in outcome.notices if n not in notices]
    # one log line for the routine, as a round's blows are read out together
    assert target is not None
    name, foe = combatant.name, _combatant(encounter, target).name
    lead = f"{name} attacks {foe} with the "
    made = after.log[len(encounter.log) :]
    laid = {f"{foe}: {c.name}" for c in _combatant(after, target).conditions}
    texts = [
        entry.text.removeprefix(lead)
        for entry in made  # not the condition a blow named
        if entry.text not in laid
    ]
    record = f"{name} attacks {foe}: " + "; ".join(texts)
    log = core.add_log(encounter, record, actor=actor, target=target).log
    after = after.model_copy(update={"log": log})
    summary = f"{name} attacks {foe}: " + "; ".join(s.removeprefix(lead) for s in summaries)
    return ActionOutcome(after, summary, notices=tuple(notices))


def _combatant_encounter(encounter: core.Encounter) -> AdndEncounter:
    assert isinstance(encounter, AdndEncounter)
    return encounter
