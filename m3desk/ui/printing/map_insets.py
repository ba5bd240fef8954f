"""The printed map of a fight with someone far from the crowd (an archer 300 ft off, a
straggler): the crowd at a scale its names read at, each far group in a small inset beside
it at the same scale (or the most its box allows), captioned with how far off it stands and
which way. One map scaled to hold both printed the crowd's tokens on top of each other and
half of their names left out.

Pure geometry in the game's units (no painting): which tokens are the crowd, which stand
far, and what each inset's caption says. :mod:`m3desk.ui.printing.map_block` lays the boxes
out and paints them with the map's one painting routine."""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from m3desk.core.places import Place
from m3desk.core.system import PositionModel
from m3desk.ui.map.picture import MapToken

__all__ = [
    "FAR_GAP_STEPS",
    "MOST_FAR",
    "MOST_INSETS",
    "Arrangement",
    "FarGroup",
    "arrange",
    "arrow",
    "caption",
    "split_far",
]

FAR_GAP_STEPS = 6
"""Grid steps of empty ground at least between the crowd and a token printed in an inset
(nearer, it is a part of the fight, drawn with it)."""
MOST_INSETS = 3
"""Insets beside a map at most (one box each, stacked down its side)."""
MOST_FAR = 4
"""Tokens in insets at most: more stand apart than a straggler or two (two crowds far apart),
and the map is printed whole as before."""
APART_STEPS = 2
"""Grid steps at least between two parts of a far group printed in insets of their own
(nearer, they stand together: one inset, drawn smaller where it must be)."""
MOST_TOKENS = 60
"""Above this many tokens the map is printed whole (the groups are found pair by pair)."""

ARROWS = "→↘↓↙←↖↑↗"
"""Which way from the crowd, on the page (y grows down), by eighths of a turn from the
right."""


@dataclass(frozen=True, slots=True)
class FarGroup:
    """Tokens standing together far from the crowd, and how far the nearest of them is from
    the crowd's nearest (as the rules measure it)."""

    tokens: tuple[MapToken, ...]
    distance: int
    dx: float
    dy: float
    """From the crowd's middle to the group's middle, in units (the way it lies)."""


def _place(token: MapToken) -> Place:
    return Place.at(token.x, token.y, token.z)


def _spanning_edges(
    tokens: Sequence[MapToken], model: PositionModel
) -> list[tuple[float, int, int]]:
    """The edges of the tokens' shortest spanning tree (length, one end, the other), the
    longest first: cutting the k longest leaves the k + 1 groups farthest apart."""
    count = len(tokens)
    best = [math.inf] * count
    parent = [-1] * count
    done = [False] * count
    best[0] = 0.0
    edges: list[tuple[float, int, int]] = []
    for _ in range(count):
        here = min((i for i in range(count) if not done[i]), key=lambda i: best[i])
        done[here] = True
        if parent[here] >= 0:
            edges.append((best[here], parent[here], here))
        a = tokens[here]
        for i in range(count):
            if not done[i]:
                b = tokens[i]
                gap = model.norm(a.x - b.x, a.y - b.y, a.z - b.z)
                if gap < best[i]:
                    best[i], parent[i] = gap, here
    edges.sort(key=lambda e: -e[0])
    return edges


def _groups(count: int, kept: list[tuple[float, int, int]]) -> list[list[int]]:
    """The tokens joined by ``kept`` edges, as groups of indexes (each in the tokens' order)."""
    root = list(range(count))

    def find(i: int) -> int:
        while root[i] != i:
            root[i] = root[root[i]]
            i = root[i]
        return i

    for _gap, a, b in kept:
        root[find(a)] = find(b)
    groups: dict[int, list[int]] = {}
    for i in range(count):
        groups.setdefault(find(i), []).append(i)
    return list(groups.values())


def _middle(tokens: Sequence[MapToken]) -> tuple[float, float]:
    return (
        (min(t.x for t in tokens) + max(t.x for t in tokens)) / 2,
        (min(t.y for t in tokens) + max(t.y for t in tokens)) / 2,
    )


def _far_group(
    group: Sequence[MapToken], crowd: Sequence[MapToken], model: PositionModel
) -> FarGroup:
    near = min(
        ((a, b) for a in group for b in crowd),
        key=lambda p: model.norm(p[0].x - p[1].x, p[0].y - p[1].y, p[0].z - p[1].z),
    )
    (gx, gy), (cx, cy) = _middle(group), _middle(crowd)
    return FarGroup(tuple(group), model.measure(_place(near[1]), _place(near[0])), gx - cx, gy - cy)


def split_far(
    tokens: Sequence[MapToken],
    model: PositionModel,
    reads: Callable[[Sequence[MapToken]], bool],
    holds: Callable[[Sequence[MapToken], Sequence[MapToken]], bool] | None = None,
) -> tuple[tuple[MapToken, ...], tuple[FarGroup, ...]] | None:
    """The crowd and the far groups where printing the far ones in insets lets the crowd
    read (``reads``: whether a map of these tokens alone prints them legibly), else None
    (the map is printed whole: the caller asks first whether it reads whole). The gaps
    cut are the widest of the tokens' spanning tree, each at least :data:`FAR_GAP_STEPS`
    steps, widest first, until the largest group left (the crowd) reads; no more than
    :data:`MOST_INSETS` groups and :data:`MOST_FAR` tokens go to insets. A far group that
    an inset cannot hold at the crowd's scale (``holds``: the group, the crowd) is cut at
    its own widest gap into insets of their own, each captioned its own way."""
    if not 2 < len(tokens) <= MOST_TOKENS:
        return None
    edges = _spanning_edges(tokens, model)
    least = FAR_GAP_STEPS * model.step
    for cut in range(1, MOST_INSETS + 1):
        if cut > len(edges) or edges[cut - 1][0] < least:
            return None
        groups = _groups(len(tokens), edges[cut:])
        groups.sort(key=lambda g: (-len(g), g[0]))
        crowd = [tokens[i] for i in groups[0]]
        far = [[tokens[i] for i in g] for g in groups[1:]]
        if sum(len(g) for g in far) > MOST_FAR or len(crowd) <= sum(len(g) for g in far):
            return None
        if reads(crowd):
            if holds is not None:
                far = _split_wide(far, model, functools.partial(_holds, holds, crowd))
            groups_far = [_far_group(g, crowd, model) for g in far]
            groups_far.sort(key=lambda g: (g.dy, g.dx))  # stacked as they lie, top first
            return tuple(crowd), tuple(groups_far)
    return None


