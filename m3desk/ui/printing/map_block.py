"""A small map on the printed encounter sheet of a game that measures distance: where
everyone stands, drawn by the map's own painting routine (:func:`m3desk.ui.map.paint_map`)
in black on white, names as text (they search and copy in the PDF), over the background
picture where the encounter has one."""

from __future__ import annotations

import dataclasses
import math

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont, QImage, QPalette

from m3desk.core.encounter import Encounter
from m3desk.core.places import Backdrop
from m3desk.ui.map.backdrop import BackdropCache, PrintedPicture
from m3desk.ui.map.painter import MapFrame, MapStyle, Painted, paint_map
from m3desk.ui.map.picture import MapPicture, picture_of
from m3desk.ui.printing.canvas import FONT_FAMILIES, Canvas
from m3desk.ui.printing.flow_blocks import TITLE_H, section_title

__all__ = ["MapBlock"]

MAP_H = 180.0
"""Points: about a quarter of a landscape page, at most: the log and notes keep their room."""
MIN_MAP_H = 72.0
"""Less room than this at the foot of a page: the map goes to the next (and the least a
map of a single line of tokens gets: their marks, names, legend and scale)."""
MARGIN = 16.0
"""Points between the outermost token and the map's edge."""
LABEL_ROOM = 14.0
"""Points under the lowest token for its name."""
MOST = 40.0
"""At most this many points a unit (the map's own limit)."""
NAME_SIZE = 7.0
SHRINK_LEAST = 0.75
"""A map shrunk into the room left at a page's foot keeps at least this share of its own
scale; with less it goes whole to the next page (a crowd squeezed into a 72-point strip
printed its tokens a few points apart, on top of each other's names)."""
LEAST_STEP = 36.0
"""Points a grid step is at least wide where the tokens allow (names of 7 points side by
side: "Hobgoblin boss 2" is about 60 points)."""


def paper_palette() -> QPalette:
    palette = QPalette()
    for role, colour in (
        (QPalette.ColorRole.Base, QColor(255, 255, 255)),
        (QPalette.ColorRole.Window, QColor(255, 255, 255)),
        (QPalette.ColorRole.Text, QColor(0, 0, 0)),
        (QPalette.ColorRole.Highlight, QColor(30, 80, 150)),
    ):
        palette.setColor(role, colour)
    return palette


