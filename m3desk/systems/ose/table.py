"""How an OSE fight runs at the table, as the tracker, the board and the action dialog ask.

Positions are feet between each pair; melee reaches 5', missiles work past 5' in their short
(+1), medium (0) and long (−1) bands. The board draws the selected combatant's melee reach,
its encounter movement, half of it (a fighting withdrawal) and its missile ranges. An
attack's odds come from the attack matrix (or plain arithmetic, a table rule) and are exact.

The tracker's own columns: the side's d6 (the surprise die at set-up, the initiative die
each round, or the combatant's own die under individual initiative), what it declared
before initiative, the cover it stands in (missiles against it −1 … −4, or none can hit it),
and whether it has acted this round.
"""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

from pydantic import BaseModel

from m3desk.core import encounter as core
from m3desk.core.copies import d8_hit_dice, with_hit_points
from m3desk.core.dice import DiceExpr
from m3desk.core.numbers import damage_spread, damage_summary, minus, percent, pool_text, signed
from m3desk.core.reach_memo import ReachByDistance
from m3desk.core.routines import ROUTINE_ACTION, Damage, routine_action, routine_words
from m3desk.core.spell_range import out_of_range, spell_rings, spells_within
from m3desk.core.system import (
    Action,
    ActionOption,
    ActionOutcome,
    ActionPreview,
    Cell,
    DiceSpec,
    DueAction,
    EncounterRules,
    PrintedCheck,
    Reach,
    Ring,
    TrackerColumn,
)
from m3desk.core.terms import Term, total
from m3desk.systems.ose import combat, experience, moves
from m3desk.systems.ose import round as rnd
from m3desk.systems.ose.attacks import (
    EFFECT_SAVES,
    afflicted,
    apply_effect,
    attack_damage,
    breath_damage,
    breath_dealt,
    breath_mean,
    breath_save,
    effect_of,
    fail_chance,
    monster_routines,
    routine_uses_left,
    save_target,
    spend_use,
    uses_left,
    weapon_damage_of,
)
from m3desk.systems.ose.derive import derive, weapon_damage
from m3desk.systems.ose.encounter import (
    FEET,
    INITIATIVE,
    MELEE_FEET,
    OseCombatant,
    OseEncounter,
)
from m3desk.systems.ose.encounter_setup import SETUP_STEPS
from m3desk.systems.ose.forecast import FORECAST_POLICY, simulate
from m3desk.systems.ose.movement import withdrawal_feet
from m3desk.systems.ose.options import OseOptions
from m3desk.systems.ose.sheet import CharacterSheet, MonsterAttack, MonsterSheet, Weapon
from m3desk.systems.ose.tables import UNARMED_DAMAGE, WEAPONS, OseClass, Save

__all__ = ["COVER_CHOICES", "ENCOUNTER_RULES", "FEET", "INITIATIVE", "OseCombatant",
           "OseEncounter", "attack_terms", "reloads"]

Sheet = CharacterSheet | MonsterSheet
COVER_CHOICES = ("none", "−1", "−2", "−3", "−4", "complete")
_SAVE_TITLES = {Save.DEATH: "death or poison", Save.WANDS: "wands",
                Save.PARALYSIS: "paralysis or petrification", Save.BREATH: "breath attack",
                Save.SPELLS: "spells, rods or staves"}


def _c(encounter: core.Encounter, combatant_id: str) -> OseCombatant:
    combatant = encounter.combatant(combatant_id)
    assert isinstance(combatant, OseCombatant)
    return combatant


def _e(encounter: core.Encounter) -> OseEncounter:
    assert isinstance(encounter, OseEncounter)
    return encounter


def _options(encounter: core.Encounter) -> OseOptions:
    return encounter.options if isinstance(encounter, OseEncounter) else OseOptions()


def _pool(combatant: core.Combatant) -> tuple[int, int]:
    sheet = combatant.sheet
    return (sheet.hit_points, sheet.max_hit_points)


COLUMNS = (
    TrackerColumn("hp", "HP", "Hit points, current/maximum; type a number to set them",
                  kind="pool", sample="999/999"),
    TrackerColumn("ac", "AC", "Armour class, descending [ascending]", sample="AC -9 [28]"),
    TrackerColumn("thac0", "THAC0", "To hit AC 0 [attack bonus]", sample="AB +10 [9]",
                  centred=True),
    TrackerColumn("d6", "d6", "The side's d6: surprise at set-up (1–2 surprised), initiative "
                  "each round (highest first); under individual initiative the combatant's "
                  "own d6", sample="6", centred=True, number_range=(1, 6)),
    TrackerColumn("declared", "Declared", "Declared before initiative: a spell, a fighting "
                  "withdrawal or a retreat", sample="cast: Protection from evil"),
    TrackerColumn("cover", "Cover", "Cover from missiles: −1 … −4 to hit it, or complete "
                  "(it cannot be hit)", sample="complete"),
    TrackerColumn("acted", "Acted", "Has acted this round", kind="check", sample="✓",
                  centred=True),
)


def _declared_choices(combatant: OseCombatant) -> tuple[str, ...]:
    sheet = combatant.sheet
    spells = tuple(dict.fromkeys(f"cast: {s.name}" for s in sheet.spells if not s.cast)) \
        if isinstance(sheet, CharacterSheet) else ("cast a spell",)
    return ("none", *spells, "fighting withdrawal", "retreat")


