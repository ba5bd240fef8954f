"""Effects (bonuses) and consequences (penalties) on a character or monster."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from m3desk.systems.monsters_and_magic.conditions import TIERS, Condition, ConditionKind, Tier
from m3desk.systems.monsters_and_magic.duration_text import (
    DURATION_HINT,
    duration_text,
    parse_duration,
)
from m3desk.ui.sheet.columns import Column, ColumnKind
from m3desk.ui.sheet.row_table_model import RowTableModel
from m3desk.ui.sheet.sheet_edits import with_fields

__all__ = ["ConditionsModel"]


class ConditionsModel(RowTableModel):
    field = "conditions"
    noun = "effect or consequence"
    plural = "effects and consequences"
    columns = (
        Column("Name", ColumnKind.TEXT, "name"),
        Column(
            "Effect / consequence",
            ColumnKind.CHOICE,
            "kind",
            choices=tuple((kind.value, kind.value) for kind in ConditionKind),
            tooltip="An effect is a bonus; a consequence is a penalty",
        ),
        Column(
            "Tier",
            ColumnKind.CHOICE,
            "tier",
            choices=tuple((tier.value, tier.value) for tier in TIERS),
            tooltip="Changing the tier or kind resets the value to the tier's standard one",
        ),
        Column("Value", ColumnKind.INT, "value", signed=True, tooltip="Bonus (+) or penalty (−)"),
        Column("Source", ColumnKind.TEXT, "source", tooltip="Who or what caused it"),
        Column("Duration", ColumnKind.TEXT, "duration", tooltip=DURATION_HINT.capitalize()),
        Column(
            "Applies to", ColumnKind.TEXT, "scope", tooltip="Which checks it changes; empty: all"
        ),
    )

    def new_row(self) -> Condition:
        return Condition.make(
            "New consequence", ConditionKind.CONSEQUENCE, Tier.MINOR, rules=self.document.rules
        )

    def display_text(self, row: Any, column: Column) -> str:
        if column.field == "duration":
            return str(row.duration.describe())
        return super().display_text(row, column)

    def edit_value(self, row: Any, column: Column) -> Any:
        if column.field == "duration":
            return duration_text(row.duration)
        return super().edit_value(row, column)

    def changes_for(self, row: Any, column: Column, value: Any) -> dict[str, Any]:
        if column.field == "duration":
            return {"duration": parse_duration(str(value), row.duration)}
        return super().changes_for(row, column, value)

    def updated_row(self, row: BaseModel, changes: dict[str, Any]) -> BaseModel:
        """A new tier or kind takes the tier's standard value (the rules say how much)."""
        assert isinstance(row, Condition)
        edited = with_fields(row, **changes)
        if edited.tier == row.tier and edited.kind == row.kind:
            return edited
        made = Condition.make(
            edited.name,
            ConditionKind(edited.kind),
            Tier(edited.tier),
            rules=self.document.rules,
            source=edited.source,
            scope=edited.scope,
            duration=edited.duration,
        )
        return with_fields(made, id=row.id)
