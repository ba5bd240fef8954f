"""Places on a plane, for the games that measure distance.

A game whose :class:`~m3desk.core.system.PositionModel` is a distance gives each combatant a
:class:`Place` (x, y and a height z, in the game's unit); every distance between two
combatants is *derived* from their places by the game's metric
(:meth:`~m3desk.core.system.PositionModel.measure`), so distances can never contradict each
other. This module holds the geometry that needs no encounter:

- :func:`toward` — the place on the line through two places at a given distance from one of
  them (a move that sets one pair's distance);
- :func:`free_spot` — where a combatant closing on another stops: on the line, or, when
  someone already stands there, the nearest free spot around the one it closes on (every
  closer on a place of its own);
- :func:`formation` — where each side stands at the start: each side a loose group, the
  sides a given distance apart;
- :func:`fit` — places that honour distances stored per pair as well as possible (files
  written before places existed): for a small group shortest paths fill the pairs never
  set and classical multidimensional scaling gives a first layout; a large group is placed
  one combatant at a time against a few already placed (where their circles cross); a few
  rounds of moving each place toward where its stored distances want it refine it under
  the game's own metric, within a budget of pair evaluations that grows with the pairs
  stored (a file of 200 combatants opens in about a second).

Pure Python: at most :data:`~m3desk.core.encounter.MAX_COMBATANTS` places, no numpy.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from pydantic import BaseModel, ConfigDict, Field

if TYPE_CHECKING:
    from m3desk.core.system import PositionModel

__all__ = ["FAR", "MAX_AREAS", "SPOT", "Area", "Backdrop", "Ground", "Place", "Plane", "areas_at",
           "between", "fit", "formation", "free_spot", "ground_along", "ground_at",
           "pairs_of", "places_migration", "toward", "toward_xyz"]

FAR = 1_000_000.0
"""No coordinate goes farther from the origin than this (a hand-edited file is refused)."""


class Place(BaseModel):
    """Where a combatant stands, in the game's unit; ``z`` is its height above the ground."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)
    x: float = Field(0.0, ge=-FAR, le=FAR)
    y: float = Field(0.0, ge=-FAR, le=FAR)
    z: float = Field(0.0, ge=-FAR, le=FAR)

    @classmethod
    def at(cls, x: float, y: float, z: float = 0.0) -> Place:
        """A place with its coordinates kept to a thousandth of the unit (tidy files; the
        metric's rounding absorbs the difference)."""
        return cls.model_construct(x=round(x, 3) + 0.0, y=round(y, 3) + 0.0,
                                   z=round(z, 3) + 0.0)


MAX_AREAS = 500
"""An encounter's map holds at most this many terrain areas."""


class Area(BaseModel):
    """A rectangle of the map with a terrain of its own, in the game's unit: ``x``/``y`` its
    corner nearest the origin, ``width``/``height`` its size. ``rating`` is the Difficulty
    Rating a game that prices terrain adds to each unit moved through it; ``wall`` marks it
    impassable whatever the rating (a wall, a chasm, a pillar)."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)
    x: float = Field(0.0, ge=-FAR, le=FAR)
    y: float = Field(0.0, ge=-FAR, le=FAR)
    width: float = Field(1.0, gt=0, le=2 * FAR)
    height: float = Field(1.0, gt=0, le=2 * FAR)
    rating: int = Field(0, ge=0, le=99)
    wall: bool = False
    label: str = Field("", max_length=120)

    def holds(self, x: float, y: float) -> bool:
        """Whether the point (x, y) lies in this area (edges included)."""
        return (self.x <= x <= self.x + self.width) and (self.y <= y <= self.y + self.height)


class Backdrop(BaseModel):
    """A picture under the map's grid (a scanned or drawn dungeon map), kept as the path of
    the image file, not its bytes: the encounter file stays small and quick to autosave at
    every step, and the bounded file reader needs no exception for megabytes of text. ``x``
    and ``y`` are where the picture's top-left corner lies on the map and ``per_pixel`` how
    many of the game's units one of its pixels spans (0.5 ft: 10 pixels per 5-ft square).
    ``per_pixel_y`` is the same down the picture when a scan was stretched apart from across
    (a corner dragged with Shift on the map); None, as files before it say: the same."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)
    path: str = Field(min_length=1, max_length=4096)
    x: float = Field(0.0, ge=-FAR, le=FAR)
    y: float = Field(0.0, ge=-FAR, le=FAR)
    per_pixel: float = Field(1.0, ge=1e-4, le=1000)
    per_pixel_y: float | None = Field(None, ge=1e-4, le=1000,
                                      exclude_if=lambda value: value is None)

    @property
    def down_per_pixel(self) -> float:
        """The units one pixel spans down the picture."""
        return self.per_pixel if self.per_pixel_y is None else self.per_pixel_y


