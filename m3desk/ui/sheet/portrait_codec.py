"""Portraits live inside the sheet file as base64 PNG, at most 256 px on the long side."""

from __future__ import annotations

import base64
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
from PySide6.QtGui import QImage, QImageReader, QPixmap

__all__ = ["PORTRAIT_MAX_SIDE", "decode_portrait", "encode_portrait"]

PORTRAIT_MAX_SIDE = 256


def encode_portrait(path: Path, max_side: int = PORTRAIT_MAX_SIDE) -> str:
    """Read an image file, scale it down to ``max_side``, return it as base64 PNG.

    Raises ValueError with a readable message when the file is not an image Qt can read.
    """
    reader = QImageReader(str(path))
    reader.setAutoTransform(True)
    image = reader.read()
    if image.isNull():
        raise ValueError(f"Could not read an image from {path.name}: {reader.errorString()}")
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
    saved = image.save(buffer, "PNG")  # type: ignore[call-overload]
    buffer.close()
    if not saved:
        raise ValueError(f"Could not store {path.name} as a PNG portrait")
    return base64.b64encode(bytes(data.data())).decode("ascii")


def decode_portrait(text: str) -> QPixmap | None:
    if not text:
        return None
    try:
        raw = base64.b64decode(text, validate=True)
    except ValueError:
        return None
    image = QImage.fromData(raw, "PNG")  # type: ignore[arg-type]  # see encode_portrait
    return None if image.isNull() else QPixmap.fromImage(image)
