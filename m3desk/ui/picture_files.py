"""Reading a picture file with bounded work: the map's background and a sheet's portrait.

A picture is a path the user typed or a file named it, so it may be anything: a device, a
pipe, a folder, a loop of links, a file of another format renamed ``.png``, a header that
claims billions of pixels, an SVG whose ``<use>`` elements copy each other a billion times,
a gzip of gigabytes. Every check here runs before Qt decodes anything, and Qt is given
only what passed:

- the file is opened without blocking (a pipe never waits) and must be a regular file of at
  most :data:`MAX_FILE_BYTES`, read once into memory;
- its kind is decided by its first bytes, never by its name: PNG, JPEG and WebP (what a map
  scan or a photo is) and SVG (plain or gzipped); anything else (TIFF, GIF, BMP, XPM, PBM,
  TGA, ICNS, …) is refused with a sentence naming what it is, and Qt is told the format so
  it never guesses from the content;
- a raster picture's pixel count is read from its header; a large one is decoded scaled
  down to ``max_side``: JPEG and WebP decode straight to the small size (a JPEG at the
  half, quarter or eighth libjpeg decodes to without resampling, when that is at least
  three quarters of ``max_side``; WebP through
  libwebp's own scaling, :mod:`m3desk.ui.webp_scaled`, once it is too large to decode
  whole), PNG is decoded whole up to :data:`MAX_FULL_DECODE_BYTES` (the allocation limit
  raised for that read only) and then scaled, and a band of rows at a time beyond it;
- an SVG is decompressed to at most :data:`MAX_SVG_BYTES`, then scanned once by expat
  (no entity declarations, no external pictures, at most :data:`MAX_SVG_ELEMENTS`
  elements, :data:`MAX_SVG_DEPTH` deep, and the elements its ``<use>`` copies counted
  through every level), and only then drawn by Qt's renderer.

The functions take no widget and may run on a worker thread (:mod:`m3desk.ui.map.backdrop`
reads the map's picture that way); each failure is a ValueError whose text is a sentence.
"""

from __future__ import annotations

import bisect
import errno
import os
import stat
import time
import xml.parsers.expat
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF, QSize, Qt
from PySide6.QtGui import QImage, QImageReader, QPainter

__all__ = [
    "MAX_FILE_BYTES",
    "MAX_FULL_DECODE_BYTES",
    "MAX_PIXELS",
    "MAX_SVG_BYTES",
    "MAX_SVG_ELEMENTS",
    "READ_FLAGS",
    "Cancelled",
    "ReadPicture",
    "damaged",
    "jpeg_scan_data",
    "open_file",
    "picture_kind",
    "read_at",
    "read_file",
    "read_picture",
    "read_picture_bytes",
]

MAX_FILE_BYTES = 64 * 1024 * 1024
MAX_PIXELS = 120_000_000
"""The most pixels a header may claim (a 12 000 × 10 000 scan); larger is refused."""
MAX_FULL_DECODE_BYTES = 160_000_000
"""What a PNG or WebP may take decoded at full size before it is scaled down (40
megapixels of 8-bit colour, 20 of 16-bit): their decoders cannot shrink while decoding."""
MAX_SVG_BYTES = 8 * 1024 * 1024
"""An SVG's text, after decompression."""
MAX_SVG_ELEMENTS = 40_000
"""Elements an SVG may draw, counting every copy its ``<use>`` elements make."""
MAX_SVG_DEPTH = 64
MAX_USE_DEPTH = 8

RASTER = {"png": "PNG", "jpeg": "JPEG", "webp": "WebP", "ppm": "PPM"}
"""The raster kinds read, and how a sentence names them (PPM only where asked for: it is
the format of m3desk's own cached copies, :mod:`m3desk.ui.picture_cache`)."""


class Cancelled(Exception):
    """The reading was cancelled (the view closed, the user pressed Cancel)."""


