"""A small map on the printed encounter sheet of a game that measures distance: where
everyone stands, drawn by the map's own painting routine (:func:`m3desk.ui.map.paint_map`)
in black on white, names as text (they search and copy in the PDF), over the background
picture where the encounter has one."""

from __future__ import annotations

import dataclasses
import functools
import math
from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPalette, QPen

from m3desk.core.encounter import Encounter
from m3desk.core.places import Area, Backdrop
from m3desk.ui.map.backdrop import BackdropCache, PrintedPicture, note_left_out
from m3desk.ui.map.labels import token_label
from m3desk.ui.map.painter import MapFrame, MapStyle, Painted, names_fit, paint_map
from m3desk.ui.map.picture import MapPicture, MapToken, picture_of
from m3desk.ui.printing.canvas import FONT_FAMILIES, Canvas
from m3desk.ui.printing.flow_blocks import TITLE_H, section_title
from m3desk.ui.printing.map_insets import (
    MOST_TOKENS,
    Arrangement,
    FarGroup,
    arrange,
    caption,
    split_far,
)

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

LEGEND_ROOM = 120.0
"""Points a crowd's map beside wide insets keeps across past its tokens: its legend's corner
(the legend finds no corner free of names on a map as narrow as the crowd)."""

NAMES_STEP = 12.0
"""Points a map grows by at a time where its names need more room (a line and a half)."""

PAN_TRIES = 4
"""A map whose names do not all fit whole moves its crowd across in this many steps each
way, up to the room it has (at the same scale), until they do."""

Bounds = tuple[float, float, float, float]


@dataclasses.dataclass(frozen=True, slots=True)
class _Layout:
    """How a map ``width`` points wide is laid out: the crowd (every token where none
    stands far), the far groups, the crowd's map's width, what it shows and at what scale
    (points a unit), and where the far groups' insets go beside it."""

    crowd: tuple[MapToken, ...]
    far: tuple[FarGroup, ...]
    main: float
    view: Bounds
    scale: float
    arranged: Arrangement | None = None
    sizes: tuple[tuple[float, float], ...] = ()


