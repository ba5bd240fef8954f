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
- :class:`Plane` — the forecasts' compact state of everyone's places, moved along lines,
  with :class:`Moves`, the memo of the moves its fights repeat.

Places fitted to distances stored per pair (files from before places) are
:mod:`m3desk.core.places_fit`'s; :func:`free_spot` and its grid hash live in
:mod:`m3desk.core.places_free` (re-exported here).

Pure Python: at most :data:`~m3desk.core.encounter.MAX_COMBATANTS` places, no numpy.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from pydantic import BaseModel, ConfigDict, Field

from m3desk.core.places_free import FEW, SPOT, Spots, free_spot

if TYPE_CHECKING:
    from m3desk.core.system import PositionModel

__all__ = [
    "FAR",
    "MAX_AREAS",
    "SPOT",
    "Area",
    "Backdrop",
    "Ground",
    "Moved",
    "Moves",
    "Place",
    "Plane",
    "Spots",
    "areas_at",
    "between",
    "formation",
    "free_spot",
    "ground_along",
    "ground_at",
    "slot_place",
    "toward",
    "toward_xyz",
]

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
        return cls.model_construct(x=round(x, 3) + 0.0, y=round(y, 3) + 0.0, z=round(z, 3) + 0.0)


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
    per_pixel_y: float | None = Field(
        None, ge=1e-4, le=1000, exclude_if=lambda value: value is None
    )

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


