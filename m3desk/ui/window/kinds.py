"""The document kinds the window opens, and finding the kind of a file, model or document."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel

from m3desk.storage import catalog
from m3desk.storage.documents import LoadedDocument, load_document
from m3desk.ui.window.document_kind import DocumentKind
from m3desk.ui.window.encounter_kind import EncounterKind
from m3desk.ui.window.expedition_kind import ExpeditionKind
from m3desk.ui.window.sheet_kind import SheetKind

__all__ = [
    "ENCOUNTERS",
    "EXPEDITIONS",
    "KINDS",
    "SHEETS",
    "kind_for_document",
    "kind_for_model",
    "load_any",
]

SHEETS = SheetKind()
ENCOUNTERS = EncounterKind()
EXPEDITIONS = ExpeditionKind()
KINDS: tuple[DocumentKind[Any], ...] = (SHEETS, ENCOUNTERS, EXPEDITIONS)


def load_any(path: Path) -> LoadedDocument:
    """Open any m3desk document; raises only ``DocumentLoadError``."""
    return load_document(path, catalog.all_documents())


def kind_for_model(model: BaseModel) -> DocumentKind[Any]:
    for kind in KINDS:
        if kind.accepts(model):
            return kind
    raise TypeError(f"m3desk cannot open a {type(model).__name__} in a tab")


def kind_for_document(document: object) -> DocumentKind[Any]:
    for kind in KINDS:
        if kind.owns(document):
            return kind
    raise TypeError(f"m3desk cannot show a {type(document).__name__} in a tab")
