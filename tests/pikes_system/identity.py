from __future__ import annotations

from pydantic import BaseModel

from m3desk.core.system import SheetIdentity
from tests.pikes_system.sheet import PikesMonster, PikesSheet

IDENTITY_WORDS = ("Banner", "Rank")


def sheet_identity(sheet: BaseModel) -> SheetIdentity:
    if isinstance(sheet, PikesSheet):
        return SheetIdentity(ancestry=sheet.banner, calling="pike", level="1")
    if isinstance(sheet, PikesMonster):
        return SheetIdentity(
            level=f"Vigour {sheet.max_vigour}", armour_class=f"Guard {sheet.guard}"
        )
    return SheetIdentity()