def _cell(encounter: core.Encounter, combatant: core.Combatant, column: str) -> Cell:
    assert isinstance(combatant, OseCombatant)
    sheet = combatant.sheet
    if column == "hp":
        return Cell(text=pool_text(sheet.hit_points, sheet.max_hit_points), pool=_pool(combatant),
                    editable=True, edit_text=str(sheet.hit_points))
    if column == "d6":
        return _d6_cell(_e(encounter), combatant)
    if column == "declared":
        shown = f"cast: {combatant.spell}" if combatant.spell else combatant.declared
        return Cell(text="" if shown == "none" else shown, editable=True, edit_text=shown,
                    choices=_declared_choices(combatant),
                    tip="Spells and movement in melee are declared before initiative.")
    if column == "cover":
        return Cell(text="" if combatant.cover == 0 else COVER_CHOICES[combatant.cover],
                    editable=True, edit_text=COVER_CHOICES[combatant.cover],
                    choices=COVER_CHOICES)
    if column == "acted":
        return Cell(checked=combatant.acted, editable=True)
    options = _options(encounter)
    values = derive(sheet, options)
    if column == "ac":
        ac = values["ac"]
        return Cell(text=combat.armour_class_text(ac.value, options), tip=ac.explanation())
    thac0 = values["thac0"]
    # The column is headed THAC0: only the ascending notation names its first number.
    text = combat.attack_value_text(thac0.value, options).removeprefix("THAC0 ")
    return Cell(text=text, tip=thac0.explanation())


def _d6_cell(encounter: OseEncounter, combatant: OseCombatant) -> Cell:
    if encounter.phase == "setup":
        roll = encounter.surprise_rolls.get(combatant.side)
        tip = "Surprise: 1–2 on the side's d6 is surprised"
    elif encounter.options.individual_initiative:
        roll = combatant.rolled
        tip = f"{combatant.name}'s own initiative, d6 + modifier"
    else:
        roll = encounter.side_rolls.get(combatant.side)
        tip = f"{combatant.side}'s initiative d6 this round"
    return Cell(text="" if roll is None else str(roll), tip=tip, editable=True,
                edit_text="" if roll is None else str(roll))


def _edit(encounter: core.Encounter, combatant_id: str, column: str,
          text: str) -> tuple[core.Encounter, str]:
    ose = _e(encounter)
    combatant = _c(encounter, combatant_id)
    text = text.strip()
    if column == "hp":
        sheet = combatant.sheet
        value = int(text.replace("−", "-"))
        after = sheet.model_copy(update={"hit_points": min(value, sheet.max_hit_points)})
        return (core.replace_sheet(encounter, combatant_id, after),
                f"Set {combatant.name}'s hit points to {minus(after.hit_points)}")
    if column == "d6":
        roll = int(text) if text and text not in ("—", "-") else None
        if ose.phase == "setup":
            return rnd.set_surprise_roll(ose, combatant.side, roll), \
                f"{combatant.side} surprise d6"
        if ose.options.individual_initiative:
            return rnd.set_individual_roll(ose, combatant_id, roll), \
                f"{combatant.name}'s initiative"
        return rnd.set_side_roll(ose, combatant.side, roll), f"{combatant.side} initiative"
    if column == "declared":
        return rnd.declare(ose, combatant_id, text), f"{combatant.name} declares"
    if column == "cover":
        if text not in COVER_CHOICES:
            raise ValueError(f"cover is one of: {', '.join(COVER_CHOICES)}")
        covered = core.update_combatant(encounter, combatant_id,
                                        cover=COVER_CHOICES.index(text))
        return core.add_log(covered, f"{combatant.name}: cover {text}", actor=combatant_id), \
            f"{combatant.name}'s cover"
    if column == "acted":
        done = text == "true"
        return core.update_combatant(encounter, combatant_id, acted=done), \
            f"{combatant.name} {'has acted' if done else 'has not acted'}"
    raise ValueError(f"the {column} column cannot be edited")


def _weapons(sheet: Sheet) -> tuple[Weapon, ...]:
    if isinstance(sheet, CharacterSheet):
        return sheet.weapons or (Weapon(name="unarmed", damage=DiceExpr.parse(UNARMED_DAMAGE)),)
    # a monster's attacks reach as melee weapons; their damage is the stat block's own
    return tuple(Weapon(name=a.name) for a in sheet.attacks) or (Weapon(name="attack"),)


def _damage_die(sheet: Sheet, index: int, weapon: Weapon, options: OseOptions) -> Damage | None:
    """Monsters deal their stat block's damage (None: the attack deals none); PCs 1d6 or the
    weapon's own (a table rule)."""
    if isinstance(sheet, CharacterSheet):
        return weapon_damage_of(weapon.model_copy(update={"damage": weapon_damage(weapon,
                                                                                  options)}))
    if not sheet.attacks:
        return Damage.parse("1d6")  # a monster with no attacks typed strikes for 1d6
    return attack_damage(sheet, index, weapon)


def _damage_dice(damage: Damage | None, label: str = "damage") -> tuple[DiceSpec, ...]:
    return tuple(DiceSpec(count, sides, label) for count, sides in damage.dice) \
        if damage is not None else ()


def _monster_attack(sheet: Sheet, index: int) -> MonsterAttack | None:
    return sheet.attacks[index] if isinstance(sheet, MonsterSheet) and \
        0 <= index < len(sheet.attacks) else None


def _attack_dice(sheet: Sheet, index: int, weapon: Weapon, options: OseOptions,
                 label: str = "") -> tuple[DiceSpec, ...]:
    """The d20, the damage dice and, for an effect with a save, the target's save d20; a
    breath weapon rolls no d20 to hit, only its dice and the save of the creature caught."""
    damage = _damage_die(sheet, index, weapon, options)
    attack = _monster_attack(sheet, index)
    effect = effect_of(attack) if attack is not None else None
    prefix = f"{label} " if label else ""
    if attack is not None and attack.breath:
        dice = () if attack.own_hit_points else _damage_dice(damage, f"{prefix}damage")
        return (*dice, DiceSpec(1, 20, f"{prefix}save")) if breath_save(attack) else dice
    dice = (DiceSpec(1, 20, f"{prefix}attack"), *_damage_dice(damage, f"{prefix}damage"))
    if effect is not None and EFFECT_SAVES.get(effect.key) is not None:
        dice += (DiceSpec(1, 20, f"{prefix}save"),)
    return dice


