"""The initiative tracker as a table model: one row per combatant, in turn order.

Rows are recomputed from the document's encounter on every change that can move them
(roster, sheets, turn, set-up); when only the order changes the model emits
``layoutChanged`` so the selection and an open editor stay on their combatant. Edits go to
:mod:`m3desk.systems.monsters_and_magic.encounter_edits` and then :meth:`EncounterDocument.apply`.
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import ValidationError
from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QFont

from m3desk.core.numbers import signed
from m3desk.systems.monsters_and_magic import encounter_edits as edits
from m3desk.systems.monsters_and_magic.encounter import Encounter
from m3desk.systems.monsters_and_magic.initiative import initiative_terms
from m3desk.ui.encounter.document import EncounterDocument
from m3desk.ui.encounter.encounter_link import EncounterLink
from m3desk.ui.encounter.tracker_columns import COLUMN_TIPS, COLUMN_TITLES, Column, TrackerRole
from m3desk.ui.encounter.tracker_rows import STATE_TIPS, RowState, TrackerRow, tracker_rows

__all__ = ["TrackerModel"]

Index = QModelIndex | QPersistentModelIndex
ItemFlag = Qt.ItemFlag
Role = Qt.ItemDataRole
_POOL_TEXT = re.compile(r"^\s*(-?\d+)\s*(?:/\s*(\d+)\s*)?$")
_EDITABLE = {Column.INITIATIVE, Column.NAME, Column.SIDE, Column.PHP, Column.MHP,
             Column.HERO_POINTS, Column.NOTES}
_REFRESH_ASPECTS = {"roster", "sheets", "turn", "setup"}
_CENTRED = {Column.INITIATIVE, Column.CASTING, Column.HERO_POINTS}


class TrackerModel(QAbstractTableModel):
    """Signals:
        edit_rejected(str): a typed value could not be used; the text says why.
    """

    edit_rejected = Signal(str)

    def __init__(self, document: EncounterDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._rows: list[TrackerRow] = tracker_rows(document.encounter)
        self.document_link = EncounterLink(document, self)
        self.document_link.connect("encounter_changed", self._on_changed)

    # --- reading -------------------------------------------------------------------------
    @property
    def rows(self) -> list[TrackerRow]:
        return list(self._rows)

    @property
    def sides(self) -> tuple[str, ...]:
        """The encounter's sides, for the side editor's choices."""
        return self._document.encounter.sides

    def row_of(self, combatant_id: str) -> int:
        for number, row in enumerate(self._rows):
            if row.combatant.id == combatant_id:
                return number
        return -1

    def combatant_id(self, row: int) -> str:
        return self._rows[row].combatant.id if 0 <= row < len(self._rows) else ""

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(Column)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Role.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal:
            if not 0 <= section < len(Column):
                return None
            if role == Role.DisplayRole:
                return COLUMN_TITLES[Column(section)]
            if role == Role.ToolTipRole:
                return COLUMN_TIPS[Column(section)]
            return None
        if not 0 <= section < len(self._rows):
            return None
        row = self._rows[section]
        if role == Role.DisplayRole:
            return row.marker
        if role == Role.ToolTipRole:
            return STATE_TIPS[row.state]
        if role == Role.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignCenter)
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return ItemFlag.NoItemFlags
        flags = ItemFlag.ItemIsEnabled | ItemFlag.ItemIsSelectable
        column = Column(index.column())
        if column in _EDITABLE:
            flags |= ItemFlag.ItemIsEditable
        if column is Column.CASTING:
            flags |= ItemFlag.ItemIsUserCheckable
        return flags

    def data(self, index: Index, role: int = Role.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row = self._rows[index.row()]
        column = Column(index.column())
        if role == Role.DisplayRole:
            return self._display(row, column)
        if role == Role.EditRole:
            return self._edit_value(row, column)
        if role == Role.ToolTipRole:
            return self._tooltip(row, column)
        if role == Role.CheckStateRole and column is Column.CASTING:
            checked = row.combatant.casting
            return Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked
        if role == Role.FontRole and row.state in (RowState.CURRENT, RowState.SURPRISED):
            font = QFont()
            font.setBold(row.state is RowState.CURRENT)
            font.setItalic(row.state is RowState.SURPRISED)
            return font
        if role == Role.TextAlignmentRole:
            horizontal = (Qt.AlignmentFlag.AlignCenter if column in _CENTRED
                          else Qt.AlignmentFlag.AlignLeft)
            return int(horizontal | Qt.AlignmentFlag.AlignVCenter)
        return self._custom(row, column, role)

    def _custom(self, row: TrackerRow, column: Column, role: int) -> Any:
        if role == TrackerRole.COMBATANT_ID:
            return row.combatant.id
        if role == TrackerRole.ROW_STATE:
            return row.state.value
        if role == TrackerRole.GROUP:
            return (row.group_size, row.group_index)
        if role == TrackerRole.POOL and column in (Column.PHP, Column.MHP):
            pool = row.combatant.sheet.php if column is Column.PHP else row.combatant.sheet.mhp
            return (pool.current, pool.maximum)
        return None

    @staticmethod
    def _display(row: TrackerRow, column: Column) -> str:
        combatant = row.combatant
        sheet = combatant.sheet
        if column is Column.INITIATIVE:
            return "—" if combatant.initiative is None else str(combatant.initiative)
        if column is Column.NAME:
            return combatant.name
        if column is Column.SIDE:
            return combatant.side
        if column is Column.CASTING:
            return ""
        if column is Column.PHP:
            return f"{sheet.php.current}/{sheet.php.maximum}"
        if column is Column.MHP:
            return f"{sheet.mhp.current}/{sheet.mhp.maximum}"
        if column is Column.HERO_POINTS:
            return str(sheet.hero_points)
        if column is Column.AC:
            return row.ac_text
        if column is Column.EFFECTS:
            return row.effects_text
        return combatant.notes

    @staticmethod
    def _edit_value(row: TrackerRow, column: Column) -> Any:
        combatant = row.combatant
        if column is Column.INITIATIVE:
            return "" if combatant.initiative is None else str(combatant.initiative)
        if column is Column.PHP:
            return str(combatant.sheet.php.current)
        if column is Column.MHP:
            return str(combatant.sheet.mhp.current)
        if column is Column.HERO_POINTS:
            return combatant.sheet.hero_points
        return TrackerModel._display(row, column)

    def _tooltip(self, row: TrackerRow, column: Column) -> str | None:
        combatant = row.combatant
        if column is Column.NAME:
            return f"{combatant.name}: {STATE_TIPS[row.state]}"
        if column is Column.INITIATIVE:
            terms = initiative_terms(combatant.sheet, casting=combatant.casting,
                                     rules=self._document.encounter.table_rules)
            tip = "Roll: 3d6 " + " ".join(f"{t.label} {signed(t.value)}" for t in terms)
            if row.simultaneous:
                others = [r.combatant.name for r in self._rows
                          if r.combatant.initiative == combatant.initiative
                          and r.combatant.id != combatant.id and r.simultaneous]
                tip += (f"\nActs simultaneously with {', '.join(others)} "
                        f"(resolved {row.group_index + 1} of {row.group_size})")
            return tip
        if column is Column.AC:
            return row.ac_tip
        if column is Column.EFFECTS:
            return row.effects_tip or "No effects or consequences"
        if column in (Column.PHP, Column.MHP):
            pool = combatant.sheet.php if column is Column.PHP else combatant.sheet.mhp
            label = "PHP" if column is Column.PHP else "MHP"
            return f"{combatant.name}: {label} {pool.current} of {pool.maximum}"
        if column is Column.NOTES and combatant.notes:
            return combatant.notes
        return COLUMN_TIPS[column]

    # --- editing -------------------------------------------------------------------------
    def setData(self, index: Index, value: Any, role: int = Role.EditRole) -> bool:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return False
        column = Column(index.column())
        combatant_id = self._rows[index.row()].combatant.id
        encounter = self._document.encounter
        edit: edits.Edit | None
        try:
            if role == Role.CheckStateRole and column is Column.CASTING:
                checked = Qt.CheckState(value) == Qt.CheckState.Checked
                edit = edits.set_casting(encounter, combatant_id, checked)
            elif role == Role.EditRole and column in _EDITABLE:
                edit = self._edit(encounter, combatant_id, column, value)
            else:
                return False
        except (ValueError, ValidationError) as error:
            self.edit_rejected.emit(_reason(error))
            return False
        if edit is None:
            return False
        self._document.apply(*edit)
        return True

    def _edit(self, encounter: Encounter, combatant_id: str, column: Column,
              value: Any) -> edits.Edit | None:
        text = str(value).strip() if value is not None else ""
        if column is Column.INITIATIVE:
            number = int(text) if text and text not in ("—", "-") else None
            return edits.set_initiative(encounter, combatant_id, number)
        if column is Column.NAME:
            return edits.set_name(encounter, combatant_id, text) if text else None
        if column is Column.SIDE:
            return edits.set_side(encounter, combatant_id, text) if text else None
        if column in (Column.PHP, Column.MHP):
            match = _POOL_TEXT.match(text)
            if not match:
                raise ValueError(f"'{text}' is not a number of hit points: type 7, or 7/25")
            maximum = int(match[2]) if match[2] else None
            pool: edits.PoolName = "php" if column is Column.PHP else "mhp"
            return edits.set_pool(encounter, combatant_id, pool, int(match[1]), maximum)
        if column is Column.HERO_POINTS:
            return edits.set_hero_points(encounter, combatant_id, int(text))
        return edits.set_notes(encounter, combatant_id, str(value or ""))

    # --- following the document ----------------------------------------------------------
    def _on_changed(self, aspects: frozenset[str]) -> None:
        if not aspects & _REFRESH_ASPECTS:
            return
        new_rows = tracker_rows(self._document.encounter)
        old_ids = [r.combatant.id for r in self._rows]
        new_ids = [r.combatant.id for r in new_rows]
        if old_ids == new_ids:
            self._rows = new_rows
            if new_rows:
                self.dataChanged.emit(self.index(0, 0),
                                      self.index(len(new_rows) - 1, len(Column) - 1))
                self.headerDataChanged.emit(Qt.Orientation.Vertical, 0, len(new_rows) - 1)
        elif sorted(old_ids) == sorted(new_ids):
            self._reorder(new_rows, old_ids, new_ids)
        else:
            self.beginResetModel()
            self._rows = new_rows
            self.endResetModel()

    def _reorder(self, new_rows: list[TrackerRow], old_ids: list[str],
                 new_ids: list[str]) -> None:
        self.layoutAboutToBeChanged.emit()
        persistent = self.persistentIndexList()
        self._rows = new_rows
        position = {combatant_id: row for row, combatant_id in enumerate(new_ids)}
        moved = [self.index(position[old_ids[index.row()]], index.column())
                 for index in persistent]
        self.changePersistentIndexList(persistent, moved)
        self.layoutChanged.emit()


def _reason(error: Exception) -> str:
    if isinstance(error, ValidationError):
        first = error.errors()[0]
        return str(first.get("msg", error)).removeprefix("Value error, ")
    text = str(error)
    if text.startswith("invalid literal for int()"):
        return "Type a whole number"
    return text
