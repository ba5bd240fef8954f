"""Phones for the load test, in a process of their own (as phones are): ``LIVE`` devices that
join and follow every change, and ``CHURN`` clients that connect and drop all the while
(no token, a forged one, the page only, a join then leave).

Usage: python -m tests.table_server.load_clients BASE CODE SECONDS LIVE CHURN
Prints one JSON line: each live device's sequence numbers, in the order received.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
import time

import aiohttp


async def live(http: aiohttp.ClientSession, base: str, code: str, name: str,
               until: float) -> list[int]:
    async with http.post(base + "api/join", json={"code": code, "name": name}) as response:
        token = (await response.json())["token"]
    seen: list[int] = []
    async with http.ws_connect(base + "ws") as socket:
        await socket.send_str(json.dumps({"type": "hello", "token": token}))
        while time.monotonic() < until:
            try:
                message = await socket.receive(timeout=0.5)
            except TimeoutError:
                continue
            if message.type != aiohttp.WSMsgType.TEXT:
                break
            data = json.loads(message.data)
            if data.get("type") == "state":
                seen.append(int(data["seq"]))
    return seen


async def churn(http: aiohttp.ClientSession, base: str, code: str, number: int,
                until: float) -> int:
    rounds = 0
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
                async with http.post(base + "api/join",
                                     json={"code": code, "name": f"c{number}"}) as response:
                    answer = await response.json()
                if "token" in answer:
                    async with http.ws_connect(base + "ws") as socket:
                        await socket.send_str(json.dumps({"type": "hello",
                                                          "token": answer["token"]}))
                        await socket.receive(timeout=2)
                        await socket.send_str(json.dumps({"type": "leave"}))
        except (TimeoutError, aiohttp.ClientError):
            pass
        await asyncio.sleep(0.2 + chance.random() * 0.8)  # a few times a second each
    return rounds


async def main(base: str, code: str, seconds: float, lives: int, churners: int) -> None:
    until = time.monotonic() + seconds
    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector) as http:
        results = await asyncio.gather(
            *(live(http, base, code, f"live{n}", until + 1.0) for n in range(lives)),
            *(churn(http, base, code, n, until) for n in range(churners)))
    print(json.dumps({"live": results[:lives], "churn": sum(results[lives:])}))


if __name__ == "__main__":
    base, code, seconds, lives, churners = sys.argv[1:6]
    asyncio.run(main(base, code, float(seconds), int(lives), int(churners)))
