"""Lock files: one per running m3desk instance, and one per open document.

Both are advisory and only ever used to *inform* decisions:

* :class:`SessionLock` lets the next start tell a crashed instance (whose
  autosaves should be offered for recovery) from a second instance that is
  still running (whose autosaves must be left alone);
* :class:`FileLocks` lets the UI warn "this file is already open in another
  m3desk window" instead of letting two instances overwrite each other.

Lock files live in the state folder, never next to documents, so synced
folders (Dropbox, network shares) do not fill up with them.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import re
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType

from m3desk import __version__
from m3desk.storage.atomic import atomic_write_bytes
from m3desk.storage.errors import StorageError
from m3desk.storage.liveness import ALIVE_SUFFIX, AliveFile, LockOwner, read_lock_owner

__all__ = [
    "ClaimResult",
    "FileLocks",
    "SessionLock",
    "is_valid_session_id",
    "remove_session_lock",
    "session_is_stale",
    "stale_session_ids",
]

_log = logging.getLogger(__name__)

_SESSION_ID = re.compile(r"[A-Za-z0-9_-]{1,80}")
_LOCK_SUFFIX = ".lock"


def is_valid_session_id(session_id: str) -> bool:
    """Session ids become file names, so only a safe alphabet is allowed."""
    return bool(_SESSION_ID.fullmatch(session_id))


def _new_session_id(pid: int) -> str:
    """Readable and unique: start time, pid and a random suffix."""
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S")
    return f"{stamp}-{pid}-{secrets.token_hex(3)}"


def _sessions_dir(state_dir: Path) -> Path:
    return state_dir / "sessions"


def _write_json(path: Path, record: dict[str, object]) -> None:
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    # A lock names the user's files: private to the user. It means nothing after a power cut
    # (a missing or damaged lock is a stale one), so its write does not wait for the disk.
    atomic_write_bytes(
        path, (json.dumps(record, indent=2) + "\n").encode("utf-8"), mode=0o600, durable=False
    )


def session_is_stale(state_dir: Path, session_id: str) -> bool:
    """True if session ``session_id`` has ended without cleaning up (crashed).

    A missing or damaged lock counts as stale: a live instance always keeps a
    valid lock, so nobody alive is claiming that session.
    """
    folder = _sessions_dir(state_dir)
    owner = read_lock_owner(folder / f"{session_id}{_LOCK_SUFFIX}")
    return owner is None or not owner.is_alive(folder)


def remove_session_lock(state_dir: Path, session_id: str) -> None:
    """Delete a session's lock file (missing is fine)."""
    for suffix in (_LOCK_SUFFIX, ALIVE_SUFFIX):
        with contextlib.suppress(FileNotFoundError):
            os.unlink(_sessions_dir(state_dir) / f"{session_id}{suffix}")


def stale_session_ids(state_dir: Path, *, exclude: str | None = None) -> list[str]:
    """Ids of all session lock files in ``state_dir`` whose owner is gone."""
    folder = _sessions_dir(state_dir)
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        return []
    stale: list[str] = []
    for name in names:
        session_id = name.removesuffix(_LOCK_SUFFIX)
        if session_id in (name, exclude) or not is_valid_session_id(session_id):
            continue
        if session_is_stale(state_dir, session_id):
            stale.append(session_id)
    return stale


class SessionLock:
    """The lock file ``sessions/<session-id>.lock`` of one running instance."""

    def __init__(
        self,
        state_dir: Path,
        session_id: str | None = None,
        *,
        pid: int | None = None,
        hostname: str | None = None,
    ) -> None:
        """``pid``/``hostname`` stand in for another process in tests."""
        self._state_dir = Path(state_dir)
        self.session_id = session_id or _new_session_id(pid or os.getpid())
        if not is_valid_session_id(self.session_id):
            raise ValueError(f"invalid session id {self.session_id!r}")
        self._owner = LockOwner.this_process(pid=pid, hostname=hostname, session=self.session_id)
        # Only this very process can hold the kernel's lock; a stand-in for another
        # process in tests (``pid`` given) is judged by its pid alone.
        self._alive = (
            AliveFile(_sessions_dir(self._state_dir) / f"{self.session_id}{ALIVE_SUFFIX}")
            if pid is None and hostname is None
            else None
        )

    @property
    def lock_path(self) -> Path:
        """Where this session's lock file lives."""
        return _sessions_dir(self._state_dir) / f"{self.session_id}{_LOCK_SUFFIX}"

    def acquire(self) -> None:
        """Write the lock file. Raises SaveError if the state folder is unwritable."""
        _write_json(self.lock_path, self._owner.to_json(app_version=__version__))
        if self._alive is not None:
            try:
                self._alive.hold()
            except OSError as exc:  # the pid checks remain; never block the app for this
                _log.warning("could not hold %s: %s", self._alive.path, exc)

    def release(self) -> None:
        """Remove the lock file on a clean exit (missing is fine)."""
        remove_session_lock(self._state_dir, self.session_id)
        if self._alive is not None:
            self._alive.release()

    def stale_sessions(self) -> list[str]:
        """Ids of other sessions that crashed (their pid is gone on this host).

        A live lock of another instance is not stale: that is a second m3desk
        running right now, not a crash.
        """
        return stale_session_ids(self._state_dir, exclude=self.session_id)

    def clear_stale_locks(self) -> list[str]:
        """Delete the lock files of crashed sessions; returns their ids.

        Housekeeping that is safe at any time: a missing lock counts as stale,
        so the crashed sessions' recovery snapshots are still found afterwards.
        """
        stale = self.stale_sessions()
        for session_id in stale:
            remove_session_lock(self._state_dir, session_id)
        return stale

    def __enter__(self) -> SessionLock:
        self.acquire()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.release()


