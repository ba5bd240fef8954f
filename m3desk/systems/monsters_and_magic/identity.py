"""Who a Monsters & Magic sheet is, for the library: race, class and level; a monster's
level and AC as its stat block prints them."""

from __future__ import annotations

from pydantic import BaseModel

from m3desk.core.system import SheetIdentity
from m3desk.systems.monsters_and_magic.sheet import CharacterSheet, MonsterSheet

__all__ = ["sheet_identity"]


def sheet_identity(sheet: BaseModel) -> SheetIdentity:
    if isinstance(sheet, CharacterSheet):
        return SheetIdentity(ancestry=sheet.race, calling=sheet.char_class, level=str(sheet.level))
    if isinstance(sheet, MonsterSheet):
        return SheetIdentity(level=str(sheet.level), armour_class=f"AC {sheet.armour_class}")
    return SheetIdentity()
