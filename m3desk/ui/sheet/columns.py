"""Column descriptions for the sheet's row tables (items, spells, traits, conditions...)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

__all__ = ["Column", "ColumnKind"]


class ColumnKind(Enum):
    TEXT = "text"
    INT = "int"
    BOOL = "bool"
    DICE = "dice"
    CHOICE = "choice"
    BANDS = "bands"
    """A set of range bands (Hand … Long), shown and typed like "Close–Short"."""
    DERIVED = "derived"
    """Read-only, computed by the rules (maximum damage); the GM may override it."""


@dataclass(frozen=True, slots=True)
class Column:
    title: str
    kind: ColumnKind
    field: str = ""
    """The row model's attribute this column shows; empty for derived columns."""
    choices: tuple[tuple[str, str], ...] = ()
    """For CHOICE columns: (label, stored value) pairs."""
    tooltip: str = ""
    signed: bool = False
    """Show integers with a sign (+1, −2): bonuses rather than amounts."""

    @property
    def editable(self) -> bool:
        return self.kind not in (ColumnKind.DERIVED, ColumnKind.BOOL)

    def choice_label(self, value: object) -> str:
        for label, stored in self.choices:
            if stored == value:
                return label
        return str(value)
