"""Where files are: the same file under two names, the bundled samples, a free new name.

Kept apart from the session so these rules (which are easy to get subtly wrong: links,
letter case on Windows and macOS) are written once.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

__all__ = ["documents_folder", "free_name_in", "is_sample", "same_file_key", "samples_folder"]

_UNSAFE_FILE_CHARS = re.compile(r'[\\/:*?"<>|\x00-\x1f]+')


def same_file_key(path: Path) -> str:
    """Equal for two paths naming one file (symlinks resolved, case folded where it counts)."""
    return os.path.normcase(os.path.realpath(path))


def samples_folder() -> Path | None:
    """The bundled samples' folder, or None if this installation lacks it."""
    from m3desk.assets import resource_path

    try:
        return resource_path("samples")
    except OSError:
        return None


def is_sample(path: Path) -> bool:
    """True for a bundled sample: those are never written to."""
    folder = samples_folder()
    if folder is None:
        return False
    key = same_file_key(folder)
    return key in (same_file_key(path.parent), same_file_key(path.parent.parent))


def documents_folder() -> Path:
    """The user's documents folder (platformdirs: ~/Documents or its localised name), made
    if the account has none yet; home only when it cannot be made."""
    import platformdirs

    found = Path(platformdirs.user_documents_dir())
    try:
        found.mkdir(parents=True, exist_ok=True)
    except OSError:
        return Path.home()
    return found if found.is_dir() else Path.home()


def _file_stem(name: str) -> str:
    stem = _UNSAFE_FILE_CHARS.sub(" ", name).strip().strip(".")
    return stem or "Untitled"


def free_name_in(folder: Path, name: str, extension: str) -> Path:
    """``folder/name.ext``, or ``name 2.ext`` and so on if taken; ``name`` made file-safe."""
    stem = _file_stem(name)
    candidate = folder / f"{stem}{extension}"
    number = 2
    while candidate.exists():
        candidate = folder / f"{stem} {number}{extension}"
        number += 1
    return candidate
