"""Experience for monsters defeated, OSE's way, and what goes back to a sheet after a fight.

A monster is worth the XP its stat block prints, or, where the block gives none, the base XP
of its Hit Dice plus a bonus per special ability (asterisk) from the SRD's table. Every
monster defeated (slain, or broken and fled) counts; the total is split evenly among the
characters still standing, and each share is raised or lowered by the character's prime
requisite (+5 %, −10 % …).
"""

from __future__ import annotations

from typing import cast

from pydantic import BaseModel

from m3desk.core import encounter as core
from m3desk.core.experience import add_to_sheets, hit_points_and_experience, split, written_back
from m3desk.core.system import ExperienceAward, ExperienceLine
from m3desk.systems.ose.derive import hit_dice_text
from m3desk.systems.ose.encounter import OseCombatant, OseEncounter
from m3desk.systems.ose.sheet import CharacterSheet, MonsterSheet
from m3desk.systems.ose.tables import prime_requisite_xp

__all__ = [
    "XP_BY_HIT_DICE",
    "award",
    "describe_changes",
    "experience",
    "hit_dice_xp",
    "merged_into",
    "monster_xp",
]

XP_BY_HIT_DICE: tuple[tuple[float, int, int], ...] = (
    (0.5, 5, 1),
    (1, 10, 3),
    (1.5, 15, 4),
    (2, 20, 5),
    (2.5, 25, 10),
    (3, 35, 15),
    (3.5, 50, 25),
    (4, 75, 50),
    (4.5, 125, 75),
    (5, 175, 125),
    (5.5, 225, 175),
    (6, 275, 225),
    (6.5, 350, 300),
    (7.5, 450, 400),
    (8.5, 650, 550),
    (10.5, 900, 700),
    (12.5, 1100, 800),
    (16.5, 1350, 950),
    (20.5, 2000, 1150),
    (21.5, 2500, 2000),
)
"""The SRD's XP table: up to this many Hit Dice ("4+" is 4.5), the base XP and the bonus XP
per special ability. Above 21+ each Hit Die adds 250 to both."""


def hit_dice_xp(hit_dice: int, modifier: int, asterisks: int) -> int:
    """XP by Hit Dice and special abilities: HD 4* is 75 + 50 = 125; HD 2+2 is 25."""
    # "1-1" is below 1 HD on the table (a goblin is worth 5), "2+2" above 2.
    level = (
        0.5 if hit_dice == 0 else hit_dice + (0.5 if modifier > 0 else -0.5 if modifier < 0 else 0)
    )
    for ceiling, base, bonus in XP_BY_HIT_DICE:
        if level <= ceiling:
            return base + bonus * asterisks
    extra = 250 * (hit_dice - 21)
    return 2500 + extra + (2000 + extra) * asterisks


def monster_xp(sheet: MonsterSheet) -> tuple[int, str]:
    """The XP a monster is worth, and where that comes from."""
    if sheet.xp > 0:
        return sheet.xp, "stat block"
    value = hit_dice_xp(sheet.hit_dice, sheet.hit_dice_modifier, sheet.hit_dice_asterisks)
    return value, f"HD {hit_dice_text(sheet)} on the XP table"


def _defeated(encounter: OseEncounter) -> list[OseCombatant]:
    return [
        c
        for c in encounter.combatants
        if isinstance(c.sheet, MonsterSheet) and (encounter.out_of_fight(c) or c.fleeing)
    ]


def experience(encounter: core.Encounter) -> ExperienceAward:
    """What the fight has earned so far: per monster defeated, the total, each share."""
    ose = cast(OseEncounter, encounter)
    defeated = tuple(
        ExperienceLine(c.name, *monster_xp(cast(MonsterSheet, c.sheet))) for c in _defeated(ose)
    )
    if ose.treasure_gp:  # SRD Experience: 1 XP per gp of treasure recovered
        defeated += (ExperienceLine("Treasure", ose.treasure_gp, "1 XP per gp of value"),)
    total = sum(line.xp for line in defeated)
    survivors = [
        (c.id, c.name, prime_requisite_xp(c.sheet.char_class, c.sheet.abilities.model_dump()))
        for c in ose.combatants
        if isinstance(c.sheet, CharacterSheet) and not ose.out_of_fight(c)
    ]
    shares, notes = split(total, survivors)
    return ExperienceAward(defeated, total, shares, notes, awarded=ose.experience_awarded)


def award(encounter: core.Encounter) -> core.Encounter:
    """Each survivor's share added to the experience on its sheet, in one step, logged."""
    ose = cast(OseEncounter, encounter)
    if ose.experience_awarded:
        raise ValueError("this fight's experience is already on the sheets")
    after = add_to_sheets(ose, experience(ose))
    return after.model_copy(update={"experience_awarded": True})


# -- writing back ----------------------------------------------------------------------------


def merged_into(on_disk: BaseModel, fought: BaseModel) -> BaseModel:
    """The file's sheet with what the fight changed: hit points (within the file's maximum),
    experience, spells used, and the coins and gear a treasure shared out; everything else
    in the file stays the file's."""
    return written_back(on_disk, fought, ("experience", "spells", "coins", "equipment"))


def describe_changes(before: BaseModel, after: BaseModel) -> tuple[str, ...]:
    changes = hit_points_and_experience(before, after)
    if isinstance(before, CharacterSheet) and isinstance(after, CharacterSheet):
        cast_now = [s.name for s in after.spells if s.cast]
        if before.spells != after.spells and cast_now:
            changes.append("spells used: " + ", ".join(cast_now))
        if before.coins != after.coins:
            changes.append(
                "coins "
                + ", ".join(
                    f"{getattr(after.coins, c):,}{c}"
                    for c in ("pp", "gp", "ep", "sp", "cp")
                    if getattr(after.coins, c)
                )
            )
        added = len(after.equipment) - len(before.equipment)
        if added > 0:
            changes.append("gear: " + "; ".join(i.name for i in after.equipment[-added:]))
    return tuple(changes)
