"""The OSE action dialog's actions: what a combatant is offered (attacks, routines, back-stabs,
moves, spells, saves, morale), each previewed with its exact odds and resolved from the dice
through :mod:`m3desk.systems.ose.strikes`; every action an :class:`~m3desk.core.actions.Action`
read by its fields.
"""

from __future__ import annotations

from fractions import Fraction

from m3desk.core import encounter as core
from m3desk.core.numbers import percent
from m3desk.core.routines import ROUTINE_ACTION, routine_action
from m3desk.core.spell_range import out_of_range
from m3desk.core.system import Action, ActionOption, ActionOutcome, ActionPreview, DiceSpec
from m3desk.systems.ose import combat, moves
from m3desk.systems.ose import round as rnd
from m3desk.systems.ose.attacks import afflicted, effect_of, monster_routines
from m3desk.systems.ose.derive import derive
from m3desk.systems.ose.encounter import FEET, MELEE_FEET, OseEncounter
from m3desk.systems.ose.option_rules import reload_rule
from m3desk.systems.ose.sheet import CharacterSheet, MonsterAttack, MonsterSheet, Weapon
from m3desk.systems.ose.strikes import _acted, _spent, _strike, _strike_preview
from m3desk.systems.ose.tables import OseClass, Save
from m3desk.systems.ose.weaponry import (
    _SAVE_TITLES,
    _attack_dice,
    _attack_label,
    _c,
    _damage_die,
    _e,
    _monster_attack,
    _options,
    _routine_dice,
    _routine_label,
    _uses_words,
    _weapons,
    reloads,
)

# -- actions --------------------------------------------------------------------------


def _actions(encounter: core.Encounter, actor: str) -> tuple[ActionOption, ...]:
    combatant = _c(encounter, actor)
    sheet, options = combatant.sheet, _options(encounter)
    found = []
    if isinstance(sheet, MonsterSheet):
        routines = monster_routines(sheet)
        for number, routine in enumerate(routines, start=1):
            if len(routines) > 1 or sum(a.count for a in routine) > 1:
                label = _routine_label(routine)
                if daily := _uses_words(combatant, routine):
                    label = f"{label[:-1]}; {daily[2:]}" if label.endswith(")") else label + daily
                found.append(
                    ActionOption(
                        routine_action(number),
                        f"Routine {number}: {label}",
                        dice=_routine_dice(sheet, routine, options),
                        group="attack",
                        help="Every attack of the routine, at one target; a monster uses one "
                        "routine a round.",
                    )
                )
    for index, weapon in enumerate(_weapons(sheet)):
        dice = _attack_dice(sheet, index, weapon, options)
        attack = _monster_attack(sheet, index)
        daily = _uses_words(combatant, (attack,)) if attack is not None else ""
        found.append(
            ActionOption(
                Action("attack", index),
                _attack_label(sheet, index, weapon) + daily,
                dice=dice,
                group="attack",
            )
        )
        if (
            isinstance(sheet, CharacterSheet)
            and sheet.char_class == OseClass.THIEF
            and weapon.melee
        ):
            found.append(
                ActionOption(
                    Action("backstab", index),
                    f"Back-stab with {weapon.name}",
                    dice=dice,
                    group="manoeuvre",
                    help="An unaware foe, from behind: +4 to hit, damage doubled.",
                )
            )
    found += moves.movement_actions(encounter, actor)
    if isinstance(sheet, CharacterSheet):
        for index, spell in enumerate(sheet.spells):
            if not spell.cast:
                reach = "" if not spell.range else f" Range {spell.range} ft."
                found.append(
                    ActionOption(
                        Action("cast", index),
                        f"Cast {spell.name}",
                        needs_target=bool(spell.range),
                        group="spell",
                        help="Declared before initiative; the caster's "
                        "only action, no movement, voice, hands and "
                        f"line of sight.{reach}",
                    )
                )
    for save in Save:
        found.append(
            ActionOption(
                Action("save", variant=save.value),
                f"Save vs {_SAVE_TITLES[save]}",
                needs_target=False,
                dice=(DiceSpec(1, 20, "save"),),
            )
        )
    if isinstance(sheet, MonsterSheet):
        for adjustment, label in ((0, ""), (-1, ", losing −1"), (1, ", winning +1")):
            found.append(
                ActionOption(
                    Action("morale", variant="side", amount=adjustment),
                    f"Morale check for the {combatant.side}{label}",
                    needs_target=False,
                    dice=(DiceSpec(2, 6, "morale"),),
                )
            )
        found.append(
            ActionOption(
                Action("morale", variant="self"),
                f"Morale check for {combatant.name} alone",
                needs_target=False,
                dice=(DiceSpec(2, 6, "morale"),),
            )
        )
    return tuple(found)


