"""Who is near whom in a simulated fight, found without a scan of everyone: the forecasts'
one spatial index and their one target policy.

A forecast asks three things of the plane many times a round: the foe its policy prefers
(:meth:`Foes.pick`: the nearest, the weakest or the strongest), the foes within a reach
(:meth:`Foes.within`: in melee, in a missile's range, caught by a breath) and how far one
stands from another (:meth:`Foes.feet`). :class:`Foes` answers them from a uniform grid of
cells (:data:`CELLS` grid steps wide) kept per group (a side, or a side and its hit points
left for the weakest and strongest), updated on each move, each fall and each wound, so
a pick looks at the few cells around the picker, ring by ring, and stops as soon as no
farther cell can hold anyone nearer: a fight's cost grows as n log n in its combatants,
not as n².

Every distance is measured by the game's own metric
(:meth:`~m3desk.core.system.PositionModel.measure_all`, as the tracker measures), and ties
fall as a scan in index order would break them: the policy's key (:func:`policy_key`) and
then the lower index, so a forecast's seeded outcomes are those of the scan it replaces.
Pure Python, no Qt.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Sequence

from m3desk.core.forecast import Target, policy_key, policy_weight
from m3desk.core.places import Plane

__all__ = ["CELLS", "Foes", "policy_key"]

CELLS = 4
"""A cell of the index is this many grid steps wide (about four combatants of a side in a
formation's ranks, two steps apart)."""

FEW = 12
"""Foes at most that are measured all at once rather than looked up by cell (the cells cost
more than they save in a skirmish)."""

TABLE = 24
"""Fights of at most this many keep every distance in a table, a row measured again after
each move (in a skirmish that costs less than measuring each pair asked)."""

Accept = Callable[[int], object] | None
"""Whether a foe (by index) may be picked (None: any)."""
At = Callable[[int, int], object] | None
"""Whether a foe (by index) may be picked at the distance it stands (None: any)."""


class _Grid:
    """One group's members by cell: (column, row) → indices."""

    __slots__ = ("cells", "count")

    def __init__(self) -> None:
        self.cells: dict[tuple[int, int], list[int]] = {}
        self.count = 0

    def add(self, cell: tuple[int, int], i: int) -> None:
        self.cells.setdefault(cell, []).append(i)
        self.count += 1

    def drop(self, cell: tuple[int, int], i: int) -> None:
        held = self.cells[cell]
        held.remove(i)
        if not held:
            del self.cells[cell]
        self.count -= 1


class Foes:
    """The standing combatants of a simulated fight on its :class:`~m3desk.core.places.Plane`,
    by side and cell. ``side`` is each one's side (by index), ``standing`` who still holds a
    place in the fight, ``hp`` the fight's own list of hit points (read live: call
    :meth:`wounded` when one changes), ``how`` the policy's target. The plane's moves are
    told by :meth:`moved`; a fall, a flight or a capture by :meth:`leave`."""

    __slots__ = (
        "_at",
        "_foes",
        "_grids",
        "_group",
        "_how",
        "_lists",
        "_sides",
        "_size",
        "_standing",
        "_table",
        "hp",
        "plane",
        "side",
    )

    def __init__(
        self,
        plane: Plane,
        side: Sequence[int],
        standing: Sequence[bool],
        hp: Sequence[int],
        how: Target = "nearest",
    ) -> None:
        self.plane, self.side, self.hp, self._how = plane, side, hp, how
        self._size = float(plane.model.step * CELLS)
        self._sides = sorted(set(side))
        self._grids: dict[Hashable, _Grid] = {}
        self._lists: dict[int, list[Hashable]] = {}
        """Per side, its groups (only the side itself for the nearest)."""
        self._group: list[Hashable | None] = [None] * len(side)
        self._foes: dict[int, list[_Grid]] = {}
        self._standing: dict[int, list[int]] = {}
        """Per side, its foes standing, by index (a small fight's: forgotten at each fall)."""
        """Per side, its foes' groups (forgotten when a group comes or goes)."""
        self._at: list[tuple[int, int]] = [self._cell(i) for i in range(len(side))]
        self._table: list[list[int]] | None = (
            [plane.row(i) for i in range(len(side))] if len(side) <= TABLE else None
        )
        """Every distance, in a small fight (:data:`TABLE`)."""
        for i in range(len(side)):
            if standing[i]:
                self._join(i)

    def _cell(self, i: int) -> tuple[int, int]:
        size = self._size
        return math.floor(self.plane.x[i] / size), math.floor(self.plane.y[i] / size)

    def _key(self, i: int) -> Hashable:
        return self.side[i] if self._how == "nearest" else (self.side[i], self.hp[i])

    def _join(self, i: int) -> None:
        key = self._key(i)
        grid = self._grids.get(key)
        if grid is None:
            grid = self._grids[key] = _Grid()
            self._lists.setdefault(self.side[i], []).append(key)
            self._foes.clear()
        grid.add(self._at[i], i)
        self._group[i] = key

    def leave(self, i: int) -> None:
        """``i`` no longer stands in the fight (down, fled, held): never picked again."""
        key = self._group[i]
        if key is None:
            return
        self._standing.clear()
        grid = self._grids[key]
        grid.drop(self._at[i], i)
        self._group[i] = None
        if not grid.count:
            del self._grids[key]
            self._lists[self.side[i]].remove(key)
            self._foes.clear()

    def moved(self, i: int) -> None:
        """``i`` stands somewhere new on the plane."""
        table = self._table
        if table is not None:
            row = table[i] = self.plane.row(i)
            for other, value in zip(table, row, strict=True):  # its column, row by row
                other[i] = value
        cell = self._cell(i)
        if cell == self._at[i]:
            return
        key = self._group[i]
        if key is not None:
            grid = self._grids[key]
            grid.drop(self._at[i], i)
            grid.add(cell, i)
        self._at[i] = cell

    def wounded(self, i: int) -> None:
        """``i``'s hit points changed (the weakest and the strongest are kept by them)."""
        if self._how != "nearest" and self._group[i] is not None and self._group[i] != self._key(i):
            self.leave(i)
            self._join(i)

    def standing(self, i: int) -> bool:
        return self._group[i] is not None

    def feet(self, i: int, j: int) -> int:
        """How far ``i`` and ``j`` stand apart, as the rules measure it."""
        if self._table is not None:
            return self._table[i][j]
        plane = self.plane
        xs, ys, zs = plane.x, plane.y, plane.z
        return plane.model.measure_all(
            xs[i], ys[i], zs[i], (xs[j],), (ys[j],), (zs[j],), level=plane.level
        )[0]

    def _measured(self, i: int, members: Sequence[int]) -> list[int]:
        if self._table is not None:
            row = self._table[i]
            return [row[j] for j in members]
        plane = self.plane
        xs, ys, zs = plane.x, plane.y, plane.z
        across = [xs[j] for j in members]
        # on one level the heights are not read (measure_all's ``level``)
        return plane.model.measure_all(
            xs[i],
            ys[i],
            zs[i],
            across,
            [ys[j] for j in members],
            across if plane.level else [zs[j] for j in members],
            level=plane.level,
        )

    def _foe_groups(self, i: int) -> list[_Grid]:
        own = self.side[i]
        found = self._foes.get(own)
        if found is None:
            grids = self._grids
            found = self._foes[own] = [
                grids[key] for s in self._sides if s != own for key in self._lists.get(s, ())
            ]
        return found

    def _foes_standing(self, i: int) -> list[int]:
        own = self.side[i]
        found = self._standing.get(own)
        if found is None:
            group, side = self._group, self.side
            found = self._standing[own] = [
                j for j in range(len(side)) if side[j] != own and group[j] is not None
            ]
        return found

    def any_foe(self, i: int) -> bool:
        """Whether any foe of ``i`` still stands."""
        return bool(self._foe_groups(i))

    def around(
        self,
        i: int,
        reach: int,
        beyond: int = -1,
        accept: Accept = None,
        *,
        foes_of: int | None = None,
    ) -> list[tuple[int, int]]:
        """(foe, feet) for the foes of ``foes_of`` (``i`` itself by default) standing more
        than ``beyond`` and at most ``reach`` from ``i``, by index, that ``accept`` takes."""
        table = self._table
        if table is not None:
            row = table[i]
            return [
                (j, row[j])
                for j in self._foes_standing(i if foes_of is None else foes_of)
                if beyond < row[j] <= reach and (accept is None or accept(j))
            ]
        grids = self._foe_groups(i if foes_of is None else foes_of)
        if not grids:
            return []
        near = _members(grids) if _few(grids) else self._near(i, grids, reach)
        if not near:
            return []
        found = [
            (j, feet)
            for j, feet in zip(near, self._measured(i, near), strict=True)
            if beyond < feet <= reach and (accept is None or accept(j))
        ]
        found.sort()
        return found

    def within(
        self,
        i: int,
        reach: int,
        beyond: int = -1,
        accept: Accept = None,
        *,
        foes_of: int | None = None,
    ) -> list[int]:
        """The foes of :meth:`around`, by index."""
        return [j for j, _feet in self.around(i, reach, beyond, accept, foes_of=foes_of)]

    def _near(self, i: int, grids: list[_Grid], reach: float) -> list[int]:
        """The members of ``grids`` standing within ``reach`` and a step of ``i`` on either
        axis (a superset of those the metric reads within ``reach``: it never reads less
        than the longer axis, less a step for its rounding), from the cells that can hold
        them (or every cell of a group, when that is fewer)."""
        plane = self.plane
        xs, ys = plane.x, plane.y
        x, y = xs[i], ys[i]
        if reach >= plane.model.maximum:  # the farthest reads as far as the board goes
            return [j for grid in grids for held in grid.cells.values() for j in held]
        box = reach + plane.model.step
        size = self._size
        low_x, high_x = math.floor((x - box) / size), math.floor((x + box) / size)
        low_y, high_y = math.floor((y - box) / size), math.floor((y + box) / size)
        span = (high_x - low_x + 1) * (high_y - low_y + 1)
        found: list[int] = []
        for grid in grids:
            cells = grid.cells
            if span >= len(cells):
                for (cx, cy), held in cells.items():
                    if low_x <= cx <= high_x and low_y <= cy <= high_y:
                        found += held
                continue
            get = cells.get
            for cx in range(low_x, high_x + 1):
                for cy in range(low_y, high_y + 1):
                    near = get((cx, cy))
                    if near:
                        found += near
        return [j for j in found if -box <= xs[j] - x <= box and -box <= ys[j] - y <= box]

    def best(self, i: int, candidates: Sequence[int], how: Target | None = None) -> int:
        """The policy's foe among ``candidates`` (−1: none): :func:`policy_key`, then the
        first in their order."""
        return self.choose(zip(candidates, self._measured(i, candidates), strict=True), how)

    def choose(self, candidates: Iterable[tuple[int, int]], how: Target | None = None) -> int:
        """The policy's foe among (foe, feet) ``candidates`` (−1: none): the lowest
        :func:`policy_key`, the first in their order among equals. The one body of the
        forecasts' target policy."""
        weight = policy_weight(self._how if how is None else how)
        best, best_key = -1, 0
        hp = self.hp
        for j, feet in candidates:
            key = feet + hp[j] * weight  # policy_key
            if best < 0 or key < best_key:
                best, best_key = j, key
        return best

    def pick(
        self, i: int, accept: Accept = None, how: Target | None = None, *, at: At = None
    ) -> int:
        """The foe the policy prefers among every foe of ``i`` still standing that
        ``accept`` takes (−1: none), as :meth:`best` over all of them in index order would
        find it, but looking only near the preferred ones: the nearest by rings of cells
        around ``i``; the weakest (strongest) nearest in the group of the fewest (most) hit
        points left that holds one ``accept`` takes. ``at`` also asks the distance."""
        how = self._how if how is None else how
        table = self._table
        if table is not None:
            row = table[i]
            return self.choose(
                [
                    (j, row[j])
                    for j in self._foes_standing(i)
                    if (accept is None or accept(j)) and (at is None or at(j, row[j]))
                ],
                how,
            )
        if how == "nearest":
            return self._nearest(i, self._foe_groups(i), accept, at)
        if self._how != how:
            return self._scan(i, accept, how, at)
        own = self.side[i]
        keys = sorted(
            (key for s in self._sides if s != own for key in self._lists.get(s, ())),
            key=lambda key: key[1] if how == "weakest" else -key[1],  # type: ignore[index]
        )
        done = 0
        while done < len(keys):
            hp = keys[done][1]  # type: ignore[index]
            same = [self._grids[key] for key in keys[done:] if key[1] == hp]  # type: ignore[index]
            found = self._nearest(i, same, accept, at)
            if found >= 0:
                return found
            done += len(same)
        return -1

    def _scan(self, i: int, accept: Accept, how: Target, at: At) -> int:
        """Every foe standing, measured (a policy other than the index's own)."""
        everyone = sorted(
            j
            for grid in self._foe_groups(i)
            for held in grid.cells.values()
            for j in held
            if accept is None or accept(j)
        )
        measured = zip(everyone, self._measured(i, everyone), strict=True)
        return self.choose(
            measured if at is None else [(j, feet) for j, feet in measured if at(j, feet)], how
        )

    def _nearest(self, i: int, grids: list[_Grid], accept: Accept, at: At = None) -> int:
        """The nearest member of ``grids`` that ``accept`` takes, the lower index among the
        equally near: cells ring by ring around ``i`` until no farther ring can hold anyone
        as near (a ring k cells out lies at least (k − 1) cells away on either axis, and the
        metric never reads less than that, less a step for its rounding)."""
        if not grids:
            return -1
        if _few(grids):
            return self._nearest_by_rings(i, grids, accept, at, 0, -1, 0)
        model = self.plane.model
        step, size, largest = model.step, self._size, model.maximum
        cx, cy = self._at[i]
        best, best_feet = -1, 0
        occupied = sum(len(grid.cells) for grid in grids)
        seen = 0
        ring = 0
        while True:
            members: list[int] = []
            if ring == 0:
                cells = [(cx, cy)]
            else:
                low, high = cx - ring, cx + ring
                cells = [(x, y) for x in range(low, high + 1) for y in (cy - ring, cy + ring)]
                cells += [(x, y) for x in (low, high) for y in range(cy - ring + 1, cy + ring)]
            for grid in grids:
                get = grid.cells.get
                for cell in cells:
                    held = get(cell)
                    if held:
                        members += held
                        seen += 1
            if accept is not None:
                members = [j for j in members if accept(j)]
            if members:
                for j, feet in zip(members, self._measured(i, members), strict=True):
                    if (best < 0 or feet < best_feet or (feet == best_feet and j < best)) and (
                        at is None or at(j, feet)
                    ):
                        best, best_feet = j, feet
            if seen >= occupied:
                return best
            if best >= 0 and best_feet < largest and best_feet < ring * size - step:
                return best
            ring += 1
            if 16 * ring > occupied - seen:
                # more cells in the next ring than cells held: the rest by their rings
                return self._nearest_by_rings(i, grids, accept, at, ring, best, best_feet)

    def _nearest_by_rings(
        self,
        i: int,
        grids: list[_Grid],
        accept: Accept,
        at: At,
        ring: int,
        best: int,
        best_feet: int,
    ) -> int:
        """:meth:`_nearest` from ``ring`` on, its cells held sorted by their ring rather
        than walked (those far apart, each ring mostly empty)."""
        model = self.plane.model
        step, size, largest = model.step, self._size, model.maximum
        cx, cy = self._at[i]
        rings: dict[int, list[int]] = {}
        for grid in grids:
            for (x, y), held in grid.cells.items():
                away = x - cx if x > cx else cx - x
                down = y - cy if y > cy else cy - y
                if down > away:
                    away = down
                if away >= ring:
                    found = rings.get(away)
                    if found is None:
                        rings[away] = held[:]
                    else:
                        found += held
        for away in sorted(rings):
            if best >= 0 and best_feet < largest and best_feet < (away - 1) * size - step:
                # nobody in this ring or beyond can stand as near
                break
            members = rings[away]
            if accept is not None:
                members = [j for j in members if accept(j)]
            if members:
                for j, feet in zip(members, self._measured(i, members), strict=True):
                    if (best < 0 or feet < best_feet or (feet == best_feet and j < best)) and (
                        at is None or at(j, feet)
                    ):
                        best, best_feet = j, feet
        return best


def _few(grids: list[_Grid]) -> bool:
    """Whether the groups hold at most :data:`FEW` members between them."""
    count = 0
    for grid in grids:
        count += grid.count
    return count <= FEW


def _members(grids: list[_Grid]) -> list[int]:
    return [j for grid in grids for held in grid.cells.values() for j in held]
