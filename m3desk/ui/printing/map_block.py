"""A small map on the printed encounter sheet of a game that measures distance: where
everyone stands, drawn by the map's own painting routine (:func:`m3desk.ui.map.paint_map`)
in black on white, names as text (they search and copy in the PDF), over the background
picture where the encounter has one."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPalette, QPen

from m3desk.core.encounter import Encounter
from m3desk.core.places import Area, Backdrop
from m3desk.ui.map.backdrop import BackdropCache, PrintedPicture, note_left_out
from m3desk.ui.map.painter import MapFrame, MapStyle, Painted, names_fit, paint_map
from m3desk.ui.map.picture import MapPicture, MapToken, picture_of
from m3desk.ui.printing.canvas import FONT_FAMILIES, Canvas
from m3desk.ui.printing.flow_blocks import TITLE_H, section_title
from m3desk.ui.printing.map_insets import MOST_TOKENS, FarGroup, caption, split_far

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
INSET_W = 170.0
"""Points across the column of insets beside a crowd (a far group, a name under its token
and the inset's caption)."""
INSET_GAP = 4.0
"""Points between two insets, and between the insets and the crowd's map."""
CAPTION_H = 11.0
"""Points of an inset's caption line above its map."""
INSET_LEAST_H = 56.0
"""Points an inset is tall at least (its caption, a token and its name)."""

PAN_TRIES = 4
"""A map whose names do not all fit whole moves its crowd across in this many steps each
way, up to the room it has (at the same scale), until they do."""

Bounds = tuple[float, float, float, float]


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
        self._splits: dict[float, tuple[tuple[MapToken, ...], tuple[FarGroup, ...]]] = {}
        self.captions: list[str] = []
        """What the last paint's insets said (how far each far group stands, which way)."""

    def _tight(self, *, terrain: bool = True, tokens: Sequence[MapToken] | None = None) -> Bounds:
        """Where the action is: the tokens (by default all) and (with ``terrain``) the
        painted areas, across and down (a line of tokens is a strip, not a square; the
        scene's empty reaches are left out, so a fight on a large scene is not printed with
        tokens 3 mm across)."""
        left, top, right, bottom = self.picture.bounds()
        tokens = self.picture.tokens if tokens is None else tokens
        xs = [t.x for t in tokens]
        ys = [t.y for t in tokens]
        for area in self.picture.areas if terrain else ():
            xs += [area.x, area.x + area.width]
            ys += [area.y, area.y + area.height]
        if not xs:
            return left, top, right, bottom
        step = self.picture.model.step
        return min(xs) - step, min(ys), max(xs) + step, max(ys)

    def _view(self, width: float) -> Bounds:
        """What the printed map shows: the tokens and the terrain, or only the tokens where
        the terrain would shrink a grid step under :data:`LEAST_STEP` (a wall 90 ft off
        printed a melee 13 points a step: names found no room whole); of the crowd alone
        where some stand far off (:meth:`_split`)."""
        crowd, far = self._split(width)
        shown = None if not far else crowd
        width = self._main_width(width)
        whole = self._tight(tokens=shown)
        if self._scale_of(whole, width) * self.picture.model.step >= LEAST_STEP:
            return whole
        return self._tight(terrain=False, tokens=shown)

    def _reads(self, tokens: Sequence[MapToken], width: float) -> bool:
        """Whether a map ``width`` points wide of these tokens alone prints a grid step at
        least :data:`LEAST_STEP` wide."""
        bounds = self._tight(terrain=False, tokens=tokens)
        return self._scale_of(bounds, width) * self.picture.model.step >= LEAST_STEP

    def _split(self, width: float) -> tuple[tuple[MapToken, ...], tuple[FarGroup, ...]]:
        """The crowd and the far groups printed in insets beside it: none where the whole
        fight reads (nothing changes), else those of :func:`split_far` (an archer 300 ft off
        shrank a melee's tokens onto each other, half their names left out)."""
        if width not in self._splits:
            tokens = self.picture.tokens
            found = None
            if not self._reads(tokens, width):
                found = split_far(
                    tokens,
                    self.picture.model,
                    lambda crowd: self._reads(crowd, width - INSET_W - INSET_GAP),
                )
            self._splits[width] = found or (tokens, ())
        return self._splits[width]

    def _main_width(self, width: float) -> float:
        """Points across the crowd's map: the block's width less the insets' column."""
        return width - INSET_W - INSET_GAP if self._split(width)[1] else width

    def _scale_of(self, bounds: Bounds, width: float) -> float:
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
        return self._scale_of(self._view(width), self._main_width(width))

    def natural(self, width: float) -> float:
        """As tall as the places need at that scale (a line of tokens needs a strip, a
        crowd the full height), between :data:`MIN_MAP_H` and :data:`MAP_H`."""
        _left, top, _right, bottom = self._view(width)
        # A step more than the places span: half a token above the top row, half below.
        step = self.picture.model.step
        height = (bottom - top + step) * self._scale(width) + 2 * MARGIN + LABEL_ROOM + 4
        insets = len(self._split(width)[1])
        height = max(height, insets * (INSET_LEAST_H + INSET_GAP) + 4)
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
        crowd, far = self._split(width)
        frame = self.frame_for(width)
        if far:  # the crowd's map is narrower than the block: its names may want a move
            frame = self._clear(frame, crowd, style)
        painter.save()
        canvas.box(x, y + TITLE_H, width, map_height - 2, line=0.5)
        painter.translate(x * canvas.kx, (y + TITLE_H) * canvas.ky)
        painter.scale(canvas.kx, canvas.ky)
        picture, backdrop = self._on_page(frame, canvas.kx, canvas.ky)
        if far:
            picture = dataclasses.replace(picture, tokens=crowd)
        insets = self.inset_frames(width)
        listed = self._listed([frame, *(inset for _box, inset, _group in insets)])
        self.painted = paint_map(
            painter, frame, picture, style, backdrop=backdrop, legend_of=listed
        )
        self.captions = []
        for box, inset, group in insets:
            self._paint_inset(painter, style, box, inset, group, canvas.kx, canvas.ky)
        painter.restore()

    def _listed(self, frames: Sequence[MapFrame]) -> MapPicture:
        """What the legend lists: every side on the map or in its insets, and only the
        terrain the page shows (a wall left off the printed map was listed in its legend)."""

        def shown(area: Area) -> bool:
            for frame in frames:
                left, top, right, bottom = frame.visible()
                if (
                    area.x < right
                    and area.x + area.width > left
                    and area.y < bottom
                    and area.y + area.height > top
                ):
                    return True
            return False

        return dataclasses.replace(
            self.picture, areas=tuple(a for a in self.picture.areas if shown(a))
        )

    def _clear(self, frame: MapFrame, tokens: Sequence[MapToken], style: MapStyle) -> MapFrame:
        """``frame`` moved across (at the same scale) where a name finds no whole place
        beside its token, to where all do: the scale bar in the bottom corner takes the
        room under a token near it (a crowd beside the insets lost "Cave bear 1")."""
        picture = dataclasses.replace(self.picture, tokens=tuple(tokens))
        if not tokens or len(tokens) > MOST_TOKENS or names_fit(frame, picture, style):
            return frame  # (a crowd of hundreds: its names left to the layout, as on screen)
        xs = [frame.to_screen(t.x, t.y).x() for t in tokens]
        rooms = ((frame.width - max(xs) - MARGIN, 1), (min(xs) - MARGIN, -1))
        for tries in range(1, PAN_TRIES + 1):  # the least move first
            for room, way in rooms:  # the crowd to the right first (the bar is at the left)
                shift = way * max(room, 0.0) * tries / PAN_TRIES / frame.scale
                moved = dataclasses.replace(frame, cx=frame.cx - shift)
                if names_fit(moved, picture, style):
                    return moved
        return frame

    def inset_frames(self, width: float) -> list[tuple[QRectF, MapFrame, FarGroup]]:
        """Each far group's inset: its box in the map (in points from the map's corner),
        where its map lies inside under the caption, and the group: stacked down the right
        side, at the crowd's scale or as much of it as the box allows."""
        far = self._split(width)[1]
        if not far:
            return []
        step = self.picture.model.step
        most = self.frame_for(width).scale
        room = self.map_height_for(width) - 4 - INSET_GAP  # inside the map's own frame
        tall = (room - INSET_GAP * len(far)) / len(far)
        left = width - INSET_W
        insets = []
        for n, group in enumerate(far):
            box = QRectF(left, INSET_GAP + n * (tall + INSET_GAP), INSET_W - INSET_GAP, tall)
            xs = [t.x for t in group.tokens]
            ys = [t.y for t in group.tokens]
            bounds = (
                min(xs) - step / 2,
                min(ys) - step / 2,
                max(xs) + step / 2,
                max(ys) + step / 2,
            )
            inset = MapFrame.fitted(
                bounds, box.width(), tall - CAPTION_H, most=most, margin=LABEL_ROOM
            )
            insets.append((box, inset, group))
        return insets

    def _paint_inset(
        self,
        painter: QPainter,
        style: MapStyle,
        box: QRectF,
        frame: MapFrame,
        group: FarGroup,
        kx: float,
        ky: float,
    ) -> None:
        """One far group in its box: a frame, the caption, its own small map (no scale bar:
        the crowd's applies where the scale is the same, the caption says how far)."""
        painter.save()
        painter.setPen(QPen(QColor(0, 0, 0), 0.5))
        painter.setBrush(QColor(255, 255, 255))
        painter.drawRect(box)
        words = caption(group, self.picture.model)
        self.captions.append(words)
        painter.setFont(style.small)
        painter.drawText(
            box.adjusted(4, 1, -4, 0).topLeft() + QPointF(0, style.small_metrics.ascent() + 1),
            words,
        )
        painter.translate(box.left(), box.top() + CAPTION_H)
        picture, backdrop = self._on_page(frame, kx, ky)
        picture = dataclasses.replace(picture, tokens=group.tokens)
        painted = paint_map(
            painter, frame, picture, style, backdrop=backdrop, legend=False, scale_bar=False
        )
        painter.restore()
        if self.painted is not None:
            _merge(self.painted, painted, box.left(), box.top() + CAPTION_H)

    PICTURE_PPI = 300.0
    """Pixels an inch of the background picture on paper, at most (a photograph's print
    resolution: finer than a printer renders a scan)."""

    def _on_page(self, frame: MapFrame, kx: float, ky: float) -> tuple[MapPicture, QImage | None]:
        """The picture and its background as the page shows them: only the part of the
        picture inside the map's frame, and no finer than the page's own pixels (``kx`` and
        ``ky`` of them a point), so a large scan is put in the PDF once at the page's
        resolution rather than whole."""
        spec = self.picture.backdrop
        if spec is None:
            return self.picture, None
        most = self.PICTURE_PPI / 72
        # the shrink of the file the page needs: its pixels a file pixel (no copy yet: a
        # JPEG is decoded at libjpeg's smallest fraction that gives the page all of them)
        need = max(
            spec.per_pixel * frame.scale * min(kx, most),
            spec.down_per_pixel * frame.scale * min(ky, most),
        )
        source = self._backdrop(need)
        if source is None:
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
        except ValueError as error:  # decoded only now (a strip of a large JPEG): said too
            note_left_out(spec.path, str(error))
            return dataclasses.replace(self.picture, backdrop=None), None
        width_units, height_units = (x1 - x0) / across, (y1 - y0) / down
        # the page's pixels, up to what paper shows of a picture (the PDF writer's 1200
        # dots an inch would embed a large scan at 16 times the pixels, all compressed)
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
            self._main_width(width),
            self.map_height_for(width) - 4,
            most=self._scale(width),
            margin=MARGIN + LABEL_ROOM / 2,
        )

    def _backdrop(self, need: float = 1.0) -> PrintedPicture | None:
        """The background picture where the encounter has one and it can be read (with the
        screen's budgets), with at least ``need`` of the file's pixels a side where it was
        read smaller for a page; a picture gone since prints the map without it."""
        if self.picture.backdrop is None:
            return None
        path = self.picture.backdrop.path
        kept = self._decoded.get(path)
        if path not in self._decoded or (kept is not None and kept.reduced and kept.shrink < need):
            self._decoded[path] = BackdropCache().picture(path, need)
        return self._decoded[path]


def _merge(into: Painted, part: Painted, dx: float, dy: float) -> None:
    """What an inset painted, moved by (``dx``, ``dy``) into the whole map's geometry."""
    into.markers += [r.translated(dx, dy) for r in part.markers]
    into.labels += [r.translated(dx, dy) for r in part.labels]
    into.named.update({k: r.translated(dx, dy) for k, r in part.named.items()})
    into.texts.update(part.texts)
    into.leaders += [line.translated(dx, dy) for line in part.leaders]
    into.marks.update(part.marks)
    into.centres.update({k: p + QPointF(dx, dy) for k, p in part.centres.items()})
