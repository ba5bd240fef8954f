"""A table on the sheet: as tall as its rows (no scroll bar inside the sheet's scroll area).

Rows are selected whole; Delete removes the selected rows (one undo step), and editing
starts on double-click, F2 or just typing. Tab in an open editor goes on to the next cell
that has one, past check-box columns (a check box has nothing to type: the arrow keys
reach it and Space ticks it), as in a spreadsheet. Columns fit their contents when rows come or go;
an edit only widens a column its new text would not fit, so cells do not move under the
pointer as the user edits, and the last column keeps filling the width.
"""

from __future__ import annotations

from PySide6.QtCore import QAbstractItemModel, QEvent, QModelIndex, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent, QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemDelegate,
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
        # Columns and rows are fitted to their contents when the contents change (see
        # _content_changed), not by ResizeToContents, which re-measures every cell through
        # the Python delegates on each resize of the window.
        self.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        header = self.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        header.setStretchLastSection(not compact)
        header.setHighlightSections(False)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.setSizeAdjustPolicy(QAbstractScrollArea.SizeAdjustPolicy.AdjustIgnored)
        horizontal = QSizePolicy.Policy.Fixed if compact else QSizePolicy.Policy.Expanding
        self.setSizePolicy(horizontal, QSizePolicy.Policy.Fixed)
        # Measuring every cell is the expensive part of laying out a sheet (it calls the
        # model and delegates for each cell), and layouts ask for hints many times per pass;
        # so the measurements are cached until the content, font or style changes.
        self._width_cache: int | None = None
        self._rows_height_cache: int | None = None
        self._scroll_needed = False
        self._hinted_height = 0
        self._fitted = False
        self._grow_only = False

    def setModel(self, model: QAbstractItemModel | None) -> None:
        old = self.model()
        if old is not None:
            for signal in self._content_signals(old):
                signal.disconnect(self._content_changed)
            old.dataChanged.disconnect(self._data_changed)
        super().setModel(model)
        if model is not None:
            for signal in self._content_signals(model):
                signal.connect(self._content_changed)
            model.dataChanged.connect(self._data_changed)
        self._content_changed()

    def _content_signals(self, model: QAbstractItemModel) -> tuple:  # type: ignore[type-arg]
        return (
            model.rowsInserted,
            model.rowsRemoved,
            model.modelReset,
            model.layoutChanged,
            model.headerDataChanged,
            model.columnsInserted,
            model.columnsRemoved,
        )

    def _content_changed(self, *_args: object) -> None:
        """Forget the measurements; the next size request fits columns and rows again."""
        self._grow_only = False
        self._forget()

    def _data_changed(self, *_args: object) -> None:
        """An edit: the next size request widens columns that no longer fit, never narrows."""
        if self._fitted:
            self._grow_only = True
        self._forget()

    def _forget(self) -> None:
        self._fitted = False
        self._width_cache = None
        self._rows_height_cache = None
        self.updateGeometry()

    def _ensure_fitted(self) -> None:
        if self._fitted or self.model() is None:
            return
        self._fitted = True
        header = self.horizontalHeader()
        stretched = header.count() - 1 if header.stretchLastSection() else -1
        if self._grow_only:
            for column in range(header.count()):
                if column == stretched or header.isSectionHidden(column):
                    continue
                wanted = max(self.sizeHintForColumn(column), header.sectionSizeHint(column))
                if wanted > header.sectionSize(column):
                    header.resizeSection(column, wanted)
        else:
            self.resizeColumnsToContents()
        self._grow_only = False
        self.resizeRowsToContents()
        if stretched >= 0:  # fitting sized the last section too: let it fill the width again
            header.setStretchLastSection(False)
            header.setStretchLastSection(True)

    def showEvent(self, event: QShowEvent) -> None:
        self._ensure_fitted()
        super().showEvent(event)

    def setItemDelegate(self, delegate: QAbstractItemDelegate) -> None:
        super().setItemDelegate(delegate)
        self._content_changed()

    def setItemDelegateForColumn(self, column: int, delegate: QAbstractItemDelegate) -> None:
        super().setItemDelegateForColumn(column, delegate)
        self._content_changed()

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Polish:  # the style and font are final from here on
            self._content_changed()
        return super().event(event)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in (
            QEvent.Type.FontChange,
            QEvent.Type.StyleChange,
            QEvent.Type.PaletteChange,
        ):
            self._content_changed()
        super().changeEvent(event)

    def _rows_height(self) -> int:
        self._ensure_fitted()
        if self._rows_height_cache is None:
            model = self.model()
            rows = model.rowCount() if model is not None else 0
            height = sum(self.rowHeight(row) for row in range(rows))
            default = self.verticalHeader().defaultSectionSize()
            height += max(0, self._min_rows - rows) * default
            self._rows_height_cache = height
        return self._rows_height_cache

    def _content_height(self) -> int:
        height = self._rows_height()
        if self.horizontalHeader().isVisibleTo(self):
            height += self.horizontalHeader().sizeHint().height()
        height += 2 * self.frameWidth()
        if self.horizontalScrollBar().isVisible() or self._needs_horizontal_scroll():
            height += self.horizontalScrollBar().sizeHint().height()
        return height

    def _content_width(self) -> int:
        if self._width_cache is None:
            self._width_cache = self._measure_width()
        return self._width_cache

    def _measure_width(self) -> int:
        self._ensure_fitted()
        header = self.horizontalHeader()
        # Not sectionSize(): the stretched last section is as wide as the view, which would
        # make the hint chase the view's own width.
        last = header.count() - 1
        width = sum(
            # The stretched last section is as wide as the view; measure that one instead.
            max(self.sizeHintForColumn(col), header.sectionSizeHint(col))
            if col == last and header.stretchLastSection()
            else header.sectionSize(col)
            for col in range(header.count())
            if not header.isSectionHidden(col)
        )
        # isVisibleTo, not isVisible: the width is cached, and it is first measured
        # before the view is shown, when isVisible() is False for every child.
        if self.verticalHeader().isVisibleTo(self):
            width += self.verticalHeader().sizeHint().width()
        return width + 2 * self.frameWidth()

    def _needs_horizontal_scroll(self) -> bool:
        return self.width() > 0 and self._content_width() > self.width()

    def sizeHint(self) -> QSize:
        self._hinted_height = self._content_height()
        return QSize(self._content_width(), self._hinted_height)

    def minimumSizeHint(self) -> QSize:
        return QSize(
            min(self._content_width(), 12 * self.fontMetrics().averageCharWidth() * 2),
            self._content_height(),
        )

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        needed = self._needs_horizontal_scroll()
        if needed != self._scroll_needed or self._content_height() != self._hinted_height:
            # The horizontal scroll bar came or went, or the layout placed this view by a
            # hint measured while it was too narrow (a scroll bar's height, shown as a blank
            # row at its end). Not at once: a layout that is placing it ignores a new hint.
            self._scroll_needed = needed
            QTimer.singleShot(0, self.updateGeometry)

    def selected_rows(self) -> list[int]:
        selection = self.selectionModel()
        if selection is None:
            return []
        return sorted(index.row() for index in selection.selectedRows())

    def moveCursor(
        self, action: QAbstractItemView.CursorAction, modifiers: Qt.KeyboardModifier
    ) -> QModelIndex:
        """Tab and Shift+Tab (from an editor) go to the next or previous editable cell."""
        cursor = QAbstractItemView.CursorAction
        if action in (cursor.MoveNext, cursor.MovePrevious) and self.model() is not None:
            return self._editable_after(self.currentIndex(), action == cursor.MoveNext)
        return super().moveCursor(action, modifiers)

    def _editable_after(self, index: QModelIndex, forward: bool) -> QModelIndex:
        """The next editable, shown cell after ``index`` in reading order (or before it);
        an invalid index past the last one."""
        model = self.model()
        rows, columns = model.rowCount(), model.columnCount()
        row, column = (index.row(), index.column()) if index.isValid() else (0, -1)
        for _ in range(rows * columns):
            column += 1 if forward else -1
            if column >= columns:
                row, column = row + 1, 0
            elif column < 0:
                row, column = row - 1, columns - 1
            if not 0 <= row < rows:
                break
            candidate = model.index(row, column)
            if not self.isColumnHidden(column) and candidate.flags() & Qt.ItemFlag.ItemIsEditable:
                return candidate
        return QModelIndex()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in _DELETE_KEYS and self.state() != QAbstractItemView.State.EditingState:
            rows = self.selected_rows()
            if rows:
                self.delete_requested.emit(rows)
                event.accept()
                return
        super().keyPressEvent(event)
