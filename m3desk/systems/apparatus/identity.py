"""Who an Apparatus sheet is, for the library: ancestry, calling and level; a creature's
Guard (its defence against attacks)."""

from __future__ import annotations

from pydantic import BaseModel

from m3desk.core.system import SheetIdentity
from m3desk.systems.apparatus.derive import derive
from m3desk.systems.apparatus.sheet import CharacterSheet, CreatureSheet

__all__ = ["sheet_identity"]


def sheet_identity(sheet: BaseModel) -> SheetIdentity:
    if isinstance(sheet, CharacterSheet):
        return SheetIdentity(ancestry=sheet.ancestry, calling=sheet.calling, level=str(sheet.level))
    if isinstance(sheet, CreatureSheet):
        return SheetIdentity(armour_class=f"Guard {derive(sheet)['defense.guard'].value}")
    return SheetIdentity()
