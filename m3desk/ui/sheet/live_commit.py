"""Commit an open cell editor shortly after the user pauses, so derived values follow typing.

A per-keystroke commit would push transient values ("1" on the way to "15"); waiting for a
short pause, and only while the text is acceptable, keeps every pushed value intended.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QStyledItemDelegate, QWidget

__all__ = ["LIVE_COMMIT_DELAY_MS", "LiveCommit"]

LIVE_COMMIT_DELAY_MS = 300


class LiveCommit(QObject):
    def __init__(self, delegate: QStyledItemDelegate, editor: QWidget) -> None:
        super().__init__(editor)
        self._delegate = delegate
        self._editor = editor
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(LIVE_COMMIT_DELAY_MS)
        self._timer.timeout.connect(self._commit)

    @property
    def pending(self) -> bool:
        return self._timer.isActive()

    def schedule(self) -> None:
        self._timer.start()

    def cancel(self) -> None:
        self._timer.stop()

    def _commit(self) -> None:
        self._delegate.commitData.emit(self._editor)

    @staticmethod
    def of(editor: QWidget) -> LiveCommit | None:
        return editor.findChild(LiveCommit)
