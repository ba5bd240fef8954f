"""The forecasts' memo of moves (``places.Moves``, read by ``Foes.step``): a move made again
from the same places ends on the very floats, and measures the very distances, the search
finds; the memo is bounded, given up in a fight whose moves never repeat, shared by a
plane's copies (every fight from one start) and by no other start."""

from __future__ import annotations

import math
import random

import pytest

from m3desk.core.forecast_space import Foes
from m3desk.core.places import Moves, Place, Plane
from m3desk.core.system import PositionModel

MODELS = {
    "straight": PositionModel(kind="distance", unit="ft", maximum=480, step=5),
    "squares": PositionModel(kind="distance", unit="ft", maximum=1000, step=5, metric="squares"),
    "heights": PositionModel(kind="distance", unit="m", maximum=300, step=1, height=True),
}


def _start(draw: random.Random, model: PositionModel, count: int) -> list[Place]:
    """A crowded start: places on a few steps' grid (closers bump into each other), some
    off it, heights when the game has them."""
    step = model.step
    places = []
    for _ in range(count):
        x = draw.randint(-6, 6) * step + draw.choice((0.0, 0.0, draw.uniform(-2, 2)))
        y = draw.randint(-6, 6) * step + draw.choice((0.0, 0.0, draw.uniform(-2, 2)))
        z = draw.choice((0.0, 0.0, 2.0 * step)) if model.height else 0.0
        places.append(Place.at(x, y, z))
    return places


def _play(foes: Foes, moves: list[tuple[int, int, float, int | None]], gone: list[bool]) -> None:
    for i, t, value, budget in moves:
        foes.step(i, t, value, gone, budget)


def _state(plane: Plane, foes: Foes) -> tuple[list[str], list[str], list[list[int]]]:
    """Every place to the bit (a negative zero too) and every distance the index holds."""
    table = foes._table
    assert table is not None
    return [v.hex() for v in plane.x], [v.hex() for v in plane.y], [row[:] for row in table]


def _pool(
    draw: random.Random, model: PositionModel, count: int
) -> list[tuple[int, int, float, int | None]]:
    """A few moves, each asked with either of two budgets: fights drawing from it ask the
    same move from places, with ones gone, or with a budget another fight did not."""
    found: list[tuple[int, int, float, int | None]] = []
    for _ in range(6):
        i = draw.randrange(count)
        t = draw.choice([j for j in range(count) if j != i])
        value = draw.choice((0, model.step, 2 * model.step, draw.randint(0, 30)))
        for budget in (None, model.step * draw.randint(1, 3)):
            found.append((i, t, value, budget))
    return found


def _variants(draw: random.Random, start: list[Place]) -> list[list[Place]]:
    """The start, and starts alike but for one combatant's x, or its y."""
    found = [start]
    for axis in ("x", "y"):
        changed = start[:]
        k = draw.randrange(len(start))
        shift = {axis: getattr(start[k], axis) + draw.choice((-5.0, 5.0, 0.5))}
        changed[k] = Place.at(**{"x": start[k].x, "y": start[k].y, "z": start[k].z, **shift})
        found.append(changed)
    return found


@pytest.mark.parametrize("metric", sorted(MODELS))
def test_a_remembered_move_ends_where_the_search_ends_bit_for_bit(metric: str) -> None:
    """Fights share one memo across starts that differ in one x or one y, with different
    ones gone and budgets: each ends, move by move, on the search's very floats."""
    model = MODELS[metric]
    draw = random.Random(metric)
    hits = 0
    for scene in range(30):
        count = draw.choice((3, 5, 6, 8, 9, 12, 20))
        start = _start(draw, model, count)
        side = [j % 2 for j in range(count)]
        hp = [5] * count
        shared = Moves([p.z for p in start], count)
        pool = _pool(draw, model, count)
        gones = [[False] * count, [draw.random() < 0.5 for _ in range(count)]]
        for fight, places in enumerate(_variants(draw, start) * 3):
            plane, plain = Plane(model, places), Plane(model, places)
            plane.memo, plain.memo = shared, None  # the memo, and the search every time
            foes = Foes(plane, side, [True] * count, hp)
            foes_plain = Foes(plain, side, [True] * count, hp)
            gone = gones[fight % 2]
            own = [draw.choice(pool) for _ in range(12)]
            before = len(shared.found)
            _play(foes, own, gone)
            _play(foes_plain, own, gone)
            assert _state(plane, foes) == _state(plain, foes_plain), (scene, fight)
            # and the distances held are those measured from the places now
            assert foes._table == [plane.row(i) for i in range(count)]
            hits += len(own) - (len(shared.found) - before)
    assert hits > 100  # the memo was read, not only filled