def areas_at(areas: Sequence[Area], x: float, y: float) -> list[Area]:
    """The areas holding the point (x, y), in the order they were drawn (a later one lies on
    top)."""
    return [area for area in areas if area.holds(x, y)]


class Ground(NamedTuple):
    """The ground one unit of a move crosses: its Difficulty Rating, whether it is a wall, and
    whether any area is painted there at all (open ground is not)."""

    rating: int = 0
    wall: bool = False
    painted: bool = False


def ground_at(areas: Sequence[Area], x: float, y: float) -> Ground:
    """The ground at one point: the topmost area's rating, a wall if any area there is one."""
    here = areas_at(areas, x, y)
    return Ground(here[-1].rating if here else 0, any(a.wall for a in here), bool(here))


def ground_along(areas: Sequence[Area], start: Place, end: Place, unit: float = 1.0
                 ) -> list[Ground]:
    """The ground under each unit of a straight move from ``start`` to ``end`` on the map,
    the move cut into as many whole units as its length rounds to (as the straight metric
    rounds), each sampled at its middle: the rating of the topmost area there (0 on open
    ground), a wall if any area there is one. A move shorter than half a unit crosses
    nothing."""
    length = math.hypot(end.x - start.x, end.y - start.y)
    count = math.floor(length / unit + 0.5)
    found: list[Ground] = []
    for k in range(count):
        share = (k + 0.5) / count
        x = start.x + (end.x - start.x) * share
        y = start.y + (end.y - start.y) * share
        found.append(ground_at(areas, x, y))
    return found


def between(a: Place, b: Place, c: Place, width: float) -> bool:
    """Whether ``c`` stands between ``a`` and ``b`` on the map: the foot of ``c`` on the line
    a–b falls on the segment (ends included), and ``c`` is at most ``width`` from it."""
    dx, dy = b.x - a.x, b.y - a.y
    length2 = dx * dx + dy * dy
    if length2 < 1e-9:
        return False
    share = ((c.x - a.x) * dx + (c.y - a.y) * dy) / length2
    if not -1e-9 <= share <= 1.0 + 1e-9:
        return False
    return math.hypot(a.x + dx * share - c.x, a.y + dy * share - c.y) <= width + 1e-9


def toward(model: PositionModel, mover: Place, anchor: Place, value: float,
           fallback: tuple[float, float] = (1.0, 0.0)) -> Place:
    """Where ``mover`` ends up moving along the line through ``anchor`` so that the two are
    ``value`` apart by the game's metric (moving away or closer; a mover standing on the
    anchor leaves in the ``fallback`` direction)."""
    x, y, z = toward_xyz(model, (mover.x, mover.y, mover.z), (anchor.x, anchor.y, anchor.z),
                         value, fallback)
    return Place.at(x, y, z)


def toward_xyz(model: PositionModel, mover: tuple[float, float, float],
               anchor: tuple[float, float, float], value: float,
               fallback: tuple[float, float] = (1.0, 0.0)) -> tuple[float, float, float]:
    """:func:`toward` on plain coordinates (the forecasts' compact state)."""
    ax, ay, az = anchor
    dx, dy, dz = mover[0] - ax, mover[1] - ay, mover[2] - az
    norm = model.norm(dx, dy, dz)
    if norm < 1e-9:
        length = math.hypot(*fallback) or 1.0
        dx, dy, dz = fallback[0] / length, fallback[1] / length, 0.0
        norm = model.norm(dx, dy, dz)
    scale = value / norm
    return ax + dx * scale, ay + dy * scale, az + dz * scale


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


def _taker(model: PositionModel, mover: int, anchor: int, xs: Sequence[float],
           ys: Sequence[float], zs: Sequence[float], gone: Sequence[bool],
           spots: Spots) -> Callable[[float, float, float], bool]:
    """Whether a spot (x, y, z) is taken: someone still standing but the mover and the one
    it closes on stands within :data:`SPOT` of a step of it, by the game's metric. Looks in
    the nine squares of :meth:`Spots.near` itself (a spot is tried a dozen times a move in a
    crowd: no list is built for it)."""
    near = model.step * SPOT
    size, cells, floor = spots.size, spots.cells, math.floor
    get = cells.get
    if model.metric == "squares":
        def taken(x: float, y: float, z: float) -> bool:
            cx, cy = floor(x / size), floor(y / size)
            for i in (cx - 1, cx, cx + 1):
                for k in (cy - 1, cy, cy + 1):
                    held = get((i, k))
                    if not held:
                        continue
                    for j in held:
                        if j != mover and j != anchor and not gone[j]:
                            a, b, c = abs(xs[j] - x), abs(ys[j] - y), abs(zs[j] - z)
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
        for i in (cx - 1, cx, cx + 1):
            for k in (cy - 1, cy, cy + 1):
                held = get((i, k))
                if not held:
                    continue
                for j in held:
                    if j != mover and j != anchor and not gone[j]:
                        a, b, c = xs[j] - x, ys[j] - y, zs[j] - z
                        if a * a + b * b + c * c < near2:
                            return True
        return False
    return taken_on_line


