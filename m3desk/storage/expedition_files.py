"""Expedition files (``.m3x``): a party, a place, the clock and the referee's log, any game
that has exploration. Read with the same bounds as every document, written atomically."""

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

__all__ = [
    "EXPEDITION_EXTENSION",
    "EXPEDITION_FILTER",
    "EXPEDITION_KIND",
    "expedition_bytes",
    "load_expedition",
    "save_expedition",
]

EXPEDITION_FILTER = "m3desk expeditions (*.m3x);;All files (*)"
EXPEDITION_KIND = "expedition"
EXPEDITION_EXTENSION = ".m3x"


def load_expedition(path: str | os.PathLike[str]) -> LoadedDocument:
    """Open an expedition file; raises only ``DocumentLoadError``."""
    return load_document(path, catalog.expeditions())


def expedition_bytes(expedition: BaseModel) -> bytes:
    return dump_document_bytes(catalog.document_type(type(expedition)), expedition)


def save_expedition(path: str | os.PathLike[str], expedition: BaseModel) -> None:
    """Write atomically; raises ``SaveError`` and leaves the old file intact on failure."""
    save_document(path, catalog.document_type(type(expedition)), expedition)
