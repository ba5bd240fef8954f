"""The tracker's hit-point bars say how hurt, as the player view's words do (issue 19 §9).

The bars were one colour at any health. Now a bar's colour follows the player view's
thresholds (one definition, ``ui/encounter/health.py``), in light and dark, and the cell's
tooltip says the word, so colour is never the only cue.
"""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage, QPalette
from PySide6.QtWidgets import QApplication

from m3desk.assets import sample_files
from m3desk.core import registry
from m3desk.ui.contrast import contrast_ratio
from m3desk.ui.encounter.health import health_fill, perceived
from m3desk.ui.encounter.new_document import new_encounter_document
from m3desk.ui.encounter.tracker_columns import TrackerRole
from m3desk.ui.encounter.tracker_view import TrackerView
from m3desk.ui.theme import dark_palette

GROUP = QPalette.ColorGroup.Normal


def _close(a: QColor, b: QColor) -> bool:
    return all(abs(x - y) <= 10 for x, y in zip(a.getRgb()[:3], b.getRgb()[:3], strict=True))


def _pool_column(view: TrackerView) -> int:
    model = view.tracker_model
    return next(
        column
        for column in range(model.columnCount())
        if model.index(0, column).data(TrackerRole.POOL) is not None
    )


def _hurt(view: TrackerView, column: int) -> dict[int, str]:
    """Row by row: unhurt, wounded, badly wounded, down, typed into the HP cells."""
    model = view.tracker_model
    pools = {
        row: model.index(row, column).data(TrackerRole.POOL)
        for row in range(min(model.rowCount(), 4))
    }
    # The largest pool is the one that can be wounded but not badly (more than half left).
    by_size = sorted(pools, key=lambda row: -pools[row][1])
    wanted = {}
    for row, how in zip(by_size, ("wounded", "unhurt", "badly wounded", "down"), strict=True):
        maximum = pools[row][1]
        target = {
            "unhurt": maximum,
            "wounded": maximum - 1,
            "badly wounded": maximum // 2,
            "down": 0,
        }[how]
        wanted[row] = model.combatant_id(row)
        assert model.setData(model.index(row, column), str(target), Qt.ItemDataRole.EditRole)
    rows = {model.combatant_id(row): row for row in range(model.rowCount())}
    words = {}
    for combatant in wanted.values():
        row = rows[combatant]
        words[row] = perceived(*model.index(row, column).data(TrackerRole.POOL))
    return words


def _count_close(image: QImage, rect: Any, colour: QColor, ratio: float) -> int:
    found = 0
    for x in range(rect.left() + 2, rect.right() - 2):
        for y in range(rect.top() + 2, rect.bottom() - 2):
            if _close(image.pixelColor(int(x * ratio), int(y * ratio)), colour):
                found += 1
    return found


@pytest.mark.parametrize("dark", [False, True])
@pytest.mark.parametrize("game", [s.id for s in registry.systems()])
def test_each_health_has_its_colour_and_its_word(qtbot, game: str, dark: bool) -> None:
    files = sample_files(game)
    document = new_encounter_document(files[:2] + files[-2:], name="Bars")
    view = TrackerView(document)
    qtbot.addWidget(view)
    if dark:
        view.setPalette(dark_palette())
    view.resize(1300, 400)
    view.show()
    qtbot.waitExposed(view)
    column = _pool_column(view)
    words = _hurt(view, column)
    assert sorted(words.values()) == sorted(["unhurt", "wounded", "badly wounded", "down"])
    view.clearSelection()
    QApplication.processEvents()
    image = view.viewport().grab().toImage()
    ratio = image.width() / view.viewport().width()
    palette = view.palette()
    fills = {}
    model = view.tracker_model
    for row, word in words.items():
        index = model.index(row, column)
        fill = health_fill(palette, GROUP, word)
        fills[word] = fill
        rect = view.visualRect(index)
        assert _count_close(image, rect, fill, ratio) > 10, f"{word}: no {fill.name()} in bar"
        tip = str(index.data(Qt.ItemDataRole.ToolTipRole))
        assert f": {word}" in tip.splitlines()[0], tip
    # Wounded and unhurt share the healthy colour; badly wounded and down stand apart from it
    # and from each other, and every fill stands apart from the empty track.
    base = palette.color(GROUP, QPalette.ColorRole.Base)
    assert fills["unhurt"] == fills["wounded"]
    assert len({fills[w].name() for w in ("wounded", "badly wounded", "down")}) == 3
    for fill in fills.values():
        assert contrast_ratio(fill, base) >= 1.6
