"""Telling a crashed m3desk from one that is still running.

Lock files record who wrote them (pid, host, start time, boot id, the process's
start in clock ticks, its session). The first test is the operating system's: a
running m3desk holds an exclusive ``flock`` on its session's ``.alive`` file for
its whole life, and the kernel drops it the moment the process dies, so "can I
take that lock?" answers "is it alive?" whatever became of its process id (reused
by another program, by the restarted app itself, or a dead process not yet
reaped). Where that file is missing (an older m3desk, another system), a lock is
*stale* when its writer is certainly gone: same host and the pid no longer
exists or now belongs to a process started at another time, or the machine has
rebooted since (the boot id changed). Locks from other hosts
(a home folder shared over the network) are assumed alive, because we cannot
check them and wrongly stealing a live instance's files is the worse mistake.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import socket
import sys
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

__all__ = [
    "AliveFile",
    "LockOwner",
    "holder_alive",
    "pid_alive",
    "process_start_ticks",
    "read_lock_owner",
]

try:
    import fcntl
except ImportError:  # Windows: no flock; the pid and start-time checks remain
    fcntl = None  # type: ignore[assignment]

ALIVE_SUFFIX = ".alive"
_MAX_LOCK_BYTES = 64 * 1024
_BOOT_ID_FILE = Path("/proc/sys/kernel/random/boot_id")


if sys.platform == "win32":
    import ctypes
    from ctypes import wintypes

    _PROCESS_QUERY_LIMITED_INFORMATION = 0x1000
    _STILL_ACTIVE = 259
    _ERROR_ACCESS_DENIED = 5

    _kernel32 = ctypes.WinDLL("kernel32", use_last_error=True)
    _kernel32.OpenProcess.argtypes = [wintypes.DWORD, wintypes.BOOL, wintypes.DWORD]
    _kernel32.OpenProcess.restype = wintypes.HANDLE
    _kernel32.GetExitCodeProcess.argtypes = [wintypes.HANDLE, ctypes.POINTER(wintypes.DWORD)]
    _kernel32.GetExitCodeProcess.restype = wintypes.BOOL
    _kernel32.CloseHandle.argtypes = [wintypes.HANDLE]
    _kernel32.CloseHandle.restype = wintypes.BOOL

    def _os_pid_alive(pid: int) -> bool:
        # os.kill(pid, 0) would *terminate* the process on Windows, so ask the kernel.
        handle = _kernel32.OpenProcess(_PROCESS_QUERY_LIMITED_INFORMATION, False, pid)
        if not handle:
            return ctypes.get_last_error() == _ERROR_ACCESS_DENIED
        try:
            code = wintypes.DWORD()
            if not _kernel32.GetExitCodeProcess(handle, ctypes.byref(code)):
                return True
            return code.value == _STILL_ACTIVE
        finally:
            _kernel32.CloseHandle(handle)

else:

    def _os_pid_alive(pid: int) -> bool:
        try:
            os.kill(pid, 0)  # signal 0: existence and permission check only
        except ProcessLookupError:
            return False
        except PermissionError:
            return True  # exists, owned by someone else
        except OSError:
            return True  # unknown: assume alive rather than steal a live lock
        return True


def pid_alive(pid: int) -> bool:
    """True if a process with ``pid`` exists on this machine.

    Non-positive pids are rejected up front: ``os.kill(0, 0)`` or ``(-1, 0)``
    would address a whole process group and always "succeed".
    """
    if isinstance(pid, bool) or not isinstance(pid, int) or pid <= 0:
        return False
    if pid == os.getpid():
        return True
    try:
        return _os_pid_alive(pid)
    except (OverflowError, ValueError):
        return False


def _proc_stat(pid: int) -> list[str] | None:
    """The fields of /proc/<pid>/stat after the command name (Linux), or None."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text(encoding="ascii", errors="replace")
    except (OSError, ValueError):
        return None
    closing = text.rfind(")")
    return text[closing + 2 :].split() if closing >= 0 else None


def process_start_ticks(pid: int) -> int | None:
    """When the process started, in clock ticks since boot (Linux); None if unknown.

    Two processes that ever had one pid started at different times, so a recorded start
    tells a reused pid from the original."""
    fields = _proc_stat(pid)
    try:
        return int(fields[19]) if fields is not None and len(fields) > 19 else None
    except ValueError:
        return None


def _is_zombie(pid: int) -> bool:
    fields = _proc_stat(pid)
    return fields is not None and bool(fields) and fields[0] in ("Z", "X")


def holder_alive(path: Path) -> bool | None:
    """Whether a live process holds the ``flock`` on ``path``; None where it cannot be told
    (no such file, or no ``flock`` on this system)."""
    if fcntl is None:
        return None
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return True
        except OSError:
            return None
        fcntl.flock(fd, fcntl.LOCK_UN)
        return False
    finally:
        os.close(fd)


