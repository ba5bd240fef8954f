"""How a Monsters & Magic character is made: attributes, race, class, pools, hero points.

The excerpts read give no method for the six attributes (rules digest §1.2, §1.17): the
game's own default here is 4d6 dropping the lowest die, arranged as the player likes,
whose scores fit the example heroes' 16–17 in their prime attribute; 3d6 in order, a point
buy (8 in each and 24 points, at most 16, averaging the 12 of 4d6) and typed scores are
the alternatives. Race and class come from the game's data file (Movement, size, prime
attribute, traits); PHP and MHP start from CON and WIS by the table rules.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from pydantic import BaseModel

from m3desk.core.generation import (
    DROP_LOWEST,
    IN_ORDER,
    TYPED,
    AbilityMethod,
    Draft,
    Generation,
    Pick,
    PickGroup,
)
from m3desk.core.numbers import signed
from m3desk.systems.monsters_and_magic.attributes import Attribute, Attributes, check_modifier
from m3desk.systems.monsters_and_magic.derive import starting_hit_points
from m3desk.systems.monsters_and_magic.sheet import CharacterSheet
from m3desk.systems.monsters_and_magic.size import Size
from m3desk.systems.monsters_and_magic.table_rules import TableRules
from m3desk.systems.monsters_and_magic.traits import Trait, TraitKind

__all__ = ["DATA_FILE", "GENERATION", "POINT_BUY", "new_character"]

DataTable = Mapping[str, Mapping[str, Any]]
DATA_FILE = "races_classes.json"
"""The game's races and classes ({"races": {...}, "classes": {...}}) in resources/data."""

POINT_BUY = AbilityMethod(
    "point_buy",
    "Points spent",
    "Every attribute starts at 8; spend 24 points, one a step, none above 16 (the excerpts "
    "give no point buy: this averages 12, as 4d6 dropping the lowest does).",
    "point_buy",
    points=24,
    base=8,
    cap=16,
)

DEFAULT_METHOD = DROP_LOWEST._replace(
    help=DROP_LOWEST.help + " (The excerpts give no method; the example heroes' 16s and 17s "
    "in their prime attribute fit this one.)"
)


def _traits(raw: Iterable[Any], kind: TraitKind) -> list[Trait]:
    """Traits from the data file; plain strings are accepted as names."""
    traits: list[Trait] = []
    for item in raw:
        if isinstance(item, str):
            traits.append(Trait(name=item, kind=kind))
        elif isinstance(item, Mapping):
            traits.append(Trait.model_validate({**item, "kind": kind}))
    return traits


def new_character(
    name: str,
    race: str,
    char_class: str,
    level: int,
    *,
    races: DataTable,
    classes: DataTable,
    rules: TableRules,
    attributes: Attributes | None = None,
) -> CharacterSheet:
    """A character with the race's Movement, size and traits and the class's prime and traits,
    the attributes given (10 each by default) and full hit points as the table rules start
    them from CON and WIS (never 0/0).

    Class traits come first because they are what the sheet's player looks up most.
    """
    attributes = attributes or Attributes()
    race_data = races.get(race, {})
    class_data = classes.get(char_class, {})
    prime = class_data.get("prime")
    size = race_data.get("size", "M")
    movement = race_data.get("movement")
    traits = [
        *_traits(class_data.get("traits", ()), TraitKind.CLASS),
        *_traits(race_data.get("traits", ()), TraitKind.RACIAL),
    ]
    php, mhp = starting_hit_points(attributes, rules)
    return CharacterSheet(
        name=name.strip() or "New character",
        level=level,
        race=race,
        char_class=char_class,
        prime=Attribute(prime) if prime else None,
        size=Size(size) if size in Size.__members__ else Size.M,
        movement_base=movement if isinstance(movement, int) else None,
        attributes=attributes,
        traits=tuple(traits),
        hero_points=rules.starting_hero_points,
        php=php,
        mhp=mhp,
    )


def _rules(options: BaseModel | None) -> TableRules:
    return options if isinstance(options, TableRules) else TableRules()


def _table(data: Mapping[str, Any], key: str) -> DataTable:
    table = data.get(key, {})
    return table if isinstance(table, Mapping) else {}


def _trait_names(entry: Mapping[str, Any]) -> str:
    names = [
        item if isinstance(item, str) else str(item.get("name", ""))
        for item in entry.get("traits", ())
    ]
    return ", ".join(name for name in names if name)


def _race_picks(data: Mapping[str, Any]) -> tuple[Pick, ...]:
    return tuple(
        Pick(race, race.title(), f"Movement {entry.get('movement', '—')}; {_trait_names(entry)}")
        for race, entry in _table(data, "races").items()
    )


def _class_picks(data: Mapping[str, Any]) -> tuple[Pick, ...]:
    return tuple(
        Pick(name, name.title(), f"Prime {entry.get('prime') or 'none'}; {_trait_names(entry)}")
        for name, entry in _table(data, "classes").items()
    )


def _attributes(draft: Draft) -> Attributes:
    return Attributes.model_validate(dict(draft.scores))


def _hit_points(draft: Draft, options: BaseModel) -> tuple[int, str]:
    rules = _rules(options)
    attributes = _attributes(draft)
    php, mhp = starting_hit_points(attributes, rules)
    bonus = rules.starting_hit_points_bonus
    return php.maximum, (
        f"{php.maximum} PHP (CON {attributes.CON} + {bonus}) and "
        f"{mhp.maximum} MHP (WIS {attributes.WIS} + {bonus}), by the "
        "table rules"
    )


def _notes(draft: Draft, options: BaseModel) -> tuple[str, ...]:
    classes = _table(draft.data, "classes")
    prime = classes.get(draft.picks.get("class", ""), {}).get("prime")
    if not prime or prime not in Attribute.__members__:
        return ("No prime attribute: no check doubles its modifier",)
    score = draft.scores.get(prime, 10)
    doubled = check_modifier(score, prime=True, rules=_rules(options))
    return (
        f"Prime attribute {prime} {score}: checks on it add {signed(doubled)} "
        "(its modifier doubled)",
        f"Hero points {_rules(options).starting_hero_points}, by the table rules",
    )


def _build(draft: Draft, options: BaseModel) -> BaseModel:
    return new_character(
        draft.name,
        draft.picks.get("race", "human"),
        draft.picks.get("class", "fighter"),
        1,
        races=_table(draft.data, "races"),
        classes=_table(draft.data, "classes"),
        rules=_rules(options),
        attributes=_attributes(draft),
    )


GENERATION = Generation(
    abilities=tuple(attribute.value for attribute in Attribute),
    ability_names={attribute.value: attribute.full_name for attribute in Attribute},
    methods=(DEFAULT_METHOD, IN_ORDER, POINT_BUY, TYPED),
    score_range=(3, 18),
    build=_build,
    hit_points=_hit_points,
    groups=(PickGroup("race", "Race", _race_picks), PickGroup("class", "Class", _class_picks)),
    data_file=DATA_FILE,
    notes=_notes,
)
