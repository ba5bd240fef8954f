"""Where each token's name goes on the map: beside its token where free, else a line or more
away with a line to it, never over a token or another name (:func:`label_layout`)."""

from __future__ import annotations

import math
import threading
import weakref
from collections import OrderedDict
from dataclasses import dataclass

from PySide6.QtCore import QLineF, QPointF, QRectF

from m3desk.ui.map import marker_shape
from m3desk.ui.map.frame import MapFrame
from m3desk.ui.map.picture import MapToken
from m3desk.ui.map.style import MapStyle

__all__ = ["NAME_REACH", "Label", "Taken", "label_layout", "short_name", "token_label"]


def token_label(token: MapToken, unit: str) -> str:
    """The name under a token, with what the marker cannot show in shape or colour."""
    text = token.name
    if token.z:
        text += f" ↑{token.z:g} {unit}"
    if token.hidden:
        text += " (hidden)"
    if token.down:
        text += " (down)"
    return text


class Taken:
    """Rectangles already covered on the surface, bucketed so a test costs a few looks. A
    cell that :data:`FULL` rectangles cover already is full: nothing more goes there, and
    a test of it costs one look (tokens piled on one spot, 200 in an old file whose
    distances no plane holds, made each name's every spot look at all their markers).
    A marker (:meth:`add_marker`) is its square and the tips of its shape out of it
    (:func:`~m3desk.ui.map.marker_shape.tips`); the tips fill no cell."""

    CELL = 64.0
    FULL = 32
    """Rectangles in one cell that make it full: markers and names this crowded leave no
    room for one more name (a fight of 8-12 has fewer on the whole surface)."""

    def __init__(self) -> None:
        self._cells: dict[tuple[int, int], list[QRectF]] = {}
        self._edges: dict[tuple[int, int], list[tuple[float, float, float, float]]] = {}
        """The same rectangles as (left, right, top, bottom) numbers: a name's many spots
        are told free in arithmetic, as :meth:`QRectF.intersects` decides."""
        self._full: set[tuple[int, int]] = set()
        self._added: list[tuple[float, float, float, float]] = []
        self._tips: dict[tuple[int, int], list[tuple[float, float, float, float, float, float]]]
        self._tips = {}
        """The markers' tips out of their squares, by cell: (left, right, top, bottom) and
        the centre of the token whose tip it is (its own line starts under it)."""

    def added(self) -> tuple[tuple[float, float, float, float], ...]:
        """Every rectangle added, in order (what a layout over them depends on)."""
        return tuple(self._added)

    def _keys(self, rect: QRectF) -> list[tuple[int, int]]:
        cell = self.CELL
        return [
            (i, j)
            for i in range(int(rect.left() // cell), int(rect.right() // cell) + 1)
            for j in range(int(rect.top() // cell), int(rect.bottom() // cell) + 1)
        ]

    def hits(self, rect: QRectF) -> bool:
        return self.hits_edges(rect.left(), rect.right(), rect.top(), rect.bottom())

    def hits_edges(self, left: float, right: float, top: float, bottom: float) -> bool:
        """:meth:`hits` of the rectangle with these edges (as ``left()``, ``right()``…
        give them): whether it touches a full cell or overlaps a rectangle taken."""
        cell = self.CELL
        full, cells = self._full, self._edges
        lo, hi = (left, right) if left <= right else (right, left)
        up, down = (top, bottom) if top <= bottom else (bottom, top)
        empty = lo == hi or up == down  # (an empty rectangle overlaps nothing)
        for i in range(int(left // cell), int(right // cell) + 1):
            for j in range(int(top // cell), int(bottom // cell) + 1):
                key = (i, j)
                if key in full:
                    return True
                if empty:
                    continue
                for o_left, o_right, o_top, o_bottom in cells.get(key, ()):
                    if lo < o_right and o_left < hi and up < o_bottom and o_top < down:
                        return True
                for o_left, o_right, o_top, o_bottom, _, _ in self._tips.get(key, ()):
                    if lo < o_right and o_left < hi and up < o_bottom and o_top < down:
                        return True
        return False

    def crossed(self, line: QLineF, own: QPointF) -> bool:
        """Whether ``line`` runs through a rectangle taken (but the marker centred on
        ``own``, the token the line starts from), or a full cell (``own``'s among them:
        a line out of a crowd runs through it)."""
        box = QRectF(line.p1(), line.p2()).normalized()
        keys = self._keys(box)
        full = self._full
        return (
            self.full_at(own)
            or any(key in full for key in keys)
            or any(
                crosses(line, other)
                for key in keys
                for other in self._cells.get(key, ())
                if abs(other.center().x() - own.x()) > 0.5
                or abs(other.center().y() - own.y()) > 0.5
            )
            or any(
                crosses(line, QRectF(left, top, right - left, bottom - top))
                for key in keys
                for left, right, top, bottom, x, y in self._tips.get(key, ())
                if abs(x - own.x()) > 0.5 or abs(y - own.y()) > 0.5
            )
        )

    def full_at(self, point: QPointF) -> bool:
        """Whether the cell holding ``point`` is full."""
        cell = self.CELL
        return (int(point.x() // cell), int(point.y() // cell)) in self._full

    def full_over(self, rect: QRectF) -> bool:
        """Whether every cell ``rect`` touches is full (nothing more goes anywhere in it)."""
        full = self._full
        return bool(full) and all(key in full for key in self._keys(rect))

    def add_marker(self, x: float, y: float, side_index: int, radius: float) -> QRectF:
        """A token's marker centred on (x, y): its square (returned) and its shape's tips."""
        square = QRectF(x - radius, y - radius, 2 * radius, 2 * radius)
        self.add(square)
        cell, cells, added, full = self.CELL, self._tips, self._added, self._full
        for left, right, top, bottom in marker_shape.tips(side_index, radius):
            left, right, top, bottom = x + left, x + right, y + top, y + bottom
            added.append((left, top, right - left, bottom - top))
            entry = (left, right, top, bottom, x, y)
            for i in range(int(left // cell), int(right // cell) + 1):
                for j in range(int(top // cell), int(bottom // cell) + 1):
                    if (i, j) not in full:  # (a full cell takes nothing more anyway)
                        cells.setdefault((i, j), []).append(entry)
        return square

    def add(self, rect: QRectF) -> None:
        x, y, width, height = shape = (rect.x(), rect.y(), rect.width(), rect.height())
        self._added.append(shape)
        left, right = (x + width, x) if width < 0 else (x, x + width)
        top, bottom = (y + height, y) if height < 0 else (y, y + height)
        edges = (
            (math.inf, -math.inf, math.inf, -math.inf)  # empty: overlaps nothing
            if left == right or top == bottom
            else (left, right, top, bottom)
        )
        for key in self._keys(rect):
            if key in self._full:
                continue
            rects = self._cells.setdefault(key, [])
            rects.append(rect)
            self._edges.setdefault(key, []).append(edges)
            if len(rects) >= self.FULL:
                self._full.add(key)
                del self._cells[key]
                del self._edges[key]


@dataclass(frozen=True, slots=True)
class Label:
    """A token's name where :func:`label_layout` put it: its box on the surface and the
    line to its token when the name stands apart from it."""

    token: MapToken
    text: str
    box: QRectF
    selected: bool
    leader: QLineF | None = None


LABEL_TIERS = 6
"""How many lines of names a name may stand away from its token (with a line to it)."""


def _spots(
    x: float,
    y: float,
    radius: float,
    width: float,
    line: float,
    *,
    beside_only: bool = False,
    shape: marker_shape.Reach | None = None,
) -> list[tuple[float, float, bool]]:
    """Where a name ``width`` wide and ``line`` high may go, nearest first: (its box's left,
    its top, apart from the token). Beside the token, then (unless ``beside_only``) straight
    above or below it a line or more away, then shifted to a side. Each as near the marker
    as its ``shape`` leaves room (a diamond's tips reach past its square: a name against
    the square ran over them; without a shape, the square)."""
    gap = 1.5
    down = up = right = left = radius
    if shape is not None:  # over the band each spot takes, with the air kept round a name
        down, up, right, left = shape.around(width, line)
    below = y + down + gap
    above = y - up - gap - line
    spots = [
        (x - width / 2, below, False),
        (x - width / 2, above, False),
        # Beside it, clear of the air kept round a name (closer, its own marker hit it).
        (x + right + 5, y - line / 2, False),
        (x - left - 5 - width, y - line / 2, False),
    ]
    if beside_only:
        return spots
    for tier in range(1, LABEL_TIERS + 1):
        shift = tier * (line + 2)
        spots += [(x - width / 2, top, True) for top in (below + shift, above - shift)]
    for tier in range(LABEL_TIERS + 1):
        shift = tier * (line + 2)
        for top in (below + shift, above - shift):
            spots.append((x - radius, top, True))
            spots.append((x - width + radius, top, True))
    return spots


NAME_REACH = 2.6
"""How far a name may stand from its token's edge, in lines of text: farther, a reader can
no longer tell whose name it is (at 150 % "Hobgoblin boss 2" stood three tokens away)."""


def crosses(line: QLineF, rect: QRectF) -> bool:
    """Whether the segment ``line`` passes through ``rect`` (touching its edge counts not)."""
    x0, y0 = line.x1(), line.y1()
    dx, dy = line.dx(), line.dy()
    low, high = 0.0, 1.0
    for p, q in (
        (-dx, x0 - rect.left()),
        (dx, rect.right() - x0),
        (-dy, y0 - rect.top()),
        (dy, rect.bottom() - y0),
    ):
        if p == 0:
            if q <= 0:
                return False
            continue
        r = q / p
        if p < 0:
            low = max(low, r)
        else:
            high = min(high, r)
        if low >= high:
            return False
    return True


def _leader(x: float, y: float, radius: float, box: QRectF) -> QLineF:
    """The line from a token's edge to its name standing apart."""
    end = QPointF(
        min(max(x, box.left() + 3), box.right() - 3), box.top() if box.top() > y else box.bottom()
    )
    direction = end - QPointF(x, y)
    length = math.hypot(direction.x(), direction.y()) or 1.0
    return QLineF(QPointF(x, y) + direction * (radius / length), end)


def _gap(left: float, top: float, width: float, height: float, x: float, y: float) -> float:
    """How far the point is from the box (0 inside it)."""
    dx = max(left - x, 0.0, x - (left + width))
    dy = max(top - y, 0.0, y - (top + height))
    return math.hypot(dx, dy)


def short_name(text: str) -> str:
    """The name in fewer letters where there is no room for it whole beside its token:
    every word but the last cut to four letters and a dot ("Hobg. boss 2"); what the
    marker's tooltip gives whole. The words in brackets ("(down)") stay."""
    words = text.split(" ")
    cut = [
        w[:4] + "."
        if len(w) > 5 and n < len(words) - 1 and not w.startswith("(") and not w[0].isdigit()
        else w
        for n, w in enumerate(words)
    ]
    return " ".join(cut)


class _Centres:
    """The tokens' centres, bucketed: which one is nearest a name's box."""

    CELL = 64.0

    def __init__(self, centres: list[tuple[float, float, MapToken, bool]]) -> None:
        self._cells: dict[tuple[int, int], list[tuple[float, float, str]]] = {}
        for x, y, token, _ in centres:
            key = (int(x // self.CELL), int(y // self.CELL))
            self._cells.setdefault(key, []).append((x, y, token.combatant_id))

    def nearer(self, at: QPointF, reach: float, own: str) -> bool:
        """Whether a token other than ``own`` has its centre within ``reach`` of ``at``."""
        cell = self.CELL
        ax, ay = at.x(), at.y()
        for i in range(int((ax - reach) // cell), int((ax + reach) // cell) + 1):
            for j in range(int((ay - reach) // cell), int((ay + reach) // cell) + 1):
                for x, y, who in self._cells.get((i, j), ()):
                    if who != own and math.hypot(x - ax, y - ay) <= reach:
                        return True
        return False


class _Memo:
    """The last few layouts, each kept under exactly what :func:`_laid_out` reads: every
    centre (its token, whether selected), the radius, the surface's size, the style (the
    same object: its fonts measure the names), the unit and every rectangle ``taken``
    held. A paint of a map where none of it changed lays nothing out again (200 piled
    tokens cost 0.1-0.4 s a layout). The style is held weakly: a view's old style is not
    kept alive by the memo."""

    SIZE = 8

    def __init__(self) -> None:
        self._entries: OrderedDict[
            tuple[object, ...], tuple[weakref.ref[MapStyle], tuple[Label, ...]]
        ] = OrderedDict()
        self._lock = threading.Lock()  # (a printout lays its map out in a worker)

    def get(self, key: tuple[object, ...], style: MapStyle) -> tuple[Label, ...] | None:
        with self._lock:
            entry = self._entries.get(key)
            if entry is None or entry[0]() is not style:
                return None
            self._entries.move_to_end(key)
            return entry[1]

    def put(self, key: tuple[object, ...], style: MapStyle, labels: tuple[Label, ...]) -> None:
        with self._lock:
            self._entries[key] = (weakref.ref(style), labels)
            self._entries.move_to_end(key)
            while len(self._entries) > self.SIZE:
                self._entries.popitem(last=False)


_MEMO = _Memo()


def _copy(label: Label) -> Label:
    """The label with boxes of its own (a caller may change what it is given)."""
    leader = None if label.leader is None else QLineF(label.leader)
    return Label(label.token, label.text, QRectF(label.box), label.selected, leader)


def label_layout(
    centres: list[tuple[float, float, MapToken, bool]],
    radius: float,
    frame: MapFrame,
    style: MapStyle,
    unit: str,
    taken: Taken,
) -> list[Label]:
    """Every token's name placed where it covers no token (``taken`` holds the markers),
    no name or line placed before it, and stays whole on the surface: the selected one's
    first, then the others in the map's reading order (top to bottom, left to right), each
    at the first free spot of :func:`_spots` that stays beside its own token: within
    :data:`NAME_REACH` lines of its edge, its middle nearer to it than to any other token (a
    name that floats between tokens names no one), and where it stands apart, its line to
    the token crossing no token and no name (on paper a line ran under another name). The
    whole name first; where it finds no such spot its :func:`short_name`; a name with no
    spot at all is left out (the marker keeps its initials, the tooltip the name; a fit
    zooms in until none is: :func:`~m3desk.ui.map.painter.names_fit`). In a crowd (its
    token's cell of ``taken`` full) a name is looked for beside its token only, and a full
    cell costs one look: piled tokens cost what spread ones do."""
    key = (tuple(centres), radius, frame.width, frame.height, id(style), unit, taken.added())
    kept = _MEMO.get(key, style)
    if kept is None:
        kept = tuple(_laid_out(centres, radius, frame, style, unit, taken))
        _MEMO.put(key, style, kept)
    else:
        for label in kept:
            taken.add(label.box)  # as the layout left it
    return [_copy(label) for label in kept]


def _laid_out(
    centres: list[tuple[float, float, MapToken, bool]],
    radius: float,
    frame: MapFrame,
    style: MapStyle,
    unit: str,
    taken: Taken,
) -> list[Label]:
    """The layout :func:`label_layout` describes, worked out (it adds each name's box to
    ``taken``)."""
    surface = QRectF(0, 0, frame.width, frame.height)
    order = sorted(centres, key=lambda c: (not c[3], round(c[1]), c[0]))
    near = _Centres(centres)
    reach = radius + (NAME_REACH + (1.0 if style.paper else 0.0)) * style.line
    labels: list[Label] = []
    leaders: list[QLineF] = []
    for x, y, token, selected in order:
        whole = token_label(token, unit)
        found = None
        for text in dict.fromkeys((whole, short_name(whole))):
            found = _first_spot(
                x, y, radius, text, selected, style, reach, surface, taken, near, leaders, token
            )
            if found is not None:
                break
        if found is None:
            continue
        text, box, leader = found
        taken.add(box)
        if leader is not None:
            leaders.append(leader)
        labels.append(Label(token, text, box, selected, leader))
    return labels


def _first_spot(
    x: float,
    y: float,
    radius: float,
    text: str,
    selected: bool,
    style: MapStyle,
    reach: float,
    surface: QRectF,
    taken: Taken,
    near: _Centres,
    leaders: list[QLineF],
    token: MapToken,
) -> tuple[str, QRectF, QLineF | None] | None:
    """The first of :func:`_spots` where ``text`` may stand (see :func:`label_layout`)."""
    width = style.label_width(text, selected)
    line = style.line
    # Every spot within reach lies in this square: all of it full, none is free (a crowd).
    if taken.full_over(
        QRectF(x - reach - width, y - reach - line, 2 * (reach + width), 2 * (reach + line))
    ):
        return None
    centre = QPointF(x, y)
    surface_width, surface_height = surface.width(), surface.height()
    # No line out of a crowd (Taken.crossed): only the spots beside it are tried.
    height = style.line - 1
    own = token.combatant_id
    shape = marker_shape.reach(token.side_index, radius)
    spots = _spots(x, y, radius, width, height, beside_only=taken.full_at(centre), shape=shape)
    for left, top, apart in spots:
        if _gap(left, top, width, height, x, y) > reach:
            continue  # (told apart in numbers: most spots of a crowd are out of reach)
        right, bottom = left + width, top + height
        if not (0.0 <= left < right <= surface_width and 0.0 <= top < bottom <= surface_height):
            continue  # (not whole on the surface, as QRectF.contains says)
        # A little air round each name, so two names side by side read as two (the
        # numbers QRectF.adjusted(-4, -1, 4, 1) gives).
        air_left, air_top = left + -4.0, top + -1.0
        air_right, air_bottom = air_left + (width + 4.0 - -4.0), air_top + (height + 1.0 - -1.0)
        if taken.hits_edges(air_left, air_right, air_top, air_bottom):
            continue
        box = QRectF(left, top, width, height)
        aired = box.adjusted(-4, -1, 4, 1)
        if any(crosses(line, aired) for line in leaders):
            continue
        middle = box.center()
        if near.nearer(middle, math.hypot(middle.x() - x, middle.y() - y) + 1.0, own):
            continue
        leader = _leader(x, y, radius, box) if apart else None
        if leader is not None and taken.crossed(leader, centre):
            continue
        return text, box, leader
    return None
