"""One m3desk per user and data folder: a second launch hands its files to the first.

Double-clicking a sheet while m3desk runs should open it in the running window, not start a
second window that could overwrite the first one's work. The running instance listens on a
local socket named after its data folder; a new launch first tries to hand its files over
and exits if that works. Different data folders (``M3DESK_HOME``) are different instances.

On POSIX the socket is a file in a private folder, so the client needs no Qt networking and
start-up pays nothing for it; the server (``QLocalServer``) starts once the window shows.
On Windows a named pipe is used through ``QLocalSocket``.

Who is the instance is decided atomically, before any window is built: the first launch
takes the data folder's claim (an operating-system lock on ``instance.lock``, released by
the system however the process ends), and a launch that finds it taken hands its files over,
waiting, with a word on screen, while the first one is busy or still starting — it never
gives up after a couple of seconds and opens a second window on the same files.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import socket
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

if TYPE_CHECKING:  # the network module loads once the window shows
    from PySide6.QtNetwork import QLocalSocket

__all__ = [
    "InstanceBusyError",
    "InstanceClaim",
    "InstanceServer",
    "hand_over",
    "server_name",
    "wait_to_hand_over",
]

TIMEOUT_SECONDS = 2.0
WAIT_SECONDS = 60.0
"""How long a launch waits for a busy first instance before it asks what to do."""
CLAIM_FILE = "instance.lock"


class InstanceBusyError(RuntimeError):
    """The m3desk that holds the data folder has not answered for :data:`WAIT_SECONDS`."""


class InstanceClaim:
    """The data folder's claim: an exclusive, non-blocking lock on ``state/instance.lock``.

    The kernel drops the lock when the process ends, however it ends, so a crash leaves no
    stale claim; the file itself stays (removing it would let a later launch lock a new file
    while an older one still holds the old)."""

    def __init__(self, state_dir: Path) -> None:
        self.path = Path(state_dir) / CLAIM_FILE
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def take(self) -> bool:
        """True when this process holds the claim (now or already)."""
        if self._fd is not None:
            return True
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        except OSError:
            return True  # an unwritable folder: no claim to be had, run as before
        if not _lock(fd):
            os.close(fd)
            return False
        self._fd = fd
        return True

    def release(self) -> None:
        if self._fd is not None:
            with contextlib.suppress(OSError):
                _unlock(self._fd)
            os.close(self._fd)
            self._fd = None


def _lock(fd: int) -> bool:
    try:
        if sys.platform == "win32":
            import msvcrt

            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        else:
            import fcntl

            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


def _unlock(fd: int) -> None:
    if sys.platform == "win32":
        import msvcrt

        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
    else:
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_UN)


def wait_to_hand_over(
    state_dir: Path,
    files: list[Path],
    claim: InstanceClaim,
    *,
    seconds: float = WAIT_SECONDS,
    waiting: Callable[[float], bool] = lambda _elapsed: True,
    pause: Callable[[float], None] = time.sleep,
) -> bool:
    """Hand ``files`` to the m3desk that holds the data folder, waiting while it is busy or
    still starting. True: it took them (this launch ends). False: it quit meanwhile and this
    launch now holds the claim. ``waiting(elapsed)`` is called while waiting (to show it, and
    to let the user stop: it returns False to stop, which raises InstanceBusyError, as does
    ``seconds`` without an answer)."""
    started = time.monotonic()
    while True:
        if hand_over(state_dir, files):
            return True
        if claim.take():
            return False
        elapsed = time.monotonic() - started
        if not waiting(elapsed):
            raise InstanceBusyError("stopped waiting for the m3desk already running")
        if elapsed >= seconds:
            raise InstanceBusyError(
                f"the m3desk already running on this data folder has not answered for "
                f"{round(elapsed)} seconds"
            )
        pause(0.2)


_MAX_MESSAGE = 1024 * 1024


def server_name(state_dir: Path) -> str:
    """The local socket's name for this user and data folder (a short path on POSIX)."""
    key = hashlib.sha256(
        os.path.normcase(os.path.abspath(state_dir)).encode("utf-8", "surrogatepass")
    ).hexdigest()[:16]
    if sys.platform == "win32":
        return f"m3desk-{key}"
    base = Path(os.environ.get("XDG_RUNTIME_DIR") or tempfile.gettempdir())
    folder = base / f"m3desk-{os.getuid()}"
    with contextlib.suppress(OSError):
        folder.mkdir(mode=0o700, exist_ok=True)
    return str(folder / f"{key}.sock")


def _private(folder: Path) -> bool:
    """Only a folder of ours that nobody else can write into is trusted."""
    try:
        info = folder.stat()
    except OSError:
        return False
    return info.st_uid == os.getuid() and info.st_mode & 0o022 == 0


def hand_over(state_dir: Path, files: list[Path]) -> bool:
    """Give ``files`` to a running instance; True if one took them (then exit)."""
    name = server_name(state_dir)
    message = (json.dumps({"open": [str(Path(f).absolute()) for f in files]}) + "\n").encode()
    if sys.platform == "win32":
        return _hand_over_pipe(name, message)
    if not _private(Path(name).parent):
        return False
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as client:
            client.settimeout(TIMEOUT_SECONDS)
            client.connect(name)
            client.sendall(message)
            return client.recv(16).startswith(b"ok")
    except OSError:
        return False  # nobody listening (or a stale socket): this launch is the instance


def _hand_over_pipe(name: str, message: bytes) -> bool:
    from PySide6.QtNetwork import QLocalSocket

    client = QLocalSocket()
    client.connectToServer(name)
    if not client.waitForConnected(int(TIMEOUT_SECONDS * 1000)):
        return False
    client.write(message)
    client.waitForBytesWritten(int(TIMEOUT_SECONDS * 1000))
    answered = client.waitForReadyRead(int(TIMEOUT_SECONDS * 1000))
    ok = answered and bytes(client.readAll().data()).startswith(b"ok")
    client.disconnectFromServer()
    return ok


class InstanceServer(QObject):
    """Listens for later launches; emits the files they hand over.

    Signals:
        files_received(list[Path]): open these (the window raises itself too).
    """

    files_received = Signal(list)

    def __init__(self, state_dir: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        from PySide6.QtNetwork import QLocalServer

        self._name = server_name(state_dir)
        self._server = QLocalServer(self)
        self._server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        QLocalServer.removeServer(self._name)  # a crashed instance's stale socket
        self.listening = self._server.listen(self._name)
        self._server.newConnection.connect(self._on_connection)

    def _on_connection(self) -> None:
        while self._server.hasPendingConnections():
            connection = self._server.nextPendingConnection()
            buffer = bytearray()

            def read(conn: QLocalSocket = connection, data: bytearray = buffer) -> None:
                data.extend(bytes(conn.readAll().data()))
                if len(data) > _MAX_MESSAGE:
                    conn.abort()
                    return
                if b"\n" not in data:
                    return
                files = _parse(bytes(data))
                conn.write(b"ok\n")
                conn.flush()
                conn.disconnectFromServer()
                if files is not None:
                    self.files_received.emit(files)

            connection.readyRead.connect(read)
            connection.disconnected.connect(connection.deleteLater)
            read()

    def close(self) -> None:
        self._server.close()


def _parse(data: bytes) -> list[Path] | None:
    """The files of a hand-over message; None if it is not one (ignored, never trusted)."""
    try:
        message = json.loads(data.split(b"\n", 1)[0].decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return None
    files = message.get("open") if isinstance(message, dict) else None
    if not isinstance(files, list) or not all(isinstance(f, str) for f in files):
        return None
    return [Path(f) for f in files[:200]]
