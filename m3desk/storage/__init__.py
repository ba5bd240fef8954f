"""Qt-free storage for m3desk: paths, atomic saves, versioned documents, recovery.

This package never imports PySide6, so it can be tested and reused without a
display; the UI layer sits on top of it (imports point ui -> storage -> rules).
"""

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
from m3desk.storage.errors import (
    DocumentLoadError,
    NewerVersionError,
    SaveError,
    StorageError,
)
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
