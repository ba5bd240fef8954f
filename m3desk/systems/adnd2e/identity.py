"""Who an AD&D sheet is, for the library: race, class and level; a monster's HD and AC."""

from __future__ import annotations

from pydantic import BaseModel

from m3desk.core.system import SheetIdentity
from m3desk.systems.adnd2e.derive import derive
from m3desk.systems.adnd2e.sheet import CharacterSheet, MonsterSheet

__all__ = ["sheet_identity"]


def sheet_identity(sheet: BaseModel) -> SheetIdentity:
    if isinstance(sheet, CharacterSheet):
        return SheetIdentity(ancestry=sheet.race, calling=sheet.char_class, level=str(sheet.level))
    if isinstance(sheet, MonsterSheet):
        hd = "½" if sheet.hit_dice == 0 else str(sheet.hit_dice)
        modifier = sheet.hit_dice_modifier
        if modifier:  # as the books and OSE's rows write it: "1-1", "4+1"
            hd += f"{'+' if modifier > 0 else '-'}{abs(modifier)}"
        return SheetIdentity(level=f"HD {hd}", armour_class=f"AC {derive(sheet)['ac'].value}")
    return SheetIdentity()
