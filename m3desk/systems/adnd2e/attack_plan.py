"""An AD&D 2e attack, planned and struck: which attack reaches (melee within 5', a missile
within its long range, a close or a charge walking in first), what it needs on the d20 and
why (THAC0, the target's armour, the modifiers by name), and the blow itself from the dice
(the attack roll, damage, a natural 20, the log line). The action dialog, a monster's
routines, a flight's free attacks and the forecast all plan and strike through these.
"""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

from m3desk.core import encounter as core
from m3desk.core import free_attacks
from m3desk.core.dice import DiceExpr
from m3desk.core.numbers import minus, percent, signed
from m3desk.core.system import Action, ActionOption, ActionOutcome, DiceSpec
from m3desk.core.terms import Term, rolled
from m3desk.systems.adnd2e import combat, effects
from m3desk.systems.adnd2e.derive import derive, weapon_damage_bonus, weapon_to_hit
from m3desk.systems.adnd2e.encounter import (
    LARGE,
    MELEE_FEET,
    AdndCombatant,
    AdndEncounter,
    Attack,
    _accrued,
    _combatant,
    _declaration,
    _enc,
    _foes,
    _options,
    _shots,
    _size,
    allowance,
    attacks_of,
    ranges_feet,
)
from m3desk.systems.adnd2e.moves import make_move
from m3desk.systems.adnd2e.option_rules import AttackRule, attack_rule, death_rule, rear_rule
from m3desk.systems.adnd2e.options import AdndOptions
from m3desk.systems.adnd2e.sheet import CharacterSheet


def _approach(encounter: core.Encounter, combatant: AdndCombatant) -> int:
    """How far a declared close or charge still lets the attacker move in before the blow."""
    if combatant.declared not in ("close", "charge"):
        return 0
    return max(0, allowance(encounter, combatant, combatant.declared) - combatant.moved)


def _mode(
    encounter: core.Encounter, combatant: AdndCombatant, attack: Attack, feet: int
) -> str | None:
    """ "melee", "missile", or None when the attack cannot reach."""
    if attack.melee and feet <= MELEE_FEET:
        return "melee"
    ranges = ranges_feet(attack, _options(encounter))
    if attack.missile and feet > MELEE_FEET and ranges and feet <= ranges[2]:
        return "missile"
    if attack.melee and feet <= MELEE_FEET + _approach(encounter, combatant):
        return "melee"
    return None


def _meets_charge(
    encounter: core.Encounter,
    combatant: AdndCombatant,
    attack: Attack,
    charger: AdndCombatant,
    feet: int,
) -> bool:
    """A weapon set against a charge strikes the charger as it arrives, at the setter's own
    count: the charger still within its charge of the setter comes in to meet the point."""
    return (
        attack.melee
        and attack.set_vs_charge
        and combatant.declared == "set"
        and charger.declared == "charge"
        and charger.side != combatant.side
        and not encounter.out_of_fight(charger)
        and feet <= MELEE_FEET + _approach(encounter, charger)
    )


def _armour(encounter: core.Encounter, combatant: AdndCombatant) -> tuple[int, str]:
    values = derive(combatant.sheet, _options(encounter))
    if combatant.declared == "charge":
        if isinstance(combatant.sheet, CharacterSheet):
            charging = values["ac.charging"]
            return charging.value, charging.explanation()
        return (
            values["ac"].value + 1,
            f"AC while charging {values['ac'].value + 1} = AC {values['ac'].value} + 1 worse",
        )
    return values["ac"].value, values["ac"].explanation()


