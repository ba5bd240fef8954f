"""Versioned JSON documents: the file format of characters, monsters and encounters.

A document file is a small JSON envelope around the model's JSON dump::

    {"format": "m3desk.character", "system": "monsters_and_magic", "schema_version": 2,
     "app_version": "0.2.0", "document": {...}}

``format`` says what the file is regardless of its name, ``system`` which game it
belongs to (files written before m3desk knew several games name none), ``schema_version`` is
the version of *the format* (not of the app) and drives migrations, and
``app_version`` is only informational, for bug reports.

Loading follows a fixed order so that every kind of bad input fails early with
one readable :class:`DocumentLoadError`: size cap -> UTF-8 -> nesting scan ->
JSON -> envelope -> version check -> migrations -> pydantic validation.
Files from a newer m3desk are refused with :class:`NewerVersionError` and are
never overwritten.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError
from pydantic_core import PydanticSerializationError

from m3desk import __version__
from m3desk.storage.atomic import atomic_write_bytes
from m3desk.storage.errors import DocumentLoadError, NewerVersionError, SaveError
from m3desk.storage.migrations import run_migrations
from m3desk.storage.registry import DocumentRegistry, DocumentType, Migration
from m3desk.storage.safejson import (
    MAX_NESTING,
    decode_json_bytes,
    describe_exception,
    load_error,
    read_file_capped,
)
from m3desk.storage.validation import summarize_validation_error

__all__ = [
    "MAX_DOCUMENT_BYTES",
    "MAX_NESTING",
    "DocumentRegistry",
    "DocumentType",
    "LoadedDocument",
    "Migration",
    "dump_document_bytes",
    "load_document",
    "load_document_bytes",
    "save_document",
]

MAX_DOCUMENT_BYTES = 32 * 1024 * 1024
"""Real documents are a few KB; anything above this is refused before reading."""

_SHOWN_VALUE_CHARS = 60
_PLAUSIBLE_APP_VERSION = re.compile(r"[0-9A-Za-z.+-]{1,32}")


@dataclass(frozen=True)
class LoadedDocument:
    """A successfully opened document.

    ``migrated_from`` is the old schema version when the file was upgraded on
    load, so the UI can mark the document modified and keep a backup of the
    original before the first save in the new format. ``path`` is None for
    documents loaded from bytes.
    """

    doc_type: DocumentType[Any]
    model: BaseModel
    path: Path | None
    migrated_from: int | None
    repairs: tuple[str, ...] = ()
    """What was mended on load (a cross-reference naming nothing), for the user to read."""


def _shown(value: object) -> str:
    """A short, safe rendering of an untrusted value for an error message."""
    text = repr(value)
    return text if len(text) <= _SHOWN_VALUE_CHARS else text[:_SHOWN_VALUE_CHARS] + "…"


def _json_kind(value: object) -> str:
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str):
        return "a text"
    if isinstance(value, bool) or value is None:
        return "a single value"
    return "a number" if isinstance(value, int | float) else "something else"


def _read_envelope(
    raw: object, registry: DocumentRegistry, source: str, path: Path | None
) -> tuple[dict[str, Any], DocumentType[Any]]:
    """Check the envelope shape and identify the document type from its ``format``."""
    if not isinstance(raw, dict):
        raise load_error(
            source,
            path,
            f"it is not an m3desk document (it holds {_json_kind(raw)}, not an m3desk envelope).",
        )
    format_id = raw.get("format")
    if not isinstance(format_id, str):
        raise load_error(source, path, "it is not an m3desk document (it has no “format” entry).")
    system = raw.get("system")
    if system is not None and not isinstance(system, str):
        raise load_error(source, path, "it names its game system in a way m3desk cannot read.")
    doc_type = registry.by_format(format_id, system)
    if doc_type is None and system is not None and registry.knows_format(format_id):
        raise load_error(
            source,
            path,
            f"it is a file of a game system this version of m3desk does not have "
            f"({_shown(system)}).",
        )
    if doc_type is None:
        if format_id.startswith("m3desk."):
            reason = (
                f"it is an m3desk file of a kind this version does not know ({_shown(format_id)})."
            )
        else:
            reason = f"it is not an m3desk document (unknown format {_shown(format_id)})."
        raise load_error(source, path, reason)
    return raw, doc_type


def _schema_version(
    envelope: dict[str, Any], doc_type: DocumentType[Any], source: str, path: Path | None
) -> int:
    """Read and check ``schema_version``; refuse files from a newer m3desk."""
    if "schema_version" not in envelope:
        raise load_error(source, path, f"the {doc_type.label} file has no format version.")
    version = envelope["schema_version"]
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise load_error(
            source,
            path,
            f"the {doc_type.label} file's format version {_shown(version)} "
            "is not a positive whole number.",
        )
    if version > doc_type.schema_version:
        writer = envelope.get("app_version")
        by = (
            f"m3desk {writer}, "
            if isinstance(writer, str) and _PLAUSIBLE_APP_VERSION.fullmatch(writer)
            else ""
        )
        raise NewerVersionError(
            f"Could not open “{source}”: it was written by a newer m3desk ({by}"
            f"{doc_type.label} format version {version}). This version of m3desk "
            f"reads up to format version {doc_type.schema_version}. The file will not be "
            "opened, and it will not be overwritten; update m3desk to open it.",
            path,
            found_version=version,
            supported_version=doc_type.schema_version,
        )
    return version


def _validate(doc_type: DocumentType[Any], body: dict[str, Any]) -> BaseModel:
    """Validate strictly as JSON; text JSON itself cannot carry (a lone surrogate, which
    old files may hold) is validated from the decoded values instead."""
    model: type[BaseModel] = doc_type.model
    try:
        return model.model_validate_json(json.dumps(body), strict=True)
    except ValidationError as exc:
        if not any(error["type"] == "json_invalid" for error in exc.errors()):
            raise
    return model.model_validate(body)


_HEADER_FORMAT = re.compile(rb'"format"\s*:\s*"(m3desk\.[A-Za-z0-9_.-]{1,40})"')
_HEADER_VERSION = re.compile(rb'"schema_version"\s*:\s*(\d{1,9})')


def _sniffed_header(data: bytes) -> dict[str, Any]:
    """The envelope's format and version read from the raw bytes, for a file whose body
    does not parse (a newer m3desk may write what this one cannot read)."""
    head = data[:4096]
    found: dict[str, Any] = {}
    format_match, version_match = _HEADER_FORMAT.search(head), _HEADER_VERSION.search(head)
    if format_match:
        found["format"] = format_match.group(1).decode("ascii")
    if version_match:
        found["schema_version"] = int(version_match.group(1))
    return found


def _refuse_if_newer(
    envelope: dict[str, Any], registry: DocumentRegistry, source: str, path: Path | None
) -> None:
    """A file of a known format with a version past every one this m3desk reads is from a
    newer m3desk, whatever else is wrong with it: say so, and never overwrite it."""
    format_id, version = envelope.get("format"), envelope.get("schema_version")
    if not isinstance(format_id, str) or isinstance(version, bool) or not isinstance(version, int):
        return
    known = [t for t in registry if t.format_id == format_id]
    if not known:
        return
    newest = max(t.schema_version for t in known)
    if version > newest:
        label = known[0].label
        writer = envelope.get("app_version")
        by = (
            f"m3desk {writer}, "
            if isinstance(writer, str) and _PLAUSIBLE_APP_VERSION.fullmatch(writer)
            else ""
        )
        raise NewerVersionError(
            f"Could not open “{source}”: it was written by a newer m3desk ({by}{label} format "
            f"version {version}). This version of m3desk reads up to format version {newest}. "
            "The file will not be opened, and it will not be overwritten; update m3desk to "
            "open it.",
            path,
            found_version=version,
            supported_version=newest,
        )


def _decode_document(
    data: bytes, registry: DocumentRegistry, *, source: str, path: Path | None
) -> LoadedDocument:
    try:
        raw = decode_json_bytes(data, source=source, path=path, limit=MAX_DOCUMENT_BYTES)
    except DocumentLoadError:
        _refuse_if_newer(_sniffed_header(data), registry, source, path)
        raise
    if isinstance(raw, dict):
        _refuse_if_newer(raw, registry, source, path)
    envelope, doc_type = _read_envelope(raw, registry, source, path)
    version = _schema_version(envelope, doc_type, source, path)
    body = envelope.get("document")
    if not isinstance(body, dict):
        problem = "has no document data" if body is None else "has document data of the wrong kind"
        raise load_error(source, path, f"the {doc_type.label} file {problem}.")
    if version < doc_type.schema_version:
        body = run_migrations(
            body,
            from_version=version,
            to_version=doc_type.schema_version,
            migrations=doc_type.migrations,
            label=doc_type.label,
            source=source,
            path=path,
        )
    try:
        # Strict JSON validation: the file's values are taken as the JSON types they are
        # (``true`` is not the number 1, "3" is not 3), as the file's author wrote them.
        model = _validate(doc_type, body)
    except ValidationError as exc:
        details = "\n".join(f"  {line}" for line in summarize_validation_error(exc))
        raise load_error(
            source, path, f"it is not a valid {doc_type.label} file:\n{details}"
        ) from exc
    except RecursionError as exc:
        raise load_error(source, path, "it is nested too deeply.") from exc
    except Exception as exc:  # a model validator failing in an unexpected way
        raise load_error(
            source, path, f"the {doc_type.label} could not be read ({describe_exception(exc)})."
        ) from exc
    repairs: tuple[str, ...] = ()
    repair = getattr(model, "repaired", None)
    if callable(repair):
        try:
            model, repairs = repair()
        except Exception as exc:  # a repair that itself fails: refuse, never a traceback
            raise load_error(
                source,
                path,
                f"the {doc_type.label} could not be checked ({describe_exception(exc)}).",
            ) from exc
    return LoadedDocument(
        doc_type=doc_type,
        model=model,
        path=path,
        migrated_from=version if version < doc_type.schema_version else None,
        repairs=repairs,
    )


def load_document(path: str | os.PathLike[str], registry: DocumentRegistry) -> LoadedDocument:
    """Open the document file at ``path``.

    Raises only :class:`DocumentLoadError` (or its subclass
    :class:`NewerVersionError`), with a message naming the file; the file itself
    is never modified.
    """
    file_path = Path(path)
    data = read_file_capped(file_path, MAX_DOCUMENT_BYTES)
    return _decode_document(data, registry, source=str(file_path), path=file_path)


def load_document_bytes(data: bytes, registry: DocumentRegistry, *, source: str) -> LoadedDocument:
    """Open a document held in memory (a recovery snapshot, a drop, the clipboard).

    ``source`` names the data in messages. Same guarantees as :func:`load_document`.
    """
    return _decode_document(data, registry, source=source, path=None)


def _encode(doc_type: DocumentType[Any], model: BaseModel, target: Path | None) -> bytes:
    """Serialise ``model`` in its envelope; failures become SaveError naming ``target``."""
    if not isinstance(model, doc_type.model):
        raise TypeError(
            f"expected a {doc_type.model.__name__} for a {doc_type.label} file, "
            f"got {type(model).__name__}"
        )
    where = f"“{target}”" if target is not None else f"the {doc_type.label}"
    try:
        envelope: dict[str, Any] = {"format": doc_type.format_id}
        if doc_type.system:
            envelope["system"] = doc_type.system
        envelope |= {
            "schema_version": doc_type.schema_version,
            "app_version": __version__,
            "document": model.model_dump(mode="json"),
        }
        try:
            text = json.dumps(envelope, indent=2, ensure_ascii=False, allow_nan=False)
            return (text + "\n").encode("utf-8")
        except UnicodeEncodeError:
            # A lone surrogate in some text cannot be UTF-8; escaped JSON still can.
            text = json.dumps(envelope, indent=2, ensure_ascii=True, allow_nan=False)
            return (text + "\n").encode("ascii")
    except (ValueError, PydanticSerializationError) as exc:
        raise SaveError(
            f"Could not save {where}: it contains a value that cannot be written "
            f"to a file ({exc}).",
            target,
        ) from exc


def dump_document_bytes(doc_type: DocumentType[Any], model: BaseModel) -> bytes:
    """The exact bytes :func:`save_document` writes: UTF-8, indent 2, final newline.

    Keys come out in a stable order (envelope first, then the model's field
    order), so saving an unchanged document gives identical bytes and diffs of
    shared files stay small. Dict *contents* keep their order because, for some
    fields, order is data (e.g. the turn order of an encounter).
    """
    return _encode(doc_type, model, None)


def _newer_version_on_disk(path: Path, doc_type: DocumentType[Any]) -> int | None:
    """The schema version of an existing file of this format, if it is newer than ours."""
    try:
        data = read_file_capped(path, MAX_DOCUMENT_BYTES)
    except DocumentLoadError:
        return None  # missing or unreadable: nothing of value to protect here
    raw: object
    try:
        raw = decode_json_bytes(data, source=str(path), path=path, limit=MAX_DOCUMENT_BYTES)
    except DocumentLoadError:
        raw = _sniffed_header(data)  # a newer m3desk's file need not parse as ours
    if not isinstance(raw, dict) or raw.get("format") != doc_type.format_id:
        return None
    version = raw.get("schema_version")
    newer = (
        isinstance(version, int)
        and not isinstance(version, bool)
        and version > doc_type.schema_version
    )
    return version if newer else None


def save_document(
    path: str | os.PathLike[str], doc_type: DocumentType[Any], model: BaseModel
) -> None:
    """Write ``model`` to ``path`` atomically (see :func:`atomic_write_bytes`).

    Refuses to replace a file of the same format written by a newer m3desk
    (e.g. via "Save As"), because this version would silently drop whatever
    the newer format added. Raises :class:`SaveError`; the old file is intact.
    """
    target = Path(path)
    data = _encode(doc_type, model, target)
    if len(data) > MAX_DOCUMENT_BYTES:
        # What m3desk writes, m3desk opens: a file past the reading limit is not written.
        raise SaveError(
            f"Could not save “{target}”: it would be {len(data) / 1e6:.0f} MB, more than the "
            f"{MAX_DOCUMENT_BYTES // (1024 * 1024)} MB an m3desk file may hold. Remove some "
            "portraits or combatants, or split the encounter.",
            target,
        )
    newer = _newer_version_on_disk(target, doc_type)
    if newer is not None:
        raise SaveError(
            f"Could not save “{target}”: that file was written by a newer m3desk "
            f"({doc_type.label} format version {newer}; this version writes "
            f"{doc_type.schema_version}) and saving would destroy what it added. "
            "Save under another name.",
            target,
        )
    atomic_write_bytes(target, data)
