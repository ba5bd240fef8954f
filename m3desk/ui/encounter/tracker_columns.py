"""The tracker's columns: initiative, name and side, the game's own columns, then notes.

The game's columns come from its :class:`~m3desk.core.system.EncounterRules`; these few are
every game's. Columns are found by id (``model.column_of("php")``), never by a fixed number.
"""

from __future__ import annotations

from enum import IntEnum, StrEnum

from PySide6.QtCore import Qt

from m3desk.core.system import TrackerColumn

__all__ = ["FIXED_AFTER", "FIXED_BEFORE", "Column", "TrackerRole"]


class Column(StrEnum):
    """The ids of the columns every game's tracker has."""

    INITIATIVE = "initiative"
    NAME = "name"
    SIDE = "side"
    NOTES = "notes"


FIXED_BEFORE = (
    TrackerColumn(
        Column.INITIATIVE,
        "Init",
        "Initiative count; type a number to set it, clear "
        "it to remove it. A bracket joins combatants who act simultaneously.",
        sample="\u221299",
        centred=True,
    ),
    TrackerColumn(Column.NAME, "Name", "The combatant; ▶ in the row header marks whose turn it is"),
    TrackerColumn(Column.SIDE, "Side", "Which side the combatant fights on"),
)
FIXED_AFTER = (TrackerColumn(Column.NOTES, "Notes", "The GM's notes for this combatant"),)


class TrackerRole(IntEnum):
    COMBATANT_ID = Qt.ItemDataRole.UserRole + 1
    ROW_STATE = Qt.ItemDataRole.UserRole + 2
    """A :class:`RowState` value (str)."""
    GROUP = Qt.ItemDataRole.UserRole + 3
    """(size, index) of the row's initiative count group."""
    POOL = Qt.ItemDataRole.UserRole + 4
    """(current, maximum) for a pool column."""
    CHOICES = Qt.ItemDataRole.UserRole + 5
    """What an editable cell offers to pick from (a declared action), or ()."""
    CHOICE_TIPS = Qt.ItemDataRole.UserRole + 6
    """Each choice's tooltip (the game's maneuver of that name), in the same order."""