def _attack_options(
    attack: Attack,
    index: int,
    kind: str,
    label: str,
    size: str | None,
    options: AdndOptions,
    fleer: str | None = None,
) -> list[ActionOption]:
    """The attack's actions of ``kind`` ("attack"; "free": at ``fleer``'s back), one per
    damage column that can apply."""

    def option(tag: str, dice: DiceExpr, suffix: str) -> ActionOption:
        spec: tuple[DiceSpec, ...] = (DiceSpec(1, 20, "attack"),)
        if dice.count:
            spec += (DiceSpec(dice.count, dice.sides, "damage"),)
        if dice.count and attack_rule(options).doubles:
            spec += (DiceSpec(dice.count, dice.sides, "on a natural 20"),)
        spec += effects.effect_dice(attack)  # the target's save against a hit's effect
        shown = (
            " + ".join(
                p for p in ("" if attack.harmless else f"{dice}{suffix}", attack.effect) if p
            )
            or "no damage"
        )
        return ActionOption(
            Action(kind, index, target=fleer, variant=tag),
            f"{label} {attack.name} ({shown})",
            needs_target=kind == "attack",
            dice=spec,
            group="attack",
            target=fleer,
        )

    if size is not None:
        return [option("any", attack.damage(size), "")]
    if attack.damage_sm == attack.damage_l:
        return [option("any", attack.damage_sm, "")]
    return [option("sm", attack.damage_sm, " vs S-M"), option("l", attack.damage_l, " vs L")]


class _Plan(NamedTuple):
    attack: Attack
    target: str
    dice: DiceExpr
    terms: tuple[Term, ...]
    need: int
    thac0: int
    armour: int
    armour_note: str
    double: bool
    double_reason: str
    approach: int
    counted: bool
    free: bool
    bonus: int
    met: int = 0
    """Feet the charger comes in to meet a weapon set against its charge."""
    bonus_terms: tuple[Term, ...] = ()
    """What ``bonus`` adds up, each by name (STR, magic, specialised)."""


def _situation_terms(
    combatant: AdndCombatant, defender: AdndCombatant, free: bool
) -> tuple[list[Term], bool]:
    """The attack modifiers of the attacker's and the defender's conditions (Table 51), and
    whether the blow is from the rear (a free attack at a back always is)."""
    terms = []
    for condition in combatant.conditions:
        for situation in combat.ATTACK_MODIFIERS:
            if situation.on == "attacker" and condition.condition == situation.id:
                terms.append(Term(label=situation.label, value=situation.modifier))
    rear = free
    for condition in defender.conditions:
        for situation in combat.ATTACK_MODIFIERS:
            if situation.on == "defender" and condition.condition == situation.id:
                if situation.id == "rear":
                    rear = True
                    continue
                terms.append(Term(label=situation.label, value=situation.modifier))
    if rear:
        terms.append(Term(label="rear attack", value=2))
    return terms, rear


def _armour_against(enc: AdndEncounter, defender: AdndCombatant, rear: bool) -> tuple[int, str]:
    """The defender's armour class against this blow and why it differs from its own."""
    options = enc.options
    values = derive(defender.sheet, options)
    armour, _tip = _armour(enc, defender)
    armour_note = "charging" if defender.declared == "charge" else ""
    if rear:
        rear_ac = values["ac.rear"].value if "ac.rear" in values else values["ac"].value
        if rear_ac > armour:
            armour, armour_note = rear_ac, f"from behind: {rear_rule(options).lost}"
    return armour, armour_note


def _doubled(
    attack: Attack, combatant: AdndCombatant, defender: AdndCombatant, mode: str | None
) -> tuple[bool, str]:
    """Whether the blow's damage dice are doubled, and why (a set spear against a charge, a
    lance in a charge)."""
    double, reason = False, ""
    if (
        attack.set_vs_charge
        and combatant.declared == "set"
        and defender.declared == "charge"
        and mode == "melee"
    ):
        double, reason = True, "set against the charge"
    if attack.double_on_charge and combatant.declared == "charge" and mode == "melee":
        double, reason = True, "lance in a charge"
    return double, reason


