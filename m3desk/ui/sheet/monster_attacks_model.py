"""A monster's attacks and monster actions, each with a bonus, damage die and maximum damage."""

from __future__ import annotations

from typing import ClassVar, get_args

from m3desk.systems.monsters_and_magic.sheet import MonsterAttack
from m3desk.ui.sheet.columns import Column, ColumnKind
from m3desk.ui.sheet.row_table_model import RowTableModel

__all__ = ["MonsterAttacksModel"]

_RESISTED_BY = get_args(MonsterAttack.model_fields["resisted_by"].annotation)


class MonsterAttacksModel(RowTableModel):
    field = "attacks"
    noun = "attack"
    override_prefix = "max_damage.attack."
    watched: ClassVar[frozenset[str]] = frozenset({"level", "overrides"})
    columns = (
        Column("Name", ColumnKind.TEXT, "name"),
        Column(
            "Action",
            ColumnKind.BOOL,
            "action",
            tooltip="A monster action (e.g. a GM reaction) rather than an attack",
        ),
        Column("Bonus", ColumnKind.INT, "bonus", signed=True, tooltip="Added to the attack check"),
        Column("Damage", ColumnKind.DICE, "damage", tooltip="Damage die, like 1d8+1 (empty: none)"),
        Column(
            "Range",
            ColumnKind.BANDS,
            "ranges",
            tooltip="Range bands the attack works at, like Close or Close–Reach (Hand … Long)",
        ),
        Column(
            "Resisted by",
            ColumnKind.CHOICE,
            "resisted_by",
            choices=tuple((str(name), str(name)) for name in _RESISTED_BY),
        ),
        Column(
            "Max damage",
            ColumnKind.DERIVED,
            tooltip="Damage die maximum + level; right-click to override",
        ),
        Column("Mental", ColumnKind.BOOL, "mental", tooltip="Deals mental (MHP) damage"),
        Column("Description", ColumnKind.TEXT, "description"),
    )

    def new_row(self) -> MonsterAttack:
        return MonsterAttack(name="New attack")
