"""One OSE attack, previewed and rolled by the same functions: the attack's terms against the
target's AC (:func:`attack_terms`, which the forecast also reads), a hit's damage and its
effect, a dragon's breath, and the strike itself with its log line and notices.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, NamedTuple

from m3desk.core import encounter as core
from m3desk.core.numbers import damage_spread, damage_summary, minus, percent, signed
from m3desk.core.routines import Damage
from m3desk.core.terms import Term, total
from m3desk.systems.ose import combat
from m3desk.systems.ose import round as rnd
from m3desk.systems.ose.attacks import (
    EFFECT_SAVES,
    afflicted,
    apply_effect,
    breath_damage,
    breath_dealt,
    breath_mean,
    breath_save,
    effect_of,
    fail_chance,
    save_target,
    spend_use,
    uses_left,
)
from m3desk.systems.ose.derive import derive
from m3desk.systems.ose.encounter import MELEE_FEET, OseCombatant, OseEncounter
from m3desk.systems.ose.option_rules import reload_rule
from m3desk.systems.ose.sheet import CharacterSheet, MonsterAttack, MonsterSheet, Weapon
from m3desk.systems.ose.weaponry import (
    _SAVE_TITLES,
    _c,
    _damage_die,
    _monster_attack,
    _options,
    _usable,
    reloads,
)


def _reloading(encounter: core.Encounter, attacker: OseCombatant, weapon: Weapon) -> bool:
    """Where the table uses the reload rule: a reload weapon shot last round cannot shoot."""
    return reload_rule(_options(encounter)).reloading(
        reloads(weapon), attacker.reload_shot, encounter.round
    )


def attack_terms(
    encounter: core.Encounter, actor: str, target: str, weapon: Weapon, *, backstab: bool = False
) -> tuple[int, int, list[str]] | str:
    """The attack's modifier, the target's AC for it and the terms, or why it cannot be made."""
    attacker, defender = _c(encounter, actor), _c(encounter, target)
    sheet = attacker.sheet
    feet = core.position_between(encounter, actor, target)
    if weapon not in _usable(sheet, feet):
        if feet <= MELEE_FEET:
            return f"The {weapon.name} is a missile weapon: it needs more than 5 ft to the target."
        return f"The target is {feet} ft away: out of reach of the {weapon.name}."
    if attacker.declared == "retreat":
        return f"{attacker.name} declared a retreat: no attack this round."
    if attacker.declared == "cast a spell":
        return f"{attacker.name} declared a spell: casting is its only action this round."
    if defender.cover == 5:
        return f"{defender.name} is in complete cover: it cannot be hit."
    if _reloading(encounter, attacker, weapon):
        return (
            f"{attacker.name} is reloading the {weapon.name}: it shoots every second "
            f"round (it shot in round {attacker.reload_shot})."
        )
    values = derive(sheet, _options(encounter))
    melee = feet <= MELEE_FEET
    modifier, terms = 0, []
    if isinstance(sheet, CharacterSheet):
        index = sheet.weapons.index(weapon) if weapon in sheet.weapons else -1
        key = f"weapon.{index}.hit" if index >= 0 else "melee.hit"
        if not melee and f"weapon.{index}.thrown" in values:
            key = f"weapon.{index}.thrown"  # thrown: the DEX missile modifier
        modifier = values[key].value
        terms.append(
            f"{'STR' if melee else 'DEX'}{' and magic' if weapon.magic else ''} {signed(modifier)}"
        )
    if not melee and weapon.ranges:
        band = combat.range_band(feet, weapon.ranges)
        modifier += band
        terms.append(f"{('short', 'medium', 'long')[1 - band]} range {signed(band)}")
        if defender.cover:
            modifier -= defender.cover
            terms.append(f"cover {signed(-defender.cover)}")
    if backstab:
        modifier += 4
        terms.append("back-stab +4")
    defence = derive(defender.sheet, _options(encounter))
    ac = defence["ac"].value
    if (
        isinstance(sheet, MonsterSheet)
        and sheet.larger_than_human
        and "ac.larger_foes" in defence
        and defence["ac.larger_foes"].value != ac
    ):
        terms.append(
            f"(halfling: AC {minus(defence['ac.larger_foes'].value)} against a larger foe)"
        )
        ac = defence["ac.larger_foes"].value
    if defender.declared == "retreat":
        modifier += 2
        terms.append("retreating target +2")
        if isinstance(defender.sheet, CharacterSheet) and defender.sheet.shield:
            ac += 1
            terms.append("its shield ignored")
    return modifier, ac, terms


def _spread(damage: Damage, bonus: int, multiplier: int) -> dict[int, Fraction]:
    """A hit's damage: the dice (times what special damage multiplies) plus the bonus,
    doubled by a back-stab, at least 1."""
    counts = damage.distribution()
    ways = sum(counts.values())
    result: dict[int, Fraction] = {}
    for rolled, count in counts.items():
        dealt = combat.damage_dealt(rolled + bonus, multiplier)
        result[dealt] = result.get(dealt, Fraction(0)) + Fraction(count, ways)
    return result


def _effect_words(
    encounter: core.Encounter, target: str, attack: MonsterAttack | None
) -> tuple[str, Fraction] | None:
    """What a hit's effect does to ``target`` in words, and the chance it takes hold."""
    if attack is None or not attack.effect:
        return None
    effect = effect_of(attack)
    foe = _c(encounter, target)
    if effect is None:
        return (f"On a hit: {attack.effect} (as its description says; not applied)", Fraction(0))
    need = save_target(foe.sheet, effect, _options(encounter))
    fails = fail_chance(need)
    save = EFFECT_SAVES.get(effect.key)
    what = (
        effect.condition
        + (", out of the fight" if effect.out_of_fight else "")
        + (", dead" if effect.lethal else "")
    )
    if need is None or save is None:
        return f"On a hit: {effect.key}, no save: {foe.name} {what}", fails
    return (
        f"On a hit: {foe.name} saves vs {_SAVE_TITLES[save]} on {need}+ or is {what} "
        f"(fails {percent(fails)})",
        fails,
    )


