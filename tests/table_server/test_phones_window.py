"""The GM's window on the phones, driven by a phone (a client on its own thread): a claim
waits for Confirm, an initiative sent lands in the tracker's cell and changes nothing until
the GM presses Enter, and Drop Phone sends the phone back to the join page."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine
from typing import Any

import aiohttp
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit, QSpinBox

from m3desk.core import registry
from m3desk.core.players import players_copy
from m3desk.table_server.view import state_of
from m3desk.ui.phones import show_phones
from tests.table_server.serving import Phone
from tests.table_server.table import game_fight, game_table, ose_table
from tests.ui.action.any_dialog import outcome, when_the_dialog_opens


class PhoneThread:
    """A phone on a thread of its own, so the window's event loop runs while it talks."""

    def __init__(self, base: str) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.base = base
        self.phone: Phone | None = None

    def run(self, work: Coroutine[Any, Any, Any]) -> Any:
        return asyncio.run_coroutine_threadsafe(work, self.loop).result(10)

    async def _open(self) -> None:
        self.phone = Phone(aiohttp.ClientSession(), self.base)

    def start(self) -> Phone:
        self.run(self._open())
        assert self.phone is not None
        return self.phone

    def close(self) -> None:
        async def shut() -> None:
            if self.phone is not None:
                await self.phone.close()
                await self.phone.session.close()

        self.run(shut())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)
        self.loop.close()


def test_an_initiative_from_a_phone_waits_in_the_tracker_for_the_gm(qtbot: Any) -> None:
    widget = ose_table(qtbot)
    document = widget.document
    morgan = document.encounter.combatants[0]
    dialog = show_phones(widget)
    qtbot.addWidget(dialog)
    assert dialog.start("127.0.0.1")
    phones = PhoneThread(dialog.server.address())
    try:
        phone = phones.start()
        phones.run(phone.join(dialog.server.code, "Bob"))
        phones.run(phone.open())
        phones.run(phone.send({"type": "claim", "combatant": morgan.id}))
        phones.run(phone.receive())
        qtbot.waitUntil(
            lambda: (
                dialog.devices.topLevelItemCount() == 1
                and dialog.devices.topLevelItem(0).text(2) == morgan.name
            )
        )
        assert dialog.devices.topLevelItem(0).text(1) == "—"  # asked, not yet playing
        dialog.devices.setCurrentItem(dialog.devices.topLevelItem(0))
        qtbot.mouseClick(dialog.confirm_button, Qt.MouseButton.LeftButton)
        confirmed = phones.run(phone.receive())
        assert confirmed["character"] == morgan.id
        assert confirmed["sheet"]["name"] == morgan.name
        qtbot.waitUntil(lambda: dialog.devices.topLevelItem(0).text(1) == morgan.name)

        phones.run(
            phone.send({"type": "roll", "combatant": morgan.id, "kind": "initiative", "faces": [2]})
        )
        qtbot.waitUntil(lambda: dialog.rolls.count() == 1)
        assert dialog.rolls.item(0).text() == f"{morgan.name} (Bob): initiative, rolled 2"
        before = document.encounter
        dialog.rolls.setCurrentRow(0)
        qtbot.mouseClick(dialog.put_button, Qt.MouseButton.LeftButton)
        editor = dialog.initiative_editor()
        assert isinstance(editor, QLineEdit | QSpinBox), editor
        assert widget.tracker.currentIndex().row() == widget.tracker.tracker_model.row_of(morgan.id)
        shown = editor.text() if isinstance(editor, QLineEdit) else str(editor.value())
        assert shown == "2"
        assert document.encounter is before  # nothing changed until the GM's Enter
        qtbot.keyClick(editor, Qt.Key.Key_Return)  # the delegate commits on its next turn
        qtbot.waitUntil(lambda: document.encounter.combatant(morgan.id).initiative == 2)
        assert dialog.rolls.count() == 0

        dialog.devices.setCurrentItem(dialog.devices.topLevelItem(0))
        qtbot.mouseClick(dialog.drop_button, Qt.MouseButton.LeftButton)
        heard = [phones.run(phone.receive())]  # the roll's receipt and states come first
        while heard[-1]["type"] in ("state", "sent") and len(heard) < 20:
            heard.append(phones.run(phone.receive()))
        assert heard[-1] == {"type": "refused", "text": "The GM dropped this phone.", "join": True}
        qtbot.waitUntil(lambda: dialog.devices.topLevelItemCount() == 0)
    finally:
        phones.close()
        dialog.stop()


