"""A smaller copy of each large map picture, kept on disk, so it is decoded in full once.

Decoding a large scan is paid whatever the scale it is read at (an 8000 × 6000 JPEG of
high quality: about 1 s of a processor here, most of it libjpeg's entropy decoding), and
it was paid at every open of the encounter and at every ``m3desk export-pdf``. Once read,
the picture as the map shows it (at most :data:`m3desk.ui.map.backdrop.MAX_SIDE` on its
long side) is written to the user's cache folder (:attr:`AppPaths.cache_dir`,
``pictures/``) as a plain PPM (uncompressed RGB: written and read in a few hundredths of
a second, where a JPEG copy would cost a third of a second to write and a fifth to read).

Nothing in the cache is trusted:

- a copy is found by a key of the picture's resolved path, its size, its modification
  time (nanoseconds) and a hash of its first and last 64 KB, so a picture changed or
  replaced since is a new key (its stale copy is never looked up again, and is evicted);
- a copy is read by the same bounded reader as any picture
  (:func:`m3desk.ui.picture_files.read_file`: a regular file, opened without blocking, at
  most 64 MB; its kind by content, PPM alone): a file of another kind (a PNG bomb put in
  its place), a header not exactly as m3desk writes it, a size other than its header's
  width × height × 3 to the byte or past the map's side, an impossible shrink, is refused,
  removed, and the picture read from its own file again (and copied again); there is
  nothing to decode (the bytes are the pixels), so nothing can claim more than it holds;
- copies are written atomically (a temporary file renamed over) and the folder is kept
  under :data:`MAX_CACHE_BYTES`, the copies used longest ago removed first.

Only large opaque raster pictures are copied (:func:`worth_copying`): a small picture
decodes about as fast as its copy would read, a picture with transparency has no PPM, and
an SVG is drawn anew (its drawing is bounded already).

A large JPEG printed before the window has copied it is decoded only down to the strip of
rows its page shows (:mod:`m3desk.ui.jpeg_rows`); that strip is kept too
(:func:`store_strip`, ``KEY.WxH.A-B.strip``: rows A to B of the picture decoded at W × H),
under the same rules (a PPM checked to the byte, its header naming the size and rows its
name does; atomic; in the same budget), so printing the same part again decodes nothing;
the window's copy, once written, replaces its picture's strips.
"""

from __future__ import annotations

import contextlib
import hashlib
import math
import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtGui import QImage

from m3desk.storage.paths import AppPaths
from m3desk.ui.picture_files import (
    MAX_FILE_BYTES,
    READ_FLAGS,
    ReadPicture,
    picture_kind,
    read_at,
    read_file,
)

__all__ = [
    "COPY_FROM_BYTES",
    "MAX_CACHE_BYTES",
    "STRIP_SUFFIX",
    "CopyRows",
    "PictureKey",
    "cached_copy",
    "copies_folder",
    "copy_rows",
    "key_of",
    "store_copy",
    "store_strip",
    "strip_rows",
    "worth_copying",
]

MAX_CACHE_BYTES = 512 * 1024 * 1024
"""The cache folder's copies together (about ten maps of 4000 × 3000); the copies used
longest ago go first."""
COPY_FROM_BYTES = 4 * 1024 * 1024
"""A picture file at least this large is copied even when it was not shrunk (a 4000 ×
3000 scan of high quality decodes in about 0.3 s; its copy reads in 0.05 s)."""
EDGE = 64 * 1024
"""Bytes hashed at each end of the picture for its key."""
SUFFIX = ".ppm"
STRIP_SUFFIX = ".strip"
"""A strip: the rows of a picture one printed page showed, as decoded for it (a large JPEG
printed with no copy yet decodes only its rows down to the page's part)."""
_STRIP_HEADER = re.compile(
    rb"P6\n# m3desk-strip of=(\d{1,5})x(\d{1,5}) rows=(\d{1,5})-(\d{1,5})\n"
    rb"(\d{1,5}) (\d{1,5})\n255\n"
)
_STRIP_NAME = re.compile(r"(\d{1,5})-(\d{1,5})\.strip")
_HEADER = re.compile(rb"P6\n# m3desk-copy shrink=([0-9.e+-]{1,24})\n(\d{1,5}) (\d{1,5})\n255\n")


@dataclass(frozen=True, slots=True)
class PictureKey:
    """What names a picture's copy: where it is, and which content it has."""

    digest: str
    size: int
    mtime_ns: int


def copies_folder(paths: AppPaths | None = None) -> Path | None:
    """Where the copies are kept (None when the paths have no cache folder)."""
    paths = AppPaths.from_environment() if paths is None else paths
    return None if paths.cache_dir is None else paths.cache_dir / "pictures"


