"""The menu-only encounter commands have Alt keys of their own (a shared letter makes the
key cycle between them instead of opening one)."""

from __future__ import annotations

import re
from typing import Any

from PySide6.QtWidgets import QWidget

from m3desk.ui.encounter.encounter_actions import EncounterActions


def test_encounter_commands_have_distinct_mnemonics(qtbot: Any) -> None:
    host = QWidget()
    qtbot.addWidget(host)
    actions = EncounterActions(host, host)
    texts = [a.text() for a in actions.all()] + [actions.remove_condition_menu.title()]
    letters = [
        match.group(1).lower()
        for text in texts
        if (match := re.search(r"&([^&])", text)) is not None
    ]
    for only_in_menus in (
        actions.table_rules,
        actions.board_window,
        actions.write_back,
        actions.export_log,
    ):
        letter = re.search(r"&([^&])", only_in_menus.text())
        assert letter is not None
        assert letters.count(letter.group(1).lower()) == 1, only_in_menus.text()
