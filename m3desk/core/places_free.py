"""Where a combatant closing on another stops: :func:`free_spot`, the one placement of
closing in (the forecasts' moves, the action dialog's "move toward", a charge's walk in),
and the grid hash of who stands where it looks in (:class:`Spots`). Cut from
:mod:`m3desk.core.places`, which re-exports both. Pure Python, no Qt.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from heapq import heapify, heappop
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from m3desk.core.system import PositionModel

__all__ = ["FEW", "SPOT", "XYZ", "Spots", "free_spot"]


XYZ = tuple[float, float, float]
SPOT = 0.99
"""Two combatants nearer than this share of a grid step stand on one spot (a hundredth
spared for places kept to a thousandth of the unit)."""


_CELLS: dict[tuple[int, float], list[tuple[int, int]]] = {}


def _cells(model: PositionModel, wanted: float) -> list[tuple[int, int]]:
    """The squares (i, j steps from a square) whose distance on the grid is ``wanted``: with
    the longer side ``i`` and the shorter ``j``, ``i + ⌊j / 2⌋`` steps (the metric's every
    second diagonal counting two), so the ring is walked, not searched."""
    key = (model.step, wanted)
    found = _CELLS.get(key)
    if found is None:
        steps = math.floor(wanted / model.step + 1e-6)
        cells: dict[tuple[int, int], None] = {}
        j = 0
        while j <= steps - j // 2:
            i = steps - j // 2
            for a, b in ((i, j), (j, i)):
                for sa in (1, -1):
                    for sb in (1, -1):
                        cells[(a * sa, b * sb)] = None
            j += 1
        found = list(cells)
        if len(_CELLS) < 256:
            _CELLS[key] = found
    return found


_OFFSETS: dict[tuple[int, float], list[tuple[float, float]]] = {}


def _offsets(model: PositionModel, wanted: float) -> list[tuple[float, float]]:
    """:func:`_cells` in the game's unit (each square's steps times the step)."""
    key = (model.step, wanted)
    found = _OFFSETS.get(key)
    if found is None:
        step = float(model.step)
        found = [(i * step, j * step) for i, j in _cells(model, wanted)]
        if len(_OFFSETS) < 256:
            _OFFSETS[key] = found
    return found


class Spots:
    """Who stands where, by squares one grid step wide (a grid hash): the few standing near a
    spot are found by looking in the nine squares around it, not by a scan of everyone, so
    closers walking around each other cost no more in a crowd than in a skirmish. Kept in
    step with the places by :meth:`move` (:class:`Plane` does it for every move)."""

    __slots__ = ("at", "cells", "size")

    def __init__(self, size: float, xs: Sequence[float], ys: Sequence[float]) -> None:
        self.size = size
        self.cells: dict[tuple[int, int], list[int]] = {}
        self.at: list[tuple[int, int]] = []
        floor = math.floor
        for i, (x, y) in enumerate(zip(xs, ys, strict=True)):
            key = (floor(x / size), floor(y / size))
            self.at.append(key)
            self.cells.setdefault(key, []).append(i)

    def copy(self) -> Spots:
        twin = Spots.__new__(Spots)
        twin.size, twin.at = self.size, self.at[:]
        twin.cells = {key: held[:] for key, held in self.cells.items()}
        return twin

    def move(self, i: int, x: float, y: float) -> None:
        """``i`` now stands at (x, y)."""
        key = (math.floor(x / self.size), math.floor(y / self.size))
        old = self.at[i]
        if key != old:
            held = self.cells[old]
            held.remove(i)
            if not held:
                del self.cells[old]
            self.cells.setdefault(key, []).append(i)
            self.at[i] = key

    def near(self, x: float, y: float) -> list[int]:
        """Everyone in the nine squares around (x, y): all who stand less than a step from
        it, and a few more."""
        size, cells = self.size, self.cells
        cx, cy = math.floor(x / size), math.floor(y / size)
        found: list[int] = []
        for i in (cx - 1, cx, cx + 1):
            for j in (cy - 1, cy, cy + 1):
                held = cells.get((i, j))
                if held:
                    found += held
        return found


def _taker(
    model: PositionModel,
    mover: int,
    anchor: int,
    xs: Sequence[float],
    ys: Sequence[float],
    zs: Sequence[float],
    gone: Sequence[bool],
    spots: Spots | None,
) -> Callable[[float, float, float], bool]:
    """Whether a spot (x, y, z) is taken: someone still standing but the mover and the one
    it closes on stands within :data:`SPOT` of a step of it, by the game's metric. Looks in
    the squares of :meth:`Spots.near` that can hold one so near itself (a spot is tried a
    dozen times a move in a crowd: no list is built for it); without ``spots`` (a handful
    of combatants, :data:`FEW`) it measures everyone, by the very same comparisons."""
    if spots is None:
        return _few_taker(model, mover, anchor, xs, ys, zs, gone)
    near = model.step * SPOT
    size, cells, floor = spots.size, spots.cells, math.floor
    get = cells.get
    # the squares that can hold one less than ``near`` away on both sides (a hair wider:
    # a superset, each one found then measured): two or three a side, not always three
    wide = near + 1e-6
    # the spot's own square first: in a crowd, whoever takes a spot mostly stands in it
    # (the squares around a spot are among the three columns and rows about its own)
    if model.metric == "squares":

        def taken(x: float, y: float, z: float) -> bool:
            cx, cy = floor(x / size), floor(y / size)
            low_x, high_x = floor((x - wide) / size), floor((x + wide) / size)
            low_y, high_y = floor((y - wide) / size), floor((y + wide) / size)
            for i in (cx, cx - 1, cx + 1):
                if i < low_x or i > high_x:
                    continue
                for k in (cy, cy - 1, cy + 1):
                    if k < low_y or k > high_y:
                        continue
                    held = get((i, k))
                    if not held:
                        continue
                    for j in held:
                        # one side a spot or more apart: the metric reads no less
                        a = xs[j] - x
                        if a >= near or a <= -near:
                            continue
                        b = ys[j] - y
                        if b >= near or b <= -near:
                            continue
                        if j != mover and j != anchor and not gone[j]:
                            c = zs[j] - z
                            a, b, c = (a if a > 0 else -a), (b if b > 0 else -b), abs(c)
                            high = a if a > b else b
                            if c > high:
                                high = c
                            if high + (a + b + c - high) / 2 < near:
                                return True
            return False

        return taken
    near2 = near * near

    def taken_on_line(x: float, y: float, z: float) -> bool:
        cx, cy = floor(x / size), floor(y / size)
        low_x, high_x = floor((x - wide) / size), floor((x + wide) / size)
        low_y, high_y = floor((y - wide) / size), floor((y + wide) / size)
        for i in (cx, cx - 1, cx + 1):
            if i < low_x or i > high_x:
                continue
            for k in (cy, cy - 1, cy + 1):
                if k < low_y or k > high_y:
                    continue
                held = get((i, k))
                if not held:
                    continue
                for j in held:
                    a = xs[j] - x
                    if a >= near or a <= -near:  # a spot or more apart on one side
                        continue
                    b = ys[j] - y
                    if b >= near or b <= -near:
                        continue
                    if j != mover and j != anchor and not gone[j]:
                        c = zs[j] - z
                        if a * a + b * b + c * c < near2:
                            return True
        return False

    return taken_on_line


FEW = 8
"""Up to this many combatants :func:`free_spot` measures everyone for a spot rather than
build and keep a grid hash (:class:`Spots`): the same answer, cheaper for a handful."""


def _few_taker(
    model: PositionModel,
    mover: int,
    anchor: int,
    xs: Sequence[float],
    ys: Sequence[float],
    zs: Sequence[float],
    gone: Sequence[bool],
) -> Callable[[float, float, float], bool]:
    """:func:`_taker` by a scan of everyone still standing but the mover and the anchor
    (the grid's squares only narrow who is measured; each is measured alike)."""
    near = model.step * SPOT
    others = [j for j in range(len(xs)) if j != mover and j != anchor and not gone[j]]
    if model.metric == "squares":

        def taken(x: float, y: float, z: float) -> bool:
            for j in others:
                a = xs[j] - x
                if a >= near or a <= -near:
                    continue
                b = ys[j] - y
                if b >= near or b <= -near:
                    continue
                c = zs[j] - z
                a, b, c = (a if a > 0 else -a), (b if b > 0 else -b), abs(c)
                high = a if a > b else b
                if c > high:
                    high = c
                if high + (a + b + c - high) / 2 < near:
                    return True
            return False

        return taken
    near2 = near * near

    def taken_on_line(x: float, y: float, z: float) -> bool:
        for j in others:
            a = xs[j] - x
            if a >= near or a <= -near:
                continue
            b = ys[j] - y
            if b >= near or b <= -near:
                continue
            c = zs[j] - z
            if a * a + b * b + c * c < near2:
                return True
        return False

    return taken_on_line


def free_spot(
    model: PositionModel,
    mover: int,
    anchor: int,
    first: XYZ,
    xs: Sequence[float],
    ys: Sequence[float],
    zs: Sequence[float],
    gone: Sequence[bool],
    budget: float | None = None,
    spots: Spots | None = None,
) -> XYZ:
    """Where combatant ``mover`` (an index of ``xs``/``ys``/``zs``, everyone's places)
    stops closing on ``anchor``: ``first`` (its spot on the line, as :func:`toward` or
    :meth:`Plane.approach` find it) unless another combatant still standing (not
    ``gone``) stands within one grid step of it; then the free spot on the same ring around
    ``anchor`` nearest to ``first``, else on the rings one step farther out, never farther
    from ``anchor`` than the mover already is (it then stays where it stands). A spot
    farther from the mover than ``budget`` (its movement, measured as the rules measure) is
    out of its reach. ``spots`` is who stands where (:class:`Spots`, kept by a caller that
    moves many; built here otherwise, unless :data:`FEW` or fewer stand: then everyone is
    measured): each spot tried costs a look at its neighbours.

    The one placement of closing in: the forecasts' moves, the action dialog's "move
    toward" and a charge's walk in before the blow all stop here, so attackers closing on
    one foe surround it rather than stand on one another."""
    if spots is None and len(xs) > FEW:
        spots = Spots(float(model.step), xs, ys)
    taken = _taker(model, mover, anchor, xs, ys, zs, gone, spots)
    if not taken(*first):
        return first
    search = _free_on_squares if model.metric == "squares" else _free_on_circles
    return search(model, mover, anchor, first, xs, ys, zs, budget, taken)


def _free_on_squares(
    model: PositionModel,
    mover: int,
    anchor: int,
    first: XYZ,
    xs: Sequence[float],
    ys: Sequence[float],
    zs: Sequence[float],
    budget: float | None,
    taken: Callable[[float, float, float], bool],
) -> XYZ:
    """:func:`free_spot`'s search on a grid of squares: whole squares around the anchor as
    far from it as ``first`` (then a step farther, ring by ring, while nearer than the
    mover already is), nearest the mover first; the first one nobody stands on within
    :data:`SPOT` of a step, unless it lies beyond ``budget`` as the rules measure it (the
    ring's next squares lie farther still)."""
    fx, fy, fz = first
    norm = model.norm
    mx, my, mz = xs[mover], ys[mover], zs[mover]
    ax, ay, az = xs[anchor], ys[anchor], zs[anchor]
    limit = norm(mx - ax, my - ay, mz - az) - 1e-6
    start = norm(fx - ax, fy - ay, fz - az)
    step = float(model.step)
    largest, floor = model.maximum, math.floor
    through = step * max(1, floor(norm(fx - ax, fy - ay) / step + 0.5))
    outward = 0.0
    while start + outward < limit:
        # each square with its distance from the mover on the ground (the metric's norm:
        # the longer side whole, the shorter at half), nearest first
        spots: list[tuple[float, float, float]] = []
        for i, j in _offsets(model, through + outward):
            x, y = ax + i, ay + j
            a, b = x - mx, y - my
            a, b = (a if a > 0 else -a), (b if b > 0 else -b)
            spots.append((a + b / 2 if a > b else b + a / 2, x, y))
        heapify(spots)  # popped nearest first, only until one is free (no two alike)
        while spots:
            _d, x, y = heappop(spots)
            if x == fx and y == fy:
                continue
            if not taken(x, y, fz):
                if budget is None:
                    return x, y, fz
                # as the rules measure it (PositionModel.measure_all on a grid)
                a, b, c = abs(x - mx), abs(y - my), abs(fz - mz)
                high = a if a > b else b
                if c > high:
                    high = c
                length = step * floor((high + (a + b + c - high) / 2) / step + 1e-3)
                if min(length, largest) <= budget:
                    return x, y, fz
                break
        outward += step
    return mx, my, mz


_RINGS: dict[tuple[float, float], tuple[float, tuple[int, ...]]] = {}


def _ring(step: float, radius: float) -> tuple[float, tuple[int, ...]]:
    """The spots :func:`_free_on_circles` tries on a circle of ``radius``: the turn between
    neighbours one ``step`` apart, and how many turns each is from the one through the
    line, in the order tried (0, +1, −1, +2, −2 …); kept for the radii met again."""
    turn = 2 * math.asin(min(1.0, step / (2 * radius))) if radius >= 1e-9 else 0.0
    count = max(1, math.floor(2 * math.pi / turn + 1e-9)) if turn else 1
    found = (turn, tuple((k + 1) // 2 * (1 if k % 2 else -1) for k in range(count)))
    if len(_RINGS) < 4096:
        _RINGS[(step, radius)] = found
    return found


def _free_on_circles(
    model: PositionModel,
    mover: int,
    anchor: int,
    first: XYZ,
    xs: Sequence[float],
    ys: Sequence[float],
    zs: Sequence[float],
    budget: float | None,
    taken: Callable[[float, float, float], bool],
) -> XYZ:
    """:func:`free_spot`'s search on a straight line: points on the circle around the anchor
    through ``first`` (then a step farther out, circle by circle, while nearer than the
    mover already is), one step apart, the one through ``first`` first, then alternately
    either side of it; the first one nobody stands on within :data:`SPOT` of a step,
    unless it lies beyond ``budget`` as the rules measure it (the circle's next points lie
    farther still)."""
    fx, fy, fz = first
    mx, my, mz = xs[mover], ys[mover], zs[mover]
    ax, ay, az = xs[anchor], ys[anchor], zs[anchor]
    sqrt, cos, sin = math.sqrt, math.cos, math.sin
    limit = sqrt((mx - ax) ** 2 + (my - ay) ** 2 + (mz - az) ** 2) - 1e-6
    start = sqrt((fx - ax) ** 2 + (fy - ay) ** 2 + (fz - az) ** 2)
    dx, dy = fx - ax, fy - ay
    across = math.hypot(dx, dy)
    angle = math.atan2(dy, dx) if across > 1e-9 else 0.0
    step = float(model.step)
    largest = model.maximum  # as measure_all caps a distance
    outward = 0.0
    while start + outward < limit:
        radius = across + outward
        ring = _RINGS.get((step, radius))
        if ring is None:
            ring = _ring(step, radius)
        turn, sides = ring
        for side in sides:
            if turn:
                toward_spot = angle + side * turn
                x = ax + radius * cos(toward_spot)
                y = ay + radius * sin(toward_spot)
            else:
                x, y = ax, ay
            if x == fx and y == fy:
                continue
            if not taken(x, y, fz):
                # within the budget: surely when half a unit short of it, else as the
                # rules measure it; the ring's next spots lie farther from the mover still
                if budget is None:
                    return x, y, fz
                # as the rules measure it (PositionModel.measure_all on a straight line)
                length = math.floor(sqrt((x - mx) ** 2 + (y - my) ** 2 + (fz - mz) ** 2) + 0.5)
                if min(length, largest) <= budget:
                    return x, y, fz
                break
        outward += step
    return mx, my, mz
