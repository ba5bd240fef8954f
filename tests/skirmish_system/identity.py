"""Who a Skirmish sheet is, in the library's columns."""

from __future__ import annotations

from pydantic import BaseModel

from m3desk.core.system import SheetIdentity
from tests.skirmish_system.sheet import SkirmishMonster, SkirmishSheet

IDENTITY_WORDS = ("Company", "Stance")


def sheet_identity(sheet: BaseModel) -> SheetIdentity:
    if isinstance(sheet, SkirmishSheet):
        return SheetIdentity(ancestry=sheet.company, calling=sheet.stance, level="1")
    if isinstance(sheet, SkirmishMonster):
        return SheetIdentity(
            level=f"Resolve {sheet.max_resolve}", armour_class=f"Guard {sheet.guard}"
        )
    return SheetIdentity()
