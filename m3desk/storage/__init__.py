"""Qt-free storage for m3desk: paths, atomic saves, versioned documents, recovery.

This package never imports PySide6, so it can be tested and reused without a
display; the UI layer sits on top of it (imports point ui -> storage -> rules).

Names are imported on first use, so importing one storage module does not load the
others.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from m3desk.storage.atomic import atomic_write_bytes
    from m3desk.storage.documents import (
        MAX_DOCUMENT_BYTES,
        MAX_NESTING,
        DocumentRegistry,
        DocumentType,
        LoadedDocument,
        Migration,
        dump_document_bytes,
        load_document,
        load_document_bytes,
        save_document,
    )
    from m3desk.storage.errors import DocumentLoadError, NewerVersionError, SaveError, StorageError
    from m3desk.storage.liveness import LockOwner, pid_alive
    from m3desk.storage.locks import ClaimResult, FileLocks, SessionLock
    from m3desk.storage.paths import AppPaths
    from m3desk.storage.recovery import RecoveryEntry, RecoveryStore
    from m3desk.storage.settings import (
        MAX_RECENT_FILES,
        SETTINGS_SCHEMA_VERSION,
        AppSettings,
        load_settings,
        save_settings,
    )

_EXPORTS: dict[str, str] = {
    "AppPaths": "m3desk.storage.paths",
    "AppSettings": "m3desk.storage.settings",
    "ClaimResult": "m3desk.storage.locks",
    "DocumentLoadError": "m3desk.storage.errors",
    "DocumentRegistry": "m3desk.storage.documents",
    "DocumentType": "m3desk.storage.documents",
    "FileLocks": "m3desk.storage.locks",
    "LoadedDocument": "m3desk.storage.documents",
    "LockOwner": "m3desk.storage.liveness",
    "MAX_DOCUMENT_BYTES": "m3desk.storage.documents",
    "MAX_NESTING": "m3desk.storage.documents",
    "MAX_RECENT_FILES": "m3desk.storage.settings",
    "Migration": "m3desk.storage.documents",
    "NewerVersionError": "m3desk.storage.errors",
    "RecoveryEntry": "m3desk.storage.recovery",
    "RecoveryStore": "m3desk.storage.recovery",
    "SETTINGS_SCHEMA_VERSION": "m3desk.storage.settings",
    "SaveError": "m3desk.storage.errors",
    "SessionLock": "m3desk.storage.locks",
    "StorageError": "m3desk.storage.errors",
    "atomic_write_bytes": "m3desk.storage.atomic",
    "dump_document_bytes": "m3desk.storage.documents",
    "load_document": "m3desk.storage.documents",
    "load_document_bytes": "m3desk.storage.documents",
    "load_settings": "m3desk.storage.settings",
    "pid_alive": "m3desk.storage.liveness",
    "save_document": "m3desk.storage.documents",
    "save_settings": "m3desk.storage.settings",
}

__all__ = [
    "MAX_DOCUMENT_BYTES",
    "MAX_NESTING",
    "MAX_RECENT_FILES",
    "SETTINGS_SCHEMA_VERSION",
    "AppPaths",
    "AppSettings",
    "ClaimResult",
    "DocumentLoadError",
    "DocumentRegistry",
    "DocumentType",
    "FileLocks",
    "LoadedDocument",
    "LockOwner",
    "Migration",
    "NewerVersionError",
    "RecoveryEntry",
    "RecoveryStore",
    "SaveError",
    "SessionLock",
    "StorageError",
    "atomic_write_bytes",
    "dump_document_bytes",
    "load_document",
    "load_document_bytes",
    "load_settings",
    "pid_alive",
    "save_document",
    "save_settings",
]


def __getattr__(name: str) -> Any:
    """Import a public name's module on first use (PEP 562), then keep it."""
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return __all__