class MapBlock:
    """The map of every combatant's place (hidden ones too: the sheet is the GM's)."""

    fills = False

    def __init__(
        self,
        encounter: Encounter,
        map_height: float | None = None,
        decoded: dict[str, PrintedPicture | None] | None = None,
    ) -> None:
        self.encounter = encounter
        self.picture = picture_of(encounter, "", rings=False)
        self.unit = encounter.position_model.unit
        self.fixed = map_height
        self.painted: Painted | None = None
        """Where the last paint put the tokens and their names (in points)."""
        self._decoded: dict[str, PrintedPicture | None] = {} if decoded is None else decoded
        """The background picture once read, shared with the parts this block splits
        into (the file is decoded once per print, not once per paint)."""

    def _tight(self, *, terrain: bool = True) -> tuple[float, float, float, float]:
        """Where the action is: the tokens and (with ``terrain``) the painted areas, across
        and down (a line of tokens is a strip, not a square; the scene's empty reaches are
        left out, so a fight on a large scene is not printed with tokens 3 mm across)."""
        left, top, right, bottom = self.picture.bounds()
        xs = [t.x for t in self.picture.tokens]
        ys = [t.y for t in self.picture.tokens]
        for area in self.picture.areas if terrain else ():
            xs += [area.x, area.x + area.width]
            ys += [area.y, area.y + area.height]
        if not xs:
            return left, top, right, bottom
        step = self.picture.model.step
        return min(xs) - step, min(ys), max(xs) + step, max(ys)

    def _view(self, width: float) -> tuple[float, float, float, float]:
        """What the printed map shows: the tokens and the terrain, or only the tokens where
        the terrain would shrink a grid step under :data:`LEAST_STEP` (a wall 90 ft off
        printed a melee 13 points a step: names found no room whole)."""
        whole = self._tight()
        if self._scale_of(whole, width) * self.picture.model.step >= LEAST_STEP:
            return whole
        return self._tight(terrain=False)

    def _scale_of(self, bounds: tuple[float, float, float, float], width: float) -> float:
        left, top, right, bottom = bounds
        step = self.picture.model.step
        return min(
            (width - 2 * MARGIN) / max(right - left, step),
            (MAP_H - 4 - 2 * MARGIN - LABEL_ROOM) / (bottom - top + step),
            MOST,
        )

    def _scale(self, width: float) -> float:
        """Points a unit: as the action's whole box at the map's full height would draw it
        (tokens and names keep their size however little of the height a strip needs)."""
        return self._scale_of(self._view(width), width)

    def natural(self, width: float) -> float:
        """As tall as the places need at that scale (a line of tokens needs a strip, a
        crowd the full height), between :data:`MIN_MAP_H` and :data:`MAP_H`."""
        _left, top, _right, bottom = self._view(width)
        # A step more than the places span: half a token above the top row, half below.
        step = self.picture.model.step
        height = (bottom - top + step) * self._scale(width) + 2 * MARGIN + LABEL_ROOM + 4
        return max(MIN_MAP_H, min(MAP_H, height))

    def map_height_for(self, width: float) -> float:
        return self.fixed if self.fixed is not None else self.natural(width)

    def height(self, canvas: Canvas, width: float) -> float:
        return TITLE_H + self.map_height_for(width)

    def split(
        self, canvas: Canvas, width: float, available: float, *, force: bool
    ) -> tuple[MapBlock | None, MapBlock | None]:
        """Smaller rather than on a page of its own: whatever room is left down to
        :data:`MIN_MAP_H`, while that keeps :data:`SHRINK_LEAST` of the map's scale."""
        if available >= self.height(canvas, width):
            return self, None
        smaller = MapBlock(self.encounter, max(available - TITLE_H, MIN_MAP_H), self._decoded)
        if force:
            return smaller, None
        if available - TITLE_H < MIN_MAP_H:
            return None, self
        if smaller.frame_for(width).scale < SHRINK_LEAST * self.frame_for(width).scale:
            return None, self
        return smaller, None

    def paint(self, canvas: Canvas, x: float, y: float, width: float, height: float) -> None:
        section_title(canvas, x, y, width, "Map", f"where each stands; grid in {self.unit}")
        painter = canvas.painter
        device = painter.device()
        # Paint in points (the painter scaled to the page): fonts then are sized in
        # points divided by the device's scale, or the transform would scale them twice.
        font = QFont()
        font.setFamilies(FONT_FAMILIES)
        font.setPointSizeF(NAME_SIZE / canvas.ky)
        style = MapStyle.of(paper_palette(), font, paper=True, device=device)
        map_height = self.map_height_for(width)
        frame = self.frame_for(width)
        painter.save()
        canvas.box(x, y + TITLE_H, width, map_height - 2, line=0.5)
        painter.translate(x * canvas.kx, (y + TITLE_H) * canvas.ky)
        painter.scale(canvas.kx, canvas.ky)
        picture, backdrop = self._on_page(frame, canvas.kx, canvas.ky)
        self.painted = paint_map(painter, frame, picture, style, backdrop=backdrop)
        painter.restore()

    PICTURE_PPI = 300.0
    """Pixels an inch of the background picture on paper, at most (a photograph's print
    resolution: finer than a printer renders a scan)."""

    def _on_page(self, frame: MapFrame, kx: float, ky: float) -> tuple[MapPicture, QImage | None]:
        """The picture and its background as the page shows them: only the part of the
        picture inside the map's frame, and no finer than the page's own pixels (``kx`` and
        ``ky`` of them a point), so a large scan is put in the PDF once at the page's
        resolution rather than whole."""
        source = self._backdrop()
        spec = self.picture.backdrop
        if source is None or spec is None:
            return self.picture, None
        # image pixels a unit (the picture as read: the window's copy, shrunk from the file)
        across = source.shrink / spec.per_pixel
        down = source.shrink / spec.down_per_pixel
        left, top, right, bottom = frame.visible()
        x0 = max(0, min(source.width, math.floor((left - spec.x) * across)))
        x1 = max(0, min(source.width, math.ceil((right - spec.x) * across)))
        y0 = max(0, min(source.height, math.floor((top - spec.y) * down)))
        y1 = max(0, min(source.height, math.ceil((bottom - spec.y) * down)))
        if x1 <= x0 or y1 <= y0:
            return dataclasses.replace(self.picture, backdrop=None), None
        try:  # only the rows the frame shows are read (from the copy on disk: no more)
            part = source.rows(y0, y1).copy(x0, 0, x1 - x0, y1 - y0)
        except ValueError:
            return dataclasses.replace(self.picture, backdrop=None), None
        width_units, height_units = (x1 - x0) / across, (y1 - y0) / down
        # the page's pixels, up to what paper shows of a picture (the PDF writer's 1200
        # dots an inch would embed a large scan at 16 times the pixels, all compressed)
        most = self.PICTURE_PPI / 72
        wanted_w = max(1, math.ceil(width_units * frame.scale * min(kx, most)))
        wanted_h = max(1, math.ceil(height_units * frame.scale * min(ky, most)))
        if part.width() > wanted_w or part.height() > wanted_h:
            part = part.scaled(
                min(part.width(), wanted_w),
                min(part.height(), wanted_h),
                Qt.AspectRatioMode.IgnoreAspectRatio,
                Qt.TransformationMode.SmoothTransformation,
            )
        part.setText("m3desk-shrink", "1")
        shown = Backdrop.model_construct(
            path=spec.path,
            x=spec.x + x0 / across,
            y=spec.y + y0 / down,
            per_pixel=width_units / part.width(),
            per_pixel_y=height_units / part.height(),
        )
        return dataclasses.replace(self.picture, backdrop=shown), part

    def frame_for(self, width: float) -> MapFrame:
        """Where the map lies in its box ``width`` points wide (in points)."""
        return MapFrame.fitted(
            self._view(width),
            width,
            self.map_height_for(width) - 4,
            most=self._scale(width),
            margin=MARGIN + LABEL_ROOM / 2,
        )

    def _backdrop(self) -> PrintedPicture | None:
        """The background picture where the encounter has one and it can be read (with the
        screen's budgets); a picture gone since prints the map without it."""
        if self.picture.backdrop is None:
            return None
        path = self.picture.backdrop.path
        if path not in self._decoded:
            self._decoded[path] = BackdropCache().picture(path)
        return self._decoded[path]
