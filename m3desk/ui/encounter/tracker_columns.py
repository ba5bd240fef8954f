"""The tracker's columns and the item roles its delegates read."""

from __future__ import annotations

from enum import IntEnum

from PySide6.QtCore import Qt

__all__ = ["COLUMN_TIPS", "COLUMN_TITLES", "Column", "TrackerRole"]


class Column(IntEnum):
    INITIATIVE = 0
    NAME = 1
    SIDE = 2
    CASTING = 3
    PHP = 4
    MHP = 5
    HERO_POINTS = 6
    AC = 7
    EFFECTS = 8
    NOTES = 9


COLUMN_TITLES: dict[Column, str] = {
    Column.INITIATIVE: "Init",
    Column.NAME: "Name",
    Column.SIDE: "Side",
    Column.CASTING: "Cast",
    Column.PHP: "PHP",
    Column.MHP: "MHP",
    Column.HERO_POINTS: "Hero",
    Column.AC: "AC now",
    Column.EFFECTS: "Effects & consequences",
    Column.NOTES: "Notes",
}
COLUMN_TIPS: dict[Column, str] = {
    Column.INITIATIVE: "Initiative count; type a number to set it, clear it to remove it. "
                       "A bracket joins combatants who act simultaneously.",
    Column.NAME: "The combatant; ▶ in the row header marks whose turn it is",
    Column.SIDE: "Which side the combatant fights on",
    Column.CASTING: "Casting a spell this round: initiative uses INT instead of DEX",
    Column.PHP: "Physical hit points, current/maximum; type a number to set the current value",
    Column.MHP: "Mental hit points, current/maximum; type a number to set the current value",
    Column.HERO_POINTS: "Hero points left",
    Column.AC: "AC now, with the rolled defence in brackets (effects included)",
    Column.EFFECTS: "Effects and consequences in force, with the rounds they have left",
    Column.NOTES: "The GM's notes for this combatant",
}


class TrackerRole(IntEnum):
    COMBATANT_ID = Qt.ItemDataRole.UserRole + 1
    ROW_STATE = Qt.ItemDataRole.UserRole + 2
    """A :class:`RowState` value (str)."""
    GROUP = Qt.ItemDataRole.UserRole + 3
    """(size, index) of the row's initiative count group."""
    POOL = Qt.ItemDataRole.UserRole + 4
    """(current, maximum) for the PHP and MHP columns."""
