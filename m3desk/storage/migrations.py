"""Upgrading old documents one schema version at a time.

Each step is a pure function on the raw dict (version n -> n+1), so every step
can be tested on its own with a frozen fixture, and a file several versions
old simply runs through the chain. Steps run on untrusted data, so any
exception they raise becomes a :class:`DocumentLoadError`.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from m3desk.storage.errors import DocumentLoadError
from m3desk.storage.registry import Migration
from m3desk.storage.safejson import describe_exception, load_error

__all__ = ["run_migrations"]


def run_migrations(
    data: dict[str, Any],
    *,
    from_version: int,
    to_version: int,
    migrations: Mapping[int, Migration],
    label: str,
    source: str,
    path: Path | None,
) -> dict[str, Any]:
    """Apply ``migrations[from_version]``, ``[from_version + 1]``... up to ``to_version``.

    A missing step is reported rather than skipped: silently validating a v1
    dict against the v3 model would lose data without telling anyone.
    """
    current = data
    for version in range(from_version, to_version):
        step = migrations.get(version)
        if step is None:
            raise load_error(
                source,
                path,
                f"this {label} file uses format version {version} and there is "
                f"no migration from version {version} to {version + 1}.",
            )
        try:
            upgraded = step(current)
        except DocumentLoadError:
            raise
        except Exception as exc:
            raise load_error(
                source,
                path,
                f"the {label} could not be upgraded from format version {version} to "
                f"{version + 1} ({describe_exception(exc)}).",
            ) from exc
        if not isinstance(upgraded, dict):
            raise load_error(
                source,
                path,
                f"upgrading the {label} from format version {version} did not produce a document.",
            )
        current = upgraded
    return current
