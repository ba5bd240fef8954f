"""Places fitted to distances stored per pair, for encounter files written before places
existed (:func:`fit`, the file step :func:`places_migration`).

For a small group shortest paths fill the pairs never set and classical multidimensional
scaling gives a first layout; a large group is placed one combatant at a time against a few
already placed (where their circles cross); a few rounds of moving each place toward where
its stored distances want it refine it under the game's own metric, within a budget of pair
evaluations that grows with the pairs stored (a file of 200 combatants opens in about a
second). Pure Python, no numpy.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from m3desk.core.places import Place, toward_xyz

if TYPE_CHECKING:
    from m3desk.core.system import PositionModel

__all__ = ["fit", "pairs_of", "places_migration"]


# -- places from distances per pair ----------------------------------------------------------


def _completed(count: int, known: Mapping[tuple[int, int], float], far: float) -> list[list[float]]:
    """Every pair's distance: the known ones, the others by the shortest path through known
    pairs (the most the triangle inequality allows), ``far`` where no path joins them."""
    inf = math.inf
    table = [[0.0 if i == j else inf for j in range(count)] for i in range(count)]
    for (i, j), value in known.items():
        table[i][j] = table[j][i] = float(value)
    for k in range(count):
        row_k = table[k]
        for i in range(count):
            through = table[i][k]
            if through == inf:
                continue
            table[i] = [
                a if a <= through + b else through + b for a, b in zip(table[i], row_k, strict=True)
            ]
    return [[far if v == inf else min(v, far) for v in row] for row in table]


def _top_eigen(
    matrix: list[list[float]], found: list[tuple[float, list[float]]], rounds: int = 300
) -> tuple[float, list[float]]:
    """The largest eigenpair of a symmetric matrix, orthogonal to those ``found`` (power
    iteration with deflation, from a fixed start: the same file gives the same places)."""
    count = len(matrix)
    vector = [1.0 + 0.37 * ((i * 7919) % 13) for i in range(count)]
    for _ in range(rounds):
        for _value, other in found:
            dot = sum(a * b for a, b in zip(vector, other, strict=True))
            vector = [a - dot * b for a, b in zip(vector, other, strict=True)]
        product = [sum(a * b for a, b in zip(row, vector, strict=True)) for row in matrix]
        for val, other in found:
            dot = sum(a * b for a, b in zip(other, vector, strict=True))
            product = [p - val * dot * b for p, b in zip(product, other, strict=True)]
        length = math.sqrt(sum(p * p for p in product))
        if length < 1e-12:
            return 0.0, [0.0] * count
        nxt = [p / length for p in product]
        if all(abs(a - b) < 1e-12 for a, b in zip(nxt, vector, strict=True)):
            vector = nxt
            break
        vector = nxt
    product = [sum(a * b for a, b in zip(row, vector, strict=True)) for row in matrix]
    value = sum(a * b for a, b in zip(product, vector, strict=True))
    return value, vector


def _classical(table: list[list[float]]) -> list[tuple[float, float]]:
    """Classical multidimensional scaling into the plane: exact for distances that a plane
    can hold, the best least-squares layout of their inner products otherwise."""
    count = len(table)
    squared = [[v * v for v in row] for row in table]
    row_mean = [sum(row) / count for row in squared]
    total = sum(row_mean) / count
    centred = [
        [-0.5 * (squared[i][j] - row_mean[i] - row_mean[j] + total) for j in range(count)]
        for i in range(count)
    ]
    found: list[tuple[float, list[float]]] = []
    for _ in range(2):
        value, vector = _top_eigen(centred, found)
        found.append((max(value, 0.0), vector))
    (v1, e1), (v2, e2) = found
    s1, s2 = math.sqrt(v1), math.sqrt(v2)
    return [(s1 * e1[i], s2 * e2[i]) for i in range(count)]


class _Work:
    """Pair evaluations (a distance read or a step toward a stored distance) still allowed:
    the fitting of one file is bounded by it, whatever the distances say."""

    def __init__(self, left: float) -> None:
        self.left = left


WORK_FLOOR = 40_000
"""Pair evaluations any file may spend refining, however few its pairs (small groups try
many layouts)."""
WORK_PER_PAIR = 3
"""Pair evaluations a file may spend per stored distance when that is more than
:data:`WORK_FLOOR`: the fitting's whole work grows with the pairs stored, never with
their cube."""
SMALL = 40
"""Groups of at most this many are first laid out by classical scaling (shortest paths
through the stored pairs, then the plane's best two axes: cubic in the group, cheap this
small); larger ones are placed one by one against those already placed."""
ANCHORS = 12
"""Placed combatants at most that a newly placed one is measured against."""
POLISH = 4
"""Least-squares steps that settle a newly placed combatant among all its anchors."""
TURN_PAIRS = 1500
"""Stored pairs at most that choose a grid's best turn of the first layout."""