def test_a_fight_whose_moves_never_repeat_keeps_the_memo_bounded_and_gives_it_up() -> None:
    model = MODELS["straight"]
    draw = random.Random("never again")
    count = 12
    plane = Plane(model, _start(draw, model, count))
    foes = Foes(plane, [j % 2 for j in range(count)], [True] * count, [5] * count)
    memo = plane.memo
    assert memo is not None
    gone = [False] * count
    for k in range(3 * Moves.WINDOW):
        # a distance wanted never asked before: every move a miss
        foes.step(k % count, (k + 1) % count, 10 + k / 7, gone, None)
    assert not memo.on
    assert len(memo.found) == Moves.WINDOW  # one window's keys, no more
    # a crowd keeps none
    crowd = [Place.at(5.0 * k, 0.0) for k in range(Moves.MOST + 1)]
    assert Plane(model, crowd).memo is None
    assert Plane(model, crowd[:-1]).memo is not None
    # bounded in numbers held, whatever the hits: no more stored once full
    full = Moves([0.0] * 60, 60)
    room = full.room
    assert room * (4 * 60 + 8) <= Moves.ITEMS
    for k in range(room + 100):
        full.put((k,), (0.0, 0.0, ()))
    assert len(full.found) == room


def test_copies_share_one_memo_and_another_start_has_its_own() -> None:
    model = MODELS["squares"]
    start = [Place.at(0, 0), Place.at(30, 0), Place.at(0, 30), Place.at(30, 30)]
    plane = Plane(model, start)
    twin = plane.copy()
    assert twin.memo is plane.memo is not None
    side, hp = [0, 1, 0, 1], [5, 5, 5, 5]
    foes = Foes(twin, side, [True] * 4, hp)
    foes.step(0, 1, 5, [False] * 4, 20)
    assert plane.memo is not None and len(plane.memo.found) == 1
    # the same places anew: a start of its own, nothing remembered
    other = Plane(model, start)
    assert other.memo is not plane.memo
    assert other.memo is not None and not other.memo.found
    # a start whose places differ finds none of another's moves, and moves as the search does
    moved = Plane(model, [Place.at(0, 0), Place.at(40, 0), Place.at(0, 30), Place.at(30, 30)])
    moved.memo = plane.memo
    searched = Plane(model, [Place.at(0, 0), Place.at(40, 0), Place.at(0, 30), Place.at(30, 30)])
    Foes(moved, side, [True] * 4, hp).step(0, 1, 5, [False] * 4, 20)
    searched.approach(0, 1, 5, [False] * 4, 20)
    assert (moved.x, moved.y) == (searched.x, searched.y)
    assert len(plane.memo.found) == 2


def test_a_place_on_a_negative_zero_keeps_no_memo() -> None:
    """``==`` cannot tell -0.0 from 0.0, which a move's angle can: no memo then."""
    model = MODELS["straight"]
    plane = Plane(model, [Place(x=-0.0, y=0.0), Place(x=10.0, y=0.0)])
    assert plane.memo is None
    assert Plane(model, [Place(x=0.0, y=0.0), Place(x=10.0, y=0.0)]).memo is not None


@pytest.mark.parametrize("metric", ["straight", "heights"])
def test_a_row_measured_at_once_is_each_distance_by_the_metric(metric: str) -> None:
    """``measure_all`` and ``measure_among`` on a straight line (the rows a move measures,
    each difference taken once) read each distance as the metric's ``norm`` rounds it (the
    same sum of squares), on one level too."""
    model = MODELS[metric]
    draw = random.Random(f"rows {metric}")
    for _ in range(300):
        count = draw.randint(1, 9)
        xs = [
            draw.choice((draw.uniform(-90, 90), draw.randint(-18, 18) * 2.5)) for _ in range(count)
        ]
        ys = [
            draw.choice((draw.uniform(-90, 90), draw.randint(-18, 18) * 2.5)) for _ in range(count)
        ]
        level = draw.random() < 0.5
        zs = [0.0 if level else draw.choice((0.0, 5.0, 2.5)) for _ in range(count)]
        expected = []
        for j in range(count):
            length = model.norm(xs[j] - xs[0], ys[j] - ys[0], zs[j] - zs[0])
            expected.append(min(math.floor(length + 0.5), model.maximum))
        assert model.measure_all(xs[0], ys[0], zs[0], xs, ys, zs, level=level) == expected
        assert model.measure_among(0, xs, ys, zs, range(count), level=level) == expected
