"""The game's sheet files: characters (``.m3c``) and monsters (``.m3m``).

The generic storage layer knows nothing about the game; this module describes the two
sheet document types once (model, extension, schema version, migrations) and offers
load/save helpers the UI and the command line use.
"""

from __future__ import annotations

import os
from typing import Any

from m3desk.rules.sheet import CharacterSheet, MonsterSheet
from m3desk.storage.documents import (
    LoadedDocument,
    dump_document_bytes,
    load_document,
    load_document_bytes,
    save_document,
)
from m3desk.storage.registry import DocumentRegistry, DocumentType

CHARACTER_TYPE: DocumentType[CharacterSheet] = DocumentType(
    kind="character",
    format_id="m3desk.character",
    extension=".m3c",
    model=CharacterSheet,
    schema_version=1,
    label="character",
)
MONSTER_TYPE: DocumentType[MonsterSheet] = DocumentType(
    kind="monster",
    format_id="m3desk.monster",
    extension=".m3m",
    model=MonsterSheet,
    schema_version=1,
    label="monster",
)

SHEET_REGISTRY = DocumentRegistry()
SHEET_REGISTRY.register(CHARACTER_TYPE)
SHEET_REGISTRY.register(MONSTER_TYPE)

FILE_FILTER = "m3desk sheets (*.m3c *.m3m);;Characters (*.m3c);;Monsters (*.m3m);;All files (*)"

Sheet = CharacterSheet | MonsterSheet


def doc_type_for(sheet: Sheet) -> DocumentType[Any]:
    return CHARACTER_TYPE if isinstance(sheet, CharacterSheet) else MONSTER_TYPE


def load_sheet(path: str | os.PathLike[str]) -> LoadedDocument:
    """Open a character or monster file; raises only ``DocumentLoadError``."""
    return load_document(path, SHEET_REGISTRY)


def sheet_from_bytes(data: bytes, *, source: str) -> LoadedDocument:
    return load_document_bytes(data, SHEET_REGISTRY, source=source)


def sheet_bytes(sheet: Sheet) -> bytes:
    return dump_document_bytes(doc_type_for(sheet), sheet)


def save_sheet(path: str | os.PathLike[str], sheet: Sheet) -> None:
    """Write atomically; raises ``SaveError`` and leaves the old file intact on failure."""
    save_document(path, doc_type_for(sheet), sheet)