def key_of(path: str) -> PictureKey | None:
    """The key of the picture file at ``path`` now, or None when it is not a regular file
    that can be read (the reading itself then says why)."""
    try:
        resolved = os.path.realpath(path)
        handle = os.open(resolved, READ_FLAGS)
    except (OSError, ValueError):
        return None
    try:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode):
            return None
        head = os.read(handle, EDGE)
        tail = b""
        if info.st_size > 2 * EDGE:
            os.lseek(handle, info.st_size - EDGE, os.SEEK_SET)
            tail = os.read(handle, EDGE)
    except OSError:
        return None
    finally:
        os.close(handle)
    hashed = hashlib.blake2b(digest_size=20)
    for part in (resolved.encode("utf-8", "surrogatepass"), b"\0", head, b"\0", tail):
        hashed.update(part)
    hashed.update(f"\0{info.st_size}\0{info.st_mtime_ns}".encode())
    return PictureKey(hashed.hexdigest(), info.st_size, info.st_mtime_ns)


def _entry(key: PictureKey, folder: Path) -> Path:
    return folder / f"{key.digest}{SUFFIX}"


def cached_copy(key: PictureKey, max_side: int, folder: Path | None = None) -> ReadPicture | None:
    """The picture's copy when one is kept and reads as a copy should; a copy that does
    not is removed (the picture is then read, and copied, again)."""
    folder = copies_folder() if folder is None else folder
    if folder is None:
        return None
    entry = _entry(key, folder)
    if not entry.is_file():
        return None
    try:
        read = _read_copy(str(entry), max_side)
    except ValueError:
        with contextlib.suppress(OSError):
            entry.unlink()
        return None
    with contextlib.suppress(OSError):
        os.utime(entry)  # used now: the last to be evicted
    return read


def _read_copy(entry: str, max_side: int) -> ReadPicture:
    """A copy read by the bounded reader (a regular file, within the file budget, its
    kind by content: PPM alone), its header matched in full and its size exact, its shrink
    from its own header."""
    name = Path(entry).name
    data = read_file(entry, name)
    shrink, width, height, offset = _checked_header(data[:128], name, max_side, len(data))
    # Plain RGB rows, nothing to decode: the bytes are the pixels (a view, then one copy).
    pixels = memoryview(data)[offset:]
    image = QImage(pixels, width, height, width * 3, QImage.Format.Format_RGB888)
    image = image.convertToFormat(QImage.Format.Format_RGB32)
    pixels.release()
    if image.isNull():
        raise ValueError(f"{name} could not be held in memory.")
    return ReadPicture(image, shrink, "ppm")


@dataclass(frozen=True, slots=True)
class CopyRows:
    """A copy whose header has been checked, its rows read only when asked for (printing
    wants the strip of the picture its map shows, not 36 MB of it)."""

    entry: Path
    width: int
    height: int
    shrink: float
    offset: int

    def rows(self, top: int, bottom: int) -> QImage:
        """Rows ``top`` to ``bottom`` (excluded), the whole width; ValueError when the copy
        is no longer the one checked."""
        top, bottom = max(0, top), min(self.height, bottom)
        if bottom <= top:
            raise ValueError("no rows")
        line = self.width * 3
        handle = os.open(self.entry, READ_FLAGS)
        try:
            info = os.fstat(handle)
            if not stat.S_ISREG(info.st_mode) or info.st_size != self.offset + line * self.height:
                raise ValueError(f"{self.entry.name} changed while it was read.")
            data = read_at(handle, line * (bottom - top), self.offset + line * top)
        except OSError as error:
            raise ValueError(f"{self.entry.name} could not be read ({error}).") from error
        finally:
            os.close(handle)
        if len(data) != line * (bottom - top):
            raise ValueError(f"{self.entry.name} changed while it was read.")
        image = QImage(data, self.width, bottom - top, line, QImage.Format.Format_RGB888)
        return image.convertToFormat(QImage.Format.Format_RGB32)


def copy_rows(key: PictureKey, max_side: int, folder: Path | None = None) -> CopyRows | None:
    """The copy of ``key`` with its header checked as :func:`cached_copy` checks it (a
    regular file, its kind by content, its header exactly m3desk's, its size to the byte),
    its pixels left on disk; a copy that does not pass is removed."""
    folder = copies_folder() if folder is None else folder
    if folder is None:
        return None
    entry = _entry(key, folder)
    head, size = _head(entry)
    if size < 0:
        return None
    try:
        found = _checked_header(head, entry.name, max_side, size)
    except ValueError:
        with contextlib.suppress(OSError):
            entry.unlink()
        return None
    shrink, width, height, offset = found
    with contextlib.suppress(OSError):
        os.utime(entry)
    return CopyRows(entry, width, height, shrink, offset)