def _plan(encounter: core.Encounter, actor: str, action: Action, target: str | None) -> _Plan | str:
    enc = _enc(encounter)
    combatant = _combatant(enc, actor)
    options = enc.options
    free = action.kind == "free"
    tag = action.variant
    if free:
        target = action.target
        if target is None or actor not in _combatant(enc, target).free_attacks:
            return f"{combatant.name} has no free attack left at that back."
    elif target is None:
        return "Choose a target."
    attacks = attacks_of(combatant.sheet, options)
    index = action.index if action.index is not None else -1
    if not 0 <= index < len(attacks):
        return "That attack is no longer on the sheet."
    attack = attacks[index]
    defender = _combatant(enc, target)
    if defender.id == actor:
        return "A combatant does not attack itself."
    size = _size(defender.sheet)
    if tag == "sm" and size in LARGE:
        return f"{defender.name} is size {size}: use the L damage ({attack.damage_l})."
    if tag == "l" and size not in LARGE:
        return f"{defender.name} is size {size}: use the S-M damage ({attack.damage_sm})."
    declaration = _declaration(combatant)
    feet = core.position_between(enc, actor, target)
    mode = "melee" if free else _mode(enc, combatant, attack, feet)
    met = 0
    if not free and feet > MELEE_FEET and _meets_charge(enc, combatant, attack, defender, feet):
        mode, met = "melee", feet - MELEE_FEET  # braced, not thrown
    if not free:
        if declaration is not None and not declaration.may_attack:
            return f"{combatant.name} declared {declaration.label}: no attack this round."
        if mode is None:
            return f"{defender.name} is {feet} ft away: out of reach of the {attack.name}."
    terms = list(attack.to_hit)
    bonus_terms = attack.damage_bonus
    if mode == "missile" and isinstance(combatant.sheet, CharacterSheet):
        terms = list(_missile_terms(combatant.sheet, attack, index, options))
        bonus_terms = _missile_bonus(combatant.sheet, index, options)
    counted = False
    if mode == "missile":
        ranges = ranges_feet(attack, options)
        assert ranges is not None
        modifier = combat.missile_range_modifier(feet, ranges)
        assert modifier is not None
        if modifier:
            terms.append(
                Term(label="medium range" if modifier == -2 else "long range", value=modifier)
            )
        if declaration is not None and declaration.fires:
            shots, credit, rate = _shots(enc, combatant, attack)
            counted = True
            if shots < 1:
                rounds = int((1 - credit) / rate) + (1 if (1 - credit) % rate else 0)
                return (
                    f"{combatant.name} has no shot left this round ({attack.name} at "
                    f"{rate} a round{' on the move' if declaration.id == 'missile' else ''}"
                    f"; next shot in {rounds} round{'s' if rounds != 1 else ''})."
                )
    approach = max(0, feet - MELEE_FEET) if mode == "melee" and not free and not met else 0
    if combatant.declared == "charge" and mode == "melee" and not free:
        terms.append(Term(label="charging", value=2))
    situation, rear = _situation_terms(combatant, defender, free)
    terms += situation
    armour, armour_note = _armour_against(enc, defender, rear)
    thac0 = derive(combatant.sheet, options)["thac0"].value
    double, reason = _doubled(attack, combatant, defender, mode)
    return _Plan(
        attack,
        target,
        attack.damage(size),
        tuple(t for t in terms if t.value),
        combat.to_hit_number(thac0, armour),
        thac0,
        armour,
        armour_note,
        double,
        reason,
        approach,
        counted,
        free,
        sum(t.value for t in bonus_terms),
        met,
        tuple(t for t in bonus_terms if t.value),
    )


def _missile_terms(
    sheet: CharacterSheet, attack: Attack, index: int, options: AdndOptions
) -> tuple[Term, ...]:
    """A weapon both melee and thrown uses DEX (and STR, thrown) when it flies."""
    weapon = sheet.weapons[index]
    values = derive(sheet, options)
    if values[f"weapon.{index}.to_hit"].overridden or not weapon.melee:
        return attack.to_hit
    return tuple(weapon_to_hit(sheet, weapon, missile=True))


def _missile_bonus(sheet: CharacterSheet, index: int, options: AdndOptions) -> tuple[Term, ...]:
    weapon = sheet.weapons[index]
    damage = derive(sheet, options)[f"weapon.{index}.damage"]
    if damage.overridden:
        return (Term(label="set", value=damage.value),)
    if not weapon.melee:
        return damage.terms
    return tuple(weapon_damage_bonus(sheet, weapon, missile=True))


def _modifier(plan: _Plan) -> int:
    return sum(t.value for t in plan.terms)


