"""Traits: class, racial, personal, alignment (and monster) traits and what they help with."""

from __future__ import annotations

from m3desk.systems.monsters_and_magic.traits import Trait, TraitKind
from m3desk.ui.sheet.columns import Column, ColumnKind
from m3desk.ui.sheet.row_table_model import RowTableModel

__all__ = ["TraitsModel"]


class TraitsModel(RowTableModel):
    field = "traits"
    noun = "trait"
    columns = (
        Column("Name", ColumnKind.TEXT, "name"),
        Column(
            "Kind",
            ColumnKind.CHOICE,
            "kind",
            choices=tuple((kind.value, kind.value) for kind in TraitKind),
        ),
        Column(
            "Armour",
            ColumnKind.BOOL,
            "armour",
            tooltip="Covers the weapons and armour used: the trait bonus counts toward AC",
        ),
        Column("Initiative", ColumnKind.BOOL, "initiative", tooltip="Applies to initiative"),
        Column("Helps with", ColumnKind.TEXT, "helps_with", tooltip="What the trait helps with"),
    )

    def new_row(self) -> Trait:
        return Trait(name="New trait")
