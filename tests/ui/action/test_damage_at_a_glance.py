"""An attack's damage at a glance (issue 28): OSE listed every face of the die ("1: 12.5 %,
2: 12.5 %, … 8: 12.5 %") and AD&D none. Every game whose preview gives the damage's spread
shows its average and range, the chance to kill, and every damage only on demand."""

from __future__ import annotations

import re
from typing import Any

import pytest
from PySide6.QtCore import Qt

from m3desk.core import registry
from tests.ui.action.sample_fights import GAMES, open_dialog, sample_fight

GENERIC = [
    g
    for g in GAMES
    if registry.get(g).encounter is not None and registry.get(g).encounter.resolve is not None
]  # type: ignore[union-attr]
SUMMARY = re.compile(r"average \d+\.\d, \d+(–\d+)?")


@pytest.mark.parametrize("game", GENERIC)
def test_damage_reads_average_and_range_with_each_damage_on_demand(qtbot: Any, game: str) -> None:
    dialog = open_dialog(qtbot, sample_fight(game))
    preview = dialog.current_preview()
    if not preview.spread:
        assert dialog.spread_button.isHidden()
        return
    shown = dialog.preview.text().replace("\u00a0", " ")
    assert SUMMARY.search(shown), shown
    assert not re.search(r"\b\d+: \d+\.\d %", shown), shown  # no face by face list
    assert "killed" in dialog.chance.text() or "Kills" in dialog.chance.text()
    assert dialog.spread.isHidden() and dialog.spread_button.isVisible()
    qtbot.mouseClick(dialog.spread_button, Qt.MouseButton.LeftButton)
    assert dialog.spread.isVisible()
    faces = re.findall(r"(\d+): ", dialog.spread.text())
    assert faces == [label for label, _chance in preview.spread]
