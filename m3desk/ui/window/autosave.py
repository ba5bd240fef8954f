"""Autosave of unsaved edits to the recovery folder, never over the user's files.

Each modified document gets a single-shot timer that restarts on every change,
so a snapshot is written once the user pauses for ``interval`` seconds rather
than in the middle of typing (LibreOffice's AutoRecovery works the same way).
The session lock marks this instance as alive so a second m3desk never offers
our snapshots for recovery; a clean exit removes both, a crash leaves them for
the next start.
"""

from __future__ import annotations

import logging
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal, Slot

from m3desk.storage.errors import SaveError
from m3desk.storage.locks import SessionLock
from m3desk.storage.recovery import RecoveryStore
from m3desk.ui.window.open_document import OpenDocument

__all__ = ["AutosaveController"]

_log = logging.getLogger(__name__)


class _IdleTimer(QTimer):
    """A single-shot timer restarted by any change signal.

    A bound slot (not a lambda) so the connection dies with the timer, and with no
    parameters so a signal's argument is never taken as ``start(msec)``.
    """

    def __init__(self, interval_ms: int, parent: QObject) -> None:
        super().__init__(parent)
        self.setSingleShot(True)
        self.setInterval(interval_ms)

    @Slot()
    def restart(self) -> None:
        self.start()


class AutosaveController(QObject):
    """Owns this instance's session lock, recovery store and per-document timers."""

    failed = Signal(str)
    """A snapshot could not be written (shown in the status bar, not a dialog)."""
    snapshot_written = Signal(str)
    """A snapshot of the document with this doc_id was written (tests wait on it)."""

    def __init__(self, state_dir: Path, interval_seconds: int,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.interval_ms = max(1, interval_seconds) * 1000
        self.lock = SessionLock(state_dir)
        self.store = RecoveryStore(state_dir, self.lock.session_id)
        self._timers: dict[str, _IdleTimer] = {}
        self._records: dict[str, OpenDocument] = {}
        self._active = True
        try:
            self.lock.acquire()
        except SaveError as exc:
            # Without a lock a second instance could mistake our snapshots for a
            # crash's; better to autosave nothing than to have them stolen.
            _log.warning("autosave is off: %s", exc.message)
            self._active = False
            notice = f"Autosave is off: {exc.message}"
            QTimer.singleShot(0, self, lambda: self.failed.emit(notice))

    @property
    def active(self) -> bool:
        return self._active

    def watch(self, record: OpenDocument) -> None:
        """Start snapshotting ``record`` whenever it changes.

        Every change of every kind of document goes through its undo stack (edit, undo,
        redo), so the stack's ``indexChanged`` is the one change signal to follow.
        """
        timer = _IdleTimer(self.interval_ms, self)
        timer.timeout.connect(lambda: self.snapshot(record))
        self._timers[record.doc_id] = timer
        self._records[record.doc_id] = record
        record.document.undo_stack.indexChanged.connect(timer.restart)
        record.document.modified_changed.connect(timer.restart)
        if record.modified:
            timer.start()

    def snapshot(self, record: OpenDocument) -> bool:
        """Write (or, when back to the saved state, drop) the record's snapshot now.

        Returns True if the document's unsaved state is now in this session's store.
        """
        if not self._active or record.doc_id not in self._records:
            return False
        if not record.modified:
            self.store.discard(record.doc_id)
            return False
        try:
            self.store.write(
                record.doc_id,
                record.kind.snapshot_bytes(record.document),
                title=record.plain_title(),
                original_path=record.recovery_original_path(),
                kind=record.kind.recovery_kind(record.document),
            )
        except SaveError as exc:
            _log.warning("autosave failed: %s", exc.message)
            self.failed.emit(f"Autosave failed: {exc.message}")
            return False
        self.snapshot_written.emit(record.doc_id)
        return True

    def saved(self, record: OpenDocument) -> None:
        """The document is safely on disk: its snapshot is no longer needed."""
        timer = self._timers.get(record.doc_id)
        if timer is not None:
            timer.stop()
        if self._active:
            self.store.discard(record.doc_id)

    def forget(self, record: OpenDocument) -> None:
        """The document was closed (saved or deliberately discarded)."""
        self.saved(record)
        timer = self._timers.pop(record.doc_id, None)
        self._records.pop(record.doc_id, None)
        if timer is not None:
            timer.deleteLater()

    def shutdown(self) -> None:
        """Clean exit: remove every snapshot and the session lock."""
        for timer in self._timers.values():
            timer.stop()
        if self._active:
            self.store.discard_all()
            self.lock.release()
        self._active = False