def _weapon_of(encounter: core.Encounter, actor: str, action: Action) -> Weapon:
    return _weapons(_c(encounter, actor).sheet)[_index(action)]


def _index(action: Action) -> int:
    """The sheet's weapon, spell or routine the action uses."""
    if action.index is None:
        raise ValueError(f"The action {action} names no weapon, spell or routine.")
    return action.index


def _preview(
    encounter: core.Encounter, actor: str, action: Action, target: str | None
) -> ActionPreview:
    kind = action.kind
    if kind == "move":
        return moves.preview_move(encounter, actor, action, target)
    if kind in ("attack", "backstab", ROUTINE_ACTION):
        return _attack_preview(encounter, actor, action, target)
    if kind == "cast":
        problem = _cast_problem(encounter, actor, _index(action), target)
        return ActionPreview(
            lines=("The spell takes effect; its target must be in sight.",), problem=problem
        )
    if kind == "save":
        value = derive(_c(encounter, actor).sheet, _options(encounter))[
            f"save.{Save(action.variant).value}"
        ]
        chance = Fraction(max(0, min(20, 21 - value.value)), 20)
        return ActionPreview(
            lines=(f"d20 ≥ {value.value} ({value.explanation()})",), success=chance
        )
    return _morale_preview(encounter, actor, action)


def _attack_preview(
    encounter: core.Encounter, actor: str, action: Action, target: str | None
) -> ActionPreview:
    if target is None:
        return ActionPreview(problem="Choose a target.")
    kind, index = action.kind, _index(action)
    if kind == ROUTINE_ACTION:
        return _routine_preview(encounter, actor, index, target)
    weapon = _weapon_of(encounter, actor, action)
    found = _strike_preview(encounter, actor, index, weapon, target, backstab=kind == "backstab")
    if isinstance(found, str):
        return ActionPreview(problem=found)
    lines, hit, kill, _mean, takes, spread = found
    target_c = _c(encounter, target)
    outcomes: tuple[tuple[str, Fraction], ...] = ()
    if not combat.down(target_c.sheet.hit_points):
        sheet = _c(encounter, actor).sheet
        attack = _monster_attack(sheet, index)
        if _damage_die(sheet, index, weapon, _options(encounter)) is not None or (
            attack is not None and attack.own_hit_points
        ):
            outcomes = ((f"{target_c.name} killed", hit * kill),)
        effect = effect_of(attack) if attack is not None else None
        if effect is not None:
            outcomes += ((f"{target_c.name} {effect.condition.lower()}", hit * takes),)
    return ActionPreview(lines=tuple(lines), success=hit, outcomes=outcomes, spread=spread)


def _routine_attacks(sheet: MonsterSheet, number: int) -> tuple[MonsterAttack, ...]:
    routines = monster_routines(sheet)
    return routines[number - 1] if 1 <= number <= len(routines) else ()