def free_spot(model: PositionModel, mover: int, anchor: int, first: XYZ,
              xs: Sequence[float], ys: Sequence[float], zs: Sequence[float],
              gone: Sequence[bool], budget: float | None = None,
              spots: Spots | None = None) -> XYZ:
    """Where combatant ``mover`` (an index of ``xs``/``ys``/``zs``, everyone's places)
    stops closing on ``anchor``: ``first`` (its spot on the line, as :func:`toward` or
    :meth:`Plane.approach` find it) unless another combatant still standing (not
    ``gone``) stands within one grid step of it; then the free spot on the same ring around
    ``anchor`` nearest to ``first``, else on the rings one step farther out, never farther
    from ``anchor`` than the mover already is (it then stays where it stands). A spot
    farther from the mover than ``budget`` (its movement, measured as the rules measure) is
    out of its reach. ``spots`` is who stands where (:class:`Spots`, kept by a caller that
    moves many; built here otherwise): each spot tried costs a look at its neighbours.

    The one placement of closing in: the forecasts' moves, the action dialog's "move
    toward" and a charge's walk in before the blow all stop here, so attackers closing on
    one foe surround it rather than stand on one another."""
    if spots is None:
        spots = Spots(float(model.step), xs, ys)
    taken = _taker(model, mover, anchor, xs, ys, zs, gone, spots)
    if not taken(*first):
        return first
    search = _free_on_squares if model.metric == "squares" else _free_on_circles
    return search(model, mover, anchor, first, xs, ys, zs, budget, taken)


