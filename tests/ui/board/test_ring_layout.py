"""The ring layout without Qt: no two boxes overlap, every token sits in its own band."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from m3desk.systems.monsters_and_magic.ranges import BANDS, RangeBand
from m3desk.ui.board import layout_rings
from m3desk.ui.board.footprint import Footprint, overlaps
from m3desk.ui.board.ring_placer import RingPlacer

TOKEN = Footprint(width=108, height=70, top=17, marker_radius=15)
CENTRE = Footprint(width=124, height=84, top=26, marker_radius=24)
LABELS = [(60.0, 16.0)] * len(BANDS)


def _bands(counts: list[int]) -> list[list[str]]:
    bands, number = [], 0
    for count in counts:
        bands.append([f"t{number + i}" for i in range(count)])
        number += count
    return bands


def _check(
    counts: list[int],
    token: Footprint = TOKEN,
    centre: Footprint = CENTRE,
    labels: list[tuple[float, float]] | None = None,
) -> None:
    labels = LABELS if labels is None else labels
    bands = _bands(counts)
    layout = layout_rings(bands, token, centre, labels)
    assert sorted(layout.positions) == sorted(i for ids in bands for i in ids)
    boxes = {i: token.rect_at(*p) for i, p in layout.positions.items()}
    boxes["centre"] = centre.rect_at(*layout.centre_anchor)
    for (x, y), (w, h) in zip(layout.label_centres, labels, strict=True):
        boxes[f"label {x},{y}"] = (x - w / 2, y - h / 2, x + w / 2, y + h / 2)
    names = list(boxes)
    clashes = [
        (a, b) for i, a in enumerate(names) for b in names[i + 1 :] if overlaps(boxes[a], boxes[b])
    ]
    assert clashes == [], counts
    for band, ids in enumerate(bands):
        for token_id in ids:
            assert layout.band_at(*layout.positions[token_id]) == band, (counts, token_id)
    edges = [layout.centre_radius, *(outer for _inner, outer in layout.radii)]
    assert edges == sorted(edges)
    x1, y1, x2, y2 = layout.bounds
    assert all(x1 <= b[0] and y1 <= b[1] and b[2] <= x2 and b[3] <= y2 for b in boxes.values())


@pytest.mark.parametrize(
    "counts",
    [
        [0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 11, 0, 0, 0],  # the usual start: everyone at the maximum range
        [11, 0, 0, 0, 0, 0, 0],  # a brawl
        [1, 1, 1, 1, 1, 1, 1],
        [2, 3, 1, 5, 0, 0, 1],
        [0, 0, 0, 49, 0, 0, 0],
        [49, 0, 0, 0, 0, 0, 0],
        [7, 7, 7, 7, 7, 7, 7],
    ],
)
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


_FOOTPRINTS = st.builds(
    lambda width, height, top, marker: Footprint(width, height, min(top, height / 2), marker),
    st.floats(40, 200),
    st.floats(30, 120),
    st.floats(8, 40),
    st.floats(8, 30),
)


@settings(max_examples=60, deadline=None)
@given(
    counts=st.lists(st.integers(0, 40), min_size=1, max_size=8),
    token=_FOOTPRINTS,
    label_width=st.floats(20, 160),
    label_height=st.floats(10, 30),
)
def test_any_band_counts_and_sizes_never_overlap(
    counts: list[int], token: Footprint, label_width: float, label_height: float
) -> None:
    """Whatever the crowd and the font: no two boxes (tokens, centre, labels) overlap,
    every token sits inside its own band's ring, and the rings grow outward."""
    centre = Footprint(
        token.width * 1.15, token.height * 1.2, token.top * 1.4, token.marker_radius * 1.5
    )
    _check(counts, token, centre, [(label_width, label_height)] * len(counts))


def test_the_layout_depends_on_how_many_tokens_each_band_holds_not_on_who() -> None:
    """So a board whose counts come back (undo, redo) is laid out alike, each id in its
    place: the first token of a band goes where any band's first token went."""
    first = layout_rings(_bands([2, 0, 5, 1, 0, 0, 3]), TOKEN, CENTRE, LABELS)
    renamed = [
        [f"other {band}.{i}" for i in range(n)] for band, n in enumerate([2, 0, 5, 1, 0, 0, 3])
    ]
    second = layout_rings(renamed, TOKEN, CENTRE, LABELS)
    assert list(second.positions) == [i for ids in renamed for i in ids]
    assert list(second.positions.values()) == list(first.positions.values())
    assert (second.radii, second.bounds) == (first.radii, first.bounds)
    other_counts = layout_rings(_bands([2, 0, 4, 2, 0, 0, 3]), TOKEN, CENTRE, LABELS)
    assert other_counts.positions != first.positions


@pytest.mark.parametrize("count", [49, 200])
def test_a_crowd_in_one_band_packs_the_board_densely(count: int) -> None:
    """The usual start (everyone at the maximum range) must not spread a crowd thin: the
    tokens' boxes cover more than a third of the disc the board takes."""
    counts = [0, 0, 0, count, 0, 0, 0]
    layout = layout_rings(_bands(counts), TOKEN, CENTRE, LABELS)
    covered = count * TOKEN.width * TOKEN.height
    assert covered / (math.pi * layout.outer_radius**2) > 1 / 3


def test_a_rings_room_is_the_sum_of_its_steps_at_every_radius() -> None:
    """The room along a ring comes from a series past small radii: it must count the same
    tokens as adding up, step by step, the angle each neighbour needs."""
    placer = RingPlacer(TOKEN, 6.0, 40.0)
    slots = placer.slots
    step = 2 * math.pi / len(slots.halves)
    for radius in [
        60.0,
        100.0,
        slots.exact_below * 0.999,
        slots.exact_below * 1.001,
        300.0,
        777.0,
        2000.0,
    ]:
        first, last = 3, len(slots.halves) - 5
        by_steps = sum(
            step / (2 * math.asin(min(1.0, half / radius))) for half in slots.halves[first:last]
        )
        assert slots.total(radius, first, last) == pytest.approx(by_steps, rel=1e-4)
        assert slots.cumulative(radius, first, last)[-1] == pytest.approx(by_steps, rel=1e-4)
