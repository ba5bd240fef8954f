"""Checks that catch a stat block's misprints at the table: numbers the rules' own tables give.

A monster's XP follows from its Hit Dice and its special abilities (the asterisks) on the
SRD's XP table, and its THAC0 from its Hit Dice on the attack table. A sheet whose printed
XP or THAC0 differs (a typing slip in a module, a compendium that copied another monster)
gets one sentence per difference, shown as a warning on its sheet and in the bestiary. The
printed numbers still rule; the warning only says where to look.

A monster that saves as a class and level ("F2", "C1") may attack as one too: its THAC0 is
not flagged when it is that class's at that level (the SRD's veterans, fighters of level 1 to
3, all have THAC0 19).
"""

from __future__ import annotations

import re

from pydantic import BaseModel

from m3desk.systems.ose.derive import derive, hit_dice_text
from m3desk.systems.ose.experience import hit_dice_xp
from m3desk.systems.ose.sheet import MonsterSheet
from m3desk.systems.ose.tables import OseClass, class_thac0, monster_thac0

__all__ = ["sheet_warnings"]

_CLASSES = {
    "F": OseClass.FIGHTER,
    "C": OseClass.CLERIC,
    "D": OseClass.DWARF,
    "E": OseClass.ELF,
    "H": OseClass.HALFLING,
    "MU": OseClass.MAGIC_USER,
    "T": OseClass.THIEF,
}


def _class_thac0(saves_as: str) -> int | None:
    match = re.fullmatch(r"(MU|[FCDEHT])(\d{1,2})", saves_as.strip().upper().replace(" ", ""))
    if match is None:
        return None
    return class_thac0(_CLASSES[match.group(1)], max(1, int(match.group(2))))


def sheet_warnings(sheet: BaseModel) -> tuple[str, ...]:
    """Where a monster's XP or THAC0 disagrees with the tables its Hit Dice give."""
    if not isinstance(sheet, MonsterSheet):
        return ()
    warnings = []
    hd = hit_dice_text(sheet)
    table_xp = hit_dice_xp(sheet.hit_dice, sheet.hit_dice_modifier, sheet.hit_dice_asterisks)
    if sheet.xp and sheet.xp != table_xp:
        stars = sheet.hit_dice_asterisks
        specials = (
            f"{stars} special abilit{'y' if stars == 1 else 'ies'}"
            if stars
            else "no special abilities"
        )
        warnings.append(
            f"XP {sheet.xp:,} is not the XP table's {table_xp:,} for HD {hd} "
            f"({specials}): check the Hit Dice, the asterisks or the XP"
        )
    thac0 = derive(sheet)["thac0"].value
    table_thac0 = monster_thac0(
        sheet.hit_dice, sheet.hit_dice_modifier, normal_human=sheet.normal_human
    )
    if thac0 != table_thac0 and thac0 != _class_thac0(sheet.saves_as):
        warnings.append(
            f"THAC0 {thac0} is not the attack table's {table_thac0} for HD {hd}: "
            "check the Hit Dice or the THAC0"
        )
    return tuple(warnings)
