"""A large PNG read scaled down a band of rows at a time, never held whole.

Qt's PNG decoder cannot shrink while it decodes: a 10 000 × 10 000 scan would take 400 MB
decoded before it is scaled. Here the file's image data (its IDAT chunks, one zlib stream of
filtered rows) is inflated a band at a time with a bounded output, each band is handed to
Qt as a PNG of its own (its rows as they are, stored without compression), decoded and
scaled into the picture's place, and let go. A row's filter may refer to the row above it,
so each band after the first begins with the previous band's last row, unfiltered: its
bytes as decoded, put back into the file's own layout (exact for grey, RGB and RGBA at 8 and
16 bits per channel and grey with alpha at 8), and that row is dropped after decoding.

What cannot be read this way (interlaced, a palette or fewer than 8 bits per channel, grey
with alpha at 16 bits) returns None; the caller says why.
"""

from __future__ import annotations

import struct
import sys
import time
import zlib
from collections.abc import Callable, Iterator

from PySide6.QtCore import QIODevice, QRectF, QSize, Qt
from PySide6.QtGui import QImage, QImageReader, QPainter

__all__ = ["BAND_BYTES", "read_png_in_bands"]

BAND_BYTES = 4 * 1024 * 1024
"""What one band may take decoded (Qt's 8 bytes a pixel at 16 bits). Small bands are
cheaper, not dearer: each band's rows pass through zlib, the checksums and Qt's decoder
while they are still in the processor's cache (a 10 000 × 10 000 scan: about a sixth less
CPU than at 24 MB, and 65 MB less memory at its peak)."""

_CHANNELS = {0: (0,), 2: (0, 1, 2), 4: (0, 3), 6: (0, 1, 2, 3)}
"""The PNG colour types read here and, for each channel of a pixel in the file, which
channel of Qt's RGBA it comes back as (grey as red)."""

_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _chunk(kind: bytes, body: bytes) -> bytes:
    return (
        struct.pack(">I", len(body))
        + kind
        + body
        + struct.pack(">I", zlib.crc32(body, zlib.crc32(kind)) & 0xFFFFFFFF)
    )


def _stored_idat(rows: list[bytes | memoryview]) -> list[bytes | memoryview]:
    """An IDAT chunk holding ``rows`` as a zlib stream of stored (uncompressed) blocks,
    as pieces to join: no deflate runs over them, and nothing is copied but by the join."""
    pieces: list[bytes | memoryview] = [b"\x78\x01"]
    adler = 1
    size = sum(len(r) for r in rows)
    left = size
    for row in rows:
        view = memoryview(row)
        adler = zlib.adler32(view, adler)
        for at in range(0, len(view), 65535):
            block = view[at : at + 65535]
            left -= len(block)
            pieces.append(
                struct.pack("<BHH", 1 if not left else 0, len(block), len(block) ^ 0xFFFF)
            )
            pieces.append(block)
    if size == 0:
        pieces.append(struct.pack("<BHH", 1, 0, 0xFFFF))
    pieces.append(struct.pack(">I", adler & 0xFFFFFFFF))
    crc = zlib.crc32(b"IDAT")
    for piece in pieces:
        crc = zlib.crc32(piece, crc)
    length = sum(len(piece) for piece in pieces)
    return [struct.pack(">I", length), b"IDAT", *pieces, struct.pack(">I", crc & 0xFFFFFFFF)]


def _parts(data: bytes) -> tuple[bytes, list[bytes], list[memoryview]] | None:
    """The header's body, the chunks a band needs besides (tRNS), and the IDAT bodies."""
    header = b""
    kept: list[bytes] = []
    idat: list[memoryview] = []
    view = memoryview(data)
    at = len(_SIGNATURE)
    while at + 12 <= len(data):
        length, kind = struct.unpack(">I4s", data[at : at + 8])
        body = view[at + 8 : at + 8 + length]
        if kind == b"IHDR":
            header = bytes(body)
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
        elif kind == b"tRNS" and not idat:
            kept.append(bytes(view[at : at + 12 + length]))
        at += 12 + length
    if len(header) != 13 or not idat:
        return None
    return header, kept, idat