def _attack_label(sheet: Sheet, index: int, weapon: Weapon) -> str:
    attack = _monster_attack(sheet, index)
    if attack is None:
        return f"Attack with {weapon.name}"
    if attack.breath:
        return f"Breathe: {_breath_summary(attack)}"
    inside = [str(attack.damage)] if attack.damage is not None else []
    if attack.effect:
        inside.append(attack.effect)
    shown = f" ({' + '.join(inside)})" if inside else " (no damage given)"
    return f"Attack with {attack.name}{shown}"


def _breath_summary(attack: MonsterAttack) -> str:
    """A breath in words: "damage equal to its hit points, save vs breath attack for half"."""
    damage = "damage equal to its hit points" if attack.own_hit_points else \
        f"{attack.damage} damage" if attack.damage is not None else ""
    save = breath_save(attack)
    effect = effect_of(attack)
    parts = [p for p in (damage, attack.effect if effect is None else effect.key) if p]
    words = " + ".join(parts) or "no damage given"
    if save is None:
        return f"{words}, no save"
    return f"{words}, save vs {_SAVE_TITLES[save]} " + \
        ("to escape it" if attack.effect else "for half")


def _routine_label(routine: tuple[MonsterAttack, ...]) -> str:
    """The routine as the book writes it, a breath with its rules in words."""
    return ", ".join(f"{a.name} ({_breath_summary(a)})" if a.breath else routine_words((a,))
                     for a in routine)


def _uses_words(combatant: OseCombatant, routine: tuple[MonsterAttack, ...]) -> str:
    """" (3 a day, 2 left)" for a routine with uses a day, else ""."""
    found = routine_uses_left(combatant, routine)
    return f" ({found[1]} a day, {found[0]} left)" if found is not None else ""


def _routine_dice(sheet: MonsterSheet, routine: tuple[MonsterAttack, ...],
                  options: OseOptions) -> tuple[DiceSpec, ...]:
    """Each attack's dice in turn, named short enough to sit beside their fields: the
    attack's number in the routine, with the last word of its name on its d20 ("#3 gore",
    "#3 dmg", "#3 save")."""
    dice: list[DiceSpec] = []
    number = 0
    for attack in routine:
        index = sheet.attacks.index(attack)
        word = (attack.name.split() or ["attack"])[-1][:12]
        for _ in range(attack.count):
            number += 1
            found = _attack_dice(sheet, index, Weapon(name=attack.name), options,
                                 f"#{number}")
            dice += [spec._replace(label=spec.label.replace(" attack", f" {word}").replace(
                " damage", " dmg")) for spec in found]
    return tuple(dice)


def _rings(encounter: core.Encounter, centre: str) -> tuple[Ring, ...]:
    """Melee reach, what the declaration still allows (in melee with nothing declared, the
    two moves melee allows), and each missile's short, medium and long range."""
    sheet = _c(encounter, centre).sheet
    rate = derive(sheet, _options(encounter))["movement.encounter"].value
    rings = [Ring(MELEE_FEET, "melee", "reach")]
    left = moves.allowance_left(encounter, centre)
    if left.amount:
        rings.append(Ring(left.amount, left.label, "move"))
    elif left.label == "move" and core.foes_within(encounter, centre, MELEE_FEET) and rate:
        rings += [Ring(withdrawal_feet(rate, "fighting withdrawal"), "fighting withdrawal",
                       "move"), Ring(rate, "retreat", "move")]
    for weapon in _weapons(sheet):
        if weapon.missile and weapon.ranges:
            rings += [Ring(feet, f"{weapon.name} {band}", "range")
                      for feet, band in zip(weapon.ranges, ("short", "medium", "long"),
                                            strict=True)]
    return (*rings, *spell_rings(_spell_ranges(sheet)))


def _spell_ranges(sheet: Sheet) -> tuple[tuple[str, int | None], ...]:
    """The spells still to cast today, each with its range (feet, 0 touch, None unknown)."""
    if not isinstance(sheet, CharacterSheet):
        return ()
    return tuple((spell.name, spell.range) for spell in sheet.spells if not spell.cast)


def _usable(sheet: Sheet, feet: int) -> list[Weapon]:
    """Melee at 5' or less, missiles past 5' and within their long range."""
    def works(weapon: Weapon) -> bool:
        if feet <= MELEE_FEET:
            return weapon.melee
        return weapon.missile and weapon.ranges is not None and feet <= weapon.ranges[2]

    return [weapon for weapon in _weapons(sheet) if works(weapon)]


def _reach_at(encounter: core.Encounter, a: str, feet: int) -> Reach:
    """The weapons that reach ``feet`` away, and the spells still to cast whose range does."""
    sheet = _c(encounter, a).sheet
    usable = (*(w.name for w in _usable(sheet, feet)),
              *spells_within(_spell_ranges(sheet), feet, MELEE_FEET))
    return Reach(options=usable, in_reach=bool(usable))


_reach = ReachByDistance(_reach_at)
"""The board asks about the centre against everyone: answered once per distance."""


