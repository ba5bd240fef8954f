"""The table server: the players' phones over the local network, beside the GM's window.

It runs in a thread of its own with its own asyncio loop (aiohttp), so nothing it does waits
on the window and the window never waits on it. The window talks to it through a few
thread-safe calls: :meth:`TableServer.publish` (a new :class:`TableState`, pushed at once to
every joined device over its WebSocket), :meth:`new_code`, :meth:`drop`,
:meth:`confirm_claim`, :meth:`refuse_claim`; the server tells the window what happened
through ``on_event`` (called on the server's thread: the window hands it to its own).

A phone first gets only the page (HTML, CSS, JavaScript: no data). With the join code it gets
a random token (:func:`secrets.token_urlsafe`), which every request and the socket's first
message must carry; a request without a known token gets nothing but the page. A device may
ask for a character; once the GM confirms, it sees that character's sheet and may send dice
for it, which the window offers the GM to type where they go. Nothing a phone sends changes
the encounter: the GM applies it.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import secrets
import threading
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from aiohttp import WSMsgType, web

from m3desk.core.encounter import Encounter
from m3desk.table_server.messages import (
    MAX_MESSAGE,
    Claim,
    Hello,
    Leave,
    MessageRefused,
    Preview,
    Roll,
    read_join,
    read_message,
)
from m3desk.table_server.network import check_host
from m3desk.table_server.view import TableState, preview_view, state_of

__all__ = ["MAX_DEVICES", "Device", "Event", "TableServer", "page_files"]

CODE_LETTERS = "ACDEFHJKLMNPQRTUVWXY3479"
"""Letters and digits no one misreads across a table (no O/0, I/1, S/5, B/8…)."""
CODE_LENGTH = 6
MAX_DEVICES = 16
MAX_SOCKETS = 64
"""Open sockets at once, joined or not (a tab left open on a second phone, a reload)."""
HELLO_SECONDS = 5.0
WRONG_CODES_PER_MINUTE = 20
PAGE_FILES = {
    "": ("index.html", "text/html"),
    "page.js": ("page.js", "text/javascript"),
    "page.css": ("page.css", "text/css"),
}
HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; "
        "connect-src 'self'; img-src 'self'; base-uri 'none'; "
        "form-action 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


def page_files() -> dict[str, bytes]:
    """The page's files, read from the package (also in the frozen bundle)."""
    folder = resources.files("m3desk.table_server") / "page"
    return {route: (folder / name).read_bytes() for route, (name, _kind) in PAGE_FILES.items()}


@dataclass
class Device:
    """A phone that joined: its token, the name its player gave, the character it plays
    (``character``, once the GM confirmed) or asks for (``asked``)."""

    id: str
    token: str
    name: str
    character: str = ""
    asked: str = ""
    sockets: set[web.WebSocketResponse] = field(default_factory=set)


@dataclass(frozen=True)
class Event:
    """What the server tells the window: ``kind`` is "devices" (joined, left, asked),
    "claim" (a device asks for ``combatant``), "roll" (faces for ``combatant``),
    "refused" (a message refused, ``text`` says why)."""

    kind: str
    device: str = ""
    device_name: str = ""
    combatant: str = ""
    roll: str = ""
    faces: tuple[int, ...] = ()
    text: str = ""
    action: str = ""
    """The action the dice are for (its id as the game names it), if the player chose it."""
    target: str = ""


def _new_code() -> str:
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