def _head(entry: Path) -> tuple[bytes, int]:
    """The first bytes of the regular file at ``entry`` and its size; (b"", -1) when
    nothing can be opened there, (b"", 0) for what is no regular file (opened without
    blocking: a pipe put in its place never waits)."""
    try:
        handle = os.open(entry, READ_FLAGS)
    except OSError:
        return b"", -1
    try:
        info = os.fstat(handle)
        if stat.S_ISREG(info.st_mode):
            return os.read(handle, 128), info.st_size
    except OSError:
        pass
    finally:
        os.close(handle)
    return b"", 0


def _strip_entry(key: PictureKey, width: int, height: int, top: int, bottom: int) -> str:
    return f"{key.digest}.{width}x{height}.{top}-{bottom}{STRIP_SUFFIX}"


def strip_rows(
    key: PictureKey, width: int, height: int, top: int, bottom: int, folder: Path | None = None
) -> QImage | None:
    """Rows ``top`` to ``bottom`` (excluded) of the picture ``key`` names, decoded at
    ``width`` × ``height``, from a strip an earlier print kept that holds them, or None.
    A strip is checked as a copy is (a regular file, its kind by content, its header
    exactly m3desk's and naming the same size and rows as its file name, its size to the
    byte); one that does not pass is removed."""
    folder = copies_folder() if folder is None else folder
    if folder is None:
        return None
    prefix = f"{key.digest}.{width}x{height}."
    try:
        names = [item.name for item in os.scandir(folder) if item.name.startswith(prefix)]
    except OSError:
        return None
    held = []
    for name in names:
        found = _STRIP_NAME.fullmatch(name[len(prefix) :])
        if found is not None:
            first, last = int(found.group(1)), int(found.group(2))
            if first <= top and bottom <= last:
                held.append((last - first, first, last, name))
    for _rows, first, last, name in sorted(held):
        entry = folder / name
        head, size = _head(entry)
        try:
            offset = _checked_strip_header(head, name, size, (width, height, first, last))
            image = CopyRows(entry, width, last - first, 1.0, offset).rows(
                top - first, bottom - first
            )
        except ValueError:
            with contextlib.suppress(OSError):
                entry.unlink()
            continue
        with contextlib.suppress(OSError):
            os.utime(entry)
        return image
    return None


def _checked_strip_header(
    head: bytes, name: str, size: int, expected: tuple[int, int, int, int]
) -> int:
    """Where a strip's pixels start, or ValueError: the kind by content, the header
    exactly as m3desk writes it, naming the picture's size and rows ``expected`` (width,
    height, first row, row after the last), the file's ``size`` exact to the byte."""
    if picture_kind(head[:64]) != "ppm" or size > MAX_FILE_BYTES:
        raise ValueError(f"{name} is not a strip m3desk wrote (not a PPM file).")
    found = _STRIP_HEADER.match(head, 0, 128)
    if found is None:
        raise ValueError(f"{name} is not a strip m3desk wrote (its header).")
    width, height, first, last, columns, rows = (int(group) for group in found.groups())
    if (width, height, first, last) != expected or (columns, rows) != (width, last - first):
        raise ValueError(f"{name} is not a strip m3desk wrote (its size).")
    if not 0 <= first < last <= height or size != found.end() + columns * rows * 3:
        raise ValueError(f"{name} is not a strip m3desk wrote (its size).")
    return found.end()


def store_strip(
    key: PictureKey,
    size: tuple[int, int],
    top: int,
    image: QImage,
    path: str,
    folder: Path | None = None,
) -> Path | None:
    """Keep ``image``, rows ``top`` onwards of the picture ``key`` names decoded at
    ``size``, as a strip the next print of the same part reads instead of decoding the
    picture again, if the picture has not changed while it was read; the copies beyond
    the budget are removed. Returns the strip written, or None (nothing is said: a cache
    that cannot be written only costs the next print its time)."""
    folder = copies_folder() if folder is None else folder
    width, height = size
    bottom = top + image.height()
    if folder is None or image.width() != width or not 0 <= top < bottom <= height:
        return None
    if width * image.height() * 3 > MAX_FILE_BYTES or key_of(path) != key:
        return None
    entry = folder / _strip_entry(key, width, height, top, bottom)
    header = f"P6\n# m3desk-strip of={width}x{height} rows={top}-{bottom}\n"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        _write_rgb(entry, image, f"{header}{width} {image.height()}\n255\n".encode())
    except OSError:
        return None
    evict(folder, keep=entry)
    return entry


