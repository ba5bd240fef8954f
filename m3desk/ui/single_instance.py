"""One m3desk per user and data folder: a second launch hands its files to the first.

Double-clicking a sheet while m3desk runs should open it in the running window, not start a
second window that could overwrite the first one's work. The running instance listens on a
local socket named after its data folder; a new launch first tries to hand its files over
and exits if that works. Different data folders (``M3DESK_HOME``) are different instances.

On POSIX the socket is a file in a private folder, so the client needs no Qt networking and
start-up pays nothing for it; the server (``QLocalServer``) starts once the window shows.
On Windows a named pipe is used through ``QLocalSocket``.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import socket
import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QObject, Signal

__all__ = ["InstanceServer", "hand_over", "server_name"]

TIMEOUT_SECONDS = 2.0
_MAX_MESSAGE = 1024 * 1024


def server_name(state_dir: Path) -> str:
    """The local socket's name for this user and data folder (a short path on POSIX)."""
    key = hashlib.sha256(os.path.normcase(os.path.abspath(state_dir)).encode(
        "utf-8", "surrogatepass")).hexdigest()[:16]
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

            def read(conn=connection, data=buffer) -> None:
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
