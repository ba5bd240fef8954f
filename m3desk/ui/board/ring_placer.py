"""Finds free rings for tokens: where on a ring they go and how far out the ring must be.

The geometry behind :func:`m3desk.ui.board.ring_layout.layout_rings`. Tokens are boxes
(their names are horizontal), so neighbours on a ring need less room at the top and bottom
(side by side: a box's width) than at the left and right (stacked: its height); spacing
them by the room each angle needs fits about a third more tokens than uniform spacing.
"""

from __future__ import annotations

import bisect
import functools
import itertools
import math
from collections.abc import Sequence

from m3desk.ui.board.footprint import Footprint, Rect, overlaps

_SAMPLES = 120
"""Steps per turn when measuring the room along a ring (the overlap check catches the
rounding this leaves)."""
_RADIUS_STEP = 6.0


def _chord(theta: float, token: Footprint, gap: float) -> float:
    """Distance two neighbours at angle ``theta`` need: boxes side by side or stacked."""
    across, along = abs(math.sin(theta)), abs(math.cos(theta))
    side_by_side = (token.width + gap) / across if across > 1e-9 else math.inf
    stacked = (token.height + gap) / along if along > 1e-9 else math.inf
    return min(side_by_side, stacked)


@functools.lru_cache(maxsize=8)
def _chord_table(token: Footprint, gap: float) -> tuple[float, ...]:
    """Half the chord needed at the middle of each step of one turn from the top.

    Depends on the token size only, so one table serves every ring and every radius.
    """
    step = 2 * math.pi / _SAMPLES
    return tuple(_chord(-math.pi / 2 + (i + 0.5) * step, token, gap) / 2
                 for i in range(_SAMPLES))


def _room(radius: float, start: float, end: float,
          table: Sequence[float]) -> tuple[list[float], float]:
    """Cumulative "slots" along the arc [start, end] at ``radius``, and the arc's start.

    A slot is the room one token needs; ``cumulative[-1]`` is how many fit.
    """
    step = 2 * math.pi / _SAMPLES
    first = math.ceil((start + math.pi / 2) / step)
    last = min(math.floor((end + math.pi / 2) / step), _SAMPLES)
    if last <= first:
        return [0.0], start
    scale = 1.0 / radius
    asin = math.asin
    cumulative = list(itertools.accumulate(
        (step / (2 * asin(half * scale if half * scale < 1.0 else 1.0))
         for half in table[first:last]),
        initial=0.0))
    return cumulative, -math.pi / 2 + first * step


def _angles(cumulative: Sequence[float], origin: float, count: int,
            phase: float = 0.0) -> list[float]:
    """``count`` angles evenly spaced in slots, turned by ``phase`` slots."""
    step = 2 * math.pi / _SAMPLES
    total = cumulative[-1]
    angles = []
    for i in range(count):
        target = ((i + 0.5 + phase) * total / count) % total
        j = min(max(bisect.bisect_left(cumulative, target), 1), len(cumulative) - 1)
        low, high = cumulative[j - 1], cumulative[j]
        fraction = (target - low) / (high - low) if high > low else 0.0
        angles.append(origin + (j - 1 + fraction) * step)
    return angles


def _separation(a: Rect, b: Rect, ux: float, uy: float) -> float:
    """How far box ``a`` must move along the unit vector (ux, uy) to stop overlapping ``b``:
    apart on either axis is enough."""
    needs = []
    if ux > 1e-9:
        needs.append((b[2] - a[0]) / ux)
    elif ux < -1e-9:
        needs.append((a[2] - b[0]) / -ux)
    if uy > 1e-9:
        needs.append((b[3] - a[1]) / uy)
    elif uy < -1e-9:
        needs.append((a[3] - b[1]) / -uy)
    return min(needs, default=_RADIUS_STEP)


def _cells(rect: Rect, cell: float) -> list[tuple[int, int]]:
    """The grid cells a box covers (a box may span several)."""
    x1, y1 = math.floor(rect[0] / cell), math.floor(rect[1] / cell)
    x2, y2 = math.floor(rect[2] / cell), math.floor(rect[3] / cell)
    return [(x, y) for x in range(x1, x2 + 1) for y in range(y1, y2 + 1)]


def _grid(rects: Sequence[Rect], cell: float) -> dict[tuple[int, int], list[Rect]]:
    """Boxes by the grid cells they cover: two boxes that overlap share a cell, so only a
    cell's own boxes need comparing (linear, where comparing all pairs was quadratic)."""
    grid: dict[tuple[int, int], list[Rect]] = {}
    for rect in rects:
        for key in _cells(rect, cell):
            grid.setdefault(key, []).append(rect)
    return grid


