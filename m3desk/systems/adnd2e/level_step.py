"""The hit points an AD&D 2e character gains when its level is raised (digest §3): the
group's hit die per new level through name level, plus the CON adjustment (warriors' own),
at least 1 a die; after name level a fixed number per level, CON no longer counting. Rolled,
or at the die's average rounded up."""

from __future__ import annotations

from functools import partial

from pydantic import BaseModel

from m3desk.core.dice import DiceExpr
from m3desk.core.numbers import pool_text, signed
from m3desk.core.sheet_form import LevelStep
from m3desk.systems.adnd2e.sheet import CharacterSheet
from m3desk.systems.adnd2e.tables import (
    CLASS_GROUP,
    GROUP_HIT_DIE,
    HP_AFTER_NAME_LEVEL,
    NAME_LEVEL,
    Group,
    con_hp_adjustment,
)

__all__ = ["level_step"]


def _gain(die: int, count: int, con: int, fixed: int, faces: tuple[int, ...] | None) -> int:
    rolled = faces if faces is not None else (die // 2 + 1,) * count
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
    group = CLASS_GROUP[after.char_class]
    die = GROUP_HIT_DIE[group]
    con = con_hp_adjustment(after.abilities.CON, warrior=group is Group.WARRIOR)
    new = range(before.level + 1, after.level + 1)
    last = NAME_LEVEL[group]
    count = sum(1 for level in new if level <= last)
    fixed = HP_AFTER_NAME_LEVEL[group] * sum(1 for level in new if level > last)
    parts = [f"{count} × d{die}, CON {signed(con)} a die (at least 1)"] if count else []
    if fixed:
        parts.append(f"+{fixed} after level {last}")
    return LevelStep(
        f"Level {before.level} → {after.level}: {', '.join(parts)}",
        DiceExpr(count=count, sides=die) if count else None,
        partial(_gain, die, count, con, fixed),
        lambda sheet, gain: _add(gain, sheet),
        pool_text(after.hit_points, after.max_hit_points),
    )
