"""What goes on any printed page, as plain data: the words and numbers, not their places.

Every game's printed documents are made of these (a value, a table, a line of the combat
box, hit points); the blocks measure and paint them. Nothing here names a game.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["BLANK", "Cell", "Column", "HeaderField", "PoolLine", "Stat", "Table", "TextSection"]


@dataclass(frozen=True, slots=True)
class Cell:
    """One printed value; ``gm`` marks a number the GM has overridden."""

    text: str
    gm: bool = False
    bold: bool = False


BLANK = Cell("")


@dataclass(frozen=True, slots=True)
class HeaderField:
    label: str
    value: str
    weight: float = 1.0
    """Share of the header row's width (a long alignment focus needs more than a level)."""


@dataclass(frozen=True, slots=True)
class Stat:
    """A line of the defence-and-movement box: a main value and smaller companions."""

    label: str
    main: Cell
    parts: tuple[tuple[str, Cell], ...] = ()
    note: str = ""


@dataclass(frozen=True, slots=True)
class PoolLine:
    label: str
    long_label: str
    current: int
    maximum: int


@dataclass(frozen=True, slots=True)
class Column:
    title: str
    align: str = "left"
    """"left", "right" or "center"."""
    flex: float = 0.0
    """0 = as wide as its widest cell; otherwise a share of the leftover width."""
    min_width: float = 0.0
    """Room in points to pencil a value into an empty row ("consequence", "extreme")."""


@dataclass(frozen=True, slots=True)
class Table:
    title: str
    columns: tuple[Column, ...]
    rows: tuple[tuple[Cell, ...], ...]
    blank_rows: int = 0
    """Empty ruled rows for pencil, printed after the rows."""
    hint: str = ""
    """A short line under the title saying how to use the table in play."""


@dataclass(frozen=True, slots=True)
class TextSection:
    title: str
    text: str
