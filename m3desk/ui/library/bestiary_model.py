"""The bestiary's rows: every book monster of the bundled bestiaries, filtered as the GM types.

Filtering happens in the model (a few hundred rows), not in a proxy, so the view, the tests and
"Enter opens the first match" all see one list. Every text shown comes from a file and is
plain: the view's delegate never interprets it as markup.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from enum import IntEnum
from typing import TYPE_CHECKING

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication, QStyle

from m3desk.core import registry

if TYPE_CHECKING:
    from m3desk.storage.bestiary import BestiaryEntry

__all__ = ["LEVEL_BANDS", "BestiaryColumn", "BestiaryModel", "level_text", "table_warnings"]

_Index = QModelIndex | QPersistentModelIndex


class BestiaryColumn(IntEnum):
    NAME = 0
    LEVEL = 1
    ALIGNMENT = 2
    MOVES = 3


_HEADERS = {
    BestiaryColumn.NAME: "Name",
    BestiaryColumn.LEVEL: "HD",
    BestiaryColumn.ALIGNMENT: "Alignment",
    BestiaryColumn.MOVES: "Moves",
}
_HEADER_TIPS = {
    BestiaryColumn.NAME: "The monster's name in the book",
    BestiaryColumn.LEVEL: "Hit Dice (½: half a Hit Die; 1hp: a single hit point)",
    BestiaryColumn.ALIGNMENT: "Alignment as the book prints it",
    BestiaryColumn.MOVES: "How it moves besides walking: flies, swims, climbs "
    '("no walking" for a creature that only flies or '
    "swims)",
}
_MODE_WORDS = {"walk": "walks", "fly": "flies", "swim": "swims", "climb": "climbs"}

LEVEL_BANDS: tuple[tuple[str, float, float], ...] = (
    ("Any Hit Dice", 0, 1000),
    ("Up to 1 HD", 0, 1),
    ("HD 2–3", 1.01, 3),
    ("HD 4–6", 3.01, 6),
    ("HD 7–9", 6.01, 9),
    ("HD 10 and more", 9.01, 1000),
)
"""The Hit Dice filter's choices: label, lowest and highest level shown (inclusive)."""


def level_text(entry: BestiaryEntry) -> str:
    hd = str(entry.printed.get("hd", "")).strip()
    if hd:
        return hd
    if entry.level == 0.5:
        return "½"
    return f"{entry.level:g}"


def table_warnings(entry: BestiaryEntry) -> tuple[str, ...]:
    """Where the monster's printed XP or THAC0 disagrees with its game's own tables (the
    game's monster form says; a game without such tables has none)."""
    try:
        form = registry.system_of(entry.sheet).sheet_forms.get("monster")
    except registry.UnknownSystemError:
        return ()
    return form.warnings(entry.sheet) if form is not None else ()


def _reading_order(name: str) -> list[str | int]:
    """A name's place in the list as read, numbers by value: "Hydra (HD 5)" before
    "Hydra (HD 10)"."""
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", name.casefold())]


class BestiaryModel(QAbstractTableModel):
    """Rows of book monsters, narrowed by a search text and the panel's filters."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._all: list[BestiaryEntry] = []
        self._shown: list[BestiaryEntry] = []
        self._text = ""
        self._levels = (0.0, 1000.0)
        self._alignment = ""
        self._mode = ""
        self._warnings: dict[int, tuple[str, ...]] = {}
        self._warning_icon: QIcon | None = None

    # -- contents ---------------------------------------------------------------------------

    def set_entries(self, entries: Sequence[BestiaryEntry]) -> None:
        self._all = sorted(entries, key=lambda entry: _reading_order(entry.name))
        self._warnings = {}
        self._refilter()

    def entries(self) -> list[BestiaryEntry]:
        return list(self._all)

    def entry(self, row: int) -> BestiaryEntry | None:
        return self._shown[row] if 0 <= row < len(self._shown) else None

    def warnings(self, entry: BestiaryEntry) -> tuple[str, ...]:
        """The entry's table warnings, worked out once (a derive per monster)."""
        key = id(entry)
        if key not in self._warnings:
            self._warnings[key] = table_warnings(entry)
        return self._warnings[key]

    def _icon(self) -> QIcon:
        if self._warning_icon is None:
            self._warning_icon = QApplication.style().standardIcon(
                QStyle.StandardPixmap.SP_MessageBoxWarning
            )
        return self._warning_icon

    def alignments(self) -> list[str]:
        """The alignments the bestiary holds, the book's three first."""
        found = {entry.alignment for entry in self._all if entry.alignment}
        first = [name for name in ("Lawful", "Neutral", "Chaotic") if name in found]
        return first + sorted(found - set(first))

    def modes(self) -> list[str]:
        found = {mode for entry in self._all for mode in entry.modes}
        return [mode for mode in _MODE_WORDS if mode in found]

    # -- filters ----------------------------------------------------------------------------

    def set_filter(self, text: str) -> None:
        self._text = " ".join(text.casefold().split())
        self._refilter()

    def set_levels(self, low: float, high: float) -> None:
        self._levels = (low, high)
        self._refilter()

    def set_alignment(self, alignment: str) -> None:
        self._alignment = alignment
        self._refilter()

    def set_mode(self, mode: str) -> None:
        self._mode = mode
        self._refilter()

    def _accepts(self, entry: BestiaryEntry) -> bool:
        if self._text and self._text not in entry.name.casefold():
            return False
        low, high = self._levels
        if not low <= entry.level <= high:
            return False
        if self._alignment and entry.alignment != self._alignment:
            return False
        return not self._mode or self._mode in entry.modes

    def _refilter(self) -> None:
        self.beginResetModel()
        self._shown = [entry for entry in self._all if self._accepts(entry)]
        self.endResetModel()

    # -- Qt model ---------------------------------------------------------------------------

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self._shown)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(BestiaryColumn)

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        entry = self.entry(index.row()) if index.isValid() else None
        if entry is None or not 0 <= index.column() < len(BestiaryColumn):
            return None
        column = BestiaryColumn(index.column())
        if role == Qt.ItemDataRole.DisplayRole:
            if column is BestiaryColumn.NAME:
                return entry.name
            if column is BestiaryColumn.LEVEL:
                return level_text(entry)
            if column is BestiaryColumn.ALIGNMENT:
                return entry.alignment
            other = [_MODE_WORDS.get(mode, mode) for mode in entry.modes if mode != "walk"]
            if "walk" not in entry.modes:
                other.append("no walking")
            return ", ".join(other)
        if role == Qt.ItemDataRole.ToolTipRole:
            appearing = f"\nNumber appearing {entry.appearing}" if entry.appearing else ""
            warnings = "".join(f"\nWarning: {w}" for w in self.warnings(entry))
            return f"{entry.name}\n{entry.summary}{appearing}{warnings}"
        if (
            role == Qt.ItemDataRole.DecorationRole
            and column is BestiaryColumn.NAME
            and self.warnings(entry)
        ):
            return self._icon()
        if role == Qt.ItemDataRole.TextAlignmentRole and column is BestiaryColumn.LEVEL:
            return int(Qt.AlignmentFlag.AlignCenter)
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(BestiaryColumn):
            return None
        column = BestiaryColumn(section)
        if role == Qt.ItemDataRole.DisplayRole:
            return _HEADERS[column]
        if role == Qt.ItemDataRole.ToolTipRole:
            return _HEADER_TIPS[column]
        return None
