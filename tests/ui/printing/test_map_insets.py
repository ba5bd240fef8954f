"""The printed map's insets when the far ones are more than a straggler: two archers far
apart (one inset of both printed them a twentieth of the crowd's size, tokens 9 points
across), three stragglers (stacked in one column, each at a fifth of the crowd's scale), a
file of four (half the scale, "Morgan Ironwolf 2" left out), four spread along a road.
Every far group prints legibly: its tokens and grid at most a little smaller than the
crowd's, every name whole once in the PDF's text where the painter put it and no smaller
than the crowd's (7 points), every inset captioned. Every installed game that keeps places,
from the registry."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QRectF

from m3desk.ui.map.labels import token_label
from m3desk.ui.printing.flow_blocks import TITLE_H
from m3desk.ui.printing.map_block import LEAST_STEP, NAME_SIZE, SHRINK_LEAST
from tests.ui.map.melee import MAP_GAMES
from tests.ui.map.test_map_far_off import AT, _print, _times, _words_at, with_far
from tests.ui.map.test_map_melee import LEAST_PRINTED_TOKEN, NAME_REACH, _clashes, _strays
from tests.ui.printing.conftest import pdftotext

FAR_GROUPS = {
    "two archers far apart": (10, ((60, 3), (100, 3))),
    "three stragglers": (12, ((60, 0), (61, 0), (-40, -30), (0, 50))),
    "a file of four": (12, ((60, 0), (60, 1), (60, 2), (60, 3))),
    "four along a road": (12, ((60, 0), (65, 0), (70, 0), (75, 0))),
}
"""How many fight, and where (in grid steps) the last ones stand far from the melee."""

WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">')


def _letters_tall(path: Path, box: QRectF) -> list[float]:
    """How tall (points) the PDF prints each word inside ``box`` (from the map's corner)."""
    out = subprocess.run(
        ["pdftotext", "-bbox", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout
    inside = box.translated(AT[0], AT[1] + TITLE_H).adjusted(-2, -2, 2, 2)
    tall = []
    for found in WORD.finditer(out):
        left, top, right, bottom = (float(v) for v in found.groups())
        if inside.contains(QRectF(left, top, right - left, bottom - top)):
            tall.append(bottom - top)
    return tall


@pytest.mark.parametrize("scene", FAR_GROUPS)
@pytest.mark.parametrize("game", MAP_GAMES)
def test_every_far_group_prints_legibly(qapp: Any, tmp_path: Path, game: str, scene: str) -> None:
    count, far = FAR_GROUPS[scene]
    block, width, path = _print(tmp_path, with_far(game, count, *far))
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
    small = [round(m.width(), 1) for m in painted.markers if m.width() < LEAST_PRINTED_TOKEN]
    assert small == [], f"tokens {small} points across"
    step = block.picture.model.step
    crowd = block.frame_for(width)
    assert crowd.scale * step >= LEAST_STEP, "the crowd as a fight that fits prints"
    insets = block.inset_frames(width)
    far_ids = {c.id for c in block.encounter.combatants[-len(far) :]}
    assert {t.combatant_id for _b, _f, group in insets for t in group.tokens} == far_ids
    least = SHRINK_LEAST * LEAST_STEP
    steps = [round(frame.scale * step, 1) for _box, frame, _group in insets]
    assert min(steps) >= least, f"insets print a grid step of {steps} points"
    boxes = [box for box, _frame, _group in insets]
    map_box = QRectF(0, 0, crowd.width, crowd.height)
    for n, box in enumerate(boxes):
        assert QRectF(0, 0, width, block.map_height_for(width) - 4).contains(box)
        assert not box.intersects(map_box), "an inset over the crowd's map"
        assert not any(box.intersects(other) for other in boxes[n + 1 :])
    for box, _frame, group in insets:
        for token in group.tokens:
            named = painted.named[token.combatant_id]
            assert box.contains(named), "a name out of its inset"
            tall = _letters_tall(path, named)
            assert tall and min(tall) >= NAME_SIZE, f"{whole[token.combatant_id]} printed small"
    said = " ".join(text.split())
    assert len(block.captions) == len(insets)
    for caption in block.captions:
        assert caption in said, f"caption {caption!r} not printed"
