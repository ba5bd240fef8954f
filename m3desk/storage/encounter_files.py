"""Encounter files (``.m3e``): the roster, ranges, rounds and log of one fight."""

from __future__ import annotations

import os

from m3desk.rules.encounter import Encounter
from m3desk.storage.documents import (
    LoadedDocument,
    dump_document_bytes,
    load_document,
    save_document,
)
from m3desk.storage.registry import DocumentRegistry, DocumentType

ENCOUNTER_TYPE: DocumentType[Encounter] = DocumentType(
    kind="encounter",
    format_id="m3desk.encounter",
    extension=".m3e",
    model=Encounter,
    schema_version=1,
    label="encounter",
)
ENCOUNTER_REGISTRY = DocumentRegistry()
ENCOUNTER_REGISTRY.register(ENCOUNTER_TYPE)
ENCOUNTER_FILTER = "m3desk encounters (*.m3e);;All files (*)"


def load_encounter(path: str | os.PathLike[str]) -> LoadedDocument:
    """Open an encounter file; raises only ``DocumentLoadError``."""
    return load_document(path, ENCOUNTER_REGISTRY)


def encounter_bytes(encounter: Encounter) -> bytes:
    return dump_document_bytes(ENCOUNTER_TYPE, encounter)


def save_encounter(path: str | os.PathLike[str], encounter: Encounter) -> None:
    """Write atomically; raises ``SaveError`` and leaves the old file intact on failure."""
    save_document(path, ENCOUNTER_TYPE, encounter)
