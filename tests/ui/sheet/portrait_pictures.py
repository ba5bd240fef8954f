"""Stored portraits as files made elsewhere hold them: large PNGs of a painted look.

A portrait painted or drawn elsewhere and saved as a 1024 px PNG is about 770 KB here
(gradients with a grain that does not compress away): just under the 1 MiB of text a sheet
file allows a portrait. m3desk itself stores at most 256 px. The pictures here
have that look, are made once (saved by Qt as a drawing program saves a PNG),
and differ only by a text chunk: each is a portrait of its own to every cache, and each
costs the decoder the same.
"""

from __future__ import annotations

import base64
import random
from functools import cache

from PySide6.QtCore import QBuffer, QByteArray, QIODevice
from PySide6.QtGui import QImage

from tools.hostile_files import _png_chunk

__all__ = ["png_portrait", "png_portraits"]

_GRAIN = bytes(value & 7 for value in range(256))


@cache
def _painted(width: int, height: int) -> bytes:
    """Saved by Qt, as a drawing program saves it (its PNG filters chosen row by row)."""
    grain = random.Random(f"{width}x{height}")
    reds = bytes(x * 255 // width for x in range(width))
    pixels = bytearray(width * height * 4)
    for y in range(height):
        start, end = y * width * 4, (y + 1) * width * 4
        pixels[start:end:4] = reds
        pixels[start + 1 : end : 4] = bytes([y * 255 // height]) * width
        pixels[start + 2 : end : 4] = grain.randbytes(width).translate(_GRAIN)
        pixels[start + 3 : end : 4] = b"\xff" * width
    image = QImage(bytes(pixels), width, height, width * 4, QImage.Format.Format_RGBA8888)
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    assert image.save(buffer, "PNG")  # type: ignore[call-overload]
    buffer.close()
    return bytes(data.data())


def png_portrait(width: int, height: int, number: int = 0) -> str:
    """A stored portrait (base64 PNG) of ``width`` × ``height``; ``number`` makes it a
    different one."""
    painted = _painted(width, height)
    ihdr_end = 8 + 25  # the signature, then IHDR's length, kind, 13 bytes and checksum
    note = _png_chunk(b"tEXt", b"Comment\x00portrait " + str(number).encode())
    return base64.b64encode(painted[:ihdr_end] + note + painted[ihdr_end:]).decode("ascii")


def png_portraits(count: int, side: int, first: int = 0) -> list[str]:
    """``count`` different square portraits of ``side`` px."""
    return [png_portrait(side, side, first + number) for number in range(count)]