def _describe(encounter: core.Encounter, actor: str, plan: _Plan) -> tuple[str, ...]:
    terms = " ".join(f"{t.label} {signed(t.value)}" for t in plan.terms)
    ac = f"AC {minus(plan.armour)}" + (f", {plan.armour_note}" if plan.armour_note else "")
    lines = [f"d20 {terms + ' ' if terms else ''}needs {plan.need} (THAC0 {plan.thac0} − {ac})"]
    dice = str(plan.dice) if not plan.double else f"{plan.dice} ×2 ({plan.double_reason})"
    bonus = f" {signed(plan.bonus)}" if plan.bonus else ""
    lines.append("No damage" if plan.attack.harmless else f"Damage {dice}{bonus}")
    if plan.approach:
        lines.append(f"Moves {plan.approach} ft in before the blow")
    if plan.met:
        charger = encounter.combatant(plan.target).name
        lines.append(f"Meets the {charger}'s charge: it comes {plan.met} ft in onto the point")
    return tuple(lines)


def _yet_to_act(encounter: AdndEncounter, combatant: AdndCombatant) -> bool:
    current = core.current_count(encounter)
    return (
        combatant.initiative is not None and current is not None and combatant.initiative > current
    )


def _close_in(encounter: AdndEncounter, mover: str, target: str) -> AdndEncounter:
    """``mover`` walks in to 5' of ``target`` before a blow (a close or a charge, or a charger
    meeting a set weapon) as a map drop there moves it (:func:`_make_move`): the place along
    the line, or the nearest free one beside the target when another stands there
    (:func:`core.closing_place`, as the forecast closes in), the feet counted against its
    allowance, and the same log line."""
    here, there = encounter.places.get(mover), encounter.places.get(target)
    if here is None or there is None:  # no places yet: put the pair 5' apart, unlogged
        return core.set_position(encounter, mover, target, MELEE_FEET, log=False)
    after, _text = make_move(
        encounter, mover, core.closing_place(encounter, mover, target, MELEE_FEET)
    )
    assert isinstance(after, AdndEncounter)
    return after


def _resolve_attack(
    encounter: AdndEncounter, combatant: AdndCombatant, plan: _Plan, faces: tuple[int, ...]
) -> ActionOutcome:
    actor = combatant.id
    defender = _combatant(encounter, plan.target)
    notices: list[str] = []
    after = encounter
    if plan.approach:
        after = _close_in(after, actor, plan.target)
    if plan.met:
        after = _close_in(after, plan.target, actor)
    if plan.counted:
        after = _accrued(after, actor)
        credit = _combatant(after, actor).fire_credit or Fraction(0)
        after = core.update_combatant(after, actor, fire_credit=credit - 1)
    if plan.free:
        after = free_attacks.settled(after, plan.target, actor)
    saving = bool(effects.effect_dice(plan.attack))
    natural, damage_faces = faces[0], tuple(faces[1 : len(faces) - saving])
    save_face = faces[-1] if saving and len(faces) > 1 else None
    modifier = _modifier(plan)
    options = encounter.options
    rule = attack_rule(options)
    hit = rule.hits(natural, modifier, plan.need)
    foe = defender.name
    verb = "charges" if combatant.declared == "charge" and plan.approach else "attacks"
    if plan.free:
        verb = "strikes at the back of"
    if combatant.declared == "charge" and plan.approach:
        setters = [
            c.name for c in _foes(after, combatant) if c.id == plan.target and c.declared == "set"
        ]
        if setters:
            notices.append(
                f"{setters[0]} has set a weapon against the charge: a hit on "
                f"{combatant.name} deals double damage."
            )
    roll = _attack_roll_text(plan, natural, hit, rule)
    if not hit:
        summary = f"{combatant.name} {verb} {foe} with the {plan.attack.name} and misses"
        after = core.add_log(after, f"{summary}: {roll}", actor=actor, target=plan.target)
        short = f"{summary} ({natural} {signed(modifier)} against {plan.need})"
        return ActionOutcome(after, short, notices=tuple(notices))
    if plan.attack.harmless:  # no damage: the hit's effect alone
        return effects.resolve_harmless(
            after, actor, verb, plan.target, plan.attack, roll, save_face, options, tuple(notices)
        )
    critical = rule.doubles_dice(natural)
    dice = combat.critical_dice(plan.dice) if critical else plan.dice
    damage = combat.roll_damage(
        dice,
        damage_faces[: dice.count],
        plan.bonus,
        double=plan.double,
        double_bonus=options.doubling_includes_bonuses,
    )
    sheet = defender.sheet
    hp = max(-99, sheet.hit_points - damage)
    after = core.replace_sheet(after, plan.target, sheet.model_copy(update={"hit_points": hp}))
    after, caused = effects.resolve_effect(after, plan.target, plan.attack, save_face, options)
    summary = f"{combatant.name} {verb} {foe} with the {plan.attack.name} and hits for {damage}"
    summary += rule.hit_words(natural)
    if rule.extra_on(natural):
        notices.append(
            f"Natural 20: {combatant.name} makes an extra attack at once, and "
            "again on each further 20."
        )
    if plan.double:
        summary += f" (double: {plan.double_reason})"
        notices.append(f"Double damage, {plan.double_reason}: {damage}.")
    damage_text = _damage_text(
        plan, dice, damage_faces[: dice.count], damage, options.doubling_includes_bonuses
    )
    record = f"{summary}: {roll}; damage {damage_text}"
    tail = caused  # the hit's effect, then what the hit points say
    hp = _combatant(after, plan.target).sheet.hit_points
    if death_rule(options).dead(hp):
        tail += f"; {foe} is dead"
    elif combat.down(hp):
        tail += f"; {foe} falls unconscious at {minus(hp)} and loses 1 a round until bound"
    summary += tail
    if defender.declared == "cast" and _yet_to_act(encounter, defender):
        notices.append(f"{foe} loses the spell: hit before casting.")
    after = core.add_log(after, record + tail, actor=actor, target=plan.target)
    return ActionOutcome(
        after, summary, details="\n".join(_describe(encounter, actor, plan)), notices=tuple(notices)
    )