def _any_overlap(rects: Sequence[Rect], cell: float) -> bool:
    """Whether any two of the boxes overlap (through the grid: linear in their number)."""
    grid = _grid(rects, cell)
    return any(overlaps(a, b) for boxes in grid.values() for i, a in enumerate(boxes)
               for b in boxes[i + 1:])


class RingPlacer:
    """Accumulates placed boxes and finds free rows for the next tokens."""

    def __init__(self, token: Footprint, gap: float, spine_half_width: float) -> None:
        self.token = token
        self.gap = gap
        self.spine_half_width = spine_half_width
        self.table = _chord_table(token, gap)
        self.obstacles: list[tuple[float, Rect]] = []
        """(farthest distance from the centre, box) of everything placed."""
        self.farthest = 0.0
        self._placed: dict[tuple[int, int], list[tuple[float, Rect]]] = {}
        """The same, by the grid cells each box covers (kept as boxes are added)."""

    def add(self, rect: Rect) -> None:
        far = max(math.hypot(x, y) for x in (rect[0], rect[2]) for y in (rect[1], rect[3]))
        self.obstacles.append((far, rect))
        self.farthest = max(self.farthest, far)
        for key in _cells(rect, self._cell()):
            self._placed.setdefault(key, []).append((far, rect))

    def _blocked_by(self, rects: Sequence[Rect], anchors: Sequence[tuple[float, float]],
                    radius: float) -> float:
        """0 when the boxes touch nothing placed; else how far out the ring must move at
        least to free one of the clashing boxes (so the scan can skip ahead)."""
        near = radius - 2 * self.token.reach
        if self.farthest <= near:
            return 0.0
        cell = self._cell()
        placed = self._placed
        shortest = math.inf
        for a, (x, y) in zip(rects, anchors, strict=True):
            ux, uy = x / radius, y / radius
            seen: set[int] = set()
            for key in _cells(a, cell):
                for far, b in placed.get(key, ()):
                    if far <= near or id(b) in seen:
                        continue
                    seen.add(id(b))
                    if overlaps(a, b):
                        shortest = min(shortest, _separation(a, b, ux, uy))
        return 0.0 if shortest == math.inf else shortest

    def _cell(self) -> float:
        return max(self.token.width, self.token.height, 1.0)

    def _row_angles(self, radius: float) -> tuple[float, float]:
        """The arc left free by the label spine at this radius."""
        clearance = self.spine_half_width + self.token.width / 2 + self.gap
        half = math.asin(min(1.0, clearance / radius))
        return -math.pi / 2 + half, 3 * math.pi / 2 - half

    def capacity(self, count: int, radius: float) -> int:
        """How many of ``count`` tokens one ring at ``radius`` holds, ignoring the rest."""
        cumulative, _origin = _room(radius, *self._row_angles(radius), self.table)
        return min(count, int(cumulative[-1] + 1e-9))

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

    def _attempt(self, count: int, radius: float,
                 phase: float) -> tuple[list[tuple[float, float]] | None, float]:
        """Anchors for as many of ``count`` tokens as fit at ``radius`` (None when the ring
        would touch something already placed) and, if blocked, a distance to move out."""
        cumulative, origin = _room(radius, *self._row_angles(radius), self.table)
        fits = min(count, int(cumulative[-1] + 1e-9))
        while fits > 0:
            angles = _angles(cumulative, origin, fits, phase)
            anchors = [(radius * math.cos(a), radius * math.sin(a)) for a in angles]
            rects = [self.token.rect_at(x, y) for x, y in anchors]
            if not _any_overlap(rects, self._cell()):
                blocked = self._blocked_by(rects, anchors, radius)
                return (None, blocked) if blocked else (anchors, 0.0)
            fits -= 1
        return None, 0.0

    def row(self, count: int, radius: float,
            phase: float = 0.0) -> tuple[float, list[tuple[float, float]]]:
        """Place up to ``count`` tokens on one ring at ``radius`` or just beyond.

        Returns the radius used and the anchors (fewer than ``count`` when the ring is full).
        A blocked ring is tried again farther out, by at least the distance that frees one
        clashing box: the free radii are not contiguous (the angles shift with the radius),
        so a scan, not a bisection. Past everything placed a ring is always free, which
        bounds the scan.
        """
        anchors, blocked = self._attempt(count, radius, phase)
        while anchors is None:
            radius += max(_RADIUS_STEP, blocked)
            anchors, blocked = self._attempt(count, radius, phase)
        for x, y in anchors:
            self.add(self.token.rect_at(x, y))
        return radius, anchors
