"""A table on the sheet: as tall as its rows (no scroll bar inside the sheet's scroll area).

Rows are selected whole; Delete removes the selected rows (one undo step), and editing
starts on double-click, F2 or just typing.
"""

from __future__ import annotations

from PySide6.QtCore import QAbstractItemModel, QSize, Qt, Signal
from PySide6.QtGui import QKeyEvent, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QAbstractScrollArea,
    QHeaderView,
    QSizePolicy,
    QTableView,
    QWidget,
)

__all__ = ["SheetTableView"]

_TRIGGERS = (
    QAbstractItemView.EditTrigger.DoubleClicked
    | QAbstractItemView.EditTrigger.EditKeyPressed
    | QAbstractItemView.EditTrigger.AnyKeyPressed
    | QAbstractItemView.EditTrigger.SelectedClicked
)
_DELETE_KEYS = (Qt.Key.Key_Delete,)


class SheetTableView(QTableView):
    delete_requested = Signal(list)
    """The user pressed Delete on these rows (sorted)."""

    def __init__(
        self,
        parent: QWidget | None = None,
        *,
        min_rows: int = 1,
        row_headers: bool = False,
        compact: bool = False,
    ) -> None:
        """``compact``: exactly as wide as the columns (no stretched last column)."""
        super().__init__(parent)
        self._min_rows = min_rows
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.setEditTriggers(_TRIGGERS)
        self.setAlternatingRowColors(True)
        self.setWordWrap(False)
        self.setTabKeyNavigation(False)
        self.verticalHeader().setVisible(row_headers)
        self.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header = self.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(not compact)
        header.setHighlightSections(False)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.setSizeAdjustPolicy(QAbstractScrollArea.SizeAdjustPolicy.AdjustIgnored)
        horizontal = QSizePolicy.Policy.Fixed if compact else QSizePolicy.Policy.Expanding
        self.setSizePolicy(horizontal, QSizePolicy.Policy.Fixed)

    def setModel(self, model: QAbstractItemModel | None) -> None:
        old = self.model()
        if old is not None:
            for signal in (old.rowsInserted, old.rowsRemoved, old.modelReset, old.layoutChanged):
                signal.disconnect(self.updateGeometry)
        super().setModel(model)
        if model is not None:
            for signal in (
                model.rowsInserted,
                model.rowsRemoved,
                model.modelReset,
                model.layoutChanged,
            ):
                signal.connect(self.updateGeometry)
        self.updateGeometry()

    def _content_height(self) -> int:
        model = self.model()
        rows = model.rowCount() if model is not None else 0
        height = sum(self.rowHeight(row) or self.sizeHintForRow(row) for row in range(rows))
        default = self.verticalHeader().defaultSectionSize()
        height += max(0, self._min_rows - rows) * default
        if self.horizontalHeader().isVisible():
            height += self.horizontalHeader().sizeHint().height()
        height += 2 * self.frameWidth()
        if self.horizontalScrollBar().isVisible() or self._needs_horizontal_scroll():
            height += self.horizontalScrollBar().sizeHint().height()
        return height

    def _content_width(self) -> int:
        header = self.horizontalHeader()
        # Not sectionSize(): the stretched last section is as wide as the view, which would
        # make the hint chase the view's own width.
        width = sum(
            max(self.sizeHintForColumn(col), header.sectionSizeHint(col))
            for col in range(header.count())
            if not header.isSectionHidden(col)
        )
        if self.verticalHeader().isVisible():
            width += self.verticalHeader().sizeHint().width()
        return width + 2 * self.frameWidth()

    def _needs_horizontal_scroll(self) -> bool:
        return self.width() > 0 and self._content_width() > self.width()

    def sizeHint(self) -> QSize:
        return QSize(self._content_width(), self._content_height())

    def minimumSizeHint(self) -> QSize:
        return QSize(
            min(self._content_width(), 12 * self.fontMetrics().averageCharWidth() * 2),
            self._content_height(),
        )

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.updateGeometry()  # the horizontal scroll bar may have come or gone

    def selected_rows(self) -> list[int]:
        selection = self.selectionModel()
        if selection is None:
            return []
        return sorted(index.row() for index in selection.selectedRows())

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in _DELETE_KEYS and self.state() != QAbstractItemView.State.EditingState:
            rows = self.selected_rows()
            if rows:
                self.delete_requested.emit(rows)
                event.accept()
                return
        super().keyPressEvent(event)
