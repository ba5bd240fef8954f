"""Derived values of a sheet, each with its explanation and the GM's override.

Keys are stable strings so that overrides can be stored in the sheet and the UI can ask
for any value by name: ``mod.STR``, ``check.STR`` (prime doubled), ``movement``, ``mov``,
``ac``, ``ac.rolled``, ``mental_armour``, ``initiative``, ``initiative.casting``,
``max_damage.item.<n>``, ``max_damage.spell.<n>``, ``max_damage.attack.<n>``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from m3desk.core.derived import Derived
from m3desk.core.terms import Term, total
from m3desk.systems.monsters_and_magic.attributes import (
    Attribute,
    Attributes,
    attribute_modifier,
    check_modifier,
)
from m3desk.systems.monsters_and_magic.conditions import on_defence
from m3desk.systems.monsters_and_magic.dice import DiceExpr
from m3desk.systems.monsters_and_magic.initiative import initiative_terms
from m3desk.systems.monsters_and_magic.movement import (
    ArmourWeight,
    effective_movement,
    movement_modifier,
    race_movement,
)
from m3desk.systems.monsters_and_magic.option_rules import damage_cap_rule
from m3desk.systems.monsters_and_magic.sheet import CharacterSheet, MonsterSheet, Pool, SheetBase
from m3desk.systems.monsters_and_magic.table_rules import STRICT, TableRules
from m3desk.systems.monsters_and_magic.traits import trait_bonus

Adder = Callable[["Derived"], None]
S = TypeVar("S", bound=SheetBase)
_WEIGHT_ORDER = [ArmourWeight.NONE, ArmourWeight.LIGHT, ArmourWeight.MEDIUM, ArmourWeight.HEAVY]


def max_damage(dice: str, level: int, *, rules: TableRules = STRICT) -> int:
    """Damage one check can deal: the damage expression's maximum + level (dagger 1d4 → 5)."""
    return damage_cap_rule(rules).cap(DiceExpr.parse(dice), level)


def _max_damage_terms(expr: DiceExpr, level: int, rules: TableRules) -> tuple[Term, ...]:
    return damage_cap_rule(rules).terms(expr, level)


def starting_hit_points(attributes: Attributes, rules: TableRules = STRICT) -> tuple[Pool, Pool]:
    """A new character's full PHP and MHP: CON and WIS + the table's starting bonus.

    The excerpts give no formula (digest 1.8); the default bonus 8 fits Shamira, a 1st-level
    cleric with CON 8 and 16 PHP. Never 0/0, so a new character can take a blow."""
    bonus = rules.starting_hit_points_bonus
    return Pool.full(attributes.CON + bonus), Pool.full(attributes.WIS + bonus)


def with_attribute(sheet: S, attribute: str, score: int) -> S:
    """``sheet`` with one attribute changed; a character's pools follow the attributes they
    start from (PHP from CON, MHP from WIS): the maximum and the current move by the change,
    so CON 10 → 12 raises 18/18 PHP to 20/20 and a wounded 9/18 to 11/20."""
    before = getattr(sheet.attributes, attribute)
    attributes = sheet.attributes.model_copy(update={attribute: score})
    changes: dict[str, object] = {
        "attributes": type(sheet.attributes).model_validate(attributes.model_dump())
    }
    pool_of = {"CON": "php", "WIS": "mhp"}.get(attribute)
    if pool_of is not None and isinstance(sheet, CharacterSheet):
        pool: Pool = getattr(sheet, pool_of)
        changes[pool_of] = pool.raised_by(score - before)
    return sheet.model_copy(update=changes)


def worn_armour_weight(sheet: CharacterSheet) -> ArmourWeight:
    worn = [item.weight for item in sheet.items if item.equipped and item.kind == "armour"]
    return max(worn, key=_WEIGHT_ORDER.index, default=ArmourWeight.NONE)


def armour_trait_bonus(sheet: SheetBase) -> int:
    return trait_bonus(sheet.level, 1) if any(t.armour for t in sheet.traits) else 0


def derive(sheet: CharacterSheet | MonsterSheet, rules: TableRules = STRICT) -> dict[str, Derived]:
    """Every derived value of the sheet, overrides applied."""
    values: list[Derived] = []
    add = values.append
    prime = sheet.prime if isinstance(sheet, CharacterSheet) else None
    for attribute in Attribute:
        score = sheet.attributes.score(attribute)
        mod = attribute_modifier(score)
        add(
            Derived(
                f"mod.{attribute}",
                f"{attribute} modifier",
                mod,
                (Term(label=f"({attribute} {score} − 10) ÷ 2", value=mod),),
            )
        )
        doubled = check_modifier(score, prime=attribute is prime, rules=rules)
        terms: tuple[Term, ...] = (Term(label=f"{attribute} modifier", value=mod),)
        if doubled != mod:
            terms += (Term(label="prime attribute doubles it", value=doubled - mod),)
        add(Derived(f"check.{attribute}", f"{attribute} check", doubled, terms))

    if isinstance(sheet, CharacterSheet):
        _derive_character(sheet, rules, add)
    else:
        _derive_monster(sheet, rules, add)
    _add_current_defence(sheet, values, add)
    overrides = sheet.overrides
    return {
        d.key: Derived(d.key, d.label, d.computed, d.terms, overrides.get(d.key)) for d in values
    }


