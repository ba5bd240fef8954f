"""Reading a chosen portrait file off the GUI thread, under a budget, with Cancel.

A portrait is any file the user picks, so it may be a 40-megapixel photo or an SVG whose
drawing needs a process of its own (:mod:`m3desk.ui.picture_svg`, about 0.3 s to start and
up to its kernel-held budget). :func:`start_reading` hands the file to
:func:`m3desk.ui.portrait_codec.encode_portrait` on one worker thread (two large photos are
never decoded at once) and returns a :class:`PortraitReading` the widget polls on the GUI
thread; :meth:`PortraitReading.cancel` stops it between its steps and kills the SVG's
drawing process at once. Nothing here touches a widget or a document: the widget applies
the result, once, through its document's undo stack.
"""

from __future__ import annotations

import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from m3desk.ui.picture_files import Cancelled
from m3desk.ui.portrait_codec import encode_portrait

__all__ = ["READ_BUDGET_S", "PortraitReading", "Read", "start_reading"]

READ_BUDGET_S = 20.0
"""A portrait not read by then is given up with a sentence (the reading is bounded by
:mod:`m3desk.ui.picture_files`; this is the backstop)."""

_WORKERS: list[ThreadPoolExecutor] = []


def _workers() -> ThreadPoolExecutor:
    if not _WORKERS:
        _WORKERS.append(ThreadPoolExecutor(max_workers=1, thread_name_prefix="m3desk-portrait"))
    return _WORKERS[0]


@dataclass(frozen=True, slots=True)
class Read:
    """How a reading ended: the stored portrait, or the sentence why there is none
    (``cancelled``: the user or the view stopped it; nothing to say)."""

    encoded: str = ""
    sentence: str = ""
    cancelled: bool = False


@dataclass(eq=False)
class PortraitReading:
    """One chosen file being read on the worker."""

    path: Path
    future: Future[str]
    stop: threading.Event
    started: float = field(default_factory=time.monotonic)

    @property
    def name(self) -> str:
        return self.path.name or str(self.path)

    def cancel(self) -> None:
        """Stop the reading (a queued one never starts; an SVG's process is killed)."""
        self.stop.set()
        self.future.cancel()

    def outcome(self) -> Read | None:
        """None while the file is read; then how it ended (past :data:`READ_BUDGET_S` it
        is stopped and given up with a sentence)."""
        if self.stop.is_set():
            return Read(cancelled=True)
        if not self.future.done():
            if time.monotonic() - self.started <= READ_BUDGET_S:
                return None
            self.cancel()
            return Read(
                sentence=f"The picture {self.name} took longer than {READ_BUDGET_S:.0f} s "
                "to read; the portrait is unchanged."
            )
        try:
            return Read(encoded=self.future.result())
        except Cancelled:
            return Read(cancelled=True)
        except ValueError as error:
            return Read(sentence=str(error))
        except Exception as error:  # any failure is a sentence, never a crash
            return Read(sentence=f"The picture {self.name} could not be read ({error}).")


def start_reading(path: Path) -> PortraitReading:
    """``path`` read, scaled and encoded as a portrait on the worker thread."""
    stop = threading.Event()
    future = _workers().submit(encode_portrait, path, cancelled=stop.is_set)
    return PortraitReading(path, future, stop)