def _centre_summary(encounter: core.Encounter, centre: str) -> tuple[str, ...]:
    combatant = _c(encounter, centre)
    sheet = combatant.sheet
    lines = []
    for index, weapon in enumerate(_weapons(sheet)):
        attack = _monster_attack(sheet, index)
        if attack is not None and attack.breath:
            left = uses_left(combatant, index)
            lines.append(f"{weapon.name}: no attack roll, at any foe in sight" +
                         (f"; {left} of {attack.uses} left today" if left is not None else ""))
            continue
        where = ["melee 5 ft"] if weapon.melee else []
        if weapon.missile and weapon.ranges:
            short, medium, far = weapon.ranges
            where.append(f"short ≤ {short} ft +1, medium ≤ {medium} ft, long ≤ {far} ft −1")
        lines.append(f"{weapon.name}: {', '.join(where) or 'no reach'}")
    return tuple(lines)


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
                    label = f"{label[:-1]}; {daily[2:]}" if label.endswith(")") else \
                        label + daily
                found.append(ActionOption(
                    routine_action(number), f"Routine {number}: {label}",
                    dice=_routine_dice(sheet, routine, options), group="attack",
                    help="Every attack of the routine, at one target; a monster uses one "
                         "routine a round."))
    for index, weapon in enumerate(_weapons(sheet)):
        dice = _attack_dice(sheet, index, weapon, options)
        attack = _monster_attack(sheet, index)
        daily = _uses_words(combatant, (attack,)) if attack is not None else ""
        found.append(ActionOption(Action("attack", index),
                                  _attack_label(sheet, index, weapon) + daily,
                                  dice=dice, group="attack"))
        if (isinstance(sheet, CharacterSheet) and sheet.char_class == OseClass.THIEF
                and weapon.melee):
            found.append(ActionOption(Action("backstab", index), f"Back-stab with {weapon.name}",
                                      dice=dice, group="manoeuvre",
                                      help="An unaware foe, from behind: +4 to hit, damage "
                                           "doubled."))
    found += moves.movement_actions(encounter, actor)
    if isinstance(sheet, CharacterSheet):
        for index, spell in enumerate(sheet.spells):
            if not spell.cast:
                reach = "" if not spell.range else f" Range {spell.range} ft."
                found.append(ActionOption(Action("cast", index), f"Cast {spell.name}",
                                          needs_target=bool(spell.range), group="spell",
                                          help="Declared before initiative; the caster's "
                                               "only action, no movement, voice, hands and "
                                               f"line of sight.{reach}"))
    for save in Save:
        found.append(ActionOption(Action("save", variant=save.value),
                                  f"Save vs {_SAVE_TITLES[save]}",
                                  needs_target=False, dice=(DiceSpec(1, 20, "save"),)))
    if isinstance(sheet, MonsterSheet):
        for adjustment, label in ((0, ""), (-1, ", losing −1"), (1, ", winning +1")):
            found.append(ActionOption(Action("morale", variant="side", amount=adjustment),
                                      f"Morale check for the {combatant.side}{label}",
                                      needs_target=False, dice=(DiceSpec(2, 6, "morale"),)))
        found.append(ActionOption(Action("morale", variant="self"),
                                  f"Morale check for {combatant.name} alone",
                                  needs_target=False, dice=(DiceSpec(2, 6, "morale"),)))
    return tuple(found)


def reloads(weapon: Weapon) -> bool:
    """A weapon that must be reloaded after a shot (the equipment list's crossbow)."""
    name = weapon.name.strip().lower()
    spec = WEAPONS.get(name)
    return weapon.missile and (spec.reload if spec is not None else "crossbow" in name)


def _reloading(encounter: core.Encounter, attacker: OseCombatant, weapon: Weapon) -> bool:
    """Where the table uses the reload rule: a reload weapon shot last round cannot shoot."""
    return (_options(encounter).reload and reloads(weapon) and attacker.reload_shot > 0
            and encounter.round == attacker.reload_shot + 1)


def attack_terms(encounter: core.Encounter, actor: str, target: str, weapon: Weapon, *,
                 backstab: bool = False) -> tuple[int, int, list[str]] | str:
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
        return (f"{attacker.name} is reloading the {weapon.name}: it shoots every second "
                f"round (it shot in round {attacker.reload_shot}).")
    values = derive(sheet, _options(encounter))
    melee = feet <= MELEE_FEET
    modifier, terms = 0, []
    if isinstance(sheet, CharacterSheet):
        index = sheet.weapons.index(weapon) if weapon in sheet.weapons else -1
        key = f"weapon.{index}.hit" if index >= 0 else "melee.hit"
        if not melee and f"weapon.{index}.thrown" in values:
            key = f"weapon.{index}.thrown"  # thrown: the DEX missile modifier
        modifier = values[key].value
        terms.append(f"{'STR' if melee else 'DEX'}{' and magic' if weapon.magic else ''} "
                     f"{signed(modifier)}")
    if not melee and weapon.ranges:
        band = 1 if feet <= weapon.ranges[0] else 0 if feet <= weapon.ranges[1] else -1
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
    if isinstance(sheet, MonsterSheet) and sheet.larger_than_human \
            and "ac.larger_foes" in defence and defence["ac.larger_foes"].value != ac:
        terms.append(f"(halfling: AC {minus(defence['ac.larger_foes'].value)} against a "
                     "larger foe)")
        ac = defence["ac.larger_foes"].value
    if defender.declared == "retreat":
        modifier += 2
        terms.append("retreating target +2")
        if isinstance(defender.sheet, CharacterSheet) and defender.sheet.shield:
            ac += 1
            terms.append("its shield ignored")
    return modifier, ac, terms


def _weapon_of(encounter: core.Encounter, actor: str, action: Action) -> Weapon:
    return _weapons(_c(encounter, actor).sheet)[_index(action)]


def _index(action: Action) -> int:
    """The sheet's weapon, spell or routine the action uses."""
    if action.index is None:
        raise ValueError(f"The action {action} names no weapon, spell or routine.")
    return action.index


def _preview(encounter: core.Encounter, actor: str, action: Action,
             target: str | None) -> ActionPreview:
    kind = action.kind
    if kind == "move":
        return moves.preview_move(encounter, actor, action, target)
    if kind in ("attack", "backstab", ROUTINE_ACTION):
        return _attack_preview(encounter, actor, action, target)
    if kind == "cast":
        problem = _cast_problem(encounter, actor, _index(action), target)
        return ActionPreview(lines=("The spell takes effect; its target must be in sight.",),
                             problem=problem)
    if kind == "save":
        value = derive(_c(encounter, actor).sheet,
                       _options(encounter))[f"save.{Save(action.variant).value}"]
        chance = Fraction(max(0, min(20, 21 - value.value)), 20)
        return ActionPreview(lines=(f"d20 ≥ {value.value} ({value.explanation()})",),
                             success=chance)
    return _morale_preview(encounter, actor, action)


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


