"""Equipment: weapons, armour, shields, social weapons and armour, gear."""

from __future__ import annotations

from typing import Any, ClassVar

from m3desk.systems.monsters_and_magic.movement import ArmourWeight
from m3desk.systems.monsters_and_magic.sheet import ITEM_KINDS, Item
from m3desk.ui.sheet.columns import Column, ColumnKind
from m3desk.ui.sheet.row_table_model import RowTableModel

__all__ = ["ItemsModel"]

ATTACK_KINDS = ("weapon", "social weapon")
"""Kinds of equipment that attack, and so have range bands worth showing."""


class ItemsModel(RowTableModel):
    field = "items"
    noun = "item"
    override_prefix = "max_damage.item."
    watched: ClassVar[frozenset[str]] = frozenset({"level", "overrides"})
    columns = (
        Column("Name", ColumnKind.TEXT, "name"),
        Column(
            "Kind", ColumnKind.CHOICE, "kind", choices=tuple((kind, kind) for kind in ITEM_KINDS)
        ),
        Column(
            "Damage",
            ColumnKind.DICE,
            "damage",
            tooltip="Damage die added to attack checks with it, like 1d8+1 (empty: none)",
        ),
        Column(
            "Range",
            ColumnKind.BANDS,
            "ranges",
            tooltip="Range bands a weapon attacks from, like Close or Short–Long (Hand … Long)",
        ),
        Column(
            "Armour",
            ColumnKind.INT,
            "armour_bonus",
            tooltip="Armour bonus: added to AC (armour, shield) or mental armour (social armour)",
        ),
        Column(
            "Weight",
            ColumnKind.CHOICE,
            "weight",
            choices=tuple((weight.value, weight.value) for weight in ArmourWeight),
            tooltip="Armour weight: medium and heavy armour cap Movement",
        ),
        Column(
            "Signature",
            ColumnKind.BOOL,
            "signature",
            tooltip="A signature weapon adds its to-hit bonus to the check",
        ),
        Column("To-hit", ColumnKind.INT, "to_hit", signed=True, tooltip="Signature bonus"),
        Column(
            "Max damage",
            ColumnKind.DERIVED,
            tooltip="Damage die maximum + level; right-click to override",
        ),
        Column("Equipped", ColumnKind.BOOL, "equipped", tooltip="Worn or wielded: counts for AC"),
        Column("Notes", ColumnKind.TEXT, "notes"),
    )

    def new_row(self) -> Item:
        return Item(name="New item")

    def display_text(self, row: Any, column: Column) -> str:
        """Armour, shields and gear attack from nowhere: their range cell stays empty."""
        if column.kind is ColumnKind.BANDS and row.kind not in ATTACK_KINDS:
            return ""
        return super().display_text(row, column)
