"""The ring layout without Qt: no two boxes overlap, every token sits in its own band."""

from __future__ import annotations

import random

import pytest

from m3desk.systems.monsters_and_magic.ranges import BANDS, RangeBand
from m3desk.ui.board import layout_rings
from m3desk.ui.board.footprint import Footprint, overlaps

TOKEN = Footprint(width=108, height=70, top=17, marker_radius=15)
CENTRE = Footprint(width=124, height=84, top=26, marker_radius=24)
LABELS = [(60.0, 16.0)] * len(BANDS)


def _bands(counts: list[int]) -> list[list[str]]:
    bands, number = [], 0
    for count in counts:
        bands.append([f"t{number + i}" for i in range(count)])
        number += count
    return bands


def _check(counts: list[int]) -> None:
    bands = _bands(counts)
    layout = layout_rings(bands, TOKEN, CENTRE, LABELS)
    boxes = {i: TOKEN.rect_at(*p) for i, p in layout.positions.items()}
    boxes["centre"] = CENTRE.rect_at(*layout.centre_anchor)
    for (x, y), (w, h) in zip(layout.label_centres, LABELS, strict=True):
        boxes[f"label {x},{y}"] = (x - w / 2, y - h / 2, x + w / 2, y + h / 2)
    names = list(boxes)
    clashes = [(a, b) for i, a in enumerate(names) for b in names[i + 1:]
               if overlaps(boxes[a], boxes[b])]
    assert clashes == [], counts
    for band, ids in zip(BANDS, bands, strict=True):
        for token_id in ids:
            assert layout.band_at(*layout.positions[token_id]) == band, (counts, token_id)
    edges = [layout.centre_radius, *(outer for _inner, outer in layout.radii)]
    assert edges == sorted(edges)
    x1, y1, x2, y2 = layout.bounds
    assert all(x1 <= b[0] and y1 <= b[1] and b[2] <= x2 and b[3] <= y2 for b in boxes.values())


@pytest.mark.parametrize("counts", [
    [0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 11, 0, 0, 0],   # the usual start: everyone at the maximum range
    [11, 0, 0, 0, 0, 0, 0],   # a brawl
    [1, 1, 1, 1, 1, 1, 1],
    [2, 3, 1, 5, 0, 0, 1],
    [0, 0, 0, 49, 0, 0, 0],
    [49, 0, 0, 0, 0, 0, 0],
    [7, 7, 7, 7, 7, 7, 7],
])
def test_layouts_never_overlap(counts: list[int]) -> None:
    _check(counts)


def test_random_encounters_never_overlap() -> None:
    rng = random.Random(20)
    for _ in range(40):
        counts = [0] * len(BANDS)
        for _ in range(rng.randrange(1, 50)):
            counts[rng.randrange(len(BANDS))] += 1
        _check(counts)


def test_drops_beyond_the_rings_land_out_of_range_and_inside_the_centre_at_hand() -> None:
    layout = layout_rings(_bands([0, 1, 0, 0, 0, 0, 0]), TOKEN, CENTRE, LABELS)
    assert layout.band_at(0, 0) == RangeBand.HAND
    assert layout.band_at(layout.outer_radius * 3, 0) == RangeBand.OUT_OF_RANGE


def test_lone_tokens_in_successive_bands_turn_apart() -> None:
    """Not one column at the bottom: that would make every band a token deep."""
    layout = layout_rings(_bands([1, 1, 1, 0, 0, 0, 0]), TOKEN, CENTRE, LABELS)
    xs = sorted(round(x) for x, _y in layout.positions.values())
    assert len(set(xs)) == 3