@dataclasses.dataclass(frozen=True, slots=True)
class _Part:
    """A part of a map taller than a page: the tokens it shows (the rows of the whole map
    from ``top`` to ``bottom``, in units), at the whole map's scale and across, whether
    the insets print with it, and whether a part printed before it."""

    width: float
    ids: frozenset[str]
    top: float
    bottom: float
    insets: bool
    continued: bool


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
        part: _Part | None = None,
        whole: MapBlock | None = None,
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
        self._layouts: dict[float, _Layout] = {}
        self._heights: dict[float, float] = {}
        self._cleared: dict[tuple[float, float, float, float], MapFrame] = {}
        self.part = part
        """Which part of a map taller than a page this block prints (None: all of it)."""
        self._whole = whole
        """The map this part is of (its layout: the same scale on every page)."""
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

    def _view_of(self, tokens: Sequence[MapToken] | None, width: float) -> Bounds:
        """What a map ``width`` points wide of these tokens (by default all) shows: the
        tokens and the terrain, or only the tokens where the terrain would shrink a grid
        step under :data:`LEAST_STEP` (a wall 90 ft off printed a melee 13 points a step:
        names found no room whole)."""
        whole = self._tight(tokens=tokens)
        if self._scale_of(whole, width) * self.picture.model.step >= LEAST_STEP:
            return whole
        return self._tight(terrain=False, tokens=tokens)

    def _view(self, width: float) -> Bounds:
        """What the printed map shows (of the crowd alone where some stand far off, of
        its rows where it is a part of a map taller than a page)."""
        return self._layout(width).view

    def _reads(self, tokens: Sequence[MapToken], width: float) -> bool:
        """Whether a map ``width`` points wide of these tokens alone prints a grid step at
        least :data:`LEAST_STEP` wide."""
        bounds = self._tight(terrain=False, tokens=tokens)
        return self._scale_of(bounds, width) * self.picture.model.step >= LEAST_STEP

    def _split(self, width: float) -> tuple[tuple[MapToken, ...], tuple[FarGroup, ...]]:
        """The crowd and the far groups printed in insets beside it: none where the whole
        fight reads (nothing changes), else those of :func:`split_far` (an archer 300 ft off
        shrank a melee's tokens onto each other, half their names left out); a far group
        that no inset holds at the crowd's scale is split (two archers far apart)."""
        if width not in self._splits:
            tokens = self.picture.tokens
            found = None
            if not self._reads(tokens, width):
                narrow = width - INSET_W - INSET_GAP
                found = split_far(
                    tokens,
                    self.picture.model,
                    lambda crowd: self._reads(crowd, narrow),
                    lambda group, crowd: self._holds(group, crowd, width),
                )
            self._splits[width] = found or (tokens, ())
        return self._splits[width]

    def _inset_size(self, tokens: Sequence[MapToken], scale: float) -> tuple[float, float]:
        """Points an inset of these tokens needs at ``scale`` (across, down): the group
        and a name's room around it, its caption, and at least the least inset."""
        step = self.picture.model.step
        xs = [t.x for t in tokens]
        ys = [t.y for t in tokens]
        across = (max(xs) - min(xs) + step) * scale + 2 * LABEL_ROOM
        down = (max(ys) - min(ys) + step) * scale + 2 * LABEL_ROOM + CAPTION_H
        return max(INSET_W - INSET_GAP, across), max(INSET_LEAST_H, down)

    def _crowd_needs(self, view: Bounds, scale: float, width: float) -> float:
        """Points across the crowd's map needs to keep ``scale`` (its tokens, their names'
        margin and its legend's corner), at most ``width``."""
        room = (view[2] - view[0]) * scale + 2 * MARGIN + LABEL_ROOM + LEGEND_ROOM
        return min(width, room)

    def _holds(self, group: Sequence[MapToken], crowd: Sequence[MapToken], width: float) -> bool:
        """Whether an inset beside this crowd holds ``group`` at the crowd's scale."""
        narrow = width - INSET_W - INSET_GAP
        view = self._view_of(crowd, narrow)
        scale = self._scale_of(view, narrow)
        across, down = self._inset_size(group, scale)
        room = width - self._crowd_needs(view, scale, narrow) - 2 * INSET_GAP
        return across <= room and down <= MAP_H - 4 - 2 * INSET_GAP

    def _layout(self, width: float) -> _Layout:
        """The crowd's map and the insets beside it: the insets take the width the crowd
        can spare at its own scale (at least :data:`INSET_W`), in the columns that keep
        each far group the most of the crowd's scale (:func:`arrange`)."""
        if width in self._layouts:
            return self._layouts[width]
        if self._whole is not None and self.part is not None:
            whole = self._whole._layout(width)
            ids = self.part.ids
            crowd = tuple(t for t in whole.crowd if t.combatant_id in ids)
            layout = dataclasses.replace(
                whole,
                crowd=crowd,
                far=whole.far if self.part.insets else (),
                view=(whole.view[0], self.part.top, whole.view[2], self.part.bottom),
            )
            self._layouts[width] = layout
            return layout
        crowd, far = self._split(width)
        if not far:
            view = self._view_of(None, width)
            layout = _Layout(crowd, far, width, view, self._scale_of(view, width))
        else:
            narrow = width - INSET_W - INSET_GAP
            view = self._view_of(crowd, narrow)
            scale = self._scale_of(view, narrow)
            room = width - self._crowd_needs(view, scale, narrow) - 2 * INSET_GAP
            sizes, arranged = self._arranged(far, scale, max(room, INSET_W - INSET_GAP))
            main = width - max(INSET_W, arranged.width + INSET_GAP) - INSET_GAP
            layout = _Layout(crowd, far, main, view, scale, arranged, sizes)
        self._layouts[width] = layout
        return layout

    def _arranged(
        self, far: Sequence[FarGroup], scale: float, room: float
    ) -> tuple[tuple[tuple[float, float], ...], Arrangement]:
        """The insets' sizes and where they go (:func:`arrange`): an inset whose names do
        not all print whole in its box grows by its longest name across, twice at most
        (a file of four drawn at half the crowd's scale left "Morgan Ironwolf 2" out: no
        room beside the tokens in a box 166 points wide)."""
        sizes = [self._inset_size(group.tokens, scale) for group in far]
        style = _measuring_style()
        arranged = arrange(sizes, room, _insets_room(), INSET_GAP)
        for _ in range(2):
            grown = False
            for n, ((_x, _y, across, down), group) in enumerate(
                zip(arranged.boxes, far, strict=True)
            ):
                inset = MapFrame.fitted(
                    self._group_bounds(group),
                    across,
                    down - CAPTION_H,
                    most=scale,
                    margin=LABEL_ROOM,
                )
                picture = dataclasses.replace(self.picture, tokens=group.tokens)
                if not names_fit(inset, picture, style, scale_bar=False):
                    unit = self.picture.model.unit
                    longest = max(
                        style.metrics.horizontalAdvance(token_label(t, unit)) for t in group.tokens
                    )
                    sizes[n] = (sizes[n][0] + longest, sizes[n][1])
                    grown = True
            if not grown:
                break
            arranged = arrange(sizes, room, _insets_room(), INSET_GAP)
        return tuple(sizes), arranged

    def _group_bounds(self, group: FarGroup) -> Bounds:
        """A far group's tokens and half a step around them (units)."""
        step = self.picture.model.step
        xs = [t.x for t in group.tokens]
        ys = [t.y for t in group.tokens]
        return min(xs) - step / 2, min(ys) - step / 2, max(xs) + step / 2, max(ys) + step / 2

    def _main_width(self, width: float) -> float:
        """Points across the crowd's map: the block's width less the insets' column."""
        return self._layout(width).main

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
        return self._layout(width).scale

    def _rows_height(self, top: float, bottom: float, scale: float) -> float:
        """Points a map of the rows from ``top`` to ``bottom`` (units) needs at ``scale``."""
        step = self.picture.model.step
        return (bottom - top + step) * scale + 2 * MARGIN + LABEL_ROOM + 4

    def natural(self, width: float) -> float:
        """As tall as the places need at that scale (a line of tokens needs a strip, a
        crowd the full height), between :data:`MIN_MAP_H` and :data:`MAP_H`; a part of a
        map taller than a page as tall as its rows."""
        layout = self._layout(width)
        _left, top, _right, bottom = layout.view
        # A step more than the places span: half a token above the top row, half below.
        height = self._rows_height(top, bottom, layout.scale)
        if layout.far and layout.arranged is not None:
            height = max(height, layout.arranged.tall + 2 * INSET_GAP + 4)
        if self.part is not None:
            return self._for_names(width, max(MIN_MAP_H, height), max(MAP_H, height))
        return self._for_names(width, max(MIN_MAP_H, min(MAP_H, height)), MAP_H)

    def _for_names(self, width: float, height: float, most: float) -> float:
        """``height``, or more up to ``most`` where the names need it: the least height,
        in steps of a line and a half of names, at which every name prints whole (a narrow
        page's map of two ranks left the names under the rear one to the scale bar)."""
        if width in self._heights:
            return self._heights[width]
        found = height
        if self.fixed is None and len(self.picture.tokens) <= MOST_TOKENS:
            tall = height
            while tall <= most:
                trial = self._sized(tall)
                if trial.names_whole(width):
                    found = tall
                    break
                tall += NAMES_STEP
        self._heights[width] = found
        return found

    def map_height_for(self, width: float) -> float:
        return self.fixed if self.fixed is not None else self.natural(width)

    def height(self, canvas: Canvas, width: float) -> float:
        return TITLE_H + self.map_height_for(width)

    def split(
        self, canvas: Canvas, width: float, available: float, *, force: bool
    ) -> tuple[MapBlock | None, MapBlock | None]:
        """Smaller rather than on a page of its own: whatever room is left down to
        :data:`MIN_MAP_H`, while that keeps :data:`SHRINK_LEAST` of the map's scale and
        every name whole; else whole on the next page; and a map that a page of its own
        does not hold (``force``) in parts of whole rows, each part's tokens and names on
        its page at the map's own scale (squeezed, its names were left out)."""
        if available >= self.height(canvas, width):
            return self, None
        room = available - TITLE_H
        if self.part is None and room >= MIN_MAP_H:
            smaller = self._sized(room)
            kept = smaller.frame_for(width).scale >= SHRINK_LEAST * self.frame_for(width).scale
            if kept and smaller.names_whole(width, self._style(canvas)):
                return smaller, None
        if not force:
            return None, self
        parts = self._parts(width, room)
        if parts is not None:
            return parts
        least = max(room, MIN_MAP_H)  # the least a map gets, squeezed (a page this small)
        return self._sized(least), None

    def _sized(self, height: float) -> MapBlock:
        """This map (or part) at ``height``: the same layout across (it does not depend on
        the height), kept rather than found again."""
        block = MapBlock(self.encounter, height, self._decoded, self.part, self._whole)
        block.picture = self.picture
        block._splits = self._splits
        block._layouts = self._layouts
        block._cleared = self._cleared
        return block

    def _parts(self, width: float, room: float) -> tuple[MapBlock, MapBlock] | None:
        """This map cut between two rows of tokens into the most rows the ``room`` holds at
        the map's scale with every name whole, and the rest (for the next page), or None
        where not even its first row fits (the least map, squeezed, is all a page that
        small gets)."""
        whole = self._whole if self._whole is not None else self
        layout = self._layout(width)
        scale = self.frame_for(width).scale
        rows = sorted({t.y for t in layout.crowd})
        top = layout.view[1]
        insets_h = (layout.arranged.tall + 2 * INSET_GAP + 4) if layout.arranged else 0.0
        here_insets = bool(layout.far) and insets_h <= room
        ids = {t.combatant_id for t in layout.crowd}
        continued = self.part is not None and self.part.continued
        for cut in reversed([y for y in rows[:-1] if self._rows_height(top, y, scale) <= room]):
            head_ids = frozenset(t.combatant_id for t in layout.crowd if t.y <= cut)
            head_part = _Part(width, head_ids, top, cut, here_insets, continued)
            head = MapBlock(self.encounter, room, self._decoded, head_part, whole)
            if not head.names_whole(width) and cut != rows[0]:
                continue  # a row fewer here: room for the names of those that stay
            rest = min(y for y in rows if y > cut)
            far = bool(layout.far) and not here_insets
            tail_part = _Part(width, frozenset(ids - head_ids), rest, layout.view[3], far, True)
            return head, MapBlock(self.encounter, None, self._decoded, tail_part, whole)
        return None

    def _style(self, canvas: Canvas) -> MapStyle:
        # Paint in points (the painter scaled to the page): fonts then are sized in
        # points divided by the device's scale, or the transform would scale them twice.
        font = QFont()
        font.setFamilies(FONT_FAMILIES)
        font.setPointSizeF(NAME_SIZE / canvas.ky)
        return MapStyle.of(paper_palette(), font, paper=True, device=canvas.painter.device())

    def _crowd_frame(self, width: float, style: MapStyle) -> MapFrame:
        """The crowd's map's frame as painted (moved across for its names beside insets)."""
        crowd, far = self._layout(width).crowd, self._layout(width).far
        frame = self.frame_for(width)
        if far or self.part is not None:  # narrower than the block: names may want a move
            key = (width, frame.height, style.line, style.small_metrics.height())
            if key not in self._cleared:  # (the measure of the names, then their paint)
                self._cleared[key] = self._clear(frame, crowd, style)
            frame = self._cleared[key]
        return frame

    def names_whole(self, width: float, style: MapStyle | None = None) -> bool:
        """Whether every name on the map and in its insets prints whole at this height
        (measured in ``style``, by default the paper's in points)."""
        style = _measuring_style() if style is None else style
        crowd = self._layout(width).crowd
        picture = dataclasses.replace(self.picture, tokens=crowd)
        if len(crowd) <= MOST_TOKENS and not names_fit(
            self._crowd_frame(width, style), picture, style
        ):
            return False
        return all(
            names_fit(
                inset, dataclasses.replace(picture, tokens=group.tokens), style, scale_bar=False
            )
            for _box, inset, group in self.inset_frames(width)
        )

    def paint(self, canvas: Canvas, x: float, y: float, width: float, height: float) -> None:
        continued = self.part is not None and self.part.continued
        title = "Map, continued" if continued else "Map"
        section_title(canvas, x, y, width, title, f"where each stands; grid in {self.unit}")
        painter = canvas.painter
        style = self._style(canvas)
        map_height = self.map_height_for(width)
        crowd = self._layout(width).crowd
        frame = self._crowd_frame(width, style)
        painter.save()
        canvas.box(x, y + TITLE_H, width, map_height - 2, line=0.5)
        painter.translate(x * canvas.kx, (y + TITLE_H) * canvas.ky)
        painter.scale(canvas.kx, canvas.ky)
        picture, backdrop = self._on_page(frame, canvas.kx, canvas.ky)
        if crowd != self.picture.tokens:
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
        where its map lies inside under the caption, and the group: in the columns
        :meth:`_layout` chose at the map's right, at the crowd's scale or as much of it as
        the box allows."""
        layout = self._layout(width)
        if not layout.far or layout.arranged is None:
            return []
        most = self.frame_for(width).scale
        room = self.map_height_for(width) - 4 - 2 * INSET_GAP  # inside the map's own frame
        arranged = arrange(
            layout.sizes, layout.arranged.width, room, INSET_GAP, layout.arranged.columns
        )
        left = width - max(INSET_W, arranged.width + INSET_GAP)
        insets = []
        for (bx, by, bw, bh), group in zip(arranged.boxes, layout.far, strict=True):
            box = QRectF(left + bx, INSET_GAP + by, bw, bh)
            bounds = self._group_bounds(group)
            inset = MapFrame.fitted(bounds, bw, bh - CAPTION_H, most=most, margin=LABEL_ROOM)
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
        """Where the map lies in its box ``width`` points wide (in points); a part of a map
        taller than a page at the whole map's scale, across as the whole map lies."""
        if self._whole is not None and self.part is not None:
            whole = self._whole.frame_for(width)
            middle = (self.part.top + self.part.bottom) / 2
            return MapFrame(
                whole.scale, whole.cx, middle, whole.width, self.map_height_for(width) - 4
            )
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


