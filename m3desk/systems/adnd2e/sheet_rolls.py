"""The rolls an AD&D 2e sheet offers (``GameSystem.sheet_rolls``): the five saving throws and
a monster's morale, each with the one rule that judges it.

Numbers come from :func:`~m3desk.systems.adnd2e.derive.derive` (the DM's overrides
included). Saving throws: 1d20 at least the number (PHB Table 60). Morale (DMG): 2d10 at most
the rating keeps fighting, by the same test the encounter uses. Ability checks are left out:
the rules digest gives no rule for them.
"""

from __future__ import annotations

from functools import partial
from typing import cast

from pydantic import BaseModel

from m3desk.core.dice import DiceExpr
from m3desk.core.sheet_rolls import SheetRoll, targets_at_least
from m3desk.systems.adnd2e.combat import morale_holds
from m3desk.systems.adnd2e.derive import derive
from m3desk.systems.adnd2e.options import AdndOptions
from m3desk.systems.adnd2e.sheet import CharacterSheet, MonsterSheet
from m3desk.systems.adnd2e.tables import Save

__all__ = ["sheet_rolls"]

D20 = DiceExpr.parse("1d20")
TWO_D10 = DiceExpr.parse("2d10")


def _morale(morale: int, total: int) -> bool:
    return morale_holds(total, morale)


def sheet_rolls(sheet: BaseModel, options: BaseModel | None = None) -> tuple[SheetRoll, ...]:
    typed = cast(CharacterSheet | MonsterSheet, sheet)
    values = derive(typed, cast(AdndOptions | None, options))
    rolls = targets_at_least(values, [f"save.{save.value}" for save in Save], "Saving throws", D20)
    if isinstance(typed, MonsterSheet):
        rating = values["morale"].value
        rolls.append(
            SheetRoll(
                "morale",
                f"Morale ({rating})",
                "Morale",
                TWO_D10,
                partial(_morale, rating),
                f"{rating} or less",
                "holds",
                "breaks",
            )
        )
    return tuple(rolls)
