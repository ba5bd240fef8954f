"""A large JPEG printed with no copy yet: only the rows its page shows are decoded.

libjpeg decodes a JPEG from its top, row after row, and can stop anywhere; it also decodes
straight to a half, a quarter or an eighth (scaled in the DCT). Printing a map needs the
strip of the picture its frame shows, at the page's pixels: a read of the picture's rows
down to the strip's last, at the fraction :func:`m3desk.ui.picture_files.read_picture`
would choose, gives exactly its pixels and skips the rest of the file's decoding (an
8000 × 6000 scan whose strip lies in its top quarter costs about a quarter of the whole).

The file is checked as any picture is before anything is decoded (the bounded reader, its
kind by content, whole to its end, its header's size within budget); a picture turned by
its EXIF orientation, or one not shrunk to an exact fraction, is read whole as before.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QRect, QSize
from PySide6.QtGui import QImage, QImageIOHandler, QImageReader

from m3desk.ui.picture_files import (
    MAX_PIXELS,
    _buffer,
    _ends_whole,
    _jpeg_at_least,
    _jpeg_fraction,
    damaged,
    picture_kind,
    read_file,
)

__all__ = ["JpegRows", "jpeg_rows"]


@dataclass(frozen=True, slots=True)
class JpegRows:
    """A checked JPEG, decoded at ``width`` × ``height`` (an exact fraction of the file) a
    strip of rows at a time."""

    data: bytes
    name: str
    width: int
    height: int
    shrink: float
    reduced: bool

    def rows(self, top: int, bottom: int) -> QImage:
        """Rows ``top`` to ``bottom`` (excluded), the whole width; ValueError when they
        cannot be decoded."""
        top, bottom = max(0, top), min(self.height, bottom)
        if bottom <= top:
            raise ValueError("no rows")
        buffer = _buffer(self.data)
        reader = QImageReader(buffer, b"jpeg")
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
        buffer.close()
        if image.isNull() or image.size() != QSize(self.width, bottom - top):
            raise ValueError(damaged(self.name, "its JPEG picture data could not be decoded"))
        return image.convertToFormat(QImage.Format.Format_RGB32)


def jpeg_rows(path: str, max_side: int, at_least: float = 0.0) -> JpegRows | None:
    """The JPEG at ``path`` ready to be decoded a strip at a time, at the size
    ``read_picture(path, max_side, at_least=at_least)`` would read it; None when it is no
    JPEG, is turned by its orientation, or is not shrunk to libjpeg's own half, quarter or
    eighth (it is then read whole). ValueError with a sentence when it cannot be used."""
    name = Path(path).name or path
    data = read_file(path, name)
    if picture_kind(data[:64]) != "jpeg":
        return None
    if not _ends_whole(data, "jpeg"):
        raise ValueError(damaged(name, "the file ends before its JPEG picture does"))
    buffer = _buffer(data)
    reader = QImageReader(buffer, b"jpeg")
    reader.setDecideFormatFromContent(False)
    claimed = reader.size()
    turned = reader.transformation() != QImageIOHandler.Transformation.TransformationNone
    buffer.close()
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
    return JpegRows(data, name, target.width(), target.height(), target.width() / width, reduced)
