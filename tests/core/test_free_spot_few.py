"""A handful of combatants: :func:`free_spot` measures everyone rather than keep a grid hash
(:data:`FEW`); it must stop everyone exactly where the grid's search stops them, on either
metric, with heights, the fallen and a budget."""

from __future__ import annotations

import random

import pytest

from m3desk.core.places_free import FEW, Spots, free_spot
from m3desk.core.system import PositionModel

MODELS = {
    "straight": PositionModel(kind="distance", unit="ft", maximum=480, step=5),
    "squares": PositionModel(kind="distance", unit="ft", maximum=1000, step=5, metric="squares"),
    "height": PositionModel(kind="distance", unit="m", maximum=300, step=1, height=True, start=20),
}


@pytest.mark.parametrize("name", sorted(MODELS))
def test_a_handful_stops_where_the_grid_stops_them(name: str) -> None:
    model = MODELS[name]
    step = float(model.step)
    rng = random.Random(31)
    searched = 0
    for _case in range(400):
        count = rng.randint(2, FEW)
        # crowded: everyone within a few steps, on the grid or off it
        xs = [rng.randint(-3, 3) * step + rng.choice((0.0, 0.4, step / 2)) for _ in range(count)]
        ys = [rng.randint(-3, 3) * step + rng.choice((0.0, 0.3)) for _ in range(count)]
        zs = [rng.choice((0.0, 0.0, step)) if model.height else 0.0 for _ in range(count)]
        gone = [rng.random() < 0.2 for _ in range(count)]
        mover, anchor = rng.sample(range(count), 2)
        first = (xs[anchor] + step, ys[anchor], zs[mover])
        xs[mover] += 6 * step
        budget = rng.choice((None, 2 * step, 8 * step))
        args = (model, mover, anchor, first, xs, ys, zs, gone, budget)
        grid = free_spot(*args, Spots(step, xs, ys))
        assert free_spot(*args) == grid
        searched += grid != first
    assert searched > 10  # the search around the anchor ran, not only the spot on the line
