"""Telling a crashed m3desk from one that is still running.

Lock files record who wrote them (pid, host, start time, boot id). A lock is
*stale* when its writer is certainly gone: same host and the pid no longer
exists, or the machine has rebooted since (the boot id changed, which also
protects against a recycled pid after a power cut). Locks from other hosts
(a home folder shared over the network) are assumed alive, because we cannot
check them and wrongly stealing a live instance's files is the worse mistake.
"""

from __future__ import annotations

import functools
import json
import os
import socket
import sys
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

__all__ = ["LockOwner", "pid_alive", "read_lock_owner"]

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

    @classmethod
    def this_process(cls, *, pid: int | None = None, hostname: str | None = None) -> LockOwner:
        """The running process; ``pid``/``hostname`` may be overridden for tests."""
        own_host = socket.gethostname()
        return cls(
            pid=os.getpid() if pid is None else pid,
            hostname=own_host if hostname is None else hostname,
            started=_now_iso(),
            boot_id=current_boot_id() if hostname in (None, own_host) else None,
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
        record.update(extra)
        return record

    @classmethod
    def from_json(cls, raw: object) -> LockOwner | None:
        """Parse a lock record; None if it is not one (a damaged lock file)."""
        if not isinstance(raw, dict):
            return None
        pid, hostname, started = raw.get("pid"), raw.get("hostname"), raw.get("started")
        boot_id = raw.get("boot_id")
        if isinstance(pid, bool) or not isinstance(pid, int) or not isinstance(hostname, str):
            return None
        return cls(
            pid=pid,
            hostname=hostname,
            started=started if isinstance(started, str) else "",
            boot_id=boot_id if isinstance(boot_id, str) else None,
        )

    def is_alive(self) -> bool:
        """False only when the owner is certainly gone (see the module docstring)."""
        if self.hostname != socket.gethostname():
            return True
        if self.boot_id is not None:
            boot_id = current_boot_id()
            if boot_id is not None and boot_id != self.boot_id:
                return False
        return pid_alive(self.pid)

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
