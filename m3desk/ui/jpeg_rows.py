"""A large JPEG printed with no copy yet: only the rows its page shows are decoded.

libjpeg decodes a JPEG from its top, row after row, and can stop anywhere; it also decodes
straight to a half, a quarter or an eighth (scaled in the DCT). Printing a map needs the
strip of the picture its frame shows, at the page's pixels: a read of the picture's rows
down to the strip's last, at the fraction :func:`m3desk.ui.picture_files.read_picture`
would choose, gives exactly its pixels and skips the rest of the file's decoding (an
8000 × 6000 scan whose strip lies in its top quarter costs about a quarter of the whole).

The file is checked as any picture is before anything is decoded (the bounded reader's
opening: a regular file within budget, never waiting on a pipe; its kind by content; whole
to its end; its header's size within budget), but it is never read into memory: Qt's
decoder reads it from the file as it goes, so the rows below the strip are not even read
(a 53 MB scan was read, searched for its end and copied twice before: a third of the
strip's cost). Its head and its tail are read for the checks (the whole file only when its
headers run past the head or its end marker is not in the tail). A file changed between
the checks and the decoding is refused with a sentence rather than decoded as it is now.

The strip decoded is kept in the cache folder (:func:`m3desk.ui.picture_cache.store_strip`,
a few hundred KB, never trusted: checked as a copy is) so the next print of the same part,
the next ``m3desk export-pdf`` of the same encounter, reads it instead of decoding again.

A picture turned by its EXIF orientation, or one not shrunk to an exact fraction, is read
whole as before.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QFile, QFileDevice, QIODevice, QRect, QSize
from PySide6.QtGui import QImage, QImageIOHandler, QImageReader

from m3desk.ui import picture_cache
from m3desk.ui.picture_files import (
    MAX_PIXELS,
    _ends_whole,
    _jpeg_at_least,
    _jpeg_fraction,
    damaged,
    jpeg_scan_data,
    open_file,
    picture_kind,
    read_at,
    read_file,
)

__all__ = ["JpegRows", "jpeg_rows"]

HEAD = 256 * 1024
"""Bytes read from the file's start for its kind and its headers (EXIF, ICC, XMP)."""
TAIL = 64 * 1024
"""Bytes read from the file's end, where its end-of-image marker is."""
_CHUNK = 1 << 20


@dataclass(frozen=True, slots=True)
class JpegRows:
    """A checked JPEG, decoded at ``width`` × ``height`` (an exact fraction of the file) a
    strip of rows at a time."""

    path: str
    name: str
    width: int
    height: int
    shrink: float
    reduced: bool
    stamp: tuple[int, int, int, int]
    """The file as it was checked: device, inode, size, modification time (ns)."""
    key: picture_cache.PictureKey | None = None
    """The picture's key for the strips kept of it (None: none are read or kept)."""

    def rows(self, top: int, bottom: int) -> QImage:
        """Rows ``top`` to ``bottom`` (excluded), the whole width; ValueError when they
        cannot be decoded. A strip an earlier print kept is read instead when one holds
        them; a strip decoded is kept."""
        top, bottom = max(0, top), min(self.height, bottom)
        if bottom <= top:
            raise ValueError("no rows")
        if self.key is not None:
            kept = picture_cache.strip_rows(self.key, self.width, self.height, top, bottom)
            if kept is not None:
                return kept
        image = self._decode(top, bottom)
        if self.key is not None:
            picture_cache.store_strip(self.key, (self.width, self.height), top, image, self.path)
        return image

    def _decode(self, top: int, bottom: int) -> QImage:
        handle, info = open_file(self.path, self.name)
        try:
            if _stamp(info) != self.stamp:
                raise ValueError(
                    f"The picture {self.name} changed while it was being printed; "
                    "print again to show it as it is now."
                )
            device = _device(handle)
            reader = QImageReader(device, b"jpeg")
            reader.setDecideFormatFromContent(False)
            reader.setScaledSize(QSize(self.width, self.height))
            reader.setScaledClipRect(QRect(0, top, self.width, bottom - top))
            before = QImageReader.allocationLimit()
            needed = self.width * self.height * 4 // (1024 * 1024) + 2
            QImageReader.setAllocationLimit(max(before, needed))
            try:
                image = reader.read()
            finally:
                QImageReader.setAllocationLimit(before)
            device.close()
        except OSError as error:
            raise ValueError(
                f"The picture {self.name} could not be read ({error.strerror or error})."
            ) from error
        finally:
            os.close(handle)
        if image.isNull() or image.size() != QSize(self.width, bottom - top):
            raise ValueError(damaged(self.name, "its JPEG picture data could not be decoded"))
        return image.convertToFormat(QImage.Format.Format_RGB32)


