"""Autosave of unsaved edits to the recovery folder, never over the user's files.

Each modified document gets a single-shot timer that restarts on every change,
so a snapshot is written once the user pauses for ``interval`` seconds rather
than in the middle of typing (LibreOffice's AutoRecovery works the same way).
Steady work never pauses, so a second timer bounds the wait: at most
:data:`MAX_UNSAVED_SECONDS` after the first change not yet in a snapshot, one is
written, idle or not. A failed snapshot raises :attr:`AutosaveController.failed`;
the window keeps its warning up until :attr:`recovered` says one worked again.
The session lock marks this instance as alive so a second m3desk never offers
our snapshots for recovery; a clean exit removes both, a crash leaves them for
the next start.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtCore import QObject, QTimer, Signal, Slot

from m3desk.storage.errors import SaveError, describe_os_error
from m3desk.storage.locks import SessionLock
from m3desk.storage.recovery import RecoveryStore

if TYPE_CHECKING:
    from m3desk.ui.window.open_document import OpenDocument

__all__ = ["MAX_UNSAVED_SECONDS", "AutosaveController"]

MAX_UNSAVED_SECONDS = 30
"""The most work a crash can take: a snapshot at least this often while edits are unsaved."""

_log = logging.getLogger(__name__)


def _bound_ms() -> int:
    """The bound in milliseconds; ``M3DESK_AUTOSAVE_BOUND_MS`` shortens it for tests only
    (a value above the bound is ignored, so a setting can never weaken the promise)."""
    bound = MAX_UNSAVED_SECONDS * 1000
    try:
        wanted = int(os.environ.get("M3DESK_AUTOSAVE_BOUND_MS", bound))
    except ValueError:
        return bound
    return max(10, min(wanted, bound))


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
    """A snapshot could not be written; the window warns until :attr:`recovered`."""
    recovered = Signal()
    """A snapshot was written again after a failure."""
    snapshot_written = Signal(str)
    """A snapshot of the document with this doc_id was written (tests wait on it)."""

    def __init__(
        self, state_dir: Path, interval_seconds: int, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.interval_ms = max(1, interval_seconds) * 1000
        self.lock = SessionLock(state_dir)
        self.store = RecoveryStore(state_dir, self.lock.session_id)
        self.max_delay_ms = _bound_ms()
        self._timers: dict[str, _IdleTimer] = {}
        self._deadlines: dict[str, QTimer] = {}
        self._failing = False
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
        deadline = QTimer(self)
        deadline.setSingleShot(True)
        deadline.timeout.connect(lambda: self.snapshot(record))
        self._timers[record.doc_id] = timer
        self._deadlines[record.doc_id] = deadline
        self._records[record.doc_id] = record
        record.document.undo_stack.indexChanged.connect(timer.restart)
        record.document.modified_changed.connect(timer.restart)
        record.document.undo_stack.indexChanged.connect(
            lambda _index: self._arm_deadline(record.doc_id)
        )
        if record.modified:
            timer.start()
            self._arm_deadline(record.doc_id)

    def _arm_deadline(self, doc_id: str) -> None:
        """The first change since the last snapshot starts the clock; later ones do not."""
        deadline = self._deadlines.get(doc_id)
        # At exit Qt may delete the timers before a document's undo stack stops signalling.
        if deadline is not None and shiboken6.isValid(deadline) and not deadline.isActive():
            deadline.start(self.max_delay_ms)

    def snapshot(self, record: OpenDocument) -> bool:
        """Write (or, when back to the saved state, drop) the record's snapshot now.

        Returns True if the document's unsaved state is now in this session's store.
        """
        if not self._active or record.doc_id not in self._records:
            return False
        deadline = self._deadlines.get(record.doc_id)
        if deadline is not None:
            deadline.stop()
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
        except (SaveError, OSError) as exc:
            # Whatever the disk says, the session keeps autosaving: warn and try again.
            message = (
                exc.message
                if isinstance(exc, SaveError)
                else (f"Could not write to the recovery folder: {describe_os_error(exc)}.")
            )
            _log.warning("autosave failed: %s", message)
            self._failing = True
            self._arm_deadline(record.doc_id)  # try again within the bound
            self.failed.emit(f"Autosave failed: {message}")
            return False
        if self._failing:
            self._failing = False
            self.recovered.emit()
        self.snapshot_written.emit(record.doc_id)
        return True

    def saved(self, record: OpenDocument) -> None:
        """The document is safely on disk: its snapshot is no longer needed."""
        for timers in (self._timers, self._deadlines):
            timer = timers.get(record.doc_id)
            if timer is not None:
                timer.stop()
        if self._active:
            self.store.discard(record.doc_id)

    def forget(self, record: OpenDocument) -> None:
        """The document was closed (saved or deliberately discarded)."""
        self.saved(record)
        self._records.pop(record.doc_id, None)
        for timers in (self._timers, self._deadlines):
            timer = timers.pop(record.doc_id, None)
            if timer is not None:
                timer.deleteLater()

    def shutdown(self) -> None:
        """Clean exit: remove every snapshot and the session lock."""
        for timer in (*self._timers.values(), *self._deadlines.values()):
            timer.stop()
        if self._active:
            self.store.discard_all()
            self.lock.release()
        self._active = False
