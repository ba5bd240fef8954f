"""Every encounter command has its own Alt key: two with one letter would open neither."""

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
    letters = [match.group(1).lower() for text in texts
               if (match := re.search(r"&([^&])", text)) is not None]
    assert len(letters) == len(set(letters)), sorted(letters)
    assert "o" in letters  # B&oard in a Window
