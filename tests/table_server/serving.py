"""A table server on the loopback address over a players' copy, and a small client for it."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import aiohttp

from m3desk.core import encounter as core
from m3desk.core.players import players_copy
from m3desk.table_server.server import Event, TableServer
from m3desk.table_server.view import state_of
from tests.ui.encounter.game_samples import sample_fight

HIDDEN = "Zorvath the Unseen"
HIDDEN_DISTANCE = 737


def fight_with_a_hidden_foe(game: str) -> core.Encounter:
    """The game's sample character and two monsters, one of them hidden and named
    :data:`HIDDEN`, placed apart where the game keeps places."""
    encounter = sample_fight(
        game,
        ("character", "Party", None),
        ("monster", "Monsters", None),
        ("monster", "Monsters", None),
    )
    hidden = encounter.combatants[2]
    encounter = core.update_combatant(encounter, hidden.id, hidden=True, name=HIDDEN)
    if encounter.position_model.kind == "distance":  # a distance no one else stands at
        encounter = core.set_position(
            encounter,
            encounter.combatants[0].id,
            hidden.id,
            HIDDEN_DISTANCE,
            log=False,
            mover=hidden.id,
        )
    return encounter


@contextmanager
def serving(encounter: core.Encounter) -> Iterator[tuple[TableServer, list[Event]]]:
    events: list[Event] = []
    server = TableServer(events.append)
    server.start("127.0.0.1")
    server.publish(state_of(players_copy(encounter)))  # as the window does
    try:
        yield server, events
    finally:
        server.stop()


class Phone:
    """One phone's HTTP session and socket; every text it received is kept in ``seen``."""

    def __init__(self, session: aiohttp.ClientSession, base: str) -> None:
        self.session = session
        self.base = base
        self.seen: list[str] = []
        self.token = ""
        self.socket: aiohttp.ClientWebSocketResponse | None = None

    async def get(self, path: str, token: str | None = None) -> tuple[int, str]:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        async with self.session.get(self.base + path, headers=headers) as response:
            text = await response.text()
            self.seen.append(text)
            return response.status, text

    async def post(self, path: str, body: bytes | str) -> tuple[int, str]:
        async with self.session.post(
            self.base + path, data=body, headers={"Content-Type": "application/json"}
        ) as response:
            text = await response.text()
            self.seen.append(text)
            return response.status, text

    async def join(self, code: str, name: str = "Ann") -> str:
        status, text = await self.post("api/join", json.dumps({"code": code, "name": name}))
        assert status == 200, text
        self.token = json.loads(text)["token"]
        return self.token

    async def open(self, token: str | None = None) -> dict[str, Any]:
        self.socket = await self.session.ws_connect(self.base + "ws")
        await self.socket.send_str(json.dumps({"type": "hello", "token": token or self.token}))
        return await self.receive()

    async def send(self, message: dict[str, Any] | str) -> None:
        assert self.socket is not None
        await self.socket.send_str(message if isinstance(message, str) else json.dumps(message))

    async def receive(self, timeout: float = 5.0) -> dict[str, Any]:
        assert self.socket is not None
        message = await self.socket.receive(timeout=timeout)
        if message.type != aiohttp.WSMsgType.TEXT:
            return {"type": "closed", "code": self.socket.close_code}
        self.seen.append(message.data)
        result: dict[str, Any] = json.loads(message.data)
        return result

    async def close(self) -> None:
        if self.socket is not None:
            await self.socket.close()


def run(coroutine: Any) -> Any:
    return asyncio.run(coroutine)


async def until(condition: Any, seconds: float = 5.0) -> None:
    for _ in range(int(seconds / 0.02)):
        if condition():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("the condition never held")
