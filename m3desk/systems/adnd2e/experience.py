"""Experience for foes defeated, AD&D 2e's way, and what goes back to a sheet after a fight.

A monster is worth the XP value its Monstrous Manual entry prints (the DMG's table builds it
from Hit Dice and special abilities; the entry already did that sum). The total is split
evenly among the characters still standing. The PHB's 10 % bonus for a high prime requisite
is not applied: it depends on class requirements a sheet does not hold, so the GM adds it.
"""

from __future__ import annotations

from pydantic import BaseModel

from m3desk.core import encounter as core
from m3desk.core.experience import add_to_sheets, hit_points_and_experience, split, written_back
from m3desk.core.system import ExperienceAward, ExperienceLine
from m3desk.systems.adnd2e.sheet import CharacterSheet, MonsterSheet

__all__ = ["award", "describe_changes", "experience", "merged_into"]

_NO_PRIME = "The PHB's 10 % prime-requisite bonus is the GM's to add"


def experience(encounter: core.Encounter) -> ExperienceAward:
    defeated: list[ExperienceLine] = []
    notes: list[str] = []
    for combatant in encounter.combatants:
        sheet = combatant.sheet
        if isinstance(sheet, MonsterSheet) and encounter.out_of_fight(combatant):
            defeated.append(
                ExperienceLine(
                    combatant.name, sheet.xp, "XP value" if sheet.xp else "no XP value given"
                )
            )
            if not sheet.xp:
                notes.append(f"{combatant.name} has no XP value on its sheet: add one")
    total = sum(line.xp for line in defeated)
    survivors = [
        (c.id, c.name, 0)
        for c in encounter.combatants
        if isinstance(c.sheet, CharacterSheet) and not encounter.out_of_fight(c)
    ]
    shares, split_notes = split(total, survivors)
    return ExperienceAward(
        tuple(defeated),
        total,
        shares,
        (*notes, *split_notes, _NO_PRIME),
        awarded=bool(getattr(encounter, "experience_awarded", False)),
    )


def award(encounter: core.Encounter) -> core.Encounter:
    if getattr(encounter, "experience_awarded", False):
        raise ValueError("this fight's experience is already on the sheets")
    after = add_to_sheets(encounter, experience(encounter))
    return after.model_copy(update={"experience_awarded": True})


def merged_into(on_disk: BaseModel, fought: BaseModel) -> BaseModel:
    """The file's sheet with what the fight changed: hit points (within the file's maximum)
    and, for a character, experience."""
    return written_back(on_disk, fought, ("experience",))


def describe_changes(before: BaseModel, after: BaseModel) -> tuple[str, ...]:
    return tuple(hit_points_and_experience(before, after))
