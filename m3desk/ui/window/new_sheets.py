"""Blank sheets for File → New: a character built from race and class data, a monster.

Plain functions (no Qt) so the rules a new character starts with are tested
without a dialog.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from m3desk.systems.monsters_and_magic.attributes import Attribute
from m3desk.systems.monsters_and_magic.sheet import CharacterSheet, MonsterSheet
from m3desk.systems.monsters_and_magic.size import Size
from m3desk.systems.monsters_and_magic.table_rules import TableRules
from m3desk.systems.monsters_and_magic.traits import Trait, TraitKind

__all__ = ["new_character", "new_monster"]

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
    """A character with the race's Movement, size and traits and the class's prime and traits.

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
    )


def new_monster(name: str = "New monster") -> MonsterSheet:
    """A level-1 monster for the GM to fill in."""
    return MonsterSheet(name=name)
