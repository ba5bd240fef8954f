"""Concentric range rings sized to their tokens, with tokens spread by angle, never overlapping.

Why adaptive rings: at the start of a fight every foe usually sits in one band (the
encounter's maximum range), so a fixed ring would pile a dozen names on top of each other.
Each band grows (a larger radius, then more rows) until its tokens fit. Band labels run up
a free "spine" above the centre, which tokens keep clear of.

Where exactly tokens go on a ring is :class:`RingPlacer`'s job. Pure Python on purpose:
fast to test, and the scene only calls it when the membership of the bands changed.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from m3desk.ui.board.footprint import Footprint, Rect
from m3desk.ui.board.ring_placer import RingPlacer

_PHASES = (0.0, 0.3, -0.3, 0.15, -0.15, 0.4, -0.4)
"""Per band, how far (in slots) its tokens turn from the bottom: lone tokens in successive
bands then sit at different angles instead of stacking in one column, which keeps every
band thin (a token's name hangs below it into the next band)."""


@dataclass(frozen=True, slots=True)
class RingLayout:
    """Where everything goes: band radii, token anchors, label centres (scene units)."""

    centre_radius: float
    centre_anchor: tuple[float, float]
    radii: tuple[tuple[float, float], ...]
    positions: Mapping[str, tuple[float, float]]
    label_centres: tuple[tuple[float, float], ...]
    bounds: Rect
    """Box around the rings and every token (names hang past the outer ring)."""

    @property
    def outer_radius(self) -> float:
        return self.radii[-1][1]

    def band_at(self, x: float, y: float) -> int:
        """The ring under a point; inside the centre disc counts as the innermost ring, past
        the edge as the outermost, so every drop lands somewhere sensible."""
        distance = math.hypot(x, y)
        for index, (_inner, outer) in enumerate(self.radii):
            if distance < outer:
                return index
        return len(self.radii) - 1


def _row_plan(placer: RingPlacer, count: int, radius: float) -> tuple[int, float]:
    """How many of ``count`` tokens the next row takes and from what radius it starts:
    all of them on a slightly larger ring when that holds them, else balanced rows (11 →
    6 + 5, not 9 + 2)."""
    capacity = placer.capacity(count, radius)
    if capacity >= count:
        return count, radius
    grown = placer.single_row_radius(count, radius)
    if grown is not None:
        return count, grown
    if capacity > 0:
        return math.ceil(count / math.ceil(count / capacity)), radius
    return count, radius


def layout_rings(
    bands: Sequence[Sequence[str]],
    token: Footprint,
    centre: Footprint,
    labels: Sequence[tuple[float, float]],
    *,
    gap: float = 6.0,
    empty_thickness: float = 30.0,
) -> RingLayout:
    """Lay out ``bands`` (token ids per band, innermost first) around the centre token.

    ``labels`` gives each band label's (width, height); the centre token's box is centred
    on the origin and enclosed by the centre disc.

    Where tokens go depends on how many each band holds, not on who they are, so the
    geometry is kept for the last few band counts (undo and redo, or going back to a centre,
    lay out the same counts again) and handed to the ids in order.
    """
    shape = _shape(
        tuple(len(ids) for ids in bands),
        token,
        centre,
        tuple((w, h) for w, h in labels),
        gap,
        empty_thickness,
    )
    positions: dict[str, tuple[float, float]] = {}
    for ids, anchors in zip(bands, shape.anchors, strict=True):
        positions.update(zip(ids, anchors, strict=True))
    return RingLayout(
        shape.centre_radius,
        shape.centre_anchor,
        shape.radii,
        positions,
        shape.label_centres,
        shape.bounds,
    )


@dataclass(frozen=True, slots=True)
class _Shape:
    """A :class:`RingLayout` with anchors per band in order instead of by id."""

    centre_radius: float
    centre_anchor: tuple[float, float]
    radii: tuple[tuple[float, float], ...]
    anchors: tuple[tuple[tuple[float, float], ...], ...]
    label_centres: tuple[tuple[float, float], ...]
    bounds: Rect


@functools.lru_cache(maxsize=16)
def _shape(
    counts: tuple[int, ...],
    token: Footprint,
    centre: Footprint,
    labels: tuple[tuple[float, float], ...],
    gap: float,
    empty_thickness: float,
) -> _Shape:
    spine = max((w for w, _h in labels), default=0.0) / 2 + gap
    placer = RingPlacer(token, gap, spine)
    centre_anchor = (0.0, centre.top - centre.height / 2)
    placer.add(centre.rect_at(*centre_anchor))
    inner = math.hypot(centre.width / 2, centre.height / 2) + gap / 2
    centre_radius = inner
    radii: list[tuple[float, float]] = []
    label_centres: list[tuple[float, float]] = []
    anchors_by_band: list[tuple[tuple[float, float], ...]] = []
    for index, (count, (label_w, label_h)) in enumerate(zip(counts, labels, strict=True)):
        label_y = -(inner + gap / 2 + label_h / 2)
        label_centres.append((0.0, label_y))
        placer.add((-label_w / 2, label_y - label_h / 2, label_w / 2, label_y + label_h / 2))
        outer = inner + max(empty_thickness, label_h + 2 * gap)
        band: list[tuple[float, float]] = []
        radius = inner + token.marker_radius + gap
        phase = _PHASES[index % len(_PHASES)]
        while len(band) < count:
            remaining = count - len(band)
            take, start = _row_plan(placer, remaining, radius)
            radius, anchors = placer.find(take, start, phase)
            if radius > start:
                # Pushed out by the row before: the ring it lands on may hold more.
                retake, restart = _row_plan(placer, remaining, radius)
                if retake != take:
                    radius, anchors = placer.find(retake, restart, phase)
            placer.place(anchors)
            band += anchors
            outer = max(outer, radius + token.marker_radius + gap)
            radius += 2 * token.marker_radius + gap
            phase += 0.5
        radii.append((inner, outer))
        anchors_by_band.append(tuple(band))
        inner = outer
    edge = inner
    boxes = placer.obstacles
    bounds = (
        min(-edge, *(r[0] for r in boxes)),
        min(-edge, *(r[1] for r in boxes)),
        max(edge, *(r[2] for r in boxes)),
        max(edge, *(r[3] for r in boxes)),
    )
    return _Shape(
        centre_radius,
        centre_anchor,
        tuple(radii),
        tuple(anchors_by_band),
        tuple(label_centres),
        bounds,
    )
