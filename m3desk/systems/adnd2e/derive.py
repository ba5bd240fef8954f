"""Every derived value of a 2e sheet, with the terms it was added up from.

Character keys: ``str.hit``, ``str.damage``, ``dex.reaction``, ``dex.missile``,
``dex.defensive``, ``con.hp``, ``wis.magic``, ``thac0``, ``save.PPD`` … ``save.Sp``, ``ac``,
``ac.rear``, ``ac.charging``, ``encumbrance`` (0 unencumbered … 5 overloaded),
``encumbrance.to_hit``, ``movement.base``, ``movement``, ``initiative``, ``hit_die``, and per
weapon ``weapon.N.to_hit``, ``weapon.N.damage``, ``weapon.N.thac0``. Monster keys: ``thac0``,
``ac``, ``movement``, ``save.*``, ``morale``, ``save_level``.
The DM's overrides (``sheet.overrides``) replace a computed value, visibly.
"""

from __future__ import annotations

from m3desk.core.derived import Derived
from m3desk.core.numbers import signed
from m3desk.core.terms import Term, total
from m3desk.systems.adnd2e.combat import charging_armour_class
from m3desk.systems.adnd2e.option_rules import dex_initiative_rule, rear_rule
from m3desk.systems.adnd2e.options import AdndOptions
from m3desk.systems.adnd2e.sheet import CharacterSheet, MonsterSheet, Weapon
from m3desk.systems.adnd2e.tables import (
    ARMOUR_AC,
    CLASS_GROUP,
    ENCUMBRANCE_EFFECTS,
    ENCUMBRANCE_NAMES,
    GROUP_HIT_DIE,
    RACE_MOVEMENT,
    SAVE_NAMES,
    Group,
    Save,
    con_hp_adjustment,
    dex_adjustments,
    encumbered_rate,
    encumbrance_category,
    encumbrance_source,
    group_saves,
    group_thac0,
    monster_save_level,
    monster_thac0,
    nonproficiency_penalty,
    str_adjustments,
    strength_label,
    wis_magic_defence,
)

__all__ = ["derive", "weapon_damage_bonus", "weapon_to_hit"]


def _value(
    key: str, label: str, terms: list[Term] | tuple[Term, ...], overrides: dict[str, int]
) -> Derived:
    return Derived(key, label, total(terms), tuple(terms), overrides.get(key))


def derive(
    sheet: CharacterSheet | MonsterSheet, options: AdndOptions | None = None
) -> dict[str, Derived]:
    options = options or AdndOptions()
    if isinstance(sheet, MonsterSheet):
        return _derive_monster(sheet)
    return _derive_character(sheet, options)


def group_of(sheet: CharacterSheet) -> Group:
    return CLASS_GROUP[sheet.char_class]


def _exceptional(sheet: CharacterSheet) -> int:
    """18/xx counts only for warriors."""
    return sheet.abilities.STR_exceptional if group_of(sheet) is Group.WARRIOR else 0


def _adjustment(sheet: CharacterSheet, key: str, label: str, computed: int) -> Term:
    """An ability adjustment as a term of what it feeds (a weapon's to hit, AC): the
    referee's override of it where there is one, so "STR hit adjustment +3 GM" is what the
    weapons' to hit add, not the table's +0."""
    set_by_gm = sheet.overrides.get(key)
    if set_by_gm is None:
        return Term(label=label, value=computed)
    return Term(label=f"{label} (set by the GM)", value=set_by_gm)


def weapon_to_hit(sheet: CharacterSheet, weapon: Weapon, *, missile: bool) -> list[Term]:
    """The attack modifiers a weapon carries: STR (melee, thrown) or DEX (missiles), magic,
    specialisation, non-proficiency."""
    scores = sheet.abilities
    terms: list[Term] = []
    str_hit, _ = str_adjustments(scores.STR, _exceptional(sheet))
    if not missile or weapon.thrown:
        terms.append(
            _adjustment(sheet, "str.hit", strength_label(scores.STR, _exceptional(sheet)), str_hit)
        )
    if missile:
        terms.append(
            _adjustment(
                sheet, "dex.missile", f"DEX {scores.DEX} missile", dex_adjustments(scores.DEX)[0]
            )
        )
    if weapon.magic:
        terms.append(Term(label="magic", value=weapon.magic))
    if weapon.specialised:
        terms.append(Term(label="specialised", value=1))
    if not weapon.proficient:
        terms.append(Term(label="not proficient", value=nonproficiency_penalty(group_of(sheet))))
    return [t for t in terms if t.value]


def weapon_damage_bonus(sheet: CharacterSheet, weapon: Weapon, *, missile: bool) -> list[Term]:
    scores = sheet.abilities
    terms: list[Term] = []
    if not missile or weapon.thrown:
        _, damage = str_adjustments(scores.STR, _exceptional(sheet))
        terms.append(
            _adjustment(
                sheet, "str.damage", strength_label(scores.STR, _exceptional(sheet)), damage
            )
        )
    if weapon.magic:
        terms.append(Term(label="magic", value=weapon.magic))
    if weapon.specialised:
        terms.append(Term(label="specialised", value=2))
    return [t for t in terms if t.value]


