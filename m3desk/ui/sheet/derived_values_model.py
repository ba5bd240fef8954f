"""Derived values as a table (AC, rolled defence, Movement, MOV, initiative...).

Read-only: the rules compute these. The GM overrides one through the view's context menu;
each row answers :data:`DerivedKeyRole` so that menu knows which value it is.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt

from m3desk.core.derived import Derived
from m3desk.ui.documents.document_link import DocumentLink
from m3desk.ui.documents.sheet_document import SheetDocument
from m3desk.ui.sheet.derived_format import derived_text
from m3desk.ui.sheet.form_rows import bold_font
from m3desk.ui.sheet.roles import DerivedKeyRole, DerivedRole, OverriddenRole

__all__ = ["CHARACTER_KEYS", "MONSTER_KEYS", "DerivedValuesModel"]

Index = QModelIndex | QPersistentModelIndex
CHARACTER_KEYS = (
    "ac",
    "ac.rolled",
    "movement",
    "mov",
    "initiative",
    "initiative.casting",
    "mental_armour",
)
MONSTER_KEYS = ("ac", "ac.rolled", "initiative", "mental_armour")
NAME, VALUE = range(2)
_ROLE = Qt.ItemDataRole


class DerivedValuesModel(QAbstractTableModel):
    def __init__(
        self, document: SheetDocument, keys: Sequence[str], parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self._document = document
        available = document.derived()
        self._keys = tuple(key for key in keys if key in available)
        self._shown = self._snapshot()
        self.document_link = DocumentLink.on(document, "sheet_changed", self._on_sheet_changed)

    @property
    def keys(self) -> tuple[str, ...]:
        return self._keys

    def row_of(self, key: str) -> int:
        return self._keys.index(key)

    def derived_at(self, row: int) -> Derived:
        return self._document.derived()[self._keys[row]]

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._keys)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else 2

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = _ROLE.DisplayRole
    ) -> Any:
        if role != _ROLE.DisplayRole:
            return None
        if orientation is Qt.Orientation.Horizontal and section in (NAME, VALUE):
            return ("Derived value", "Value")[section]
        if orientation is Qt.Orientation.Vertical and 0 <= section < len(self._keys):
            return str(section + 1)
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable

    def data(self, index: Index, role: int = _ROLE.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._keys):
            return None
        derived = self.derived_at(index.row())
        if role == _ROLE.DisplayRole:
            if index.column() == NAME:
                return derived.label
            form = self._document.sheet_form()
            return derived_text(derived, form.bonus_keys if form is not None else ())
        if role == _ROLE.ToolTipRole:
            return derived.explanation()
        if role == DerivedKeyRole:
            return derived.key
        if role == DerivedRole:
            return derived
        if role == OverriddenRole:
            return derived.overridden
        if role == _ROLE.FontRole and derived.overridden:
            return bold_font()
        if role == _ROLE.TextAlignmentRole and index.column() == VALUE:
            return Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        return None

    def _snapshot(self) -> tuple[Derived, ...]:
        derived = self._document.derived()
        return tuple(derived[key] for key in self._keys)

    def _on_sheet_changed(self, _changed: frozenset[str]) -> None:
        """Refresh only the rows whose value, explanation or override changed."""
        shown, self._shown = self._shown, self._snapshot()
        for row, (before, after) in enumerate(zip(shown, self._shown, strict=True)):
            if before != after:
                self.dataChanged.emit(self.index(row, NAME), self.index(row, VALUE))

    def detach(self) -> None:
        self.document_link.detach()
