"""Crash-safe file replacement.

A save must never leave a half-written file: the new bytes go to a temporary
file in the same folder (same filesystem, so the rename is atomic), are forced
to disk with ``fsync`` and only then renamed over the target with
``os.replace``. If anything fails the temporary file is removed and the old
file is exactly as it was. This is the pure-Python twin of ``QSaveFile``
(see Picard's ``atomic_write``), usable without Qt and from tests.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import secrets
import stat
import sys
import time
from pathlib import Path

from m3desk.storage.errors import SaveError, describe_os_error

__all__ = ["atomic_write_bytes", "clean_stale_temps"]

_NEW_FILE_MODE = 0o666  # narrowed by the umask, like any newly created file
_CREATE_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)


def _existing_mode(target: Path) -> int | None:
    """Permission bits of the file being replaced, or None for a new file."""
    try:
        return stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        return None


def _create_temp(target: Path) -> tuple[int, Path]:
    """Create a unique hidden temp file next to ``target`` and open it for writing.

    Hidden (leading dot) and suffixed ``.tmp`` so a leftover from a power cut is
    recognisable and never mistaken for a document by the file dialog.
    """
    for _attempt in range(100):
        temp = target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp")
        try:
            return os.open(temp, _CREATE_FLAGS, _NEW_FILE_MODE), temp
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "could not create a unique temporary file")


def _fsync_directory(folder: Path) -> None:
    """Make the rename itself durable (ext4/XFS); best effort, never fails.

    Windows cannot open a directory this way and does not need it.
    """
    if sys.platform == "win32":
        return
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def atomic_write_bytes(
    path: str | os.PathLike[str], data: bytes, *, mode: int | None = None, durable: bool = True
) -> None:
    """Replace the file at ``path`` with ``data``, all or nothing.

    A symlink is followed so that saving through a link updates the linked
    file instead of replacing the link with a plain file. The permission bits
    of an existing file are kept (a private sheet stays private); ``mode`` sets
    them instead (``0o600`` for the app's private recovery copies and locks).

    ``durable=False`` skips waiting for the disk (``fsync``): for files that mean nothing
    after a power cut (a session's lock), whose write then costs no disk round trip at
    start-up. The replacement is still all or nothing for every reader.

    Raises :class:`SaveError` naming the file and the cause in plain words; in
    that case the original file is byte-identical and no temp file remains.
    """
    shown = Path(path)
    target = Path(os.path.realpath(path))
    temp: Path | None = None
    replaced = False
    try:
        if mode is None:
            mode = _existing_mode(target)
        fd, temp = _create_temp(target)
        with os.fdopen(fd, "wb") as stream:
            if mode is not None:
                os.chmod(temp, mode)
            stream.write(data)
            stream.flush()
            if durable:
                os.fsync(stream.fileno())
        os.replace(temp, target)
        replaced = True
    except OSError as exc:
        raise SaveError(f"Could not save “{shown}”: {describe_os_error(exc)}.", shown) from exc
    finally:
        if temp is not None and not replaced:
            with contextlib.suppress(OSError):
                os.unlink(temp)
    if durable:
        _fsync_directory(target.parent)


_TEMP_NAME = re.compile(r"^\..+\.[0-9a-f]{8}\.tmp$")
STALE_TEMP_SECONDS = 3600
"""A temporary file of ours this old is a leftover of a crash, never a save in progress."""


def clean_stale_temps(folder: Path, *, older_than: float = STALE_TEMP_SECONDS) -> int:
    """Delete this app's own leftover temporary files in ``folder``; how many went.

    Only names of :func:`atomic_write_bytes`' pattern (``.name.1a2b3c4d.tmp``), only regular
    files, only those untouched for ``older_than`` seconds. Never raises.
    """
    removed = 0
    now = time.time()
    try:
        names = os.listdir(folder)
    except OSError:
        return 0
    for name in names:
        if not _TEMP_NAME.match(name):
            continue
        candidate = folder / name
        with contextlib.suppress(OSError):
            info = os.lstat(candidate)
            if stat.S_ISREG(info.st_mode) and now - info.st_mtime > older_than:
                os.unlink(candidate)
                removed += 1
    return removed