@dataclass(frozen=True)
class ClaimResult:
    """Outcome of :meth:`FileLocks.claim`: who else (alive) has the file open."""

    path: Path
    other_holders: tuple[LockOwner, ...]

    @property
    def held_elsewhere(self) -> bool:
        """True if another live m3desk process has this file open."""
        return bool(self.other_holders)

    @property
    def owner(self) -> LockOwner | None:
        """The first other live holder, for the warning dialog."""
        return self.other_holders[0] if self.other_holders else None


def _path_key(path: Path) -> str:
    """A fixed-length file-name-safe key for an absolute, case-normalised path."""
    normalised = os.path.normcase(os.path.abspath(path))
    return hashlib.sha256(normalised.encode("utf-8", "surrogatepass")).hexdigest()[:32]


class FileLocks:
    """Per-document claims in ``locks/``, one file per (document, process).

    Each process writes and deletes only its own claim files
    (``<path-hash>.<host-hash>-<pid>.lock``), so two instances never
    read-modify-write the same file and no claim can be lost in a race.
    """

    def __init__(
        self,
        state_dir: Path,
        *,
        pid: int | None = None,
        hostname: str | None = None,
        session: str | None = None,
    ) -> None:
        """``pid``/``hostname`` stand in for another process in tests; ``session`` is the
        running session, whose ``.alive`` file tells the others we are alive."""
        self._folder = Path(state_dir) / "locks"
        self._sessions = _sessions_dir(Path(state_dir))
        self._owner = LockOwner.this_process(pid=pid, hostname=hostname, session=session)
        host_key = hashlib.sha256(self._owner.hostname.encode("utf-8", "replace")).hexdigest()
        self._token = f"{host_key[:8]}-{self._owner.pid}"
        self._claimed: set[Path] = set()

    def _own_file(self, key: str) -> Path:
        return self._folder / f"{key}.{self._token}{_LOCK_SUFFIX}"

    def claim(self, path: str | os.PathLike[str]) -> ClaimResult:
        """Record that this process has ``path`` open; report live other holders.

        Claims of processes that are gone are removed silently. Failing to
        write the claim is logged, not raised: the lock only feeds a warning
        and must never stop someone from opening their file.
        """
        target = Path(os.path.abspath(path))
        key = _path_key(target)
        own = self._own_file(key)
        others: list[LockOwner] = []
        try:
            names = os.listdir(self._folder)
        except OSError:
            names = []
        for name in sorted(names):
            if not (name.startswith(f"{key}.") and name.endswith(_LOCK_SUFFIX)):
                continue
            lock_file = self._folder / name
            if lock_file == own:
                continue
            holder = read_lock_owner(lock_file)
            if holder is not None and holder.is_alive(self._sessions):
                others.append(holder)
            else:
                with contextlib.suppress(OSError):
                    os.unlink(lock_file)
        try:
            _write_json(own, self._owner.to_json(path=str(target)))
            self._claimed.add(target)
        except (StorageError, OSError) as exc:
            _log.warning("could not record that %s is open: %s", target, exc)
        return ClaimResult(path=target, other_holders=tuple(others))

    def release(self, path: str | os.PathLike[str]) -> None:
        """Drop this process's claim on ``path`` (when its document closes)."""
        target = Path(os.path.abspath(path))
        with contextlib.suppress(OSError):
            os.unlink(self._own_file(_path_key(target)))
        self._claimed.discard(target)

    def release_all(self) -> None:
        """Drop every claim this object made (on exit)."""
        for target in list(self._claimed):
            self.release(target)
