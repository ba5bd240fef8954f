"""How a game's sheet reads on paper, beyond its editor's sections: Qt-free, names no game.

A :class:`~m3desk.core.sheet_form.SheetForm` carries one :class:`PrintSpec`; the printer
renders every game's sheets through it: the combat box (what is looked at in every round,
hit points over pencil boxes, saving throws), the derived values a table prints per row (a
weapon's to-hit), boxes of writing lines for what the sheet keeps no field for, and what a
given sheet has no use for (a fighter's spell list).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from pydantic import BaseModel

__all__ = ["CombatBox", "PrintSpec", "PrintedColumn", "PrintedStat"]


class PrintedStat(NamedTuple):
    """One line of a printed combat box: a value large, its companions small beside it."""

    key: str
    """A derived key or a field path of the sheet."""
    beside: tuple[str, ...] = ()
    """Derived keys or field paths printed small after it, each with its label ("AAC 16")."""
    label: str = ""
    """The line's label; empty: the value's own label."""
    note: str = ""
    """A few words under the value ("rolled defence in brackets")."""
    together: tuple[str, ...] = ()
    """Derived keys written in brackets after the value, as the book writes them together
    ("AC 19 (+7)": the static AC and its rolled form's bonus)."""
    signed: bool = False
    """Printed as a bonus (+0, +4), as the book writes it beside a roll (mental armour)."""
    why: bool = False
    """Print under the value what limits it, the label of the derived value's second term
    ("medium armour cap"), when it has one; else ``note``."""


class CombatBox(NamedTuple):
    """What a printed sheet of the game gathers in its combat box: what is looked at in every
    round (AC, THAC0 or attack bonus, movement) on the left, hit points with boxes to pencil
    each change in on the right. A value shown here is not printed again below."""

    stats: tuple[PrintedStat, ...]
    hit_points: tuple[str, ...] = ("hit_points",)
    """Whole-number fields that have a ``max_`` twin (``hit_points``/``max_hit_points``), or
    fields holding a pool with a ``current`` and a ``maximum``."""
    tally: str = ""
    """A whole-number field printed as ticked boxes under the hit points (hero points)."""
    title: str = "Combat"
    saves: tuple[str, ...] = ()
    """Derived keys of the saving throws, printed under the hit points."""
    attacks: str = ""
    """The path of the table of weapons or attacks the referee's encounter sheet lists for
    each combatant (with its dice and the first printed column, its to-hit)."""
    replaces: tuple[str, ...] = ()
    """Fields the box's values stand for (a stat block's typed MV beside the derived
    movement), not printed again below."""


class PrintedColumn(NamedTuple):
    """A derived value of each row printed as a column of its table (a weapon's to-hit)."""

    table: str
    """The table's path (``"weapons"``)."""
    title: str
    key: str
    """The derived key with ``{index}`` for the row's number (``"weapon.{index}.hit"``)."""
    bonus: bool = True
    """Signed (+1, −2) rather than an amount (THAC0 17)."""
    encounter: bool = False
    """Printed beside the row on the referee's encounter sheet (a weapon's to-hit and its
    thrown to-hit); when no column of the table says so, the first one is."""


class PrintSpec(NamedTuple):
    """How a printed sheet of the game differs from its editor's sections (Qt-free)."""

    combat: CombatBox | None = None
    columns: tuple[PrintedColumn, ...] = ()
    header: tuple[Any, ...] = ()
    """Further ``FieldSpec``s printed in the identity header after the first section's words,
    for what the editor shows elsewhere or not at all (a character's size)."""
    tick_columns: tuple[str, ...] = ()
    """``table.column`` paths of yes/no columns printed as a column of their own, ticked or
    blank ("items.equipped"), rather than gathered with the row's other ticks as words."""
    joined: tuple[str, ...] = ()
    """``table.column`` paths printed after the column before them (``table.column>other``:
    after ``other``) rather than in a column of their own, to keep a wide table readable on
    paper: "+4, medium" (a blank value left out, a tick written as its label: "Cutter,
    signature, +1")."""
    write_in: tuple[str, ...] = ()
    """Titled boxes with writing lines for what the sheet keeps no field for ("Equipment",
    "Treasure")."""
    as_text: tuple[str, ...] = ()
    """Section titles printed as lines of words in one box (titled ``as_text_title``) rather
    than boxes and tables, to keep the sheet on one page: fields as "Gold (gp) 8", rows as
    "6 × Torches"."""
    as_text_title: str = ""
    unused: Callable[[BaseModel], frozenset[str]] = lambda _sheet: frozenset()
    """Section titles and field paths this sheet has no use for, left off its paper (a
    fighter's empty spell list); the editor leaves such sections off the screen too."""