def _derive_character(sheet: CharacterSheet, options: AdndOptions) -> dict[str, Derived]:
    o = sheet.overrides
    group = group_of(sheet)
    values: list[Derived] = []
    strength, dex, reaction, defensive = _ability_values(sheet, group, o, values)
    thac0 = _class_values(sheet, group, o, values)
    category, enc_hit, enc_ac = _encumbrance_values(sheet, options, strength, o, values)
    _armour_values(sheet, options, (dex, defensive), (category, enc_ac), o, values)
    init_terms = dex_initiative_rule(options).terms(dex, reaction)
    values.append(_value("initiative", "Initiative modifier", init_terms, o))
    _weapon_values(sheet, thac0, category, enc_hit, o, values)
    return {value.key: value for value in values}


def _ability_values(
    sheet: CharacterSheet, group: Group, o: dict[str, int], values: list[Derived]
) -> tuple[str, str, int, int]:
    """The abilities' adjustments, appended to ``values``; returns the STR label, the DEX
    label, the reaction and the defensive adjustment (the referee's, where set)."""
    scores = sheet.abilities
    strength = strength_label(scores.STR, _exceptional(sheet))
    str_hit, str_damage = str_adjustments(scores.STR, _exceptional(sheet))
    values.append(_value("str.hit", "STR hit adjustment", [Term(label=strength, value=str_hit)], o))
    values.append(
        _value("str.damage", "STR damage adjustment", [Term(label=strength, value=str_damage)], o)
    )
    reaction, defensive = dex_adjustments(scores.DEX)
    dex = f"DEX {scores.DEX}"
    values.append(
        _value("dex.reaction", "Reaction adjustment", [Term(label=dex, value=reaction)], o)
    )
    values.append(
        _value("dex.missile", "Missile attack adjustment", [Term(label=dex, value=reaction)], o)
    )
    values.append(
        _value("dex.defensive", "Defensive adjustment", [Term(label=dex, value=defensive)], o)
    )
    defensive = values[-1].value  # the referee's, where set: AC follows it
    warrior = group is Group.WARRIOR
    values.append(
        _value(
            "con.hp",
            "Hit points per die from CON",
            [
                Term(
                    label=f"CON {scores.CON}" + (" (warrior)" if warrior else ""),
                    value=con_hp_adjustment(scores.CON, warrior=warrior),
                )
            ],
            o,
        )
    )
    values.append(
        _value(
            "wis.magic",
            "Magical defence adjustment",
            [Term(label=f"WIS {scores.WIS}", value=wis_magic_defence(scores.WIS))],
            o,
        )
    )
    return strength, dex, reaction, defensive


def _class_values(
    sheet: CharacterSheet, group: Group, o: dict[str, int], values: list[Derived]
) -> Derived:
    """Hit die, THAC0 and saves by group and level, appended to ``values``; returns THAC0."""
    values.append(
        _value("hit_die", "Hit die", [Term(label=f"{group.value}", value=GROUP_HIT_DIE[group])], o)
    )
    level = f"{sheet.char_class} {sheet.level}"
    thac0 = _value("thac0", "THAC0", [Term(label=level, value=group_thac0(group, sheet.level))], o)
    values.append(thac0)
    for save, target in group_saves(group, sheet.level).items():
        values.append(
            _value(
                f"save.{save.value}",
                f"Save vs {SAVE_NAMES[save]}",
                [Term(label=f"{group.value} {sheet.level}", value=target)],
                o,
            )
        )
    return thac0


def _encumbrance_values(
    sheet: CharacterSheet,
    options: AdndOptions,
    strength: str,
    o: dict[str, int],
    values: list[Derived],
) -> tuple[int, int, int]:
    """Encumbrance and the movement it leaves, appended to ``values``; returns the category
    and what it does to hit and to AC."""
    scores = sheet.abilities
    # Encumbrance and what it leaves of movement, to hit and AC.
    category = encumbrance_category(scores.STR, _exceptional(sheet), sheet.carried)
    _kept, enc_hit, enc_ac = ENCUMBRANCE_EFFECTS[category]
    source = encumbrance_source(scores.STR)
    values.append(
        _value(
            "encumbrance",
            "Encumbrance",
            [
                Term(
                    label=f"{sheet.carried} lb with {strength}: {ENCUMBRANCE_NAMES[category]}"
                    + (f" ({source})" if source else ""),
                    value=category,
                )
            ],
            o,
        )
    )
    values.append(
        _value(
            "encumbrance.to_hit",
            "To hit from encumbrance",
            [Term(label=ENCUMBRANCE_NAMES[category], value=enc_hit)],
            o,
        )
    )
    base = RACE_MOVEMENT[sheet.race]
    values.append(_value("movement.base", "Base movement", [Term(label=sheet.race, value=base)], o))
    adjusted = (
        encumbered_rate(base, category, rounding=options.encumbrance_rounding)
        if options.encumbrance_slows
        else base
    )
    move_terms = [Term(label=sheet.race, value=base)]
    if adjusted != base:
        move_terms.append(Term(label=ENCUMBRANCE_NAMES[category], value=adjusted - base))
    values.append(_value("movement", "Movement rate", move_terms, o))
    return category, enc_hit, enc_ac


