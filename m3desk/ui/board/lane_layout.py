"""The board as lanes: one horizontal lane per band or ring, tokens as chips flowing across.

Why a second presentation: concentric rings need a square about twice as tall as all the
bands are thick, so in the encounter tab (a pane about 400 × 260 pixels at 1366 × 768)
eight Monsters & Magic bands shrink the names to 4–7 pixels. Lanes stack the same bands
as rows of a list, so every name is drawn at the board's own font size and a pane of that
size holds a whole fight. The rings stay for the board window and the players' screen.

Pure Python on purpose, like the ring layout: the scene hands it chip and label sizes in
scene units and the width to fill, and places items where it says.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from m3desk.ui.board.footprint import Rect

LANE_GAP = 6.0
"""Room between chips, and between the label column and the chips."""
LANE_PADDING = 3.0
"""Room above and below a lane's chips or label: lanes stay thin, so a short pane holds
a whole fight."""
MIN_LANE_HEIGHT = 20.0
"""An empty lane is still a drop target a mouse can hit."""


@dataclass(frozen=True, slots=True)
class Chip:
    """A chip's size; its anchor is the centre of its box."""

    width: float
    height: float


@dataclass(frozen=True, slots=True)
class LaneLayout:
    """Where everything goes (scene units). Lane ``i`` spans ``lanes[i]`` = (top, bottom)."""

    lanes: tuple[tuple[float, float], ...]
    positions: Mapping[str, tuple[float, float]]
    label_rects: tuple[Rect, ...]
    """Each lane's label box, in the column at the left."""
    chips_left: float
    """Where the chips start: the right edge of the label column plus a gap."""
    chip_width: float
    """Chips stretch to share a row evenly, so long names keep more of their letters."""
    bounds: Rect

    @property
    def centre_anchor(self) -> None:
        """Lanes have no place for the centre's token: the board's header names it."""
        return None

    @property
    def width(self) -> float:
        return self.bounds[2] - self.bounds[0]

    @property
    def height(self) -> float:
        return self.bounds[3] - self.bounds[1]

    def band_at(self, x: float, y: float) -> int:
        """The lane under a point; above the first lane counts as the first, below the last
        as the last, so every drop lands somewhere sensible."""
        del x  # a lane spans the whole width
        for index, (_top, bottom) in enumerate(self.lanes):
            if y < bottom:
                return index
        return len(self.lanes) - 1

    def drop_point(self, band: int, x: float) -> tuple[float, float]:
        """A point inside lane ``band`` at ``x`` (kept in the chip area): where a dragged
        token lands in that lane."""
        top, bottom = self.lanes[band]
        return max(x, self.chips_left + 1.0), (top + bottom) / 2


def layout_lanes(
    bands: Sequence[Sequence[str]],
    chip: Chip,
    labels: Sequence[tuple[float, float]],
    width: float,
    *,
    gap: float = LANE_GAP,
    padding: float = LANE_PADDING,
) -> LaneLayout:
    """Lay out ``bands`` (token ids per band, nearest first) in lanes ``width`` wide.

    One lane per band, top to bottom, with its label at the left and its chips in rows, as
    many to a row as fit (always at least one), each stretched to share the row. ``labels``
    gives each label's (width, height); the label column is as wide as the widest.
    """
    column = max((w for w, _h in labels), default=0.0)
    chips_left = column + 2 * gap
    room = width - chips_left - gap
    per_row = max(1, int((room + gap) // (chip.width + gap)))
    chip_width = max(chip.width, (room + gap) / per_row - gap)
    used_width = max(width, chips_left + chip_width + gap)
    y = 0.0
    lanes: list[tuple[float, float]] = []
    label_rects: list[Rect] = []
    positions: dict[str, tuple[float, float]] = {}
    for ids, (_label_w, label_h) in zip(bands, labels, strict=True):
        rows = -(-len(ids) // per_row)
        content = rows * chip.height + max(rows - 1, 0) * gap
        height = max(MIN_LANE_HEIGHT, label_h + 2 * padding, content + 2 * padding)
        top = y
        for index, combatant_id in enumerate(ids):
            row, column_index = divmod(index, per_row)
            positions[combatant_id] = (
                chips_left + column_index * (chip_width + gap) + chip_width / 2,
                top + padding + row * (chip.height + gap) + chip.height / 2,
            )
        # A label sits level with the first row of chips (centred in an empty lane).
        first_row = chip.height if rows else height - 2 * padding
        label_top = top + padding + (first_row - label_h) / 2
        label_rects.append((gap, label_top, gap + column, label_top + label_h))
        lanes.append((top, top + height))
        y = top + height
    bounds = (0.0, 0.0, used_width, y)
    return LaneLayout(tuple(lanes), positions, tuple(label_rects), chips_left, chip_width, bounds)
