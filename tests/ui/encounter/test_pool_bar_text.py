"""The hit-point bar's words read whole at every fill (issue 28), light and dark, on a plain
and a selected row, read from the painted pixels.

Before, the words were drawn twice, clipped to the fill and to the empty track, each in its
own colour: at low fill the fill's edge ran through them and "7/25" read "?7/25". Now the
words are painted in one colour on one ground, and whole inside the bar.

Each bar is painted twice, with its words and without their ink: the pixels that differ are
the words. Their box must lie inside the bar and be as wide as the words are, their ink one
colour (not split at the fill's edge), and it must stand out from the ground under it.
"""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QFontMetricsF, QImage, QPainter, QPalette
from PySide6.QtWidgets import QApplication

from m3desk.assets import sample_files
from m3desk.core import registry
from m3desk.ui.contrast import contrast_ratio
from m3desk.ui.encounter.new_document import new_encounter_document
from m3desk.ui.encounter.pool_bar_painter import PoolBarPainter
from m3desk.ui.encounter.tracker_columns import TrackerRole
from m3desk.ui.encounter.tracker_view import TrackerView
from m3desk.ui.theme import dark_palette

GROUP = QPalette.ColorGroup.Normal
MAXIMA = (3, 8, 16, 25, 49)


def _palette(theme: str) -> QPalette:
    return dark_palette() if theme == "dark" else QApplication.style().standardPalette()


def _paint(
    bar: PoolBarPainter,
    width: int,
    height: int,
    palette: QPalette,
    selected: bool,
    *,
    words: bool = True,
) -> QImage:
    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.fill(palette.color(GROUP, QPalette.ColorRole.Base))
    painter = QPainter(image)
    painter.setFont(QApplication.font())
    bar.paint(painter, QRectF(0, 0, width, height), palette, GROUP, selected, words=words)
    painter.end()
    return image


def _words(painted: QImage, bare: QImage) -> list[tuple[int, int]]:
    return [
        (x, y)
        for y in range(painted.height())
        for x in range(painted.width())
        if painted.pixel(x, y) != bare.pixel(x, y)
    ]


def _judge(
    current: int, maximum: int, width: int, height: int, theme: str, selected: bool
) -> str | None:
    palette = _palette(theme)
    bar = PoolBarPainter(current, maximum)
    painted = _paint(bar, width, height, palette, selected)
    bare = _paint(bar, width, height, palette, selected, words=False)
    pixels = _words(painted, bare)
    if not pixels:
        return "no words painted"
    left = min(x for x, _ in pixels)
    right = max(x for x, _ in pixels)
    if left <= 1 or right >= width - 2:
        return f"words touch the bar's end ({left}..{right} of {width})"
    advance = QFontMetricsF(QApplication.font()).horizontalAdvance(bar.text)
    if right - left + 1 < advance * 0.7 - 2:
        return f"words cut: {right - left + 1} px of {advance:.0f}"
    # One ink: the glyphs' cores (the pixels that stand out from their ground) are one
    # colour; before, the words were white over the fill and black over the track.
    cores = [(QColor(painted.pixel(x, y)), QColor(bare.pixel(x, y))) for x, y in pixels]
    strongest = max(contrast_ratio(ink, ground) for ink, ground in cores)
    cores = [
        (ink, ground) for ink, ground in cores if contrast_ratio(ink, ground) >= 0.8 * strongest
    ]
    inks = [ink.getRgb()[:3] for ink, _ in cores]
    spread = max(max(c[k] for c in inks) - min(c[k] for c in inks) for k in range(3))
    if spread > 64:
        return f"words in two colours (channels {spread} apart)"
    # Readable on the ground most of them lie on, and on any other that holds a fair share.
    by_ground: dict[str, list[float]] = {}
    for x, y in pixels:
        ground = QColor(bare.pixel(x, y))
        by_ground.setdefault(ground.name(), []).append(
            contrast_ratio(QColor(painted.pixel(x, y)), ground)
        )
    main = max(by_ground, key=lambda name: len(by_ground[name]))
    if max(by_ground[main]) < 4.5:
        return f"words hard to read: contrast {max(by_ground[main]):.1f} on {main}"
    for name, ratios in by_ground.items():
        if len(ratios) >= 0.15 * len(pixels) and max(ratios) < 3:
            return f"words hard to read where they touch {name}: {max(ratios):.1f}"
    return None


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("selected", [False, True], ids=["plain", "selected"])
def test_the_bars_words_read_whole_at_every_fill(qapp: Any, theme: str, selected: bool) -> None:
    metrics = QFontMetricsF(QApplication.font())
    height = round(metrics.height()) + 4
    bad = {}
    for maximum in MAXIMA:
        # As narrow as the tracker makes the column (its sample "999/999") and wider.
        for width in (round(metrics.horizontalAdvance("999/999")) + 16, 140):
            for current in range(-2, maximum + 1):
                problem = _judge(current, maximum, width, height, theme, selected)
                if problem:
                    bad[f"{current}/{maximum} at {width} px"] = problem
    assert bad == {}, list(bad.items())[:6]


@pytest.mark.parametrize("game", [system.id for system in registry.systems()])
def test_every_games_pool_words_fit_the_tracker_column(qtbot: Any, game: str) -> None:
    """The words each game puts on its bars ("2½/3", "7/25") fit the column it is given."""
    files = sample_files(game)
    if not files:
        pytest.skip(f"{game} ships no samples")
    view = TrackerView(new_encounter_document(files))
    qtbot.addWidget(view)
    view.resize(1366, 500)
    view.show()
    QApplication.processEvents()
    model = view.tracker_model
    pools = [
        c
        for c in range(model.columnCount())
        if model.index(0, c).data(TrackerRole.POOL) is not None
    ]
    assert pools
    metrics = QFontMetricsF(view.font())
    for column in pools:
        for row in range(model.rowCount()):
            index = model.index(row, column)
            words = index.data()
            room = view.visualRect(index).width() - 8
            assert metrics.horizontalAdvance(words) <= room, (game, words, room)
