"""The tracker's rows: every combatant in the order the table resolves them, with its state.

Kept free of Qt so the order and the texts can be tested without widgets. The order itself
comes from :func:`m3desk.core.encounter.turn_order` (the game's initiative scheme); this module
only appends those who are not in it (delayed, without initiative, surprised) and says why.
The game's own cells are asked of its encounter rules once per row and kept with it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from m3desk.core.encounter import (
    Combatant,
    Encounter,
    acting,
    phase_title,
    turn_order,
    who_acts_next,
)
from m3desk.core.routines import afflicting
from m3desk.core.system import Cell, EncounterRules

__all__ = ["RowState", "TrackerRow", "round_title", "tracker_rows", "turn_summary"]


class RowState(StrEnum):
    CURRENT = "current"
    """Its turn now."""
    READY = "ready"
    """Acts this round at its count."""
    DELAYED = "delayed"
    """Holds its action; steps in with Act now."""
    WAITING = "waiting"
    """No initiative yet: not in the order until one is rolled or typed."""
    SURPRISED = "surprised"
    """Does not act in the surprise round."""


MARKERS: dict[RowState, str] = {
    RowState.CURRENT: "\u25b6",  # ▶
    RowState.READY: "",
    RowState.DELAYED: "\u2016",  # ‖
    RowState.WAITING: "?",
    RowState.SURPRISED: "\u2715",  # ✕
}
STATE_TIPS: dict[RowState, str] = {
    RowState.CURRENT: "Acting now",
    RowState.READY: "Acts this round at its initiative count",
    RowState.DELAYED: "Delaying: use Act now to step in at the current count",
    RowState.WAITING: "No initiative yet: roll or type one",
    RowState.SURPRISED: "Surprised: does not act in the surprise round",
}


@dataclass(frozen=True, slots=True)
class TrackerRow:
    combatant: Combatant
    state: RowState
    group_size: int = 1
    """How many combatants share this initiative count (they act simultaneously)."""
    group_index: int = 0
    cells: Mapping[str, Cell] = field(default_factory=dict)
    """The game's own columns, by column id."""
    down: bool = False
    """Out of the fight, as the game's ``out_of_fight`` says (dead, dying, unconscious)."""
    held: str = ""
    """The condition an attack's effect left that takes it out ("Paralysed"), or "": the
    name's tooltip says it (the cell says "(down)", the room the Name column keeps)."""

    @property
    def marker(self) -> str:
        return MARKERS[self.state]

    @property
    def simultaneous(self) -> bool:
        return self.group_size > 1


def _row(
    encounter: Encounter,
    rules: EncounterRules,
    combatant: Combatant,
    state: RowState,
    group_size: int = 1,
    group_index: int = 0,
) -> TrackerRow:
    cells = {column.id: rules.cell(encounter, combatant, column.id) for column in rules.columns}
    return TrackerRow(
        combatant=combatant,
        state=state,
        group_size=group_size,
        group_index=group_index,
        cells=cells,
        down=encounter.out_of_fight(combatant),
        held=afflicting(combatant),
    )


def tracker_rows(encounter: Encounter, rules: EncounterRules) -> list[TrackerRow]:
    """Counts in turn order first, then delayed, then without initiative, then surprised."""
    rows: list[TrackerRow] = []
    placed: set[str] = set()
    for count in turn_order(encounter):
        for index, combatant in enumerate(count):
            state = RowState.CURRENT if combatant.id == encounter.turn else RowState.READY
            rows.append(_row(encounter, rules, combatant, state, len(count), index))
            placed.add(combatant.id)
    acting_ids = {c.id for c in acting(encounter)}
    rest = [c for c in encounter.combatants if c.id not in placed]
    delayed = [c for c in rest if c.delayed and c.id in acting_ids]
    waiting = [c for c in rest if not c.delayed and c.id in acting_ids]
    surprised = sorted(
        (c for c in rest if c.id not in acting_ids),
        key=lambda c: -(c.initiative if c.initiative is not None else -999),
    )
    rows += [_row(encounter, rules, c, RowState.DELAYED) for c in delayed]
    rows += [_row(encounter, rules, c, RowState.WAITING) for c in waiting]
    rows += [_row(encounter, rules, c, RowState.SURPRISED) for c in surprised]
    return rows


def round_title(encounter: Encounter) -> str:
    return phase_title(encounter.phase, encounter.round)


def turn_summary(encounter: Encounter) -> str:
    """The round, whose turn it is and at what count, for the status line."""
    parts = [round_title(encounter)]
    if encounter.phase == "setup" and encounter.surprise_side:
        parts.append(f"the {encounter.surprise_side} have surprise")
    if encounter.turn is not None and encounter.phase != "setup":
        current = encounter.combatant(encounter.turn)
        parts.append(f"{current.name} (count {current.initiative})")
    upcoming = set(who_acts_next(encounter))
    missing = [
        c
        for c in encounter.combatants
        if c.id in upcoming and c.initiative is None and not c.delayed
    ]
    if missing:
        parts.append(f"{len(missing)} without initiative")
    return " \u00b7 ".join(parts)