@dataclass(frozen=True, slots=True)
class ReadPicture:
    image: QImage
    shrink: float
    """1.0: full size; 0.5: each pixel of the image stands for two of the file's."""
    kind: str
    reduced: bool = False
    """Read smaller than ``max_side`` allowed, for a page that needs no more (a JPEG at
    libjpeg's quarter or eighth): never the window's copy."""


def picture_kind(head: bytes) -> str:
    """What the first bytes say the file is: ``png``, ``jpeg``, ``webp``, ``svg``, ``svgz``,
    or a word naming another kind (``tiff``, ``gif``, …), or ``""`` when unknown."""
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        return "png"
    if head.startswith(b"\xff\xd8\xff"):
        return "jpeg"
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return "webp"
    if head.startswith(b"\x1f\x8b"):
        return "svgz"
    if head[:2] == b"P6" and head[2:3] in (b"\n", b" ", b"\t", b"\r"):
        return "ppm"
    text = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    if text.startswith((b"<?xml", b"<svg", b"<!--", b"<!DOCTYPE svg")):
        return "svg"
    others = (
        (b"II*\0", "TIFF"),
        (b"MM\0*", "TIFF"),
        (b"GIF8", "GIF"),
        (b"BM", "BMP"),
        (b"icns", "ICNS"),
        (b"/* XPM */", "XPM"),
        (b"#define", "XBM"),
        (b"%PDF", "PDF"),
    )
    for magic, name in others:
        if text.startswith(magic) or head.startswith(magic):
            return name
    if len(head) >= 2 and head[0:1] == b"P" and head[1:2] in b"123456" and head[1:2]:
        return "PBM"
    return ""


READ_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
"""How a picture or a copy of one is opened: never waiting on a pipe or a device where the
platform can say so (Windows has no ``O_NONBLOCK``; there a FIFO is no regular file and is
refused by the status check that follows each open)."""


def read_at(handle: int, size: int, offset: int) -> bytes:
    """Up to ``size`` bytes of ``handle`` from ``offset`` (``os.pread`` where the platform
    has it, a seek and a read elsewhere)."""
    pread = getattr(os, "pread", None)
    if pread is not None:
        data: bytes = pread(handle, size, offset)
        return data
    os.lseek(handle, offset, os.SEEK_SET)
    return os.read(handle, size)


def open_file(path: str, name: str) -> tuple[int, os.stat_result]:
    """The file opened for reading, and its status: a regular file, at most
    :data:`MAX_FILE_BYTES`, opened without blocking (a pipe or a device is refused before
    anything is read from it). The caller closes the handle; ValueError with a sentence."""
    try:
        handle = os.open(path, READ_FLAGS)
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise ValueError(
                f"The picture {name} could not be opened: its link leads round in a loop."
            ) from error
        raise ValueError(
            f"The picture {name} could not be opened ({error.strerror or error})."
        ) from error
    try:
        info = os.fstat(handle)
        if stat.S_ISDIR(info.st_mode):
            raise ValueError(f"{name} is a folder, not a picture.")
        if not stat.S_ISREG(info.st_mode):
            raise ValueError(f"{name} is not a file (a device or a pipe), not a picture.")
        if info.st_size > MAX_FILE_BYTES:
            raise ValueError(
                f"The picture {name} is {info.st_size // (1024 * 1024)} MB; "
                f"choose one under {MAX_FILE_BYTES // (1024 * 1024)} MB."
            )
    except OSError as error:
        os.close(handle)
        raise ValueError(
            f"The picture {name} could not be read ({error.strerror or error})."
        ) from error
    except ValueError:
        os.close(handle)
        raise
    return handle, info