def _stamp(info: os.stat_result) -> tuple[int, int, int, int]:
    return info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns


def _device(handle: int) -> QFile:
    """The open file as a device Qt's decoder reads (from its start; the handle stays
    ours to close)."""
    os.lseek(handle, 0, os.SEEK_SET)
    device = QFile()
    if not device.open(
        handle, QIODevice.OpenModeFlag.ReadOnly, QFileDevice.FileHandleFlag.DontCloseHandle
    ):
        raise OSError(device.errorString())
    return device


def jpeg_rows(path: str, max_side: int, at_least: float = 0.0) -> JpegRows | None:
    """The JPEG at ``path`` ready to be decoded a strip at a time, at the size
    ``read_picture(path, max_side, at_least=at_least)`` would read it; None when it is no
    JPEG, is turned by its orientation, or is not shrunk to libjpeg's own half, quarter or
    eighth (it is then read whole). ValueError with a sentence when it cannot be used."""
    name = Path(path).name or path
    key = picture_cache.key_of(path)
    handle, info = open_file(path, name)
    try:
        head = read_at(handle, HEAD, 0)
        if picture_kind(head[:64]) != "jpeg":
            return None
        if not _whole(handle, info.st_size, head, path, name):
            raise ValueError(damaged(name, "the file ends before its JPEG picture does"))
        device = _device(handle)
        reader = QImageReader(device, b"jpeg")
        reader.setDecideFormatFromContent(False)
        claimed = reader.size()
        turned = reader.transformation() != QImageIOHandler.Transformation.TransformationNone
        device.close()
    except OSError as error:
        raise ValueError(
            f"The picture {name} could not be read ({error.strerror or error})."
        ) from error
    finally:
        os.close(handle)
    if not claimed.isValid() or claimed.isEmpty():
        raise ValueError(damaged(name, "its JPEG header gives no size"))
    width, height = claimed.width(), claimed.height()
    if turned or width * height > MAX_PIXELS or max(width, height) <= max_side:
        return None  # turned, refused or small: the whole read says so or does it
    window = _jpeg_fraction(claimed, max_side)
    if window is None:
        return None
    target, reduced = window, False
    smaller = _jpeg_at_least(claimed, at_least) if at_least > 0.0 else None
    if smaller is not None and smaller.width() < window.width():
        target, reduced = smaller, True
    if key is not None and (key.size, key.mtime_ns) != (info.st_size, info.st_mtime_ns):
        key = None  # changed between the two looks: no strip is kept of either
    return JpegRows(
        path,
        name,
        target.width(),
        target.height(),
        target.width() / width,
        reduced,
        _stamp(info),
        key,
    )


def _whole(handle: int, size: int, head: bytes, path: str, name: str) -> bool:
    """:func:`m3desk.ui.picture_files._ends_whole` of the file, from its head (its
    segments down to its first scan) and its tail (the end marker after it); the file is
    read whole, as before, only when its segments run past the head."""
    found = jpeg_scan_data(head, size)
    if found == "more":
        return _ends_whole(read_file(path, name), "jpeg")
    if isinstance(found, int):
        return _end_marker_after(handle, size, found)
    return found == "marker"


def _end_marker_after(handle: int, size: int, start: int) -> bool:
    """Whether the bytes from ``start`` to the file's end hold an end-of-image marker
    (its coded data never holds one): the tail first, then the rest a chunk at a time."""
    if start >= size:
        return False
    tail_from = max(start, size - TAIL)
    if read_at(handle, size - tail_from, tail_from).find(b"\xff\xd9") >= 0:
        return True
    at = start
    while at < tail_from:  # each chunk one byte longer: a marker across two is found
        chunk = read_at(handle, min(_CHUNK, tail_from - at) + 1, at)
        if not chunk:
            return False
        if chunk.find(b"\xff\xd9") >= 0:
            return True
        at += _CHUNK
    return False