def _holds(
    holds: Callable[[Sequence[MapToken], Sequence[MapToken]], bool],
    crowd: Sequence[MapToken],
    group: Sequence[MapToken],
) -> bool:
    return holds(group, crowd)


def _split_wide(
    far: list[list[MapToken]], model: PositionModel, holds: Callable[[Sequence[MapToken]], bool]
) -> list[list[MapToken]]:
    """The far groups with each one an inset cannot hold at the crowd's scale cut at its
    widest gap (two archers 200 ft apart, both far from the melee, are two stragglers: one
    inset of both printed them a tenth of the crowd's size), while there are fewer than
    :data:`MOST_INSETS`."""
    groups = list(far)
    while len(groups) < MOST_INSETS:
        wide = next((g for g in groups if len(g) > 1 and not holds(g)), None)
        if wide is None:
            break
        edges = _spanning_edges(wide, model)
        if edges[0][0] < APART_STEPS * model.step:
            break  # side by side (a file of wolves): one inset, a little smaller
        parts = _groups(len(wide), edges[1:])
        at = groups.index(wide)
        groups[at : at + 1] = [[wide[i] for i in part] for part in parts]
    return groups


def arrow(dx: float, dy: float) -> str:
    """The arrow pointing ``dx``, ``dy`` on the page (y down)."""
    eighth = round(math.atan2(dy, dx) / (math.pi / 4)) % 8
    return ARROWS[eighth]


def caption(group: FarGroup, model: PositionModel) -> str:
    """What an inset says above its tokens: how far and which way from the crowd (words
    without "fi" or "fl": the PDF prints them as one letter, and its text reads "ﬁght")."""
    return f"{model.label(group.distance)} from the rest {arrow(group.dx, group.dy)}"


@dataclass(frozen=True, slots=True)
class Arrangement:
    """Where the insets go in the room beside the crowd: their boxes (left, top, width,
    height, in points from the room's top left corner, each box's share of the room), the
    width they take, and the least share of its own size any of them keeps (1: each
    inset holds its group at the crowd's scale)."""

    boxes: tuple[tuple[float, float, float, float], ...]
    width: float
    kept: float
    tall: float = 0.0
    """Points the tallest column needs at the crowd's scale."""
    columns: tuple[tuple[int, ...], ...] = ()
    """Which insets stand in each column, left to right."""


def _cuts(count: int) -> list[list[list[int]]]:
    """Every way to cut ``count`` insets, in their order, into columns."""
    ways = []
    for cuts in range(2 ** max(count - 1, 0)):
        columns: list[list[int]] = [[0]] if count else []
        for n in range(1, count):
            if cuts >> (n - 1) & 1:
                columns.append([n])
            else:
                columns[-1].append(n)
        ways.append(columns)
    return ways


def arrange(
    sizes: Sequence[tuple[float, float]],
    room_w: float,
    room_h: float,
    gap: float,
    columns: Sequence[Sequence[int]] | None = None,
) -> Arrangement:
    """The insets of these sizes (width, height at the crowd's scale) in columns, in their
    order (top first, then the next column to the right), the columns side by side and
    each as tall as the room: of the ways to cut them into columns, the one that keeps the
    most of the least inset's size, then the narrowest (the crowd keeps the most room).
    Three stragglers stacked in one column 170 points wide printed each at a fifth of the
    crowd's scale; beside one another they keep it. With ``columns`` those columns (the
    same insets in a shorter room)."""
    best: Arrangement | None = None
    count = len(sizes)
    ways = [[list(c) for c in columns]] if columns is not None else _cuts(count)
    for way in ways:
        widths = [max(sizes[i][0] for i in column) for column in way]
        total = sum(widths) + gap * (len(way) - 1)
        tall = max(sum(sizes[i][1] for i in c) + gap * (len(c) - 1) for c in way) if way else 0
        across = min(1.0, room_w / total) if total > 0 else 1.0
        boxes: dict[int, tuple[float, float, float, float]] = {}
        kept, left = 1.0, 0.0
        for column, wide in zip(way, widths, strict=True):
            wide *= across
            tall = sum(sizes[i][1] for i in column)
            room = room_h - gap * (len(column) - 1)
            down = room / tall if tall > 0 else 1.0
            kept = min(kept, down)
            top = 0.0
            for i in column:
                high = sizes[i][1] * down
                boxes[i] = (left, top, wide, high)
                top += high + gap
            left += wide + gap
        kept = min(kept, across)
        found = Arrangement(
            tuple(boxes[i] for i in range(count)),
            min(total, room_w),
            kept,
            tall,
            tuple(tuple(c) for c in way),
        )
        if best is None or (round(found.kept, 3), -found.width) > (
            round(best.kept, 3),
            -best.width,
        ):
            best = found
    return best if best is not None else Arrangement((), 0.0, 1.0)