def _raw_row(image: QImage, row: int, depth: int, kind: int) -> bytes:
    """Row ``row`` of a decoded band in the file's own layout (unfiltered, big-endian)."""
    width = image.width()
    channels = _CHANNELS[kind]
    line = image.copy(0, row, width, 1)
    if depth == 8:
        rgba = line.convertToFormat(QImage.Format.Format_RGBA8888)
        source = bytes(rgba.constBits())[: width * 4]
        out = bytearray(width * len(channels))
        for place, channel in enumerate(channels):
            out[place :: len(channels)] = source[channel::4]
        return bytes(out)
    rgba = line.convertToFormat(QImage.Format.Format_RGBA64)
    source = bytes(rgba.constBits())[: width * 8]
    step = 2 * len(channels)
    out = bytearray(width * step)
    little = sys.byteorder == "little"
    for place, channel in enumerate(channels):
        high, low = (2 * channel + 1, 2 * channel) if little else (2 * channel, 2 * channel + 1)
        out[2 * place :: step] = source[high::8]
        out[2 * place + 1 :: step] = source[low::8]
    return bytes(out)


class _Pieces(QIODevice):
    """A read-only device over ``pieces`` read in turn: Qt's decoder takes the band's
    bytes from here, so they are never joined into one copy nor copied into a QByteArray
    (two passes over every byte of a large scan, a fifth of its reading)."""

    def __init__(self, pieces: list[bytes | memoryview]) -> None:
        super().__init__()
        self._pieces = [memoryview(piece).cast("B") for piece in pieces]
        self._index = 0
        self._at = 0
        self._left = sum(len(piece) for piece in self._pieces)

    def isSequential(self) -> bool:
        return True

    def bytesAvailable(self) -> int:
        return self._left + super().bytesAvailable()

    def readData(self, maxlen: int) -> bytes:
        got: list[memoryview] = []
        have = 0
        while have < maxlen and self._index < len(self._pieces):
            piece = self._pieces[self._index]
            part = piece[self._at : self._at + maxlen - have]
            got.append(part)
            have += len(part)
            self._at += len(part)
            if self._at >= len(piece):
                self._index += 1
                self._at = 0
        self._left -= have
        return got[0].tobytes() if len(got) == 1 else b"".join(got)

    def writeData(self, data: bytes, length: int = 0) -> int:  # type: ignore[override]
        return -1


