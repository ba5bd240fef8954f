"""Who an OSE sheet is, for the library: a class is also the ancestry of the demihumans."""

from __future__ import annotations

from pydantic import BaseModel

from m3desk.core.system import SheetIdentity
from m3desk.systems.ose.derive import derive, hit_dice_text
from m3desk.systems.ose.sheet import CharacterSheet, MonsterSheet
from m3desk.systems.ose.tables import OseClass

__all__ = ["sheet_identity"]

_DEMIHUMANS = (OseClass.DWARF, OseClass.ELF, OseClass.HALFLING)


def sheet_identity(sheet: BaseModel) -> SheetIdentity:
    """ "human, fighter, 3"; a dwarf is its own class; a monster's "HD 1-1" and "AC 6 [13]"."""
    if isinstance(sheet, CharacterSheet):
        calling = sheet.char_class.value
        ancestry = calling if sheet.char_class in _DEMIHUMANS else "human"
        return SheetIdentity(ancestry=ancestry, calling=calling, level=str(sheet.level))
    if isinstance(sheet, MonsterSheet):
        ac = derive(sheet)["ac"].value
        return SheetIdentity(
            level=f"HD {hit_dice_text(sheet)}", armour_class=f"AC {ac} [{19 - ac}]"
        )
    return SheetIdentity()
