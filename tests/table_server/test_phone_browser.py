"""A player's phone, as a real headless browser at phone size, against the running app.

The GM shares the encounter from its tab's window; the phone joins by the code, sees the order
change when the GM presses Next Turn (within 200 ms: the page notes when its heading changed),
claims a character the GM confirms with a click, and sends an attack's dice, which the GM's
action dialog opens with; the GM applies, and the phone shows the foe's new wounds.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt

from m3desk.ui.phones import show_phones
from tests.table_server.browser import need_chromium, phone_browser
from tests.table_server.table import ose_table
from tests.ui.action.any_dialog import when_the_dialog_opens

LATENCY = 0.2
WATCH = """
window.__changed = null;
new MutationObserver(() => { window.__changed = Date.now(); })
  .observe(document.getElementById('heading'), {childList: true, characterData: true,
                                                subtree: true});
"""


def _wait(driver: Any, condition: Any, seconds: float = 10.0) -> Any:
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, seconds, poll_frequency=0.02).until(condition)


def _text(driver: Any, element_id: str) -> str:
    return str(driver.find_element("id", element_id).text)


def test_a_phone_joins_follows_claims_and_sends_an_attack(qtbot: Any, tmp_path: Path) -> None:
    need_chromium()
    widget = ose_table(qtbot)
    document = widget.document
    hidden = next(c for c in document.encounter.combatants if c.hidden)
    dialog = show_phones(widget)
    qtbot.addWidget(dialog)
    assert dialog.start("127.0.0.1")
    with phone_browser(tmp_path / "profile") as driver:
        # Without a token the phone gets the join page only.
        driver.get(dialog.address_label.text())
        _wait(driver, lambda d: d.find_element("id", "join").is_displayed())
        driver.find_element("id", "code").send_keys(dialog.code_label.text())
        driver.find_element("id", "name").send_keys("Ann's phone")
        driver.find_element("id", "join-button").click()
        _wait(driver, lambda d: d.find_element("id", "order").text.strip())
        assert _text(driver, "heading") == "Round 1 — Morgan Ironwolf"
        order = _text(driver, "order")
        assert "Goblin 1 · unhurt" in order and hidden.name not in order

        # Next Turn in the GM's window: the phone follows within 200 ms.
        driver.execute_script(WATCH)
        started = time.time()
        widget.encounter_actions.next_turn.trigger()
        _wait(driver, lambda d: d.execute_script("return window.__changed"), 5)
        changed = driver.execute_script("return window.__changed") / 1000
        assert _text(driver, "heading") == "Round 1 — Silverleaf"
        assert changed - started < LATENCY, f"{(changed - started) * 1000:.0f} ms"

        # Claim Morgan; the GM confirms in the window with a click.
        claim = next(b for b in driver.find_elements("css selector", "#claimable button")
                     if b.text == "I play Morgan Ironwolf")
        claim.click()
        qtbot.waitUntil(lambda: dialog.devices.topLevelItemCount() == 1
                        and dialog.devices.topLevelItem(0).text(2) == "Morgan Ironwolf")
        dialog.devices.setCurrentItem(dialog.devices.topLevelItem(0))
        qtbot.mouseClick(dialog.confirm_button, Qt.MouseButton.LeftButton)
        _wait(driver, lambda d: d.find_element("id", "sheet-name").text == "Morgan Ironwolf")
        assert "AC 3 [16]" in _text(driver, "sheet-cells")
        qtbot.waitUntil(lambda: dialog.devices.topLevelItem(0).text(1) == "Morgan Ironwolf")

        # An attack's dice from the phone: a natural 20, then 6 for damage.
        driver.find_element("css selector", "#roll-kind option[value=attack]").click()
        driver.find_element("id", "faces").send_keys("20 6")
        driver.find_element("id", "send-roll").click()
        qtbot.waitUntil(lambda: dialog.rolls.count() == 1)
        assert dialog.rolls.item(0).text() == ("Morgan Ironwolf (Ann's phone): an attack, "
                                               "rolled 20 6")
        before = document.encounter
        assert document.encounter is before  # nothing changed until the GM applies

        def apply(view: Any) -> str:
            qtbot.waitUntil(lambda: _faces(view.dice) == ["20", "6"][:len(view.dice)])
            target = str(view.aimed_at)
            qtbot.mouseClick(view.apply_button, Qt.MouseButton.LeftButton)
            return target

        seen = when_the_dialog_opens(qtbot, apply)
        dialog.rolls.setCurrentRow(0)
        qtbot.mouseClick(dialog.put_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: len(seen) == 2, timeout=10000)
        target = seen[1]
        assert isinstance(target, str), target
        name = document.encounter.combatant(target).name
        assert document.encounter is not before
        _wait(driver, lambda d: f"{name} · unhurt" not in d.find_element("id", "order").text)
        line = next(li.text for li in driver.find_elements("css selector", "#order li")
                    if li.text.startswith(name + " "))
        assert line.split(" · ")[1] in ("wounded", "badly wounded", "down"), line
        assert hidden.name not in driver.page_source


def _faces(fields: Any) -> list[str]:
    faces = []
    for field in fields:
        value = field.value() if hasattr(field, "value") else field.text()
        faces.append(str(value))
    return faces
