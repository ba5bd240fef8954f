"""The storage layer's exceptions, and the plain words it uses for OS errors.

Every failure the UI has to show a person is a :class:`StorageError` carrying a
finished, user-facing :attr:`StorageError.message` and the file it concerns, so
the Qt layer can put it in a dialog without knowing anything about errno codes,
JSON or pydantic.
"""

from __future__ import annotations

import errno
from pathlib import Path

__all__ = [
    "DocumentLoadError",
    "NewerVersionError",
    "SaveError",
    "StorageError",
    "describe_os_error",
]


class StorageError(Exception):
    """Base of every error the storage layer reports to the user.

    ``message`` is complete and readable on its own (it already names the file);
    ``path`` is kept separately so the UI can offer "show in folder" or similar.
    """

    def __init__(self, message: str, path: Path | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.path = path

    def __str__(self) -> str:
        return self.message


class DocumentLoadError(StorageError):
    """A file could not be opened as an m3desk document.

    This is the only exception the document loader raises for bad input, so
    callers can catch exactly this and be sure nothing else escapes.
    """


class NewerVersionError(DocumentLoadError):
    """The file was written by a newer m3desk than this one.

    Kept as its own type because the right reaction differs from corruption:
    the file is probably fine and must be neither opened nor overwritten.
    """

    def __init__(
        self, message: str, path: Path | None = None, *, found_version: int, supported_version: int
    ) -> None:
        super().__init__(message, path)
        self.found_version = found_version
        self.supported_version = supported_version


class SaveError(StorageError):
    """Writing a file failed; the previous version of the file is untouched."""


_PLAIN_REASONS: dict[int, str] = {
    errno.ENOSPC: "the disk is full",
    errno.EACCES: "permission denied",
    errno.EPERM: "permission denied",
    errno.EROFS: "the disk or folder is read-only",
    errno.ENOENT: "the file or its folder does not exist",
    errno.EISDIR: "it is a folder, not a file",
    errno.ENOTDIR: "a part of the path is not a folder",
    errno.ENAMETOOLONG: "the file name is too long",
    errno.EMFILE: "too many files are open",
}
if hasattr(errno, "EDQUOT"):
    _PLAIN_REASONS[errno.EDQUOT] = "the disk quota is exceeded"


def describe_os_error(exc: OSError) -> str:
    """Return the cause of ``exc`` in plain words, for a sentence like "...: <cause>".

    People understand "the disk is full" better than "[Errno 28] No space left
    on device"; for codes we have no wording for, the OS's own text is used.
    """
    if exc.errno is not None and exc.errno in _PLAIN_REASONS:
        return _PLAIN_REASONS[exc.errno]
    if exc.strerror:
        return exc.strerror[:1].lower() + exc.strerror[1:]
    text = str(exc)
    return text if text else type(exc).__name__
