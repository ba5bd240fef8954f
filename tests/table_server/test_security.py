"""What the phones may learn and do: nothing hidden, nothing without a token, nothing for a
character the phone does not play, and nothing at all from a message out of bounds.

Played over every installed game's sample fight with a hidden monster placed at a distance
no one else stands at: every byte any request returns (the page, the API with and without a
token, the socket before and after a claim) is searched for its name, its id and that
distance.
"""

from __future__ import annotations

import json
import re
from typing import Any

import aiohttp
import pytest

from m3desk.core import registry
from m3desk.core.players import players_copy
from m3desk.table_server.messages import MAX_MESSAGE
from m3desk.table_server.network import AddressRefused, check_host
from m3desk.table_server.view import state_of
from tests.table_server.serving import (
    HIDDEN,
    HIDDEN_DISTANCE,
    Phone,
    fight_with_a_hidden_foe,
    run,
    serving,
)

GAMES = [system.id for system in registry.systems()]


@pytest.mark.parametrize("game", GAMES)
def test_no_response_ever_names_a_hidden_combatant_or_its_distance(game: str) -> None:
    encounter = fight_with_a_hidden_foe(game)
    hidden = next(c for c in encounter.combatants if c.hidden)
    character = encounter.combatants[0]
    shown = encounter.combatants[1]

    async def session(server: Any, events: list[Any]) -> list[str]:
        async with aiohttp.ClientSession() as http:
            phone = Phone(http, server.address())
            for path in ("", "page.js", "page.css", "api/state", "ws", "nothing", "api/join"):
                await phone.get(path)
            await phone.get("api/state", token="x" * 32)
            await phone.post("api/join", json.dumps({"code": "WRONG1", "name": "Eve"}))
            await phone.join(server.code)
            await phone.get("api/state", token=phone.token)
            state = await phone.open()
            assert [c["name"] for c in state["claimable"]] == [character.name]
            # The board is sent (lanes or the map), around the party before a claim.
            assert state["board"]["centre_name"] == character.name
            assert state["board"]["kind"] in ("lanes", "map")
            await phone.send({"type": "claim", "combatant": character.id})
            await phone.receive()
            server.confirm_claim(events[-1].device)
            sheet = await phone.receive()
            assert sheet["sheet"]["name"] == character.name
            # Claiming the hidden monster is refused like any id not at the table.
            await phone.send({"type": "claim", "combatant": hidden.id})
            refused = await phone.receive()
            assert refused["type"] == "refused"
            # The character's actions and their chances: aimed at the one foe shown only.
            actions = sheet["acts"]["actions"]
            assert actions, "every game offers its actions through the seam"
            assert [t["name"] for t in sheet["acts"]["targets"]] == [shown.name]
            for action in actions:
                await phone.send(
                    {
                        "type": "preview",
                        "combatant": character.id,
                        "action": action["id"],
                        "target": shown.id,
                    }
                )
                answer = await phone.receive()
                assert answer["type"] == "preview", answer
            # Aimed at the hidden one, or an action made for it, the phone is refused.
            forged = [a["id"] for a in actions] or ["attack"]
            forged.append(f"attack:0:{hidden.id}")
            for action_id in forged:
                for kind in ("preview", "roll"):
                    await phone.send(
                        {
                            "type": kind,
                            "combatant": character.id,
                            "action": action_id,
                            "target": hidden.id,
                            **({"kind": "attack", "faces": [20]} if kind == "roll" else {}),
                        }
                    )
                    refused = await phone.receive()
                    assert refused["type"] == "refused", refused
            await phone.send(
                {
                    "type": "preview",
                    "combatant": character.id,
                    "action": f"attack:0:{hidden.id}",
                    "target": None,
                }
            )
            refused = await phone.receive()
            assert refused["type"] == "refused", refused
            await phone.get("api/state", token=phone.token)
            await phone.close()
            return phone.seen

    with serving(encounter) as (server, events):
        seen = run(session(server, events))
    everything = "\n".join(seen)
    assert character.name in everything  # the search reads what the phone was sent
    assert HIDDEN not in everything
    # The hidden id appears only where the test itself sent it (never in a reply).
    assert all(hidden.id not in text for text in seen)
    assert [e.kind for e in events if e.kind == "roll"] == []  # no forged roll reached the GM
    # as a number, never as three digits of a random id ("f7375e5f89" was one)
    assert not re.search(rf"(?<![\w.]){HIDDEN_DISTANCE}(?!\w|\.\d)", everything)
    place = encounter.places.get(hidden.id)
    if place is not None:  # where it stands on the map is not sent either
        assert json.dumps(place.x) not in everything or json.dumps(place.y) not in everything


def test_the_phones_state_is_the_players_copy_and_nothing_more() -> None:
    encounter = fight_with_a_hidden_foe("ose")
    state = state_of(players_copy(encounter))
    text = json.dumps(state.table) + json.dumps(state.sheets)
    assert HIDDEN not in text
    shown = [line["name"] for line in state.table["order"]]
    assert shown == [c.name for c in players_copy(encounter).combatants]


