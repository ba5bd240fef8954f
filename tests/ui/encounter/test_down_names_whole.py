"""A fallen combatant's name reads whole in the tracker (issue 28): "First One Mummy 5
(down)" was cut to "First One Mummy 5 …" (and AD&D's "Goblin 1 (…") because the Name column
was fitted to the names without the word the cell adds when one falls. The column keeps that
room from the start, so it does not widen under the pointer when someone drops either.
At 150 % with twelve combatants (AD&D) the room was the first width given back when the
tab was narrow, and "Goblin 1 (…" was cut again: it now gives way after every other column.
Every installed game, fights of 8 and 12, the tab on both real screens beside the dock."""

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
from m3desk.ui.encounter.widget import EncounterWidget

DOCK = 240
"""The bestiary dock beside the tab, in logical pixels."""


SCREENS = {"1366x768@100": (1366 - DOCK, 728), "1600x1000@150": (1067 - DOCK, 627)}
"""The encounter tab on each real screen in logical pixels: the window less the taskbar,
less the bestiary dock beside it (at 150 % the same fonts on two thirds of the room)."""


def _settled(qtbot: Any, header: Any) -> list[int]:
    """The header's section positions once two reads 100 ms apart agree (at most 3 s)."""
    last: list[int] = []
    for _ in range(30):
        qtbot.wait(100)
        now = [header.sectionPosition(n) for n in range(header.count())]
        if now == last:
            return now
        last = now
    return last


@pytest.mark.parametrize("count", (8, 12))
@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("game", [system.id for system in registry.systems()])
def test_a_fallen_name_reads_whole_and_the_columns_hold_still(
    qtbot: Any, game: str, screen: str, count: int
) -> None:
    files = sample_files(game)
    characters = [p for p in files if p.suffix == ".m3c"][:4]
    monsters = [p for p in files if p.suffix == ".m3m"]
    chosen = list(characters)
    while len(chosen) < count:
        chosen.append(monsters[(len(chosen) - len(characters)) % len(monsters)])
    widget = EncounterWidget(new_encounter_document(chosen))
    qtbot.addWidget(widget)
    widget.resize(*SCREENS[screen])
    widget.show()
    qtbot.waitExposed(widget)
    view = widget.tracker
    model = view.tracker_model
    name = model.column_of(Column.NAME)
    pool = next(
        c
        for c in range(model.columnCount())
        if model.index(0, c).data(TrackerRole.POOL) is not None
    )
    header = view.horizontalHeader()
    # The splitters' first sizes, then the columns squeezed to them: a loaded machine may
    # take more than one pass of the event loop, so the columns are read once they settle.
    before = _settled(qtbot, header)
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
    # The fallen one says so: "(down)" after the name, or where the tab has no room for the
    # word, the name struck through and the word in its tooltip.
    fallen = model.index(longest, name)
    font = fallen.data(Qt.ItemDataRole.FontRole)
    assert font is not None and font.strikeOut()
    assert str(fallen.data()).endswith("(down)") or "down" in fallen.data(
        Qt.ItemDataRole.ToolTipRole
    )
    assert str(fallen.data()).startswith(model.rows[longest].combatant.name)