@functools.cache
def _measuring_style() -> MapStyle:
    """The paper's style measuring in points (names at :data:`NAME_SIZE` on a surface of
    72 dots an inch), for the layout before there is a page to measure on."""
    surface = QImage(1, 1, QImage.Format.Format_ARGB32)
    surface.setDotsPerMeterX(round(72 / 0.0254))
    surface.setDotsPerMeterY(round(72 / 0.0254))
    font = QFont()
    font.setFamilies(FONT_FAMILIES)
    font.setPointSizeF(NAME_SIZE)
    _SURFACES.append(surface)  # the style's metrics measure on it: kept while they are
    return MapStyle.of(paper_palette(), font, paper=True, device=surface)


_SURFACES: list[QImage] = []


def _insets_room() -> float:
    """Points down the insets have at most: a map of the full height's, inside its frame."""
    return MAP_H - 4 - 2 * INSET_GAP


def _merge(into: Painted, part: Painted, dx: float, dy: float) -> None:
    """What an inset painted, moved by (``dx``, ``dy``) into the whole map's geometry."""
    into.markers += [r.translated(dx, dy) for r in part.markers]
    into.labels += [r.translated(dx, dy) for r in part.labels]
    into.named.update({k: r.translated(dx, dy) for k, r in part.named.items()})
    into.texts.update(part.texts)
    into.leaders += [line.translated(dx, dy) for line in part.leaders]
    into.marks.update(part.marks)
    into.centres.update({k: p + QPointF(dx, dy) for k, p in part.centres.items()})