def _checked_header(
    head: bytes, name: str, max_side: int, size: int
) -> tuple[float, int, int, int]:
    """Shrink, width, height and where the pixels start, of a copy's first bytes, or
    ValueError: the kind by content, the header exactly as m3desk writes it, the size
    (``size``, the file's) width × height × 3 to the byte and within the file budget."""
    if picture_kind(head[:64]) != "ppm" or size > MAX_FILE_BYTES:
        raise ValueError(f"{name} is not a copy m3desk wrote (not a PPM file).")
    found = _HEADER.match(head, 0, 128)
    if found is None:
        raise ValueError(f"{name} is not a copy m3desk wrote (its header).")
    shrink = float(found.group(1))
    width, height = int(found.group(2)), int(found.group(3))
    if not (math.isfinite(shrink) and 0.0 < shrink <= 1.0) or not (width and height):
        raise ValueError(f"{name} is not a copy m3desk wrote (an impossible size).")
    if max(width, height) > max_side or size != found.end() + width * height * 3:
        raise ValueError(f"{name} is not a copy m3desk wrote (its size).")
    return shrink, width, height, found.end()


def worth_copying(read: ReadPicture, key: PictureKey) -> bool:
    """A raster picture, opaque, shrunk on reading or from a large file, read at the
    window's size (a JPEG read smaller for a page is no copy the window could use)."""
    if read.reduced or read.kind not in ("png", "jpeg", "webp") or read.image.hasAlphaChannel():
        return False
    return read.shrink < 1.0 or key.size >= COPY_FROM_BYTES


def _write_ppm(entry: Path, read: ReadPicture) -> None:
    """Write ``read`` as a copy at ``entry``, atomically. Raises OSError."""
    width, height = read.image.width(), read.image.height()
    header = f"P6\n# m3desk-copy shrink={read.shrink!r}\n{width} {height}\n255\n"
    _write_rgb(entry, read.image, header.encode())


def _write_rgb(entry: Path, image: QImage, header: bytes) -> None:
    """Write ``header`` and ``image``'s RGB rows at ``entry``, atomically: a temporary file
    in the same folder, written from the image's own rows (no copy of them joined in
    memory), flushed to disk, then renamed over. Raises OSError."""
    rgb = image.convertToFormat(QImage.Format.Format_RGB888)
    width, height = rgb.width(), rgb.height()
    line = rgb.bytesPerLine()
    pixels = memoryview(rgb.constBits()).cast("B")
    temp = entry.with_name(f".{entry.name}.{os.getpid()}.{os.urandom(4).hex()}.tmp")
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    handle = os.open(temp, flags, 0o666)
    try:
        _write_all(handle, memoryview(header))
        if line == width * 3:
            _write_all(handle, pixels[: line * height])
        else:  # rows padded to four bytes: each row's pixels alone
            for row in range(height):
                _write_all(handle, pixels[row * line : row * line + width * 3])
        os.fsync(handle)
        os.close(handle)
        handle = -1
        os.replace(temp, entry)
    except BaseException:
        if handle >= 0:
            os.close(handle)
        with contextlib.suppress(OSError):
            temp.unlink()
        raise
    finally:
        pixels.release()


def _write_all(handle: int, data: memoryview) -> None:
    while data:
        data = data[os.write(handle, data) :]


def store_copy(
    key: PictureKey, read: ReadPicture, path: str, folder: Path | None = None
) -> Path | None:
    """Keep ``read`` as the copy of the picture ``key`` names, if it is worth copying and
    the picture has not changed while it was read; the copies beyond the budget are
    removed. Returns the copy written, or None. A cache that cannot be written (a full
    disk, a read-only folder) only costs the next read its time: nothing is said."""
    folder = copies_folder() if folder is None else folder
    if folder is None or not worth_copying(read, key) or key_of(path) != key:
        return None
    entry = _entry(key, folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        _write_ppm(entry, read)
    except OSError:
        return None
    _drop_strips(key, folder)  # printing reads the copy from now on
    evict(folder, keep=entry)
    return entry


def _drop_strips(key: PictureKey, folder: Path) -> None:
    with contextlib.suppress(OSError):
        for item in os.scandir(folder):
            if item.name.startswith(f"{key.digest}.") and item.name.endswith(STRIP_SUFFIX):
                with contextlib.suppress(OSError):
                    os.unlink(item.path)


def evict(folder: Path, *, keep: Path | None = None, budget: int = MAX_CACHE_BYTES) -> None:
    """Remove the copies used longest ago until the folder holds at most ``budget`` bytes
    (``keep``, the copy just written, stays whatever its size)."""
    try:
        entries = [
            (info.st_mtime_ns, info.st_size, Path(item.path))
            for item in os.scandir(folder)
            if item.name.endswith((SUFFIX, STRIP_SUFFIX, ".tmp"))
            and item.is_file(follow_symlinks=False)
            for info in (item.stat(follow_symlinks=False),)
        ]
    except OSError:
        return
    total = sum(size for _when, size, _path in entries)
    for _when, size, entry in sorted(entries):
        if total <= budget:
            break
        if keep is not None and entry == keep:
            continue
        with contextlib.suppress(OSError):
            entry.unlink()
            total -= size
