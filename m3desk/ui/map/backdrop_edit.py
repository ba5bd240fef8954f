"""Where the background picture lies after an edit, and the one edit that puts it there.

Every change of the picture — the Background Picture dialog's typed numbers, a drag of the
picture or of one of its corners on the map, a two-point calibration, an arrow-key nudge —
computes a new :class:`~m3desk.core.places.Backdrop` with the pure functions here and goes
through :func:`set_backdrop`: one undo step, and no log line (the picture is the GM's
table furniture, not something that happens in the fight).

Geometry in the game's unit: ``size`` is the picture's size in the file's pixels; a corner
is numbered clockwise from the top-left (0 top-left, 1 top-right, 2 bottom-right,
3 bottom-left).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from m3desk.core.encounter import Encounter
from m3desk.core.places import FAR, Backdrop

if TYPE_CHECKING:
    from m3desk.ui.documents.encounter_document import EncounterDocument

__all__ = [
    "MIN_CALIBRATION_PX",
    "calibrated",
    "corners",
    "extent",
    "moved",
    "picture_point",
    "scaled",
    "set_backdrop",
    "with_backdrop",
]

MIN_CALIBRATION_PX = 4.0
"""Two calibration points closer than this on the picture (its pixels) measure nothing."""
MIN_PER_PIXEL, MAX_PER_PIXEL = 1e-4, 1000.0
"""The scale's bounds (those of :class:`Backdrop`)."""


def with_backdrop(encounter: Encounter, backdrop: Backdrop | None) -> Encounter:
    """The encounter with ``backdrop`` under its map (None: without a picture)."""
    return encounter.model_copy(update={"backdrop": backdrop})


def set_backdrop(
    document: EncounterDocument,
    backdrop: Backdrop | None,
    text: str | None = None,
    *,
    run: str | None = None,
) -> bool:
    """The one way the picture changes: one undo step named ``text`` (a ``run`` of nudges
    is one step however many); False when nothing changed."""
    if text is None:
        text = (
            "Place a background picture under the map"
            if backdrop is not None
            else "Remove the map's background picture"
        )
    if run is not None:
        base = document.run_start(run) or document.encounter
        return document.apply(with_backdrop(base, backdrop), text, run=run)
    return document.apply(with_backdrop(document.encounter, backdrop), text)


def _made(
    spec: Backdrop, x: float, y: float, per_pixel: float, per_pixel_y: float | None
) -> Backdrop:
    """A picture at (x, y) with that scale, kept inside the model's bounds."""

    def bounded(value: float) -> float:
        return min(max(value, MIN_PER_PIXEL), MAX_PER_PIXEL)

    across = bounded(per_pixel)
    down = None if per_pixel_y is None else bounded(per_pixel_y)
    if down is not None and math.isclose(down, across, rel_tol=1e-9):
        down = None
    return Backdrop(
        path=spec.path,
        x=round(min(max(x, -FAR), FAR), 3) + 0.0,
        y=round(min(max(y, -FAR), FAR), 3) + 0.0,
        per_pixel=across,
        per_pixel_y=down,
    )


def extent(spec: Backdrop, size: tuple[float, float]) -> tuple[float, float, float, float]:
    """The picture's (left, top, right, bottom) on the map."""
    width, height = size
    return (spec.x, spec.y, spec.x + width * spec.per_pixel, spec.y + height * spec.down_per_pixel)


def corners(spec: Backdrop, size: tuple[float, float]) -> tuple[tuple[float, float], ...]:
    """The picture's four corners on the map, clockwise from the top-left."""
    left, top, right, bottom = extent(spec, size)
    return (left, top), (right, top), (right, bottom), (left, bottom)


def moved(spec: Backdrop, dx: float, dy: float) -> Backdrop:
    """The picture moved by (dx, dy) units, its scale kept."""
    return _made(spec, spec.x + dx, spec.y + dy, spec.per_pixel, spec.per_pixel_y)


def scaled(
    spec: Backdrop,
    size: tuple[float, float],
    corner: int,
    point: tuple[float, float],
    *,
    free: bool = False,
    least: float = 1.0,
) -> Backdrop:
    """The picture with its ``corner`` dragged to ``point`` and the opposite corner
    staying put. The picture keeps its proportions (the corner follows the point's
    projection on the diagonal) unless ``free``; it never turns inside out and keeps at
    least ``least`` units on each side."""
    width_px, height_px = max(size[0], 1.0), max(size[1], 1.0)
    anchor_x, anchor_y = corners(spec, size)[(corner + 2) % 4]
    sign_x = 1.0 if corner in (1, 2) else -1.0
    sign_y = 1.0 if corner in (2, 3) else -1.0
    wide = (point[0] - anchor_x) * sign_x
    tall = (point[1] - anchor_y) * sign_y
    if free:
        across = max(wide, least) / width_px
        down = max(tall, least) / height_px
    else:
        now_wide, now_tall = width_px * spec.per_pixel, height_px * spec.down_per_pixel
        factor = (wide * now_wide + tall * now_tall) / (now_wide**2 + now_tall**2)
        factor = max(factor, least / min(now_wide, now_tall))
        across, down = spec.per_pixel * factor, spec.down_per_pixel * factor
    new_wide, new_tall = width_px * across, height_px * down
    left = anchor_x if sign_x > 0 else anchor_x - new_wide
    top = anchor_y if sign_y > 0 else anchor_y - new_tall
    return _made(spec, left, top, across, down if free or spec.per_pixel_y is not None else None)


def picture_point(spec: Backdrop, x: float, y: float) -> tuple[float, float]:
    """The picture's own pixel (file pixels, from its top-left corner) under the map
    point (x, y)."""
    return (x - spec.x) / spec.per_pixel, (y - spec.y) / spec.down_per_pixel


def pixels_between(
    spec: Backdrop, first: tuple[float, float], second: tuple[float, float]
) -> float:
    """How far apart two map points are on the picture, in its pixels across (a picture
    stretched down counts its pixels down in proportion)."""
    (ax, ay), (bx, by) = picture_point(spec, *first), picture_point(spec, *second)
    stretch = spec.down_per_pixel / spec.per_pixel
    return math.hypot(bx - ax, (by - ay) * stretch)


def calibrated(
    spec: Backdrop, first: tuple[float, float], second: tuple[float, float], distance: float
) -> Backdrop:
    """The picture scaled so that the two map points ``first`` and ``second`` (on the
    picture as it lies now) end ``distance`` units apart, the picture's pixel under
    ``first`` staying where it is. Raises ValueError with a sentence when the points are
    too close or the distance is not positive."""
    if not distance > 0:
        raise ValueError("Type a distance greater than nothing.")
    pixels = pixels_between(spec, first, second)
    if pixels < MIN_CALIBRATION_PX:
        raise ValueError(
            "The two points are too close together on the picture: click two "
            "points farther apart (a wall's two ends, a room's width)."
        )
    across = distance / pixels
    down = across * spec.down_per_pixel / spec.per_pixel
    px, py = picture_point(spec, *first)
    return _made(
        spec,
        first[0] - px * across,
        first[1] - py * down,
        across,
        down if spec.per_pixel_y is not None else None,
    )
