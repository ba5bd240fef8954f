"""What a file on disk is right now, to notice when someone else changed it.

Size and modification time are cheap but can repeat (two saves in one clock tick, a copy
that keeps times); the hash of the bytes cannot, so all three are kept.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import NamedTuple

__all__ = ["Fingerprint", "fingerprint"]

_MAX_HASHED = 64 * 1024 * 1024


class Fingerprint(NamedTuple):
    size: int
    modified_ns: int
    digest: str


def fingerprint(path: str | os.PathLike[str]) -> Fingerprint | None:
    """The file's fingerprint, or None when it cannot be read (gone, a folder, no rights)."""
    try:
        info = os.stat(path)
        if info.st_size > _MAX_HASHED:
            return Fingerprint(info.st_size, info.st_mtime_ns, "")
        digest = hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError:
        return None
    return Fingerprint(info.st_size, info.st_mtime_ns, digest)
