"""Every derived value of an OSE sheet, with the terms it was added up from.

Character keys: ``mod.STR`` … ``mod.CHA``, ``ac``, ``aac``, ``thac0``, ``attack_bonus``,
``melee.hit``, ``melee.damage``, ``missile.hit``, ``save.D`` … ``save.S``, ``movement``,
``movement.encounter``, ``movement.overland``, ``initiative``, ``open_doors``, ``reaction``,
``retainers``, ``loyalty``, ``languages``, ``xp.next``, ``thief.CS`` … ``thief.PP`` and per
weapon ``weapon.<n>.hit`` and ``weapon.<n>.damage`` (the bonus added to its damage die).
Monster keys: ``ac``, ``aac``, ``thac0``, ``attack_bonus``, ``save.D`` … ``save.S``,
``movement``, ``movement.encounter``, ``initiative``, ``morale``, ``hp.average``.
The referee's overrides (``sheet.overrides``) replace the computed value, visibly.
"""

from __future__ import annotations

import re

from m3desk.core.derived import Derived
from m3desk.core.dice import DiceExpr
from m3desk.core.terms import Term, total
from m3desk.systems.ose.movement import base_rate, encounter_rate, overland_miles
from m3desk.systems.ose.options import OseOptions
from m3desk.systems.ose.sheet import CharacterSheet, MonsterSheet, Weapon
from m3desk.systems.ose.tables import (
    ARMOUR_AC,
    DEFAULT_DAMAGE,
    PRIME_REQUISITES,
    THIEF_SKILLS,
    XP_FOR_LEVEL,
    OseClass,
    Save,
    class_saves,
    class_thac0,
    dex_initiative,
    monster_saves,
    monster_thac0,
    prime_requisite_xp,
    standard_modifier,
    thief_skills,
)

__all__ = ["derive", "hit_dice_text", "monster_save_source", "weapon_damage"]

_ARMOUR_WEIGHT = {
    "unarmoured": "none",
    "leather": "light",
    "chainmail": "heavy",
    "plate mail": "heavy",
}
_TIERS = (3, 5, 8, 12, 15, 17, 18)
"""The score bands of the ability table: 3, 4–5, 6–8, 9–12, 13–15, 16–17, 18."""
_OPEN_DOORS = (1, 1, 1, 2, 3, 4, 5)
_REACTION = (-2, -1, -1, 0, 1, 1, 2)
_RETAINERS = (1, 2, 3, 4, 5, 6, 7)
_LOYALTY = (4, 5, 6, 7, 8, 9, 10)
_LANGUAGES = (0, 0, 0, 0, 1, 2, 3)


def _tier(score: int, column: tuple[int, ...]) -> int:
    for ceiling, value in zip(_TIERS, column, strict=True):
        if score <= ceiling:
            return value
    return column[-1]


def _value(
    key: str, label: str, terms: tuple[Term, ...] | list[Term], overrides: dict[str, int]
) -> Derived:
    terms = tuple(terms)
    return Derived(key, label, total(terms), terms, overrides.get(key))


def weapon_damage(weapon: Weapon, options: OseOptions | None = None) -> DiceExpr:
    """The damage die a weapon rolls at this table: 1d6 for every weapon (the default), or
    its own die where the table uses weapon damage; unarmed is always 1d2."""
    options = options or OseOptions()
    if weapon.name.strip().lower() == "unarmed" or options.variable_weapon_damage:
        return weapon.damage
    return DiceExpr.parse(DEFAULT_DAMAGE)


def derive(
    sheet: CharacterSheet | MonsterSheet, options: OseOptions | None = None
) -> dict[str, Derived]:
    options = options or OseOptions()
    if isinstance(sheet, MonsterSheet):
        return _derive_monster(sheet)
    values = _abilities(sheet) + _armour(sheet) + _attacks(sheet) + _saves(sheet)
    values += _movement(sheet, options) + _skills(sheet)
    return {value.key: value for value in values}


def _modifier(sheet: CharacterSheet, name: str) -> Term:
    """An ability's modifier as a term of what it feeds (melee to hit, AC, saves): the
    referee's override of it where there is one, so the sheet never says "STR modifier +3
    (GM)" beside "Melee to hit +0"."""
    score = getattr(sheet.abilities, name)
    set_by_gm = sheet.overrides.get(f"mod.{name}")
    if set_by_gm is None:
        return Term(label=f"{name} {score}", value=standard_modifier(score))
    return Term(label=f"{name} modifier (set by the GM)", value=set_by_gm)


