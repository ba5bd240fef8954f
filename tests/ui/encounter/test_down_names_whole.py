"""A fallen combatant's name reads whole in the tracker (issue 28): "First One Mummy 5
(down)" was cut to "First One Mummy 5 …" (and AD&D's "Goblin 1 (…") because the Name column
was fitted to the names without the word the cell adds when one falls. The column keeps that
room from the start, so it does not widen under the pointer when someone drops either.
Every installed game, a fight of eight, a tab as wide as the 1366-px window leaves it."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QApplication

from m3desk.assets import sample_files
from m3desk.core import registry
from m3desk.ui.encounter.new_document import new_encounter_document
from m3desk.ui.encounter.tracker_columns import Column, TrackerRole
from m3desk.ui.encounter.tracker_view import TrackerView


@pytest.mark.parametrize("game", [system.id for system in registry.systems()])
def test_a_fallen_name_reads_whole_and_the_columns_hold_still(qtbot: Any, game: str) -> None:
    files = sample_files(game)
    characters = [p for p in files if p.suffix == ".m3c"][:4]
    monsters = [p for p in files if p.suffix == ".m3m"]
    chosen = list(characters)
    while len(chosen) < 8:
        chosen.append(monsters[(len(chosen) - len(characters)) % len(monsters)])
    view = TrackerView(new_encounter_document(chosen))
    qtbot.addWidget(view)
    view.resize(1100, 420)
    view.show()
    qtbot.waitExposed(view)
    model = view.tracker_model
    name = model.column_of(Column.NAME)
    pool = next(c for c in range(model.columnCount())
                if model.index(0, c).data(TrackerRole.POOL) is not None)
    header = view.horizontalHeader()
    before = [header.sectionPosition(n) for n in range(header.count())]
    longest = max(range(model.rowCount()), key=lambda r: len(str(model.index(r, name).data())))
    assert model.setData(model.index(longest, pool), "0", Qt.ItemDataRole.EditRole)
    QApplication.processEvents()
    after = [header.sectionPosition(n) for n in range(header.count())]
    assert after == before, "the columns moved when a combatant fell"
    bold = QFont(view.font())
    bold.setBold(True)
    metrics = QFontMetrics(bold)
    for row in range(model.rowCount()):
        text = str(model.index(row, name).data())
        room = view.visualRect(model.index(row, name)).width() - 6  # the style's text margins
        assert metrics.horizontalAdvance(text) <= room, (game, text, room)
    assert any(str(model.index(r, name).data()).endswith("(down)")
               for r in range(model.rowCount()))