def _save(game: str) -> Any:
    """The game's first action with a save die (a saving throw; Monsters & Magic's
    attribute check, how it resists), the one a save sent with no action opens on; None:
    the game has none."""
    from m3desk.core import registry

    rules = registry.get(game).encounter
    encounter = game_fight(game)
    character = encounter.combatants[0].id
    options = rules.actions(encounter, character) if rules is not None else ()
    return next(
        (o for o in options if o.group == "check" and any(d.label == "save" for d in o.dice)), None
    )


def _sent_into_the_dialog(qtbot: Any, game: str, message: Any) -> tuple[Any, ...]:
    """The game's table shared; a phone that plays the first character sends ``message``
    (its combatant filled in; a function: made from the GM's encounter); the GM puts it
    where it goes: what the action dialog showed (its action, its target, its dice) before
    the GM cancelled it."""
    widget = game_table(qtbot, game)
    document = widget.document
    character = document.encounter.combatants[0]
    dialog = show_phones(widget)
    qtbot.addWidget(dialog)
    assert dialog.start("127.0.0.1")
    phones = PhoneThread(dialog.server.address())
    try:
        phone = phones.start()
        phones.run(phone.join(dialog.server.code, "Bob"))
        phones.run(phone.open())
        phones.run(phone.send({"type": "claim", "combatant": character.id}))
        phones.run(phone.receive())
        qtbot.waitUntil(lambda: any(d.asked for d in dialog.server.devices()))
        dialog.server.confirm_claim(dialog.server.devices()[0].id)
        qtbot.waitUntil(lambda: any(d.character for d in dialog.server.devices()))
        if callable(message):
            message = message(document.encounter)
        phones.run(phone.send({**message, "combatant": character.id}))
        qtbot.waitUntil(lambda: dialog.rolls.count() == 1)
        words = dialog.rolls.item(0).text()
        before = document.encounter

        def look(view: Any) -> tuple[Any, Any, list[str]]:
            qtbot.waitUntil(lambda: _faces(view.dice)[0] not in ("0", ""))
            return view.chosen_action(), view.aimed_at, _faces(view.dice)

        seen = when_the_dialog_opens(qtbot, look)
        dialog.rolls.setCurrentRow(0)
        qtbot.mouseClick(dialog.put_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: len(seen) == 2, timeout=10000)
        assert document.encounter is before  # the GM did not apply: nothing changed
        return words, *outcome(seen)
    finally:
        phones.close()
        dialog.stop()


def _faces(fields: Any) -> list[str]:
    return [str(f.value() if hasattr(f, "value") else f.text()) for f in fields]


@pytest.mark.parametrize("game", [s.id for s in registry.systems() if _save(s.id)])
def test_a_saving_throw_from_a_phone_opens_the_save_in_the_action_dialog(
    qtbot: Any, game: str
) -> None:
    save = _save(game)
    sent = [min(15, d.sides) for d in save.dice for _ in range(d.number)]  # a d20's 15
    words, action, _target, faces = _sent_into_the_dialog(
        qtbot, game, {"type": "roll", "kind": "save", "faces": sent}
    )
    typed = " ".join(map(str, sent))
    assert words.endswith(f"a saving throw ({save.label}), rolled {typed}"), words
    assert action == save.id
    assert faces == [str(face) for face in sent]


def _acting_games() -> list[str]:
    """The games whose first character has actions through the seam (every game's now)."""
    games = []
    for system in registry.systems():
        encounter = game_fight(system.id)
        rules = system.encounter
        if rules is not None and rules.actions(encounter, encounter.combatants[0].id):
            games.append(system.id)
    return games


@pytest.mark.parametrize("game", _acting_games())
def test_dice_sent_for_an_action_open_that_action_on_that_target(qtbot: Any, game: str) -> None:
    """The action the player chose on the phone and the target they aimed at (the second
    foe, not the dialog's own default) arrive with the dice."""
    chosen: dict[str, Any] = {}

    def message(encounter: Any) -> dict[str, Any]:
        copy = players_copy(encounter)
        acts = state_of(copy).acts(copy.combatants[0].id)
        assert acts is not None
        action = next(a for a in acts["actions"] if a["group"] == "attack")
        target = [t for t in acts["targets"] if "ally" not in t["text"]][-1]
        faces = [spec["sides"] for spec in action["dice"] for _ in range(spec["number"])]
        chosen.update(action=action, target=target, faces=faces, name=copy.combatants[0].name)
        return {
            "type": "roll",
            "kind": "attack",
            "faces": faces,
            "action": action["id"],
            "target": target["id"] if action["needs_target"] else None,
        }

    words, shown, aimed, typed = _sent_into_the_dialog(qtbot, game, message)
    action, target = chosen["action"], chosen["target"]
    label = action["label"]
    assert words.startswith(chosen["name"]) and label in words
    assert str(shown) == action["id"]  # the dialog is on that very action
    assert aimed == target["id"] or not action["needs_target"]
    assert typed == [str(face) for face in chosen["faces"]]
