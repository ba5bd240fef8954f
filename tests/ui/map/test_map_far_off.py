"""The printed map when someone stands far from the crowd (an archer 300 ft off, a
straggler): the crowd prints at a scale its names read at and the far one in an inset
beside it, captioned with how far off it stands and which way. One map scaled to hold both
printed the crowd's tokens a few points apart and left half their names out. A fight that
already fits prints as before. Every installed game that keeps places, from the registry."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QPageLayout, QPageSize, QPainter, QPdfWriter

from m3desk.core import encounter as core
from m3desk.core.places import Area, Place
from m3desk.ui.map.labels import token_label
from m3desk.ui.printing.canvas import Canvas
from m3desk.ui.printing.export import export_encounter_pdf
from m3desk.ui.printing.flow_blocks import TITLE_H
from m3desk.ui.printing.map_block import LEAST_STEP, MIN_MAP_H, MapBlock
from m3desk.ui.printing.map_insets import arrow
from tests.ui.map.melee import MAP_GAMES, melee, opening_document
from tests.ui.map.test_map_melee import (
    LEAST_PRINTED_TOKEN,
    NAME_REACH,
    _clashes,
    _crossings,
    _strays,
)
from tests.ui.printing.conftest import pdftotext

COUNTS = (10, 12)
FAR = 60
"""Grid steps the straggler stands from the crowd (300 ft in five-foot steps)."""
AT = (20.0, 20.0)
"""Where the map block is painted on the page, in points."""


def with_far(game: str, count: int, *far: tuple[float, float]) -> core.Encounter:
    """A melee of ``count`` whose last combatants stand ``far`` (in grid steps) instead."""
    encounter = melee(game, count)
    step = encounter.position_model.step
    places = dict(encounter.places)
    for combatant, (x, y) in zip(reversed(encounter.combatants), far, strict=False):
        places[combatant.id] = Place.at(x * step, y * step, 0.0)
    return encounter.model_copy(update={"places": places})


def _print(tmp_path: Path, encounter: core.Encounter) -> tuple[MapBlock, float, Path]:
    path = tmp_path / "map.pdf"
    writer = QPdfWriter(str(path))
    writer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
    writer.setPageOrientation(QPageLayout.Orientation.Landscape)
    writer.setPageMargins(writer.pageLayout().margins() * 0)
    painter = QPainter(writer)
    canvas = Canvas(painter)
    block = MapBlock(encounter)
    width = canvas.width - 2 * AT[0]
    block.paint(canvas, AT[0], AT[1], width, block.map_height_for(width))
    painter.end()
    return block, width, path


def _words_at(path: Path, box: QRectF) -> str:
    """The PDF's text inside ``box`` (points from the map's corner), a little wider."""
    left, top = AT[0] + box.left() - 2, AT[1] + TITLE_H + box.top() - 2
    args = ["pdftotext", "-r", "72", "-x", str(int(left)), "-y", str(int(top))]
    args += ["-W", str(int(box.width() + 5)), "-H", str(int(box.height() + 4))]
    out = subprocess.run([*args, str(path), "-"], capture_output=True, text=True, check=True)
    return " ".join(out.stdout.split())


def _times(text: str, name: str, names: set[str]) -> int:
    """How often ``name`` stands as a whole name in ``text`` (not as the start of a longer
    one: "Hobgoblin" in "Hobgoblin boss")."""

    def count(words: str) -> int:
        return len(re.findall(rf"(?<!\S){re.escape(words)}(?!\S)", text))

    longer = [n for n in names if n != name and re.match(rf"{re.escape(name)}\s", n)]
    return count(name) - sum(count(n) for n in longer)


@pytest.mark.parametrize("count", COUNTS)
@pytest.mark.parametrize("game", MAP_GAMES)
def test_a_far_combatant_leaves_the_crowd_legible(
    qapp: Any, tmp_path: Path, game: str, count: int
) -> None:
    """Every name of the fight printed whole once (the crowd's on the map, the straggler's in
    its inset), in the PDF's text where the painter put it; no token on a token, no name over
    a token or a name; the crowd's grid step and tokens as large as a fight that fits gets."""
    block, width, path = _print(tmp_path, with_far(game, count, (FAR, 3)))
    painted = block.painted
    assert painted is not None
    unit = block.picture.model.unit
    whole = {t.combatant_id: token_label(t, unit) for t in block.picture.tokens}
    assert painted.texts == whole, "names left out or shortened"
    text = pdftotext(path)
    names = set(whole.values())
    assert {n: _times(text, n, names) for n in names} == dict.fromkeys(names, 1)
    for who, box in painted.named.items():
        assert _words_at(path, box) == whole[who], f"{whole[who]} not where it was drawn"
    assert _clashes(painted, width, block.map_height_for(width) - 4) == []
    assert _strays(painted, NAME_REACH + 1) == []
    assert _crossings(painted) == []
    small = [round(m.width(), 1) for m in painted.markers if m.width() < LEAST_PRINTED_TOKEN]
    assert small == [], f"tokens {small} points across"
    frame = block.frame_for(width)
    assert frame.scale * block.picture.model.step >= LEAST_STEP
    # The straggler alone in its inset, which says how far off it stands and which way.
    insets = block.inset_frames(width)
    far = block.encounter.combatants[-1]
    assert [[t.combatant_id for t in group.tokens] for _box, _frame, group in insets] == [[far.id]]
    ((box, _frame, group),) = insets
    assert box.contains(painted.named[far.id]) and box.contains(painted.centres[far.id])
    assert not box.intersects(QRectF(0, 0, frame.width, frame.height))
    said = block.picture.model.label(group.distance)
    assert block.captions == [f"{said} from the rest →"]
    assert f"{said} from the rest →" in " ".join(text.split())


