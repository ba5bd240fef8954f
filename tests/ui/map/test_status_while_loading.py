"""The map's status line is never cut (issue 28): while a background picture loads, beside
the picture's tools and Cancel, on both real screens in every game that keeps places, the
line paints its words whole, or a short form, or nothing (the map's notice and the tooltip
say it in full). Before, it painted "L" of "Loading picture <name>…" in 4 px at 150 %.

Read from the pixels: the status line's ink must not reach its right edge (text cut there)
and what it paints must fit its width.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtGui import QColor, QImage

from m3desk.assets import sample_files
from m3desk.core.places import Backdrop
from m3desk.ui.encounter.new_document import new_encounter_document
from m3desk.ui.encounter.widget import EncounterWidget
from tests.ui.map.melee import MAP_GAMES, SCREENS

WINDOWS = {
    name: (round(w / scale) - 240, round((h - 100) / scale))
    for name, (w, h, scale) in SCREENS.items()
}
"""The encounter tab on each screen in logical pixels, beside the library dock."""


@pytest.fixture(scope="module")
def big_picture(tmp_path_factory: pytest.TempPathFactory, qapp: Any) -> Path:
    path = tmp_path_factory.mktemp("pictures") / "the-long-dungeon-level-two-map.png"
    image = QImage(4000, 4000, QImage.Format.Format_RGB32)
    image.fill(QColor(200, 190, 170))
    assert image.save(str(path))
    return path


def _ink_right(image: QImage) -> int:
    """The rightmost column holding anything but the line's background (−1: none, as for
    a line given no width at all beside the picture's tools: it paints nothing)."""
    if image.width() == 0 or image.height() == 0:
        return -1
    ground = image.pixel(0, 0)
    for x in range(image.width() - 1, -1, -1):
        if any(image.pixel(x, y) != ground for y in range(image.height())):
            return x
    return -1


@pytest.mark.parametrize("screen", WINDOWS)
@pytest.mark.parametrize("game", MAP_GAMES)
def test_the_status_line_is_whole_while_a_picture_loads(
    qtbot: Any, game: str, screen: str, big_picture: Path, tmp_path: Path
) -> None:
    files = sample_files(game)
    document = new_encounter_document(files[:8], name="Loading")
    widget = EncounterWidget(document)
    qtbot.addWidget(widget)
    widget.resize(*WINDOWS[screen])
    widget.show()
    qtbot.waitExposed(widget)
    panel = widget.map
    assert panel is not None
    copy = tmp_path / big_picture.name
    copy.write_bytes(big_picture.read_bytes())  # a path no other map has read
    document.apply(
        document.encounter.model_copy(
            update={"backdrop": Backdrop(path=str(copy), per_pixel=0.02)}
        ),
        "Picture",
    )
    panel.view.grab()
    assert panel.view.picture_loading_now
    status = panel.status
    assert status.text().startswith("Loading picture the-long-dungeon")
    image = status.grab().toImage()
    ratio = image.width() / max(status.width(), 1)
    right = _ink_right(image)
    assert right < image.width() - 2 * ratio, (
        f"the status line is cut at its right edge ({status.width()} px wide)"
    )
    shown = status.shown_text()
    assert status.fontMetrics().horizontalAdvance(shown) <= status.contentsRect().width()
    assert shown in (status.text(), "Loading…", "")
    qtbot.waitUntil(lambda: not panel.view.picture_loading_now, timeout=20_000)
