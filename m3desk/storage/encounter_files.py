"""Encounter files (``.m3e``): the roster, positions, rounds and log of one fight, any system."""

from __future__ import annotations

import os

from pydantic import BaseModel

from m3desk.storage import catalog
from m3desk.storage.documents import (
    LoadedDocument,
    dump_document_bytes,
    load_document,
    save_document,
)

ENCOUNTER_FILTER = "m3desk encounters (*.m3e);;All files (*)"
ENCOUNTER_KIND = "encounter"
ENCOUNTER_EXTENSION = ".m3e"


def load_encounter(path: str | os.PathLike[str]) -> LoadedDocument:
    """Open an encounter file; raises only ``DocumentLoadError``."""
    return load_document(path, catalog.encounters())


def encounter_bytes(encounter: BaseModel) -> bytes:
    return dump_document_bytes(catalog.document_type(type(encounter)), encounter)


def save_encounter(path: str | os.PathLike[str], encounter: BaseModel) -> None:
    """Write atomically; raises ``SaveError`` and leaves the old file intact on failure."""
    save_document(path, catalog.document_type(type(encounter)), encounter)