class TableServer:
    def __init__(self, on_event: Callable[[Event], None] = lambda _event: None) -> None:
        self.on_event = on_event
        self.code = _new_code()
        self.host = ""
        self.port = 0
        self._state = TableState()
        self._seq = 0
        self._devices: dict[str, Device] = {}  # by token
        self._lock = threading.Lock()  # guards _devices and code for the window's reads
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._runner: web.AppRunner | None = None
        self._sockets: set[web.WebSocketResponse] = set()
        self._wrong: list[float] = []
        self._tasks: set[asyncio.Future[None]] = set()
        self._files = page_files()

    # -- the window's side (any thread) ------------------------------------------------------

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def address(self) -> str:
        return f"http://{self.host}:{self.port}/"

    def start(self, host: str, port: int = 0, *, allow_any: bool = False) -> None:
        """Listen on ``host`` (checked: never public) and ``port`` (0: any free one).
        Raises :class:`~m3desk.table_server.network.AddressRefused` or OSError."""
        host = check_host(host, allow_any=allow_any)
        ready = threading.Event()
        failure: list[BaseException] = []

        def run() -> None:
            loop = asyncio.new_event_loop()
            self._loop = loop
            try:
                loop.run_until_complete(self._open(host, port))
            except BaseException as error:  # the window says why in a sentence
                failure.append(error)
                ready.set()
                loop.close()
                return
            ready.set()
            try:
                loop.run_forever()
            finally:
                loop.run_until_complete(self._close())
                loop.close()

        self._thread = threading.Thread(target=run, name="m3desk-table-server", daemon=True)
        self._thread.start()
        ready.wait(10)
        if failure:
            self._thread.join(5)
            self._thread = None
            raise failure[0]

    def stop(self) -> None:
        """Close every socket and stop listening (waits for the thread, a second at most)."""
        loop, thread = self._loop, self._thread
        if loop is None or thread is None:
            return
        with contextlib.suppress(RuntimeError):
            loop.call_soon_threadsafe(loop.stop)
        thread.join(5)
        self._thread = None
        self._loop = None
        with self._lock:
            self._devices.clear()

    def publish(self, state: TableState) -> None:
        """Send ``state`` to every device (at once, on the server's loop)."""
        self._call(self._publish, state)

    def publish_copy(self, copy: Encounter) -> None:
        """Send the players' copy ``copy`` to every device: what they are sent is made from
        it on the server's thread (the encounter is frozen), so the window does not wait."""
        self._call(self._publish_copy, copy)

    def new_code(self) -> str:
        """A new join code; devices already joined stay."""
        with self._lock:
            self.code = _new_code()
            return self.code

    def devices(self) -> list[Device]:
        with self._lock:
            return [Device(d.id, "", d.name, d.character, d.asked) for d in self._devices.values()]

    def drop(self, device_id: str) -> None:
        """Forget the device: its token stops working and its sockets close."""
        self._call(self._drop, device_id)

    def confirm_claim(self, device_id: str) -> None:
        self._call(self._answer_claim, device_id, True)

    def refuse_claim(self, device_id: str) -> None:
        self._call(self._answer_claim, device_id, False)

    def _call(self, function: Callable[..., object], *args: object) -> None:
        loop = self._loop
        if loop is not None and self.running:
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
                loop.call_soon_threadsafe(function, *args)

    # -- the server's side (its own loop) ----------------------------------------------------

    async def _open(self, host: str, port: int) -> None:
        app = web.Application(client_max_size=MAX_MESSAGE, middlewares=[self._headers])
        app.router.add_get("/", self._page)
        app.router.add_get("/page.js", self._page)
        app.router.add_get("/page.css", self._page)
        app.router.add_post("/api/join", self._join)
        app.router.add_get("/api/state", self._get_state)
        app.router.add_get("/ws", self._socket)
        self._runner = web.AppRunner(
            app, access_log=None, handle_signals=False, shutdown_timeout=1.0
        )
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port, backlog=128)
        await site.start()
        server = site._server  # the bound port when 0 was asked
        sockets = getattr(server, "sockets", None) or ()
        self.host = host
        self.port = sockets[0].getsockname()[1] if sockets else port

    async def _close(self) -> None:
        for socket in list(self._sockets):
            with contextlib.suppress(Exception):
                await socket.close()
        if self._runner is not None:
            await self._runner.cleanup()

    @web.middleware
    async def _headers(self, request: web.Request, handler: Any) -> web.StreamResponse:
        try:
            response: web.StreamResponse = await handler(request)
        except web.HTTPException as error:
            response = web.json_response({"error": error.reason}, status=error.status)
        for name, value in HEADERS.items():
            response.headers.setdefault(name, value)
        return response

    async def _page(self, request: web.Request) -> web.Response:
        route = request.path.lstrip("/")
        _name, kind = PAGE_FILES[route]
        return web.Response(body=self._files[route], content_type=kind, charset="utf-8")

    def _device_of(self, token: str) -> Device | None:
        with self._lock:
            for known, device in self._devices.items():
                if hmac.compare_digest(known.encode(), token.encode()):
                    return device
        return None

    def _authorised(self, request: web.Request) -> Device:
        header = request.headers.get("Authorization", "")
        scheme, _space, token = header.partition(" ")
        device = self._device_of(token) if scheme == "Bearer" and 0 < len(token) <= 64 else None
        if device is None:
            raise web.HTTPUnauthorized(reason="Join with the code first.")
        return device

    async def _join(self, request: web.Request) -> web.Response:
        try:
            body = await request.read()
            join = read_join(body)
        except web.HTTPRequestEntityTooLarge:
            raise web.HTTPRequestEntityTooLarge(
                max_size=MAX_MESSAGE, actual_size=0, reason="The message is too large."
            ) from None
        except MessageRefused as error:
            raise web.HTTPBadRequest(reason=str(error)) from None
        now = time.monotonic()
        self._wrong = [at for at in self._wrong if now - at < 60]
        if len(self._wrong) >= WRONG_CODES_PER_MINUTE:
            raise web.HTTPTooManyRequests(reason="Too many wrong codes: wait a minute.")
        with self._lock:
            right = hmac.compare_digest(join.code.upper().encode(), self.code.encode())
            full = len(self._devices) >= MAX_DEVICES
        if not right:
            self._wrong.append(now)
            raise web.HTTPForbidden(reason="That is not the table's code.")
        if full:
            raise web.HTTPServiceUnavailable(reason="The table is full.")
        device = Device(secrets.token_hex(4), secrets.token_urlsafe(24), join.name)
        with self._lock:
            self._devices[device.token] = device
        self._tell(Event("devices", device.id, device.name))
        return web.json_response({"token": device.token, "device": device.id})

    async def _get_state(self, request: web.Request) -> web.Response:
        device = self._authorised(request)
        return web.json_response(self._message_for(device))

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        if len(self._sockets) >= MAX_SOCKETS:
            raise web.HTTPServiceUnavailable(reason="Too many connections.")
        socket = web.WebSocketResponse(max_msg_size=MAX_MESSAGE, heartbeat=20.0)
        await socket.prepare(request)
        self._sockets.add(socket)
        device: Device | None = None
        try:
            device = await self._hello(socket)
            if device is None:
                return socket
            device.sockets.add(socket)
            await socket.send_str(json.dumps(self._message_for(device)))
            async for message in socket:
                if message.type != WSMsgType.TEXT:
                    break
                if not await self._heard(device, socket, message.data):
                    break
        finally:
            self._sockets.discard(socket)
            if device is not None:
                device.sockets.discard(socket)
            if not socket.closed:
                await socket.close()
        return socket

    async def _hello(self, socket: web.WebSocketResponse) -> Device | None:
        try:
            message = await socket.receive(timeout=HELLO_SECONDS)
        except TimeoutError:
            await socket.close(code=4001, message=b"no token")
            return None
        if message.type != WSMsgType.TEXT:
            await socket.close(code=4001, message=b"no token")
            return None
        try:
            hello = read_message(message.data)
        except MessageRefused:
            hello = None
        device = self._device_of(hello.token) if isinstance(hello, Hello) else None
        if device is None:
            await socket.send_str(
                json.dumps({"type": "refused", "text": "Join with the code first.", "join": True})
            )
            await socket.close(code=4003, message=b"unknown token")
            return None
        return device

    async def _heard(self, device: Device, socket: web.WebSocketResponse, raw: str) -> bool:
        """Act on one message from ``device``; False ends its socket (it left)."""
        try:
            message = read_message(raw)
        except MessageRefused as error:
            await self._refuse(socket, str(error))
            return True
        if device.token not in self._devices:  # dropped meanwhile
            return False
        if isinstance(message, Leave):
            self._forget(device)
            return False
        if isinstance(message, Claim):
            if message.combatant not in self._state.claimable():
                await self._refuse(socket, "That is not a character at this table.")
                return True
            taken = {d.character for d in self._devices.values() if d is not device}
            if message.combatant in taken:
                await self._refuse(socket, "Another phone plays that character.")
                return True
            device.asked = message.combatant
            self._tell(Event("claim", device.id, device.name, message.combatant))
            await self._send(device)
            return True
        if isinstance(message, Roll | Preview):
            if not device.character or message.combatant != device.character:
                await self._refuse(socket, "This phone does not play that character.")
                return True
            if message.target is not None and message.target not in self._shown():
                await self._refuse(socket, "That target is not at this table.")
                return True
        if isinstance(message, Preview):
            option = self._state.option(device.character, message.action)
            if option is None or self._state.copy is None:
                await self._refuse(socket, "Your character has no such action now.")
                return True
            answer = preview_view(self._state.copy, device.character, option, message.target)
            await socket.send_str(json.dumps(answer))
            return True
        if isinstance(message, Roll):
            if (
                message.action is not None
                and self._state.option(device.character, message.action) is None
            ):
                await self._refuse(socket, "Your character has no such action now.")
                return True
            self._tell(
                Event(
                    "roll",
                    device.id,
                    device.name,
                    message.combatant,
                    message.kind,
                    tuple(message.faces),
                    action=message.action or "",
                    target=message.target or "",
                )
            )
            await socket.send_str(
                json.dumps({"type": "sent", "kind": message.kind, "faces": message.faces})
            )
            return True
        await self._refuse(socket, "Already joined.")  # a second hello
        return True

    def _shown(self) -> set[str]:
        """The combatants of the players' copy: the only ones a phone may aim at."""
        copy = self._state.copy
        return {c.id for c in copy.combatants} if copy is not None else set()

    async def _refuse(self, socket: web.WebSocketResponse, text: str) -> None:
        await socket.send_str(json.dumps({"type": "refused", "text": text}))

    def _message_for(self, device: Device) -> dict[str, Any]:
        claimed = device.character if device.character in self._state.names else ""
        return {
            "type": "state",
            "seq": self._seq,
            "table": self._state.table,
            "device": device.name,
            "character": claimed,
            "asked": device.asked,
            "sheet": self._state.sheet(claimed) if claimed else None,
            "board": self._state.board(claimed),
            "acts": self._state.acts(claimed) if claimed else None,
            "claimable": [{"id": key, "name": name} for key, name in self._state.names.items()],
        }

    def _send(self, device: Device) -> Coroutine[Any, Any, None]:
        """Send the device what it sees now: the text is made at once, so two changes in a
        row are two messages, each its own moment, in order."""
        return self._send_text(device, json.dumps(self._message_for(device)))

    async def _send_text(self, device: Device, text: str) -> None:
        for socket in list(device.sockets):
            with contextlib.suppress(Exception):
                await socket.send_str(text)

    def _publish_copy(self, copy: Encounter) -> None:
        playing = {d.character for d in self._devices.values()} - {""}
        self._publish(state_of(copy, playing))

    def _publish(self, state: TableState) -> None:
        self._state = state
        self._seq += 1
        for device in list(self._devices.values()):
            if device.character and device.character not in state.names:
                device.character = ""  # the character left the fight
            if device.sockets:
                self._spawn(self._send(device))

    def _forget(self, device: Device) -> None:
        with self._lock:
            self._devices.pop(device.token, None)
        self._tell(Event("devices", device.id, device.name))

    def _drop(self, device_id: str) -> None:
        device = next((d for d in self._devices.values() if d.id == device_id), None)
        if device is None:
            return
        self._forget(device)
        for socket in list(device.sockets):
            self._spawn(self._closed_with(socket, "The GM dropped this phone."))

    async def _closed_with(self, socket: web.WebSocketResponse, text: str) -> None:
        with contextlib.suppress(Exception):
            await socket.send_str(json.dumps({"type": "refused", "text": text, "join": True}))
            await socket.close(code=4003, message=b"dropped")

    def _answer_claim(self, device_id: str, yes: bool) -> None:
        device = next((d for d in self._devices.values() if d.id == device_id), None)
        if device is None or not device.asked:
            return
        if yes and device.asked in self._state.names:
            for other in self._devices.values():
                if other.character == device.asked:
                    other.character = ""
                    self._spawn(self._send(other))
            device.character = device.asked
        device.asked = ""
        self._spawn(self._send(device))
        self._tell(Event("devices", device.id, device.name))

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` on the loop, keeping the task until it is done (a task only the loop
        refers to may be collected half-way)."""
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _tell(self, event: Event) -> None:
        with contextlib.suppress(Exception):  # the window's trouble is not the server's
            self.on_event(event)