def _effect_words(encounter: core.Encounter, target: str, attack: MonsterAttack | None
                  ) -> tuple[str, Fraction] | None:
    """What a hit's effect does to ``target`` in words, and the chance it takes hold."""
    if attack is None or not attack.effect:
        return None
    effect = effect_of(attack)
    foe = _c(encounter, target)
    if effect is None:
        return (f"On a hit: {attack.effect} (as its description says; not applied)",
                Fraction(0))
    need = save_target(foe.sheet, effect, _options(encounter))
    fails = fail_chance(need)
    save = EFFECT_SAVES.get(effect.key)
    what = effect.condition + (", out of the fight" if effect.out_of_fight else "") + \
        (", dead" if effect.lethal else "")
    if need is None or save is None:
        return f"On a hit: {effect.key}, no save: {foe.name} {what}", fails
    return (f"On a hit: {foe.name} saves vs {_SAVE_TITLES[save]} on {need}+ or is {what} "
            f"(fails {percent(fails)})", fails)


def _breath_problem(encounter: core.Encounter, actor: str, index: int) -> str:
    """Why the breath cannot be used now: no use left today (a creature caught in the breath
    of this round is still resolved)."""
    combatant = _c(encounter, actor)
    if uses_left(combatant, index) == 0 and not 0 < combatant.breathed == encounter.round:
        sheet = combatant.sheet
        assert isinstance(sheet, MonsterSheet)
        return f"{combatant.name} has used its {sheet.attacks[index].name} " \
            f"{sheet.attacks[index].uses} times today: none left."
    return ""


def _breath_preview(encounter: core.Encounter, actor: str, index: int, target: str
                    ) -> tuple[list[str], Fraction, Fraction, Fraction, Fraction,
                               tuple[tuple[str, Fraction], ...]] | str:
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
    need = derive(foe.sheet, options)[f"save.{save.value}"].value if save is not None \
        else None
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
        lines.append(f"Damage {full} ({combatant.name}'s hit points now)" +
                     (f", {breath_dealt(full, True, attack)} on a save" if save else ""))
    elif full is not None:
        lines.append(f"Damage {full}" + (", half on a save" if save and not attack.effect
                                         else "") + f": average {float(mean):.1f}")
    else:
        lines.append("No damage")
    effect = effect_of(attack)
    takes = Fraction(0)
    if save is not None and need is not None:
        what = (f"is {effect.condition.lower()}" if effect is not None else
                "takes it all" if full is not None else f"suffers {attack.effect}")
        lines.append(f"{foe.name} saves vs {_SAVE_TITLES[save]} on {need}+ or {what} "
                     f"(fails {percent(fails)})")
    elif effect is not None:
        lines.append(f"No save: {foe.name} is {effect.condition.lower()}")
    if effect is not None:
        takes = fails
    kill = Fraction(0)
    if not combat.down(left):
        kill = sum((p for value, p in spread.items() if combat.down(left - value)), Fraction(0))
    return lines, Fraction(1), kill, mean, takes, damage_spread(spread) if spread else ()


def _strike_preview(encounter: core.Encounter, actor: str, index: int, weapon: Weapon,
                    target: str, backstab: bool = False
                    ) -> tuple[list[str], Fraction, Fraction, Fraction, Fraction,
                               tuple[tuple[str, Fraction], ...]] | str:
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
        lines.append("No damage" if attack is not None and attack.effect else
                     "No damage given: its description says what it does")
    else:
        bonus, multiplier = _damage_bonus(encounter, actor, target, weapon, backstab=backstab)
        damage = _spread(die, bonus, multiplier)
        mean = sum((value * chance for value, chance in damage.items()), Fraction(0))
        lines.append(f"Damage {die}{signed(bonus) if bonus else ''}"
                     f"{' ×2' if multiplier == 2 else ''}, at least 1: "
                     f"{damage_summary(damage)}")
        spread = damage_spread(damage)
        if not combat.down(left):
            kill = sum((p for value, p in damage.items() if combat.down(left - value)),
                       Fraction(0))
    effect = _effect_words(encounter, target, _monster_attack(sheet, index))
    takes = Fraction(0)
    if effect is not None:
        lines.append(effect[0])
        takes = effect[1]
    return lines, hit, kill, mean, takes, spread


def _attack_preview(encounter: core.Encounter, actor: str, action: Action,
                    target: str | None) -> ActionPreview:
    if target is None:
        return ActionPreview(problem="Choose a target.")
    kind, index = action.kind, _index(action)
    if kind == ROUTINE_ACTION:
        return _routine_preview(encounter, actor, index, target)
    weapon = _weapon_of(encounter, actor, action)
    found = _strike_preview(encounter, actor, index, weapon, target,
                            backstab=kind == "backstab")
    if isinstance(found, str):
        return ActionPreview(problem=found)
    lines, hit, kill, _mean, takes, spread = found
    target_c = _c(encounter, target)
    outcomes: tuple[tuple[str, Fraction], ...] = ()
    if not combat.down(target_c.sheet.hit_points):
        sheet = _c(encounter, actor).sheet
        attack = _monster_attack(sheet, index)
        if _damage_die(sheet, index, weapon, _options(encounter)) is not None or (
                attack is not None and attack.own_hit_points):
            outcomes = ((f"{target_c.name} killed", hit * kill),)
        effect = effect_of(attack) if attack is not None else None
        if effect is not None:
            outcomes += ((f"{target_c.name} {effect.condition.lower()}", hit * takes),)
    return ActionPreview(lines=tuple(lines), success=hit, outcomes=outcomes, spread=spread)


