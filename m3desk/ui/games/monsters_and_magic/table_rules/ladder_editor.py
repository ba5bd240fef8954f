"""The difficulty ladder in the Table Rules dialog: a small table with Add and Remove."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QItemSelection, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from m3desk.systems.monsters_and_magic.table_rules import DifficultyRung
from m3desk.ui.games.monsters_and_magic.table_rules.ladder_delegate import LadderDelegate
from m3desk.ui.games.monsters_and_magic.table_rules.ladder_model import LadderColumn, LadderModel

__all__ = ["LadderEditor"]

_VISIBLE_ROWS = 6


class LadderEditor(QWidget):
    def __init__(self, rungs: Iterable[DifficultyRung] = (), parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = LadderModel(rungs, self)
        self.view = QTableView()
        self.view.setObjectName("difficulty_ladder")
        self.view.setAccessibleName("Difficulties")
        self.view.setModel(self.model)
        self.view.setItemDelegate(LadderDelegate(self.view))
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
            | QAbstractItemView.EditTrigger.AnyKeyPressed
        )
        self.view.setTabKeyNavigation(False)
        self.view.verticalHeader().hide()
        row_height = self.view.fontMetrics().height() + 10
        self.view.verticalHeader().setDefaultSectionSize(row_height)
        header = self.view.horizontalHeader()
        header.setSectionResizeMode(LadderColumn.NAME, QHeaderView.ResizeMode.Stretch)
        for column in (LadderColumn.STATIC, LadderColumn.ROLLED):  # a handful of rows
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        metrics = self.view.fontMetrics()
        numbers = metrics.horizontalAdvance("Static") + metrics.horizontalAdvance("3d6 + 50")
        self.view.setMinimumWidth(
            metrics.horizontalAdvance("Very Tough  ")
            + numbers
            + 6 * metrics.averageCharWidth()
            + 2 * self.view.frameWidth()
        )
        self.view.setMinimumHeight(
            header.sizeHint().height() + _VISIBLE_ROWS * row_height + 2 * self.view.frameWidth()
        )

        self.add_button = QPushButton("&Add Difficulty")
        self.add_button.setToolTip("Add a difficulty at the end of the ladder")
        self.remove_button = QPushButton("Remo&ve")
        self.remove_button.setToolTip("Remove the selected difficulty")
        self.add_button.clicked.connect(self._add)
        self.remove_button.clicked.connect(self._remove)
        self.view.selectionModel().selectionChanged.connect(self._on_selection)
        self.model.modelReset.connect(self._update_buttons)
        self.model.rowsRemoved.connect(self._update_buttons)

        buttons = QHBoxLayout()
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.view, 1)
        layout.addLayout(buttons)
        self._update_buttons()

    def set_rungs(self, rungs: Iterable[DifficultyRung]) -> None:
        self.model.set_rungs(rungs)

    def _add(self) -> None:
        row = self.model.add_rung()
        index = self.model.index(row, LadderColumn.NAME)
        self.view.setCurrentIndex(index)
        self.view.scrollTo(index)
        self.view.setFocus(Qt.FocusReason.OtherFocusReason)
        self.view.edit(index)

    def _remove(self) -> None:
        rows = self.view.selectionModel().selectedRows()
        if rows:
            row = rows[0].row()
            self.model.remove_row_at(row)
            if self.model.rowCount():
                self.view.selectRow(min(row, self.model.rowCount() - 1))

    def _on_selection(self, _selected: QItemSelection, _deselected: QItemSelection) -> None:
        self._update_buttons()

    def _update_buttons(self) -> None:
        self.remove_button.setEnabled(bool(self.view.selectionModel().selectedRows()))