def ground_along(
    areas: Sequence[Area], start: Place, end: Place, unit: float = 1.0
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


def toward(
    model: PositionModel,
    mover: Place,
    anchor: Place,
    value: float,
    fallback: tuple[float, float] = (1.0, 0.0),
) -> Place:
    """Where ``mover`` ends up moving along the line through ``anchor`` so that the two are
    ``value`` apart by the game's metric (moving away or closer; a mover standing on the
    anchor leaves in the ``fallback`` direction)."""
    x, y, z = toward_xyz(
        model, (mover.x, mover.y, mover.z), (anchor.x, anchor.y, anchor.z), value, fallback
    )
    return Place.at(x, y, z)


def toward_xyz(
    model: PositionModel,
    mover: tuple[float, float, float],
    anchor: tuple[float, float, float],
    value: float,
    fallback: tuple[float, float] = (1.0, 0.0),
) -> tuple[float, float, float]:
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


Moved = tuple[float, float, tuple[int, ...]]
"""A move remembered: where the mover ended (x, y) and its distance from each combatant."""


class Moves:
    """The moves a plane's fights have worked out, remembered: a forecast plays thousands of
    fights from one start, and most of their moves repeat exactly (the same mover, target,
    distance wanted and budget, the same ones gone, everyone on the same spot). A move's
    end is a pure function of those and the plane's model and heights, which never change
    among a plane and its copies (:meth:`Plane.copy`, every fight of one run from one
    prepared start): they share one memo, and a new start begins its own. The key is the
    move's every input as it was (by ``==``: places hold no negative zero, see
    :meth:`Plane.__init__`), the value the move's end and the distances measured from it
    (:data:`Moved`), so a hit gives the very floats and integers the search gives.

    Bounded: at most :data:`ITEMS` numbers kept in all (a few thousand moves of a fight of
    six, a few hundred of thirty), no more stored once full (the first moves, those from the
    start, repeat most). Worth it only where moves repeat: a fight of more than :data:`MOST`
    keeps none (a crowd's moves seldom repeat, and each key is as long as the crowd), and a
    memo whose lookups hit less than an eighth of a :data:`WINDOW` is given up, so a fight
    whose moves never repeat pays for one window of keys alone."""

    __slots__ = ("found", "hits", "looked", "on", "room", "z")

    ITEMS = 1 << 17
    """The most numbers (keys' and values' together, roughly) a memo holds."""
    MOST = 32
    """Fights of more combatants than this keep no memo."""
    WINDOW = 512
    """Lookups per reckoning of the hits (fewer than an eighth: the memo is given up)."""

    def __init__(self, z: Sequence[float], count: int) -> None:
        self.found: dict[tuple[object, ...], Moved] = {}
        self.z = list(z)
        """The heights the moves were worked out at (a caller checks them unchanged)."""
        self.room = self.ITEMS // (4 * count + 8)
        """How many more moves may be stored."""
        self.looked = self.hits = 0
        self.on = True
        """Whether looking is still worth it (see :data:`WINDOW`)."""

    def get(self, key: tuple[object, ...]) -> Moved | None:
        """What was stored for ``key``, if anything (counted, a hit or a miss)."""
        found = self.found.get(key)
        if found is not None:
            self.hits += 1
        self.looked += 1
        if self.looked >= self.WINDOW:
            self.on = 8 * self.hits >= self.looked
            self.looked = self.hits = 0
        return found

    def put(self, key: tuple[object, ...], value: Moved) -> None:
        """Remember ``value`` for ``key``, while there is room."""
        if self.room > 0:
            self.room -= 1
            self.found[key] = value


class Plane:
    """Where each combatant of a simulated fight stands, as plain floats (the forecasts'
    compact state, by index): moves go along the line to another combatant, as
    :func:`toward` moves a token, and every distance is measured from the places by the
    game's metric (:meth:`~m3desk.core.system.PositionModel.measure`), so distances always
    agree with each other. ``memo`` is the :class:`Moves` the plane and its copies share
    (None: a crowd, or a place on a negative zero, which ``==`` cannot tell from zero)."""

    __slots__ = ("_spots", "level", "memo", "model", "x", "y", "z")

    def __init__(self, model: PositionModel, places: Sequence[Place]) -> None:
        self.model = model
        self.x = [p.x for p in places]
        self.y = [p.y for p in places]
        self.z = [p.z for p in places]
        self._spots: Spots | None = None
        # everyone on one level (moves keep each one's height): rows leave heights out
        self.level = len(set(self.z)) <= 1
        # a move's end is another's place plus a shift, a negative zero only from one: none
        # at the start, none ever (the memo's keys compare places by ==)
        signed = any(v == 0.0 and math.copysign(1.0, v) < 0 for v in self.x + self.y)
        many = len(self.x) > Moves.MOST
        self.memo: Moves | None = None if signed or many else Moves(self.z, len(self.x))

    def copy(self) -> Plane:
        """This plane as it stands, for a fight of its own (sharing its :attr:`memo`)."""
        twin = Plane.__new__(Plane)
        twin.model, twin.x, twin.y, twin.z = self.model, self.x[:], self.y[:], self.z[:]
        twin._spots = None if self._spots is None else self._spots.copy()
        twin.level = self.level
        twin.memo = self.memo
        return twin

    def put(self, i: int, x: float, y: float) -> None:
        """``i`` now stands at (x, y) on its level (a move worked out before)."""
        self.x[i], self.y[i] = x, y
        if self._spots is not None:
            self._spots.move(i, x, y)

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

    def approach(
        self,
        i: int,
        t: int,
        value: float,
        gone: Sequence[bool] | None = None,
        budget: float | None = None,
    ) -> None:
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
            # a handful measure everyone (free_spot's FEW): no grid hash to build and keep
            spots = self.spots if len(xs) > FEW else self._spots
            x, y, _z = free_spot(model, i, t, (x, y, zs[i]), xs, ys, zs, gone, budget, spots)
        self.put(i, x, y)

    def retreat(self, i: int, t: int, step: float) -> None:
        """``i`` moves ``step`` straight away from ``t``."""
        length = self.model.norm(
            self.x[i] - self.x[t], self.y[i] - self.y[t], self.z[i] - self.z[t]
        )
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


def formation(
    sides: Sequence[str], members: Sequence[tuple[str, str]], apart: float, gap: float
) -> dict[str, Place]:
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


def slot_place(side_index: int, side_count: int, slot: int, apart: float, gap: float) -> Place:
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
