"""Hit-point bars and the tracker paint from the palette, readable in light and dark."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPalette
from PySide6.QtWidgets import QApplication, QHeaderView

from m3desk.ui.contrast import contrast_ratio
from m3desk.ui.encounter.pool_bar_painter import PoolBarPainter, bar_colours
from m3desk.ui.encounter.widget import EncounterWidget
from m3desk.ui.theme import dark_palette
from tests.ui.encounter.flow import scout, type_surprise_initiative

Role = QPalette.ColorRole
GROUP = QPalette.ColorGroup.Normal


def render(painter_value: PoolBarPainter, palette: QPalette, selected: bool) -> QImage:
    image = QImage(120, 20, QImage.Format.Format_ARGB32)
    image.fill(palette.color(GROUP, Role.Highlight if selected else Role.Base))
    painter = QPainter(image)
    painter_value.paint(painter, QRectF(0, 0, 120, 20), palette, GROUP, selected)
    painter.end()
    return image


def close(a: QColor, b: QColor) -> bool:
    return all(abs(x - y) <= 8 for x, y in zip(a.getRgb()[:3], b.getRgb()[:3], strict=True))


@pytest.mark.parametrize("dark", [False, True])
@pytest.mark.parametrize("selected", [False, True])
def test_the_fill_shows_the_fraction_in_palette_colours(qtbot, dark: bool, selected: bool) -> None:
    palette = dark_palette() if dark else QApplication.palette()
    image = render(PoolBarPainter(7, 28), palette, selected)  # a quarter
    colours = bar_colours(palette, GROUP, selected, "badly wounded")
    assert close(image.pixelColor(5, 3), colours.fill)
    assert close(image.pixelColor(100, 3), palette.color(GROUP, Role.Base))  # the track


@pytest.mark.parametrize("dark", [False, True])
def test_on_a_selected_row_a_full_bar_still_looks_full(qtbot, dark: bool) -> None:
    """The selected row is Highlight: the fill must not be, nor look like an empty track."""
    palette = dark_palette() if dark else QApplication.palette()
    highlight, base = palette.color(GROUP, Role.Highlight), palette.color(GROUP, Role.Base)
    full = render(PoolBarPainter(28, 28), palette, selected=True)
    empty = render(PoolBarPainter(0, 28), palette, selected=True)
    inside = full.pixelColor(10, 4)
    assert contrast_ratio(inside, highlight) >= 1.6, "the fill vanishes into the selection"
    assert contrast_ratio(inside, base) >= 1.6, "a full bar looks like an empty one"
    assert not close(inside, empty.pixelColor(10, 4))
    # The frame sets the bar off from the selected row, and the text reads on the fill.
    colours = bar_colours(palette, GROUP, selected=True)
    assert contrast_ratio(colours.frame, highlight) >= 2.5
    assert contrast_ratio(colours.on_fill, colours.fill) >= 4.5
    assert contrast_ratio(colours.on_track, colours.track) >= 4.5
    # Unselected, a full bar is the unhurt colour; empty is Base.
    assert close(
        render(PoolBarPainter(28, 28), palette, False).pixelColor(10, 4),
        bar_colours(palette, GROUP, False, "unhurt").fill,
    )


def test_text_and_limits() -> None:
    assert PoolBarPainter(7, 25).text == "7/25"
    assert PoolBarPainter(-3, 25).fraction == 0.0
    assert PoolBarPainter(30, 25).fraction == 1.0
    assert PoolBarPainter(0, 0).fraction == 0.0


def test_the_tracker_paints_in_light_and_dark(qtbot, widget: EncounterWidget) -> None:
    scout(widget)
    type_surprise_initiative(qtbot, widget)
    widget.encounter_actions.next_turn.trigger()
    light = widget.grab().toImage()
    widget.setPalette(dark_palette())
    dark = widget.grab().toImage()
    assert light.size() == dark.size() and light != dark


def test_a_squeezed_column_title_is_elided_not_clipped(qtbot, widget: EncounterWidget) -> None:
    """At 150 % the Effects column narrows; its title must read "Effects &…", not show a
    clipped middle ("& consequ") that looks like a stray ampersand."""
    header = widget.tracker.horizontalHeader()
    column = next(
        n
        for n, spec in enumerate(widget.tracker.tracker_model.columns)
        if spec.title.startswith("Effects")
    )
    header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
    header.resizeSection(column, header.fontMetrics().horizontalAdvance("Effects") + 24)
    assert header.sectionSize(column) < header.fontMetrics().horizontalAdvance(
        "Effects & consequences"
    )
    elided = header.grab().toImage()
    header.setTextElideMode(Qt.TextElideMode.ElideNone)  # what Qt's header does by default
    clipped = header.grab().toImage()

    assert elided != clipped  # at this width the two really differ
    header.setTextElideMode(Qt.TextElideMode.ElideRight)
    assert header.grab().toImage() == elided  # and the tracker's is the elided one