def _abilities(sheet: CharacterSheet) -> list[Derived]:
    o, scores = sheet.overrides, sheet.abilities
    values = [
        _value(
            f"mod.{name}",
            f"{name} modifier",
            (
                Term(
                    label=f"{name} {getattr(scores, name)}",
                    value=standard_modifier(getattr(scores, name)),
                ),
            ),
            o,
        )
        for name in ("STR", "INT", "WIS", "DEX", "CON", "CHA")
    ]
    init = [Term(label=f"DEX {scores.DEX}", value=dex_initiative(scores.DEX))]
    if sheet.char_class == OseClass.HALFLING:
        init.append(Term(label="halfling", value=1))
    values += [
        _value("initiative", "Individual initiative", init, o),
        _value(
            "open_doors",
            "Open doors (in 6)",
            (Term(label=f"STR {scores.STR}", value=_tier(scores.STR, _OPEN_DOORS)),),
            o,
        ),
        _value(
            "reaction",
            "NPC reactions",
            (Term(label=f"CHA {scores.CHA}", value=_tier(scores.CHA, _REACTION)),),
            o,
        ),
        _value(
            "retainers",
            "Retainers at most",
            (Term(label=f"CHA {scores.CHA}", value=_tier(scores.CHA, _RETAINERS)),),
            o,
        ),
        _value(
            "loyalty",
            "Retainers' loyalty",
            (Term(label=f"CHA {scores.CHA}", value=_tier(scores.CHA, _LOYALTY)),),
            o,
        ),
        _value(
            "languages",
            "Extra languages",
            (Term(label=f"INT {scores.INT}", value=_tier(scores.INT, _LANGUAGES)),),
            o,
        ),
    ]
    thresholds = XP_FOR_LEVEL[sheet.char_class]
    if sheet.level <= len(thresholds):
        next_xp = Term(
            label=f"{sheet.char_class.value} level {sheet.level + 1}",
            value=thresholds[sheet.level - 1],
        )
    else:
        next_xp = Term(label="beyond 5th level: see the class table", value=0)
    values.append(_value("xp.next", "XP for the next level", (next_xp,), o))
    primes = PRIME_REQUISITES[sheet.char_class]
    shown = " and ".join(f"{name} {getattr(scores, name)}" for name in primes)
    values.append(
        _value(
            "xp.prime",
            "XP bonus from the prime requisite (%)",
            (
                Term(
                    label=f"{sheet.char_class.value}: {shown}",
                    value=prime_requisite_xp(sheet.char_class, scores.model_dump()),
                ),
            ),
            o,
        )
    )
    return values


def _armour(sheet: CharacterSheet) -> list[Derived]:
    o = sheet.overrides
    dex = _modifier(sheet, "DEX")
    terms = [Term(label=sheet.armour, value=ARMOUR_AC[sheet.armour])]
    if sheet.shield:
        terms.append(Term(label="shield", value=-1))
    if sheet.magic_armour:
        terms.append(Term(label="magic armour", value=-sheet.magic_armour))
    if dex.value:
        terms.append(
            Term(label=dex.label if "mod.DEX" in sheet.overrides else "DEX", value=-dex.value)
        )
    ac = _value("ac", "AC", terms, o)
    small = [Term(label="AC", value=ac.value)]
    if sheet.char_class == OseClass.HALFLING:
        # SRD Halfling: AC 2 better against attackers larger than human-sized.
        small.append(Term(label="halfling", value=-2))
    return [
        ac,
        _value("aac", "AAC", (Term(label="base", value=19), Term(label="AC", value=-ac.value)), o),
        _value("ac.larger_foes", "AC against larger-than-human foes", small, o),
    ]


