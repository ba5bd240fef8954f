"""Reading the map's background picture safely, off the GUI thread.

The encounter keeps the picture's path and scale (:class:`m3desk.core.places.Backdrop`),
never its bytes. The picture is read by :mod:`m3desk.ui.picture_files` (kind decided by
content, budgets checked before anything is decoded, a large scan scaled down as it is
read); a missing, corrupt or hostile file gives a sentence and the map shows without it
(nothing in the encounter changes).

A map reads its picture through a :class:`PictureHandle`: the reading runs on a worker
thread, the map shows "Loading picture…" meanwhile and can cancel it; views of the same
picture (the GM's map and the player view) share one decoded copy, which is let go as soon
as the last of them closes (a closed tab keeps nothing). A read that takes longer than
:data:`LOAD_BUDGET_S` is given up with a sentence.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field

from PySide6.QtCore import QObject, QTimer
from PySide6.QtGui import QImage

from m3desk.ui import picture_cache
from m3desk.ui.jpeg_rows import jpeg_rows
from m3desk.ui.picture_files import MAX_FILE_BYTES, MAX_PIXELS, Cancelled, ReadPicture, read_picture

__all__ = [
    "LOAD_BUDGET_S",
    "MAX_FILE_BYTES",
    "MAX_PIXELS",
    "MAX_SIDE",
    "BackdropCache",
    "PictureHandle",
    "PrintedPicture",
    "file_pixel_size",
    "loaded_pictures",
    "note_left_out",
    "read_backdrop",
    "take_left_out_pictures",
]

MAX_SIDE = 4096
"""The picture is decoded to at most this many pixels on its long side (enough for a map
under the grid; a 10 000-px scan would take 400 MB in memory at full size)."""
LOAD_BUDGET_S = 20.0
"""A picture not read by then is given up (the reading is bounded; this is the backstop)."""


def read_backdrop(
    path: str,
    cancelled: Callable[[], bool] = lambda: False,
    *,
    copy: bool = False,
    at_least: float = 0.0,
) -> tuple[QImage, float]:
    """The picture at ``path`` and how much it was shrunk on reading (1.0: full size;
    0.5: each pixel of the image stands for two of the file's). Raises ValueError with a
    sentence naming the file when it cannot be used.

    A large picture is read from its copy in the cache when one is kept for the file as
    it is now, and (``copy``) copied there once read from the file
    (:mod:`m3desk.ui.picture_cache`): the window's worker and printing alike decode a large
    scan in full once. Without a copy, a JPEG is read at the smallest of libjpeg's own
    fractions that keeps ``at_least`` of the file's pixels a side (a page's need), and is
    then not copied (the window writes its copy when it first reads the picture)."""
    image, shrink, keep = _read_backdrop(path, cancelled, at_least)
    if keep is not None and copy:
        keep()
    return image, shrink


def _read_backdrop(
    path: str, cancelled: Callable[[], bool], at_least: float = 0.0
) -> tuple[QImage, float, Callable[[], None] | None]:
    """As :func:`read_backdrop`, the copy not yet written: the third value writes it (the
    window's worker hands the map its picture first, then writes the copy)."""
    key = picture_cache.key_of(path)
    if key is not None:
        kept = picture_cache.cached_copy(key, MAX_SIDE)
        if kept is not None:
            return _marked(kept), kept.shrink, None
    read = read_picture(path, MAX_SIDE, cancelled=cancelled, at_least=at_least)
    if key is None or not picture_cache.worth_copying(read, key):
        return _marked(read), read.shrink, None
    copied = key

    def keep() -> None:
        picture_cache.store_copy(copied, read, path)

    return _marked(read), read.shrink, keep


def _marked(read: ReadPicture) -> QImage:
    # Stretch back to the file's pixel size on paint: keep the factor in the image.
    read.image.setText("m3desk-shrink", repr(read.shrink))
    if read.reduced:
        read.image.setText("m3desk-reduced", "1")
    return read.image


@dataclass(eq=False)
class _Entry:
    path: str
    future: Future[QImage] | None
    started: float
    stop: threading.Event = field(default_factory=threading.Event)
    users: set[int] = field(default_factory=set)
    image: QImage | None = None
    error: str = ""

    @property
    def loading(self) -> bool:
        return self.future is not None

    def settle(self) -> None:
        """Take the worker's result once it is there (or give up past the budget)."""
        future = self.future
        if future is None:
            return
        if future.done():
            self.future = None
            try:
                self.image = future.result()
            except Cancelled:
                self.error = f"Reading the picture {_name(self.path)} was cancelled."
            except ValueError as error:
                self.error = str(error)
            except Exception as error:  # any failure is a sentence, never a crash
                self.error = f"The picture {_name(self.path)} could not be read ({error})."
        elif time.monotonic() - self.started > LOAD_BUDGET_S:
            self.future = None
            self.stop.set()
            self.error = (
                f"The picture {_name(self.path)} took longer than "
                f"{LOAD_BUDGET_S:.0f} s to read; the map shows without it."
            )


def _name(path: str) -> str:
    return path.replace("\\", "/").rsplit("/", 1)[-1] or path


class _Pictures:
    """The pictures read for the open maps, by path, each with the maps that show it."""

    def __init__(self) -> None:
        self._entries: dict[str, _Entry] = {}
        self._workers: ThreadPoolExecutor | None = None

    def _submit(self, path: str, stop: threading.Event) -> Future[QImage]:
        if self._workers is None:
            # One worker: two large scans are never decoded at once (memory stays bounded).
            self._workers = ThreadPoolExecutor(max_workers=1, thread_name_prefix="m3desk-picture")
        workers = self._workers

        def work() -> QImage:
            image, _shrink, keep = _read_backdrop(path, stop.is_set)
            if keep is not None:  # the map gets its picture first; the copy is written next
                workers.submit(keep)
            return image

        return workers.submit(work)

    def request(self, user: int, path: str, *, again: bool = False) -> _Entry:
        """The entry of ``path``, its reading started if need be (``again``: started anew
        when it failed or was cancelled: the user asked for it once more)."""
        entry = self._entries.get(path)
        if entry is None or (again and entry.error and not entry.loading):
            users = entry.users if entry is not None else set()
            entry = _Entry(path, None, time.monotonic(), users=users)
            entry.future = self._submit(path, entry.stop)
            self._entries[path] = entry
        entry.users.add(user)
        return entry

    def release(self, user: int, path: str) -> None:
        entry = self._entries.get(path)
        if entry is None:
            return
        entry.users.discard(user)
        if not entry.users:
            entry.stop.set()
            del self._entries[path]

    def cancel(self, path: str) -> None:
        entry = self._entries.get(path)
        if entry is not None and entry.loading:
            entry.stop.set()
            entry.future = None
            entry.error = f"Reading the picture {_name(path)} was cancelled."

    def held(self) -> int:
        """How many decoded pictures are kept (for the tests of what a closed tab keeps)."""
        return sum(1 for entry in self._entries.values() if entry.image is not None)

    def image(self, path: str) -> QImage | None:
        entry = self._entries.get(path)
        return entry.image if entry is not None else None


_PICTURES = _Pictures()


def loaded_pictures() -> int:
    """The decoded background pictures the open maps keep."""
    return _PICTURES.held()


class PictureHandle:
    """One map's background picture: asked for by path, read on the worker thread,
    polled on the GUI thread (``changed`` is called when the reading ends), let go on
    :meth:`release`."""

    POLL_MS = 40

    def __init__(self, owner: QObject, changed: Callable[[], None]) -> None:
        self._user = id(self)
        self._path = ""
        self._entry: _Entry | None = None
        self._closed = False
        self._changed = changed
        self._timer = QTimer(owner)
        self._timer.setInterval(self.POLL_MS)
        self._timer.timeout.connect(self._poll)
        # A plain closure: the owner's Python wrapper may already be gone by then.
        pictures, user = _PICTURES, self._user
        holder: list[str] = []
        self._holder = holder

        def let_go(*_args: object) -> None:
            if holder:
                pictures.release(user, holder[0])

        owner.destroyed.connect(let_go)

    @property
    def loading(self) -> bool:
        return self._entry is not None and self._entry.loading

    @property
    def path(self) -> str:
        return self._path

    def get(self, path: str, *, again: bool = False) -> tuple[QImage | None, str]:
        """The picture for ``path`` (None while it is read) and the error sentence
        (``again``: read anew if it failed or was cancelled)."""
        if self._closed and not again:
            return None, ""
        if path != self._path:
            self.release()
            self._path = path
            self._holder[:] = [path]
        self._closed = False
        self._entry = _PICTURES.request(self._user, path, again=again) if path else None
        entry = self._entry
        if entry is None:
            return None, ""
        entry.settle()
        if entry.loading and not self._timer.isActive():
            self._timer.start()
        return entry.image, entry.error

    def _poll(self) -> None:
        entry = self._entry
        if entry is None:
            self._timer.stop()
            return
        entry.settle()
        if not entry.loading:
            self._timer.stop()
            self._changed()

    def cancel(self) -> None:
        """Stop reading the picture (the map shows without it, and says so)."""
        if self._entry is not None and self._entry.loading:
            _PICTURES.cancel(self._path)
            self._timer.stop()
            self._changed()

    def release(self) -> None:
        """Let the picture go (the view closes, or shows another picture)."""
        self._timer.stop()
        if self._path:
            _PICTURES.release(self._user, self._path)
        self._path = ""
        self._holder.clear()
        self._entry = None
        self._closed = True


_LEFT_OUT: dict[str, str] = {}
"""Each picture printing could not read, by path, and why (the command line says them)."""


def note_left_out(path: str, why: str) -> None:
    """Printing could not use the picture at ``path``: said once by the command line."""
    if len(_LEFT_OUT) < 100:  # a few sentences, however many files print
        _LEFT_OUT.setdefault(path, why)


def take_left_out_pictures() -> dict[str, str]:
    """The pictures printing read and could not use since the last call, by path, and
    why (each said once)."""
    taken = dict(_LEFT_OUT)
    _LEFT_OUT.clear()
    return taken


@dataclass(frozen=True, eq=False)
class PrintedPicture:
    """The background picture as printing reads it: its size as read (the window's: at
    most :data:`MAX_SIDE` a side) and its shrink, known before its pixels, which are read
    a strip of rows at a time (from the copy on disk only the rows the page shows)."""

    width: int
    height: int
    shrink: float
    read_rows: Callable[[int, int], QImage]
    reduced: bool = False
    """Read smaller than the window's, for one page's need (a finer page reads again)."""

    def rows(self, top: int, bottom: int) -> QImage:
        """Rows ``top`` to ``bottom`` (excluded), the whole width; ValueError when they
        cannot be read."""
        return self.read_rows(top, bottom)

    @classmethod
    def of(cls, image: QImage) -> PrintedPicture:
        width, _height = file_pixel_size(image)
        return cls(
            image.width(),
            image.height(),
            image.width() / max(width, 1e-9),
            lambda top, bottom: image.copy(0, top, image.width(), bottom - top),
            image.text("m3desk-reduced") == "1",
        )


class BackdropCache:
    """One decoded picture per path, read at once on the calling thread (printing, the
    command line); a picture an open map has read already is not read again."""

    def __init__(self) -> None:
        self._path = ""
        self._image: QImage | None = None
        self._error = ""

    def get(self, path: str, at_least: float = 0.0) -> tuple[QImage | None, str]:
        """The picture for ``path`` (already divided to the file's pixel scale: the
        returned image's width × ``per_pixel``/shrink) and the error sentence, if any."""
        if path != self._path:
            self._path = path
            shown = _PICTURES.image(path)
            if shown is not None:
                self._image, self._error = shown, ""
                return self._image, self._error
            try:
                image, _shrink = read_backdrop(path, copy=True, at_least=at_least)
            except ValueError as error:
                self._image, self._error = None, str(error)
                if len(_LEFT_OUT) < 100:  # a few sentences, however many files print
                    _LEFT_OUT[path] = self._error
            else:
                self._image, self._error = image, ""
        return self._image, self._error

    def picture(self, path: str, at_least: float = 0.0) -> PrintedPicture | None:
        """The picture for ``path`` as printing reads it: an open map's copy in memory,
        else the copy in the cache folder (its rows read when asked for), else the picture
        read whole (and copied; a JPEG read at no more than ``at_least`` of its pixels a
        side needs, and not copied); None, the sentence kept, when it cannot be read."""
        shown = _PICTURES.image(path)
        if shown is not None:
            return PrintedPicture.of(shown)
        key = picture_cache.key_of(path)
        kept = picture_cache.copy_rows(key, MAX_SIDE) if key is not None else None
        if kept is not None:
            whole = self.get

            def rows(top: int, bottom: int) -> QImage:
                try:
                    return kept.rows(top, bottom)
                except ValueError:  # the copy changed under us: the picture is read again
                    image = whole(path)[0]
                    if image is None:
                        raise
                    return image.copy(0, top, image.width(), bottom - top)

            return PrintedPicture(kept.width, kept.height, kept.shrink, rows)
        try:  # a large JPEG: only its rows down to the page's strip are decoded
            strips = jpeg_rows(path, MAX_SIDE, at_least)
        except ValueError as error:
            if len(_LEFT_OUT) < 100:
                _LEFT_OUT[path] = str(error)
            return None
        if strips is not None:
            return PrintedPicture(
                strips.width, strips.height, strips.shrink, strips.rows, strips.reduced
            )
        image = self.get(path, at_least)[0]
        return None if image is None else PrintedPicture.of(image)


def file_pixel_size(image: QImage) -> tuple[float, float]:
    """The size in the file's pixels of an image :class:`BackdropCache` may have shrunk."""
    try:
        shrink = float(image.text("m3desk-shrink") or 1.0)
    except ValueError:
        shrink = 1.0
    return image.width() / shrink, image.height() / shrink
