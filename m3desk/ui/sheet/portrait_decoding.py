"""Stored portraits decoded for showing: at once when small, on a worker when large.

A portrait m3desk stores is at most 256 px on a side and decodes in a few ms, so it is shown
at once. A file made elsewhere may hold one of up to 1024 px (:data:`STORED_MAX_SIDE`); a PNG
of that size has no scaled decoding (libjpeg's halves have no PNG counterpart), so twelve
of them cost 0.4-1.2 s of the GUI thread the first time a party's sheets showed. Such a
portrait, or one whose header cannot be read from the text's first part, is decoded on a
small pool of worker threads instead: meanwhile :func:`portrait_for` answers
:class:`Pending` with the size the picture will have (from the header, read from a few KB
of the text, never the whole), so the view keeps its place, and :data:`landing`'s ``ready``
says on the GUI thread when the decoded picture is kept. The worker decodes with
:func:`~m3desk.ui.portrait_codec.decode_portrait_image`, which reads the header first and
refuses what m3desk would never store, as for every stored portrait. A portrait no view
waits for any more is not decoded if it has not started (:func:`release`).

Decoded portraits are kept by their text (its length and Python's hash of it: the text is
hashed once and the hash is kept on the string) and the size shown: the last
:data:`KEPT`, each at most 128 px at the screen's scale. Everything here but the
worker's decoding runs on the GUI thread.
"""

from __future__ import annotations

import base64
import binascii
import os
import struct
from collections import Counter, OrderedDict
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass

from PySide6.QtCore import (
    QBuffer,
    QByteArray,
    QCoreApplication,
    QIODevice,
    QObject,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import QImage, QImageReader, QPixmap

from m3desk.ui.picture_files import picture_kind
from m3desk.ui.portrait_codec import (
    PORTRAIT_MAX_SIDE,
    STORED_MAX_SIDE,
    decode_portrait,
    decode_portrait_image,
)

__all__ = [
    "HEADER_CHARS",
    "INLINE_CHARS",
    "KEPT",
    "Key",
    "Pending",
    "landing",
    "portrait_for",
    "release",
    "under_way",
    "wait",
]

Key = tuple[int, int, int]
"""A decoded portrait's key: its text's length and hash, and the size it is decoded at."""
KEPT = 48
"""Decoded portraits kept, each at most 128 px at the screen's scale (64 KB at 100 %,
256 KB at 200 %): a few MB in all, whatever was opened and closed."""
HEADER_CHARS = 98_304
"""The text's first part read for a JPEG's header (72 KB: its size may follow an EXIF block
of up to 64 KB; a PNG's is in its first 24 bytes)."""
INLINE_CHARS = 400_000
"""A portrait of at most 256 px whose text is no longer than this (a 256 px PNG of noise
with transparency is about 350,000 characters) is decoded at once: a few ms."""
WORKERS = max(1, min(2, (os.cpu_count() or 1) - 1))
"""Decoding threads: one on a two-core machine (the GUI thread keeps a core), two at most."""

_DECODED: OrderedDict[Key, QPixmap | None] = OrderedDict()
_UNDER_WAY: dict[Key, tuple[Future[QImage], QSize]] = {}
"""Decodings under way or queued, each with the size its picture is decoded at."""
_WAITING: Counter[Key] = Counter()
_POOL: list[ThreadPoolExecutor] = []


@dataclass(frozen=True, slots=True)
class Pending:
    """A portrait being decoded on the worker: ``size`` is the size it is decoded at (from
    its header; invalid when the header could not be read), ``key`` what ``ready`` says."""

    key: Key
    size: QSize


class _Landing(QObject):
    """Lives on the GUI thread: a worker's ``landed`` reaches it queued."""

    landed = Signal(object, object)
    """(key, future): emitted on the worker thread when a decoding ends."""
    ready = Signal(object)
    """The key of a portrait now decoded and kept (on the GUI thread)."""

    def __init__(self) -> None:
        super().__init__()
        self.landed.connect(self._land)

    def _land(self, key: Key, future: Future[QImage]) -> None:
        if future.cancelled() or _UNDER_WAY.get(key, (None,))[0] is not future:
            return  # dropped, or an older decoding
        del _UNDER_WAY[key]
        try:
            image = future.result()
        except Exception:  # an unreadable portrait is none, never a crash
            image = QImage()
        _keep(key, None if image.isNull() else QPixmap.fromImage(image))
        del _WAITING[key]
        self.ready.emit(key)


_LANDING: list[_Landing] = []


def landing() -> _Landing:
    """The one object whose ``ready`` says a portrait was decoded (made on the GUI thread,
    the first time a portrait is asked for)."""
    if not _LANDING:
        _LANDING.append(_Landing())
        application = QCoreApplication.instance()
        if application is not None:  # quitting waits for no queued decoding
            application.aboutToQuit.connect(_drop_queued)
    return _LANDING[0]


def _drop_queued() -> None:
    for key, (future, _size) in list(_UNDER_WAY.items()):
        if not future.running():
            del _UNDER_WAY[key]
            future.cancel()


def _keep(key: Key, pixmap: QPixmap | None) -> None:
    _DECODED[key] = pixmap
    while len(_DECODED) > KEPT:
        _DECODED.popitem(last=False)


def _header_size(text: str) -> QSize:
    """The picture's size from the header in the text's first part (invalid when it is not
    there, or the text is not a PNG or JPEG m3desk reads): a PNG's from its first 24 bytes,
    a JPEG's by Qt's reader from at most :data:`HEADER_CHARS`."""
    try:
        start = base64.b64decode(text[:32], validate=True)
    except (ValueError, binascii.Error):
        return QSize()
    kind = picture_kind(start[:16])
    if kind == "png":
        if start[12:16] != b"IHDR":
            return QSize()
        width, height = struct.unpack(">II", start[16:24])
        return QSize(width, height) if 0 < max(width, height) < 1 << 30 else QSize()
    if kind != "jpeg":
        return QSize()
    head = text[:HEADER_CHARS]
    try:
        raw = base64.b64decode(head[: len(head) - len(head) % 4], validate=True)
    except (ValueError, binascii.Error):
        return QSize()
    data = QByteArray(raw)
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.ReadOnly)
    reader = QImageReader(buffer, b"jpeg")
    reader.setDecideFormatFromContent(False)
    size = reader.size()
    buffer.close()
    return size