def _breath_problem(encounter: core.Encounter, actor: str, index: int) -> str:
    """Why the breath cannot be used now: no use left today (a creature caught in the breath
    of this round is still resolved)."""
    combatant = _c(encounter, actor)
    if uses_left(combatant, index) == 0 and not 0 < combatant.breathed == encounter.round:
        sheet = combatant.sheet
        assert isinstance(sheet, MonsterSheet)
        return (
            f"{combatant.name} has used its {sheet.attacks[index].name} "
            f"{sheet.attacks[index].uses} times today: none left."
        )
    return ""


def _breath_preview(
    encounter: core.Encounter, actor: str, index: int, target: str
) -> (
    tuple[list[str], Fraction, Fraction, Fraction, Fraction, tuple[tuple[str, Fraction], ...]] | str
):
    """A breath at one creature caught in it, as :func:`_strike_preview` gives an attack:
    no attack roll (it always reaches), the damage before and after the save, the chance
    of the effect."""
    if problem := _breath_problem(encounter, actor, index):
        return problem
    combatant, foe = _c(encounter, actor), _c(encounter, target)
    sheet, options = combatant.sheet, _options(encounter)
    assert isinstance(sheet, MonsterSheet)
    attack = sheet.attacks[index]
    save = breath_save(attack)
    need = derive(foe.sheet, options)[f"save.{save.value}"].value if save is not None else None
    fails = fail_chance(need)
    lines = [f"Breath: no attack roll; {foe.name} and everyone else caught in it"]
    full = breath_damage(attack, sheet)
    left = foe.sheet.hit_points
    spread: dict[int, Fraction] = {}
    if isinstance(full, int):
        outcomes = [(full, Fraction(1))]
    elif full is not None:
        counts = full.distribution()
        ways = sum(counts.values())
        outcomes = [(max(0, v), Fraction(n, ways)) for v, n in counts.items()]
    else:
        outcomes = []
    for value, chance in outcomes:
        for dealt, p in ((value, fails), (breath_dealt(value, True, attack), 1 - fails)):
            if p:
                spread[dealt] = spread.get(dealt, Fraction(0)) + chance * p
    mean = breath_mean(attack, sheet, fails)
    if isinstance(full, int):
        lines.append(
            f"Damage {full} ({combatant.name}'s hit points now)"
            + (f", {breath_dealt(full, True, attack)} on a save" if save else "")
        )
    elif full is not None:
        lines.append(
            f"Damage {full}"
            + (", half on a save" if save and not attack.effect else "")
            + f": average {float(mean):.1f}"
        )
    else:
        lines.append("No damage")
    effect = effect_of(attack)
    takes = Fraction(0)
    if save is not None and need is not None:
        what = (
            f"is {effect.condition.lower()}"
            if effect is not None
            else "takes it all"
            if full is not None
            else f"suffers {attack.effect}"
        )
        lines.append(
            f"{foe.name} saves vs {_SAVE_TITLES[save]} on {need}+ or {what} "
            f"(fails {percent(fails)})"
        )
    elif effect is not None:
        lines.append(f"No save: {foe.name} is {effect.condition.lower()}")
    if effect is not None:
        takes = fails
    kill = Fraction(0)
    if not combat.down(left):
        kill = sum((p for value, p in spread.items() if combat.down(left - value)), Fraction(0))
    return lines, Fraction(1), kill, mean, takes, damage_spread(spread) if spread else ()


