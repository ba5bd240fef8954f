"""A PNG too large to decode whole is read a band of rows at a time (issue 30: a 10 000 ×
10 000 map scan was refused 'm3desk reads a PNG up to 40 megapixels'). Every row filter the
format has (none, sub, up, average, Paeth) refers to the row above across a band's edge, in
every layout read in bands (grey, RGB, RGBA at 8 and 16 bits, grey with alpha at 8, a
transparent colour): read at full size in bands of three rows, every pixel equals Qt's decode of the
whole file."""

from __future__ import annotations

import random
import struct
import zlib
from typing import Any

import pytest
from PySide6.QtCore import QSize
from PySide6.QtGui import QImage

from m3desk.ui.picture_files import read_picture_bytes
from m3desk.ui.png_bands import read_png_in_bands

CHANNELS = {0: 1, 2: 3, 4: 2, 6: 4}


def _chunk(kind: bytes, body: bytes) -> bytes:
    return (
        struct.pack(">I", len(body))
        + kind
        + body
        + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    )


def _paeth(a: int, b: int, c: int) -> int:
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else b if pb <= pc else c


def _filtered(kind: int, raw: bytes, above: bytes, step: int) -> bytes:
    out = bytearray([kind])
    for i, value in enumerate(raw):
        a = raw[i - step] if i >= step else 0
        b = above[i]
        c = above[i - step] if i >= step else 0
        guess = (0, a, b, (a + b) // 2, _paeth(a, b, c))[kind]
        out.append((value - guess) & 0xFF)
    return bytes(out)


def _png(width: int, height: int, colour: int, depth: int, transparent: bool = False) -> bytes:
    """Noise and gradients, each row under the next of the five filters."""
    dice = random.Random(colour * 100 + depth)
    step = CHANNELS[colour] * depth // 8
    above = bytes(width * step)
    rows = []
    for y in range(height):
        raw = bytes((x * 7 + y * 3 + dice.randrange(40)) & 0xFF for x in range(width * step))
        rows.append(_filtered(y % 5, raw, above, step))
        above = raw
    extra = b""
    if transparent:
        extra = _chunk(b"tRNS", bytes(2 * CHANNELS[colour]))
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0, 0))
        + extra
        + _chunk(b"IDAT", zlib.compress(b"".join(rows)))
        + _chunk(b"IEND", b"")
    )


LAYOUTS = [(c, d, False) for c in (0, 2, 4, 6) for d in (8, 16) if (c, d) != (4, 16)] + [
    (2, 8, True)
]


@pytest.mark.parametrize(("colour", "depth", "transparent"), LAYOUTS)
def test_bands_read_every_pixel_as_a_whole_decode(
    qapp: Any, colour: int, depth: int, transparent: bool
) -> None:
    width, height = 37, 23
    data = _png(width, height, colour, depth, transparent)
    whole = QImage.fromData(data, "PNG")
    assert not whole.isNull()
    band_bytes = 3 * width * (8 if depth == 16 else 4)  # three rows a band
    banded = read_png_in_bands(data, QSize(width, height), lambda: None, band_bytes)
    assert banded is not None
    wanted = whole.convertToFormat(banded.format())
    differ = [
        (x, y)
        for y in range(height)
        for x in range(width)
        if banded.pixel(x, y) != wanted.pixel(x, y)
    ]
    assert not differ, f"{len(differ)} pixels differ, first at {differ[:3]}"


def test_a_large_scan_is_read_scaled_not_refused(qapp: Any) -> None:
    width, height = 9000, 5000  # 45 megapixels: past what is decoded whole
    red, blue = b"\x00" + b"\xc8\x28\x28" * width, b"\x00" + b"\x28\x28\xc8" * width
    packer = zlib.compressobj(1)
    body = [packer.compress(red if y < height // 2 else blue) for y in range(height)]
    data = (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
        + _chunk(b"IDAT", b"".join(body) + packer.flush())
        + _chunk(b"IEND", b"")
    )
    read = read_picture_bytes(data, "scan.png", 4096)
    assert (read.image.width(), read.image.height()) == (4096, 2275)
    assert read.image.pixelColor(2000, 500).getRgb()[:3] == (200, 40, 40)
    assert read.image.pixelColor(2000, 1800).getRgb()[:3] == (40, 40, 200)


def test_a_truncated_large_scan_is_said(qapp: Any) -> None:
    width, height = 9000, 5000
    packer = zlib.compressobj(1)
    body = [packer.compress(bytes(1 + width * 3)) for _ in range(height // 2)]
    data = (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
        + _chunk(b"IDAT", b"".join(body) + packer.flush())
        + _chunk(b"IEND", b"")
    )
    with pytest.raises(
        ValueError,
        match=r"scan\.png is cut short or damaged: its picture data ends early\. "
        "Nothing of it is shown",
    ):
        read_picture_bytes(data, "scan.png", 4096)
