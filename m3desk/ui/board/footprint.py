"""The room a token takes on the board, as plain numbers the layout can reason about."""

from __future__ import annotations

import math
from dataclasses import dataclass

Rect = tuple[float, float, float, float]
"""x1, y1, x2, y2 in scene units."""


@dataclass(frozen=True, slots=True)
class Footprint:
    """A token's bounding box relative to its anchor, the centre of its marker.

    The name and caption hang below the marker, so the box is not centred on the anchor:
    ``top`` is how far it reaches above it.
    """

    width: float
    height: float
    top: float
    marker_radius: float

    def rect_at(self, x: float, y: float) -> Rect:
        left = x - self.width / 2
        upper = y - self.top
        return (left, upper, left + self.width, upper + self.height)

    @property
    def reach(self) -> float:
        """Farthest corner from the anchor: any two boxes with anchors this far apart twice
        cannot touch, which lets the layout skip distant neighbours cheaply."""
        return math.hypot(self.width / 2, max(self.top, self.height - self.top))


def overlaps(a: Rect, b: Rect) -> bool:
    """True when the boxes share area (touching edges is fine)."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