def read_file(path: str, name: str) -> bytes:
    """The file's bytes: a regular file, at most :data:`MAX_FILE_BYTES`, opened without
    blocking (a pipe or a device is refused before anything is read from it)."""
    handle, info = open_file(path, name)
    try:
        # As much as the file says it holds in one read (one byte more: it may have grown),
        # the rest in pieces: one copy of a large file rather than pieces joined.
        first = os.read(handle, min(info.st_size, MAX_FILE_BYTES) + 1)
        chunks = [first]
        total = len(first)
        while total <= MAX_FILE_BYTES:
            chunk = os.read(handle, 1 << 20)
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > MAX_FILE_BYTES:
            raise ValueError(f"The picture {name} is over {MAX_FILE_BYTES // (1024 * 1024)} MB.")
        return first if len(chunks) == 1 else b"".join(chunks)
    except OSError as error:
        raise ValueError(
            f"The picture {name} could not be read ({error.strerror or error})."
        ) from error
    finally:
        os.close(handle)


def read_picture(
    path: str | Path,
    max_side: int,
    *,
    cancelled: Callable[[], bool] = lambda: False,
    max_pixels: int = MAX_PIXELS,
    purpose: str = "a map",
    at_least: float = 0.0,
) -> ReadPicture:
    """The picture at ``path``, at most ``max_side`` pixels on its long side. Raises
    ValueError with a sentence naming the file when it cannot be used, Cancelled when
    ``cancelled()`` turns true between the steps. A JPEG is read at the smallest of
    libjpeg's own fractions that keeps ``at_least`` of the file's pixels a side (a page
    needs no more), when that is smaller still."""
    text = str(path)
    name = Path(text).name or text
    data = read_file(text, name)
    if cancelled():
        raise Cancelled
    return read_picture_bytes(
        data,
        name,
        max_side,
        cancelled=cancelled,
        max_pixels=max_pixels,
        purpose=purpose,
        at_least=at_least,
    )


def read_picture_bytes(
    data: bytes,
    name: str,
    max_side: int,
    *,
    cancelled: Callable[[], bool] = lambda: False,
    kinds: tuple[str, ...] = ("png", "jpeg", "webp", "svg", "svgz"),
    max_pixels: int = MAX_PIXELS,
    purpose: str = "a map",
    at_least: float = 0.0,
) -> ReadPicture:
    """As :func:`read_picture`, from the file's bytes (``name`` for the sentences); only
    ``kinds`` are read."""
    kind = picture_kind(data[:64])
    if kind not in kinds:
        raise ValueError(_refusal(name, kind, data, kinds))
    if kind in RASTER and not _ends_whole(data, kind):
        raise ValueError(damaged(name, f"the file ends before its {RASTER[kind]} picture does"))
    if kind in ("svg", "svgz"):
        return _read_svg(data, name, kind, max_side, cancelled)
    return _read_raster(data, name, kind, max_side, max_pixels, purpose, cancelled, at_least)


def _refusal(name: str, kind: str, data: bytes, kinds: tuple[str, ...]) -> str:
    wanted = ", ".join(RASTER[k] for k in kinds if k in RASTER)
    if "svg" in kinds:
        wanted += " or SVG"
    if not data:
        return f"{name} is empty, not a picture."
    if not kind and len(data) < 12:
        for signature, shown in (
            (b"\x89PNG\r\n\x1a\n", "PNG"),
            (b"\xff\xd8", "JPEG"),
            (b"RIFF", "WebP"),
        ):
            if signature.startswith(data) or data.startswith(signature):
                return damaged(name, f"the file ends before its {shown} picture does")
    if kind:
        shown = kind.upper() if kind in ("svg", "svgz") else RASTER.get(kind, kind)
        article = "an" if shown in ("SVG", "SVGZ", "XPM", "XBM", "ICNS") else "a"
        return (
            f"{name} is {article} {shown} file; m3desk reads pictures as {wanted}: "
            "save it as one of those."
        )
    return f"{name} is not a picture m3desk can read (it reads {wanted})."


def damaged(name: str, why: str) -> str:
    """The sentence for a picture cut short or damaged: one for every format and every
    path (Qt's own error text never reaches the user). A picture cut short is refused,
    never shown in part, whatever its format: what is missing is not said by a picture
    half drawn or half grey."""
    return (
        f"{name} is cut short or damaged: {why}. Nothing of it is shown; "
        "copy or save the picture again."
    )