def _strike_preview(
    encounter: core.Encounter,
    actor: str,
    index: int,
    weapon: Weapon,
    target: str,
    backstab: bool = False,
) -> (
    tuple[list[str], Fraction, Fraction, Fraction, Fraction, tuple[tuple[str, Fraction], ...]] | str
):
    """One attack's lines, its hit chance, the chance it kills the target as it stands, its
    average damage on a hit, the chance its effect takes hold on a hit and every damage a hit
    can do with its chance (the whole spread, shown on demand)."""
    breath = _monster_attack(_c(encounter, actor).sheet, index)
    if breath is not None and breath.breath:
        return _breath_preview(encounter, actor, index, target)
    found = attack_terms(encounter, actor, target, weapon, backstab=backstab)
    if isinstance(found, str):
        return found
    modifier, ac, terms = found
    sheet, options = _c(encounter, actor).sheet, _options(encounter)
    thac0 = derive(sheet, options)["thac0"].value
    need = combat.needed(thac0, ac, table=combat.attack_procedure(options))
    lines = [" ".join(["d20", *terms, f"needs {need} ({combat.need_text(thac0, ac, options)})"])]
    hit = combat.hit_chance(thac0, ac, modifier, table=combat.attack_procedure(options))
    die = _damage_die(sheet, index, weapon, options)
    left = _c(encounter, target).sheet.hit_points
    kill, mean = Fraction(0), Fraction(0)
    spread: tuple[tuple[str, Fraction], ...] = ()
    attack = _monster_attack(sheet, index)
    if die is None:
        lines.append(
            "No damage"
            if attack is not None and attack.effect
            else "No damage given: its description says what it does"
        )
    else:
        bonus, multiplier = _damage_bonus(encounter, actor, target, weapon, backstab=backstab)
        damage = _spread(die, bonus, multiplier)
        mean = sum((value * chance for value, chance in damage.items()), Fraction(0))
        lines.append(
            f"Damage {die}{signed(bonus) if bonus else ''}"
            f"{' ×2' if multiplier == 2 else ''}, at least 1: "
            f"{damage_summary(damage)}"
        )
        spread = damage_spread(damage)
        if not combat.down(left):
            kill = sum((p for value, p in damage.items() if combat.down(left - value)), Fraction(0))
    effect = _effect_words(encounter, target, _monster_attack(sheet, index))
    takes = Fraction(0)
    if effect is not None:
        lines.append(effect[0])
        takes = effect[1]
    return lines, hit, kill, mean, takes, spread


