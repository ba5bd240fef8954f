"""Spells with their level, damage die and maximum damage."""

from __future__ import annotations

from typing import ClassVar

from m3desk.systems.monsters_and_magic.sheet import Spell
from m3desk.ui.sheet.columns import Column, ColumnKind
from m3desk.ui.sheet.row_table_model import RowTableModel

__all__ = ["SpellsModel"]


class SpellsModel(RowTableModel):
    field = "spells"
    noun = "spell"
    override_prefix = "max_damage.spell."
    watched: ClassVar[frozenset[str]] = frozenset({"level", "overrides"})
    columns = (
        Column("Name", ColumnKind.TEXT, "name"),
        Column(
            "Level", ColumnKind.INT, "level", tooltip="Spell level (casting difficulty + level)"
        ),
        Column("Damage", ColumnKind.DICE, "damage", tooltip="Damage die, like 1d4+1 (empty: none)"),
        Column(
            "Range",
            ColumnKind.BANDS,
            "ranges",
            tooltip="Range bands the spell reaches, like Close–Short (Hand … Long)",
        ),
        Column("Mental", ColumnKind.BOOL, "mental", tooltip="Deals mental (MHP) damage"),
        Column(
            "Max damage",
            ColumnKind.DERIVED,
            tooltip="Damage die maximum + level; right-click to override",
        ),
        Column("Notes", ColumnKind.TEXT, "notes"),
    )

    def new_row(self) -> Spell:
        return Spell(name="New spell")
