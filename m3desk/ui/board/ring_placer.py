"""Finds free rings for tokens: where on a ring they go and how far out the ring must be.

The geometry behind :func:`m3desk.ui.board.ring_layout.layout_rings`. Tokens are boxes
(their names are horizontal), so neighbours on a ring need less room at the top and bottom
(side by side: a box's width) than at the left and right (stacked: its height); spacing
them by the room each angle needs fits about a third more tokens than uniform spacing.

Speed matters here (the layout runs on every change of the centre, up to a few hundred
tokens, within one frame), so two things are computed rather than searched for:

- the room along a ring at any radius comes from sums over the token's chord table
  prepared once per token size (:class:`_Slots`), not from a fresh pass per radius;
- a blocked ring moves out by exactly what its tokens need: everything placed is kept as
  the region where a token's *anchor* would make it overlap (:meth:`RingPlacer.add`), so a
  token walks out along its ray to the edge of that region in one step instead of a scan
  in small steps that re-checks every box each time.
"""

from __future__ import annotations

import bisect
import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass

from m3desk.ui.board.footprint import Footprint, Rect

_SAMPLES = 120
"""Steps per turn when measuring the room along a ring (the overlap check catches the
rounding this leaves)."""
_STEP = 2 * math.pi / _SAMPLES
_RADIUS_STEP = 6.0
"""How far out a ring moves when it is too small to hold even one token."""
_MIN_MOVE = 1.0
"""The least a blocked ring moves out, so the search always ends (past everything placed
a ring is free)."""
_CLEAR = 1e-6
"""How far past the edge of a blocked region a token is put (rounding)."""

# 1/asin(x) = 1/x - x/6 - 17x³/360 - 367x⁵/15120 - 27859x⁷/1814400 - ...; for x ≤ ½ the
# terms shown are within 2e-5 of it, so a ring's room is a few sums, not a loop of asin.
_SERIES = (1 / 6, 17 / 360, 367 / 15120, 27859 / 1814400)
_SERIES_LIMIT = 0.5


def _chord(theta: float, token: Footprint, gap: float) -> float:
    """Distance two neighbours at angle ``theta`` need: boxes side by side or stacked."""
    across, along = abs(math.sin(theta)), abs(math.cos(theta))
    side_by_side = (token.width + gap) / across if across > 1e-9 else math.inf
    stacked = (token.height + gap) / along if along > 1e-9 else math.inf
    return min(side_by_side, stacked)


def _prefix(values: Sequence[float]) -> tuple[float, ...]:
    sums, total = [0.0], 0.0
    for value in values:
        total += value
        sums.append(total)
    return tuple(sums)


@dataclass(frozen=True, slots=True)
class _Slots:
    """How many tokens fit along an arc of any ring ("slots"), for one token size.

    ``halves[i]`` is half the chord neighbours need at the middle of step ``i`` of one turn
    from the top; at radius ``r`` that step holds ``step / (2 asin(halves[i] / r))`` slots.
    The prefix sums of the powers of ``halves`` turn the sum of that over an arc into a
    handful of products (the series above) once ``r`` is at least twice the largest half.
    """

    halves: tuple[float, ...]
    inverse: tuple[float, ...]
    """Prefix sums of 1 / half."""
    powers: tuple[tuple[float, ...], ...]
    """Prefix sums of half, half³, half⁵, half⁷."""
    exact_below: float
    """Radii below this are summed sample by sample (the series is not close enough)."""

    @staticmethod
    def of(token: Footprint, gap: float) -> _Slots:
        halves = tuple(
            _chord(-math.pi / 2 + (i + 0.5) * _STEP, token, gap) / 2 for i in range(_SAMPLES)
        )
        return _Slots(
            halves,
            _prefix([1 / h for h in halves]),
            tuple(_prefix([h**p for h in halves]) for p in (1, 3, 5, 7)),
            max(halves) / _SERIES_LIMIT,
        )

    def _coefficients(self, radius: float) -> tuple[float, float, float, float, float]:
        half_step, inverse = _STEP / 2, 1 / radius
        c1, c3, c5, c7 = _SERIES
        return (
            half_step * radius,
            half_step * c1 * inverse,
            half_step * c3 * inverse**3,
            half_step * c5 * inverse**5,
            half_step * c7 * inverse**7,
        )

    def total(self, radius: float, first: int, last: int) -> float:
        """Slots along samples ``first`` to ``last`` (exclusive) at ``radius``."""
        if last <= first:
            return 0.0
        if radius < self.exact_below:
            return self.cumulative(radius, first, last)[-1]
        a, b1, b3, b5, b7 = self._coefficients(radius)
        p1, p3, p5, p7 = self.powers
        return (
            a * (self.inverse[last] - self.inverse[first])
            - b1 * (p1[last] - p1[first])
            - b3 * (p3[last] - p3[first])
            - b5 * (p5[last] - p5[first])
            - b7 * (p7[last] - p7[first])
        )

    def cumulative(self, radius: float, first: int, last: int) -> list[float]:
        """Slots from sample ``first`` up to each sample boundary until ``last``."""
        if last <= first:
            return [0.0]
        if radius < self.exact_below:
            scale, asin, cumulative, total = 1.0 / radius, math.asin, [0.0], 0.0
            for half in self.halves[first:last]:
                x = half * scale
                total += _STEP / (2 * asin(x if x < 1.0 else 1.0))
                cumulative.append(total)
            return cumulative
        a, b1, b3, b5, b7 = self._coefficients(radius)
        p1, p3, p5, p7 = self.powers
        end = last + 1
        sums = [
            a * i - b1 * q1 - b3 * q3 - b5 * q5 - b7 * q7
            for i, q1, q3, q5, q7 in zip(
                self.inverse[first:end],
                p1[first:end],
                p3[first:end],
                p5[first:end],
                p7[first:end],
                strict=True,
            )
        ]
        start = sums[0]
        return [s - start for s in sums]