def _routine_preview(
    encounter: core.Encounter, actor: str, number: int, target: str
) -> ActionPreview:
    sheet = _c(encounter, actor).sheet
    assert isinstance(sheet, MonsterSheet)
    lines: list[str] = []
    average = Fraction(0)
    spared: dict[str, Fraction] = {}
    """Per condition, the chance no attack of the routine inflicts it."""
    for attack in _routine_attacks(sheet, number):
        index = sheet.attacks.index(attack)
        found = _strike_preview(encounter, actor, index, Weapon(name=attack.name), target)
        if isinstance(found, str):
            return ActionPreview(problem=found)
        parts, hit, _kill, mean, takes, _each = found
        die = _damage_die(sheet, index, Weapon(name=attack.name), _options(encounter))
        if attack.breath:
            words = [
                f"{attack.count} × {attack.name}: {parts[0].removeprefix('Breath: ')}",
                *(
                    part[:1].lower() + part[1:] if part.startswith(("Damage", "No ")) else part
                    for part in parts[1:]
                ),
            ]
        else:
            words = [
                f"{attack.count} × {attack.name}: hits {percent(hit)}",
                f"{die} (average {float(mean):.1f})"
                if die is not None
                else "no damage"
                if attack.effect
                else "no damage given (see its description)",
            ]
            words += [part.removeprefix("On a hit: ") for part in parts[2:]]
        lines.append("; ".join(words))
        average += attack.count * hit * mean
        effect = effect_of(attack)
        if effect is not None and takes:
            spared[effect.condition] = (
                spared.get(effect.condition, Fraction(1)) * (1 - hit * takes) ** attack.count
            )
    if average:
        lines.append(f"Average damage of the routine: {float(average):.1f}")
    foe = _c(encounter, target).name
    outcomes = tuple(
        (f"{foe} {condition.lower()} (at least once)", 1 - left)
        for condition, left in spared.items()
    )
    return ActionPreview(lines=tuple(lines), outcomes=outcomes)


def _cast_problem(
    encounter: core.Encounter, actor: str, index: int, target: str | None = None
) -> str:
    combatant = _c(encounter, actor)
    sheet = combatant.sheet
    assert isinstance(sheet, CharacterSheet)
    spell = sheet.spells[index]
    if spell.cast:
        return f"{spell.name} has been cast already."
    if combatant.declared != "cast a spell" or combatant.spell != spell.name:
        return f"{combatant.name} did not declare {spell.name} before initiative."
    if combatant.acted:
        return f"{combatant.name} has acted: a spell is the caster's only action."
    if target is not None:  # the creature aimed at (or at the heart of an area)
        return out_of_range(
            spell.name,
            spell.range,
            core.position_between(encounter, actor, target),
            MELEE_FEET,
            FEET.unit,
            _c(encounter, target).name,
        )
    return ""


def _morale_preview(encounter: core.Encounter, actor: str, action: Action) -> ActionPreview:
    combatant = _c(encounter, actor)
    scope, adjust = action.variant, action.amount
    base = rnd.morale_of(combatant)
    if base == 12:
        return ActionPreview(problem="ML 12: never checks morale; fights to the death.")
    ml = base if base == 2 else max(2, min(12, base + int(adjust)))
    who = combatant.side if scope == "side" else combatant.name
    if ml == 2:
        return ActionPreview(
            lines=(f"{who}: ML 2 never fights: it flees (any roll).",), success=Fraction(0)
        )
    return ActionPreview(
        lines=(f"{who}: 2d6 ≤ ML {ml} holds, above it flees or surrenders",),
        success=rnd.morale_chance(ml),
    )


# -- resolving ------------------------------------------------------------------------


def _resolve(
    encounter: core.Encounter,
    actor: str,
    action: Action,
    target: str | None,
    faces: tuple[int, ...],
) -> ActionOutcome:
    preview = _preview(encounter, actor, action, target)
    if preview.problem:
        raise ValueError(preview.problem)
    kind = action.kind
    ose = _e(encounter)
    if kind == "move":
        return moves.resolve_move(ose, actor, action, target)
    if kind in ("attack", "backstab"):
        assert target is not None
        return _resolve_attack(ose, actor, action, target, faces)
    if kind == ROUTINE_ACTION:
        assert target is not None
        return _resolve_routine(ose, actor, _index(action), target, faces)
    if kind == "cast":
        return _resolve_cast(ose, actor, _index(action), target)
    if kind == "save":
        return _resolve_save(ose, actor, action, faces[0])
    scope, adjust = action.variant, action.amount
    after, text, notices = rnd.morale_check(
        ose, actor, sum(faces), adjust, whole_side=scope == "side", faces=faces
    )
    return ActionOutcome(after, text, notices=notices)