def _attacks(sheet: CharacterSheet) -> list[Derived]:
    o = sheet.overrides
    thac0 = _value(
        "thac0",
        "THAC0",
        (
            Term(
                label=f"{sheet.char_class.value} level {sheet.level}",
                value=class_thac0(sheet.char_class, sheet.level),
            ),
        ),
        o,
    )
    strength = _modifier(sheet, "STR")
    missile = [_modifier(sheet, "DEX")]
    if sheet.char_class == OseClass.HALFLING:
        missile.append(Term(label="halfling", value=1))
    values = [
        thac0,
        _value(
            "attack_bonus",
            "Attack bonus",
            (Term(label="base", value=19), Term(label="THAC0", value=-thac0.value)),
            o,
        ),
        _value("melee.hit", "Melee to hit", (strength,), o),
        _value("melee.damage", "Melee damage", (strength,), o),
        _value("missile.hit", "Missile to hit", missile, o),
    ]
    for index, weapon in enumerate(sheet.weapons):
        magic = [Term(label=f"magic +{weapon.magic}", value=weapon.magic)] if weapon.magic else []
        hit = [strength] if weapon.melee else list(missile)
        values.append(_value(f"weapon.{index}.hit", f"{weapon.name} to hit", hit + magic, o))
        if weapon.melee and weapon.missile:
            # A thrown dagger or spear is a missile: DEX, not STR (seed 003, digest §4).
            values.append(
                _value(f"weapon.{index}.thrown", f"{weapon.name} thrown to hit", missile + magic, o)
            )
        damage = [strength] if weapon.melee else [Term(label="missile: no STR", value=0)]
        values.append(
            _value(f"weapon.{index}.damage", f"{weapon.name} damage bonus", damage + magic, o)
        )
    return values


def _saves(sheet: CharacterSheet) -> list[Derived]:
    o = sheet.overrides
    wis = _modifier(sheet, "WIS").value
    values = []
    for save, target in class_saves(sheet.char_class, sheet.level).items():
        terms = [Term(label=f"{sheet.char_class.value} level {sheet.level}", value=target)]
        if save in (Save.WANDS, Save.SPELLS) and wis:
            # WIS helps against magic: a lower number is needed on the d20.
            terms.append(Term(label="WIS against magic", value=-wis))
        values.append(_value(f"save.{save.value}", f"Save vs {_SAVE_NAMES[save]}", terms, o))
    return values


_SAVE_NAMES = {
    Save.DEATH: "death or poison",
    Save.WANDS: "wands",
    Save.PARALYSIS: "paralysis or petrification",
    Save.BREATH: "breath attacks",
    Save.SPELLS: "spells, rods or staves",
}


def _movement(sheet: CharacterSheet, options: OseOptions) -> list[Derived]:
    o = sheet.overrides
    weight = _ARMOUR_WEIGHT[sheet.armour]
    rate = base_rate(
        encumbrance=options.encumbrance,
        armour=weight,  # type: ignore[arg-type]
        treasure=sheet.carrying_treasure,
        coins=sheet.load_coins,
    )
    if options.encumbrance == "basic":
        label = f"{sheet.armour}" + (", carrying treasure" if sheet.carrying_treasure else "")
    elif options.encumbrance == "detailed":
        label = f"{sheet.load_coins} coins carried"
    else:
        label = "encumbrance not counted"
    if rate is None:
        label += ": too heavy to move"
    base = _value("movement", "Movement", (Term(label=label, value=rate or 0),), o)
    return [
        base,
        _value(
            "movement.encounter",
            "Encounter movement",
            (Term(label="movement ÷ 3", value=encounter_rate(base.value)),),
            o,
        ),
        _value(
            "movement.overland",
            "Overland miles a day",
            (Term(label="movement ÷ 5", value=overland_miles(base.value)),),
            o,
        ),
    ]


def _skills(sheet: CharacterSheet) -> list[Derived]:
    o = sheet.overrides
    thief = sheet.char_class == OseClass.THIEF
    skills = thief_skills(sheet.level)
    values = []
    for key, name in THIEF_SKILLS:
        label = f"thief level {sheet.level}" if thief else "only thieves have it"
        shown = f"{name} (1 to n on a d6)" if key == "HN" else f"{name} %"
        values.append(
            _value(
                f"thief.{key}", shown, (Term(label=label, value=skills[key] if thief else 0),), o
            )
        )
    return values


def hit_dice_text(sheet: MonsterSheet) -> str:
    """HD as a stat block prints it: "1-1", "½", "4+1*"."""
    text = "½" if sheet.hit_dice == 0 else str(sheet.hit_dice)
    if sheet.hit_dice_modifier:
        text += f"{'+' if sheet.hit_dice_modifier > 0 else '-'}{abs(sheet.hit_dice_modifier)}"
    return text + "*" * sheet.hit_dice_asterisks


