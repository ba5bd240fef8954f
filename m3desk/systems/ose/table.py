"""How an OSE fight runs at the table, as the tracker, the board and the action dialog ask.

Positions are feet between each pair; melee reaches 5', missiles work past 5' in their short,
medium and long bands. The board draws the selected combatant's melee reach, its encounter
movement (and half of it, a fighting withdrawal) and its missile ranges. An attack's odds
come from the attack matrix (or plain arithmetic, a table rule) and are exact.
"""

from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel, Field

from m3desk.core import encounter as core
from m3desk.core.dice import DiceExpr
from m3desk.core.numbers import signed
from m3desk.core.system import (
    ActionOption,
    ActionOutcome,
    ActionPreview,
    Cell,
    DiceSpec,
    EncounterRules,
    InitiativeScheme,
    PositionModel,
    Reach,
    Ring,
    TrackerColumn,
)
from m3desk.systems.ose import combat
from m3desk.systems.ose.derive import derive
from m3desk.systems.ose.options import OseOptions
from m3desk.systems.ose.sheet import CharacterSheet, MonsterSheet, Weapon
from m3desk.systems.ose.tables import standard_modifier

__all__ = ["ENCOUNTER_RULES", "FEET", "INITIATIVE", "OseCombatant", "OseEncounter"]

MELEE_FEET = 5
INITIATIVE = InitiativeScheme(roller="side_die", die=6, lower_first=False, ties="reroll",
                              reroll_each_round=True,
                              declared=("spells", "fighting withdrawal", "retreat"))
FEET = PositionModel(kind="distance", unit="ft", maximum=480, step=5)
Sheet = CharacterSheet | MonsterSheet


class OseCombatant(core.Combatant):
    sheet: CharacterSheet | MonsterSheet = Field(discriminator="kind")


class OseEncounter(core.Encounter):
    scheme: ClassVar[InitiativeScheme] = INITIATIVE
    position_model: ClassVar[PositionModel] = FEET
    combatants: tuple[OseCombatant, ...] = Field((), max_length=core.MAX_COMBATANTS)
    options: OseOptions = Field(default_factory=OseOptions)


def _sheet(encounter: core.Encounter, combatant_id: str) -> Sheet:
    sheet = encounter.combatant(combatant_id).sheet
    assert isinstance(sheet, CharacterSheet | MonsterSheet)
    return sheet


def _options(encounter: core.Encounter) -> OseOptions:
    return encounter.options if isinstance(encounter, OseEncounter) else OseOptions()


def _ac(sheet: Sheet) -> int:
    return derive(sheet)["ac"].value


def _thac0(sheet: Sheet) -> int:
    return derive(sheet)["thac0"].value


def _pool(combatant: core.Combatant) -> tuple[int, int]:
    sheet = combatant.sheet
    return (sheet.hit_points, sheet.max_hit_points)


COLUMNS = (
    TrackerColumn("hp", "HP", "Hit points, current/maximum; type a number to set them",
                  kind="pool", sample="999/999"),
    TrackerColumn("ac", "AC", "Armour class, descending [ascending]", sample="AC -9 [28]"),
    TrackerColumn("thac0", "THAC0", "To hit AC 0 [attack bonus]", sample="19 [+0]",
                  centred=True),
)


def _cell(encounter: core.Encounter, combatant: core.Combatant, column: str) -> Cell:
    sheet = combatant.sheet
    if column == "hp":
        return Cell(text=f"{sheet.hit_points}/{sheet.max_hit_points}", pool=_pool(combatant),
                    editable=True, edit_text=str(sheet.hit_points))
    values = derive(sheet, _options(encounter))
    if column == "ac":
        ac = values["ac"]
        return Cell(text=f"AC {ac.value} [{19 - ac.value}]", tip=ac.explanation())
    thac0 = values["thac0"]
    return Cell(text=f"{thac0.value} [{signed(19 - thac0.value)}]", tip=thac0.explanation())


def _edit(encounter: core.Encounter, combatant_id: str, column: str,
          text: str) -> tuple[core.Encounter, str]:
    sheet = _sheet(encounter, combatant_id)
    value = int(text)
    after = sheet.model_copy(update={"hit_points": min(value, sheet.max_hit_points)})
    return (core.replace_sheet(encounter, combatant_id, after),
            f"Set {encounter.combatant(combatant_id).name}'s hit points to {value}")


def _weapons(sheet: Sheet) -> tuple[Weapon, ...]:
    if isinstance(sheet, CharacterSheet):
        return sheet.weapons or (Weapon(name="unarmed", damage=DiceExpr.parse("1d2")),)
    return tuple(Weapon(name=a.name, damage=a.damage or DiceExpr.parse("1d6"))
                 for a in sheet.attacks) or (Weapon(name="attack"),)


