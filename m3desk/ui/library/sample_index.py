"""The bundled samples' library rows, kept in resources/samples/index.json.

Reading every sample through its game's models at start-up would load every game's package
before the first window shows (about 100 ms for four games). The samples ship with the app
and are checked by the tests, so their rows are written once into an index; at start-up a
sample whose bytes still match its index entry (SHA-256) is listed from the index, and any
other is read in full as before. ``python -m m3desk.ui.library.sample_index`` rewrites it; a
test fails when the index no longer matches the samples.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from m3desk.ui.library.entries import LibraryEntry, read_entry

__all__ = ["INDEX_NAME", "build_index", "index_path", "scan_samples"]

INDEX_NAME = "index.json"


def index_path() -> Path:
    from m3desk.assets import resource_path

    return resource_path("samples", INDEX_NAME)


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _key(path: Path) -> str:
    return f"{path.parent.name}/{path.name}"


def build_index(samples: Sequence[Path]) -> dict[str, Any]:
    """Every sample's row, read in full through its game's models."""
    rows = {}
    for path in samples:
        entry = read_entry(path, is_sample=True)
        if entry.broken:
            raise ValueError(f"the sample {path.name} does not open: {entry.error}")
        rows[_key(path)] = {
            "sha256": _digest(path.read_bytes()),
            "kind": entry.kind,
            "name": entry.name,
            "ancestry": entry.ancestry,
            "calling": entry.calling,
            "level": entry.level,
            "armour_class": entry.armour_class,
            "system": entry.system,
        }
    return {"format": "m3desk.sample-index", "version": 2, "samples": rows}


def _load_index() -> dict[str, Any]:
    try:
        data = json.loads(index_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    rows = data.get("samples") if isinstance(data, dict) else None
    return rows if isinstance(rows, dict) else {}


def scan_samples(samples: Sequence[Path]) -> list[LibraryEntry]:
    """Rows for the bundled samples: from the index where the file is unchanged."""
    rows = _load_index()
    entries = []
    for path in samples:
        row = rows.get(_key(path))
        try:
            data = path.read_bytes()
        except OSError:
            data = b""
        if isinstance(row, dict) and data and row.get("sha256") == _digest(data):
            try:
                entries.append(
                    LibraryEntry(
                        path=path,
                        kind=row["kind"],
                        name=str(row["name"]),
                        ancestry=str(row.get("ancestry") or ""),
                        calling=str(row.get("calling") or ""),
                        level=str(row.get("level") or ""),
                        armour_class=str(row.get("armour_class") or ""),
                        is_sample=True,
                        system=str(row.get("system") or ""),
                    )
                )
                continue
            except (KeyError, TypeError):
                pass
        entries.append(read_entry(path, is_sample=True))
    return entries


def main() -> int:
    from m3desk.assets import sample_files

    index = build_index(sample_files())
    index_path().write_text(
        json.dumps(index, indent=1, ensure_ascii=False, sort_keys=True) + "\n", encoding="utf-8"
    )
    print(f"{index_path()}: {len(index['samples'])} samples")
    return 0


if __name__ == "__main__":
    sys.exit(main())
