"""One sample character against one monster made for a test, 5 apart: the fight the looped
routine and effect tests play through the dialog and the forecast."""

from __future__ import annotations

from pydantic import BaseModel

from m3desk.assets import sample_files
from m3desk.core import encounter as core
from m3desk.core.system import GameSystem
from m3desk.storage.sheet_files import load_sheet


def sample_hero(system: GameSystem, hp: int) -> BaseModel:
    """The game's first sample character, with ``hp`` hit points (of as many)."""
    for path in sample_files(system.id):
        sheet = load_sheet(path).model
        if getattr(sheet, "kind", "") == "character":
            return sheet.model_copy(update={"hit_points": hp, "max_hit_points": hp})
    raise AssertionError(f"{system.name} has no sample character")


def duel(
    system: GameSystem, name: str, hero: BaseModel, monster: BaseModel
) -> tuple[core.Encounter, str, str]:
    """The encounter ``name`` of ``hero`` (Party) and ``monster`` (Monsters) 5 apart, and the
    monster's and the hero's ids."""
    rules = system.encounter
    assert rules is not None
    encounter = rules.encounter_type(name=name)
    encounter = core.join(encounter, rules.make_combatant(hero, "Party"))
    encounter = core.join(encounter, rules.make_combatant(monster, "Monsters"))
    hero_id, monster_id = (c.id for c in encounter.combatants)
    encounter = core.set_position(encounter, hero_id, monster_id, 5, log=False)
    return encounter, monster_id, hero_id
