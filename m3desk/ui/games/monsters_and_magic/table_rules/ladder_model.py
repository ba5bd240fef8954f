"""The difficulty ladder as an editable table: name, static value, and the rolled bonus.

Rows are plain (name, static) pairs rather than :class:`DifficultyRung` objects, because a
row being edited may be invalid for a moment (an empty name, a name used twice): the
dialog validates the whole ladder with pydantic and says what is wrong. The rolled bonus
is derived (:attr:`DifficultyRung.rolled_bonus`) and read-only.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)

from m3desk.systems.monsters_and_magic.table_rules import DifficultyRung
from m3desk.ui.table_rules.editors import int_bounds

__all__ = ["NAME_LIMIT", "STATIC_RANGE", "LadderColumn", "LadderModel", "rolled_text"]

Index = QModelIndex | QPersistentModelIndex
Role = Qt.ItemDataRole
STATIC_RANGE = int_bounds(DifficultyRung.model_fields["static"])
NAME_LIMIT = next(
    (
        int(m.max_length)
        for m in DifficultyRung.model_fields["name"].metadata
        if getattr(m, "max_length", None) is not None
    ),
    40,
)


class LadderColumn(IntEnum):
    NAME = 0
    STATIC = 1
    ROLLED = 2


_TITLES = {LadderColumn.NAME: "Name", LadderColumn.STATIC: "Static", LadderColumn.ROLLED: "Rolled"}
_TIPS = {
    LadderColumn.NAME: "What the GM calls the difficulty",
    LadderColumn.STATIC: "The number to beat when the difficulty is not rolled",
    LadderColumn.ROLLED: "A rolled difficulty: 3d6 plus (static − 10); follows the static value",
}


def rolled_text(static: int) -> str:
    """ "3d6 + 5", "3d6", "3d6 − 5": the same difficulty, rolled."""
    bonus = static - 10
    if bonus == 0:
        return "3d6"
    return f"3d6 + {bonus}" if bonus > 0 else f"3d6 − {-bonus}"


class LadderModel(QAbstractTableModel):
    ladder_changed = Signal()

    def __init__(self, rungs: Iterable[DifficultyRung] = (), parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[tuple[str, int]] = [(rung.name, rung.static) for rung in rungs]

    # -- contents ---------------------------------------------------------------------------

    def set_rungs(self, rungs: Iterable[DifficultyRung]) -> None:
        self.beginResetModel()
        self._rows = [(rung.name, rung.static) for rung in rungs]
        self.endResetModel()
        self.ladder_changed.emit()

    def rows(self) -> list[tuple[str, int]]:
        return list(self._rows)

    def as_data(self) -> list[dict[str, Any]]:
        """The rows as pydantic input for ``difficulty_ladder``."""
        return [{"name": name, "static": static} for name, static in self._rows]

    def add_rung(self) -> int:
        """A new row at the end, five above the last ("New difficulty"); returns its row."""
        names = {name for name, _static in self._rows}
        name, number = "New difficulty", 2
        while name in names:
            name = f"New difficulty {number}"
            number += 1
        last = self._rows[-1][1] if self._rows else 5
        static = min(last + 5, STATIC_RANGE[1])
        row = len(self._rows)
        self.beginInsertRows(QModelIndex(), row, row)
        self._rows.append((name, static))
        self.endInsertRows()
        self.ladder_changed.emit()
        return row

    def remove_row_at(self, row: int) -> bool:
        if not 0 <= row < len(self._rows):
            return False
        self.beginRemoveRows(QModelIndex(), row, row)
        del self._rows[row]
        self.endRemoveRows()
        self.ladder_changed.emit()
        return True

    # -- QAbstractItemModel -----------------------------------------------------------------

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 (Qt signature)
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(LadderColumn)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Role.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(LadderColumn):
            return None
        column = LadderColumn(section)
        if role == Role.DisplayRole:
            return _TITLES[column]
        if role == Role.ToolTipRole:
            return _TIPS[column]
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        flags |= Qt.ItemFlag.ItemNeverHasChildren
        if index.column() != LadderColumn.ROLLED:
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    def data(self, index: Index, role: int = Role.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        name, static = self._rows[index.row()]
        column = LadderColumn(index.column())
        if role in (Role.DisplayRole, Role.EditRole):
            if column is LadderColumn.NAME:
                return name
            if column is LadderColumn.STATIC:
                return static
            return rolled_text(static) if role == Role.DisplayRole else None
        if role == Role.ToolTipRole:
            return _TIPS[column]
        if role == Role.TextAlignmentRole and column is not LadderColumn.NAME:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def setData(self, index: Index, value: Any, role: int = Role.EditRole) -> bool:
        if role != Role.EditRole or not index.isValid() or not 0 <= index.row() < len(self._rows):
            return False
        name, static = self._rows[index.row()]
        column = LadderColumn(index.column())
        if column is LadderColumn.NAME:
            name = str(value).strip()[:NAME_LIMIT]
        elif column is LadderColumn.STATIC:
            try:
                static = int(value)
            except (TypeError, ValueError):
                return False
            low, high = STATIC_RANGE
            if not low <= static <= high:
                return False
        else:
            return False
        if (name, static) == self._rows[index.row()]:
            return True
        self._rows[index.row()] = (name, static)
        self.dataChanged.emit(
            self.index(index.row(), 0), self.index(index.row(), len(LadderColumn) - 1)
        )
        self.ladder_changed.emit()
        return True
