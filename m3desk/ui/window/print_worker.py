"""Print and Export PDF in a worker thread, with progress and Cancel: the window never waits.

The GUI thread asks the file name or the printer and takes the documents as they are (frozen
pydantic values, with each game's table rules read once); a :class:`PrintRun` then paints the
pages on a thread of its own (a PDF writer or a printer with a ``QPainter`` may be painted
from any thread; the printing code uses ``QImage``, never a pixmap or a widget). Each page
painted is reported (``progressed``), Cancel is heard between pages, and the end comes back
to the GUI thread as a page count, a cancellation, or a sentence. A PDF is built in memory
and written to a temporary file beside the target, moved into place only when whole
(:func:`m3desk.storage.atomic.atomic_write_bytes`): a cancelled or failed export leaves the
old file, if any, as it was.

:class:`PrintProgress` is what the user sees: a small window of its own (not modal, so
editing and switching tabs go on) saying "Page 3 of 12" with a Cancel button, shown only
when the run lasts longer than :data:`SHOW_AFTER_MS` (a quick export does not flash it).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from m3desk.storage.errors import SaveError
from m3desk.ui.printing.pages import PageProgress, PrintCancelled

__all__ = ["SHOW_AFTER_MS", "PrintOutcome", "PrintProgress", "PrintRun", "Work", "progress_words"]

SHOW_AFTER_MS = 400
"""A run that ends sooner never shows its progress (no flash for a quick export)."""

Work = Callable[[Callable[[PageProgress], None], Callable[[], bool]], int]
"""What a run does on its thread: paints, given where to report and whether to stop;
returns the pages painted."""


@dataclass(frozen=True, slots=True)
class PrintOutcome:
    """How a run ended: ``pages`` painted (0 when cancelled or failed), a sentence when it
    failed, whether it was cancelled."""

    pages: int = 0
    error: str = ""
    cancelled: bool = False

    @property
    def done(self) -> bool:
        return not self.error and not self.cancelled


def progress_words(step: PageProgress) -> str:
    """ "Page 3 of 12", with the document's place among several; while a document is laid
    out (its pages not known yet), what is being laid out."""
    several = f" (document {step.document} of {step.documents})" if step.documents > 1 else ""
    if step.page == 0:
        return f"Laying out the pages{several}…"
    return f"Page {step.page} of {step.pages}{several}"


class _Relay(QObject):
    """Lives on the GUI thread; the worker emits, the GUI thread's slots receive (queued)."""

    progressed = Signal(object)
    ended = Signal(object)


class PrintRun(QObject):
    """One print or export on a worker thread: ``progressed`` (a :class:`PageProgress`) as
    pages are painted, then ``ended`` (a :class:`PrintOutcome`) once, on the GUI thread."""

    progressed = Signal(object)
    ended = Signal(object)

    def __init__(
        self, work: Work, what: str, failure: Callable[[Exception], str], parent: QObject
    ) -> None:
        """``what`` names the run for the user ("“Crypt.pdf”"); ``failure`` turns an error
        into the sentence shown."""
        super().__init__(parent)
        self.what = what
        self.outcome: PrintOutcome | None = None
        self._work = work
        self._failure = failure
        self._stop = threading.Event()
        self._relay = _Relay(self)
        self._relay.progressed.connect(self.progressed.emit)
        self._relay.ended.connect(self._end)
        self._thread = threading.Thread(target=self._run, daemon=True, name="m3desk printing")

    def start(self) -> None:
        self._thread.start()

    def cancel(self) -> None:
        """Stop at the next page; ``ended`` then says cancelled."""
        self._stop.set()

    @property
    def running(self) -> bool:
        return self.outcome is None

    def wait(self, timeout_s: float = 60.0) -> PrintOutcome | None:
        """Block until the thread has ended and deliver its last word (closing; tests)."""
        if self._thread.is_alive():
            self._thread.join(timeout_s)
        if not self._thread.is_alive():
            QCoreApplication.sendPostedEvents(self._relay)  # the worker's queued signals
            QCoreApplication.sendPostedEvents(self)
        return self.outcome

    def _run(self) -> None:
        relay, stop = self._relay, self._stop
        try:
            pages = self._work(relay.progressed.emit, stop.is_set)
        except PrintCancelled:
            outcome = PrintOutcome(cancelled=True)
        except SaveError as exc:
            outcome = PrintOutcome(error=exc.message)
        except Exception as exc:  # a thread's error must reach the user, as a sentence
            outcome = PrintOutcome(error=self._failure(exc))
        else:
            outcome = PrintOutcome(cancelled=True) if stop.is_set() else PrintOutcome(pages)
        relay.ended.emit(outcome)

    def _end(self, outcome: PrintOutcome) -> None:
        if self.outcome is None:
            self.outcome = outcome
            self._work = _done  # the documents and the printer are let go
            self.ended.emit(outcome)


def _done(_progress: Callable[[PageProgress], None], _cancelled: Callable[[], bool]) -> int:
    return 0


class PrintProgress(QDialog):
    """A run's progress, not modal: its title, "Page 3 of 12", a bar and Cancel."""

    def __init__(self, run: PrintRun, title: str, parent: QWidget) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.setModal(False)
        self.setWindowModality(Qt.WindowModality.NonModal)
        self._run = run
        self.what = QLabel(f"{title} {run.what}", self)  # "Exporting PDF “Crypt.pdf”"
        self.what.setTextFormat(Qt.TextFormat.PlainText)  # a file name is never markup
        self.what.setWordWrap(True)
        self.step = QLabel("Starting…", self)
        self.step.setTextFormat(Qt.TextFormat.PlainText)
        self.bar = QProgressBar(self)
        self.bar.setRange(0, 0)  # busy until the pages are known
        self.bar.setTextVisible(False)
        self.cancel_button = QPushButton("Cancel", self)
        self.cancel_button.clicked.connect(self._cancel)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.cancel_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.what)
        layout.addWidget(self.step)
        layout.addWidget(self.bar)
        layout.addLayout(buttons)
        self.setMinimumWidth(self.fontMetrics().horizontalAdvance("M") * 28)
        run.progressed.connect(self._show_step)
        run.ended.connect(self._ended)
        QTimer.singleShot(SHOW_AFTER_MS, self, self._show_if_running)

    def _show_if_running(self) -> None:
        if self._run.running:
            self.show()

    def _show_step(self, step: PageProgress) -> None:
        """One bar for the whole run: a party's moves by documents (each sheet's pages are
        known only once it is laid out), one document's by pages."""
        self.step.setText(progress_words(step))
        if step.documents > 1:
            self.bar.setRange(0, step.documents * 100)
            done = step.page * 100 // step.pages if step.pages else 0
            self.bar.setValue((step.document - 1) * 100 + done)
        elif step.page == 0:
            self.bar.setRange(0, 0)
        else:
            self.bar.setRange(0, step.pages)
            self.bar.setValue(step.page)

    def _cancel(self) -> None:
        self._run.cancel()
        self.cancel_button.setEnabled(False)
        self.step.setText("Stopping after this page…")

    def _ended(self, _outcome: PrintOutcome) -> None:
        super().reject()  # hides it (never shown: nothing to do)
        self.deleteLater()

    def reject(self) -> None:
        """Escape or the title bar's close: the same as Cancel (it closes when stopped)."""
        if self._run.running:
            self._cancel()
        else:
            super().reject()
