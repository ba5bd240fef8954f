"""Sheet files: characters (``.m3c``) and monsters (``.m3m``) of every game system.

The generic storage layer knows no game; each system describes its sheet documents once
(model, extension, schema version, migrations) and :mod:`m3desk.storage.catalog` registers
them. This module offers the load/save helpers the UI and the command line use.
"""

from __future__ import annotations

import os
from typing import Any

from pydantic import BaseModel

from m3desk.storage import catalog
from m3desk.storage.documents import (
    LoadedDocument,
    dump_document_bytes,
    load_document,
    save_document,
)
from m3desk.storage.registry import DocumentType

FILE_FILTER = "m3desk sheets (*.m3c *.m3m);;Characters (*.m3c);;Monsters (*.m3m);;All files (*)"


def doc_type_for(sheet: BaseModel) -> DocumentType[Any]:
    return catalog.document_type(type(sheet))


def load_sheet(path: str | os.PathLike[str]) -> LoadedDocument:
    """Open a character or monster file of any system; raises only ``DocumentLoadError``."""
    return load_document(path, catalog.sheets())


def sheet_bytes(sheet: BaseModel) -> bytes:
    return dump_document_bytes(doc_type_for(sheet), sheet)


def save_sheet(path: str | os.PathLike[str], sheet: BaseModel) -> None:
    """Write atomically; raises ``SaveError`` and leaves the old file intact on failure."""
    save_document(path, doc_type_for(sheet), sheet)
