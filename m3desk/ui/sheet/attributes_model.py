"""The six attributes: score (editable), ATT modifier, check modifier with prime doubled."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)

from m3desk.core.derived import Derived
from m3desk.systems.monsters_and_magic.attributes import MAX_SCORE, MIN_SCORE, Attribute
from m3desk.systems.monsters_and_magic.derive import with_attribute
from m3desk.ui.documents.document_link import DocumentLink
from m3desk.ui.documents.sheet_document import SheetDocument
from m3desk.ui.sheet.attribute_reading import AttributeReading
from m3desk.ui.sheet.derived_format import derived_text
from m3desk.ui.sheet.roles import DerivedKeyRole, DerivedRole, OverriddenRole, ReadingRole
from m3desk.ui.sheet.row_table_model import bold_font
from m3desk.ui.sheet.sheet_edits import error_text

__all__ = ["ATTRIBUTES", "AttributesModel"]

Index = QModelIndex | QPersistentModelIndex
ATTRIBUTES: tuple[Attribute, ...] = tuple(Attribute)
SCORE, MODIFIER, CHECK = range(3)
_HEADERS = ("Score", "Modifier", "Check")
_HEADER_TIPS = (
    f"Attribute score, {MIN_SCORE} to {MAX_SCORE}",
    "ATT modifier: (score − 10) ÷ 2, rounded down",
    "Modifier on checks: the prime attribute's modifier is doubled",
)
_ROLE = Qt.ItemDataRole
_WATCHED = frozenset({"attributes", "prime", "overrides"})


class AttributesModel(QAbstractTableModel):
    """Rows STR..CHA; derived columns carry their key so the GM can override them."""

    edit_refused = Signal(str)

    def __init__(self, document: SheetDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self.document_link = DocumentLink.on(document, "sheet_changed", self._on_sheet_changed)

    def reading(self, row: int) -> AttributeReading:
        attribute = ATTRIBUTES[row]
        sheet = self._document.sheet
        prime = getattr(sheet, "prime", None) is attribute
        score = sheet.attributes.score(attribute)
        return AttributeReading.of(attribute, score, self._document.derived(), prime)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(ATTRIBUTES)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(_HEADERS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = _ROLE.DisplayRole
    ) -> Any:
        if orientation is Qt.Orientation.Horizontal and 0 <= section < len(_HEADERS):
            if role == _ROLE.DisplayRole:
                return _HEADERS[section]
            if role == _ROLE.ToolTipRole:
                return _HEADER_TIPS[section]
        elif orientation is Qt.Orientation.Vertical and 0 <= section < len(ATTRIBUTES):
            reading = self.reading(section)
            if role == _ROLE.DisplayRole:
                return f"{reading.attribute} ★" if reading.prime else str(reading.attribute)
            if role == _ROLE.ToolTipRole:
                tip = reading.attribute.full_name
                if reading.prime:
                    tip += ": the prime attribute, its modifier doubles on checks"
                return tip
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if index.column() == SCORE:
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    def data(self, index: Index, role: int = _ROLE.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(ATTRIBUTES):
            return None
        reading = self.reading(index.row())
        if role == ReadingRole:
            return reading
        if index.column() == SCORE:
            return self._score_data(reading, role)
        derived = reading.modifier if index.column() == MODIFIER else reading.check
        return self._derived_data(reading, derived, index.column(), role)

    def _score_data(self, reading: AttributeReading, role: int) -> Any:
        if role == _ROLE.DisplayRole:  # the modifiers have their own columns
            return str(reading.score)
        if role == _ROLE.EditRole:
            return reading.score
        if role == _ROLE.ToolTipRole:
            return f"{reading.attribute.full_name} {reading.score}: {reading.modifier_text()}"
        if role == _ROLE.FontRole and reading.prime:
            return bold_font()
        return None

    def _derived_data(
        self, reading: AttributeReading, derived: Derived, column: int, role: int
    ) -> Any:
        if role == _ROLE.DisplayRole:
            return reading.check_text() if column == CHECK else derived_text(derived)
        if role == _ROLE.ToolTipRole:
            return derived.explanation()
        if role == DerivedKeyRole:
            return derived.key
        if role == DerivedRole:
            return derived
        if role == OverriddenRole:
            return derived.overridden
        if role == _ROLE.FontRole and (derived.overridden or (column == CHECK and reading.prime)):
            return bold_font()
        if role == _ROLE.TextAlignmentRole:
            return Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        return None

    def setData(self, index: Index, value: Any, role: int = _ROLE.EditRole) -> bool:
        if not index.isValid() or index.column() != SCORE or role != _ROLE.EditRole:
            return False
        attribute = ATTRIBUTES[index.row()]
        try:
            sheet = with_attribute(self._document.sheet, attribute.value, int(value))
        except (TypeError, ValueError) as exc:
            self.edit_refused.emit(error_text(exc, str(attribute)))
            return False
        self._document.replace_sheet(
            sheet, f"Change {attribute}", merge_key=f"attributes.{attribute}"
        )
        return True

    def _on_sheet_changed(self, changed: frozenset[str]) -> None:
        if not changed & _WATCHED:
            return
        last = len(ATTRIBUTES) - 1
        self.dataChanged.emit(self.index(0, 0), self.index(last, len(_HEADERS) - 1))
        if "prime" in changed:
            self.headerDataChanged.emit(Qt.Orientation.Vertical, 0, last)

    def detach(self) -> None:
        self.document_link.detach()