class AliveFile:
    """The file this process keeps ``flock``-ed for as long as it runs."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd: int | None = None

    def hold(self) -> bool:
        """Take the lock (False where the system has no ``flock``: the pid check remains)."""
        if fcntl is None or self._fd is not None:
            return self._fd is not None
        self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            return False
        self._fd = fd
        return True

    def release(self) -> None:
        if self._fd is None:
            return
        with contextlib.suppress(OSError):
            os.unlink(self.path)
        assert fcntl is not None
        with contextlib.suppress(OSError):
            fcntl.flock(self._fd, fcntl.LOCK_UN)
        os.close(self._fd)
        self._fd = None


@functools.cache
def current_boot_id() -> str | None:
    """An id that changes at every boot (Linux only; None elsewhere)."""
    try:
        return _BOOT_ID_FILE.read_text(encoding="ascii").strip() or None
    except (OSError, ValueError):
        return None


def _now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


@dataclass(frozen=True)
class LockOwner:
    """Who wrote a lock file."""

    pid: int
    hostname: str
    started: str
    boot_id: str | None = None
    start_ticks: int | None = None
    """When the process started (clock ticks since boot), to tell a reused pid."""
    session: str | None = None
    """The session whose ``.alive`` file the process holds."""

    @classmethod
    def this_process(
        cls, *, pid: int | None = None, hostname: str | None = None, session: str | None = None
    ) -> LockOwner:
        """The running process; ``pid``/``hostname`` may be overridden for tests."""
        own_host = socket.gethostname()
        return cls(
            pid=os.getpid() if pid is None else pid,
            hostname=own_host if hostname is None else hostname,
            started=_now_iso(),
            boot_id=current_boot_id() if hostname in (None, own_host) else None,
            start_ticks=process_start_ticks(os.getpid()) if pid is None else None,
            session=session,
        )

    def to_json(self, **extra: object) -> dict[str, Any]:
        """The JSON object written into lock files."""
        record: dict[str, Any] = {
            "pid": self.pid,
            "hostname": self.hostname,
            "started": self.started,
        }
        if self.boot_id is not None:
            record["boot_id"] = self.boot_id
        if self.start_ticks is not None:
            record["start_ticks"] = self.start_ticks
        if self.session is not None:
            record["session"] = self.session
        record.update(extra)
        return record

    @classmethod
    def from_json(cls, raw: object) -> LockOwner | None:
        """Parse a lock record; None if it is not one (a damaged lock file)."""
        if not isinstance(raw, dict):
            return None
        pid, hostname, started = raw.get("pid"), raw.get("hostname"), raw.get("started")
        boot_id = raw.get("boot_id")
        ticks, session = raw.get("start_ticks"), raw.get("session")
        if isinstance(pid, bool) or not isinstance(pid, int) or not isinstance(hostname, str):
            return None
        return cls(
            pid=pid,
            hostname=hostname,
            started=started if isinstance(started, str) else "",
            boot_id=boot_id if isinstance(boot_id, str) else None,
            start_ticks=ticks if isinstance(ticks, int) and not isinstance(ticks, bool) else None,
            session=session if isinstance(session, str) else None,
        )

    def is_alive(self, alive_dir: Path | None = None) -> bool:
        """False only when the owner is certainly gone (see the module docstring).

        ``alive_dir`` is where sessions keep their ``.alive`` files."""
        if self.hostname != socket.gethostname():
            return True
        if self.boot_id is not None:
            boot_id = current_boot_id()
            if boot_id is not None and boot_id != self.boot_id:
                return False
        if alive_dir is not None and self.session is not None:
            held = holder_alive(alive_dir / f"{self.session}{ALIVE_SUFFIX}")
            if held is not None:
                return held
        if not pid_alive(self.pid) or _is_zombie(self.pid):
            return False
        if self.start_ticks is not None:
            now = process_start_ticks(self.pid)
            if now is not None and now != self.start_ticks:
                return False  # the pid now belongs to a process started later
        return True

    def describe(self) -> str:
        """Short human description for dialogs: "process 1234 on tablet"."""
        return f"process {self.pid} on {self.hostname}"


def read_lock_owner(path: Path) -> LockOwner | None:
    """Read a lock file; None if it is missing, unreadable or damaged."""
    try:
        with open(path, "rb") as stream:
            data = stream.read(_MAX_LOCK_BYTES + 1)
        if len(data) > _MAX_LOCK_BYTES:
            return None
        return LockOwner.from_json(json.loads(data.decode("utf-8")))
    except (OSError, ValueError, RecursionError):
        return None
