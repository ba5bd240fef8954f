"""The encounter log as a table: round, who, what; the details ride along as the tooltip.

Filtering by combatant happens here, not in a proxy: the log can hold thousands of lines
and a Python-side list is the fast path (performance note A3). Appended entries are
inserted, so a view scrolled to the bottom stays there.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt

from m3desk.core.encounter import LogEntry
from m3desk.core.log_entries import LogEntries
from m3desk.ui.documents.document_link import DocumentLink
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.encounter.log_export import actor_name, entry_concerns, round_cell, round_text

__all__ = ["DETAILS_MARK", "LogModel"]

Index = QModelIndex | QPersistentModelIndex
Role = Qt.ItemDataRole
_TITLES = ("Round", "Who", "What")
ROUND, WHO, WHAT = range(3)
DETAILS_MARK = " ▸"
"""After an entry that has details (shown below the log when it is selected, and as its
tooltip): a pointer to more, not "…", which reads as a line cut short."""


class LogModel(QAbstractTableModel):
    def __init__(self, document: EncounterDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._filter: str | None = None
        self._log: LogEntries[LogEntry] = document.encounter.log
        self._entries: list[LogEntry] = self._filtered(self._log)
        self.document_link = DocumentLink(document, self)
        self.document_link.connect("encounter_changed", self._on_changed)

    @property
    def combatant_filter(self) -> str | None:
        return self._filter

    def set_combatant_filter(self, combatant_id: str | None) -> None:
        """Show only entries where the combatant acted or was the target (None: all)."""
        if combatant_id == self._filter:
            return
        self.beginResetModel()
        self._filter = combatant_id
        self._entries = self._filtered(self._log)
        self.endResetModel()

    def entry(self, row: int) -> LogEntry | None:
        return self._entries[row] if 0 <= row < len(self._entries) else None

    def _filtered(self, log: Iterable[LogEntry]) -> list[LogEntry]:
        return [entry for entry in log if entry_concerns(entry, self._filter)]

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._entries)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(_TITLES)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Role.DisplayRole
    ) -> Any:
        if (
            orientation == Qt.Orientation.Horizontal
            and role == Role.DisplayRole
            and 0 <= section < len(_TITLES)
        ):
            return _TITLES[section]
        return None

    def data(self, index: Index, role: int = Role.DisplayRole) -> Any:
        entry = self.entry(index.row()) if index.isValid() else None
        if entry is None:
            return None
        if role == Role.DisplayRole:
            if index.column() == ROUND:
                return round_cell(entry)
            if index.column() == WHO:
                return actor_name(self._document.encounter, entry.actor)
            return entry.text + (DETAILS_MARK if entry.details else "")
        if role == Role.ToolTipRole:
            if index.column() == ROUND:
                return round_text(entry)
            return entry.details or entry.text
        if role == Role.TextAlignmentRole and index.column() == ROUND:
            return int(Qt.AlignmentFlag.AlignCenter)
        return None

    def _on_changed(self, aspects: frozenset[str]) -> None:
        log = self._document.encounter.log
        if "roster" in aspects and self.rowCount():
            self.dataChanged.emit(self.index(0, WHO), self.index(self.rowCount() - 1, WHO))
        if "log" not in aspects:
            return
        old = self._log
        self._log = log
        if len(log) > len(old) and log[: len(old)] == old:
            added = self._filtered(log[len(old) :])
            if added:
                first = len(self._entries)
                self.beginInsertRows(QModelIndex(), first, first + len(added) - 1)
                self._entries.extend(added)
                self.endInsertRows()
            return
        self.beginResetModel()
        self._entries = self._filtered(log)
        self.endResetModel()
