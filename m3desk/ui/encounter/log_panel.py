"""The log pane: the entries, a filter by combatant, the selected entry's details, export.

Entries wrap, so a long one ("Scouting: the encounter starts at Short; …") reads in full;
only the rows on screen are fitted to their text (:class:`VisibleRowFitter`).
"""

from __future__ import annotations

from PySide6.QtCore import QItemSelection, Qt, QTimer
from PySide6.QtGui import QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QTableView,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from m3desk.ui.documents.document_link import DocumentLink
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.encounter.log_model import ROUND, WHAT, WHO, LogModel
from m3desk.ui.encounter.log_row_fitter import VisibleRowFitter

__all__ = ["LogPanel"]


class LogPanel(QWidget):
    def __init__(self, document: EncounterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._who_width = 0
        """Who's fitted width, kept: a hidden column reports 0."""
        self.log_model = LogModel(document, self)
        self.filter_combo = QComboBox()
        self.filter_combo.setAccessibleName("Show log entries about")
        self.filter_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.filter_combo.currentIndexChanged.connect(self._on_filter)
        self.export_button = QToolButton()
        self.export_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)

        self.view = QTableView()
        self.view.setModel(self.log_model)
        self.view.setAccessibleName("Encounter log")
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.setWordWrap(True)
        self.view.verticalHeader().hide()
        self.view.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.view.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 6)
        header = self.view.horizontalHeader()
        header.setSectionResizeMode(ROUND, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(WHO, QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(WHAT, QHeaderView.ResizeMode.Stretch)
        self.view.selectionModel().selectionChanged.connect(self._on_selection)
        self.log_model.rowsInserted.connect(self._scroll_to_end)
        self.log_model.modelReset.connect(self._on_reset)
        self.row_fitter = VisibleRowFitter(self.view)
        # Follow the newest entry until the referee scrolls up to read; scrolling back to
        # the end follows again. Layout changes (splitters, fitted rows) keep the end in view.
        self.following_end = True
        bar = self.view.verticalScrollBar()
        bar.actionTriggered.connect(lambda _action: QTimer.singleShot(0, self._note_position))
        bar.rangeChanged.connect(lambda _low, _high: self._keep_end())

        self.details = QLabel()
        self.details.setWordWrap(True)
        self.details.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.details.setAccessibleName("Log entry details")
        self.details.hide()

        top = QHBoxLayout()
        title = QLabel("Log")
        bold = title.font()
        bold.setBold(True)
        title.setFont(bold)
        show = QLabel("&Show:")
        show.setBuddy(self.filter_combo)
        top.addWidget(title)
        top.addStretch(1)
        top.addWidget(show)
        top.addWidget(self.filter_combo)
        top.addWidget(self.export_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.details)

        self.document_link = DocumentLink(document, self)
        self.document_link.connect("encounter_changed", self._on_changed)
        self._fill_filter()
        self._scroll_to_end()

    def _fill_filter(self) -> None:
        wanted = self.log_model.combatant_filter
        self.filter_combo.blockSignals(True)
        self.filter_combo.clear()
        self.filter_combo.addItem("Everyone", None)
        for combatant in self._document.encounter.combatants:
            self.filter_combo.addItem(combatant.name, combatant.id)
        found = self.filter_combo.findData(wanted) if wanted else 0
        self.filter_combo.setCurrentIndex(max(found, 0))
        self.filter_combo.blockSignals(False)
        if wanted and found < 0:
            self.log_model.set_combatant_filter(None)
        self._fit_who_column()

    def _fit_who_column(self) -> None:
        """Wide enough for the longest combatant's name (names wrap badly), within limits."""
        metrics = self.view.fontMetrics()
        names = [c.name for c in self._document.encounter.combatants] or ["Who"]
        widest = max(metrics.horizontalAdvance(name) for name in names) + 16
        average = metrics.averageCharWidth()
        self._who_width = max(8 * average, min(widest, 24 * average))
        self.view.horizontalHeader().resizeSection(WHO, self._who_width)

    def _on_changed(self, aspects: frozenset[str]) -> None:
        if "roster" in aspects:
            self._fill_filter()

    def _on_filter(self, _index: int) -> None:
        self.log_model.set_combatant_filter(self.filter_combo.currentData())
        self._scroll_to_end()

    def _on_selection(self, _selected: QItemSelection, _deselected: QItemSelection) -> None:
        rows = self.view.selectionModel().selectedRows()
        entry = self.log_model.entry(rows[0].row()) if rows else None
        self.details.setText(entry.details if entry else "")
        self.details.setVisible(bool(entry and entry.details))

    NARROW_CHARACTERS = 48
    """When What would be narrower than this (in average characters) beside Who, the Who
    column gives its room to What: the entries name who acted anyway, and a long line then
    wraps three times, not five."""

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        # The panel's own new width: its view is laid out to it only after this event.
        header = self.view.horizontalHeader()
        who = self._who_width or header.sectionSize(WHO)
        what = (
            event.size().width()
            - header.sectionSize(ROUND)
            - who
            - self.view.verticalScrollBar().sizeHint().width()
        )
        narrow = what < self.view.fontMetrics().averageCharWidth() * self.NARROW_CHARACTERS
        self.view.setColumnHidden(WHO, narrow)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        # Once laid out, show the latest entries (scrolling before that has no effect).
        QTimer.singleShot(0, self._scroll_to_end)

    def _on_reset(self) -> None:
        self.details.clear()
        self.details.hide()

    def _scroll_to_end(self) -> None:
        self.following_end = True
        self.view.scrollToBottom()

    def _note_position(self) -> None:
        bar = self.view.verticalScrollBar()
        self.following_end = bar.value() >= bar.maximum()

    def _keep_end(self) -> None:
        if self.following_end:
            self.view.scrollToBottom()