@functools.lru_cache(maxsize=8)
def _slots(token: Footprint, gap: float) -> _Slots:
    """Depends on the token size only, so one table serves every ring and every radius."""
    return _Slots.of(token, gap)


def _angles(
    cumulative: Sequence[float], origin: float, count: int, phase: float = 0.0
) -> list[float]:
    """``count`` angles evenly spaced in slots, turned by ``phase`` slots."""
    total = cumulative[-1]
    angles = []
    top = len(cumulative) - 1
    for i in range(count):
        target = ((i + 0.5 + phase) * total / count) % total
        j = min(max(bisect.bisect_left(cumulative, target), 1), top)
        low, high = cumulative[j - 1], cumulative[j]
        fraction = (target - low) / (high - low) if high > low else 0.0
        angles.append(origin + (j - 1 + fraction) * _STEP)
    return angles


def _any_overlap(rects: Sequence[Rect]) -> bool:
    """Whether any two of the boxes overlap: a sweep from left to right compares each box
    only with those starting before it ends (a few on a ring, not all of them)."""
    ordered = sorted(rects)
    for i, (_x1, y1, x2, y2) in enumerate(ordered):
        for other in ordered[i + 1 :]:
            if other[0] >= x2:
                break
            if other[1] < y2 and y1 < other[3]:
                return True
    return False


