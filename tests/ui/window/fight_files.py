"""Encounter files of any game, as JSON to mutate the way a hand-edited file would be."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from m3desk.assets import sample_files
from m3desk.storage.encounter_files import encounter_bytes
from m3desk.ui.encounter.new_document import new_encounter_document


def fight_json(game: str, *, everyone: bool = False) -> dict[str, Any]:
    """The envelope of an encounter of ``game``: its first character against its first
    monster (``everyone``: all its samples)."""
    files = sample_files(game)
    if not everyone:
        files = [
            next(p for p in files if p.suffix.endswith("c")),
            next(p for p in files if p.suffix.endswith("m")),
        ]
    document = new_encounter_document(files, name="Hand-edited")
    raw = json.loads(encounter_bytes(document.encounter))
    document.deleteLater()
    return raw


def write_fight(raw: dict[str, Any], path: Path) -> Path:
    path.write_text(json.dumps(raw, ensure_ascii=False), encoding="utf-8")
    return path
