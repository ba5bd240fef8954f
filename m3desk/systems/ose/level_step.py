"""The hit points an OSE character gains when its level is raised (digest §2): the class die
per new level to 9th, plus the CON modifier, at least 1 a level; after 9th a fixed number per
level, CON no longer counting. Rolled, or at the die's average rounded up."""

from __future__ import annotations

from functools import partial

from pydantic import BaseModel

from m3desk.core.dice import DiceExpr
from m3desk.core.numbers import pool_text, signed
from m3desk.core.sheet_form import LevelStep
from m3desk.systems.ose.sheet import CharacterSheet
from m3desk.systems.ose.tables import CLASS_HIT_DIE, HP_AFTER_NINTH, standard_modifier

__all__ = ["DICE_LEVELS", "level_step"]

DICE_LEVELS = 9
"""The last level that rolls a hit die."""


def _gain(die: int, count: int, con: int, fixed: int, faces: tuple[int, ...] | None) -> int:
    rolled = faces if faces is not None else ((die + 2) // 2,) * count
    return sum(max(1, face + con) for face in rolled) + fixed


def _add(gain: int, sheet: BaseModel) -> BaseModel:
    typed = sheet if isinstance(sheet, CharacterSheet) else None
    if typed is None:
        return sheet
    most = min(999, typed.max_hit_points + gain)
    return typed.model_copy(
        update={"max_hit_points": most, "hit_points": min(most, typed.hit_points + gain)}
    )


def level_step(
    before: BaseModel, after: BaseModel, _options: BaseModel | None = None
) -> LevelStep | None:
    if (
        not isinstance(before, CharacterSheet)
        or not isinstance(after, CharacterSheet)
        or after.level <= before.level
    ):
        return None
    die = CLASS_HIT_DIE[after.char_class]
    con = standard_modifier(after.abilities.CON)
    new = range(before.level + 1, after.level + 1)
    count = sum(1 for level in new if level <= DICE_LEVELS)
    fixed = HP_AFTER_NINTH[after.char_class] * sum(1 for level in new if level > DICE_LEVELS)
    parts = [f"{count} × d{die}, CON {signed(con)} a die (at least 1)"] if count else []
    if fixed:
        parts.append(f"+{fixed} after 9th")
    return LevelStep(
        f"Level {before.level} → {after.level}: {', '.join(parts)}",
        DiceExpr(count=count, sides=die) if count else None,
        partial(_gain, die, count, con, fixed),
        lambda sheet, gain: _add(gain, sheet),
        pool_text(after.hit_points, after.max_hit_points),
    )
