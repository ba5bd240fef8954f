"""The map's scale bar covers no token (issue found on the printed insets: the old OSE fight's
"Hobgoblin boss" lay half under the bar's chip in the bottom left corner): the chip goes in
a corner clear of every token and its name, on paper and on screen, by the painter's own
geometry and as the picture shows (the token's own colour where the chip would have been).
A fight of ten and of twelve, tokens in every corner of the fight, every game of distances."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QImage

from m3desk.core import encounter as core
from m3desk.core.places import Place
from m3desk.ui.board.token_shapes import shape_path
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.map import MapPanel
from m3desk.ui.map.painter import Painted
from m3desk.ui.map.picture import MapPicture
from m3desk.ui.map.style import MapStyle
from m3desk.ui.printing.flow_blocks import TITLE_H
from m3desk.ui.printing.map_block import _measuring_style
from tests.ui.map.melee import MAP_GAMES, melee
from tests.ui.map.test_map_far_off import AT, _print, _words_at

COUNTS = (10, 12)


def cornered(game: str, count: int) -> core.Encounter:
    """``count`` of ``game`` in two ranks six steps apart, each rank spread eight steps
    apart: a token in each corner of the fight, where a chip in a corner lands."""
    encounter = melee(game, count)
    step = encounter.position_model.step
    places = {}
    for n, combatant in enumerate(encounter.combatants):
        places[combatant.id] = Place.at((n // 2) * 8 * step, (n % 2) * 6 * step, 0.0)
    return encounter.model_copy(update={"places": places, "areas": ()})


def _hidden(picture: MapPicture, painted: Painted) -> list[str]:
    """The tokens (their whole shapes: a diamond's tips too) and names under the bar."""
    bar = painted.scale_bar
    assert not bar.isEmpty(), "no scale bar"
    radius = painted.markers[0].width() / 2
    hidden = [f"name {r}" for r in painted.labels if r.intersects(bar)]
    for token in picture.tokens:
        centre = painted.centres.get(token.combatant_id)
        if centre is None:
            continue
        shape = shape_path(token.side_index, radius).boundingRect().translated(centre)
        if shape.adjusted(-0.5, -0.5, 0.5, 0.5).intersects(bar):  # its outline's ink too
            hidden.append(token.name)
    return hidden


def _spot(painted: Painted, who: str) -> QPointF:
    """A point inside the token's shape, below its initials (every shape holds it)."""
    centre = painted.centres[who]
    radius = painted.markers[0].width() / 2
    return centre + QPointF(0, radius * 0.5)


def _colour_kept(image: QImage, spot: QPointF, want: QColor, scale: float, offset: QPointF) -> bool:
    point = ((spot + offset) * scale).toPoint()
    got = image.pixelColor(point)
    return all(abs(a - b) <= 16 for a, b in zip(got.getRgb()[:3], want.getRgb()[:3], strict=True))


def _not_shown(
    picture: MapPicture,
    painted: Painted,
    style: MapStyle,
    image: QImage,
    scale: float,
    offset: QPointF,
) -> list[str]:
    """The tokens whose colour does not show inside their shape in ``image``."""
    gone = []
    for token in picture.tokens:
        if token.combatant_id not in painted.centres or token.hidden or token.down:
            continue
        want = style.side_fill(token.side_index)
        if not _colour_kept(image, _spot(painted, token.combatant_id), want, scale, offset):
            gone.append(token.name)
    return gone


@pytest.mark.parametrize("count", COUNTS)
@pytest.mark.parametrize("game", MAP_GAMES)
def test_the_printed_scale_bar_covers_no_token(
    qapp: Any, tmp_path: Path, game: str, count: int
) -> None:
    block, _width, path = _print(tmp_path, cornered(game, count))
    painted = block.painted
    assert painted is not None and len(painted.markers) == count
    assert _hidden(block.picture, painted) == []
    # The PDF's text: the bar's words where the painter put the chip, and no name there.
    bar = painted.scale_bar
    words = _words_at(path, bar)
    unit = block.picture.model.unit
    said = re.fullmatch(rf"([0-9.]+) ?{re.escape(unit)}", words)
    assert said is not None, f"a name under the scale bar: {words!r}"
    # The picture: every token's own colour inside its shape.
    subprocess.run(["pdftoppm", "-r", "144", "-png", str(path), str(tmp_path / "page")], check=True)
    page = QImage(str(next(tmp_path.glob("page*.png"))))
    style = _measuring_style()
    offset = QPointF(AT[0], AT[1] + TITLE_H)
    assert _not_shown(block.picture, painted, style, page, 2.0, offset) == []


@pytest.mark.parametrize("count", COUNTS)
@pytest.mark.parametrize("game", MAP_GAMES)
def test_the_scale_bar_on_screen_covers_no_token(qtbot: Any, game: str, count: int) -> None:
    """The fight fitted, then panned so its bottom left token stands in the bar's corner
    (where a GM drags the map): the bar moves to a free corner."""
    encounter = cornered(game, count)
    document = EncounterDocument(encounter)
    document.select(encounter.combatants[0].id)
    panel = MapPanel(document)
    qtbot.addWidget(panel)
    panel.resize(900, 600)
    panel.show()
    qtbot.waitExposed(panel)
    view = panel.view
    view.fit()
    lowest = encounter.places[encounter.combatants[1].id]  # the first of the lower rank
    at = view.frame.to_screen(lowest.x, lowest.y)
    view.frame = view.frame.panned(40 - at.x(), view.height() - 40 - at.y())
    image = view.grab().toImage()
    painted = view.painted
    assert _hidden(view.picture, painted) == []
    ratio = image.devicePixelRatioF()
    assert _not_shown(view.picture, painted, view.style_, image, ratio, QPointF(0, 0)) == []
