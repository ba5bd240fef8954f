"""Blank sheets for File → New: a character built from race and class data, a monster.

Plain functions (no Qt) so the rules a new character starts with are tested
without a dialog.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from m3desk.systems.monsters_and_magic.attributes import Attribute, Attributes
from m3desk.systems.monsters_and_magic.derive import starting_hit_points
from m3desk.systems.monsters_and_magic.sheet import CharacterSheet, MonsterSheet
from m3desk.systems.monsters_and_magic.size import Size
from m3desk.systems.monsters_and_magic.table_rules import TableRules
from m3desk.systems.monsters_and_magic.traits import Trait, TraitKind

__all__ = ["hit_points_preview", "new_character", "new_monster"]

DataTable = Mapping[str, Mapping[str, Any]]


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
) -> CharacterSheet:
    """A character with the race's Movement, size and traits and the class's prime and traits,
    and full hit points as the table rules start them (never 0/0).

    Class traits come first because they are what the sheet's player looks up most.
    """
    race_data = races.get(race, {})
    class_data = classes.get(char_class, {})
    prime = class_data.get("prime")
    size = race_data.get("size", "M")
    movement = race_data.get("movement")
    traits = [
        *_traits(class_data.get("traits", ()), TraitKind.CLASS),
        *_traits(race_data.get("traits", ()), TraitKind.RACIAL),
    ]
    php, mhp = starting_hit_points(Attributes(), rules)
    return CharacterSheet(
        name=name.strip() or "New character",
        level=level,
        race=race,
        char_class=char_class,
        prime=Attribute(prime) if prime else None,
        size=Size(size) if size in Size.__members__ else Size.M,
        movement_base=movement if isinstance(movement, int) else None,
        traits=tuple(traits),
        hero_points=rules.starting_hero_points,
        php=php,
        mhp=mhp,
    )


def new_monster(name: str = "New monster", rules: TableRules | None = None) -> MonsterSheet:
    """A level-1 monster for the GM to fill in, standing: full PHP and MHP as the table rules
    start a character with its attributes (never 0/0, which is already down)."""
    php, mhp = starting_hit_points(Attributes(), rules or TableRules())
    return MonsterSheet(name=name, php=php, mhp=mhp)


def hit_points_preview(level: int, rules: TableRules) -> str:
    """What a new character's hit points will be, and where they come from."""
    attributes = Attributes()
    php, mhp = starting_hit_points(attributes, rules)
    bonus = rules.starting_hit_points_bonus
    text = (f"Hit points: {php.maximum} PHP (CON {attributes.CON} + {bonus}) and "
            f"{mhp.maximum} MHP (WIS {attributes.WIS} + {bonus}), from the table rules")
    if level > 1:
        text += f"; the rules excerpts give no gain per level: raise them for level {level}"
    return text