def _routine_attacks(sheet: MonsterSheet, number: int) -> tuple[MonsterAttack, ...]:
    routines = monster_routines(sheet)
    return routines[number - 1] if 1 <= number <= len(routines) else ()


def _routine_preview(encounter: core.Encounter, actor: str, number: int,
                     target: str) -> ActionPreview:
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
            words = [f"{attack.count} × {attack.name}: {parts[0].removeprefix('Breath: ')}",
                     *(part[:1].lower() + part[1:] if part.startswith(("Damage", "No "))
                       else part for part in parts[1:])]
        else:
            words = [f"{attack.count} × {attack.name}: hits {percent(hit)}",
                     f"{die} (average {float(mean):.1f})" if die is not None else
                     "no damage" if attack.effect else "no damage given (see its description)"]
            words += [part.removeprefix("On a hit: ") for part in parts[2:]]
        lines.append("; ".join(words))
        average += attack.count * hit * mean
        effect = effect_of(attack)
        if effect is not None and takes:
            spared[effect.condition] = spared.get(effect.condition, Fraction(1)) * \
                (1 - hit * takes) ** attack.count
    if average:
        lines.append(f"Average damage of the routine: {float(average):.1f}")
    foe = _c(encounter, target).name
    outcomes = tuple((f"{foe} {condition.lower()} (at least once)", 1 - left)
                     for condition, left in spared.items())
    return ActionPreview(lines=tuple(lines), outcomes=outcomes)


def _damage_bonus(encounter: core.Encounter, actor: str, target: str, weapon: Weapon, *,
                  backstab: bool = False) -> tuple[int, int]:
    """What the damage adds to its die, and its multiplier (a back-stab doubles)."""
    multiplier = 2 if backstab else 1
    return total(_damage_terms(encounter, actor, target, weapon)), multiplier


def _damage_terms(encounter: core.Encounter, actor: str, target: str,
                  weapon: Weapon) -> tuple[Term, ...]:
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


def _cast_problem(encounter: core.Encounter, actor: str, index: int,
                  target: str | None = None) -> str:
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
        return out_of_range(spell.name, spell.range,
                            core.position_between(encounter, actor, target), MELEE_FEET,
                            FEET.unit, _c(encounter, target).name)
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
        return ActionPreview(lines=(f"{who}: ML 2 never fights: it flees (any roll).",),
                             success=Fraction(0))
    return ActionPreview(lines=(f"{who}: 2d6 ≤ ML {ml} holds, above it flees or surrenders",),
                         success=rnd.morale_chance(ml))


# -- resolving ------------------------------------------------------------------------


def _resolve(encounter: core.Encounter, actor: str, action: Action, target: str | None,
             faces: tuple[int, ...]) -> ActionOutcome:
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
    after, text, notices = rnd.morale_check(ose, actor, sum(faces), adjust,
                                            whole_side=scope == "side", faces=faces)
    return ActionOutcome(after, text, notices=notices)


def _acted(encounter: OseEncounter, actor: str) -> OseEncounter:
    return rnd.with_order(core.update_combatant(encounter, actor, acted=True))


def _resolve_attack(encounter: OseEncounter, actor: str, action: Action, target: str,
                    faces: tuple[int, ...]) -> ActionOutcome:
    index = _index(action)
    weapon = _weapon_of(encounter, actor, action)
    struck = _strike(encounter, encounter, actor, index, weapon, target, faces,
                     backstab=action.kind == "backstab")
    after = _acted(struck.after, actor)
    attack = _monster_attack(_c(encounter, actor).sheet, index)
    if attack is not None:
        after = _spent(after, actor, (attack,))
    if encounter.options.reload and reloads(weapon):
        after = core.update_combatant(after, actor, reload_shot=encounter.round)
    return ActionOutcome(after, struck.summary, notices=struck.notices)


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


def _strike(before: OseEncounter, encounter: OseEncounter, actor: str, index: int,
            weapon: Weapon, target: str, faces: tuple[int, ...], *,
            backstab: bool = False, log: bool = True) -> _Struck:
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
    natural, damage_faces = faces[0], faces[1:1 + count]
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
        logged = core.add_log(encounter, record, actor=actor, target=target) if log \
            else encounter
        return _Struck(logged, summary, (), used, f"{brief} misses", needs)
    sheet = defender.sheet
    after = encounter
    summary = f"{name} hits {foe} with the {weapon.name}"
    record = ""
    hurt = sheet
    if die is not None:
        bonus, multiplier = _damage_bonus(encounter, actor, target, weapon, backstab=backstab)
        damage = combat.damage_dealt(die.total(damage_faces) + bonus, multiplier)
        shown = [f"{die} ({', '.join(str(f) for f in damage_faces)})",
                 *(t.signed() for t in _damage_terms(encounter, actor, target, weapon)
                   if t.value)]
        roll += (f"; damage {', '.join(shown)}{' ×2 back-stab' if multiplier == 2 else ''}"
                 f" = {damage}")
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
    if effect is not None and not combat.down(hurt.hit_points):
        need_save = save_target(hurt, effect, options)
        if need_save is not None and save_face is not None and save_face >= need_save:
            words = f"{foe} saves against the {effect.key} (d20 {save_face} against {need_save})"
            brief += f", saved ({save_face} against {need_save})"
        else:
            after = apply_effect(after, target, effect)
            hurt = _c(after, target).sheet
            against = f" (d20 {save_face} against {need_save})" if save_face is not None \
                else ""
            words = f"{foe} is {effect.condition.lower()}{against}"
            brief += f", {effect.condition.lower()}{against}"
        summary += f"; {words}"
        record += f"; {words}"
    elif attack is not None and attack.effect and effect is None:
        record += f"; {attack.effect}: as its description says"
    died = combat.down(hurt.hit_points) and not combat.down(sheet.hit_points)
    if died:
        summary += f"; {foe} is dead"
        record += f"; {foe} is dead"
        brief += f"; {foe} is dead"
    if log:
        after = core.add_log(after, record, actor=actor, target=target)
    notices: list[str] = []
    if defender.declared == "cast a spell" and not died and rnd.lost_initiative(
            before, target, actor):
        after, notice = rnd.disrupt(after, target, "hit")
        notices.append(notice)
    if died or (not combat.down(hurt.hit_points) and afflicted(_c(after, target))
                and not afflicted(defender)):
        notices += _morale_notices(before, after, defender.side)
    return _Struck(after, summary, tuple(notices), used, brief, needs)


