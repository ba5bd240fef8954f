"""Where a map's units land on a surface (:class:`MapFrame`), and the round lengths its grid
and scale bar are drawn at (:func:`nice`)."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF

__all__ = ["NICE", "MapFrame", "nice"]

NICE = (1, 2, 5)


@dataclass(frozen=True, slots=True)
class MapFrame:
    """Where the map's units land on a surface: ``scale`` pixels per unit, the unit point
    (``cx``, ``cy``) at the centre of a ``width`` × ``height`` surface; y grows downward."""

    scale: float
    cx: float
    cy: float
    width: float
    height: float

    def to_screen(self, x: float, y: float) -> QPointF:
        return QPointF(
            (x - self.cx) * self.scale + self.width / 2,
            (y - self.cy) * self.scale + self.height / 2,
        )

    def to_units(self, point: QPointF) -> tuple[float, float]:
        return (
            (point.x() - self.width / 2) / self.scale + self.cx,
            (point.y() - self.height / 2) / self.scale + self.cy,
        )

    def visible(self) -> tuple[float, float, float, float]:
        left, top = self.to_units(QPointF(0, 0))
        right, bottom = self.to_units(QPointF(self.width, self.height))
        return left, top, right, bottom

    @classmethod
    def fitted(
        cls,
        bounds: tuple[float, float, float, float],
        width: float,
        height: float,
        *,
        most: float = 40.0,
        margin: float | None = None,
    ) -> MapFrame:
        """The frame showing ``bounds`` whole on the surface (at most ``most`` px a unit),
        ``margin`` pixels from its edges (by default less on a small surface)."""
        if margin is None:
            margin = min(24.0, 0.06 * min(width, height))
        left, top, right, bottom = bounds
        room_w, room_h = max(width - 2 * margin, 1.0), max(height - 2 * margin, 1.0)
        scale = min(room_w / max(right - left, 1e-6), room_h / max(bottom - top, 1e-6), most)
        return cls(scale, (left + right) / 2, (top + bottom) / 2, width, height)

    def zoomed(self, factor: float, anchor: QPointF | None = None) -> MapFrame:
        """Zoomed by ``factor`` keeping the unit point under ``anchor`` (default: centre)."""
        anchor = anchor if anchor is not None else QPointF(self.width / 2, self.height / 2)
        ux, uy = self.to_units(anchor)
        scale = self.scale * factor
        cx = ux - (anchor.x() - self.width / 2) / scale
        cy = uy - (anchor.y() - self.height / 2) / scale
        return MapFrame(scale, cx, cy, self.width, self.height)

    def panned(self, dx_px: float, dy_px: float) -> MapFrame:
        return MapFrame(
            self.scale,
            self.cx - dx_px / self.scale,
            self.cy - dy_px / self.scale,
            self.width,
            self.height,
        )

    def resized(self, width: float, height: float) -> MapFrame:
        return MapFrame(self.scale, self.cx, self.cy, width, height)


def nice(least: float, step: float) -> float:
    """The smallest of step × 1, 2, 5, 10, 20, 50… not below ``least``."""
    magnitude = 1
    while True:
        for factor in NICE:
            value = step * factor * magnitude
            if value >= least:
                return value
        magnitude *= 10
        if magnitude > 1e9:
            return step * magnitude
