"""Crash recovery: snapshots of unsaved documents, kept outside the user's files.

While a document has unsaved edits, the UI periodically hands its serialised
bytes to :class:`RecoveryStore`, which writes them atomically to
``recovery/<session-id>/<doc-id>.json`` with a small sidecar
``<doc-id>.meta.json`` (title, original path, kind, time). The real file is
never touched, so a crash can at worst lose the last few seconds.

On a clean exit the session's folder is discarded. After a crash it stays,
and because the crashed session's lock (see :mod:`m3desk.storage.locks`) is
stale, :meth:`RecoveryStore.orphans` offers it at the next start. Snapshots of
an instance that is still running are never offered.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from m3desk.storage.atomic import atomic_write_bytes
from m3desk.storage.documents import MAX_DOCUMENT_BYTES, LoadedDocument, load_document_bytes
from m3desk.storage.errors import DocumentLoadError, SaveError, describe_os_error
from m3desk.storage.locks import (
    SessionLock,
    is_valid_session_id,
    remove_session_lock,
    session_is_stale,
)
from m3desk.storage.registry import DocumentRegistry
from m3desk.storage.safejson import read_file_capped

__all__ = ["RecoveryEntry", "RecoveryStore", "SessionLock"]

PRIVATE_FILE = 0o600
"""Recovery copies hold the user's unsaved work: only the user may read them."""
PRIVATE_FOLDER = 0o700

_log = logging.getLogger(__name__)

_DOC_ID = re.compile(r"[A-Za-z0-9_-]{1,100}")
_META_SUFFIX = ".meta.json"
_PAYLOAD_SUFFIX = ".json"
_MAX_META_BYTES = 256 * 1024
_META_FORMAT = "m3desk.recovery-meta"


def _recovery_root(state_dir: Path) -> Path:
    return Path(state_dir) / "recovery"


def _check_doc_id(doc_id: str) -> None:
    """Doc ids become file names; refuse anything that could escape the folder."""
    if not _DOC_ID.fullmatch(doc_id):
        raise ValueError(f"invalid recovery document id {doc_id!r}")


def _parse_time(value: object) -> datetime | None:
    if not isinstance(value, str):
        return None
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError:
        return None
    return parsed if parsed.tzinfo is not None else parsed.replace(tzinfo=UTC)


@dataclass(frozen=True)
class RecoveryEntry:
    """One recoverable snapshot.

    ``problem`` is None for a healthy entry. When the sidecar is damaged the
    entry is still returned (the snapshot itself may be fine) with ``problem``
    explaining why the title/kind/path are unknown; such files are never
    deleted without the user's say.
    """

    session_id: str
    doc_id: str
    title: str
    kind: str
    original_path: str | None
    saved_at: datetime | None
    payload_path: Path
    meta_path: Path
    problem: str | None = None

    def read_payload(self) -> bytes:
        """The snapshot's document bytes (raises DocumentLoadError if unreadable)."""
        return read_file_capped(self.payload_path, MAX_DOCUMENT_BYTES)

    def load(self, registry: DocumentRegistry) -> LoadedDocument:
        """Parse the snapshot like any document (raises only DocumentLoadError)."""
        return load_document_bytes(self.read_payload(), registry, source=str(self.payload_path))

    def remove(self) -> None:
        """Delete this snapshot (after it was restored or declined).

        When it was the last one of a crashed session, the session's folder and
        its stale lock go too, so old sessions do not pile up.
        """
        for file in (self.payload_path, self.meta_path):
            with contextlib.suppress(FileNotFoundError):
                os.unlink(file)
        folder = self.payload_path.parent
        with contextlib.suppress(OSError):
            folder.rmdir()  # only succeeds when empty
            state_dir = folder.parent.parent
            if session_is_stale(state_dir, self.session_id):
                remove_session_lock(state_dir, self.session_id)


def _read_meta(meta_path: Path) -> tuple[dict[str, Any] | None, str | None]:
    """Return (metadata, None) or (None, problem description)."""
    try:
        data = read_file_capped(meta_path, _MAX_META_BYTES)
    except DocumentLoadError as exc:
        return None, exc.message
    try:
        raw = json.loads(data.decode("utf-8"))
    except (ValueError, RecursionError):
        return None, "the description of this snapshot is damaged"
    if not isinstance(raw, dict) or raw.get("format") != _META_FORMAT:
        return None, "the description of this snapshot is not in a known format"
    return raw, None


def _entry(session_id: str, folder: Path, doc_id: str) -> RecoveryEntry | None:
    payload = folder / f"{doc_id}{_PAYLOAD_SUFFIX}"
    meta_path = folder / f"{doc_id}{_META_SUFFIX}"
    if not payload.is_file():
        if meta_path.exists():
            _log.warning("recovery snapshot %s has a description but no data; kept", meta_path)
        return None
    meta: dict[str, Any] | None
    if meta_path.exists():
        meta, problem = _read_meta(meta_path)
    else:
        meta, problem = None, "the description of this snapshot is missing"
    if meta is None:
        _log.warning("recovery snapshot %s: %s", payload, problem)
        meta = {}
    title, kind = meta.get("title"), meta.get("kind")
    original = meta.get("original_path")
    return RecoveryEntry(
        session_id=session_id,
        doc_id=doc_id,
        title=title if isinstance(title, str) and title else doc_id,
        kind=kind if isinstance(kind, str) else "",
        original_path=original if isinstance(original, str) else None,
        saved_at=_parse_time(meta.get("saved_at")),
        payload_path=payload,
        meta_path=meta_path,
        problem=problem,
    )