class RingPlacer:
    """Accumulates placed boxes and finds free rows for the next tokens."""

    def __init__(self, token: Footprint, gap: float, spine_half_width: float) -> None:
        self.token = token
        self.gap = gap
        self.spine_half_width = spine_half_width
        self.slots = _slots(token, gap)
        self.obstacles: list[Rect] = []
        """The box of everything placed."""
        self._cell = 2 * max(token.width, token.height, 1.0)
        self._blocked: dict[tuple[int, int], list[Rect]] = {}
        """For each grid cell, the regions in it where a token's anchor would make the token
        overlap something placed (each box grown by the token's size), so "does a token at
        (x, y) touch anything" is a look-up and four comparisons."""

    def add(self, rect: Rect) -> None:
        self.obstacles.append(rect)
        x1, y1, x2, y2 = rect
        token = self.token
        half = token.width / 2
        # A token anchored at (x, y) covers (x - half, y - top, x + half, y - top + height).
        region = (x1 - half, y1 + token.top - token.height, x2 + half, y2 + token.top)
        cell, blocked = self._cell, self._blocked
        rows = range(int(region[1] // cell), int(region[3] // cell) + 1)
        for column in range(int(region[0] // cell), int(region[2] // cell) + 1):
            for row in rows:
                key = (column, row)
                regions = blocked.get(key)
                if regions is None:
                    blocked[key] = [region]
                else:
                    regions.append(region)

    def _needed(self, radius: float, units: Sequence[tuple[float, float]]) -> float:
        """The least radius from ``radius`` outward where every token, each along its own
        unit ray (ux, uy), touches nothing placed: a token walks out of each blocked region
        its anchor sits in, by the region's edge, and the farthest walk wins."""
        cell, blocked, inf = self._cell, self._blocked, math.inf
        farthest = radius
        for ux, uy in units:
            walk = radius
            while True:
                x, y = walk * ux, walk * uy
                regions = blocked.get((int(x // cell), int(y // cell)))
                if not regions:
                    break
                for x1, y1, x2, y2 in regions:
                    if x1 < x < x2 and y1 < y < y2:
                        # The ray leaves the region through whichever side it meets first.
                        out_x = (x2 / ux if ux > 0 else x1 / ux) if ux else inf
                        out_y = (y2 / uy if uy > 0 else y1 / uy) if uy else inf
                        out = out_x if out_x < out_y else out_y
                        walk = (out if out > walk else walk) + _CLEAR
                        break
                else:
                    break
            if walk > farthest:
                farthest = walk
        return farthest

    def _row_angles(self, radius: float) -> tuple[float, float]:
        """The arc left free by the label spine at this radius."""
        clearance = self.spine_half_width + self.token.width / 2 + self.gap
        half = math.asin(min(1.0, clearance / radius))
        return -math.pi / 2 + half, 3 * math.pi / 2 - half

    def _samples(self, radius: float) -> tuple[int, int, float]:
        """The chord-table steps inside the free arc at ``radius``, and the first one's
        angle."""
        start, end = self._row_angles(radius)
        first = math.ceil((start + math.pi / 2) / _STEP)
        last = min(math.floor((end + math.pi / 2) / _STEP), _SAMPLES)
        return first, last, -math.pi / 2 + first * _STEP

    def capacity(self, count: int, radius: float) -> int:
        """How many of ``count`` tokens one ring at ``radius`` holds, ignoring the rest."""
        first, last, _origin = self._samples(radius)
        return min(count, int(self.slots.total(radius, first, last) + 1e-9))

    def single_row_radius(self, count: int, radius: float) -> float | None:
        """The smallest radius up to one row deeper whose ring holds all ``count`` tokens.

        One slightly larger ring is thinner than two rows (a second row sits a whole
        token width out), so a band that barely overflows grows instead of splitting.
        Capacity only grows with the radius, so bisection is safe here.
        """
        high = radius + self.token.width
        if self.capacity(count, high) < count:
            return None
        low = radius
        while high - low > _RADIUS_STEP / 2:
            middle = (low + high) / 2
            if self.capacity(count, middle) >= count:
                high = middle
            else:
                low = middle
        return high

    def _ring(self, count: int, radius: float, phase: float) -> list[tuple[float, float]]:
        """Unit vectors towards as many of ``count`` tokens as the ring at ``radius`` holds."""
        first, last, origin = self._samples(radius)
        cumulative = self.slots.cumulative(radius, first, last)
        fits = min(count, int(cumulative[-1] + 1e-9))
        return [
            (math.cos(a), math.sin(a))
            for a in (_angles(cumulative, origin, fits, phase) if fits else ())
        ]

    def find(
        self, count: int, radius: float, phase: float = 0.0
    ) -> tuple[float, list[tuple[float, float]]]:
        """Where up to ``count`` tokens go on one ring at ``radius`` or just beyond.

        Returns the radius used and the anchors (fewer than ``count`` when the ring is full).
        Where the ring is blocked, each token's ray says how far out that token is clear;
        the ring moves out to the farthest of those and is checked again, with the tokens
        spread again over the ring's room there after a long move (the angles shift with the
        radius; after a short one they are kept). Past everything placed a ring is always
        clear, which bounds the search.
        """
        units, spread_at = self._ring(count, radius, phase), radius
        while True:
            if radius - spread_at > self.token.marker_radius:
                units, spread_at = self._ring(count, radius, phase), radius
            if not units:  # too small a ring for even one token
                radius += _RADIUS_STEP
                units, spread_at = self._ring(count, radius, phase), radius
                continue
            anchors = [(radius * ux, radius * uy) for ux, uy in units]
            if _any_overlap([self.token.rect_at(x, y) for x, y in anchors]):
                # Rounding in the room along the ring left neighbours touching: one fewer.
                units = self._ring(len(units) - 1, radius, phase)
                continue
            needed = self._needed(radius, units)
            if needed <= radius:
                return radius, anchors
            radius = max(needed, radius + _MIN_MOVE)

    def place(self, anchors: Sequence[tuple[float, float]]) -> None:
        for x, y in anchors:
            self.add(self.token.rect_at(x, y))
