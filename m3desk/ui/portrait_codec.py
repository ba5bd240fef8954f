"""Portraits live inside the sheet file as base64 images, at most 256 px on the long side.

Opaque pictures are stored as JPEG (a photo of 256 px is ~20 KB, so a party of a hundred
with portraits still makes an encounter file of a few MB); pictures with transparency as
PNG. Decoding has a pixel budget, read from the image header before any pixel is decoded:
an 86 KB PNG that claims 8000 × 8000 pixels would otherwise take 256 MB to open. A file to
import is read by :mod:`m3desk.ui.picture_files` (its kind decided by content, bounded);
a stored portrait is decoded only as the PNG or JPEG its first bytes say it is.

A chosen file is read off the GUI thread (:mod:`m3desk.ui.sheet.portrait_reading` runs
:func:`encode_portrait` on a worker, which ``cancelled`` stops between its steps; an SVG's
drawing process is killed at once).
"""

from __future__ import annotations

import base64
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
from PySide6.QtGui import QImage, QImageReader, QPixmap

from m3desk.ui.picture_files import Cancelled, picture_kind, read_picture

__all__ = [
    "IMPORT_MAX_PIXELS",
    "PORTRAIT_MAX_SIDE",
    "STORED_MAX_SIDE",
    "decode_portrait",
    "decode_portrait_image",
    "encode_portrait",
]

PORTRAIT_MAX_SIDE = 256
IMPORT_MAX_PIXELS = 40_000_000
"""A picture to import may be as large as a 40-megapixel photo, no larger."""
STORED_MAX_SIDE = 1024
"""A portrait inside a file larger than this on a side is not one m3desk wrote: refused."""


def encode_portrait(
    path: Path, max_side: int = PORTRAIT_MAX_SIDE, *, cancelled: Callable[[], bool] = lambda: False
) -> str:
    """Read an image file, scale it down to ``max_side``, return it as base64 PNG or JPEG.

    Raises ValueError with a readable message when the file is not an image m3desk reads,
    :class:`~m3desk.ui.picture_files.Cancelled` once ``cancelled()`` turns true. Takes no
    widget: it may run on a worker thread.
    """
    # Bounded like the map's picture: kind by content, budgets before decoding, scaled.
    image = read_picture(
        path, max_side, cancelled=cancelled, max_pixels=IMPORT_MAX_PIXELS, purpose="a portrait"
    ).image
    if cancelled():
        raise Cancelled
    if max(image.width(), image.height()) > max_side:
        image = image.scaled(
            max_side,
            max_side,
            Qt.AspectRatioMode.KeepAspectRatio,
            Qt.TransformationMode.SmoothTransformation,
        )
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    # The stubs ask for bytes formats, but PySide6 6.12 accepts only str at run time.
    kind, quality = ("PNG", -1) if image.hasAlphaChannel() else ("JPG", 88)
    saved = image.save(buffer, kind, quality)  # type: ignore[call-overload]
    buffer.close()
    if not saved:
        raise ValueError(f"Could not store {path.name} as a portrait")
    return base64.b64encode(bytes(data.data())).decode("ascii")


def decode_portrait(text: str, fit: int = 0) -> QPixmap | None:
    """The stored portrait, or None when there is none or it is not one m3desk would store
    (unreadable, or larger than :data:`STORED_MAX_SIDE` on a side: never decoded).
    ``fit``: decoded at most that many pixels on its long side (a JPEG straight to it)."""
    if not text:
        return None
    try:
        raw = base64.b64decode(text, validate=True)
    except ValueError:
        return None
    image = decode_portrait_image(raw, fit)
    return None if image.isNull() else QPixmap.fromImage(image)


def decode_portrait_image(raw: bytes, fit: int = 0) -> QImage:
    """The portrait's image from its bytes; a null image when it is unreadable or larger than
    :data:`STORED_MAX_SIDE` on a side (the header is read first; no pixel is decoded then).
    ``fit`` > 0: at most that many pixels on its long side (libjpeg decodes a JPEG straight
    to a half, a quarter or an eighth: a 1024 px portrait shown at 128 px in a tenth of the
    time)."""
    data = QByteArray(raw)
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.ReadOnly)
    kind = picture_kind(raw[:16])
    if kind not in ("png", "jpeg"):  # what m3desk stores; Qt never guesses the format
        return QImage()
    reader = QImageReader(buffer, kind.encode())
    reader.setDecideFormatFromContent(False)
    size = reader.size()
    if not size.isValid() or max(size.width(), size.height()) > STORED_MAX_SIDE:
        return QImage()
    if 0 < fit < max(size.width(), size.height()):
        reader.setScaledSize(size.scaled(fit, fit, Qt.AspectRatioMode.KeepAspectRatio))
    image = reader.read()
    buffer.close()
    return image
