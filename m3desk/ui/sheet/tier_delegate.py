"""Picks an effect's or consequence's tier; each choice shows what it costs and is worth."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex

from m3desk.systems.monsters_and_magic.conditions import TIERS, tier_cost, tier_value
from m3desk.systems.monsters_and_magic.table_rules import TableRules
from m3desk.ui.sheet.choice_delegate import ChoiceDelegate

__all__ = ["TierDelegate"]


class TierDelegate(ChoiceDelegate):
    """Minor, major, extreme, labelled with the table's costs and values ("minor: 5 EP, ±2")."""

    def __init__(self, rules: TableRules, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rules = rules

    def choices_for(
        self, index: QModelIndex | QPersistentModelIndex
    ) -> tuple[tuple[str, Any], ...]:
        rules = self._rules
        return tuple(
            (f"{tier.value}: {tier_cost(tier, rules)} EP, ±{tier_value(tier, rules)}", tier.value)
            for tier in TIERS
        )
