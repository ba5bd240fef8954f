"""Monsters & Magic's new sheets for File → New (its ``PARTS.new_sheet``): a character built
from race and class data, a monster standing with its starting hit points.

Plain functions (no Qt) so the rules a new character starts with are tested
without a dialog.
"""

from __future__ import annotations

from m3desk.systems.monsters_and_magic.attributes import Attributes
from m3desk.systems.monsters_and_magic.derive import starting_hit_points
from m3desk.systems.monsters_and_magic.generation import new_character
from m3desk.systems.monsters_and_magic.sheet import MonsterSheet
from m3desk.systems.monsters_and_magic.table_rules import TableRules

__all__ = ["hit_points_preview", "new_character", "new_monster"]


def new_monster(name: str = "New monster", rules: TableRules | None = None) -> MonsterSheet:
    """A level-1 monster for the GM to fill in, standing: full PHP and MHP as the table rules
    start a character with its attributes (never 0/0, which is already down)."""
    php, mhp = starting_hit_points(Attributes(), rules or TableRules())
    return MonsterSheet(name=name, php=php, mhp=mhp)


def hit_points_preview(level: int, rules: TableRules) -> str:
    """What a new character's hit points will be, and where they come from."""
    attributes = Attributes()
    php, mhp = starting_hit_points(attributes, rules)
    bonus = rules.starting_hit_points_bonus
    text = (
        f"Hit points: {php.maximum} PHP (CON {attributes.CON} + {bonus}) and "
        f"{mhp.maximum} MHP (WIS {attributes.WIS} + {bonus}), from the table rules"
    )
    if level > 1:
        text += f"; the rules excerpts give no gain per level: raise them for level {level}"
    return text
