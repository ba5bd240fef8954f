"""The shared shape of the sheet's row tables: one tuple field of the sheet, row by row.

Subclasses (items, spells, traits, conditions, monster attacks) only describe their columns
and a new row. Edits go through the document as one command each; the model itself never
stores what it shows: it refreshes from ``sheet_changed``, turning undo/redo of added or
removed rows into proper insert/remove signals (see :mod:`row_diff`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

from pydantic import BaseModel
from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QFont

from m3desk.core.derived import Derived
from m3desk.core.numbers import minus, signed
from m3desk.systems.monsters_and_magic.band_text import bands_label, parse_bands
from m3desk.systems.monsters_and_magic.dice import DiceExpr
from m3desk.ui.documents.document_link import DocumentLink
from m3desk.ui.documents.sheet_document import SheetDocument
from m3desk.ui.sheet.columns import Column, ColumnKind
from m3desk.ui.sheet.roles import ChoicesRole, DerivedKeyRole, DerivedRole, OverriddenRole
from m3desk.ui.sheet.row_diff import RowChangeKind, row_change
from m3desk.ui.sheet.sheet_edits import (
    error_text,
    with_fields,
    with_row,
    with_row_inserted,
    without_rows,
)

__all__ = ["RowTableModel", "is_checked"]

Index = QModelIndex | QPersistentModelIndex
_ROLE = Qt.ItemDataRole
_RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter


def is_checked(value: Any) -> bool:
    """Views hand CheckStateRole values over as Qt.CheckState or as a plain int."""
    if isinstance(value, Qt.CheckState):
        return value == Qt.CheckState.Checked
    return int(value) == Qt.CheckState.Checked.value


def bold_font() -> QFont:
    font = QFont()
    font.setBold(True)
    return font


class RowTableModel(QAbstractTableModel):
    """Rows of one tuple field of the sheet, editable through the document's undo stack."""

    edit_refused = Signal(str)
    """An edit was not applied; the text says why, in the player's words."""

    field: ClassVar[str]
    noun: ClassVar[str]
    plural: ClassVar[str] = ""
    """The noun's plural for undo texts ("Remove 3 items"); default: noun + "s"."""
    columns: ClassVar[tuple[Column, ...]]
    override_prefix: ClassVar[str] = ""
    """Derived-value key prefix of the derived column, e.g. ``max_damage.item.``."""
    watched: ClassVar[frozenset[str]] = frozenset()
    """Sheet fields besides ``field`` that change what the table shows (level, overrides)."""

    def __init__(self, document: SheetDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._rows: tuple[Any, ...] = tuple(getattr(document.sheet, self.field))
        self.document_link = DocumentLink.on(document, "sheet_changed", self._on_sheet_changed)

    # -- subclass hooks ----------------------------------------------------------------------

    def new_row(self) -> BaseModel:
        raise NotImplementedError

    def cell_value(self, row: Any, column: Column) -> Any:
        return getattr(row, column.field)

    def edit_value(self, row: Any, column: Column) -> Any:
        value = self.cell_value(row, column)
        if column.kind is ColumnKind.DICE:
            return "" if value is None else str(value)
        if column.kind is ColumnKind.BANDS:
            return bands_label(value)
        return value

    def display_text(self, row: Any, column: Column) -> str:
        value = self.cell_value(row, column)
        if column.kind is ColumnKind.INT:
            return signed(value) if column.signed else minus(value)
        if column.kind is ColumnKind.DICE:
            return "" if value is None else str(value)
        if column.kind is ColumnKind.CHOICE:
            return column.choice_label(value)
        if column.kind is ColumnKind.BANDS:
            return bands_label(value)
        return str(value)

    def changes_for(self, row: Any, column: Column, value: Any) -> dict[str, Any]:
        """The row fields an edit changes; raises ValueError (with a message) if impossible."""
        if column.kind is ColumnKind.INT:
            try:
                return {column.field: int(value)}
            except (TypeError, ValueError):
                raise ValueError(f"{column.title} must be a whole number") from None
        if column.kind is ColumnKind.DICE:
            text = str(value).strip()
            return {column.field: DiceExpr.parse(text) if text else None}
        if column.kind is ColumnKind.CHOICE:
            if value not in [stored for _label, stored in column.choices]:
                raise ValueError(f"{value!r} is not a choice for {column.title}")
            return {column.field: value}
        if column.kind is ColumnKind.BOOL:
            return {column.field: bool(value)}
        if column.kind is ColumnKind.BANDS:
            return {column.field: parse_bands(str(value))}
        return {column.field: str(value)}

    def updated_row(self, row: BaseModel, changes: dict[str, Any]) -> BaseModel:
        return with_fields(row, **changes)

    # -- reading -----------------------------------------------------------------------------

    @property
    def document(self) -> SheetDocument:
        return self._document

    def row_at(self, row: int) -> Any:
        return self._rows[row]

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.columns)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = _ROLE.DisplayRole
    ) -> Any:
        if orientation is Qt.Orientation.Horizontal and 0 <= section < len(self.columns):
            column = self.columns[section]
            if role == _ROLE.DisplayRole:
                return column.title
            if role == _ROLE.ToolTipRole:
                return column.tooltip or None
        elif orientation is Qt.Orientation.Vertical and role == _ROLE.DisplayRole:
            return str(section + 1)
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        column = self.columns[index.column()]
        if column.kind is ColumnKind.BOOL:
            flags |= Qt.ItemFlag.ItemIsUserCheckable
        elif column.editable:
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    def derived_key(self, row: int) -> str | None:
        key = f"{self.override_prefix}{row}"
        return key if self.override_prefix and key in self._document.derived() else None

    def data(self, index: Index, role: int = _ROLE.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        column = self.columns[index.column()]
        if column.kind is ColumnKind.DERIVED:
            return self._derived_data(index.row(), role)
        row = self._rows[index.row()]
        if role == _ROLE.DisplayRole:
            return None if column.kind is ColumnKind.BOOL else self.display_text(row, column)
        if role == _ROLE.EditRole:
            return None if column.kind is ColumnKind.BOOL else self.edit_value(row, column)
        if role == _ROLE.CheckStateRole and column.kind is ColumnKind.BOOL:
            checked = bool(self.cell_value(row, column))
            return Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked
        if role == _ROLE.ToolTipRole:
            return column.tooltip or None
        if role == ChoicesRole and column.kind is ColumnKind.CHOICE:
            return column.choices
        if role == _ROLE.TextAlignmentRole and column.kind is ColumnKind.INT:
            return _RIGHT
        return None

    def _derived_data(self, row: int, role: int) -> Any:
        key = self.derived_key(row)
        derived: Derived | None = self._document.derived()[key] if key else None
        if role == DerivedKeyRole:
            return key
        if role == DerivedRole:
            return derived
        if role == OverriddenRole:
            return bool(derived and derived.overridden)
        if role == _ROLE.TextAlignmentRole:
            return _RIGHT
        if derived is None:
            return None
        if role == _ROLE.DisplayRole:
            return str(derived.value)
        if role == _ROLE.ToolTipRole:
            return derived.explanation()
        if role == _ROLE.FontRole and derived.overridden:
            return bold_font()
        return None

    # -- editing (always through the document) -----------------------------------------------

    def setData(self, index: Index, value: Any, role: int = _ROLE.EditRole) -> bool:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return False
        column = self.columns[index.column()]
        if column.kind is ColumnKind.BOOL and role == _ROLE.CheckStateRole:
            return self.update_cell(index.row(), column, is_checked(value))
        if column.editable and role == _ROLE.EditRole:
            return self.update_cell(index.row(), column, value)
        return False

    def update_cell(self, row: int, column: Column, value: Any) -> bool:
        """Validate one cell edit through the rules models and push it; False if refused."""
        sheet = self._document.sheet
        old = getattr(sheet, self.field)[row]
        try:
            new_row = self.updated_row(old, self.changes_for(old, column, value))
            new_sheet = with_row(sheet, self.field, row, new_row)
        except ValueError as exc:  # pydantic's ValidationError and DiceError included
            self.edit_refused.emit(error_text(exc, column.title))
            return False
        label = getattr(new_row, "name", self.noun)
        self._document.replace_sheet(
            new_sheet,
            f"Change {column.title.lower()} of {label}",
            merge_key=f"{self.field}.{row}.{column.field or column.title}",
        )
        return True

    def insertRows(self, row: int, count: int, parent: Index = QModelIndex()) -> bool:  # noqa: B008
        if parent.isValid() or count < 1 or not 0 <= row <= len(self._rows):
            return False
        sheet = self._document.sheet
        try:
            for offset in range(count):
                sheet = with_row_inserted(
                    sheet,
                    self.field,
                    row + offset,
                    self.new_row(),
                    override_prefix=self.override_prefix,
                )
        except ValueError as exc:
            self.edit_refused.emit(error_text(exc, self.noun))
            return False
        noun = self.noun if count == 1 else f"{count} {self.plural or self.noun + 's'}"
        return self._document.replace_sheet(sheet, f"Add {noun}")

    def removeRows(self, row: int, count: int, parent: Index = QModelIndex()) -> bool:  # noqa: B008
        if parent.isValid() or count < 1 or row < 0 or row + count > len(self._rows):
            return False
        return self.remove_rows(range(row, row + count))

    def remove_rows(self, rows: Iterable[int]) -> bool:
        """Remove any set of rows as one undo step (a multi-row selection and Delete)."""
        doomed = sorted({row for row in rows if 0 <= row < len(self._rows)})
        if not doomed:
            return False
        sheet = without_rows(
            self._document.sheet, self.field, doomed, override_prefix=self.override_prefix
        )
        if len(doomed) == 1:
            text = f"Remove {self.noun} {getattr(self._rows[doomed[0]], 'name', '')}".rstrip()
        else:
            text = f"Remove {len(doomed)} {self.plural or self.noun + 's'}"
        return self._document.replace_sheet(sheet, text)

    # -- refreshing --------------------------------------------------------------------------

    def _on_sheet_changed(self, changed: frozenset[str]) -> None:
        if self.field not in changed and not changed & self.watched:
            return
        new_rows = tuple(getattr(self._document.sheet, self.field))
        change = row_change(self._rows, new_rows)
        if change.kind is RowChangeKind.INSERTED:
            self.beginInsertRows(QModelIndex(), change.first, change.last)
            self._rows = new_rows
            self.endInsertRows()
        elif change.kind is RowChangeKind.REMOVED:
            self.beginRemoveRows(QModelIndex(), change.first, change.last)
            self._rows = new_rows
            self.endRemoveRows()
        elif change.kind is RowChangeKind.RESET:
            self.beginResetModel()
            self._rows = new_rows
            self.endResetModel()
        else:
            self._rows = new_rows
        if self._rows:
            # Derived cells depend on other rows and fields (level, overrides), so refresh all.
            last = self.index(len(self._rows) - 1, len(self.columns) - 1)
            self.dataChanged.emit(self.index(0, 0), last)

    def detach(self) -> None:
        self.document_link.detach()
