"""Fits the rows a table shows to their wrapped text, and only those rows.

The log can hold thousands of entries; ``ResizeToContents`` on the vertical header would
measure every one of them (through the Python model) on each change. Rows only need the
right height while they are on screen, so this measures the rows in view (and a couple
either side) after scrolling, resizing, a new entry or a new filter: a few dozen cells,
whatever the log's length. Rows never shown keep one line's height.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QTableView

__all__ = ["VisibleRowFitter"]

_AROUND = 2
"""Rows measured beyond each edge of the view, so a small scroll shows fitted rows."""
_PASSES = 3
"""Refits in one go: rows that shrink bring more rows into view."""
_WRAPPED_PADDING = 4
"""Extra height for a row of several lines, so wrapped entries do not touch the grid."""


class VisibleRowFitter(QObject):
    def __init__(self, view: QTableView) -> None:
        super().__init__(view)
        self._view = view
        self.measured = 0
        """Rows measured so far (for tests and the performance notes)."""
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.fit)
        view.verticalScrollBar().valueChanged.connect(self.schedule)
        view.horizontalHeader().sectionResized.connect(self.schedule)
        view.viewport().installEventFilter(self)
        model = view.model()
        if model is not None:
            for signal in (
                model.rowsInserted,
                model.rowsRemoved,
                model.modelReset,
                model.layoutChanged,
                model.dataChanged,
            ):
                signal.connect(self.schedule)

    def schedule(self, *_args: object) -> None:
        """Fit once the event loop is free (many changes in a row cost one fit)."""
        self._timer.start()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize:
            self.schedule()
        return super().eventFilter(watched, event)

    def fit(self) -> None:
        """Give every row in view the height its wrapped text needs; stay at the end if
        the view was there (the newest entry must not slide out of sight as it grows)."""
        view = self._view
        model = view.model()
        rows = model.rowCount() if model is not None else 0
        if rows == 0:
            return
        bar = view.verticalScrollBar()
        at_end = bar.value() >= bar.maximum()
        header = view.verticalHeader()
        line = header.defaultSectionSize()
        for _pass in range(_PASSES):
            changed = False
            height = view.viewport().height()
            first = view.rowAt(0)
            last = view.rowAt(max(height - 1, 0))
            first = 0 if first < 0 else first
            last = rows - 1 if last < 0 else last
            for row in range(max(first - _AROUND, 0), min(last + _AROUND, rows - 1) + 1):
                hint = view.sizeHintForRow(row)
                wanted = line if hint <= line else hint + _WRAPPED_PADDING
                self.measured += 1
                if header.sectionSize(row) != wanted:
                    header.resizeSection(row, wanted)
                    changed = True
            if at_end:
                view.scrollToBottom()
            if not changed:
                break