def _free_on_squares(model: PositionModel, mover: int, anchor: int, first: XYZ,
                     xs: Sequence[float], ys: Sequence[float], zs: Sequence[float],
                     budget: float | None, taken: Callable[[float, float, float], bool]
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
        for i, j in _cells(model, through + outward):
            x, y = ax + i * step, ay + j * step
            a, b = abs(x - mx), abs(y - my)
            spots.append((a + b / 2 if a > b else b + a / 2, x, y))
        spots.sort()
        for _d, x, y in spots:
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


def _free_on_circles(model: PositionModel, mover: int, anchor: int, first: XYZ,
                     xs: Sequence[float], ys: Sequence[float], zs: Sequence[float],
                     budget: float | None, taken: Callable[[float, float, float], bool]
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


class Plane:
    """Where each combatant of a simulated fight stands, as plain floats (the forecasts'
    compact state, by index): moves go along the line to another combatant, as
    :func:`toward` moves a token, and every distance is measured from the places by the
    game's metric (:meth:`~m3desk.core.system.PositionModel.measure`), so distances always
    agree with each other."""

    __slots__ = ("_spots", "level", "model", "x", "y", "z")

    def __init__(self, model: PositionModel, places: Sequence[Place]) -> None:
        self.model = model
        self.x = [p.x for p in places]
        self.y = [p.y for p in places]
        self.z = [p.z for p in places]
        self._spots: Spots | None = None
        # everyone on one level (moves keep each one's height): rows leave heights out
        self.level = len(set(self.z)) <= 1

    def copy(self) -> Plane:
        twin = Plane.__new__(Plane)
        twin.model, twin.x, twin.y, twin.z = self.model, self.x[:], self.y[:], self.z[:]
        twin._spots = None if self._spots is None else self._spots.copy()
        twin.level = self.level
        return twin

    @property
    def spots(self) -> Spots:
        """Who stands where (:class:`Spots`), built at the first closing move and kept in
        step with every move since."""
        if self._spots is None:
            self._spots = Spots(float(self.model.step), self.x, self.y)
        return self._spots

    def place(self, i: int) -> Place:
        return Place.at(self.x[i], self.y[i], self.z[i])

    def between(self, i: int, j: int) -> int:
        """The distance of ``i`` and ``j`` as the rules read it."""
        return self.model.measure(self.place(i), self.place(j))

    def row(self, i: int) -> list[int]:
        """Every combatant's distance from ``i`` (0 to itself)."""
        xs, ys, zs = self.x, self.y, self.z
        return self.model.measure_all(xs[i], ys[i], zs[i], xs, ys, zs, level=self.level)

    def approach(self, i: int, t: int, value: float, gone: Sequence[bool] | None = None,
                 budget: float | None = None) -> None:
        """``i`` moves on its own level along the line toward (or away from) ``t`` until the
        two are ``value`` apart, or as near to that as its level allows (it walks: a foe on
        a ledge is approached from below). Closing in with ``gone`` (by index, who no longer
        holds a place: down, fled) it stops at :func:`free_spot`: never on another's spot,
        and never farther than ``budget`` from where it was."""
        model = self.model
        xs, ys, zs = self.x, self.y, self.z
        dz = zs[i] - zs[t]
        if abs(dz) < 1e-9:
            x, y, _z = toward_xyz(model, (xs[i], ys[i], 0.0), (xs[t], ys[t], 0.0), value)
        else:
            dx, dy = xs[i] - xs[t], ys[i] - ys[t]
            across = math.hypot(dx, dy)
            ux, uy = (dx / across, dy / across) if across > 1e-9 else (1.0, 0.0)
            # the ground distance s whose length with the height between is ``value``: the
            # metric grows with s, so halving the interval finds it
            low, high = 0.0, max(across, value) + abs(dz)
            if model.norm(0.0, 0.0, dz) < value:
                for _ in range(40):
                    middle = (low + high) / 2
                    if model.norm(ux * middle, uy * middle, dz) < value:
                        low = middle
                    else:
                        high = middle
            x, y = xs[t] + ux * low, ys[t] + uy * low
        if gone is not None:
            x, y, _z = free_spot(model, i, t, (x, y, zs[i]), xs, ys, zs, gone, budget,
                                 self.spots)
        xs[i], ys[i] = x, y
        if self._spots is not None:
            self._spots.move(i, x, y)

    def retreat(self, i: int, t: int, step: float) -> None:
        """``i`` moves ``step`` straight away from ``t``."""
        length = self.model.norm(self.x[i] - self.x[t], self.y[i] - self.y[t],
                                 self.z[i] - self.z[t])
        self.approach(i, t, length + step)


# -- starting places -------------------------------------------------------------------------

RANK = 5
"""Members of a side stand in ranks of this many, side by side."""
_LATERAL = (0, 1, -1, 2, -2)


def _anchor(index: int, count: int, apart: float) -> tuple[float, float, float, float]:
    """Side ``index`` of ``count`` on a regular polygon whose neighbouring corners are
    ``apart`` apart: its front centre and the unit vector pointing away from the others."""
    count = max(2, count)
    angle = math.pi + 2 * math.pi * index / count
    radius = apart / (2 * math.sin(math.pi / count))
    ux, uy = math.cos(angle), math.sin(angle)
    ux, uy = (0.0 if abs(ux) < 1e-12 else ux), (0.0 if abs(uy) < 1e-12 else uy)
    return radius * ux, radius * uy, ux, uy


def formation(sides: Sequence[str], members: Sequence[tuple[str, str]], apart: float,
              gap: float) -> dict[str, Place]:
    """Starting places: ``members`` (id, side) in order, each side a loose group (ranks of
    :data:`RANK`, ``gap`` between neighbours, the front rank facing the others) and the
    front centres of the sides ``apart`` from each other."""
    index = {side: i for i, side in enumerate(sides)}
    for _id, side in members:
        index.setdefault(side, len(index))
    taken: dict[str, int] = {}
    places: dict[str, Place] = {}
    for combatant_id, side in members:
        slot = taken.get(side, 0)
        taken[side] = slot + 1
        places[combatant_id] = slot_place(index[side], len(index), slot, apart, gap)
    return places


def slot_place(side_index: int, side_count: int, slot: int, apart: float,
               gap: float) -> Place:
    """The place of the ``slot``-th member of side ``side_index`` in :func:`formation`."""
    ax, ay, ux, uy = _anchor(side_index, side_count, apart)
    # The lateral axis is the same for every side (the one pointing up, or right), so the
    # same slot of two facing sides stands straight across from each other.
    vx, vy = -uy, ux
    if vy < 0 or (vy == 0 and vx < 0):
        vx, vy = -vx, -vy
    depth, lateral = divmod(slot, RANK)
    side_step = _LATERAL[lateral] * gap
    back = depth * gap
    return Place.at(ax + ux * back + vx * side_step, ay + uy * back + vy * side_step)


# -- places from distances per pair ----------------------------------------------------------

def _completed(count: int, known: Mapping[tuple[int, int], float], far: float
               ) -> list[list[float]]:
    """Every pair's distance: the known ones, the others by the shortest path through known
    pairs (the most the triangle inequality allows), ``far`` where no path joins them."""
    inf = math.inf
    table = [[0.0 if i == j else inf for j in range(count)] for i in range(count)]
    for (i, j), value in known.items():
        table[i][j] = table[j][i] = float(value)
    for k in range(count):
        row_k = table[k]
        for i in range(count):
            through = table[i][k]
            if through == inf:
                continue
            table[i] = [a if a <= through + b else through + b
                        for a, b in zip(table[i], row_k, strict=True)]
    return [[far if v == inf else min(v, far) for v in row] for row in table]


def _top_eigen(matrix: list[list[float]], found: list[tuple[float, list[float]]],
               rounds: int = 300) -> tuple[float, list[float]]:
    """The largest eigenpair of a symmetric matrix, orthogonal to those ``found`` (power
    iteration with deflation, from a fixed start: the same file gives the same places)."""
    count = len(matrix)
    vector = [1.0 + 0.37 * ((i * 7919) % 13) for i in range(count)]
    for _ in range(rounds):
        for _value, other in found:
            dot = sum(a * b for a, b in zip(vector, other, strict=True))
            vector = [a - dot * b for a, b in zip(vector, other, strict=True)]
        product = [sum(a * b for a, b in zip(row, vector, strict=True)) for row in matrix]
        for val, other in found:
            dot = sum(a * b for a, b in zip(other, vector, strict=True))
            product = [p - val * dot * b for p, b in zip(product, other, strict=True)]
        length = math.sqrt(sum(p * p for p in product))
        if length < 1e-12:
            return 0.0, [0.0] * count
        nxt = [p / length for p in product]
        if all(abs(a - b) < 1e-12 for a, b in zip(nxt, vector, strict=True)):
            vector = nxt
            break
        vector = nxt
    product = [sum(a * b for a, b in zip(row, vector, strict=True)) for row in matrix]
    value = sum(a * b for a, b in zip(product, vector, strict=True))
    return value, vector


def _classical(table: list[list[float]]) -> list[tuple[float, float]]:
    """Classical multidimensional scaling into the plane: exact for distances that a plane
    can hold, the best least-squares layout of their inner products otherwise."""
    count = len(table)
    squared = [[v * v for v in row] for row in table]
    row_mean = [sum(row) / count for row in squared]
    total = sum(row_mean) / count
    centred = [[-0.5 * (squared[i][j] - row_mean[i] - row_mean[j] + total)
                for j in range(count)] for i in range(count)]
    found: list[tuple[float, list[float]]] = []
    for _ in range(2):
        value, vector = _top_eigen(centred, found)
        found.append((max(value, 0.0), vector))
    (v1, e1), (v2, e2) = found
    s1, s2 = math.sqrt(v1), math.sqrt(v2)
    return [(s1 * e1[i], s2 * e2[i]) for i in range(count)]


class _Work:
    """Pair evaluations (a distance read or a step toward a stored distance) still allowed:
    the fitting of one file is bounded by it, whatever the distances say."""

    def __init__(self, left: float) -> None:
        self.left = left


WORK_FLOOR = 40_000
"""Pair evaluations any file may spend refining, however few its pairs (small groups try
many layouts)."""
WORK_PER_PAIR = 3
"""Pair evaluations a file may spend per stored distance when that is more than
:data:`WORK_FLOOR`: the fitting's whole work grows with the pairs stored, never with
their cube."""
SMALL = 40
"""Groups of at most this many are first laid out by classical scaling (shortest paths
through the stored pairs, then the plane's best two axes: cubic in the group, cheap this
small); larger ones are placed one by one against those already placed."""
ANCHORS = 12
"""Placed combatants at most that a newly placed one is measured against."""
POLISH = 4
"""Least-squares steps that settle a newly placed combatant among all its anchors."""
TURN_PAIRS = 1500
"""Stored pairs at most that choose a grid's best turn of the first layout."""


def _refined(model: PositionModel, xs: list[float], ys: list[float],
             neighbours: Sequence[Sequence[tuple[int, float, int]]], rounds: int,
             work: _Work, aim: float = 0.0) -> tuple[list[float], list[float]]:
    """Each place moved, in turn, toward where the distances it does not yet keep would put
    it (the point on the line to the other at that distance, by the game's metric), the
    distances it keeps holding it where it is: rounds until every distance reads right,
    nothing moves any more or the ``work`` allowed is spent."""
    measure_all = model.measure_all
    for _ in range(rounds):
        worst = 0.0
        wrong_anywhere = False
        for i, wanted in enumerate(neighbours):
            if not wanted:
                continue
            if work.left <= 0:
                return xs, ys
            work.left -= len(wanted)
            hx, hy = xs[i], ys[i]
            read = measure_all(hx, hy, 0.0, [xs[j] for j, _v, _s in wanted],
                               [ys[j] for j, _v, _s in wanted], [0.0] * len(wanted))
            sx = sy = 0.0
            wrong = 0
            for (j, value, snapped), got in zip(wanted, read, strict=True):
                if got == snapped:
                    sx += hx
                    sy += hy
                    continue
                wrong += 1
                x, y, _z = toward_xyz(model, (hx, hy, 0.0), (xs[j], ys[j], 0.0),
                                      value + aim, (1.0, 0.5))
                sx += x
                sy += y
            if not wrong:
                continue
            wrong_anywhere = True
            nx = round(sx / len(wanted), 3) + 0.0
            ny = round(sy / len(wanted), 3) + 0.0
            worst = max(worst, abs(nx - hx) + abs(ny - hy))
            xs[i], ys[i] = nx, ny
        if not wrong_anywhere or worst < 1e-4:
            break
    return xs, ys


def _settled(model: PositionModel, points: list[tuple[float, float]],
             neighbours: Sequence[Sequence[tuple[int, float, int]]], work: _Work
             ) -> list[tuple[float, float]]:
    """A placed-one-by-one layout settled by a few rounds of moving each place to the mean
    of where each of its stored distances would put it on a straight line, the near ones
    weighing most (least squares: the small errors of rounded distances spread over
    everyone rather than piling up on the last placed), within half the ``work`` allowed."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    hypot = math.hypot
    stop = work.left / 2
    step = float(model.step)
    for _ in range(SETTLE):
        for i, wanted in enumerate(neighbours):
            if not wanted or work.left <= stop:
                break
            work.left -= len(wanted)
            hx, hy = xs[i], ys[i]
            sx = sy = total = 0.0
            for j, value, _s in wanted:
                ox, oy = xs[j], ys[j]
                dx, dy = hx - ox, hy - oy
                length = hypot(dx, dy)
                if length < 1e-9:
                    dx, dy, length = 1.0, 0.5, hypot(1.0, 0.5)
                # the near ones weigh most: a far distance rounded says little of direction
                weight = 1.0 / max(value, step) ** 2
                sx += (ox + dx * value / length) * weight
                sy += (oy + dy * value / length) * weight
                total += weight
            xs[i], ys[i] = sx / total, sy / total
    return [(round(x, 3) + 0.0, round(y, 3) + 0.0) for x, y in zip(xs, ys, strict=True)]


SETTLE = 12
"""Rounds at most that settle a layout placed one by one."""


def _wrong(model: PositionModel, xs: Sequence[float], ys: Sequence[float],
           neighbours: Sequence[Sequence[tuple[int, float, int]]], work: _Work) -> int:
    """How many stored pairs the places do not keep (each pair read once)."""
    count = 0
    measure_all = model.measure_all
    for i, wanted in enumerate(neighbours):
        later = [(j, s) for j, _v, s in wanted if j > i]
        if not later:
            continue
        work.left -= len(later)
        read = measure_all(xs[i], ys[i], 0.0, [xs[j] for j, _s in later],
                           [ys[j] for j, _s in later], [0.0] * len(later))
        count += sum(1 for (_j, s), got in zip(later, read, strict=True) if got != s)
    return count


def _components(count: int, pairs: Mapping[tuple[int, int], float]) -> list[list[int]]:
    """Groups of indices joined by known pairs (singletons for those in none)."""
    parent = list(range(count))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, j in pairs:
        parent[root(i)] = root(j)
    groups: dict[int, list[int]] = {}
    for i in range(count):
        groups.setdefault(root(i), []).append(i)
    return list(groups.values())


def _stress(model: PositionModel, points: Sequence[tuple[float, float]],
            pairs: Sequence[tuple[tuple[int, int], float]]) -> float:
    norm = model.norm
    return sum((norm(points[i][0] - points[j][0], points[i][1] - points[j][1]) - v) ** 2
               for (i, j), v in pairs)


def _turned(points: Sequence[tuple[float, float]], angle: float
            ) -> list[tuple[float, float]]:
    c, s = math.cos(angle), math.sin(angle)
    return [(round(x * c - y * s, 3) + 0.0, round(x * s + y * c, 3) + 0.0) for x, y in points]


def _trilaterated(model: PositionModel, count: int,
                  neighbours: Sequence[Sequence[tuple[int, float, int]]]
                  ) -> list[tuple[float, float]]:
    """A first layout, one combatant at a time in the order a search through the stored
    pairs meets them (from the one with most), each placed against at most
    :data:`ANCHORS` of those already placed: at its distance from one, where the circles
    around the two farthest apart cross (the crossing the others agree with best), so a set
    of straight-line distances a plane holds comes back as it was. Work: the stored pairs
    read once and a few steps per combatant."""
    start = max(range(count), key=lambda i: (len(neighbours[i]), -i))
    order = [start]
    seen = [False] * count
    seen[start] = True
    for m in order:
        for j, _v, _s in neighbours[m]:
            if not seen[j]:
                seen[j] = True
                order.append(j)
    placed: list[tuple[float, float] | None] = [None] * count
    sum_x = sum_y = 0.0
    for number, m in enumerate(order):
        found: list[tuple[float, float, float]] = []
        for j, value, _s in neighbours[m]:
            spot = placed[j]
            if spot is not None:
                found.append((spot[0], spot[1], value))
                if len(found) == 4 * ANCHORS:
                    break
        anchors = _anchors(found)
        if not anchors:
            here = (0.0, 0.0)
        else:
            cx, cy = sum_x / number, sum_y / number
            here = _crossing(model, anchors, cx, cy)
        here = (round(here[0], 3) + 0.0, round(here[1], 3) + 0.0)
        placed[m] = here
        sum_x += here[0]
        sum_y += here[1]
    return [p if p is not None else (0.0, 0.0) for p in placed]


def _anchors(found: list[tuple[float, float, float]]) -> list[tuple[float, float, float]]:
    """At most :data:`ANCHORS` of (a few of) the placed (x, y, value) to place against: the
    first, the one farthest from it, the one farthest from the line through those two (so a
    mirror image is told apart whenever the placed do not all stand on one line), then the
    first others."""
    if len(found) <= 3:
        return found
    a = found[0]
    b = max(found, key=lambda o: (o[0] - a[0]) ** 2 + (o[1] - a[1]) ** 2)
    ex, ey = b[0] - a[0], b[1] - a[1]
    c = max(found, key=lambda o: abs(ex * (o[1] - a[1]) - ey * (o[0] - a[0])))
    chosen = [a, b, c]
    for other in found:
        if len(chosen) >= ANCHORS:
            break
        if other is not a and other is not b and other is not c:
            chosen.append(other)
    return chosen


def _crossing(model: PositionModel, anchors: Sequence[tuple[float, float, float]],
              cx: float, cy: float) -> tuple[float, float]:
    """Where a combatant stands ``value`` from each anchor (x, y, value) as nearly as two
    circles allow; with one anchor, on the side away from the others' centre (cx, cy)."""
    norm = model.norm
    best = (0.0, anchors[0], anchors[0])
    for k, a in enumerate(anchors):
        for b in anchors[k + 1:]:
            apart = math.hypot(a[0] - b[0], a[1] - b[1])
            if apart > best[0] + 1e-9:
                best = (apart, a, b)
    apart, a, b = best
    if apart < 1e-9:
        ax, ay, value = anchors[0]
        dx, dy = ax - cx, ay - cy
        if math.hypot(dx, dy) < 1e-9:
            dx, dy = 1.0, 0.0
        x, y, _z = toward_xyz(model, (ax + dx, ay + dy, 0.0), (ax, ay, 0.0), value)
        return x, y
    ex, ey = (b[0] - a[0]) / apart, (b[1] - a[1]) / apart
    along = (a[2] * a[2] - b[2] * b[2] + apart * apart) / (2 * apart)
    height = math.sqrt(max(0.0, a[2] * a[2] - along * along))
    candidates = [(a[0] + ex * along - ey * height * side,
                   a[1] + ey * along + ex * height * side) for side in (1.0, -1.0)]

    def miss(spot: tuple[float, float]) -> tuple[float, float, float, float]:
        others = sum(abs(norm(spot[0] - ox, spot[1] - oy) - v) for ox, oy, v in anchors)
        # the others agreeing best, then the one farther from the placed group's centre,
        # then a fixed side (the same file gives the same places)
        return (round(others, 6), -round(math.hypot(spot[0] - cx, spot[1] - cy), 6),
                -spot[1], -spot[0])

    x, y = min(candidates, key=miss)
    if len(anchors) > 2:
        # a few Gauss-Newton steps on every anchor: rounded distances spread their error
        for _ in range(POLISH):
            hxx = hxy = hyy = gx = gy = 0.0
            for ox, oy, value in anchors:
                dx, dy = x - ox, y - oy
                length = math.hypot(dx, dy)
                if length < 1e-9:
                    continue
                ux, uy = dx / length, dy / length
                miss_by = length - value
                hxx += ux * ux
                hxy += ux * uy
                hyy += uy * uy
                gx += ux * miss_by
                gy += uy * miss_by
            det = hxx * hyy - hxy * hxy
            if det < 1e-9:
                break
            x -= (hyy * gx - hxy * gy) / det
            y -= (hxx * gy - hxy * gx) / det
    return x, y


def _fit_component(model: PositionModel, members: list[int],
                   pairs: Mapping[tuple[int, int], float], work: _Work) -> list[Place]:
    """Places for one group joined by known pairs, centred on the origin."""
    local = {m: k for k, m in enumerate(members)}
    known = {(local[i], local[j]): v for (i, j), v in pairs.items() if i in local}
    count = len(members)
    if count == 1:
        return [Place.at(0, 0)]
    neighbours: list[list[tuple[int, float, int]]] = [[] for _ in range(count)]
    snapped_of: dict[float, int] = {}
    for (i, j), value in known.items():
        snapped = snapped_of.get(value)
        if snapped is None:
            snapped = snapped_of[value] = model.snap(value)
        neighbours[i].append((j, value, snapped))
        neighbours[j].append((i, value, snapped))
    if count <= SMALL:
        points = [(round(x, 3) + 0.0, round(y, 3) + 0.0)
                  for x, y in _classical(_completed(count, known, float(model.largest)))]
    else:
        points = _settled(model, _trilaterated(model, count, neighbours), neighbours, work)
    if model.metric != "straight":
        # A grid's distances depend on the layout's turn: the quarter turn that fits best.
        some = list(known.items())[:TURN_PAIRS]
        points = min((_turned(points, math.radians(d)) for d in range(0, 90, 3)),
                     key=lambda turned: _stress(model, turned, some))
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    best = (_wrong(model, xs, ys, neighbours, work), xs, ys)
    tries = 0
    rounds = max(30, 6000 // count)
    while best[0] and tries < RESTARTS and work.left > 0:
        # Aim a little past the mark on a grid, whose distances count whole squares down;
        # a layout caught where the distances pull against each other starts again shaken.
        aim = model.step / 4 if model.metric == "squares" else 0.0
        base_x, base_y = (best[1], best[2]) if tries else (xs, ys)
        shake = model.step * tries
        tried_x = [round(x + _shake(k, tries, 0) * shake, 3) + 0.0
                   for k, x in enumerate(base_x)]
        tried_y = [round(y + _shake(k, tries, 1) * shake, 3) + 0.0
                   for k, y in enumerate(base_y)]
        tried_x, tried_y = _refined(model, tried_x, tried_y, neighbours, rounds, work, aim)
        wrong = _wrong(model, tried_x, tried_y, neighbours, work)
        if wrong < best[0]:
            best = (wrong, tried_x, tried_y)
        tries += 1
    return [Place.at(x, y) for x, y in zip(best[1], best[2], strict=True)]


RESTARTS = 8
"""Layouts tried at most for one group of distances that places cannot yet keep."""


def _shake(index: int, attempt: int, axis: int) -> float:
    """A fixed pseudo-random offset in [-1, 1] (the same file gives the same places)."""
    return ((index * 7919 + attempt * 104729 + axis * 1299709) % 2001) / 1000.0 - 1.0


def fit(model: PositionModel, ids: Sequence[str], known: Mapping[tuple[str, str], float]
        ) -> dict[str, Place]:
    """Places for ``ids`` that honour the ``known`` distances (pairs of ids) as well as the
    plane and the game's metric allow. A set of distances that places can hold is kept
    exactly; what a caller cannot keep it finds by measuring the places it gets. Groups that
    no known distance joins stand farther apart than the board's farthest (as a pair never
    placed stood before places). The work is bounded: :data:`WORK_FLOOR` pair evaluations,
    or :data:`WORK_PER_PAIR` per stored pair when more, shared among the groups by their
    pairs, and a first layout that is cubic only in groups of at most :data:`SMALL`."""
    if not ids:
        return {}
    index = {combatant_id: i for i, combatant_id in enumerate(ids)}
    pairs = {(index[a], index[b]): max(0.0, float(v)) for (a, b), v in known.items()
             if a in index and b in index and a != b}
    allowed = max(WORK_FLOOR, WORK_PER_PAIR * len(pairs))
    places: list[Place] = [Place.at(0, 0)] * len(ids)
    offset = 0.0
    apart = 2.0 * model.largest + model.step
    groups = sorted(_components(len(ids), pairs), key=lambda m: (-len(m), m[0]))
    sizes: dict[int, int] = {}
    group_of = {member: g for g, members in enumerate(groups) for member in members}
    for i, _j in pairs:
        sizes[group_of[i]] = sizes.get(group_of[i], 0) + 1
    for g, members in enumerate(groups):
        share = allowed * sizes.get(g, 0) / max(1, len(pairs))
        points = _fit_component(model, members, pairs, _Work(share))
        low = min(p.x for p in points)
        for member, point in zip(members, points, strict=True):
            places[member] = Place.at(point.x - low + offset, point.y)
        offset += max(p.x for p in points) - low + apart
    return {combatant_id: places[i] for combatant_id, i in index.items()}


def pairs_of(positions: Mapping[str, float]) -> dict[tuple[str, str], float]:
    """Distances kept per pair (``"idA|idB"``: value) as pairs of ids; keys naming no pair of
    two combatants are left out."""
    pairs: dict[tuple[str, str], float] = {}
    for key, value in positions.items():
        pair = str(key).split("|")
        if len(pair) == 2 and pair[0] != pair[1]:
            pairs[(pair[0], pair[1])] = float(value)
    return pairs


def places_migration(model: PositionModel) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """The file step for a game of distances that kept a distance per pair: places that
    honour those distances as well as they can be (:func:`fit`). The distances stay in the
    file's ``positions`` for reading, where the encounter's repair compares them with the
    places, tells the user which could not be kept, and drops them."""

    def migrate(data: dict[str, Any]) -> dict[str, Any]:
        upgraded = dict(data)
        combatants = data.get("combatants") or []
        ids = [str(c["id"]) for c in combatants if isinstance(c, dict) and "id" in c]
        positions = data.get("positions") or {}
        if ids and isinstance(positions, dict) and positions and not data.get("places"):
            fitted = fit(model, list(dict.fromkeys(ids)), pairs_of(positions))
            upgraded["places"] = {key: place.model_dump() for key, place in fitted.items()}
        return upgraded

    return migrate