def _ends_whole(data: bytes, kind: str) -> bool:
    """Whether the file reaches its format's end: a PNG's IEND chunk, a JPEG's end-of-image
    marker after its first scan, a WebP's every byte its RIFF header counts. Read from the
    chunk and segment lengths, in one pass over a few bytes a chunk (the scan data of a
    JPEG is searched for its end marker, which its coded data can never hold)."""
    size = len(data)
    if kind == "webp":
        return size >= 8 + int.from_bytes(data[4:8], "little")
    if kind == "png":
        at = 8
        while at + 8 <= size:
            length = int.from_bytes(data[at : at + 4], "big")
            if data[at + 4 : at + 8] == b"IEND":
                return at + 12 <= size
            at += 12 + length
        return False
    found = jpeg_scan_data(data, size)
    if isinstance(found, int):
        return data.find(b"\xff\xd9", found) >= 0
    return found == "marker"


def jpeg_scan_data(head: bytes, size: int) -> int | str:
    """Where a JPEG's first scan's coded data starts, from its segments' lengths in
    ``head`` (the file's first bytes; ``size`` is the file's): or "marker" (an end marker,
    or a byte where a marker belongs that is none: damaged, which Qt's decoder says),
    "short" (the file ends before its scan) or "more" (its segments run past ``head``)."""
    at = 2
    while at + 4 <= size:
        if at + 4 > len(head):
            return "more"
        if head[at] != 0xFF:
            return "marker"
        marker = head[at + 1]
        if marker == 0xFF or marker == 0x01 or 0xD0 <= marker <= 0xD8:
            at += 1 if marker == 0xFF else 2
            continue
        if marker == 0xD9:
            return "marker"
        length = int.from_bytes(head[at + 2 : at + 4], "big")
        if marker == 0xDA:
            return at + 2 + length
        at += 2 + length
    return "short"


def _buffer(data: bytes) -> QBuffer:
    buffer = QBuffer()
    buffer.setData(QByteArray(data))
    buffer.open(QIODevice.OpenModeFlag.ReadOnly)
    return buffer


def _bytes_per_pixel(data: bytes, kind: str) -> int:
    """What one pixel takes once Qt has decoded it (a 16-bit PNG decodes to 8 bytes)."""
    if kind == "png" and len(data) > 24 and data[12:16] == b"IHDR" and data[24] == 16:
        return 8
    return 4


