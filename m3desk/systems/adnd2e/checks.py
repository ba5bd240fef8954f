"""Checks that catch a stat block's misprints at the table, AD&D 2e's way.

A monster's THAC0 follows from its Hit Dice on the DMG's Table 39; a printed THAC0 that
differs gets a warning on its sheet and in the bestiary (the printed number still rules).
Experience is not checked: the DMG builds a monster's XP from Hit Dice *and* a list of
special abilities a sheet does not record, so no table can say the printed value is wrong.
"""

from __future__ import annotations

from pydantic import BaseModel

from m3desk.core.numbers import signed
from m3desk.systems.adnd2e.derive import derive
from m3desk.systems.adnd2e.sheet import MonsterSheet
from m3desk.systems.adnd2e.tables import monster_thac0

__all__ = ["sheet_warnings"]


def sheet_warnings(sheet: BaseModel) -> tuple[str, ...]:
    """Where a monster's THAC0 disagrees with the one its Hit Dice give."""
    if not isinstance(sheet, MonsterSheet):
        return ()
    thac0 = derive(sheet)["thac0"].value
    table = monster_thac0(sheet.hit_dice, sheet.hit_dice_modifier)
    if thac0 == table:
        return ()
    hd = "½" if sheet.hit_dice == 0 else str(sheet.hit_dice)
    if sheet.hit_dice_modifier:
        hd += signed(sheet.hit_dice_modifier)
    return (
        f"THAC0 {thac0} is not Table 39's {table} for HD {hd}: check the Hit Dice or the THAC0",
    )
