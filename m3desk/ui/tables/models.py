"""The Tables panel's two models: the tables of a set, and the rows of one with their chance.

Every text shown comes from a file and is plain (the views never read it as markup); chances
are the table's own exact fractions (:meth:`m3desk.core.tables.Table.chances`), shown as a
percentage and, in the tooltip, as the fraction itself.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from PySide6.QtCore import (
    QAbstractListModel,
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)

from m3desk.core.tables import Row, Table, TableSet

__all__ = ["RowsModel", "TablesModel", "chance_text"]

_Index = QModelIndex | QPersistentModelIndex


def chance_text(chance: Fraction) -> str:
    """ "5%", "41.7%", "0.46%": enough digits to tell rows apart, never a rounded 0."""
    percent = float(chance) * 100
    if percent >= 10 or percent == int(percent):
        return f"{percent:.0f}%" if percent == int(percent) else f"{percent:.1f}%"
    return f"{percent:.2g}%" if percent < 1 else f"{percent:.1f}%"


class TablesModel(QAbstractListModel):
    """The names of a set's tables, filtered as the GM types; the GM's own are marked."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._all: list[Table] = []
        self._shown: list[Table] = []
        self._filter = ""

    def set_tables(self, tables: TableSet) -> None:
        self.beginResetModel()
        self._all = [t for t in (tables.get(n) for n in tables.names()) if t is not None]
        self._shown = self._filtered()
        self.endResetModel()

    def set_filter(self, text: str) -> None:
        self.beginResetModel()
        self._filter = " ".join(text.split()).casefold()
        self._shown = self._filtered()
        self.endResetModel()

    def _filtered(self) -> list[Table]:
        words = self._filter.split()
        return [t for t in self._all if all(w in t.name.casefold() for w in words)]

    def table(self, row: int) -> Table | None:
        return self._shown[row] if 0 <= row < len(self._shown) else None

    def row_of(self, name: str) -> int:
        return next((i for i, t in enumerate(self._shown) if t.name == name), -1)

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._shown)

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._shown):
            return None
        table = self._shown[index.row()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
            return f"{table.name} (yours)" if table.own else table.name
        if role == Qt.ItemDataRole.ToolTipRole:
            return f"{table.name}: {table.dice}, {len(table.rows)} rows, from {table.origin}"
        return None


class RowsModel(QAbstractTableModel):
    """One table's rows: the roll, the result (sub-table, number appearing, value) and the
    exact chance; the row a roll hit is marked."""

    HEADERS = ("Roll", "Result", "Chance")

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._table: Table | None = None
        self._rows: list[tuple[Row, Fraction]] = []
        self._hit = -1

    def set_table(self, table: Table | None) -> None:
        self.beginResetModel()
        self._table = table
        self._rows = table.chances() if table is not None else []
        self._hit = -1
        self.endResetModel()

    def mark(self, row: Row | None) -> None:
        """Mark the row a roll hit (None: none); only the rows concerned repaint."""
        old = self._hit
        self._hit = next((i for i, (r, _c) in enumerate(self._rows) if r is row), -1)
        for changed in {old, self._hit} - {-1}:
            self.dataChanged.emit(
                self.index(changed, 0), self.index(changed, len(self.HEADERS) - 1)
            )

    @property
    def hit(self) -> int:
        return self._hit

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.HEADERS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and 0 <= section < len(self.HEADERS):
            if role == Qt.ItemDataRole.DisplayRole:
                return self.HEADERS[section]
            if role == Qt.ItemDataRole.ToolTipRole:
                return (
                    "The totals of the table's dice this row covers",
                    "What the row gives; → names the table rolled next",
                    "The exact chance of this row on the table's dice",
                )[section]
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row, chance = self._rows[index.row()]
        column = index.column()
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
            return (row.range_text(), row.result_text(), chance_text(chance))[column]
        if role == Qt.ItemDataRole.ToolTipRole:
            if column == 2:
                return f"{chance.numerator} in {chance.denominator}"
            return row.result_text() + (f" Rolls on {row.table}." if row.table else "")
        if role == Qt.ItemDataRole.TextAlignmentRole and column != 1:
            return int(Qt.AlignmentFlag.AlignCenter)
        if role == Qt.ItemDataRole.FontRole and index.row() == self._hit:
            from PySide6.QtGui import QFont

            font = QFont()
            font.setBold(True)
            return font
        return None