def _attack_roll_text(plan: _Plan, natural: int, hit: bool, rule: AttackRule) -> str:
    """The attack roll for the record: the d20, each modifier by name, the total and the
    number it had to reach (a natural 20 or 1 said as such)."""
    ac = f"AC {minus(plan.armour)}" + (f", {plan.armour_note}" if plan.armour_note else "")
    text = (
        f"{rolled('d20', (natural,), plan.terms)} against {plan.need} (THAC0 {plan.thac0} − {ac})"
    )
    reached = natural + _modifier(plan) >= plan.need
    return text + rule.roll_words(natural, hit, reached)


def _damage_text(
    plan: _Plan, rolled_dice: DiceExpr, faces: tuple[int, ...], damage: int, double_bonus: bool
) -> str:
    """ "1d8 (4) ×2 set against the charge, STR 18/80 +4 = 12": every die and bonus named
    (the dice as rolled: a critical hit's are the weapon's twice)."""
    dice = f"{rolled_dice} ({', '.join(str(face) for face in faces)})"
    if plan.double:
        dice += f" ×2 {plan.double_reason}"
    doubled = " ×2" if plan.double and double_bonus else ""
    parts = [dice, *(f"{t.signed()}{doubled}" for t in plan.bonus_terms)]
    floor = " (at least 1)" if damage == 1 and rolled_dice.total(faces) + plan.bonus < 1 else ""
    return f"{', '.join(parts)} = {damage}{floor}"


def free_attack_notice(encounter: AdndEncounter, foe: AdndCombatant, fleer: AdndCombatant) -> str:
    """What the table must hear when a flight owes a foe its free attack: the odds to hit."""
    attacks = attacks_of(foe.sheet, encounter.options)
    plan = (
        _plan(encounter, foe.id, Action("free", 0, target=fleer.id, variant="any"), None)
        if foe.id in _combatant(encounter, fleer.id).free_attacks
        else None
    )
    chance = ""
    if isinstance(plan, _Plan):
        chance = (
            f": {percent(attack_rule(encounter.options).chance(_modifier(plan), plan.need))}"
            f" to hit with the {attacks[0].name}"
        )
    return (
        f"{foe.name} gets a free attack at {fleer.name}'s back now (rear +2, "
        f"{rear_rule(encounter.options).lost_short}){chance}."
    )