def _armour_values(
    sheet: CharacterSheet,
    options: AdndOptions,
    dexterity: tuple[str, int],
    encumbrance: tuple[int, int],
    o: dict[str, int],
    values: list[Derived],
) -> None:
    """AC, from behind and while charging, appended to ``values``."""
    dex, defensive = dexterity
    category, enc_ac = encumbrance
    # Armour class.
    ac_terms = [
        Term(
            label=sheet.armour if sheet.armour != "none" else "no armour",
            value=ARMOUR_AC[sheet.armour],
        )
    ]
    if sheet.shield:
        ac_terms.append(Term(label="shield", value=-1))
    if sheet.magic_armour:
        ac_terms.append(Term(label="magic armour", value=-sheet.magic_armour))
    if defensive:
        ac_terms.append(Term(label=dex, value=defensive))
    if enc_ac:
        ac_terms.append(Term(label=ENCUMBRANCE_NAMES[category], value=enc_ac))
    ac = _value("ac", "AC", ac_terms, o)
    values.append(ac)
    behind = rear_rule(options)
    rear = behind.armour(ac.value, shield=sheet.shield, dex_adjustment=defensive)
    values.append(
        _value(
            "ac.rear",
            "AC from behind",
            [Term(label="AC", value=ac.value), Term(label=behind.lost, value=rear - ac.value)],
            o,
        )
    )
    charging = charging_armour_class(ac.value, defensive)
    values.append(
        _value(
            "ac.charging",
            "AC while charging",
            [
                Term(label="AC", value=ac.value),
                Term(label="no DEX bonus, 1 worse", value=charging - ac.value),
            ],
            o,
        )
    )


def _weapon_values(
    sheet: CharacterSheet,
    thac0: Derived,
    category: int,
    enc_hit: int,
    o: dict[str, int],
    values: list[Derived],
) -> None:
    """Each weapon's to hit, damage bonus and modified THAC0, appended to ``values``."""
    for index, weapon in enumerate(sheet.weapons):
        missile = weapon.missile and not weapon.melee
        hit_terms = weapon_to_hit(sheet, weapon, missile=missile)
        if enc_hit:
            hit_terms.append(Term(label=ENCUMBRANCE_NAMES[category], value=enc_hit))
        to_hit = _value(
            f"weapon.{index}.to_hit",
            f"{weapon.name} to hit",
            hit_terms or [Term(label="no modifier", value=0)],
            o,
        )
        values.append(to_hit)
        values.append(
            _value(
                f"weapon.{index}.damage",
                f"{weapon.name} damage bonus",
                weapon_damage_bonus(sheet, weapon, missile=missile)
                or [Term(label="no bonus", value=0)],
                o,
            )
        )
        values.append(
            _value(
                f"weapon.{index}.thac0",
                f"{weapon.name} modified THAC0",
                [Term(label="THAC0", value=thac0.value), Term(label="to hit", value=-to_hit.value)],
                o,
            )
        )


def _derive_monster(sheet: MonsterSheet) -> dict[str, Derived]:
    o = sheet.overrides
    hd = "½" if sheet.hit_dice == 0 else str(sheet.hit_dice)
    if sheet.hit_dice_modifier:
        hd += signed(sheet.hit_dice_modifier)
    values: list[Derived] = []
    if sheet.thac0 is not None:
        values.append(_value("thac0", "THAC0", [Term(label="stat block", value=sheet.thac0)], o))
    else:
        values.append(
            _value(
                "thac0",
                "THAC0",
                [
                    Term(
                        label=f"HD {hd}",
                        value=monster_thac0(sheet.hit_dice, sheet.hit_dice_modifier),
                    )
                ],
                o,
            )
        )
    values.append(_value("ac", "AC", [Term(label="stat block", value=sheet.armour_class)], o))
    values.append(
        _value("movement", "Movement rate", [Term(label="stat block", value=sheet.movement)], o)
    )
    level = monster_save_level(sheet.hit_dice, sheet.hit_dice_modifier)
    values.append(
        _value("save_level", "Saves as warrior level", [Term(label=f"HD {hd}", value=level)], o)
    )
    printed = dict(zip(Save, sheet.saves, strict=True)) if sheet.saves else None
    for save, target in group_saves(Group.WARRIOR, min(level, 17)).items():
        label = "stat block" if printed else f"warrior {level}"
        values.append(
            _value(
                f"save.{save.value}",
                f"Save vs {SAVE_NAMES[save]}",
                [Term(label=label, value=printed[save] if printed else target)],
                o,
            )
        )
    values.append(_value("morale", "Morale", [Term(label="stat block", value=sheet.morale)], o))
    return {value.key: value for value in values}
