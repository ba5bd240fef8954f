"""The document types of every installed game system, as the storage layer reads and writes them.

Systems describe their files as :class:`~m3desk.core.system.DocumentSpec`; this module turns
those into :class:`~m3desk.storage.registry.DocumentType` entries, once, on first use.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from m3desk.core import registry as systems
from m3desk.storage.registry import DocumentRegistry, DocumentType

__all__ = ["all_documents", "document_type", "documents_of", "encounters", "expeditions", "sheets"]

SHEET_KINDS = ("character", "monster")
ENCOUNTER_KINDS = ("encounter",)
EXPEDITION_KINDS = ("expedition",)


@cache
def _types() -> tuple[DocumentType[Any], ...]:
    return _types_of(tuple(systems.ids()))


@cache
def _types_of(ids: tuple[str, ...]) -> tuple[DocumentType[Any], ...]:
    found: list[DocumentType[Any]] = []
    for system in (systems.get(i) for i in ids):
        for spec in system.documents:
            found.append(
                DocumentType(
                    kind=spec.kind,
                    format_id=spec.format_id,
                    extension=spec.extension,
                    model=spec.model,
                    schema_version=spec.schema_version,
                    migrations=spec.migrations,
                    label=spec.label,
                    system=system.id,
                    accepts_unnamed=system.accepts_unnamed_files,
                )
            )
    return tuple(found)


@cache
def sheets() -> DocumentRegistry:
    """Characters and monsters of every system."""
    return DocumentRegistry(t for t in _types() if t.kind in SHEET_KINDS)


@cache
def encounters() -> DocumentRegistry:
    return DocumentRegistry(t for t in _types() if t.kind in ENCOUNTER_KINDS)


@cache
def expeditions() -> DocumentRegistry:
    """The expeditions of the games that have exploration."""
    return DocumentRegistry(t for t in _types() if t.kind in EXPEDITION_KINDS)


@cache
def all_documents() -> DocumentRegistry:
    return DocumentRegistry(_types())


def documents_of(ids: tuple[str, ...]) -> DocumentRegistry:
    """The document types of these systems alone (an export of one game's files loads no
    other game); :func:`all_documents` when one of them is not installed."""
    if not ids or any(i not in systems.ids() for i in ids):
        return all_documents()
    return DocumentRegistry(_types_of(tuple(sorted(set(ids)))))


def document_type(model: type[Any]) -> DocumentType[Any]:
    """The type that saves documents of this model class (a system's sheet or encounter)."""
    found = all_documents().for_model(model)
    if found is None:
        raise TypeError(f"no game system saves {model.__name__} documents")
    return found


def reset() -> None:
    """Forget the cached registries (after a test registers or removes a system)."""
    for cached in (_types, _types_of, sheets, encounters, expeditions, all_documents):
        cached.cache_clear()
