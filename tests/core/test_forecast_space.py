"""The forecasts' spatial index answers as a scan of everyone in index order would: the
policy's pick (nearest, weakest, strongest; ties to the lower index), who stands within a
reach, after moves, falls and wounds, on both metrics, with heights and on one level."""

from __future__ import annotations

import random

import pytest

from m3desk.core.forecast import Target
from m3desk.core.forecast_space import Foes, policy_key
from m3desk.core.places import Place, Plane
from m3desk.core.system import PositionModel

MODELS = {
    "straight": PositionModel(kind="distance", unit="ft", maximum=480, step=5),
    "squares": PositionModel(kind="distance", unit="ft", maximum=1000, step=5, metric="squares"),
    "heights": PositionModel(kind="distance", unit="m", maximum=300, step=1, height=True),
}


def _between(plane: Plane, i: int, j: int) -> int:
    """How far ``i`` and ``j`` stand, by the metric on the plane's own floats (as the index
    and the forecasts read them; ``Plane.between`` reads places kept to a thousandth, which
    a distance on a rounding's edge, x.5 apart, tells apart)."""
    x, y, z = plane.x, plane.y, plane.z
    return plane.model.measure_all(x[i], y[i], z[i], [x[j]], [y[j]], [z[j]])[0]


def _scan(
    plane: Plane,
    side: list[int],
    standing: list[bool],
    hp: list[int],
    i: int,
    how: Target,
    accept: set[int] | None,
    even: bool = False,
    reach: int | None = None,
) -> int:
    best, best_key = -1, 0
    for j in range(len(side)):
        if side[j] == side[i] or not standing[j] or (accept is not None and j not in accept):
            continue
        if even and _between(plane, i, j) % 2:
            continue
        if reach is not None and _between(plane, i, j) > reach:
            continue
        key = policy_key(how, hp[j], _between(plane, i, j))
        if best < 0 or key < best_key:
            best, best_key = j, key
    return best


@pytest.mark.parametrize("how", ["nearest", "weakest", "strongest"])
@pytest.mark.parametrize("metric", sorted(MODELS))
def test_picks_and_reach_are_a_scan_s(metric: str, how: Target) -> None:
    model = MODELS[metric]
    draw = random.Random(f"{metric} {how}")
    # on the table (at most forecast_space.TABLE), on cells measured all at once (few
    # foes), on rings of cells
    for count in (2, 7, 40, 66, 120):
        spread = draw.choice((15, 60, 400, 1500))
        places = [
            Place.at(
                draw.uniform(-spread, spread),
                draw.uniform(-spread, spread),
                draw.choice((0.0, 3.0)) if metric == "heights" else 0.0,
            )
            for _ in range(count)
        ]
        # some stand on one spot, a few beyond the board's farthest
        places[-1] = places[0]
        plane = Plane(model, places)
        side = [draw.randrange(3) for _ in range(count)]
        hp = [draw.randrange(1, 6) for _ in range(count)]
        standing = [draw.random() < 0.9 for _ in range(count)]
        foes = Foes(plane, side, standing, hp, how)
        for _ in range(40):
            i = draw.randrange(count)
            accept = None if draw.random() < 0.5 else set(draw.sample(range(count), count // 2))
            test = None if accept is None else accept.__contains__
            assert foes.pick(i, test) == _scan(plane, side, standing, hp, i, how, accept)
            assert foes.pick(i, test, "nearest") == _scan(
                plane, side, standing, hp, i, "nearest", accept
            )
            # a test of the distance too (a foe in reach of this round's move)
            assert foes.pick(i, test, at=lambda _j, feet: feet % 2 == 0) == _scan(
                plane, side, standing, hp, i, how, accept, even=True
            )
            reach, beyond = draw.choice((5, 30, 120, 600)), draw.choice((-1, 5))
            # only those within a reach (the search stops there)
            assert foes.pick(i, test, reach=reach) == _scan(
                plane, side, standing, hp, i, how, accept, reach=reach
            )
            assert foes.pick(i, test, at=lambda _j, feet: feet % 2 == 0, reach=reach) == _scan(
                plane, side, standing, hp, i, how, accept, even=True, reach=reach
            )
            assert foes.within(i, reach, beyond, test) == [
                j
                for j in range(count)
                if side[j] != side[i]
                and standing[j]
                and (accept is None or j in accept)
                and beyond < _between(plane, i, j) <= reach
            ]
            assert foes.any_foe(i) == any(side[j] != side[i] and standing[j] for j in range(count))
            # the fight goes on: one moves, one is hurt, one falls
            mover, other = draw.randrange(count), draw.randrange(count)
            plane.approach(mover, other, draw.uniform(0, spread))
            foes.moved(mover)
            hurt = draw.randrange(count)
            hp[hurt] -= 1
            if hp[hurt] <= 0 and standing[hurt]:
                standing[hurt] = False
                foes.leave(hurt)
            else:
                foes.wounded(hurt)


@pytest.mark.parametrize("metric", sorted(MODELS))
def test_a_measurer_asking_again_sees_who_moved_since(metric: str) -> None:
    """The index keeps what a measurer measured of its few foes between its questions and
    brings it up to date from their moves: a few measurers asking again and again, between
    moves of either side, falls and returns, always get what a scan of everyone reads."""
    model = MODELS[metric]
    draw = random.Random(f"again {metric}")
    count = 80  # above the table's size, its two sides below the few measured all at once
    places = [Place.at(draw.uniform(-80, 80), draw.uniform(-80, 80)) for _ in range(count)]
    plane = Plane(model, places)
    side = [k % 2 for k in range(count)]
    hp = [3] * count
    standing = [True] * count
    foes = Foes(plane, side, standing, hp)
    askers = (0, 1, 2)
    for _ in range(300):
        roll = draw.random()
        if roll < 0.4:
            mover = draw.randrange(count)
            plane.approach(mover, draw.randrange(count), draw.uniform(0, 60))
            foes.moved(mover)
        elif roll < 0.45:
            hurt = draw.randrange(3, count)
            standing[hurt] = not standing[hurt]
            if standing[hurt]:
                foes._join(hurt)  # back in the fight (as a wound regroups one)
            else:
                foes.leave(hurt)
        i = draw.choice(askers)
        other = draw.randrange(count)
        assert foes.feet(i, other) == _between(plane, i, other)
        assert foes.pick(i) == _scan(plane, side, standing, hp, i, "nearest", None)
        reach = draw.choice((5, 20, 60))
        found = [
            j
            for j in range(count)
            if side[j] != side[i] and standing[j] and _between(plane, i, j) <= reach
        ]
        assert foes.within(i, reach) == found
        assert foes.around(i, reach) == [(j, _between(plane, i, j)) for j in found]
        other = draw.choice(askers)
        assert foes.within(i, reach, foes_of=other) == [
            j
            for j in range(count)
            if side[j] != side[other] and standing[j] and _between(plane, i, j) <= reach
        ]
