"""What the phones are sent: the players' copy of the encounter, as plain data.

Everything here is computed from a players' copy (:func:`m3desk.core.players.players_copy`),
never from the GM's encounter, so a hidden combatant, its name and its distances cannot be in
it. :func:`table_view` is what every device sees (the player view's heading and order, with
the same words); :func:`sheet_view` what the device that plays a character sees of it: the
sheet's summary, its derived values with their explanations, its tracker cells (hit points,
declarations where the game keeps them) and its conditions.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.core.players import order_lines, round_text

__all__ = ["TableState", "sheet_view", "state_of", "table_view"]

Json = dict[str, Any]


@dataclass(frozen=True)
class TableState:
    """One moment of the fight for the phones: the view every device gets, the characters a
    player may claim (id → name), and the sheets made so far by combatant id (a sheet is
    made when a phone plays or asks for it: :meth:`sheet`)."""

    table: Json = field(default_factory=dict)
    names: dict[str, str] = field(default_factory=dict)
    sheets: dict[str, Json] = field(default_factory=dict)
    copy: core.Encounter | None = None

    def claimable(self) -> set[str]:
        return set(self.names)

    def sheet(self, combatant_id: str) -> Json | None:
        if combatant_id not in self.names:
            return None
        if combatant_id not in self.sheets and self.copy is not None:
            self.sheets[combatant_id] = sheet_view(self.copy, combatant_id)
        return self.sheets.get(combatant_id)


def table_view(copy: core.Encounter) -> Json:
    system = registry.system_of(copy)
    return {
        "title": copy.name if isinstance(getattr(copy, "name", None), str) else "",
        "game": system.name,
        "heading": round_text(copy),
        "round": copy.round,
        "order": [{"id": line.id, "name": line.name, "health": line.health,
                   "conditions": line.conditions, "acting": line.acting,
                   "character": line.character, "text": line.text}
                  for line in order_lines(copy)],
    }


def sheet_view(copy: core.Encounter, combatant_id: str) -> Json:
    """The character ``combatant_id`` of the players' copy, read-only."""
    system = registry.system_of(copy)
    combatant = copy.combatant(combatant_id)
    sheet = combatant.sheet
    kind = str(getattr(sheet, "kind", ""))
    form = system.sheet_forms.get(kind)
    summary = ""
    derived: list[Json] = []
    if form is not None:
        summary = form.summary(sheet)
        options = getattr(copy, "options", None)
        for value in form.derive(sheet, options).values():
            derived.append({"label": value.label, "value": value.value,
                            "explanation": value.explanation()})
    cells: list[Json] = []
    rules = system.encounter
    if rules is not None:
        for column in rules.columns:
            cell = rules.cell(copy, combatant, column.id)
            text = cell.text
            if cell.pool is not None and not text:
                text = f"{cell.pool[0]}/{cell.pool[1]}"
            if text:
                cells.append({"title": column.title, "text": text, "tip": cell.tip})
    return {
        "id": combatant.id, "name": combatant.name, "summary": summary,
        "initiative": combatant.initiative,
        "conditions": [c.name for c in combatant.conditions],
        "cells": cells, "derived": derived,
    }


def state_of(copy: core.Encounter, sheets: set[str] | None = None) -> TableState:
    """The phones' view of the players' copy ``copy`` (see the module), with the sheets of
    ``sheets`` made at once (None: every character's); the others are made when asked."""
    names = {c.id: c.name for c in copy.combatants
             if getattr(c.sheet, "kind", "") == "character"}
    made = {key: sheet_view(copy, key) for key in names
            if sheets is None or key in sheets}
    return TableState(table_view(copy), names, made, copy)
