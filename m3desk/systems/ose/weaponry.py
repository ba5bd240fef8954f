"""What an OSE combatant fights with, as the action list, the board and the forecast read it:
a character's weapons or a monster's attacks, their damage dice and labels, a routine's
dice, what reaches how far, and the fight's own accessors (:func:`_c`, :func:`_e`,
:func:`_options`). Below every other part of the table (:mod:`m3desk.systems.ose.table`).
"""

from __future__ import annotations

from m3desk.core import encounter as core
from m3desk.core.dice import DiceExpr
from m3desk.core.routines import Damage, routine_words
from m3desk.core.system import DiceSpec
from m3desk.systems.ose.attacks import (
    EFFECT_SAVES,
    attack_damage,
    breath_save,
    effect_of,
    routine_uses_left,
    weapon_damage_of,
)
from m3desk.systems.ose.derive import weapon_damage
from m3desk.systems.ose.encounter import MELEE_FEET, OseCombatant, OseEncounter
from m3desk.systems.ose.options import OseOptions
from m3desk.systems.ose.sheet import CharacterSheet, MonsterAttack, MonsterSheet, Weapon
from m3desk.systems.ose.tables import UNARMED_DAMAGE, WEAPONS, Save

Sheet = CharacterSheet | MonsterSheet
_SAVE_TITLES = {
    Save.DEATH: "death or poison",
    Save.WANDS: "wands",
    Save.PARALYSIS: "paralysis or petrification",
    Save.BREATH: "breath attack",
    Save.SPELLS: "spells, rods or staves",
}


def _c(encounter: core.Encounter, combatant_id: str) -> OseCombatant:
    combatant = encounter.combatant(combatant_id)
    assert isinstance(combatant, OseCombatant)
    return combatant


def _e(encounter: core.Encounter) -> OseEncounter:
    assert isinstance(encounter, OseEncounter)
    return encounter


def _options(encounter: core.Encounter) -> OseOptions:
    return encounter.options if isinstance(encounter, OseEncounter) else OseOptions()


def _weapons(sheet: Sheet) -> tuple[Weapon, ...]:
    if isinstance(sheet, CharacterSheet):
        return sheet.weapons or (Weapon(name="unarmed", damage=DiceExpr.parse(UNARMED_DAMAGE)),)
    # a monster's attacks reach as melee weapons; their damage is the stat block's own
    return tuple(Weapon(name=a.name) for a in sheet.attacks) or (Weapon(name="attack"),)


def _damage_die(sheet: Sheet, index: int, weapon: Weapon, options: OseOptions) -> Damage | None:
    """Monsters deal their stat block's damage (None: the attack deals none); PCs 1d6 or the
    weapon's own (a table rule)."""
    if isinstance(sheet, CharacterSheet):
        return weapon_damage_of(
            weapon.model_copy(update={"damage": weapon_damage(weapon, options)})
        )
    if not sheet.attacks:
        return Damage.parse("1d6")  # a monster with no attacks typed strikes for 1d6
    return attack_damage(sheet, index, weapon)


def _damage_dice(damage: Damage | None, label: str = "damage") -> tuple[DiceSpec, ...]:
    return (
        tuple(DiceSpec(count, sides, label) for count, sides in damage.dice)
        if damage is not None
        else ()
    )


def _monster_attack(sheet: Sheet, index: int) -> MonsterAttack | None:
    return (
        sheet.attacks[index]
        if isinstance(sheet, MonsterSheet) and 0 <= index < len(sheet.attacks)
        else None
    )


def _attack_dice(
    sheet: Sheet, index: int, weapon: Weapon, options: OseOptions, label: str = ""
) -> tuple[DiceSpec, ...]:
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
    damage = (
        "damage equal to its hit points"
        if attack.own_hit_points
        else f"{attack.damage} damage"
        if attack.damage is not None
        else ""
    )
    save = breath_save(attack)
    effect = effect_of(attack)
    parts = [p for p in (damage, attack.effect if effect is None else effect.key) if p]
    words = " + ".join(parts) or "no damage given"
    if save is None:
        return f"{words}, no save"
    return f"{words}, save vs {_SAVE_TITLES[save]} " + (
        "to escape it" if attack.effect else "for half"
    )


def _routine_label(routine: tuple[MonsterAttack, ...]) -> str:
    """The routine as the book writes it, a breath with its rules in words."""
    return ", ".join(
        f"{a.name} ({_breath_summary(a)})" if a.breath else routine_words((a,)) for a in routine
    )


def _uses_words(combatant: OseCombatant, routine: tuple[MonsterAttack, ...]) -> str:
    """ " (3 a day, 2 left)" for a routine with uses a day, else ""."""
    found = routine_uses_left(combatant, routine)
    return f" ({found[1]} a day, {found[0]} left)" if found is not None else ""


def _routine_dice(
    sheet: MonsterSheet, routine: tuple[MonsterAttack, ...], options: OseOptions
) -> tuple[DiceSpec, ...]:
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
            found = _attack_dice(sheet, index, Weapon(name=attack.name), options, f"#{number}")
            dice += [
                spec._replace(
                    label=spec.label.replace(" attack", f" {word}").replace(" damage", " dmg")
                )
                for spec in found
            ]
    return tuple(dice)


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


def reloads(weapon: Weapon) -> bool:
    """A weapon that must be reloaded after a shot (the equipment list's crossbow)."""
    name = weapon.name.strip().lower()
    spec = WEAPONS.get(name)
    return weapon.missile and (spec.reload if spec is not None else "crossbow" in name)