def _refined(
    model: PositionModel,
    xs: list[float],
    ys: list[float],
    neighbours: Sequence[Sequence[tuple[int, float, int]]],
    rounds: int,
    work: _Work,
    aim: float = 0.0,
) -> tuple[list[float], list[float]]:
    """Each place moved, in turn, toward where the distances it does not yet keep would put
    it (the point on the line to the other at that distance, by the game's metric), the
    distances it keeps holding it where it is: rounds until every distance reads right,
    nothing moves any more or the ``work`` allowed is spent."""
    measure_all = model.measure_all
    for _ in range(rounds):
        worst = 0.0
        wrong_anywhere = False
        for i, wanted in enumerate(neighbours):
            if not wanted:
                continue
            if work.left <= 0:
                return xs, ys
            work.left -= len(wanted)
            hx, hy = xs[i], ys[i]
            read = measure_all(
                hx,
                hy,
                0.0,
                [xs[j] for j, _v, _s in wanted],
                [ys[j] for j, _v, _s in wanted],
                [0.0] * len(wanted),
            )
            sx = sy = 0.0
            wrong = 0
            for (j, value, snapped), got in zip(wanted, read, strict=True):
                if got == snapped:
                    sx += hx
                    sy += hy
                    continue
                wrong += 1
                x, y, _z = toward_xyz(
                    model, (hx, hy, 0.0), (xs[j], ys[j], 0.0), value + aim, (1.0, 0.5)
                )
                sx += x
                sy += y
            if not wrong:
                continue
            wrong_anywhere = True
            nx = round(sx / len(wanted), 3) + 0.0
            ny = round(sy / len(wanted), 3) + 0.0
            worst = max(worst, abs(nx - hx) + abs(ny - hy))
            xs[i], ys[i] = nx, ny
        if not wrong_anywhere or worst < 1e-4:
            break
    return xs, ys


