"""The initiative tracker as a table model: one row per combatant, in turn order.

Rows are recomputed from the document's encounter on every change that can move them
(roster, sheets, turn, set-up); when only the order changes the model emits
``layoutChanged`` so the selection and an open editor stay on their combatant. Edits go to
:mod:`m3desk.core.edits` (or the game's own edit) and then :meth:`EncounterDocument.apply`.
"""

from __future__ import annotations

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

from m3desk.core import edits, registry
from m3desk.core import encounter as core
from m3desk.core.changes import Aspect
from m3desk.core.system import Cell, EncounterRules, TrackerColumn
from m3desk.ui.documents.document_link import DocumentLink
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.encounter.health import perceived
from m3desk.ui.encounter.round_words import choice_tips
from m3desk.ui.encounter.tracker_columns import FIXED_AFTER, FIXED_BEFORE, Column, TrackerRole
from m3desk.ui.encounter.tracker_rows import STATE_TIPS, RowState, TrackerRow, tracker_rows

__all__ = ["TrackerModel"]

Index = QModelIndex | QPersistentModelIndex
ItemFlag = Qt.ItemFlag
Role = Qt.ItemDataRole
_FIXED_EDITABLE = {Column.INITIATIVE, Column.NAME, Column.SIDE, Column.NOTES}
_REFRESH_ASPECTS = {Aspect.ROSTER, Aspect.SHEETS, Aspect.TURN, Aspect.SETUP}


def rules_of(document: EncounterDocument) -> EncounterRules:
    """The encounter rules of the document's game (the tracker needs them to show anything)."""
    rules = registry.system_of(document.encounter).encounter
    if rules is None:
        raise ValueError("this game system does not run encounters")
    return rules