def _entries_in(session_id: str, folder: Path) -> list[RecoveryEntry]:
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    doc_ids = set()
    for name in names:
        stem = name.removesuffix(_META_SUFFIX)
        if stem == name:
            stem = name.removesuffix(_PAYLOAD_SUFFIX)
        if stem != name and _DOC_ID.fullmatch(stem):
            doc_ids.add(stem)
    entries = [_entry(session_id, folder, doc_id) for doc_id in sorted(doc_ids)]
    return [entry for entry in entries if entry is not None]


def _newest_first(entry: RecoveryEntry) -> tuple[bool, float]:
    stamp = entry.saved_at
    return (stamp is None, -stamp.timestamp() if stamp is not None else 0.0)


class RecoveryStore:
    """Recovery snapshots of one running session."""

    def __init__(self, state_dir: Path, session_id: str) -> None:
        if not is_valid_session_id(session_id):
            raise ValueError(f"invalid session id {session_id!r}")
        self._state_dir = Path(state_dir)
        self.session_id = session_id

    @property
    def folder(self) -> Path:
        """``recovery/<session-id>`` (created by the first write)."""
        return _recovery_root(self._state_dir) / self.session_id

    def write(
        self, doc_id: str, payload: bytes, *, title: str, original_path: str | None, kind: str
    ) -> None:
        """Store (or replace) the snapshot of one document; raises SaveError.

        The payload is written before its description, so a crash in between
        leaves a newer snapshot with a slightly old description, never the
        reverse.
        """
        _check_doc_id(doc_id)
        try:
            self.folder.mkdir(mode=PRIVATE_FOLDER, parents=True, exist_ok=True)
        except OSError as exc:
            # e.g. a recovery folder left by a run with sudo, a read-only or full disk: the
            # caller warns and tries again, as for any snapshot that cannot be written.
            raise SaveError(
                f"Could not make the recovery folder “{self.folder}”: {describe_os_error(exc)}.",
                self.folder,
            ) from exc
        atomic_write_bytes(self.folder / f"{doc_id}{_PAYLOAD_SUFFIX}", payload, mode=PRIVATE_FILE)
        meta = {
            "format": _META_FORMAT,
            "doc_id": doc_id,
            "title": title,
            "kind": kind,
            "original_path": original_path,
            "saved_at": datetime.now(UTC).isoformat(timespec="milliseconds"),
            "payload_bytes": len(payload),
        }
        text = json.dumps(meta, indent=2, ensure_ascii=True) + "\n"
        atomic_write_bytes(
            self.folder / f"{doc_id}{_META_SUFFIX}", text.encode("ascii"), mode=PRIVATE_FILE
        )

    def discard(self, doc_id: str) -> None:
        """Forget one document's snapshot (it was saved or closed)."""
        _check_doc_id(doc_id)
        for suffix in (_PAYLOAD_SUFFIX, _META_SUFFIX):
            with contextlib.suppress(FileNotFoundError):
                os.unlink(self.folder / f"{doc_id}{suffix}")

    def discard_all(self) -> None:
        """Remove every snapshot of this session (clean exit).

        Only files this store writes are deleted, never the folder's other
        content, in case something unexpected was put there.
        """
        for entry in self.entries():
            for file in (entry.payload_path, entry.meta_path):
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(file)
        for name in _safe_listdir(self.folder):
            if name.startswith(".") and name.endswith(".tmp"):
                with contextlib.suppress(OSError):
                    os.unlink(self.folder / name)
        with contextlib.suppress(OSError):
            self.folder.rmdir()

    def entries(self) -> list[RecoveryEntry]:
        """This session's own snapshots."""
        return _entries_in(self.session_id, self.folder)

    @classmethod
    def orphans(cls, state_dir: Path) -> list[RecoveryEntry]:
        """Snapshots left behind by crashed sessions, newest first.

        Sessions whose lock is live (another m3desk running now, or this one)
        are skipped. Damaged entries are included with ``problem`` set.
        """
        root = _recovery_root(Path(state_dir))
        found: list[RecoveryEntry] = []
        for session_id in sorted(_safe_listdir(root)):
            folder = root / session_id
            if not is_valid_session_id(session_id) or not folder.is_dir():
                continue
            if session_is_stale(Path(state_dir), session_id):
                found.extend(_entries_in(session_id, folder))
        found.sort(key=_newest_first)
        return found


def _safe_listdir(folder: Path) -> list[str]:
    try:
        return os.listdir(folder)
    except OSError:
        return []