def _decoded_size(size: QSize, fit: int) -> QSize:
    """The size :func:`decode_portrait_image` decodes a picture of ``size`` at."""
    if 0 < fit < max(size.width(), size.height()):
        return size.scaled(fit, fit, Qt.AspectRatioMode.KeepAspectRatio)
    return size


def _decode(text: str, fit: int) -> QImage:
    """On the worker: the whole text decoded, then the picture (its header checked first)."""
    try:
        raw = base64.b64decode(text, validate=True)
    except (ValueError, binascii.Error):
        return QImage()
    return decode_portrait_image(raw, fit)


def _pool() -> ThreadPoolExecutor:
    if not _POOL:
        _POOL.append(ThreadPoolExecutor(WORKERS, thread_name_prefix="m3desk-portrait-decode"))
    return _POOL[0]


def portrait_for(text: str, fit: int) -> QPixmap | Pending | None:
    """The stored portrait ``text`` at most ``fit`` pixels on its long side: the picture
    when it is kept or small, :class:`Pending` while a worker decodes it, None when there
    is none or it is not one m3desk would store."""
    if not text:
        return None
    key = (len(text), hash(text), fit)
    if key in _DECODED:
        _DECODED.move_to_end(key)
        return _DECODED[key]
    if key in _UNDER_WAY:
        return Pending(key, _UNDER_WAY[key][1])
    size = _header_size(text)
    if size.isValid() and max(size.width(), size.height()) > STORED_MAX_SIDE:
        _keep(key, None)  # refused from its header, as decode_portrait does
        return None
    small = size.isValid() and max(size.width(), size.height()) <= PORTRAIT_MAX_SIDE
    if small and len(text) <= INLINE_CHARS:
        pixmap = decode_portrait(text, fit)
        _keep(key, pixmap)
        return pixmap
    signal = landing().landed
    future = _pool().submit(_decode, text, fit)
    _UNDER_WAY[key] = (future, _decoded_size(size, fit))
    future.add_done_callback(lambda done: signal.emit(key, done))
    if key not in _UNDER_WAY:  # it ended already: its callback ran here and kept it
        return _DECODED.get(key)
    return Pending(key, _UNDER_WAY[key][1])


def wait(key: Key) -> None:
    """A view waits for the portrait ``key`` (until it lands or :func:`release`)."""
    if key in _UNDER_WAY:
        _WAITING[key] += 1


def release(key: Key) -> None:
    """A view no longer waits for ``key``: with no view left waiting, a decoding that has
    not started never starts."""
    if key not in _WAITING:
        return
    _WAITING[key] -= 1
    if _WAITING[key] > 0:
        return
    del _WAITING[key]
    entry = _UNDER_WAY.get(key)
    if entry is not None and not entry[0].running():
        del _UNDER_WAY[key]
        entry[0].cancel()


def under_way() -> int:
    """Portraits being decoded or waiting for a worker (for tests and benchmarks)."""
    return len(_UNDER_WAY)