def _damage_bonus(
    encounter: core.Encounter, actor: str, target: str, weapon: Weapon, *, backstab: bool = False
) -> tuple[int, int]:
    """What the damage adds to its die, and its multiplier (a back-stab doubles)."""
    multiplier = 2 if backstab else 1
    return total(_damage_terms(encounter, actor, target, weapon)), multiplier


def _damage_terms(
    encounter: core.Encounter, actor: str, target: str, weapon: Weapon
) -> tuple[Term, ...]:
    """What the damage adds to its die, each part by name."""
    sheet = _c(encounter, actor).sheet
    if not isinstance(sheet, CharacterSheet):
        return ()
    values = derive(sheet, _options(encounter))
    index = sheet.weapons.index(weapon) if weapon in sheet.weapons else -1
    melee = core.position_between(encounter, actor, target) <= MELEE_FEET
    if not melee:
        return (Term(label="magic", value=weapon.magic),)  # a thrown or shot weapon: no STR
    found = values["melee.damage" if index < 0 else f"weapon.{index}.damage"]
    return found.terms if not found.overridden else (Term(label="set", value=found.value),)


def _acted(encounter: OseEncounter, actor: str) -> OseEncounter:
    return rnd.with_order(core.update_combatant(encounter, actor, acted=True))


class _Struck(NamedTuple):
    after: OseEncounter
    summary: str
    notices: tuple[str, ...]
    used: int
    """Faces read."""
    brief: str = ""
    """The attack in a few words for a routine's one log line ("claw 14 hits for 3")."""
    need: str = ""
    """What every attack of a routine needs ("11 (THAC0 16 against AC 5)")."""


def _strike(
    before: OseEncounter,
    encounter: OseEncounter,
    actor: str,
    index: int,
    weapon: Weapon,
    target: str,
    faces: tuple[int, ...],
    *,
    backstab: bool = False,
    log: bool = True,
) -> _Struck:
    """One attack from ``faces`` (the d20, the damage dice, the target's save d20 where its
    effect allows one) on ``encounter``; ``before`` is the encounter the action started from
    (for morale's and spells' moments)."""
    breath = _monster_attack(_c(encounter, actor).sheet, index)
    if breath is not None and breath.breath:
        return _breathe(before, encounter, actor, index, target, faces, log=log)
    found = attack_terms(encounter, actor, target, weapon, backstab=backstab)
    assert not isinstance(found, str)
    modifier, ac, terms = found
    attacker, defender = _c(encounter, actor), _c(encounter, target)
    options = encounter.options
    die = _damage_die(attacker.sheet, index, weapon, options)
    attack = _monster_attack(attacker.sheet, index)
    effect = effect_of(attack) if attack is not None else None
    saves = effect is not None and EFFECT_SAVES.get(effect.key) is not None
    count = len(die.faces) if die is not None else 0
    used = 1 + count + (1 if saves else 0)
    natural, damage_faces = faces[0], faces[1 : 1 + count]
    save_face = faces[1 + count] if saves else None
    thac0 = derive(attacker.sheet, options)["thac0"].value
    need = combat.needed(thac0, ac, table=combat.attack_procedure(options))
    hit = natural >= combat.lowest_natural(need, modifier)
    name, foe = attacker.name, defender.name
    roll = ", ".join([f"d20 {natural}", *terms]) + (f" = {natural + modifier}" if terms else "")
    roll += f" against {need} (THAC0 {thac0} against AC {minus(ac)})"
    if natural in (1, 20) and (natural == 20) != (natural + modifier >= need):
        roll += f", a natural {natural} always {'hits' if natural == 20 else 'misses'}"
    needs = f"{need} (THAC0 {thac0} against AC {minus(ac)})"
    brief = f"{weapon.name} {natural}"
    if not hit:
        summary = f"{name} misses {foe} ({natural} {signed(modifier)} against {need})"
        record = f"{name} misses {foe} with the {weapon.name}: {roll}"
        logged = core.add_log(encounter, record, actor=actor, target=target) if log else encounter
        return _Struck(logged, summary, (), used, f"{brief} misses", needs)
    sheet = defender.sheet
    after = encounter
    summary = f"{name} hits {foe} with the {weapon.name}"
    record = ""
    hurt = sheet
    if die is not None:
        bonus, multiplier = _damage_bonus(encounter, actor, target, weapon, backstab=backstab)
        damage = combat.damage_dealt(die.total(damage_faces) + bonus, multiplier)
        shown = [
            f"{die} ({', '.join(str(f) for f in damage_faces)})",
            *(t.signed() for t in _damage_terms(encounter, actor, target, weapon) if t.value),
        ]
        roll += (
            f"; damage {', '.join(shown)}{' ×2 back-stab' if multiplier == 2 else ''} = {damage}"
        )
        hurt = sheet.model_copy(update={"hit_points": sheet.hit_points - damage})
        summary += f" for {damage}"
        brief += f" hits for {damage} ({die}: {', '.join(str(f) for f in damage_faces)})"
        after = core.replace_sheet(after, target, hurt)
    elif attack is not None and not attack.effect:
        summary += " (no damage given: as its description says)"
        brief += " hits (no damage given)"
    else:
        brief += " hits"
    record = f"{summary}: {roll}"
    after, hurt, said, briefly, noted = _hit_effect(
        after, hurt, attack, effect, foe, target, save_face, options
    )
    summary, record, brief = summary + said, record + said + noted, brief + briefly
    died = combat.down(hurt.hit_points) and not combat.down(sheet.hit_points)
    if died:
        summary += f"; {foe} is dead"
        record += f"; {foe} is dead"
        brief += f"; {foe} is dead"
    if log:
        after = core.add_log(after, record, actor=actor, target=target)
    notices: list[str] = []
    if (
        defender.declared == "cast a spell"
        and not died
        and rnd.lost_initiative(before, target, actor)
    ):
        after, notice = rnd.disrupt(after, target, "hit")
        notices.append(notice)
    if died or (
        not combat.down(hurt.hit_points)
        and afflicted(_c(after, target))
        and not afflicted(defender)
    ):
        notices += _morale_notices(before, after, defender.side)
    return _Struck(after, summary, tuple(notices), used, brief, needs)