def _decode(pieces: list[bytes | memoryview], need: int) -> QImage:
    """The PNG made of ``pieces``, decoded by Qt."""
    device = _Pieces(pieces)
    device.open(QIODevice.OpenModeFlag.ReadOnly)
    reader = QImageReader(device, b"png")
    reader.setDecideFormatFromContent(False)
    # raised for this read only (the limit is one for the whole process), as picture_files
    before = QImageReader.allocationLimit()
    QImageReader.setAllocationLimit(max(before, need // (1024 * 1024) + 2))
    try:
        image = reader.read()
    finally:
        QImageReader.setAllocationLimit(before)
        device.close()
    return image


def _deflate(idat: list[memoryview]) -> Iterator[memoryview] | None:
    """The IDAT bodies as one raw deflate stream, its zlib header read off and checked, a
    slice of at most 256 KB at a time; None when the header is not deflate's (or asks for
    a preset dictionary, which PNG forbids)."""
    head = bytearray()
    for body in idat:
        head += body[: 2 - len(head)]
        if len(head) == 2:
            break
    if len(head) < 2 or head[0] & 0x0F != 8 or (head[0] << 8 | head[1]) % 31 or head[1] & 0x20:
        return None

    def pieces() -> Iterator[memoryview]:
        skip = 2
        for body in idat:
            first = min(skip, len(body))
            skip -= first
            for at in range(first, len(body), 1 << 18):
                yield body[at : at + (1 << 18)]

    return pieces()


def read_png_in_bands(
    data: bytes, target: QSize, between: Callable[[], None], band_bytes: int = BAND_BYTES
) -> QImage | None:
    """The PNG ``data`` scaled smoothly to ``target``, decoded a band of rows at a time
    (each at most ``band_bytes`` decoded); None when this PNG cannot be read in bands.
    Raises ValueError (a phrase: what is wrong with the data) for a corrupt stream;
    ``between()`` is called before each band (it raises to stop: the reader's Cancel)."""
    parts = _parts(data)
    if parts is None:
        return None
    header, kept, idat = parts
    width, height, depth, kind, _c, _f, interlace = struct.unpack(">IIBBBBB", header)
    if interlace or depth not in (8, 16) or kind not in _CHANNELS or not width or not height:
        return None
    if (kind, depth) == (4, 16):
        return None  # Qt decodes it premultiplied: a faint pixel's grey is not given back
    per_pixel = len(_CHANNELS[kind]) * depth // 8
    stride = 1 + width * per_pixel
    decoded_row = width * (8 if depth == 16 else 4)
    # at least two rows of the file for each row of the picture, so no band is lost
    rows = max(1, band_bytes // decoded_row, 2 * -(-height // max(1, target.height())))
    # The rows' zlib stream is inflated raw, past its two-byte header: zlib would otherwise
    # sum every byte it makes for the checksum at the stream's end, which a bounded read
    # stops before (the rows are all made before the checksum is reached) and which Qt's
    # decoder checks again on each band anyway; a sixth of the reading's CPU for nothing.
    # The compressed rows are fed in slices: what a call leaves unread is copied each time.
    pieces = _deflate(idat)
    if pieces is None:
        raise ValueError("its compressed picture data does not unpack")
    inflate = zlib.decompressobj(wbits=-15)
    alpha = kind in (4, 6) or bool(kept)
    out = QImage(target, QImage.Format.Format_ARGB32 if alpha else QImage.Format.Format_RGB32)
    out.fill(Qt.GlobalColor.transparent)
    painter = QPainter(out)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
    # each band replaces its rows (no blending of a translucent pixel with the blank)
    painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_Source)
    tail: bytes | memoryview = b""

    def inflated(count: int) -> bytes:
        """The next ``count`` bytes of the rows (never more: a bomb stops here)."""
        nonlocal tail
        got: list[bytes] = []
        have = 0
        while have < count:
            if not tail:
                tail = next(pieces, b"")
                if not tail:
                    break
            piece = inflate.decompress(tail, count - have)
            got.append(piece)
            have += len(piece)
            tail = inflate.unconsumed_tail
            if inflate.eof:  # the stream's end: what follows (its checksum) is no row
                break
        return got[0] if len(got) == 1 else b"".join(got)

    try:
        above = b""
        top = 0
        while top < height:
            between()
            count = min(rows, height - top)
            raw = inflated(count * stride)
            if len(raw) < count * stride:
                raise ValueError("its picture data ends early")
            lead = 1 if above else 0
            band_header = struct.pack(">IIBBBBB", width, count + lead, depth, kind, 0, 0, 0)
            png = [
                _SIGNATURE,
                _chunk(b"IHDR", band_header),
                *kept,
                *_stored_idat([above, raw] if above else [raw]),
                _chunk(b"IEND", b""),
            ]
            del raw
            band = _decode(png, (count + lead) * decoded_row)
            del png
            if band.isNull() or band.height() != count + lead:
                raise ValueError("a band of its rows could not be decoded")
            above = b"\0" + _raw_row(band, count + lead - 1, depth, kind)
            first = round(top * target.height() / height)
            last = round((top + count) * target.height() / height)
            if last > first:
                # smoothly, as picture_files scales a picture decoded whole
                painter.drawImage(
                    QRectF(0, first, target.width(), last - first),
                    band,
                    QRectF(0, lead, width, count),
                )
            del band
            top += count
            time.sleep(0)  # the GUI thread's turn between bands
    except zlib.error as error:
        # zlib's own words ("invalid distance too far back") say nothing to the user
        raise ValueError("its compressed picture data does not unpack") from error
    finally:
        painter.end()
    return out