def _settled(
    model: PositionModel,
    points: list[tuple[float, float]],
    neighbours: Sequence[Sequence[tuple[int, float, int]]],
    work: _Work,
) -> list[tuple[float, float]]:
    """A placed-one-by-one layout settled by a few rounds of moving each place to the mean
    of where each of its stored distances would put it on a straight line, the near ones
    weighing most (least squares: the small errors of rounded distances spread over
    everyone rather than piling up on the last placed), within half the ``work`` allowed."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    hypot = math.hypot
    stop = work.left / 2
    step = float(model.step)
    for _ in range(SETTLE):
        for i, wanted in enumerate(neighbours):
            if not wanted or work.left <= stop:
                break
            work.left -= len(wanted)
            hx, hy = xs[i], ys[i]
            sx = sy = total = 0.0
            for j, value, _s in wanted:
                ox, oy = xs[j], ys[j]
                dx, dy = hx - ox, hy - oy
                length = hypot(dx, dy)
                if length < 1e-9:
                    dx, dy, length = 1.0, 0.5, hypot(1.0, 0.5)
                # the near ones weigh most: a far distance rounded says little of direction
                weight = 1.0 / (value if value >= step else step) ** 2
                sx += (ox + dx * value / length) * weight
                sy += (oy + dy * value / length) * weight
                total += weight
            xs[i], ys[i] = sx / total, sy / total
    return [(round(x, 3) + 0.0, round(y, 3) + 0.0) for x, y in zip(xs, ys, strict=True)]


SETTLE = 12
"""Rounds at most that settle a layout placed one by one."""


def _later(
    neighbours: Sequence[Sequence[tuple[int, float, int]]],
) -> list[tuple[list[int], list[int]]]:
    """For each place, the later ones it has a stored distance to and those distances as
    held (what :func:`_wrong` reads, the same for every layout of one group)."""
    return [
        ([j for j, _v, _s in wanted if j > i], [s for j, _v, s in wanted if j > i])
        for i, wanted in enumerate(neighbours)
    ]


def _wrong(
    model: PositionModel,
    xs: Sequence[float],
    ys: Sequence[float],
    later: Sequence[tuple[list[int], list[int]]],
    work: _Work,
) -> int:
    """How many stored pairs the places do not keep (each pair read once: ``later``, from
    :func:`_later`)."""
    count = 0
    measure_all = model.measure_all
    for i, (others, held) in enumerate(later):
        if not others:
            continue
        work.left -= len(others)
        read = measure_all(
            xs[i], ys[i], 0.0, [xs[j] for j in others], [ys[j] for j in others], [0.0] * len(others)
        )
        count += sum(map(operator.ne, read, held))
    return count


def _components(count: int, pairs: Mapping[tuple[int, int], float]) -> list[list[int]]:
    """Groups of indices joined by known pairs (singletons for those in none)."""
    if len(pairs) == count * (count - 1) // 2:
        return [list(range(count))]  # a distance for every pair (as old files kept): one group
    parent = list(range(count))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, j in pairs:
        parent[root(i)] = root(j)
    groups: dict[int, list[int]] = {}
    for i in range(count):
        groups.setdefault(root(i), []).append(i)
    return list(groups.values())


def _stress(
    model: PositionModel,
    points: Sequence[tuple[float, float]],
    pairs: Sequence[tuple[tuple[int, int], float]],
) -> float:
    """The squared misses of ``pairs`` (index pairs and their distance) by the metric's
    unrounded :meth:`~m3desk.core.system.PositionModel.norm`."""
    if model.metric == "squares":
        # norm's arithmetic for a grid on one level, inline (thirty turns of many pairs):
        # the longer side whole, the shorter at half, the very same numbers
        total = 0.0
        for (i, j), v in pairs:
            (ax, ay), (bx, by) = points[i], points[j]
            a, b = ax - bx, ay - by
            a, b = (a if a > 0 else -a), (b if b > 0 else -b)
            total += ((a + b / 2 if a > b else b + a / 2) - v) ** 2
        return total
    norm = model.norm
    return sum(
        (norm(points[i][0] - points[j][0], points[i][1] - points[j][1]) - v) ** 2
        for (i, j), v in pairs
    )


def _turned(points: Sequence[tuple[float, float]], angle: float) -> list[tuple[float, float]]:
    c, s = math.cos(angle), math.sin(angle)
    return [(round(x * c - y * s, 3) + 0.0, round(x * s + y * c, 3) + 0.0) for x, y in points]


def _trilaterated(
    model: PositionModel, count: int, neighbours: Sequence[Sequence[tuple[int, float, int]]]
) -> list[tuple[float, float]]:
    """A first layout, one combatant at a time in the order a search through the stored
    pairs meets them (from the one with most), each placed against at most
    :data:`ANCHORS` of those already placed: at its distance from one, where the circles
    around the two farthest apart cross (the crossing the others agree with best), so a set
    of straight-line distances a plane holds comes back as it was. Work: the stored pairs
    read once and a few steps per combatant."""
    start = max(range(count), key=lambda i: (len(neighbours[i]), -i))
    order = [start]
    seen = [False] * count
    seen[start] = True
    for m in order:
        for j, _v, _s in neighbours[m]:
            if not seen[j]:
                seen[j] = True
                order.append(j)
    placed: list[tuple[float, float] | None] = [None] * count
    sum_x = sum_y = 0.0
    for number, m in enumerate(order):
        found: list[tuple[float, float, float]] = []
        for j, value, _s in neighbours[m]:
            spot = placed[j]
            if spot is not None:
                found.append((spot[0], spot[1], value))
                if len(found) == 4 * ANCHORS:
                    break
        anchors = _anchors(found)
        if not anchors:
            here = (0.0, 0.0)
        else:
            cx, cy = sum_x / number, sum_y / number
            here = _crossing(model, anchors, cx, cy)
        here = (round(here[0], 3) + 0.0, round(here[1], 3) + 0.0)
        placed[m] = here
        sum_x += here[0]
        sum_y += here[1]
    return [p if p is not None else (0.0, 0.0) for p in placed]


def _anchors(found: list[tuple[float, float, float]]) -> list[tuple[float, float, float]]:
    """At most :data:`ANCHORS` of (a few of) the placed (x, y, value) to place against: the
    first, the one farthest from it, the one farthest from the line through those two (so a
    mirror image is told apart whenever the placed do not all stand on one line), then the
    first others."""
    if len(found) <= 3:
        return found
    a = found[0]
    b = max(found, key=lambda o: (o[0] - a[0]) ** 2 + (o[1] - a[1]) ** 2)
    ex, ey = b[0] - a[0], b[1] - a[1]
    c = max(found, key=lambda o: abs(ex * (o[1] - a[1]) - ey * (o[0] - a[0])))
    chosen = [a, b, c]
    for other in found:
        if len(chosen) >= ANCHORS:
            break
        if other is not a and other is not b and other is not c:
            chosen.append(other)
    return chosen


def _crossing(
    model: PositionModel, anchors: Sequence[tuple[float, float, float]], cx: float, cy: float
) -> tuple[float, float]:
    """Where a combatant stands ``value`` from each anchor (x, y, value) as nearly as two
    circles allow; with one anchor, on the side away from the others' centre (cx, cy)."""
    norm = model.norm
    best = (0.0, anchors[0], anchors[0])
    for k, a in enumerate(anchors):
        for b in anchors[k + 1 :]:
            apart = math.hypot(a[0] - b[0], a[1] - b[1])
            if apart > best[0] + 1e-9:
                best = (apart, a, b)
    apart, a, b = best
    if apart < 1e-9:
        ax, ay, value = anchors[0]
        dx, dy = ax - cx, ay - cy
        if math.hypot(dx, dy) < 1e-9:
            dx, dy = 1.0, 0.0
        x, y, _z = toward_xyz(model, (ax + dx, ay + dy, 0.0), (ax, ay, 0.0), value)
        return x, y
    ex, ey = (b[0] - a[0]) / apart, (b[1] - a[1]) / apart
    along = (a[2] * a[2] - b[2] * b[2] + apart * apart) / (2 * apart)
    height = math.sqrt(max(0.0, a[2] * a[2] - along * along))
    candidates = [
        (a[0] + ex * along - ey * height * side, a[1] + ey * along + ex * height * side)
        for side in (1.0, -1.0)
    ]

    def miss(spot: tuple[float, float]) -> tuple[float, float, float, float]:
        others = sum(abs(norm(spot[0] - ox, spot[1] - oy) - v) for ox, oy, v in anchors)
        # the others agreeing best, then the one farther from the placed group's centre,
        # then a fixed side (the same file gives the same places)
        return (
            round(others, 6),
            -round(math.hypot(spot[0] - cx, spot[1] - cy), 6),
            -spot[1],
            -spot[0],
        )

    x, y = min(candidates, key=miss)
    if len(anchors) > 2:
        # a few Gauss-Newton steps on every anchor: rounded distances spread their error
        for _ in range(POLISH):
            hxx = hxy = hyy = gx = gy = 0.0
            for ox, oy, value in anchors:
                dx, dy = x - ox, y - oy
                length = math.hypot(dx, dy)
                if length < 1e-9:
                    continue
                ux, uy = dx / length, dy / length
                miss_by = length - value
                hxx += ux * ux
                hxy += ux * uy
                hyy += uy * uy
                gx += ux * miss_by
                gy += uy * miss_by
            det = hxx * hyy - hxy * hxy
            if det < 1e-9:
                break
            x -= (hyy * gx - hxy * gy) / det
            y -= (hxx * gy - hxy * gx) / det
    return x, y


