"""A tracker's hit-point bar says what its cell says, with the true minus, in every game:
"−5/18" (the bar drew "-5/18" in every game, and three games' cells said so too, while AD&D's
cell said "−5/14")."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QStyleOptionViewItem

from m3desk.assets import sample_files
from m3desk.core import registry
from m3desk.storage.sheet_files import load_sheet
from m3desk.ui.encounter import pool_bar_painter
from m3desk.ui.encounter.new_document import new_encounter_document
from m3desk.ui.encounter.tracker_columns import TrackerRole
from m3desk.ui.encounter.widget import EncounterWidget

GAMES = [system.id for system in registry.systems()]


def _painted_text(
    widget: EncounterWidget, row: int, column: int, monkeypatch: pytest.MonkeyPatch
) -> str:
    """The words the tracker's delegate draws on the bar of that cell."""
    drawn: list[str] = []
    real = pool_bar_painter.PoolBarPainter.paint

    def spy(self: Any, *args: Any) -> None:
        drawn.append(self.text)
        real(self, *args)

    monkeypatch.setattr(pool_bar_painter.PoolBarPainter, "paint", spy)
    view = widget.tracker
    index = view.model().index(row, column)
    image = QImage(200, 40, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    option = QStyleOptionViewItem()
    option.rect = QRectF(0, 0, 120, 24).toRect()
    option.palette = view.palette()
    option.widget = view
    option.fontMetrics = view.fontMetrics()
    view.itemDelegateForColumn(column).paint(painter, option, index)
    painter.end()
    assert drawn, "no bar was painted"
    return drawn[-1]


@pytest.mark.parametrize("game", GAMES)
def test_a_hit_point_bar_below_zero_reads_with_the_true_minus(
    qtbot: Any, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    sheets = [load_sheet(path).model for path in sample_files(game)][:2]
    widget = EncounterWidget(new_encounter_document(sheets, name="Minus"))
    qtbot.addWidget(widget)
    widget.show()
    model = widget.tracker.model()
    columns = [
        c
        for c in range(model.columnCount())
        if model.index(0, c).data(TrackerRole.POOL) is not None
        and model.flags(model.index(0, c)) & Qt.ItemFlag.ItemIsEditable
    ]
    assert columns
    column = columns[0]
    index = model.index(0, column)
    assert model.setData(index, "-5", Qt.ItemDataRole.EditRole)  # as the editor commits it
    index = model.index(0, column)
    shown = index.data(Qt.ItemDataRole.DisplayRole)
    assert shown.startswith("\u22125/"), shown
    assert _painted_text(widget, 0, column, monkeypatch) == shown
    assert "\u22125/" in index.data(Qt.ItemDataRole.ToolTipRole)
    assert "-" not in shown


@pytest.mark.parametrize("game", GAMES)
def test_hit_points_typed_past_the_maximum_are_reported_as_set(qtbot: Any, game: str) -> None:
    """99999 typed into a hit-point cell: the game keeps the maximum, and the undo step (and
    so Edit → Undo) names what was set ("to 2"), not "to 99999"; or it refuses, saying why."""
    sheets = [load_sheet(path).model for path in sample_files(game)][:2]
    widget = EncounterWidget(new_encounter_document(sheets, name="Past the top"))
    qtbot.addWidget(widget)
    model = widget.tracker.model()
    column = next(
        c
        for c in range(model.columnCount())
        if model.index(0, c).data(TrackerRole.POOL) is not None
        and model.flags(model.index(0, c)) & Qt.ItemFlag.ItemIsEditable
    )
    assert model.setData(model.index(0, column), "1", Qt.ItemDataRole.EditRole)  # hurt first
    refused: list[str] = []
    model.edit_rejected.connect(refused.append)
    if model.setData(model.index(0, column), "99999", Qt.ItemDataRole.EditRole):
        current = model.index(0, column).data(TrackerRole.POOL)[0]
        said = widget.document.undo_stack.undoText()
        assert "99999" not in said and current != 99999, said
        assert said.endswith(f"to {current}") or not said[-1].isdigit(), said
    else:
        assert refused and refused[-1], "refused without a word"
