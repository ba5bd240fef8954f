"""Reading the library folders into one summary row per file: the user's sheets and
encounters, then the bundled samples. Each row is read by :mod:`~m3desk.ui.library.entries`
(the names it defines are importable from here too); the samples come from their index
(:mod:`~m3desk.ui.library.sample_index`).
"""

from __future__ import annotations

import logging
import os
from collections.abc import Sequence
from pathlib import Path

from m3desk.storage.atomic import clean_stale_temps
from m3desk.storage.paths import AppPaths
from m3desk.ui.library.entries import (
    SHEET_SUFFIXES,
    EntryKind,
    LibraryEntry,
    read_entry,
    scan_files,
)
from m3desk.ui.library.file_types import DOCUMENT_SUFFIXES
from m3desk.ui.library.sample_index import scan_samples

__all__ = [
    "SHEET_SUFFIXES",
    "EntryKind",
    "LibraryEntry",
    "library_folders",
    "read_entry",
    "scan_files",
    "scan_library",
]

_log = logging.getLogger(__name__)


def _document_files_in(folder: Path) -> list[Path]:
    """m3desk files directly in ``folder``; hidden files (atomic-save leftovers) are skipped."""
    try:
        with os.scandir(folder) as found:
            names = [
                item.name
                for item in found
                if not item.name.startswith(".")
                and item.is_file()
                and os.path.splitext(item.name)[1].lower() in DOCUMENT_SUFFIXES
            ]
    except OSError:
        return []
    return [folder / name for name in sorted(names)]


def library_folders(paths: AppPaths) -> tuple[Path, ...]:
    """The folders scanned for the user's own files (characters/, monsters/, encounters/)."""
    return paths.characters_dir, paths.monsters_dir, paths.encounters_dir


def scan_library(paths: AppPaths, samples: Sequence[Path] = ()) -> list[LibraryEntry]:
    """The user's characters, monsters and encounters, then the bundled samples.

    A file is listed once even if both folders hold it under a link.
    """
    seen: set[str] = set()
    files: list[Path] = []
    for folder in library_folders(paths):
        clean_stale_temps(folder)  # leftovers of a crash in the middle of a save
        for path in _document_files_in(folder):
            key = os.path.normcase(os.path.realpath(path))
            if key not in seen:
                seen.add(key)
                files.append(path)
    return scan_files(files) + scan_samples(samples)


def bundled_samples() -> list[Path]:
    """The sample party, or nothing if this installation lacks its resources."""
    from m3desk.assets import sample_files

    try:
        return sample_files()
    except OSError as exc:
        _log.warning("sample sheets are missing: %s", exc)
        return []