def _breathe(before: OseEncounter, encounter: OseEncounter, actor: str, index: int,
             target: str, faces: tuple[int, ...], *, log: bool = True) -> _Struck:
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
    need = derive(defender.sheet, options)[f"save.{save.value}"].value if save is not None \
        else None
    saved = need is not None and save_face is not None and save_face >= need
    name, foe = attacker.name, defender.name
    words = [f"{name} breathes its {attack.name} on {foe}"]
    brief = attack.name
    if save is not None:
        words.append(f"{foe} {'saves' if saved else 'fails to save'} vs "
                     f"{_SAVE_TITLES[save]} (d20 {save_face} against {need})")
        brief += f", {'saved' if saved else 'not saved'} ({save_face} against {need})"
    after, hurt = encounter, defender.sheet
    if full is not None:
        rolled = full if isinstance(full, int) else max(0, full.total(damage_faces))
        dealt = breath_dealt(rolled, saved, attack)
        how = f"its hit points, {rolled}" if isinstance(full, int) else \
            f"{full} ({', '.join(str(f) for f in damage_faces)})"
        words.append(f"damage {how}" + (", halved" if dealt != rolled else "") +
                     f" = {dealt}")
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
    if defender.declared == "cast a spell" and not died and (full is not None) and \
            rnd.lost_initiative(before, target, actor):
        after, notice = rnd.disrupt(after, target, "hit")
        notices.append(notice)
    if died or (not combat.down(hurt.hit_points) and afflicted(_c(after, target))
                and not afflicted(defender)):
        notices += _morale_notices(before, after, defender.side)
    return _Struck(after, summary, tuple(notices), used, brief)


def _spent(encounter: OseEncounter, actor: str,
           routine: tuple[MonsterAttack, ...]) -> OseEncounter:
    """A use spent of the routine's attacks with uses a day, once per breath: a creature
    caught in the breath of this round spends none."""
    combatant = _c(encounter, actor)
    sheet = combatant.sheet
    if not isinstance(sheet, MonsterSheet) or not any(a.uses for a in routine) or \
            0 < combatant.breathed == encounter.round:
        return encounter
    return core.update_combatant(encounter, actor,
                                 spent=spend_use(combatant.spent, sheet, routine),
                                 breathed=encounter.round)


def _resolve_routine(encounter: OseEncounter, actor: str, number: int, target: str,
                     faces: tuple[int, ...]) -> ActionOutcome:
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
            struck = _strike(encounter, after, actor, index, weapon, target,
                             faces[at:at + width], log=False)
            at += width
            after = struck.after
            need = need or struck.need
            briefs.append(struck.brief)
            notices += [n for n in struck.notices if n not in notices]
    name, foe = _c(encounter, actor).name, _c(encounter, target).name
    if idle:
        briefs.append(f"{idle} more with {foe} out of the fight")
    record = (f"{name} attacks {foe}, needing {need}: " if need else
              f"{name} breathes on {foe}: ") + "; ".join(briefs)
    # the routine's line first, then the conditions it placed (each logged as placed)
    placed = [after.log[n] for n in range(len(encounter.log), len(after.log))]
    log = core.add_log(encounter, record, actor=actor, target=target).log
    for entry in placed:
        log = log.appended(entry, core.MAX_LOG)
    after = _spent(after.model_copy(update={"log": log}), actor,
                   _routine_attacks(sheet, number))
    return ActionOutcome(_acted(after, actor), record, notices=tuple(notices))


def _morale_notices(before: OseEncounter, after: OseEncounter, side: str) -> list[str]:
    fresh = [t for t in rnd.morale_due(after, side) if t not in rnd.morale_due(before, side)]
    notices = []
    for trigger in fresh:
        living = [c for c in after.combatants if c.side == side and not rnd.is_dead(c)
                  and isinstance(c.sheet, MonsterSheet)]
        ml = rnd.morale_of(living[0])
        notices.append(f"The {side}' {trigger}: check morale (ML {ml}, holds "
                       f"{percent(rnd.morale_chance(ml))}).")
    return notices


def _resolve_cast(encounter: OseEncounter, actor: str, index: int,
                  target: str | None = None) -> ActionOutcome:
    combatant = _c(encounter, actor)
    sheet = combatant.sheet
    assert isinstance(sheet, CharacterSheet)
    spells = list(sheet.spells)
    spells[index] = spells[index].model_copy(update={"cast": True})
    after = core.replace_sheet(encounter, actor, sheet.model_copy(
        update={"spells": tuple(spells)}))
    after = core.update_combatant(after, actor, declared="none", spell="")
    after = _acted(_e(after), actor)
    summary = f"{combatant.name} casts {spells[index].name}"
    if target is not None:
        summary += f" at {_c(encounter, target).name}"
    return ActionOutcome(core.add_log(after, summary, actor=actor, target=target), summary)


