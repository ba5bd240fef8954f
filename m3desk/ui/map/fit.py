"""Where a fitted map looks (:func:`fitted_frame`): the whole scene where every token
stands clear and every name shows whole at a readable size; else the action — the selected
combatant and those in its reach, the nearest foe too where it fits — zoomed in until every
name on the map shows whole (a new encounter packs each side in a block two steps apart: at
150 % the whole scene drew names as initials and tokens 8 px across)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from m3desk.ui.map.frame import MapFrame
from m3desk.ui.map.labels import token_label
from m3desk.ui.map.painter import names_fit
from m3desk.ui.map.picture import MapPicture, MapToken
from m3desk.ui.map.style import MapStyle

__all__ = [
    "LEAST_STEP_LINES",
    "NEAREST_COUNTED",
    "Room",
    "action_bounds",
    "cut_tokens",
    "fitted_frame",
    "least_scale",
    "most_scale",
    "packed",
    "uncut",
    "wanted_bounds",
]

LEAST_STEP_LINES = 2.4
"""A fitted map's grid step is at least this many lines of text wide wherever tokens stand
packed (tokens clear of each other at melee range, about 34 px at 100 %)."""
NEAREST_COUNTED = 60
"""Up to this many tokens a fit looks whether tokens stand packed and whether every name
reads (more: a crowd, taken to be packed, and its names left to the layout)."""
ZOOM_STEP = 1.2
"""A fit whose names do not all show whole zooms in by this much…"""
ZOOM_TRIES = 8
"""…at most this many times (about 4×)."""
UNCUT_ZOOMS = (1.0, 1.1, 1 / 1.1, 1.2, 1 / 1.2, 1.35, 1.5, 1.7, 2.0)
"""A fit that cuts a token at the surface's edge is moved, else zoomed by one of these and
moved (the least change first), till every token shows whole or not at all."""


@dataclass(frozen=True, slots=True)
class Room:
    """The surface a fit fills: its size and the room kept above and below the map (the
    picture mode's banner, the lowest names and the scale bar)."""

    width: float
    height: float
    above: float = 0.0
    below: float = 0.0

    def inner(self, bounds: tuple[float, float, float, float], most: float) -> MapFrame:
        """``bounds`` whole in the room between what is kept above and below."""
        return MapFrame.fitted(bounds, self.width, self.height - self.above - self.below, most=most)

    def whole(self, inner: MapFrame) -> MapFrame:
        """A frame of the room inside moved to the whole surface."""
        return MapFrame(
            inner.scale,
            inner.cx,
            inner.cy - (self.above - self.below) / 2 / inner.scale,
            self.width,
            self.height,
        )


def least_scale(picture: MapPicture, style: MapStyle) -> float:
    """Pixels a unit below which a fit of packed tokens never goes: a grid step
    :data:`LEAST_STEP_LINES` lines of text wide, so tokens a step apart stand clear."""
    return style.line * LEAST_STEP_LINES / max(picture.model.step, 1)


def most_scale(picture: MapPicture, style: MapStyle) -> float:
    """Fitting the whole scene never zooms in past a grid square about three lines of
    text wide."""
    return max(style.line * 3 / max(picture.model.step, 1), 1.0)


def packed(picture: MapPicture) -> bool:
    """Two tokens still in the fight stand within two grid steps of each other: foes at
    melee range, or a side packed in a block as a new encounter places it (a crowd of more
    than :data:`NEAREST_COUNTED` is taken to be)."""
    model = picture.model
    tokens = [t for t in picture.tokens if not t.down]
    if len(tokens) > NEAREST_COUNTED:
        return True
    close = 2 * model.step
    return any(
        model.norm(a.x - b.x, a.y - b.y) <= close
        for n, a in enumerate(tokens)
        for b in tokens[n + 1 :]
    )


def _reads(inner: MapFrame, picture: MapPicture, style: MapStyle, room: Room) -> bool:
    """Every token clear and every name whole on the surface (a crowd: the step wide
    enough)."""
    if len(picture.tokens) > NEAREST_COUNTED:
        return inner.scale >= least_scale(picture, style)
    return names_fit(room.whole(inner), picture, style)


def _readable_whole(picture: MapPicture, style: MapStyle, room: Room) -> MapFrame | None:
    """The whole scene in the room where it reads, else None."""
    inner = room.inner(picture.bounds(), most_scale(picture, style))
    if packed(picture) and inner.scale < least_scale(picture, style):
        return None
    return inner if _reads(inner, picture, style, room) else None


def wanted_bounds(
    picture: MapPicture, style: MapStyle, room: Room
) -> tuple[float, float, float, float]:
    """What a fit shows: everything when it reads, else the action."""
    if _readable_whole(picture, style, room) is not None:
        return picture.bounds()
    return action_bounds(picture)


def action_bounds(
    picture: MapPicture, *, nearest_foe: bool = False
) -> tuple[float, float, float, float]:
    """The selected combatant and those in its reach (a grid step more, so a foe stepping
    in stays in view): where the fight is; with ``nearest_foe`` the nearest foe standing
    farther too."""
    centre = picture.token(picture.selected)
    if centre is None:
        placed = picture.tokens
        centre = placed[0] if placed else None
    if centre is None:
        return picture.bounds()
    model = picture.model
    reach = max((r.value for r in picture.rings if r.kind == "reach"), default=0)
    near = max(reach, model.step) + model.step
    xs, ys = [centre.x], [centre.y]
    foes: list[tuple[float, MapToken]] = []
    for token in picture.tokens:
        gap = model.norm(token.x - centre.x, token.y - centre.y, token.z - centre.z)
        if gap <= near:
            xs.append(token.x)
            ys.append(token.y)
        elif token.side != centre.side and not token.down:
            foes.append((gap, token))
    foe_near = any(
        t.side != centre.side
        for t in picture.tokens
        if model.norm(t.x - centre.x, t.y - centre.y, t.z - centre.z) <= near
    )
    if foes and (nearest_foe or len(xs) == 1) and not foe_near:
        nearest = min(foes, key=lambda f: f[0])[1]  # the fight is toward the nearest foe
        xs.append(nearest.x)
        ys.append(nearest.y)
    margin = 2 * model.step
    return min(xs) - margin, min(ys) - margin, max(xs) + margin, max(ys) + margin


def fitted_frame(picture: MapPicture, style: MapStyle, room: Room) -> MapFrame:
    """The frame a fit shows (see the module's text), of the whole surface, moved or
    zoomed a little where that leaves no token half on it (:func:`uncut`)."""
    frame = _fitted(picture, style, room)
    if len(picture.tokens) > NEAREST_COUNTED or not cut_tokens(frame, picture, style):
        return frame
    reads = names_fit(frame, picture, style)
    for zoom in UNCUT_ZOOMS:
        scaled = MapFrame(frame.scale * zoom, frame.cx, frame.cy, frame.width, frame.height)
        moved = uncut(scaled, picture, style)
        if not cut_tokens(moved, picture, style) and (
            names_fit(moved, picture, style) or not reads
        ):
            return moved
    return frame


Box = tuple[MapToken, float, float, float, float]


def token_boxes(frame: MapFrame, picture: MapPicture, style: MapStyle) -> list[Box]:
    """Each token's marker with room for its name above or below it (surface pixels)."""
    radius = style.radius(frame, picture.model)
    unit = picture.model.unit
    boxes = []
    for token in picture.tokens:
        point = frame.to_screen(token.x, token.y)
        half = max(radius, style.label_width(token_label(token, unit), False) / 2)
        tall = radius + style.line + 2
        x, y = point.x(), point.y()
        boxes.append((token, x - half, y - tall, x + half, y + tall))
    return boxes


def cut_tokens(
    frame: MapFrame, picture: MapPicture, style: MapStyle, axes: tuple[int, ...] = (0, 1)
) -> list[MapToken]:
    """The tokens that stand partly on the surface: a marker or a name cut by an edge
    across ``axes`` (0: the left or right edge, 1: the top or bottom)."""
    size = (frame.width, frame.height)
    cut = []
    for token, *box in token_boxes(frame, picture, style):
        if not (box[0] < size[0] and box[2] > 0 and box[1] < size[1] and box[3] > 0):
            continue  # off the surface: not shown at all
        if any(box[a] < 0 or box[a + 2] > size[a] for a in axes):
            cut.append(token)
    return cut


def uncut(frame: MapFrame, picture: MapPicture, style: MapStyle) -> MapFrame:
    """``frame`` moved by the least, first up or down, then sideways, so that every token
    shows whole or not at all (a fit of the action cut the Goblin at the top and a rat at
    the bottom in half), keeping the selected token and those in its reach whole."""
    kept = _near_selected(picture)
    for axis in (1, 0):
        size, across = (frame.height, frame.width) if axis else (frame.width, frame.height)
        other = 1 - axis
        low, high = -math.inf, math.inf
        spans = []  # along the axis, of the tokens on the surface across it
        for token, *box in token_boxes(frame, picture, style):
            first, last = box[axis], box[axis + 2]
            if token.combatant_id in kept:
                low, high = max(low, last - size), min(high, first)
            if box[other] < across and box[other + 2] > 0:
                spans.append((first, last))
        moves = [0.0]
        for first, last in spans:
            moves += [first - 1, last + 1, last - size + 1, first - size - 1]
        for move in sorted((m for m in moves if low <= m <= high), key=abs):
            if not any(
                a - move < size and b - move > 0 and (a - move < 0 or b - move > size)
                for a, b in spans
            ):
                frame = _shifted(frame, axis, move)
                break
    return frame


def _shifted(frame: MapFrame, axis: int, pixels: float) -> MapFrame:
    step = pixels / frame.scale
    cx, cy = (frame.cx, frame.cy + step) if axis else (frame.cx + step, frame.cy)
    return MapFrame(frame.scale, cx, cy, frame.width, frame.height)


def _near_selected(picture: MapPicture) -> set[str]:
    """The selected token and those in its reach (a grid step more), as a fit keeps them."""
    centre = picture.token(picture.selected)
    if centre is None:
        return set()
    model = picture.model
    reach = max((r.value for r in picture.rings if r.kind == "reach"), default=0)
    near = max(reach, model.step) + model.step
    return {
        t.combatant_id
        for t in picture.tokens
        if model.norm(t.x - centre.x, t.y - centre.y, t.z - centre.z) <= near
    }


def _fitted(picture: MapPicture, style: MapStyle, room: Room) -> MapFrame:
    whole = _readable_whole(picture, style, room)
    if whole is not None:
        return room.whole(whole)
    least = least_scale(picture, style)
    most = most_scale(picture, style)
    inner = room.inner(action_bounds(picture, nearest_foe=True), most)
    if inner.scale >= least and _reads(inner, picture, style, room):
        return room.whole(inner)
    inner = room.inner(action_bounds(picture), most)
    if inner.scale < least:
        inner = MapFrame(least, inner.cx, inner.cy, inner.width, inner.height)
    first = inner = _keep_selected(picture, inner)
    for _ in range(ZOOM_TRIES):
        if _reads(inner, picture, style, room):
            return room.whole(inner)
        inner = _keep_selected(
            picture,
            MapFrame(inner.scale * ZOOM_STEP, inner.cx, inner.cy, inner.width, inner.height),
        )
    return room.whole(inner if _reads(inner, picture, style, room) else first)


def _keep_selected(picture: MapPicture, frame: MapFrame) -> MapFrame:
    """``frame`` (of the room) moved so the selected token stands a few steps inside it."""
    token = picture.token(picture.selected)
    if token is None:
        return frame
    inside = 2 * picture.model.step
    half_w = max(frame.width / 2 / frame.scale - inside, 0.0)
    half_h = max(frame.height / 2 / frame.scale - inside, 0.0)
    cx = min(max(frame.cx, token.x - half_w), token.x + half_w)
    cy = min(max(frame.cy, token.y - half_h), token.y + half_h)
    return MapFrame(frame.scale, cx, cy, frame.width, frame.height)
