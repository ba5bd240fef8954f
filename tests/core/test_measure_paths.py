"""The distance between two places has one body, :meth:`PositionModel.measure_all`; its
two faster paths (a fight on one level, and a few foes asked by index, which the forecasts'
spatial index uses many times a round) repeat its arithmetic by hand for speed, so they are
held here to give the very same numbers, for every installed game that measures distance
(places on the grid's lines, between them, at heights and at the board's farthest)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from m3desk.core import registry

MODELS = {s.id: s.positions for s in registry.systems() if s.positions.kind == "distance"}
coordinate = st.one_of(
    st.integers(-400, 400).map(float),
    st.integers(-800, 800).map(lambda half: half / 2),
    st.floats(-2000, 2000, allow_nan=False, allow_infinity=False).map(lambda v: round(v, 3)),
)
places = st.lists(st.tuples(coordinate, coordinate, coordinate), min_size=2, max_size=12)


@pytest.mark.parametrize("game", sorted(MODELS))
@settings(max_examples=150, deadline=None)
@given(found=places, data=st.data())
def test_every_path_measures_as_the_one_body(game: str, found: list, data: st.DataObject) -> None:
    model = MODELS[game]
    xs, ys, zs = ([p[k] for p in found] for k in range(3))
    i = data.draw(st.integers(0, len(found) - 1))
    among = data.draw(st.lists(st.integers(0, len(found) - 1), max_size=len(found)))
    whole = model.measure_all(xs[i], ys[i], zs[i], xs, ys, zs)
    if model.metric == "squares":  # the body itself: the norm, whole squares down, capped
        assert whole == [
            min(
                model.maximum,
                model.step
                * math.floor(model.norm(x - xs[i], y - ys[i], z - zs[i]) / model.step + 1e-3),
            )
            for x, y, z in zip(xs, ys, zs, strict=True)
        ]
    assert model.measure_among(i, xs, ys, zs, among) == [whole[j] for j in among]
    flat = [zs[i]] * len(found)  # everyone on the actor's level
    level = model.measure_all(xs[i], ys[i], zs[i], xs, ys, flat)
    assert model.measure_all(xs[i], ys[i], zs[i], xs, ys, flat, level=True) == level
    assert model.measure_among(i, xs, ys, flat, among, level=True) == [level[j] for j in among]
