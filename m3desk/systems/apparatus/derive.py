"""Every derived value of an Apparatus sheet, with the terms it was added up from.

Keys: ``size_modifier``, ``might.sized``, ``speed``, ``defense.guard``, ``defense.might``,
``defense.agility``, ``defense.wits``, ``defense.resolve``, ``physique``, ``grapple``,
``critical_threshold``, ``initiative``, ``cost.climb``, ``cost.swim``, ``jump.high``,
``jump.long.0``, ``jump.long.2``, ``jump.long.4``. The referee's overrides
(``sheet.overrides``) replace the computed value, visibly. Formulas the wiki never gave are
the digest's defaults (§5, §10) and table rules.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from pydantic import BaseModel

from m3desk.core.derived import Derived
from m3desk.core.terms import Term, total
from m3desk.systems.apparatus.movement import jump_band, jump_distances
from m3desk.systems.apparatus.option_rules import defense_rule
from m3desk.systems.apparatus.options import ApparatusOptions
from m3desk.systems.apparatus.sheet import CharacterSheet, CreatureSheet
from m3desk.systems.apparatus.tables import (
    BAND_NAMES,
    SIZE_MULTIPLIER,
    round_half_up,
    size_modifier,
)

__all__ = ["DERIVED_KEYS", "check_might", "derive"]

DERIVED_KEYS = (
    "size_modifier",
    "might.sized",
    "speed",
    "defense.guard",
    "defense.might",
    "defense.agility",
    "defense.wits",
    "defense.resolve",
    "physique",
    "grapple",
    "critical_threshold",
    "initiative",
    "cost.climb",
    "cost.swim",
    "jump.high",
    "jump.long.0",
    "jump.long.2",
    "jump.long.4",
)


def _value(key: str, label: str, terms: list[Term], overrides: dict[str, int]) -> Derived:
    return Derived(key, label, total(terms), tuple(terms), overrides.get(key))


def check_might(
    sheet: CharacterSheet | CreatureSheet, options: ApparatusOptions, sized: int
) -> Term:
    """The Might a check adds: as written, or multiplied by size (a table rule)."""
    if options.sized_might_in_checks:
        return Term(label="size-adjusted Might", value=sized)
    return Term(label="Might", value=sheet.abilities.might)


def derive(sheet: BaseModel, options: BaseModel | None = None) -> dict[str, Derived]:
    if not isinstance(sheet, CharacterSheet | CreatureSheet):
        raise TypeError("not an Apparatus sheet")
    rules = options if isinstance(options, ApparatusOptions) else ApparatusOptions()
    o = sheet.overrides
    a = sheet.abilities
    values: list[Derived] = []

    def add(key: str, label: str, terms: list[Term]) -> Derived:
        value = _value(key, label, terms, o)
        values.append(value)
        return value

    size_mod = add(
        "size_modifier",
        "Size Modifier",
        [Term(label=sheet.size, value=size_modifier(sheet.size, rules.size_modifiers))],
    ).value
    multiplier = SIZE_MULTIPLIER[sheet.size]
    sized = add(
        "might.sized",
        "Size-adjusted Might",
        [Term(label=f"Might × {multiplier}", value=round_half_up(a.might * multiplier))],
    )
    if sheet.speed is not None:
        add("speed", "Speed", [Term(label="written on the sheet", value=sheet.speed)])
    else:
        speed = max(1, math.floor(rules.speed_medium * multiplier))
        add(
            "speed",
            "Speed",
            [Term(label=f"Medium Speed {rules.speed_medium} × {multiplier}", value=speed)],
        )
    _defenses(sheet, rules, size_mod, add)
    might = check_might(sheet, rules, sized.value)
    add(
        "physique",
        "Physique Rating",
        [
            Term(label="base", value=rules.physique_base),
            might,
            Term(label="Size Modifier", value=size_mod),
        ],
    )
    add(
        "grapple",
        "Grapple and Shove check",
        [
            Term(label="Combat Proficiency", value=sheet.combat_proficiency),
            might,
            Term(label="Size Modifier", value=size_mod),
        ],
    )
    add(
        "critical_threshold",
        "Critical Threshold",
        [Term(label="natural roll", value=rules.critical_threshold)],
    )
    add("initiative", "Initiative bonus", [Term(label="Agility", value=a.agility)])
    _movement_costs(sheet, rules, add)
    return {value.key: value for value in values}


_Add = Callable[[str, str, list[Term]], Derived]


def _defenses(
    sheet: CharacterSheet | CreatureSheet, rules: ApparatusOptions, size_mod: int, add: _Add
) -> None:
    """Guard and the four Defenses (each from 10 under the static rule)."""
    a = sheet.abilities
    static = defense_rule(rules).static
    base = [Term(label="base", value=10)] if static else []
    add(
        "defense.guard",
        "Guard" if static else "Guard bonus",
        [
            *base,
            Term(
                label="Might" if a.might >= a.agility else "Agility", value=max(a.might, a.agility)
            ),
            Term(label="Combat Proficiency", value=sheet.combat_proficiency),
            Term(label="armour", value=sheet.armour_bonus),
            Term(label="Size Modifier", value=-size_mod),
        ],
    )
    add(
        "defense.might",
        "Might Defense",
        [*base, Term(label="Might", value=a.might), Term(label="Size Modifier", value=-size_mod)],
    )
    add(
        "defense.agility",
        "Agility Defense",
        [
            *base,
            Term(label="Agility", value=a.agility),
            Term(label="Size Modifier", value=-size_mod),
        ],
    )
    add("defense.wits", "Wits Defense", [*base, Term(label="Wits", value=a.wits)])
    add("defense.resolve", "Resolve Defense", [*base, Term(label="Resolve", value=a.resolve)])


def _movement_costs(
    sheet: CharacterSheet | CreatureSheet, rules: ApparatusOptions, add: _Add
) -> None:
    """Climbing and swimming costs a metre, the standing and running jumps."""
    a = sheet.abilities
    for kind, feat in (
        ("climb", sheet.feats.natural_climber),
        ("swim", sheet.feats.natural_swimmer),
    ):
        label = f"Natural {'Climber' if kind == 'climb' else 'Swimmer'}" if feat else kind
        add(
            f"cost.{kind}",
            f"{kind.capitalize()} cost per metre",
            [Term(label=label, value=1 if feat else 2)],
        )
    band = jump_band(a.might, a.agility, rules)
    jumps = jump_distances(sheet.size, band, rules)
    where = f"{sheet.size}, {BAND_NAMES[band]}"
    add("jump.high", "Standing high jump (m)", [Term(label=where, value=jumps["high"])])
    for run in (0, 2, 4):
        label = "Standing long jump (m)" if not run else f"Long jump after {run} m (m)"
        add(f"jump.long.{run}", label, [Term(label=where, value=jumps[f"long.{run}"])])