def _read_raster(
    data: bytes,
    name: str,
    kind: str,
    max_side: int,
    max_pixels: int,
    purpose: str,
    cancelled: Callable[[], bool] = lambda: False,
    at_least: float = 0.0,
) -> ReadPicture:
    shown = RASTER[kind]
    buffer = _buffer(data)
    reader = QImageReader(buffer, kind.encode())
    reader.setDecideFormatFromContent(False)
    reader.setAutoTransform(True)
    claimed = reader.size()
    if not claimed.isValid() or claimed.isEmpty():
        raise ValueError(damaged(name, f"its {shown} header gives no size"))
    width, height = claimed.width(), claimed.height()
    if width * height > max_pixels:
        raise ValueError(
            f"{name} claims {width} × {height} pixels, more than {purpose} "
            f"needs ({max_pixels // 1_000_000} megapixels at most)."
        )
    target = QSize(claimed)
    if max(width, height) > max_side:
        target = claimed.scaled(max_side, max_side, Qt.AspectRatioMode.KeepAspectRatio)
        if kind == "jpeg":
            target = _jpeg_fraction(claimed, max_side) or target
    reduced = False
    if kind == "jpeg" and at_least > 0.0:
        smaller = _jpeg_at_least(claimed, at_least)
        reduced = smaller is not None and smaller.width() < target.width()
        target = smaller if smaller is not None and reduced else target
    full = width * height * _bytes_per_pixel(data, kind)
    # libjpeg decodes straight to a half, a quarter or an eighth; for less than halving (or
    # a JPEG too large to hold whole) that is then scaled by Qt's slower smooth scaling.
    natively = kind == "jpeg" and (2 * target.width() <= width or full > MAX_FULL_DECODE_BYTES)

    def between() -> None:
        if cancelled():
            raise Cancelled

    if not natively and full > MAX_FULL_DECODE_BYTES and kind == "webp":
        # too large to decode whole: libwebp scales each row as it decodes it
        from m3desk.ui.webp_scaled import webp_scaled_reader  # ctypes, loaded when needed

        webp = webp_scaled_reader()
        if webp is not None:
            try:
                scaled = webp.read(data, target, between)
            except ValueError as error:
                raise ValueError(
                    damaged(name, f"its WebP picture data could not be decoded ({error})")
                ) from error
            return ReadPicture(scaled, scaled.width() / width, kind)
    if not natively and full > MAX_FULL_DECODE_BYTES and kind == "png":
        # too large to decode whole: a band of rows at a time, each scaled into its place
        from m3desk.ui.png_bands import read_png_in_bands

        try:
            banded = read_png_in_bands(data, target, between)
        except ValueError as error:
            raise ValueError(damaged(name, f"{error}")) from error
        if banded is not None:
            return ReadPicture(banded, banded.width() / width, kind)
    if not natively and full > MAX_FULL_DECODE_BYTES:
        megapixels = MAX_FULL_DECODE_BYTES // _bytes_per_pixel(data, kind) // 1_000_000
        raise ValueError(
            f"{name} is {width} × {height} pixels; m3desk reads a {shown} up "
            f"to {megapixels} megapixels (a JPEG up to "
            f"{max_pixels // 1_000_000}): save it smaller or as JPEG."
        )
    # JPEG decodes at the nearest power-of-two fraction at or above the size asked, then
    # scales: at most four times the pixels asked for, never more than the whole picture.
    decoded = min(full, 4 * target.width() * target.height() * 4) if natively else full
    # The allocation limit is raised for this read only, to what it needs and no more. Qt
    # keeps one limit for the whole process (a static setting): it is never lowered here
    # (a read on another thread may need it) and it is put back once this read is done.
    before = QImageReader.allocationLimit()
    QImageReader.setAllocationLimit(max(before, decoded // (1024 * 1024) + 2))
    if natively and target != claimed:
        reader.setScaledSize(target)
    try:
        image = reader.read()
    finally:
        QImageReader.setAllocationLimit(before)
    buffer.close()
    if image.isNull():
        raise ValueError(damaged(name, f"its {shown} picture data could not be decoded"))
    if image.size() != target:
        image = _shrunk(image, target)
    return ReadPicture(image, image.width() / width, kind, reduced)


def _jpeg_fraction(claimed: QSize, max_side: int) -> QSize | None:
    """The half, quarter or eighth of ``claimed`` libjpeg decodes to by itself (no full-size
    decode, no resampling after: an 8000 × 6000 scan costs a quarter less), when it fits
    ``max_side`` and keeps at least three quarters of it; None otherwise."""
    width, height = claimed.width(), claimed.height()
    for denominator in (2, 4, 8):
        size = QSize(width // denominator, height // denominator)
        if max(size.width(), size.height()) <= max_side:
            if 4 * max(size.width(), size.height()) >= 3 * max_side and not size.isEmpty():
                return size
            return None
    return None


def _jpeg_at_least(claimed: QSize, at_least: float) -> QSize | None:
    """The smallest of the eighth, quarter and half of ``claimed`` libjpeg decodes to by
    itself (scaled in the DCT: most of the inverse transform skipped) that keeps at least
    ``at_least`` of the file's pixels on each side; None when only more would do."""
    width, height = claimed.width(), claimed.height()
    for denominator in (8, 4, 2):
        size = QSize(width // denominator, height // denominator)
        if size.isEmpty():
            continue
        if size.width() >= at_least * width and size.height() >= at_least * height:
            return size
    return None


STRIP = 256
"""Rows of the scaled picture drawn at a time (each call holds Python's lock: the GUI
thread gets its turn between strips, not after one 0.4 s call)."""


def _shrunk(image: QImage, target: QSize) -> QImage:
    """``image`` scaled smoothly to ``target``, a strip at a time."""
    kind = (
        QImage.Format.Format_ARGB32_Premultiplied
        if image.hasAlphaChannel()
        else QImage.Format.Format_RGB32
    )
    out = QImage(target, kind)
    out.fill(Qt.GlobalColor.transparent)
    painter = QPainter(out)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
    whole = QRectF(0, 0, target.width(), target.height())
    for top in range(0, target.height(), STRIP):
        painter.setClipRect(0, top, target.width(), STRIP)
        painter.drawImage(whole, image)
        time.sleep(0)  # let the GUI thread run
    painter.end()
    return out


# -- SVG ------------------------------------------------------------------------------------


def _inflated(data: bytes, name: str) -> bytes:
    """A gzipped SVG's text, refused as soon as it passes :data:`MAX_SVG_BYTES`."""
    inflater = zlib.decompressobj(wbits=31)
    out: list[bytes] = []
    total = 0
    pending = data
    try:
        while pending:
            piece = inflater.decompress(pending, MAX_SVG_BYTES + 1 - total)
            out.append(piece)
            total += len(piece)
            if total > MAX_SVG_BYTES:
                raise ValueError(
                    f"{name} unpacks to more than "
                    f"{MAX_SVG_BYTES // (1024 * 1024)} MB of drawing; m3desk "
                    "reads smaller SVG maps."
                )
            pending = inflater.unconsumed_tail
            if inflater.eof:
                break
    except zlib.error as error:
        raise ValueError(damaged(name, "its gzip data does not unpack")) from error
    if not inflater.eof:
        raise ValueError(damaged(name, "the file ends before its gzipped SVG drawing does"))
    return b"".join(out)


class _Scan:
    """One pass over the SVG's elements (expat: no entity is declared or expanded)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.count = 0
        self.depth = 0
        self.open: list[int] = []
        self.spans: dict[str, tuple[int, int]] = {}
        self.open_ids: list[str | None] = []
        self.uses: list[int] = []
        self.use_targets: list[str] = []
        self.root = ""

    def refuse(self, why: str) -> ValueError:
        return ValueError(f"{self.name} is an SVG m3desk does not draw: {why}.")

    def start(self, tag: str, attributes: dict[str, str]) -> None:
        local = tag.rsplit("}", 1)[-1].rsplit(":", 1)[-1]
        if not self.root:
            self.root = local
        self.count += 1
        self.depth += 1
        if self.count > MAX_SVG_ELEMENTS:
            raise self.refuse(f"more than {MAX_SVG_ELEMENTS:,} elements")
        if self.depth > MAX_SVG_DEPTH:
            raise self.refuse(f"elements nested more than {MAX_SVG_DEPTH} deep")
        if local == "image":
            raise self.refuse("it embeds other pictures (save the map as PNG or JPEG)")
        if local == "filter" or local.startswith("fe"):
            raise self.refuse("it uses filter effects (save the map as PNG or JPEG)")
        index = self.count - 1
        ident = attributes.get("id")
        self.open_ids.append(ident)
        self.open.append(index)
        if local == "use":
            href = next(
                (
                    v
                    for k, v in attributes.items()
                    if k.rsplit("}", 1)[-1].rsplit(":", 1)[-1] == "href"
                ),
                "",
            )
            if href and not href.startswith("#"):
                raise self.refuse("a <use> names another file")
            self.uses.append(index)
            self.use_targets.append(href[1:])

    def end(self, _tag: str) -> None:
        self.depth -= 1
        start = self.open.pop()
        ident = self.open_ids.pop()
        if ident:
            self.spans.setdefault(ident, (start, self.count))

    def copies(self) -> int:
        """Every element drawn, the copies of the copies included (a <use> of a group of
        <use>s of a group…), refused past the budget or too deep."""
        memo: dict[str, int] = {}

        def cost(target: str, level: int) -> int:
            if target in memo:
                return memo[target]
            if level > MAX_USE_DEPTH:
                raise self.refuse(
                    f"<use> elements copy copies more than {MAX_USE_DEPTH} levels deep"
                )
            span = self.spans.get(target)
            if span is None:
                return 0
            first, last = span
            total = last - first
            for n in range(
                bisect.bisect_left(self.uses, first), bisect.bisect_left(self.uses, last)
            ):
                total += cost(self.use_targets[n], level + 1)
                if total > MAX_SVG_ELEMENTS:
                    raise self.refuse(
                        f"its <use> elements make more than {MAX_SVG_ELEMENTS:,} elements to draw"
                    )
            memo[target] = total
            return total

        total = self.count
        for target in self.use_targets:
            total += cost(target, 1)
            if total > MAX_SVG_ELEMENTS:
                raise self.refuse(
                    f"its <use> elements make more than {MAX_SVG_ELEMENTS:,} elements to draw"
                )
        return total


_CUT_SHORT = {
    getattr(xml.parsers.expat.errors, "codes", {}).get(message, 0)
    for message in (
        xml.parsers.expat.errors.XML_ERROR_NO_ELEMENTS,
        xml.parsers.expat.errors.XML_ERROR_UNCLOSED_TOKEN,
        xml.parsers.expat.errors.XML_ERROR_PARTIAL_CHAR,
        xml.parsers.expat.errors.XML_ERROR_UNCLOSED_CDATA_SECTION,
    )
}
"""The parser's errors at a text that stops before its end (every element left open)."""


def scan_svg(text: bytes, name: str) -> int:
    """The elements ``text`` would draw (copies included); ValueError with a sentence when
    it passes a budget, declares entities or is not well-formed SVG."""
    scan = _Scan(name)
    parser = xml.parsers.expat.ParserCreate(namespace_separator="}")
    parser.SetParamEntityParsing(xml.parsers.expat.XML_PARAM_ENTITY_PARSING_NEVER)

    def no_entities(*_args: object) -> None:
        raise scan.refuse("it declares entities")

    parser.EntityDeclHandler = no_entities
    parser.UnparsedEntityDeclHandler = no_entities
    parser.ExternalEntityRefHandler = lambda *_a: 0
    parser.StartElementHandler = scan.start
    parser.EndElementHandler = scan.end
    try:
        parser.Parse(text, True)
    except xml.parsers.expat.ExpatError as error:
        if error.code in _CUT_SHORT:
            raise ValueError(damaged(name, "the file ends before its SVG drawing does")) from error
        raise ValueError(
            damaged(
                name,
                f"its SVG text is not well-formed at line {error.lineno} "
                f"({xml.parsers.expat.ErrorString(error.code)})",
            )
        ) from error
    if scan.root != "svg":
        raise ValueError(f"{name} is an XML file but not an SVG picture.")
    return scan.copies()


def _read_svg(
    data: bytes, name: str, kind: str, max_side: int, cancelled: Callable[[], bool]
) -> ReadPicture:
    text = _inflated(data, name) if kind == "svgz" else data
    if len(text) > MAX_SVG_BYTES:
        raise ValueError(
            f"{name} is more than {MAX_SVG_BYTES // (1024 * 1024)} MB of "
            "drawing; m3desk reads smaller SVG maps."
        )
    if kind == "svgz" and picture_kind(text[:64]) != "svg":
        raise ValueError(f"{name} is a gzip file that holds no SVG picture.")
    scan_svg(text, name)
    if cancelled():
        raise Cancelled
    from m3desk.ui.picture_svg import draw_svg  # multiprocessing, loaded when needed

    drawn = draw_svg(text, name, max_side, cancelled)
    if drawn is None:
        raise Cancelled
    image, scale = drawn
    return ReadPicture(image, scale, kind)