def _refusals(server: Any, events: list[Any], character: str) -> Any:
    async def session() -> dict[str, Any]:
        async with aiohttp.ClientSession() as http:
            owner = Phone(http, server.address())
            await owner.join(server.code, "Ann")
            await owner.open()
            other = Phone(http, server.address())
            await other.join(server.code, "Bob")
            await other.open()
            answers: dict[str, Any] = {}
            # A token that was never given, and one a letter off Ann's.
            forged = Phone(http, server.address())
            answers["forged"] = await forged.open("A" * 32)
            answers["forged_state"] = await forged.get("api/state", token="A" * 32)
            near = owner.token[:-1] + ("A" if owner.token[-1] != "A" else "B")
            answers["near"] = await Phone(http, server.address()).open(near)
            # Bob sends dice for Ann's character before anyone claimed it, then after.
            await other.send(
                {"type": "roll", "combatant": character, "kind": "attack", "faces": [20]}
            )
            answers["unclaimed"] = await other.receive()
            await owner.send({"type": "claim", "combatant": character})
            await owner.receive()
            server.confirm_claim(next(e.device for e in events if e.kind == "claim"))
            await owner.receive()
            await other.send(
                {"type": "roll", "combatant": character, "kind": "attack", "faces": [20]}
            )
            answers["not_his"] = await other.receive()
            await other.send({"type": "claim", "combatant": character})
            answers["taken"] = await other.receive()
            # Out of bounds, malformed and hostile messages.
            for name, raw in (
                ("not_json", "{roll"),
                ("unknown", {"type": "apply", "combatant": character}),
                (
                    "extra",
                    {
                        "type": "roll",
                        "combatant": character,
                        "kind": "attack",
                        "faces": [20],
                        "hit_points": 0,
                    },
                ),
                (
                    "face",
                    {"type": "roll", "combatant": character, "kind": "attack", "faces": [1000]},
                ),
                (
                    "faces",
                    {"type": "roll", "combatant": character, "kind": "attack", "faces": [1] * 13},
                ),
                ("kind", {"type": "roll", "combatant": character, "kind": "heal", "faces": [6]}),
                (
                    "typed",
                    {"type": "roll", "combatant": character, "kind": "attack", "faces": ["20"]},
                ),
                ("deep", "[" * 1000 + "]" * 1000),
            ):
                await owner.send(raw)
                answers[name] = await owner.receive()
            # An oversized frame closes the socket; an oversized join is refused.
            await owner.send(json.dumps({"type": "leave", "pad": "x" * (MAX_MESSAGE * 2)}))
            answers["oversized"] = await owner.receive()
            answers["oversized_join"] = await owner.post(
                "api/join", json.dumps({"code": server.code, "name": "x" * MAX_MESSAGE * 2})
            )
            answers["long_name"] = await owner.post(
                "api/join", json.dumps({"code": server.code, "name": "x" * 31})
            )
            answers["markup_name"] = await owner.post(
                "api/join", json.dumps({"code": server.code, "name": "<b>\u0007</b>"})
            )
            return answers

    return run(session())


def test_forged_foreign_oversized_and_malformed_messages_change_nothing() -> None:
    encounter = fight_with_a_hidden_foe("ose")
    character = encounter.combatants[0].id
    with serving(encounter) as (server, events):
        answers = _refusals(server, events, character)
        devices = server.devices()
    assert answers["forged"]["type"] == "refused" and answers["forged"]["join"]
    assert answers["forged_state"][0] == 401
    assert answers["near"]["type"] == "refused"
    assert answers["unclaimed"] == {
        "type": "refused",
        "text": "This phone does not play that character.",
    }
    assert answers["not_his"]["type"] == "refused"
    assert answers["taken"]["type"] == "refused"
    for name in ("not_json", "unknown", "extra", "face", "faces", "kind", "typed", "deep"):
        assert answers[name]["type"] == "refused", name
    assert answers["oversized"]["type"] == "closed"
    assert answers["oversized_join"][0] == 413
    assert answers["long_name"][0] == 400
    assert answers["markup_name"][0] == 400
    # Only Ann's one confirmed claim reached the window; no roll at all.
    assert [e.kind for e in events if e.kind == "roll"] == []
    assert sorted(d.name for d in devices) == ["Ann", "Bob"]
    assert [d.character for d in devices if d.name == "Ann"] == [character]
    assert [d.character for d in devices if d.name == "Bob"] == [""]


def test_a_dropped_phone_and_an_old_code_get_nothing() -> None:
    encounter = fight_with_a_hidden_foe("ose")

    async def session(server: Any) -> tuple[Any, ...]:
        async with aiohttp.ClientSession() as http:
            phone = Phone(http, server.address())
            old_code = server.code
            await phone.join(old_code)
            await phone.open()
            device = server.devices()[0].id
            server.drop(device)
            dropped = await phone.receive()
            after = await phone.get("api/state", token=phone.token)
            server.new_code()
            late = await Phone(http, server.address()).post(
                "api/join", json.dumps({"code": old_code, "name": "Cy"})
            )
            return dropped, after, late

    with serving(encounter) as (server, _events):
        dropped, after, late = run(session(server))
    assert dropped["type"] == "refused" and dropped["join"]
    assert after[0] == 401
    assert late[0] == 403


@pytest.mark.parametrize("host", ["8.8.8.8", "0.0.0.0", "example.org", "224.0.0.1"])
def test_public_and_catch_all_addresses_are_refused(host: str) -> None:
    with pytest.raises(AddressRefused):
        check_host(host)


def test_the_local_network_and_a_chosen_catch_all_are_allowed() -> None:
    assert check_host("192.168.1.20") == "192.168.1.20"
    assert check_host("127.0.0.1") == "127.0.0.1"
    assert check_host("0.0.0.0", allow_any=True) == "0.0.0.0"