_CLASS_CODES = {
    "NH": None,
    "F": OseClass.FIGHTER,
    "C": OseClass.CLERIC,
    "D": OseClass.DWARF,
    "E": OseClass.ELF,
    "H": OseClass.HALFLING,
    "MU": OseClass.MAGIC_USER,
    "M": OseClass.MAGIC_USER,
    "T": OseClass.THIEF,
}


def monster_save_source(sheet: MonsterSheet) -> tuple[str, dict[Save, int]]:
    """Where a monster's saves come from and what they are: as printed, as a class and level
    ("F3"), as a normal human ("NH"), or by Hit Dice."""
    if len(sheet.saves) == len(Save):
        shown = f" ({sheet.saves_as})" if sheet.saves_as else ""
        return f"stat block{shown}", dict(sheet.saves)
    code = sheet.saves_as.strip().upper().replace(" ", "")
    if code == "NH":
        return "as a normal human", monster_saves(0, normal_human=True)
    match = re.fullmatch(r"(MU|[FCDEHMT])(\d{1,2})", code)
    if match and (cls := _CLASS_CODES[match.group(1)]) is not None:
        level = max(1, int(match.group(2)))
        return f"as {cls.value} level {level}", class_saves(cls, level)
    if numeric := re.fullmatch(r"(?:HD)?(\d{1,2})", code):
        level = max(1, int(numeric.group(1)))
        return f"as HD {level}", monster_saves(level)
    hd = max(sheet.hit_dice, 1)
    return f"as HD {hd}", monster_saves(hd, normal_human=sheet.normal_human)


def _derive_monster(sheet: MonsterSheet) -> dict[str, Derived]:
    o = sheet.overrides
    hd = hit_dice_text(sheet)
    ac = _value("ac", "AC", (Term(label="stat block", value=sheet.armour_class),), o)
    if sheet.normal_human:
        thac0_term = Term(label="normal human", value=20)
    else:
        attacks_as = sheet.hit_dice + (1 if sheet.hit_dice_modifier > 0 else 0)
        label = f"HD {hd}" + (
            f", attacks as {attacks_as} HD" if sheet.hit_dice_modifier > 0 else ""
        )
        thac0_term = Term(label=label, value=monster_thac0(sheet.hit_dice, sheet.hit_dice_modifier))
    thac0 = _value("thac0", "THAC0", (thac0_term,), o)
    source, saves = monster_save_source(sheet)
    average = 2 if sheet.hit_dice == 0 else (sheet.hit_dice * 9) // 2
    dice_label = "½ HD: 1d4" if sheet.hit_dice == 0 else f"{sheet.hit_dice}d8"
    modifier = sheet.hit_dice_modifier
    if sheet.hit_point_dice is not None:  # a bodyguard's 3d6, a creature of 1 hit point
        rolled = sheet.hit_point_dice
        average = rolled.count * (rolled.sides + 1) // 2
        dice_label, modifier = f"hit points {rolled}", rolled.bonus
        if not rolled.count:
            dice_label, average = "fixed hit points", 0
    values = [
        ac,
        _value("aac", "AAC", (Term(label="base", value=19), Term(label="AC", value=-ac.value)), o),
        thac0,
        _value(
            "attack_bonus",
            "Attack bonus",
            (Term(label="base", value=19), Term(label="THAC0", value=-thac0.value)),
            o,
        ),
        *[
            _value(
                f"save.{save.value}",
                f"Save vs {_SAVE_NAMES[save]}",
                (Term(label=source, value=target),),
                o,
            )
            for save, target in saves.items()
        ],
        _value("movement", "Movement", (Term(label="stat block", value=sheet.movement),), o),
        _value(
            "movement.encounter",
            "Encounter movement",
            (Term(label="movement ÷ 3", value=encounter_rate(sheet.movement)),),
            o,
        ),
        _value(
            "initiative",
            "Individual initiative",
            (Term(label="referee's fast/slow modifier", value=sheet.initiative_modifier),),
            o,
        ),
        _value("morale", "Morale", (Term(label="stat block", value=sheet.morale),), o),
        _value(
            "hp.average",
            "Average hit points",
            (
                Term(label=dice_label, value=average),
                Term(
                    label="HD modifier" if sheet.hit_point_dice is None else "bonus", value=modifier
                ),
            ),
            o,
        ),
    ]
    return {value.key: value for value in values}