def _resolve_attack(
    encounter: OseEncounter, actor: str, action: Action, target: str, faces: tuple[int, ...]
) -> ActionOutcome:
    index = _index(action)
    weapon = _weapon_of(encounter, actor, action)
    struck = _strike(
        encounter,
        encounter,
        actor,
        index,
        weapon,
        target,
        faces,
        backstab=action.kind == "backstab",
    )
    after = _acted(struck.after, actor)
    attack = _monster_attack(_c(encounter, actor).sheet, index)
    if attack is not None:
        after = _spent(after, actor, (attack,))
    if reload_rule(encounter.options).marks_shot(reloads(weapon)):
        after = core.update_combatant(after, actor, reload_shot=encounter.round)
    return ActionOutcome(after, struck.summary, notices=struck.notices)


def _resolve_routine(
    encounter: OseEncounter, actor: str, number: int, target: str, faces: tuple[int, ...]
) -> ActionOutcome:
    """Every attack of the routine at one target, in one log line: what each needs once,
    then each attack's d20 and what it did."""
    sheet = _c(encounter, actor).sheet
    assert isinstance(sheet, MonsterSheet)
    after, at = encounter, 0
    briefs: list[str] = []
    notices: list[str] = []
    need = ""
    idle = 0
    for attack in _routine_attacks(sheet, number):
        index = sheet.attacks.index(attack)
        weapon = Weapon(name=attack.name)
        for _ in range(attack.count):
            width = len(_attack_dice(sheet, index, weapon, encounter.options))
            if combat.down(_c(after, target).sheet.hit_points) or afflicted(_c(after, target)):
                at += width
                idle += 1
                continue
            struck = _strike(
                encounter, after, actor, index, weapon, target, faces[at : at + width], log=False
            )
            at += width
            after = struck.after
            need = need or struck.need
            briefs.append(struck.brief)
            notices += [n for n in struck.notices if n not in notices]
    name, foe = _c(encounter, actor).name, _c(encounter, target).name
    if idle:
        briefs.append(f"{idle} more with {foe} out of the fight")
    record = (
        f"{name} attacks {foe}, needing {need}: " if need else f"{name} breathes on {foe}: "
    ) + "; ".join(briefs)
    # the routine's line first, then the conditions it placed (each logged as placed)
    placed = [after.log[n] for n in range(len(encounter.log), len(after.log))]
    log = core.add_log(encounter, record, actor=actor, target=target).log
    for entry in placed:
        log = log.appended(entry, core.MAX_LOG)
    after = _spent(after.model_copy(update={"log": log}), actor, _routine_attacks(sheet, number))
    return ActionOutcome(_acted(after, actor), record, notices=tuple(notices))


def _resolve_cast(
    encounter: OseEncounter, actor: str, index: int, target: str | None = None
) -> ActionOutcome:
    combatant = _c(encounter, actor)
    sheet = combatant.sheet
    assert isinstance(sheet, CharacterSheet)
    spells = list(sheet.spells)
    spells[index] = spells[index].model_copy(update={"cast": True})
    after = core.replace_sheet(encounter, actor, sheet.model_copy(update={"spells": tuple(spells)}))
    after = core.update_combatant(after, actor, declared="none", spell="")
    after = _acted(_e(after), actor)
    summary = f"{combatant.name} casts {spells[index].name}"
    if target is not None:
        summary += f" at {_c(encounter, target).name}"
    return ActionOutcome(core.add_log(after, summary, actor=actor, target=target), summary)


def _resolve_save(
    encounter: OseEncounter, actor: str, action: Action, natural: int
) -> ActionOutcome:
    combatant = _c(encounter, actor)
    save = Save(action.variant)
    value = derive(combatant.sheet, encounter.options)[f"save.{save.value}"].value
    saved = natural >= value
    summary = (
        f"{combatant.name} {'saves' if saved else 'fails to save'} vs "
        f"{_SAVE_TITLES[save]}: d20 {natural} against {value}"
    )
    after = core.add_log(encounter, summary, actor=actor)
    notices: list[str] = []
    if (
        not saved
        and combatant.declared == "cast a spell"
        and rnd.lost_initiative(encounter, actor, None)
    ):
        after, notice = rnd.disrupt(after, actor, "failed a saving throw")
        notices.append(notice)
    return ActionOutcome(after, summary, notices=tuple(notices))
