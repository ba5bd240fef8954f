"""The rolls an OSE sheet offers (``GameSystem.sheet_rolls``): saving throws, ability checks,
a thief's skills and a monster's morale, each with the one rule that judges it.

Numbers come from :func:`~m3desk.systems.ose.derive.derive` (the referee's overrides
included), so a roll asks what the sheet shows. Saving throws: 1d20 at least the target.
Ability checks (SRD, Ability Checks): 1d20 at most the score, a natural 1 always succeeds and
a natural 20 always fails. Thief skills: d% at most the skill; hear noise 1d6 at most its
number. Morale: 2d6 at most ML holds, by the same test the encounter uses.
"""

from __future__ import annotations

from functools import partial
from typing import cast

from pydantic import BaseModel

from m3desk.core.dice import DiceExpr
from m3desk.core.sheet_rolls import SheetRoll, at_most, targets_at_least
from m3desk.systems.ose.derive import derive
from m3desk.systems.ose.options import OseOptions
from m3desk.systems.ose.round import morale_holds
from m3desk.systems.ose.sheet import CharacterSheet, MonsterSheet
from m3desk.systems.ose.tables import THIEF_SKILLS, OseClass, Save

__all__ = ["ability_check_succeeds", "sheet_rolls"]

D20 = DiceExpr.parse("1d20")
D6 = DiceExpr.parse("1d6")
D100 = DiceExpr.parse("1d100")
TWO_D6 = DiceExpr.parse("2d6")
ABILITY_NAMES = {
    "STR": "Strength",
    "INT": "Intelligence",
    "WIS": "Wisdom",
    "DEX": "Dexterity",
    "CON": "Constitution",
    "CHA": "Charisma",
}


def ability_check_succeeds(rolled: int, score: int) -> bool:
    """1d20 at most the score; a natural 1 succeeds and a natural 20 fails whatever it is."""
    return rolled == 1 or (rolled != 20 and rolled <= score)


def _morale(morale: int, total: int) -> bool:
    return morale_holds(total, morale)


def _ability_check(score: int, total: int) -> bool:
    return ability_check_succeeds(total, score)


def sheet_rolls(sheet: BaseModel, options: BaseModel | None = None) -> tuple[SheetRoll, ...]:
    typed = cast(CharacterSheet | MonsterSheet, sheet)
    values = derive(typed, cast(OseOptions | None, options))
    rolls = targets_at_least(values, [f"save.{save.value}" for save in Save], "Saving throws", D20)
    if isinstance(typed, CharacterSheet):
        for name, word in ABILITY_NAMES.items():
            score = getattr(typed.abilities, name)
            rolls.append(
                SheetRoll(
                    f"check.{name}",
                    f"{word} check ({name} {score})",
                    "Ability checks",
                    D20,
                    partial(_ability_check, score),
                    f"{score} or less",
                )
            )
        if typed.char_class == OseClass.THIEF:
            for key, name in THIEF_SKILLS:
                skill = values[f"thief.{key}"].value
                if key == "HN":
                    rolls.append(
                        SheetRoll(
                            f"thief.{key}",
                            name,
                            "Thief skills",
                            D6,
                            partial(at_most, skill),
                            f"1 to {skill}",
                        )
                    )
                else:
                    rolls.append(
                        SheetRoll(
                            f"thief.{key}",
                            name,
                            "Thief skills",
                            D100,
                            partial(at_most, skill),
                            f"{skill} or less",
                        )
                    )
    else:
        morale = values["morale"].value
        rolls.append(
            SheetRoll(
                "morale",
                f"Morale (ML {morale})",
                "Morale",
                TWO_D6,
                partial(_morale, morale),
                f"{morale} or less",
                "holds",
                "breaks",
            )
        )
    return tuple(rolls)
