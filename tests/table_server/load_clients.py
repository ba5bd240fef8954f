"""Phones for the load test, in a process of their own (as phones are): ``LIVE`` devices that
join and follow every change, and ``CHURN`` clients that connect and drop all the while
(no token, a forged one, the page only, a join then leave).

Usage: python -m tests.table_server.load_clients BASE CODE SECONDS LIVE CHURN
Prints one JSON line: each live device's sequence numbers, in the order received.
BASE "self" plays the same load against a stand-in server in this very process: the
machine as loaded as in the real run, the GM's window serving no one (the baseline).
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
import time

import aiohttp
from aiohttp import web


async def live(
    http: aiohttp.ClientSession, base: str, code: str, name: str, until: float
) -> list[int]:
    async with http.post(base + "api/join", json={"code": code, "name": name}) as response:
        token = (await response.json())["token"]
    seen: list[int] = []
    async with http.ws_connect(base + "ws") as socket:
        await socket.send_str(json.dumps({"type": "hello", "token": token}))
        while True:  # to the end, then on until the changes stop coming
            try:
                message = await socket.receive(timeout=1.0)
            except TimeoutError:
                if time.monotonic() > until:
                    break
                continue
            if message.type != aiohttp.WSMsgType.TEXT:
                break
            data = json.loads(message.data)
            if data.get("type") == "state":
                seen.append(int(data["seq"]))
    return seen


async def churn(
    http: aiohttp.ClientSession, base: str, code: str, number: int, until: float
) -> tuple[int, int]:
    rounds = stayed = 0  # stayed: joins whose leave could not be sent (the socket failed)
    chance = random.Random(number)
    while time.monotonic() < until:
        rounds += 1
        way = chance.randrange(4)
        try:
            if way == 0:
                async with http.ws_connect(base + "ws") as socket:
                    await asyncio.sleep(chance.random() * 0.05)
            elif way == 1:
                async with http.ws_connect(base + "ws") as socket:
                    await socket.send_str(json.dumps({"type": "hello", "token": "F" * 32}))
                    await socket.receive(timeout=2)
            elif way == 2:
                async with http.get(base) as response:
                    await response.read()
            else:
                async with http.post(
                    base + "api/join", json={"code": code, "name": f"c{number}"}
                ) as response:
                    answer = await response.json()
                if "token" in answer:
                    stayed += 1  # until its leave is sent
                    async with http.ws_connect(base + "ws") as socket:
                        await socket.send_str(
                            json.dumps({"type": "hello", "token": answer["token"]})
                        )
                        try:
                            await socket.receive(timeout=2)
                        finally:  # a slow answer still ends in a leave, as a phone's would
                            await socket.send_str(json.dumps({"type": "leave"}))
                            stayed -= 1
        except (TimeoutError, aiohttp.ClientError):
            pass
        await asyncio.sleep(0.2 + chance.random() * 0.8)  # a few times a second each
    return rounds, stayed


async def stand_in() -> tuple[web.AppRunner, str]:
    """A server that answers like the table's (a token for any code, one state a socket)."""

    async def join(_request: web.Request) -> web.Response:
        return web.json_response({"token": "S" * 32})

    async def socket(request: web.Request) -> web.WebSocketResponse:
        answer = web.WebSocketResponse()
        await answer.prepare(request)
        async for _message in answer:
            await answer.send_str(json.dumps({"type": "state", "seq": 1}))
        return answer

    async def page(_request: web.Request) -> web.Response:
        return web.Response(text="page")

    app = web.Application()
    app.router.add_get("/", page)
    app.router.add_post("/api/join", join)
    app.router.add_get("/ws", socket)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    return runner, f"http://127.0.0.1:{port}/"


async def main(base: str, code: str, seconds: float, lives: int, churners: int) -> None:
    runner = None
    if base == "self":
        runner, base = await stand_in()
    until = time.monotonic() + seconds
    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector) as http:
        results = await asyncio.gather(
            *(live(http, base, code, f"live{n}", until + 1.0) for n in range(lives)),
            *(churn(http, base, code, n, until) for n in range(churners)),
        )
    if runner is not None:
        await runner.cleanup()
    comers = results[lives:]
    print(
        json.dumps(
            {
                "live": results[:lives],
                "churn": sum(r for r, _s in comers),
                "stayed": sum(s for _r, s in comers),
            }
        )
    )


if __name__ == "__main__":
    base, code, seconds, lives, churners = sys.argv[1:6]
    asyncio.run(main(base, code, float(seconds), int(lives), int(churners)))
