"""Encounter → Share with Players' Phones…: off until the GM starts it, the address, its QR
code and the join code shown, a new code on request, and the sharing ends with the tab."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from m3desk.ui.main_window import MainWindow
from m3desk.ui.phones import PhonesDialog


def test_the_encounter_menu_shares_with_phones_until_the_tab_closes(
    window: MainWindow, saved_encounter: Path, qtbot
) -> None:
    record = window.open_path(saved_encounter)
    assert record is not None
    menu = window.menu_actions.menus["encounter"]
    [share] = [a for a in menu.actions() if a.text() == "Share w&ith Players' Phones…"]
    share.trigger()
    dialog = record.page.findChild(PhonesDialog, "phones_dialog")
    assert isinstance(dialog, PhonesDialog) and dialog.isVisible()
    assert not dialog.server.running  # off by default
    assert dialog.state_label.text() == "Off: no phone can reach this computer."
    assert dialog.where.currentData() != "0.0.0.0"  # never every network unless chosen
    dialog.where.setCurrentIndex(dialog.where.findData("127.0.0.1"))
    qtbot.mouseClick(dialog.share_button, Qt.MouseButton.LeftButton)
    assert dialog.server.running
    assert dialog.address_label.text() == f"http://127.0.0.1:{dialog.server.port}/"
    assert dialog.state_label.text().startswith("Listening on this computer only")
    code = dialog.code_label.text()
    assert len(code) == 6 and code == dialog.server.code
    assert dialog.qr_label.pixmap() is not None and not dialog.qr_label.pixmap().isNull()
    qtbot.mouseClick(dialog.new_code_button, Qt.MouseButton.LeftButton)
    assert dialog.code_label.text() != code and dialog.code_label.text() == dialog.server.code
    server = dialog.server
    assert window.close_current()
    assert not server.running  # the tab closed: no phone can reach it any more
