"""The search box over a list: Down moves into the list, as in a browser's URL bar.

One filter for every panel that has a search box above a table of rows (the library, the
bestiary), so the keys work alike in both.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QAbstractItemView, QLineEdit

__all__ = ["DownIntoList"]


class DownIntoList(QObject):
    """Installed on ``search``: Down puts the focus in ``view`` (on its first row when none
    is current); every other key stays with the search box."""

    def __init__(self, search: QLineEdit, view: QAbstractItemView, column: int = 0) -> None:
        super().__init__(search)
        self._search, self._view, self._column = search, view, column
        search.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        model = self._view.model()
        if (
            watched is self._search
            and event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and event.key() == Qt.Key.Key_Down
            and model is not None
            and model.rowCount() > 0
        ):
            if not self._view.currentIndex().isValid():
                self._view.setCurrentIndex(model.index(0, self._column))
            self._view.setFocus(Qt.FocusReason.OtherFocusReason)
            return True
        return super().eventFilter(watched, event)