@pytest.mark.parametrize("game", MAP_GAMES)
def test_two_stragglers_each_get_an_inset(qapp: Any, tmp_path: Path, game: str) -> None:
    """Two far off in two directions: an inset each, stacked as they lie (the higher on
    the page above), each captioned its own way."""
    block, width, _path = _print(tmp_path, with_far(game, 10, (FAR, 1), (-40, -30)))
    painted = block.painted
    assert painted is not None
    unit = block.picture.model.unit
    assert painted.texts == {t.combatant_id: token_label(t, unit) for t in block.picture.tokens}
    assert _clashes(painted, width, block.map_height_for(width) - 4) == []
    insets = block.inset_frames(width)
    assert len(insets) == 2
    assert not insets[0][0].intersects(insets[1][0])
    assert [c[-1] for c in block.captions] == ["↖", "→"], "stacked as they lie, top first"


SCENES = {
    "melee": lambda g, n: melee(g, n),
    "opening": lambda g, n: opening_document(g, n).encounter,
}


@pytest.mark.parametrize("scene", SCENES)
@pytest.mark.parametrize("count", (8, 12))
@pytest.mark.parametrize("game", MAP_GAMES)
def test_a_fight_that_fits_prints_as_before(
    qapp: Any, tmp_path: Path, game: str, count: int, scene: str
) -> None:
    """No inset for a melee, the scene a new encounter opens with, or a straggler near enough
    to print with the crowd: the map keeps its whole width."""
    for encounter in (SCENES[scene](game, count), with_far(game, count, (10, 0))):
        block, width, _path = _print(tmp_path, encounter)
        assert block.inset_frames(width) == [] and block.captions == []
        assert block.frame_for(width).width == width
        painted = block.painted
        assert painted is not None and len(painted.markers) == count


def test_the_arrows_point_the_way_on_the_page() -> None:
    """Right, down (the page's y grows down), left, up, and the diagonals between."""
    assert [arrow(1, 0), arrow(0, 1), arrow(-1, 0), arrow(0, -1)] == ["→", "↓", "←", "↑"]
    assert [arrow(1, 1), arrow(-1, 1), arrow(-1, -1), arrow(1, -1)] == ["↘", "↙", "↖", "↗"]


@pytest.mark.parametrize("game", MAP_GAMES)
def test_the_legend_lists_what_the_page_shows(qapp: Any, tmp_path: Path, game: str) -> None:
    """The printed legend lists a wall only where the page shows it (a wall left off the map
    was listed), and a side that stands only in an inset."""
    encounter = melee(game, 10)
    block, _width, path = _print(tmp_path, encounter)
    assert block.painted is not None and not block.painted.legend.isEmpty()
    assert "wall" not in pdftotext(path), "the wall is off the printed map"
    step = encounter.position_model.step
    near = Area(x=6 * step, y=-2 * step, width=step, height=4 * step, wall=True)
    _block, _width, path = _print(tmp_path, encounter.model_copy(update={"areas": (near,)}))
    assert "wall (impassable)" in pdftotext(path)
    far = with_far(game, 10, (FAR, 3))
    last = far.combatants[-1].model_copy(update={"side": "Onlookers"})
    far = far.model_copy(update={"combatants": [*far.combatants[:-1], last]})
    block, width, path = _print(tmp_path, far)
    assert block.inset_frames(width), "the onlooker in an inset"
    assert "Onlookers (" in pdftotext(path)


@pytest.mark.parametrize("game", MAP_GAMES)
def test_two_crowds_far_apart_print_whole(qapp: Any, tmp_path: Path, game: str) -> None:
    """Half the fight far from the other half is no straggler: no inset, the map whole as
    before (an inset holds a few far off, not a second fight)."""
    far = [(FAR + column, row) for column in range(3) for row in range(2)][:5]
    block, width, _path = _print(tmp_path, with_far(game, 10, *far))
    assert block.inset_frames(width) == []
    assert block.frame_for(width).width == width


@pytest.mark.parametrize("game", MAP_GAMES)
def test_a_far_off_fight_at_a_page_foot_goes_to_the_next_page(
    qapp: Any, tmp_path: Path, game: str
) -> None:
    """The split policy holds with insets: in the least room the map goes whole to the next
    page rather than squeeze the crowd (its insets with it)."""
    block, width, _path = _print(tmp_path, with_far(game, 12, (FAR, 3)))
    writer = QPdfWriter(str(tmp_path / "split.pdf"))
    painter = QPainter(writer)
    try:
        canvas = Canvas(painter)
        here, later = block.split(canvas, width, TITLE_H + MIN_MAP_H + 2, force=False)
        assert here is None and later is block
    finally:
        painter.end()


@pytest.mark.parametrize("game", MAP_GAMES)
def test_the_exported_encounter_sheet_prints_the_inset(
    qapp: Any, tmp_path: Path, game: str
) -> None:
    """Through the export the window and ``m3desk export-pdf`` use: the sheet's map page
    says how far off the straggler stands and names it once in its inset."""
    encounter = with_far(game, 10, (FAR, 3))
    path = tmp_path / "encounter.pdf"
    export_encounter_pdf(encounter, path)
    text = " ".join(pdftotext(path).split())
    assert re.search(r"\d+ \S+ from the rest →", text), "no inset's caption"
