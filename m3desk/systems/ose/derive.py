"""Every derived value of an OSE sheet, with the terms it was added up from.

Keys: ``mod.STR`` … ``mod.CHA``, ``ac``, ``aac``, ``thac0``, ``attack_bonus``, ``save.D`` …
``save.S``, ``movement``, ``movement.encounter``, ``movement.overland``, ``initiative``.
The referee's overrides (``sheet.overrides``) replace the computed value, visibly.
"""

from __future__ import annotations

from m3desk.core.derived import Derived
from m3desk.core.terms import Term, total
from m3desk.systems.ose.movement import base_rate, encounter_rate, overland_miles
from m3desk.systems.ose.options import OseOptions
from m3desk.systems.ose.sheet import CharacterSheet, MonsterSheet
from m3desk.systems.ose.tables import (
    ARMOUR_AC,
    Save,
    class_saves,
    class_thac0,
    dex_initiative,
    standard_modifier,
)

__all__ = ["derive"]

_ARMOUR_WEIGHT = {"unarmoured": "none", "leather": "light", "chainmail": "heavy",
                  "plate mail": "heavy"}


def _value(key: str, label: str, terms: tuple[Term, ...],
           overrides: dict[str, int]) -> Derived:
    return Derived(key, label, total(terms), terms, overrides.get(key))


def derive(sheet: CharacterSheet | MonsterSheet,
           options: OseOptions | None = None) -> dict[str, Derived]:
    options = options or OseOptions()
    if isinstance(sheet, MonsterSheet):
        return _derive_monster(sheet)
    o = sheet.overrides
    values: list[Derived] = []
    scores = sheet.abilities
    for name in ("STR", "INT", "WIS", "DEX", "CON", "CHA"):
        score = getattr(scores, name)
        values.append(_value(f"mod.{name}", f"{name} modifier",
                             (Term(label=f"{name} {score}", value=standard_modifier(score)),), o))
    dex = standard_modifier(scores.DEX)
    ac_terms = [Term(label=sheet.armour, value=ARMOUR_AC[sheet.armour])]
    if sheet.shield:
        ac_terms.append(Term(label="shield", value=-1))
    if sheet.magic_armour:
        ac_terms.append(Term(label="magic armour", value=-sheet.magic_armour))
    if dex:
        ac_terms.append(Term(label="DEX", value=-dex))
    ac = _value("ac", "AC", tuple(ac_terms), o)
    values.append(ac)
    values.append(_value("aac", "AAC", (Term(label="19", value=19),
                                        Term(label="AC", value=-ac.value)), o))
    thac0 = class_thac0(sheet.char_class, sheet.level)
    values.append(_value("thac0", "THAC0", (Term(
        label=f"{sheet.char_class.value} level {sheet.level}", value=thac0),), o))
    values.append(_value("attack_bonus", "Attack bonus", (Term(label="19", value=19),
                                                          Term(label="THAC0", value=-thac0)), o))
    wis = standard_modifier(scores.WIS)
    for save, target in class_saves(sheet.char_class, sheet.level).items():
        terms = [Term(label=f"{sheet.char_class.value} level {sheet.level}", value=target)]
        if save in (Save.WANDS, Save.SPELLS) and wis:
            # WIS helps against magic: a lower number is needed on the d20.
            terms.append(Term(label="WIS against magic", value=-wis))
        values.append(_value(f"save.{save.value}", f"Save vs {save.name.lower()}",
                             tuple(terms), o))
    rate = base_rate(encumbrance=options.encumbrance,
                     armour=_ARMOUR_WEIGHT[sheet.armour],  # type: ignore[arg-type]
                     treasure=sheet.carrying_treasure, coins=sheet.load_coins) or 0
    values.append(_value("movement", "Movement", (Term(label=f"{options.encumbrance} load",
                                                       value=rate),), o))
    values.append(_value("movement.encounter", "Encounter movement",
                         (Term(label="movement ÷ 3", value=encounter_rate(rate)),), o))
    values.append(_value("movement.overland", "Overland miles a day",
                         (Term(label="movement ÷ 5", value=overland_miles(rate)),), o))
    values.append(_value("initiative", "Individual initiative",
                         (Term(label=f"DEX {scores.DEX}", value=dex_initiative(scores.DEX)),),
                         o))
    return {value.key: value for value in values}


def _derive_monster(sheet: MonsterSheet) -> dict[str, Derived]:
    o = sheet.overrides
    values = [
        _value("ac", "AC", (Term(label="stat block", value=sheet.armour_class),), o),
        _value("aac", "AAC", (Term(label="19", value=19),
                              Term(label="AC", value=-sheet.armour_class)), o),
        _value("thac0", "THAC0", (Term(label="stat block", value=sheet.thac0),), o),
        _value("movement.encounter", "Encounter movement",
               (Term(label="movement ÷ 3", value=encounter_rate(sheet.movement)),), o),
    ]
    return {value.key: value for value in values}