class TrackerModel(QAbstractTableModel):
    """Signals:
    edit_rejected(str): a typed value could not be used; the text says why.
    """

    edit_rejected = Signal(str)

    def __init__(self, document: EncounterDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._rules = rules_of(document)
        self._columns: tuple[TrackerColumn, ...] = (
            *FIXED_BEFORE,
            *self._rules.columns,
            *FIXED_AFTER,
        )
        self._column_numbers = {column.id: number for number, column in enumerate(self._columns)}
        self._rows: list[TrackerRow] = tracker_rows(document.encounter, self._rules)
        self._generation = 0
        self._shown_titles: dict[int, str] = {}
        self._down_word = True
        self.document_link = DocumentLink(document, self)
        self.document_link.connect("encounter_changed", self._on_changed)

    # --- reading -------------------------------------------------------------------------
    @property
    def rows(self) -> list[TrackerRow]:
        return list(self._rows)

    @property
    def generation(self) -> int:
        """Counts the rows derived again (every change that can alter what a row shows):
        what a view measured of the rows holds while it is the same."""
        return self._generation

    @property
    def columns(self) -> tuple[TrackerColumn, ...]:
        return self._columns

    def column_of(self, column_id: str) -> int:
        """The column number of a column id ("initiative", "php" …); -1 if the game has none."""
        return self._column_numbers.get(column_id, -1)

    def set_shown_titles(self, shown: dict[int, str]) -> None:
        """The titles as the view's widths allow ("Decl."), by column; the rest whole."""
        if shown != self._shown_titles:
            self._shown_titles = dict(shown)
            self.headerDataChanged.emit(
                Qt.Orientation.Horizontal, 0, max(len(self._columns) - 1, 0)
            )

    def set_down_word(self, shown: bool) -> None:
        """Whether a fallen name says "(down)" after it: where the view has no room for the
        word the name alone reads whole, struck through (the word in its tooltip)."""
        if shown != self._down_word:
            self._down_word = shown
            column = self.column_of(Column.NAME)
            if self._rows and column >= 0:
                self.dataChanged.emit(
                    self.index(0, column), self.index(len(self._rows) - 1, column)
                )

    def column_spec(self, column: int) -> TrackerColumn | None:
        return self._columns[column] if 0 <= column < len(self._columns) else None

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
        return 0 if parent.isValid() else len(self._columns)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Role.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal:
            spec = self.column_spec(section)
            if spec is None:
                return None
            if role == Role.DisplayRole:
                return self._shown_titles.get(section, spec.title)
            if role == Role.ToolTipRole:
                if section in self._shown_titles:  # the whole word the title shortened
                    return f"{spec.title}: {spec.tip}" if spec.tip else spec.title
                return spec.tip
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

    def _cell(self, row: TrackerRow, spec: TrackerColumn) -> Cell | None:
        return row.cells.get(spec.id)

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return ItemFlag.NoItemFlags
        flags = ItemFlag.ItemIsEnabled | ItemFlag.ItemIsSelectable
        spec = self._columns[index.column()]
        cell = self._cell(self._rows[index.row()], spec) if index.row() < len(self._rows) else None
        if spec.id in _FIXED_EDITABLE or (
            cell is not None and cell.editable and spec.kind != "check"
        ):
            flags |= ItemFlag.ItemIsEditable
        if spec.kind == "check" and cell is not None and cell.editable:
            flags |= ItemFlag.ItemIsUserCheckable
        return flags

    def data(self, index: Index, role: int = Role.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row = self._rows[index.row()]
        spec = self._columns[index.column()]
        cell = self._cell(row, spec)
        if role == Role.DisplayRole:
            if spec.id == Column.NAME and row.down and not self._down_word:
                return row.combatant.name  # struck through: "down" without the word
            return self._display(row, spec, cell)
        if role == Role.EditRole:
            return self._edit_value(row, spec, cell)
        if role == Role.ToolTipRole:
            return self._tooltip(row, spec, cell)
        if role == Role.CheckStateRole and cell is not None and cell.checked is not None:
            return Qt.CheckState.Checked if cell.checked else Qt.CheckState.Unchecked
        if role == Role.FontRole and (
            row.state in (RowState.CURRENT, RowState.SURPRISED)
            or (row.down and spec.id == Column.NAME)
        ):
            font = QFont()
            font.setBold(row.state is RowState.CURRENT)
            font.setItalic(row.state is RowState.SURPRISED)
            font.setStrikeOut(row.down and spec.id == Column.NAME)
            return font
        if role == Role.TextAlignmentRole:
            horizontal = (
                Qt.AlignmentFlag.AlignCenter if spec.centred else Qt.AlignmentFlag.AlignLeft
            )
            return int(horizontal | Qt.AlignmentFlag.AlignVCenter)
        if role == TrackerRole.CHOICE_TIPS:
            if cell is None or not cell.choices:
                return ()
            return choice_tips(registry.system_of(self._document.encounter), cell.choices)
        return self._custom(row, cell, role)

    @staticmethod
    def _custom(row: TrackerRow, cell: Cell | None, role: int) -> Any:
        if role == TrackerRole.COMBATANT_ID:
            return row.combatant.id
        if role == TrackerRole.ROW_STATE:
            return row.state.value
        if role == TrackerRole.GROUP:
            return (row.group_size, row.group_index)
        if role == TrackerRole.POOL and cell is not None:
            return cell.pool
        if role == TrackerRole.CHOICES:
            return cell.choices if cell is not None else ()
        return None

    @staticmethod
    def _display(row: TrackerRow, spec: TrackerColumn, cell: Cell | None) -> str:
        combatant = row.combatant
        if spec.id == Column.INITIATIVE:
            return "—" if combatant.initiative is None else str(combatant.initiative)
        if spec.id == Column.NAME:
            # the room kept is for "(down)"; what took it out is in the tooltip ("paralysed")
            return f"{combatant.name} (down)" if row.down else combatant.name
        if spec.id == Column.SIDE:
            return combatant.side
        if spec.id == Column.NOTES:
            return combatant.notes
        if cell is None:
            return ""
        # The title says it once: "AC" over "7 [12]", not "AC 7 [12]" in every row.
        return cell.text.removeprefix(f"{spec.title} ") if spec.kind == "text" else cell.text

    @staticmethod
    def _edit_value(row: TrackerRow, spec: TrackerColumn, cell: Cell | None) -> Any:
        combatant = row.combatant
        if spec.id == Column.INITIATIVE:
            return "" if combatant.initiative is None else str(combatant.initiative)
        if cell is not None and cell.edit_text is not None:
            return cell.edit_text
        if spec.number_range is not None and cell is not None:
            try:
                return int(cell.text)
            except ValueError:
                return spec.number_range[0]
        return TrackerModel._display(row, spec, cell)

    def _tooltip(self, row: TrackerRow, spec: TrackerColumn, cell: Cell | None) -> str | None:
        combatant = row.combatant
        if spec.id == Column.NAME:
            down = (
                f"; out of the fight: {row.held.lower()}"
                if row.down and row.held
                else "; down: 0 hit points or fewer"
                if row.down
                else ""
            )
            return f"{combatant.name}: {STATE_TIPS[row.state]}{down}"
        if spec.id == Column.INITIATIVE:
            tip = self._rules.initiative_tip(self._document.encounter, combatant)
            if row.simultaneous:
                others = [
                    r.combatant.name
                    for r in self._rows
                    if r.combatant.initiative == combatant.initiative
                    and r.combatant.id != combatant.id
                    and r.simultaneous
                ]
                tip += (
                    f"\nActs simultaneously with {', '.join(others)} "
                    f"(resolved {row.group_index + 1} of {row.group_size})"
                )
            return tip.strip() or spec.tip
        if spec.id == Column.SIDE:  # whole, however narrow the column shows it
            return f"{combatant.side}: {spec.tip}"
        if spec.id == Column.NOTES and combatant.notes:
            return combatant.notes
        if cell is not None and cell.pool is not None:
            # The bar's colour is not the only cue: the player view's word says it too.
            current, maximum = cell.pool
            said = f"{spec.title} {cell.text}: {perceived(current, maximum)}"
            tip = cell.tip or spec.tip
            return f"{said}\n{tip}" if tip else said
        if cell is not None and cell.tip:
            return cell.tip
        return spec.tip

    # --- editing -------------------------------------------------------------------------
    def setData(self, index: Index, value: Any, role: int = Role.EditRole) -> bool:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return False
        spec = self._columns[index.column()]
        combatant_id = self._rows[index.row()].combatant.id
        encounter = self._document.encounter
        edit: tuple[core.Encounter, str] | None
        try:
            if role == Role.CheckStateRole and spec.kind == "check":
                checked = Qt.CheckState(value) == Qt.CheckState.Checked
                edit = self._game_edit(
                    encounter, combatant_id, spec, "true" if checked else "false"
                )
            elif role == Role.EditRole and self.flags(index) & ItemFlag.ItemIsEditable:
                edit = self._edit(encounter, combatant_id, spec, value)
            else:
                return False
        except (ValueError, ValidationError) as error:
            self.edit_rejected.emit(_reason(error))
            return False
        if edit is None:
            return False
        self._document.apply(*edit)
        return True

    def _game_edit(
        self, encounter: core.Encounter, combatant_id: str, spec: TrackerColumn, text: str
    ) -> tuple[core.Encounter, str] | None:
        if self._rules.edit is None:
            return None
        return self._rules.edit(encounter, combatant_id, spec.id, text)

    def _edit(
        self, encounter: core.Encounter, combatant_id: str, spec: TrackerColumn, value: Any
    ) -> tuple[core.Encounter, str] | None:
        text = str(value).strip() if value is not None else ""
        if spec.id == Column.INITIATIVE:
            number = int(text) if text and text not in ("—", "-") else None
            return edits.set_initiative(encounter, combatant_id, number)
        if spec.id == Column.NAME:
            return edits.set_name(encounter, combatant_id, text) if text else None
        if spec.id == Column.SIDE:
            return edits.set_side(encounter, combatant_id, text) if text else None
        if spec.id == Column.NOTES:
            return edits.set_notes(encounter, combatant_id, str(value or ""))
        return self._game_edit(encounter, combatant_id, spec, text)

    # --- following the document ----------------------------------------------------------
    def _on_changed(self, aspects: frozenset[str]) -> None:
        if not aspects & _REFRESH_ASPECTS:
            return
        new_rows = tracker_rows(self._document.encounter, self._rules)
        self._generation += 1
        old_ids = [r.combatant.id for r in self._rows]
        new_ids = [r.combatant.id for r in new_rows]
        if old_ids == new_ids:
            self._rows = new_rows
            if new_rows:
                self.dataChanged.emit(
                    self.index(0, 0), self.index(len(new_rows) - 1, len(self._columns) - 1)
                )
                self.headerDataChanged.emit(Qt.Orientation.Vertical, 0, len(new_rows) - 1)
        elif sorted(old_ids) == sorted(new_ids):
            self._reorder(new_rows, old_ids, new_ids)
        else:
            self.beginResetModel()
            self._rows = new_rows
            self.endResetModel()

    def _reorder(self, new_rows: list[TrackerRow], old_ids: list[str], new_ids: list[str]) -> None:
        self.layoutAboutToBeChanged.emit()
        persistent = self.persistentIndexList()
        self._rows = new_rows
        position = {combatant_id: row for row, combatant_id in enumerate(new_ids)}
        moved = [self.index(position[old_ids[index.row()]], index.column()) for index in persistent]
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