def _hit_effect(
    after: OseEncounter,
    hurt: Any,
    attack: MonsterAttack | None,
    effect: Any,
    foe: str,
    target: str,
    save_face: int | None,
    options: Any,
) -> tuple[OseEncounter, Any, str, str, str]:
    """A hit's effect on a target still standing: its save, or the condition it lays. The
    encounter and the target's sheet after it, and the words for the summary, the brief
    line and (an effect the rules do not play) the record only."""
    if effect is not None and not combat.down(hurt.hit_points):
        need_save = save_target(hurt, effect, options)
        if need_save is not None and save_face is not None and save_face >= need_save:
            words = f"{foe} saves against the {effect.key} (d20 {save_face} against {need_save})"
            return after, hurt, f"; {words}", f", saved ({save_face} against {need_save})", ""
        after = apply_effect(after, target, effect)
        against = f" (d20 {save_face} against {need_save})" if save_face is not None else ""
        condition = effect.condition.lower()
        return (
            after,
            _c(after, target).sheet,
            f"; {foe} is {condition}{against}",
            f", {condition}{against}",
            "",
        )
    if attack is not None and attack.effect and effect is None:
        return after, hurt, "", "", f"; {attack.effect}: as its description says"
    return after, hurt, "", "", ""


def _breathe(
    before: OseEncounter,
    encounter: OseEncounter,
    actor: str,
    index: int,
    target: str,
    faces: tuple[int, ...],
    *,
    log: bool = True,
) -> _Struck:
    """A breath on one creature caught in it, from ``faces`` (its damage dice, then the
    creature's save d20 where the breath allows one): no attack roll."""
    attacker, defender = _c(encounter, actor), _c(encounter, target)
    sheet = attacker.sheet
    assert isinstance(sheet, MonsterSheet)
    attack = sheet.attacks[index]
    options = encounter.options
    full = breath_damage(attack, sheet)
    count = len(full.faces) if isinstance(full, Damage) else 0
    save = breath_save(attack)
    used = count + (1 if save is not None else 0)
    damage_faces = faces[:count]
    save_face = faces[count] if save is not None else None
    need = derive(defender.sheet, options)[f"save.{save.value}"].value if save is not None else None
    saved = need is not None and save_face is not None and save_face >= need
    name, foe = attacker.name, defender.name
    words = [f"{name} breathes its {attack.name} on {foe}"]
    brief = attack.name
    if save is not None:
        words.append(
            f"{foe} {'saves' if saved else 'fails to save'} vs "
            f"{_SAVE_TITLES[save]} (d20 {save_face} against {need})"
        )
        brief += f", {'saved' if saved else 'not saved'} ({save_face} against {need})"
    after, hurt = encounter, defender.sheet
    if full is not None:
        rolled = full if isinstance(full, int) else max(0, full.total(damage_faces))
        dealt = breath_dealt(rolled, saved, attack)
        how = (
            f"its hit points, {rolled}"
            if isinstance(full, int)
            else f"{full} ({', '.join(str(f) for f in damage_faces)})"
        )
        words.append(f"damage {how}" + (", halved" if dealt != rolled else "") + f" = {dealt}")
        brief += f" for {dealt}"
        hurt = hurt.model_copy(update={"hit_points": hurt.hit_points - dealt})
        after = core.replace_sheet(after, target, hurt)
    effect = effect_of(attack)
    if effect is not None and not saved and not combat.down(hurt.hit_points):
        after = apply_effect(after, target, effect)
        hurt = _c(after, target).sheet
        words.append(f"{foe} is {effect.condition.lower()}")
        brief += f", {effect.condition.lower()}"
    elif attack.effect and effect is None and not saved:
        words.append(f"{attack.effect}: as its description says")
    died = combat.down(hurt.hit_points) and not combat.down(defender.sheet.hit_points)
    if died:
        words.append(f"{foe} is dead")
        brief += f"; {foe} is dead"
    summary = "; ".join(words)
    if log:
        after = core.add_log(after, summary, actor=actor, target=target)
    notices: list[str] = []
    if (
        defender.declared == "cast a spell"
        and not died
        and (full is not None)
        and rnd.lost_initiative(before, target, actor)
    ):
        after, notice = rnd.disrupt(after, target, "hit")
        notices.append(notice)
    if died or (
        not combat.down(hurt.hit_points)
        and afflicted(_c(after, target))
        and not afflicted(defender)
    ):
        notices += _morale_notices(before, after, defender.side)
    return _Struck(after, summary, tuple(notices), used, brief)


def _spent(encounter: OseEncounter, actor: str, routine: tuple[MonsterAttack, ...]) -> OseEncounter:
    """A use spent of the routine's attacks with uses a day, once per breath: a creature
    caught in the breath of this round spends none."""
    combatant = _c(encounter, actor)
    sheet = combatant.sheet
    if (
        not isinstance(sheet, MonsterSheet)
        or not any(a.uses for a in routine)
        or 0 < combatant.breathed == encounter.round
    ):
        return encounter
    return core.update_combatant(
        encounter, actor, spent=spend_use(combatant.spent, sheet, routine), breathed=encounter.round
    )


def _morale_notices(before: OseEncounter, after: OseEncounter, side: str) -> list[str]:
    fresh = [t for t in rnd.morale_due(after, side) if t not in rnd.morale_due(before, side)]
    notices = []
    for trigger in fresh:
        living = [
            c
            for c in after.combatants
            if c.side == side and not rnd.is_dead(c) and isinstance(c.sheet, MonsterSheet)
        ]
        ml = rnd.morale_of(living[0])
        notices.append(
            f"The {side}' {trigger}: check morale (ML {ml}, holds "
            f"{percent(rnd.morale_chance(ml))})."
        )
    return notices