def _rings(encounter: core.Encounter, centre: str) -> tuple[Ring, ...]:
    sheet = _sheet(encounter, centre)
    movement = derive(sheet, _options(encounter))
    rate = movement["movement.encounter"].value
    rings = [Ring(MELEE_FEET, "melee", "reach")]
    if rate:
        rings += [Ring(rate // 2, "withdraw", "move"), Ring(rate, "move", "move")]
    for weapon in _weapons(sheet):
        if weapon.missile and weapon.ranges:
            rings += [Ring(feet, f"{weapon.name} {band}", "range")
                      for feet, band in zip(weapon.ranges, ("short", "medium", "long"),
                                            strict=True)]
    return tuple(rings)


def _usable(sheet: Sheet, feet: int) -> list[Weapon]:
    """Melee at 5' or less, missiles past 5' and within their long range."""
    def works(weapon: Weapon) -> bool:
        if feet <= MELEE_FEET:
            return weapon.melee
        return weapon.missile and weapon.ranges is not None and feet <= weapon.ranges[2]

    return [weapon for weapon in _weapons(sheet) if works(weapon)]


def _reach(encounter: core.Encounter, a: str, b: str) -> Reach:
    usable = _usable(_sheet(encounter, a), core.position_between(encounter, a, b))
    return Reach(options=tuple(w.name for w in usable), in_reach=bool(usable))


def _actions(encounter: core.Encounter, actor: str) -> tuple[ActionOption, ...]:
    return tuple(ActionOption(f"attack:{index}", f"Attack with {weapon.name}",
                              dice=(DiceSpec(1, 20, "attack"),
                                    DiceSpec(weapon.damage.count, weapon.damage.sides,
                                             "damage")))
                 for index, weapon in enumerate(_weapons(_sheet(encounter, actor))))


def _attack(encounter: core.Encounter, actor: str, action: str,
            target: str | None) -> tuple[Weapon, int, list[str]] | str:
    """The weapon, the attack modifier and its terms, or why the attack cannot be made."""
    if target is None:
        return "Choose a target."
    weapons = _weapons(_sheet(encounter, actor))
    weapon = weapons[int(action.split(":")[1])]
    feet = core.position_between(encounter, actor, target)
    if weapon not in _usable(_sheet(encounter, actor), feet):
        if feet <= MELEE_FEET:
            return f"The {weapon.name} is a missile weapon: it needs more than 5' to the target."
        return f"The target is {feet}' away: out of reach of the {weapon.name}."
    sheet = _sheet(encounter, actor)
    modifier, terms = 0, []
    if isinstance(sheet, CharacterSheet):
        if feet <= MELEE_FEET:
            modifier = standard_modifier(sheet.abilities.STR)
            terms.append(f"STR {signed(modifier)}")
        else:
            modifier = standard_modifier(sheet.abilities.DEX)
            terms.append(f"DEX {signed(modifier)}")
    if feet > MELEE_FEET and weapon.ranges:
        band = 1 if feet <= weapon.ranges[0] else 0 if feet <= weapon.ranges[1] else -1
        modifier += band
        terms.append(f"range {signed(band)}")
    return weapon, modifier, terms


def _preview(encounter: core.Encounter, actor: str, action: str,
             target: str | None) -> ActionPreview:
    found = _attack(encounter, actor, action, target)
    if isinstance(found, str):
        return ActionPreview(problem=found)
    _weapon, modifier, terms = found
    assert target is not None
    thac0, ac = _thac0(_sheet(encounter, actor)), _ac(_sheet(encounter, target))
    table = _options(encounter).attack_table
    need = combat.needed(thac0, ac, table=table)
    line = f"d20 {' '.join(terms)} needs {need} (THAC0 {thac0} against AC {ac})".replace(
        "  ", " ")
    return ActionPreview(lines=(line,), success=combat.hit_chance(thac0, ac, modifier,
                                                                  table=table))


def _resolve(encounter: core.Encounter, actor: str, action: str, target: str | None,
             faces: tuple[int, ...]) -> ActionOutcome:
    found = _attack(encounter, actor, action, target)
    if isinstance(found, str):
        raise ValueError(found)
    weapon, modifier, _terms = found
    assert target is not None
    attacker, defender = _sheet(encounter, actor), _sheet(encounter, target)
    natural, damage_faces = faces[0], faces[1:]
    need = combat.needed(_thac0(attacker), _ac(defender), table=_options(encounter).attack_table)
    hit = natural == 20 or (natural != 1 and natural + modifier >= need)
    name, foe = encounter.combatant(actor).name, encounter.combatant(target).name
    if not hit:
        summary = f"{name} misses {foe} ({natural} {signed(modifier)} against {need})"
        return ActionOutcome(core.add_log(encounter, summary, actor=actor, target=target),
                             summary)
    melee_bonus = (standard_modifier(attacker.abilities.STR)
                   if isinstance(attacker, CharacterSheet)
                   and core.position_between(encounter, actor, target) <= MELEE_FEET else 0)
    damage = max(1, weapon.damage.total(damage_faces) + melee_bonus)
    after = defender.model_copy(update={"hit_points": defender.hit_points - damage})
    summary = f"{name} hits {foe} with the {weapon.name} for {damage}"
    if after.hit_points <= 0:
        summary += f"; {foe} is dead"
    encounter = core.replace_sheet(encounter, target, after)
    return ActionOutcome(core.add_log(encounter, summary, actor=actor, target=target), summary)


def _make_combatant(sheet: BaseModel, side: str) -> core.Combatant:
    if not isinstance(sheet, CharacterSheet | MonsterSheet):
        raise TypeError("an OSE encounter takes OSE sheets")
    return OseCombatant(name=sheet.name, side=side, sheet=sheet)


ENCOUNTER_RULES = EncounterRules(
    encounter_type=OseEncounter, make_combatant=_make_combatant, pool=_pool, columns=COLUMNS,
    cell=_cell, edit=_edit, rings=_rings, reach=_reach, actions=_actions, preview=_preview,
    resolve=_resolve)