def _initiative(
    sheet: CharacterSheet | MonsterSheet, *, casting: bool, rules: TableRules, label: str, key: str
) -> Derived:
    terms = initiative_terms(sheet, casting=casting, rules=rules)
    return Derived(key, label, total(terms), terms)


def _derive_character(sheet: CharacterSheet, rules: TableRules, add: Adder) -> None:
    base = sheet.movement_base or race_movement(sheet.race)
    weight = worn_armour_weight(sheet)
    movement, move_terms = effective_movement(base, sheet.encumbrance, weight)
    add(Derived("movement", "Movement", movement, move_terms))
    add(
        Derived(
            "mov",
            "MOV",
            movement_modifier(movement),
            (Term(label=f"Movement {movement}", value=movement_modifier(movement)),),
        )
    )

    dex = sheet.attributes.DEX
    armour_terms = [
        Term(label=item.name, value=item.armour_bonus)
        for item in sheet.items
        if item.equipped and item.kind in ("armour", "shield") and item.armour_bonus
    ]
    trait_terms = [Term(label="trait", value=armour_trait_bonus(sheet))]
    trait_terms = [t for t in trait_terms if t.value]
    add(
        Derived(
            "ac",
            "AC",
            dex + total(armour_terms) + total(trait_terms),
            (Term(label="DEX", value=dex), *armour_terms, *trait_terms),
        )
    )
    dex_mod = check_modifier(
        dex, prime=sheet.prime is Attribute.DEX and rules.prime_doubles_resistance, rules=rules
    )
    rolled = (Term(label="DEX modifier", value=dex_mod), *armour_terms, *trait_terms)
    add(Derived("ac.rolled", "Rolled defence", total(rolled), rolled))
    social = [
        Term(label=item.name, value=item.armour_bonus)
        for item in sheet.items
        if item.equipped and item.kind == "social armour" and item.armour_bonus
    ]
    add(Derived("mental_armour", "Mental armour", total(social), tuple(social)))

    add(_initiative(sheet, casting=False, rules=rules, label="Initiative", key="initiative"))
    add(
        _initiative(
            sheet, casting=True, rules=rules, label="Initiative (casting)", key="initiative.casting"
        )
    )
    for index, item in enumerate(sheet.items):
        if item.damage is not None:
            terms = _max_damage_terms(item.damage, sheet.level, rules)
            add(
                Derived(
                    f"max_damage.item.{index}", f"{item.name} maximum damage", total(terms), terms
                )
            )
    for index, spell in enumerate(sheet.spells):
        if spell.damage is not None:
            terms = _max_damage_terms(spell.damage, sheet.level, rules)
            add(
                Derived(
                    f"max_damage.spell.{index}", f"{spell.name} maximum damage", total(terms), terms
                )
            )


def _derive_monster(sheet: MonsterSheet, rules: TableRules, add: Adder) -> None:
    if sheet.armour_bonus is None:
        written = (Term(label="stat block", value=sheet.armour_class),)
        add(Derived("ac", "AC", sheet.armour_class, written))
        add(
            Derived(
                "ac.rolled",
                "Rolled defence",
                sheet.rolled_defence,
                (Term(label="stat block", value=sheet.rolled_defence),),
            )
        )
    else:
        _derive_monster_armour(sheet, sheet.armour_bonus, add)
    mental = (Term(label="mental armour", value=sheet.mental_armour),)
    add(
        Derived(
            "mental_armour",
            "Mental armour",
            sheet.mental_armour,
            mental if sheet.mental_armour else (),
        )
    )
    add(_initiative(sheet, casting=False, rules=rules, label="Initiative", key="initiative"))
    for index, attack in enumerate(sheet.attacks):
        if attack.damage is not None:
            terms = _max_damage_terms(attack.damage, sheet.level, rules)
            add(
                Derived(
                    f"max_damage.attack.{index}",
                    f"{attack.name} maximum damage",
                    total(terms),
                    terms,
                )
            )


def _derive_monster_armour(sheet: MonsterSheet, armour: int, add: Adder) -> None:
    """AC and rolled defence from DEX and the armour bonus, as seed 001 builds the orc's."""
    dex = sheet.attributes.DEX
    extra = [Term(label="armour bonus", value=armour)]
    if armour_trait_bonus(sheet):
        extra.append(Term(label="trait", value=armour_trait_bonus(sheet)))
    static = (Term(label="DEX", value=dex), *extra)
    add(Derived("ac", "AC", total(static), static))
    rolled = (Term(label="DEX modifier", value=attribute_modifier(dex)), *extra)
    add(Derived("ac.rolled", "Rolled defence", total(rolled), rolled))


def _add_current_defence(sheet: SheetBase, values: list[Derived], add: Adder) -> None:
    """AC and rolled defence with the effects and consequences in force (Shield: +2)."""
    found = {d.key: d for d in values}
    extra = tuple(Term(label=c.name, value=c.value) for c in on_defence(sheet.conditions))
    for key, label in (("ac", "AC now"), ("ac.rolled", "Rolled defence now")):
        base = found[key]
        value = base.value if sheet.overrides.get(key) is None else sheet.overrides[key]
        terms = (Term(label=base.label, value=value), *extra)
        add(Derived(f"{key}.now", label, total(terms), terms))


OVERRIDABLE_PREFIXES = (
    "mod.",
    "check.",
    "movement",
    "mov",
    "ac",
    "mental_armour",
    "initiative",
    "max_damage.",
)
