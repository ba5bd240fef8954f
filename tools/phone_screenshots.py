"""The players' phone page beside the GM's window, for every game, light and dark.

For each installed game (and the tests' games with ``--test-games``), a table of ten
(:func:`tests.table_server.table.game_fight`: the party, the monsters, one hidden) is shared
from its encounter tab; a phone (Debian's Chromium, headless, 390 × 844) joins, claims the
first character, and the GM confirms. Written per game and theme: ``<game>-<theme>.png``
(the phone's screen beside the GM's window), ``<game>-<theme>-phone-full.png`` (the
whole page, scrolled), and where the character has actions ``<game>-<theme>-phone-act.png``
(the phone's screen at its action and chance) and ``<game>-<theme>-act.png`` (that screen
beside the GM's window).

    python tools/phone_screenshots.py OUTPUT_DIR [--test-games] [--only GAME]
"""

from __future__ import annotations

import argparse
import base64
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def _wait(condition: object, seconds: float = 10.0) -> None:
    from PySide6.QtWidgets import QApplication

    end = time.monotonic() + seconds
    while time.monotonic() < end:
        QApplication.processEvents()
        if condition():  # type: ignore[operator]
            return
        time.sleep(0.02)
    raise TimeoutError("the phone never showed it")


def shoot(game: str, theme: str, output: Path, profile: Path) -> list[Path]:
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QColor, QImage, QPainter

    from m3desk.core import registry
    from m3desk.ui.phones import show_phones
    from tests.table_server.browser import phone_browser
    from tests.table_server.table import game_widget

    widget = game_widget(game, (1366, 744))
    dialog = show_phones(widget)
    dialog.hide()
    assert dialog.start("127.0.0.1")
    character = next(
        c
        for c in widget.document.encounter.combatants
        if getattr(c.sheet, "kind", "") == "character"
    )
    written = []
    acting: QImage | None = None
    try:
        with phone_browser(profile, dark=theme == "dark") as driver:
            driver.get(dialog.server.address() + "#" + dialog.server.code)
            driver.find_element("id", "name").send_keys("Ann")
            driver.find_element("id", "join-button").click()
            _wait(lambda: driver.find_elements("css selector", "#claimable button"))
            button = next(
                b
                for b in driver.find_elements("css selector", "#claimable button")
                if b.get_attribute("data-id") == character.id
            )
            button.click()
            _wait(lambda: any(d.asked for d in dialog.server.devices()))
            dialog.server.confirm_claim(dialog.server.devices()[0].id)
            _wait(lambda: driver.find_element("id", "sheet-name").text == character.name)
            time.sleep(0.3)
            phone = QImage.fromData(driver.get_screenshot_as_png())
            shot = driver.execute_cdp_cmd(
                "Page.captureScreenshot", {"captureBeyondViewport": True, "format": "png"}
            )
            full = output / f"{game}-{theme}-phone-full.png"
            full.write_bytes(base64.b64decode(shot["data"]))
            written.append(full)
            if driver.find_element("id", "act").is_displayed():  # the action, its chance
                driver.execute_script("document.getElementById('act').scrollIntoView()")
                _wait(lambda: driver.find_element("id", "act-chance").text.strip())
                time.sleep(0.3)
                act = output / f"{game}-{theme}-phone-act.png"
                act.write_bytes(driver.get_screenshot_as_png())
                written.append(act)
                acting = QImage.fromData(act.read_bytes())
        gm = widget.grab().toImage()
        shown = [("", phone)] + ([("-act", acting)] if acting is not None else [])
        for suffix, screen in shown:
            screen = screen.scaledToHeight(gm.height(), Qt.TransformationMode.SmoothTransformation)
            both = QImage(gm.width() + screen.width() + 24, gm.height(), QImage.Format.Format_RGB32)
            both.fill(QColor("#808080"))
            painter = QPainter(both)
            painter.drawImage(0, 0, gm)
            painter.drawImage(gm.width() + 24, 0, screen)
            painter.end()
            side = output / f"{game}-{theme}{suffix}.png"
            both.save(str(side))
            written.append(side)
        del registry
    finally:
        dialog.stop()
        widget.close()
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("output", type=Path)
    parser.add_argument("--test-games", action="store_true")
    parser.add_argument("--only", default="")
    parser.add_argument("--theme", choices=("light", "dark", "both"), default="both")
    arguments = parser.parse_args(argv)
    from PySide6.QtWidgets import QApplication

    from m3desk.core import registry
    from m3desk.ui import dialogs
    from m3desk.ui.theme import apply_theme

    if arguments.test_games:
        from tests import games

        games.install()
    app = QApplication([sys.argv[0]])
    dialogs.set_non_interactive(True)
    arguments.output.mkdir(parents=True, exist_ok=True)
    themes = ("light", "dark") if arguments.theme == "both" else (arguments.theme,)
    for theme in themes:
        apply_theme(app, theme)
        for system in registry.systems():
            if arguments.only and system.id != arguments.only:
                continue
            with tempfile.TemporaryDirectory(prefix="m3desk-phone-") as profile:
                for path in shoot(system.id, theme, arguments.output, Path(profile)):
                    print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
