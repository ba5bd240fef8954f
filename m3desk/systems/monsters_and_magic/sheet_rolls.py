"""The rolls a Monsters & Magic sheet offers (``GameSystem.sheet_rolls``): one action check
per attribute, as seed 001 ("Checks & Dice Rolls") defines it, judged by the one rule the
encounter uses (:func:`~m3desk.systems.monsters_and_magic.checks.resolve_check`).

An action check is 3d6 + the attribute's check modifier (doubled for the prime attribute, by
the table rules) against a resistance; meeting it succeeds, a natural 3 always fails and a
natural 18 always succeeds. The sheet has no opponent, so the resistance is the table's
Average rung of the difficulty ladder (10 by the book): "the difficulty of a task" when the
GM names none. A check covered by a trait adds the trait bonus (level for one trait); those
are offered as a second group when the sheet has traits.

What a sheet cannot roll, and so does not offer: resistance checks (static by default, and
rolled only against someone's action check) and ranked checks (initiative is rolled in the
encounter, against the other combatants).
"""

from __future__ import annotations

from functools import partial
from typing import cast

from pydantic import BaseModel

from m3desk.core.dice import DiceExpr
from m3desk.core.sheet_rolls import SheetRoll
from m3desk.systems.monsters_and_magic.attributes import Attribute
from m3desk.systems.monsters_and_magic.checks import resolve_check
from m3desk.systems.monsters_and_magic.derive import derive
from m3desk.systems.monsters_and_magic.dice import NATURAL_FAIL, NATURAL_SUCCESS
from m3desk.systems.monsters_and_magic.sheet import CharacterSheet, MonsterSheet
from m3desk.systems.monsters_and_magic.table_rules import TableRules
from m3desk.systems.monsters_and_magic.traits import trait_bonus

__all__ = ["action_check_succeeds", "sheet_rolls"]

THREE_D6 = DiceExpr.parse("3d6")
AVERAGE = 10
"""The book's Average difficulty, used when the table's ladder has no rung of that name."""


def action_check_succeeds(modifier: int, resistance: int, rolled: int) -> bool:
    """3d6 showing ``rolled`` + ``modifier`` meets ``resistance`` (natural 3 and 18 ruled)."""
    return resolve_check(rolled, modifier, resistance).succeeded


def _average(rules: TableRules) -> tuple[str, int]:
    for rung in rules.difficulty_ladder:
        if rung.name.casefold() == "average":
            return rung.name, rung.static
    return "Average", AVERAGE


def _signed(value: int) -> str:
    return f"+{value}" if value >= 0 else f"−{-value}"


def sheet_rolls(sheet: BaseModel, options: BaseModel | None = None) -> tuple[SheetRoll, ...]:
    typed = cast(CharacterSheet | MonsterSheet, sheet)
    rules = options if isinstance(options, TableRules) else TableRules()
    values = derive(typed, rules)
    rung, resistance = _average(rules)
    bonus = trait_bonus(typed.level, 1)
    groups = [(f"Action checks vs {rung} ({resistance})", 0, "")]
    if typed.traits and bonus:
        groups.append(
            (f"With a trait ({_signed(bonus)}) vs {rung} ({resistance})", bonus, " with a trait")
        )
    rolls: list[SheetRoll] = []
    for group, extra, words in groups:
        for attribute in Attribute:
            modifier = values[f"check.{attribute}"].value + extra
            rule = partial(action_check_succeeds, modifier, resistance)
            lowest = min(t for t in range(NATURAL_FAIL, NATURAL_SUCCESS + 1) if rule(t))
            rolls.append(
                SheetRoll(
                    f"check.{attribute}{'.trait' if extra else ''}",
                    f"{attribute.full_name} check{words} ({_signed(modifier)} vs {resistance})",
                    group,
                    THREE_D6,
                    rule,
                    f"{lowest} or more",
                )
            )
    return tuple(rolls)