def _fit_component(
    model: PositionModel,
    members: list[int],
    pairs: Mapping[tuple[int, int], float],
    work: _Work,
    whole: bool = False,
) -> list[Place]:
    """Places for one group joined by known pairs, centred on the origin; ``whole``: the
    group is everyone, in order (the pairs are its own as they are)."""
    if whole:
        known: Mapping[tuple[int, int], float] = pairs
    else:
        local = {m: k for k, m in enumerate(members)}
        known = {(local[i], local[j]): v for (i, j), v in pairs.items() if i in local}
    count = len(members)
    if count == 1:
        return [Place.at(0, 0)]
    neighbours: list[list[tuple[int, float, int]]] = [[] for _ in range(count)]
    snapped_of: dict[float, int] = {}
    for (i, j), value in known.items():
        snapped = snapped_of.get(value)
        if snapped is None:
            snapped = snapped_of[value] = model.snap(value)
        neighbours[i].append((j, value, snapped))
        neighbours[j].append((i, value, snapped))
    if count <= SMALL:
        points = [
            (round(x, 3) + 0.0, round(y, 3) + 0.0)
            for x, y in _classical(_completed(count, known, float(model.largest)))
        ]
    else:
        points = _settled(model, _trilaterated(model, count, neighbours), neighbours, work)
    if model.metric != "straight":
        # A grid's distances depend on the layout's turn: the quarter turn that fits best.
        some = list(known.items())[:TURN_PAIRS]
        points = min(
            (_turned(points, math.radians(d)) for d in range(0, 90, 3)),
            key=lambda turned: _stress(model, turned, some),
        )
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    later = _later(neighbours)
    best = (_wrong(model, xs, ys, later, work), xs, ys)
    tries = 0
    rounds = max(30, 6000 // count)
    while best[0] and tries < RESTARTS and work.left > 0:
        # Aim a little past the mark on a grid, whose distances count whole squares down;
        # a layout caught where the distances pull against each other starts again shaken.
        aim = model.step / 4 if model.metric == "squares" else 0.0
        base_x, base_y = (best[1], best[2]) if tries else (xs, ys)
        shake = model.step * tries
        tried_x = [round(x + _shake(k, tries, 0) * shake, 3) + 0.0 for k, x in enumerate(base_x)]
        tried_y = [round(y + _shake(k, tries, 1) * shake, 3) + 0.0 for k, y in enumerate(base_y)]
        tried_x, tried_y = _refined(model, tried_x, tried_y, neighbours, rounds, work, aim)
        wrong = _wrong(model, tried_x, tried_y, later, work)
        if wrong < best[0]:
            best = (wrong, tried_x, tried_y)
        tries += 1
    return [Place.at(x, y) for x, y in zip(best[1], best[2], strict=True)]


RESTARTS = 8
"""Layouts tried at most for one group of distances that places cannot yet keep."""


def _shake(index: int, attempt: int, axis: int) -> float:
    """A fixed pseudo-random offset in [-1, 1] (the same file gives the same places)."""
    return ((index * 7919 + attempt * 104729 + axis * 1299709) % 2001) / 1000.0 - 1.0


def fit(
    model: PositionModel, ids: Sequence[str], known: Mapping[tuple[str, str], float]
) -> dict[str, Place]:
    """Places for ``ids`` that honour the ``known`` distances (pairs of ids) as well as the
    plane and the game's metric allow. A set of distances that places can hold is kept
    exactly; what a caller cannot keep it finds by measuring the places it gets. Groups that
    no known distance joins stand farther apart than the board's farthest (as a pair never
    placed stood before places). The work is bounded: :data:`WORK_FLOOR` pair evaluations,
    or :data:`WORK_PER_PAIR` per stored pair when more, shared among the groups by their
    pairs, and a first layout that is cubic only in groups of at most :data:`SMALL`."""
    if not ids:
        return {}
    index = {combatant_id: i for i, combatant_id in enumerate(ids)}
    pairs = {
        (index[a], index[b]): max(0.0, float(v))
        for (a, b), v in known.items()
        if a in index and b in index and a != b
    }
    return _fitted(model, len(ids), index, pairs)


def _fitted(
    model: PositionModel,
    count: int,
    index: Mapping[str, int],
    pairs: Mapping[tuple[int, int], float],
) -> dict[str, Place]:
    """:func:`fit` of ``count`` places from the ``pairs`` of indices (``index``: each id's)."""
    allowed = max(WORK_FLOOR, WORK_PER_PAIR * len(pairs))
    places: list[Place] = [Place.at(0, 0)] * count
    offset = 0.0
    apart = 2.0 * model.largest + model.step
    groups = sorted(_components(count, pairs), key=lambda m: (-len(m), m[0]))
    sizes: dict[int, int] = {0: len(pairs)}  # one group (every pair kept): all its own
    if len(groups) > 1:
        sizes = {}
        group_of = {member: g for g, members in enumerate(groups) for member in members}
        for i, _j in pairs:
            sizes[group_of[i]] = sizes.get(group_of[i], 0) + 1
    for g, members in enumerate(groups):
        share = allowed * sizes.get(g, 0) / max(1, len(pairs))
        points = _fit_component(model, members, pairs, _Work(share), whole=len(groups) == 1)
        low = min(p.x for p in points)
        for member, point in zip(members, points, strict=True):
            places[member] = Place.at(point.x - low + offset, point.y)
        offset += max(p.x for p in points) - low + apart
    return {combatant_id: places[i] for combatant_id, i in index.items()}


FARTHEST = 1e9
"""A stored distance beyond this is no distance on any board (``1e300`` overflowed the
fitting's squares): left out like a value that is no number."""


def _distance(value: object) -> float | None:
    """``value`` as a distance to fit, or None where it is none: not a number (``null``, a
    text, a list, ``true``), not finite or beyond :data:`FARTHEST`."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    if not -FARTHEST <= value <= FARTHEST:  # (an int too large for a float included)
        return None
    return float(value)


def pairs_of(positions: Mapping[str, object]) -> dict[tuple[str, str], float]:
    """Distances kept per pair (``"idA|idB"``: value) as pairs of ids; keys naming no pair of
    two combatants, and values that are no distance (:func:`_distance`), are left out: the
    encounter's own check of ``positions`` then names them in a sentence."""
    pairs: dict[tuple[str, str], float] = {}
    for key, value in positions.items():
        read = _stored_pair(key, value)
        if read is not None:
            pairs[(read[0], read[1])] = read[2]
    return pairs


def _stored_pair(key: object, value: object) -> tuple[str, str, float] | None:
    """One stored pair (``"idA|idB"``: value) as its two ids and distance, or None for a key
    naming no pair of two combatants or a value that is no distance (:func:`_distance`)."""
    pair = str(key).split("|")
    # a plain number within bounds at once (the many pairs of a file), else by the rule
    if type(value) is int or type(value) is float:
        distance = float(value) if -FARTHEST <= value <= FARTHEST else None
    else:
        distance = _distance(value)
    if len(pair) != 2 or pair[0] == pair[1] or distance is None:
        return None
    return pair[0], pair[1], distance


def _index_pairs(
    index: Mapping[str, int], positions: Mapping[str, object]
) -> dict[tuple[int, int], float]:
    """:func:`pairs_of` ``positions`` as :func:`fit` keeps them, by the indices of
    ``index``, in one reading of the keys (an old file of 200 holds 19,900)."""
    pairs: dict[tuple[int, int], float] = {}
    find = index.get
    for key, value in positions.items():
        read = _stored_pair(key, value)
        if read is not None:
            i, j = find(read[0]), find(read[1])
            if i is not None and j is not None:
                pairs[(i, j)] = max(0.0, read[2])
    return pairs


def places_migration(model: PositionModel) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """The file step for a game of distances that kept a distance per pair: places that
    honour those distances as well as they can be (:func:`fit`). The distances stay in the
    file's ``positions`` for reading, where the encounter's repair compares them with the
    places, tells the user which could not be kept, and drops them."""

    def migrate(data: dict[str, Any]) -> dict[str, Any]:
        upgraded = dict(data)
        combatants = data.get("combatants") or []
        ids = [str(c["id"]) for c in combatants if isinstance(c, dict) and "id" in c]
        positions = data.get("positions") or {}
        if ids and isinstance(positions, dict) and positions and not data.get("places"):
            index = {combatant_id: i for i, combatant_id in enumerate(dict.fromkeys(ids))}
            fitted = _fitted(model, len(index), index, _index_pairs(index, positions))
            upgraded["places"] = {key: place.model_dump() for key, place in fitted.items()}
        return upgraded

    return migrate
