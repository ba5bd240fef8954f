"""The GM's window on the phones, driven by a phone (a client on its own thread): a claim
waits for Confirm, an initiative sent lands in the tracker's cell and changes nothing until
the GM presses Enter, and Drop Phone sends the phone back to the join page."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine
from typing import Any

import aiohttp
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit, QSpinBox

from m3desk.ui.phones import show_phones
from tests.table_server.serving import Phone
from tests.table_server.table import ose_table


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
        qtbot.waitUntil(lambda: dialog.devices.topLevelItemCount() == 1
                        and dialog.devices.topLevelItem(0).text(2) == morgan.name)
        assert dialog.devices.topLevelItem(0).text(1) == "—"  # asked, not yet playing
        dialog.devices.setCurrentItem(dialog.devices.topLevelItem(0))
        qtbot.mouseClick(dialog.confirm_button, Qt.MouseButton.LeftButton)
        confirmed = phones.run(phone.receive())
        assert confirmed["character"] == morgan.id
        assert confirmed["sheet"]["name"] == morgan.name
        qtbot.waitUntil(lambda: dialog.devices.topLevelItem(0).text(1) == morgan.name)

        phones.run(phone.send({"type": "roll", "combatant": morgan.id, "kind": "initiative",
                               "faces": [2]}))
        qtbot.waitUntil(lambda: dialog.rolls.count() == 1)
        assert dialog.rolls.item(0).text() == f"{morgan.name} (Bob): initiative, rolled 2"
        before = document.encounter
        dialog.rolls.setCurrentRow(0)
        qtbot.mouseClick(dialog.put_button, Qt.MouseButton.LeftButton)
        editor = dialog.initiative_editor()
        assert isinstance(editor, QLineEdit | QSpinBox), editor
        assert widget.tracker.currentIndex().row() == widget.tracker.tracker_model.row_of(
            morgan.id)
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
        assert heard[-1] == {"type": "refused", "text": "The GM dropped this phone.",
                             "join": True}
        qtbot.waitUntil(lambda: dialog.devices.topLevelItemCount() == 0)
    finally:
        phones.close()
        dialog.stop()
