"""Whatever the GM drags in the encounter tab is remembered (issue 28): the log's height
under the tracker and, in a game of bands, the board's width beside the log, for the next
encounter (the map's share beside a distance game's tracker already was)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication

from m3desk.assets import sample_files
from m3desk.core import registry
from m3desk.ui.encounter.new_document import new_encounter_document
from m3desk.ui.encounter.widget import EncounterWidget


def _tab(qtbot, game: str, splits: dict[str, float] | None = None) -> EncounterWidget:
    widget = EncounterWidget(
        new_encounter_document(sample_files(game)[:4], name="Drag"), splits=splits
    )
    qtbot.addWidget(widget)
    widget.resize(1100, 650)
    widget.show()
    qtbot.waitExposed(widget)
    for _ in range(6):  # the first split waits for the first layout passes (timers at 0)
        QApplication.processEvents()
    return widget


def _drag(qtbot, splitter, dy: int, dx: int = 0) -> None:
    handle = splitter.handle(1)
    middle = handle.rect().center()
    qtbot.mousePress(handle, Qt.MouseButton.LeftButton, pos=middle)
    qtbot.mouseMove(handle, middle + QPoint(dx, dy))
    qtbot.mouseRelease(handle, Qt.MouseButton.LeftButton, pos=middle + QPoint(dx, dy))


def _share(splitter) -> float:
    sizes = splitter.sizes()
    return sizes[1] / sum(sizes)


@pytest.mark.parametrize("game", [g.id for g in registry.systems()])
def test_the_dragged_splitters_hold_for_the_next_encounter(qtbot, game: str) -> None:
    widget = _tab(qtbot, game)
    kept: dict[str, float] = {}
    widget.split_changed.connect(lambda name, share: kept.__setitem__(name, share))
    before = _share(widget.tracker_splitter)
    _drag(qtbot, widget.tracker_splitter, dy=-40)  # the log taller
    assert "log" in kept and kept["log"] > before + 0.02
    if widget.map is None:
        _drag(qtbot, widget.board_splitter, dy=0, dx=-60)  # the board wider
        assert "board" in kept
    following = _tab(qtbot, game, splits=kept)
    assert abs(_share(following.tracker_splitter) - kept["log"]) < 0.02
    if "board" in kept:
        assert abs(_share(following.board_splitter) - kept["board"]) < 0.02