def _resolve_save(encounter: OseEncounter, actor: str, action: Action,
                  natural: int) -> ActionOutcome:
    combatant = _c(encounter, actor)
    save = Save(action.variant)
    value = derive(combatant.sheet, encounter.options)[f"save.{save.value}"].value
    saved = natural >= value
    summary = (f"{combatant.name} {'saves' if saved else 'fails to save'} vs "
               f"{_SAVE_TITLES[save]}: d20 {natural} against {value}")
    after = core.add_log(encounter, summary, actor=actor)
    notices: list[str] = []
    if not saved and combatant.declared == "cast a spell" and rnd.lost_initiative(
            encounter, actor, None):
        after, notice = rnd.disrupt(after, actor, "failed a saving throw")
        notices.append(notice)
    return ActionOutcome(after, summary, notices=tuple(notices))


def _make_combatant(sheet: BaseModel, side: str) -> core.Combatant:
    if not isinstance(sheet, CharacterSheet | MonsterSheet):
        raise TypeError("an OSE encounter takes OSE sheets")
    return OseCombatant(name=sheet.name, side=side, sheet=sheet)


def _initiative_tip(encounter: core.Encounter, combatant: core.Combatant) -> str:
    assert isinstance(combatant, OseCombatant)
    ose = _e(encounter)
    if combatant.initiative is None:
        return ("Each side rolls 1d6 (d6 column); highest acts first" if not
                ose.options.individual_initiative else "1d6 + DEX modifier each")
    parts = [f"{rnd.step_of(ose, combatant)} step of its side's turn"]
    if rnd.is_slow(combatant) and (weapon := rnd.readied(combatant)) is not None:
        parts.append(f"{weapon.name} is slow: acts last ({combatant.initiative + 10} − 10)")
    if ose.phase == "surprise":
        parts.append("surprise round: acts without an initiative roll")
    return "; ".join(parts)


def _roll_words(encounter: core.Encounter) -> str:
    if not _e(encounter).options.individual_initiative:
        return INITIATIVE.roll_words()
    return ("Roll 1d6 + DEX modifier for everyone who acts next and has no initiative "
            "(highest acts first)")


def _roll_initiative(encounter: core.Encounter, roller: object) -> core.Encounter:
    from m3desk.core.dice import Roller

    assert isinstance(roller, Roller)
    return rnd.roll_initiative(_e(encounter), roller)


def _status(encounter: core.Encounter) -> tuple[str, ...]:
    return rnd.status(_e(encounter))


def _printed_checks(encounter: core.Encounter) -> tuple[PrintedCheck, ...]:
    """A box per monster side for each of its morale moments (first death, half down),
    ticked once checked; a side whose every monster is ML 2 or 12 never checks."""
    fight = _e(encounter)
    checks = []
    for side in fight.sides:
        monsters = [c for c in fight.combatants
                    if c.side == side and isinstance(c.sheet, MonsterSheet)]
        ratings = sorted({rnd.morale_of(c) for c in monsters})
        if not ratings or all(rnd.never_checks(ml) for ml in ratings):
            continue
        state = fight.morale.get(side)
        checked = state.checked if state is not None else ()
        note = "2d6 at most ML " + "/".join(map(str, ratings)) + " holds"
        checks += [PrintedCheck(side, f"Morale: {moment}", moment in checked, note)
                   for moment in rnd.MOMENTS]
    return tuple(checks)


def _due(encounter: core.Encounter) -> tuple[DueAction, ...]:
    return tuple(DueAction(f"Check morale: {side}", actor, Action("morale", variant="side"))
                 for side, actor in rnd.morale_owed(_e(encounter)))


def _condition_names(combatant: core.Combatant) -> tuple[str, ...]:
    assert isinstance(combatant, OseCombatant)
    names = [c.name for c in combatant.conditions]
    if combatant.declared != "none":
        names.append(f"cast {combatant.spell}" if combatant.spell else combatant.declared)
    if combatant.cover:
        names.append(f"cover {COVER_CHOICES[combatant.cover]}")
    if combatant.fleeing:
        names.append("fleeing")
    return tuple(names)


def _hit_dice(sheet: BaseModel) -> DiceExpr | None:
    """A monster's hit points come from its Hit Dice; a character's are its own."""
    if not isinstance(sheet, MonsterSheet):
        return None
    if sheet.hit_point_dice is not None:
        return sheet.hit_point_dice
    return d8_hit_dice(sheet.hit_dice, sheet.hit_dice_modifier)


def _declare_attack(encounter: core.Encounter, combatant_id: str) -> tuple[core.Encounter, str]:
    """Attacking is what a combatant does unless it declares otherwise: a spell, a fighting
    withdrawal or a retreat declared is taken back ("none")."""
    return rnd.declare(_e(encounter), combatant_id, "none"), \
        f"{_e(encounter).combatant(combatant_id).name} declares"


def _turn_over(encounter: core.Encounter, actor: str, _option: ActionOption) -> bool:
    """An attack or a spell marks the combatant as having acted: its round is done (a move
    before the attack, a save or a morale check leaves it to act)."""
    return _c(encounter, actor).acted


ENCOUNTER_RULES = EncounterRules(
    encounter_type=OseEncounter, make_combatant=_make_combatant, pool=_pool, columns=COLUMNS,
    cell=_cell, edit=_edit, initiative_tip=_initiative_tip, rings=_rings, reach=_reach,
    centre_summary=_centre_summary, condition_names=_condition_names,
    roll_initiative=_roll_initiative, roll_words=_roll_words, actions=_actions,
    preview=_preview, resolve=_resolve,
    status=_status, due=_due, hit_dice=_hit_dice,
    with_hit_points=with_hit_points, simulate=simulate, forecast_policy=FORECAST_POLICY,
    setup_steps=SETUP_STEPS, experience=experience.experience,
    award_experience=experience.award, check_move=moves.check_move,
    make_move=moves.make_move, turn_over=_turn_over, declare_attack=_declare_attack,
    printed_checks=_printed_checks)
