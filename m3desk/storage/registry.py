"""Which kinds of documents m3desk can read, and how each is versioned.

The storage layer knows nothing about characters or monsters; the game
package describes each document kind once as a :class:`DocumentType` (its
pydantic model, file extension, current schema version and the migrations
from older versions) and registers it. The loader then recognises a file by
the ``format`` id in its envelope, not by its name.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import PurePath
from types import MappingProxyType
from typing import Any, Generic, TypeVar

from pydantic import BaseModel

__all__ = ["DocumentRegistry", "DocumentType", "Migration"]

ModelT = TypeVar("ModelT", bound=BaseModel)

Migration = Callable[[dict[str, Any]], dict[str, Any]]
"""Upgrades a raw document dict by exactly one schema version (n -> n+1).

Migrations work on plain dicts, before validation, because the model of the
old version no longer exists in the code.
"""


def _normalise_extension(extension: str) -> str:
    ext = extension.strip().lower()
    return ext if ext.startswith(".") else f".{ext}"


@dataclass(frozen=True)
class DocumentType(Generic[ModelT]):
    """Describes one kind of document file (character, monster, encounter...).

    ``migrations[n]`` turns a version-``n`` document dict into version ``n+1``;
    ``schema_version`` is the version this build writes and the newest it reads.
    ``label`` is the word used in messages ("character"); it defaults to ``kind``.
    """

    kind: str
    format_id: str
    extension: str
    model: type[ModelT]
    schema_version: int
    migrations: Mapping[int, Migration] = field(default_factory=dict)
    label: str = ""
    system: str = ""
    """The game system whose file this is; written in the envelope ("" for system-less tests)."""
    accepts_unnamed: bool = False
    """Files whose envelope names no system (all that m3desk 0.1 wrote) are of this type."""

    def __post_init__(self) -> None:
        """Reject inconsistent definitions at import time, not when a user opens a file."""
        if not self.kind or not self.format_id:
            raise ValueError("a document type needs a kind and a format id")
        ext = self.extension
        if not ext.startswith(".") or len(ext) < 2 or any(sep in ext for sep in "/\\"):
            raise ValueError(f"extension must look like '.m3c', got {ext!r}")
        if not (isinstance(self.model, type) and issubclass(self.model, BaseModel)):
            raise TypeError("model must be a pydantic BaseModel subclass")
        version = self.schema_version
        if isinstance(version, bool) or not isinstance(version, int) or version < 1:
            raise ValueError(f"schema_version must be a positive int, got {version!r}")
        for step in self.migrations:
            if isinstance(step, bool) or not isinstance(step, int) or not 1 <= step < version:
                raise ValueError(f"{self.kind}: migration key {step!r} is outside 1..{version - 1}")
        # Freeze the mapping so a registered type cannot change behind the loader's back.
        object.__setattr__(self, "migrations", MappingProxyType(dict(self.migrations)))
        if not self.label:
            object.__setattr__(self, "label", self.kind)


class DocumentRegistry:
    """The document types one application knows, looked up by format id and game system.

    Every game system keeps its characters in ``.m3c`` files with the format id
    ``m3desk.character``; the envelope's ``system`` tells them apart.
    """

    def __init__(self, types: Iterable[DocumentType[Any]] = ()) -> None:
        self._by_format: dict[tuple[str, str], DocumentType[Any]] = {}
        self._by_extension: dict[str, DocumentType[Any]] = {}
        self._unnamed: dict[str, DocumentType[Any]] = {}
        self._by_model: dict[type[BaseModel], DocumentType[Any]] = {}
        for doc_type in types:
            self.register(doc_type)

    def register(self, doc_type: DocumentType[Any]) -> None:
        """Add ``doc_type``; a second type with the same format id and system is a bug."""
        ext = _normalise_extension(doc_type.extension)
        key = (doc_type.format_id, doc_type.system)
        if key in self._by_format:
            raise ValueError(f"format {doc_type.format_id!r} is already registered")
        known = self._by_extension.get(ext)
        if known is not None and known.kind != doc_type.kind:
            raise ValueError(f"extension {ext!r} is already registered")
        self._by_format[key] = doc_type
        self._by_extension.setdefault(ext, doc_type)
        self._by_model.setdefault(doc_type.model, doc_type)
        if doc_type.accepts_unnamed or not doc_type.system:
            self._unnamed.setdefault(doc_type.format_id, doc_type)

    def by_format(self, format_id: str, system: str | None = None) -> DocumentType[Any] | None:
        """The type for an envelope's ``format`` and ``system`` (None: the file names none)."""
        if system is None:
            return self._unnamed.get(format_id)
        return self._by_format.get((format_id, system))

    def knows_format(self, format_id: str) -> bool:
        return any(key[0] == format_id for key in self._by_format)

    def for_model(self, model: type[BaseModel]) -> DocumentType[Any] | None:
        """The type that saves documents of this model class."""
        return self._by_model.get(model)

    def by_extension(self, extension: str) -> DocumentType[Any] | None:
        """A type for ``".m3c"`` (case-insensitive; the dot is optional): the kind of file
        an extension means, whatever its system."""
        return self._by_extension.get(_normalise_extension(extension))

    def for_path(self, path: str | os.PathLike[str]) -> DocumentType[Any] | None:
        """The type a file name suggests, e.g. for file-dialog filters and icons."""
        suffix = PurePath(path).suffix
        return self.by_extension(suffix) if suffix else None

    def __iter__(self) -> Iterator[DocumentType[Any]]:
        return iter(tuple(self._by_format.values()))

    def __len__(self) -> int:
        return len(self._by_format)
