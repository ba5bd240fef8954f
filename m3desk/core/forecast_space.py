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

FEW = 48
"""Foes at most that are measured all at once rather than looked up by cell: below about
fifty the cells cost more than they save (measured, this machine, OSE and AD&D crowds of
50: a pick by rings of cells a third dearer than one measure of everyone)."""

TABLE = 64
"""Fights of at most this many keep every distance in a table, a row measured again after
each move: the plain scan, cheaper there than the cells (measured, this machine, fights of
the games' samples played both ways in one run: at 50 the table costs 0.63-0.66 of the
index for OSE and Apparatus, 0.84 for AD&D, 0.94 for Skirmish; at 80 AD&D's two cost the
same, OSE's and Apparatus's table still 0.62; at 120 AD&D's index is the cheaper)."""

_ANY = 1 << 62
"""No limit to how far a pick looks."""

Accept = Callable[[int], object] | None
"""Whether a foe (by index) may be picked (None: any); a test without side effects (a pick
may skip it for a foe it would not prefer anyway)."""
At = Callable[[int, int], object] | None
"""Whether a foe (by index) may be picked at the distance it stands (None: any); as
:data:`Accept`, without side effects."""


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


_RINGS: list[list[tuple[int, int]]] = [[(0, 0)]]
"""The cells of each ring around a cell, as offsets (ring k: the 8k cells k away)."""


def _ring(k: int) -> list[tuple[int, int]]:
    while len(_RINGS) <= k:
        r = len(_RINGS)
        found = [(x, y) for x in range(-r, r + 1) for y in (-r, r)]
        found += [(x, y) for x in (-r, r) for y in range(-r + 1, r)]
        _RINGS.append(found)
    return _RINGS[k]


class Foes:
    """The standing combatants of a simulated fight on its :class:`~m3desk.core.places.Plane`,
    by side and cell. ``side`` is each one's side (by index), ``standing`` who still holds a
    place in the fight, ``hp`` the fight's own list of hit points (read live: call
    :meth:`wounded` when one changes), ``how`` the policy's target. The plane's moves are
    told by :meth:`moved`; a fall, a flight or a capture by :meth:`leave`."""

    __slots__ = (
        "_among",
        "_at",
        "_foes",
        "_grids",
        "_group",
        "_how",
        "_largest",
        "_level",
        "_lists",
        "_sides",
        "_size",
        "_standing",
        "_step",
        "_table",
        "_weight",
        "_xs",
        "_ys",
        "_zs",
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
        self._weight = policy_weight(how)
        model = plane.model
        # the plane's own lists, changed in place by its moves
        self._xs, self._ys, self._zs, self._level = plane.x, plane.y, plane.z, plane.level
        self._among = model.measure_among
        self._step, self._largest = model.step, model.maximum
        self._size = float(model.step * CELLS)
        self._sides = sorted(set(side))
        self._grids: dict[Hashable, _Grid] = {}
        self._lists: dict[int, list[Hashable]] = {}
        """Per side, its groups (only the side itself for the nearest)."""
        self._group: list[Hashable | None] = [None] * len(side)
        self._foes: dict[int, list[_Grid]] = {}
        """Per side, its foes' groups (forgotten when a group comes or goes)."""
        self._standing: dict[int, list[int]] = {}
        """Per side, its foes standing, by index (a small fight's: each fall taken out, all
        forgotten when one rises)."""
        count = len(side)
        self._table: list[list[int]] | None = (
            [plane.row(i) for i in range(count)] if count <= TABLE else None
        )
        """Every distance, in a small fight (:data:`TABLE`): no cells are kept then."""
        self._at: list[tuple[int, int]] = (
            [] if self._table is not None else [self._cell(i) for i in range(count)]
        )
        for i in range(count):
            if standing[i]:
                self._join(i)

    def copy(self, plane: Plane, hp: Sequence[int]) -> Foes:
        """This index as it stands, for a fight of its own: ``plane`` a copy of this one's
        plane (standing where it stands), ``hp`` that fight's own hit points (the same as
        this one's). A fight of many begins from one index copied (its distances measured
        once)."""
        twin = Foes.__new__(Foes)
        twin.plane, twin.side, twin.hp, twin._how = plane, self.side, hp, self._how
        twin._weight = self._weight
        twin._xs, twin._ys, twin._zs, twin._level = plane.x, plane.y, plane.z, plane.level
        twin._among, twin._step, twin._largest = self._among, self._step, self._largest
        twin._size, twin._sides = self._size, self._sides
        twin._group = self._group[:]
        twin._standing = {own: foes[:] for own, foes in self._standing.items()}
        twin._table = None if self._table is None else [row[:] for row in self._table]
        twin._at = self._at[:]
        twin._lists = {s: keys[:] for s, keys in self._lists.items()}
        twin._grids = {}
        for key, grid in self._grids.items():
            copied = twin._grids[key] = _Grid()
            copied.cells = {cell: held[:] for cell, held in grid.cells.items()}
            copied.count = grid.count
        twin._foes = {}
        return twin

    def _cell(self, i: int) -> tuple[int, int]:
        size = self._size
        return math.floor(self._xs[i] / size), math.floor(self._ys[i] / size)

    def _key(self, i: int) -> Hashable:
        return self.side[i] if self._how == "nearest" else (self.side[i], self.hp[i])

    def _join(self, i: int) -> None:
        key = self._group[i] = self._key(i)
        if self._table is not None:
            self._standing.clear()
            return
        grid = self._grids.get(key)
        if grid is None:
            grid = self._grids[key] = _Grid()
            self._lists.setdefault(self.side[i], []).append(key)
            self._foes.clear()
        grid.add(self._at[i], i)

    def leave(self, i: int) -> None:
        """``i`` no longer stands in the fight (down, fled, held): never picked again."""
        key = self._group[i]
        if key is None:
            return
        self._group[i] = None
        if self._table is not None:
            own = self.side[i]
            for side, foes in self._standing.items():
                if side != own:
                    foes.remove(i)  # the rest as they were, in index order
            return
        grid = self._grids[key]
        grid.drop(self._at[i], i)
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
            return
        cell = self._cell(i)
        if cell == self._at[i]:
            return
        key = self._group[i]
        if key is not None:
            grid = self._grids[key]
            grid.drop(self._at[i], i)
            grid.add(cell, i)
        self._at[i] = cell

    def step(
        self, i: int, t: int, value: float, gone: Sequence[bool], budget: float | None = None
    ) -> None:
        """``i`` closes on (or backs from) ``t`` to ``value`` apart, to a free spot within
        ``budget`` (:meth:`Plane.approach`), and the index is told (:meth:`moved`): the
        forecasts' one move. In a small fight (its table of distances) a move its plane's
        fights have made before (:class:`~m3desk.core.places.Moves`: the same one moving,
        everyone where they were) is read from the plane's memo, its end and its distances,
        not worked out again."""
        plane = self.plane
        memo = plane.memo
        table = self._table
        if table is None or memo is None or not memo.on or plane.z != memo.z:
            plane.approach(i, t, value, gone, budget)
            self.moved(i)
            return
        key = (i, t, value, budget, *plane.x, *plane.y, *gone)
        found = memo.get(key)
        if found is None:
            plane.approach(i, t, value, gone, budget)
            self.moved(i)
            memo.put(key, (plane.x[i], plane.y[i], tuple(table[i])))
            return
        x, y, feet = found
        plane.put(i, x, y)
        row = table[i] = list(feet)
        for other, away in zip(table, row, strict=True):  # its column, row by row
            other[i] = away

    def wounded(self, i: int) -> None:
        """``i``'s hit points changed (the weakest and the strongest are kept by them)."""
        if self._how != "nearest" and self._group[i] is not None and self._group[i] != self._key(i):
            self.leave(i)
            self._join(i)

    @property
    def how(self) -> Target:
        """The policy's target the index is kept for."""
        return self._how

    def standing(self, i: int) -> bool:
        return self._group[i] is not None

    def feet(self, i: int, j: int) -> int:
        """How far ``i`` and ``j`` stand apart, as the rules measure it."""
        table = self._table
        if table is not None:
            return table[i][j]
        return self._among(i, self._xs, self._ys, self._zs, (j,), level=self._level)[0]

    def _measured(self, i: int, members: Sequence[int]) -> list[int]:
        if self._table is not None:
            row = self._table[i]
            return [row[j] for j in members]
        return self._among(i, self._xs, self._ys, self._zs, members, level=self._level)

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
        """In a small fight, the foes of ``i`` standing, by index: one list per side, kept
        (the fallen taken out of it) until someone rises (the callers read the kept one first
        themselves)."""
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
        if self._table is not None:
            foes = self._standing.get(self.side[i])
            if foes is None:
                foes = self._foes_standing(i)
            return bool(foes)
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
            of = i if foes_of is None else foes_of
            foes = self._standing.get(self.side[of])
            if foes is None:
                foes = self._foes_standing(of)
            if accept is None:
                return [(j, row[j]) for j in foes if beyond < row[j] <= reach]
            return [(j, row[j]) for j in foes if beyond < row[j] <= reach and accept(j)]
        near = self._near(i, self._foe_groups(i if foes_of is None else foes_of), reach)
        if not near:
            return []
        found = [
            (j, feet)
            for j, feet in zip(
                near,
                self._among(i, self._xs, self._ys, self._zs, near, level=self._level),
                strict=True,
            )
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
        table = self._table
        if table is not None:
            row = table[i]
            of = i if foes_of is None else foes_of
            foes = self._standing.get(self.side[of])
            if foes is None:
                foes = self._foes_standing(of)
            if accept is None:
                return [j for j in foes if beyond < row[j] <= reach]
            return [j for j in foes if beyond < row[j] <= reach and accept(j)]
        near = self._near(i, self._foe_groups(i if foes_of is None else foes_of), reach)
        if not near:
            return []
        feet = self._among(i, self._xs, self._ys, self._zs, near, level=self._level)
        if accept is None:
            found = [j for j, f in zip(near, feet, strict=True) if beyond < f <= reach]
        else:
            found = [
                j for j, f in zip(near, feet, strict=True) if beyond < f <= reach and accept(j)
            ]
        found.sort()
        return found

    def any_within(self, i: int, reach: int) -> bool:
        """Whether any foe of ``i`` stands at most ``reach`` from it (:meth:`within`, yes or
        no)."""
        table = self._table
        if table is None:
            return bool(self.within(i, reach))
        row = table[i]
        foes = self._standing.get(self.side[i])
        if foes is None:
            foes = self._foes_standing(i)
        for j in foes:  # noqa: SIM110 (a loop: no generator made on each ask)
            if row[j] <= reach:
                return True
        return False

    def _near(self, i: int, grids: list[_Grid], reach: float) -> list[int]:
        """The members of ``grids`` that may stand within ``reach`` of ``i``: those of the
        cells within ``reach`` and a step of ``i``'s on either axis (the metric never reads
        less than the longer axis, less a step for its rounding), or every member, when
        they are few or the reach is the board's farthest."""
        count = 0
        for grid in grids:
            count += grid.count
        if count <= FEW or reach >= self._largest:
            return [j for grid in grids for held in grid.cells.values() for j in held]
        x, y = self._xs[i], self._ys[i]
        box = reach + self._step
        size, floor = self._size, math.floor
        low_x, high_x = floor((x - box) / size), floor((x + box) / size)
        low_y, high_y = floor((y - box) / size), floor((y + box) / size)
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
        return found

    def best(self, i: int, candidates: Sequence[int], how: Target | None = None) -> int:
        """The policy's foe among ``candidates`` (−1: none): :func:`policy_key`, then the
        first in their order."""
        if not candidates:
            return -1
        weight = self._weight if how is None else policy_weight(how)
        table = self._table
        if table is not None and not weight:
            return min(candidates, key=table[i].__getitem__)  # the first of the nearest
        return self.choose(zip(candidates, self._measured(i, candidates), strict=True), how)

    def choose(self, candidates: Iterable[tuple[int, int]], how: Target | None = None) -> int:
        """The policy's foe among (foe, feet) ``candidates`` (−1: none): the lowest
        :func:`policy_key`, the first in their order among equals. The one body of the
        forecasts' target policy."""
        weight = self._weight if how is None else policy_weight(how)
        best, best_key = -1, 0
        hp = self.hp
        for j, feet in candidates:
            key = feet + hp[j] * weight  # policy_key
            if best < 0 or key < best_key:
                best, best_key = j, key
        return best

    def pick(
        self,
        i: int,
        accept: Accept = None,
        how: Target | None = None,
        *,
        at: At = None,
        reach: int | None = None,
    ) -> int:
        """The foe the policy prefers among every foe of ``i`` still standing that
        ``accept`` takes (−1: none), as :meth:`best` over all of them in index order would
        find it, but looking only near the preferred ones: the nearest by rings of cells
        around ``i``; the weakest (strongest) nearest in the group of the fewest (most) hit
        points left that holds one ``accept`` takes. ``at`` also asks the distance;
        ``reach``: only those at most this far (the search stops there)."""
        how = self._how if how is None else how
        table = self._table
        if table is not None:
            row = table[i]
            foes = self._standing.get(self.side[i])
            if foes is None:
                foes = self._foes_standing(i)
            if at is None and how == "nearest":
                if reach is not None:
                    foes = [j for j in foes if row[j] <= reach and (accept is None or accept(j))]
                elif accept is not None:
                    foes = [j for j in foes if accept(j)]
                return min(foes, key=row.__getitem__) if foes else -1  # the first of the nearest
            return self._pick_in_table(row, foes, accept, how, at, _ANY if reach is None else reach)
        limit = _ANY if reach is None else reach
        if how == "nearest":
            return self._nearest(i, self._foe_groups(i), accept, at, limit)
        if self._how != how:
            return self._scan(i, accept, how, at, limit)
        own = self.side[i]
        keys = sorted(
            (key for s in self._sides if s != own for key in self._lists.get(s, ())),
            key=lambda key: key[1] if how == "weakest" else -key[1],  # type: ignore[index]
        )
        done = 0
        while done < len(keys):
            hp = keys[done][1]  # type: ignore[index]
            same = [self._grids[key] for key in keys[done:] if key[1] == hp]  # type: ignore[index]
            found = self._nearest(i, same, accept, at, limit)
            if found >= 0:
                return found
            done += len(same)
        return -1

    def _pick_in_table(
        self, row: list[int], foes: list[int], accept: Accept, how: Target, at: At, limit: int
    ) -> int:
        """:meth:`pick` in a small fight but for the nearest by distance alone (which
        :meth:`pick` reads itself): every foe standing, read from ``i``'s row; ``accept``
        and ``at`` asked only of a foe the policy would prefer to the best found so far."""
        weight = self._weight if how == self._how else policy_weight(how)
        hp = self.hp
        best, best_key = -1, 0
        for j in foes:
            feet = row[j]
            if feet > limit:
                continue
            key = feet + hp[j] * weight if weight else feet  # policy_key
            if best >= 0 and key >= best_key:
                continue  # the first of the equals stays
            if (accept is None or accept(j)) and (at is None or at(j, feet)):
                best, best_key = j, key
        return best

    def _scan(self, i: int, accept: Accept, how: Target, at: At, limit: int) -> int:
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
            [(j, feet) for j, feet in measured if feet <= limit and (at is None or at(j, feet))],
            how,
        )

    def _nearest(
        self, i: int, grids: list[_Grid], accept: Accept, at: At = None, limit: int = _ANY
    ) -> int:
        """The nearest member of ``grids`` that ``accept`` takes, the lower index among the
        equally near: cells ring by ring around ``i`` until no farther ring can hold anyone
        as near (a ring k cells out lies at least (k − 1) cells away on either axis, and the
        metric never reads less than that, less a step for its rounding), or anyone within
        ``limit`` (when below the board's farthest, which everyone beyond it reads)."""
        if not grids:
            return -1
        occupied = 0
        count = 0
        for grid in grids:
            occupied += len(grid.cells)
            count += grid.count
        if count <= FEW:
            return self._nearest_of_all(i, grids, accept, at, limit)
        step, size, largest = self._step, self._size, self._largest
        among, xs, ys, zs, level = self._among, self._xs, self._ys, self._zs, self._level
        cx, cy = self._at[i]
        best, best_feet = -1, 0
        seen = 0
        ring = 0
        while True:
            members: list[int] = []
            cells = _ring(ring)
            for grid in grids:
                get = grid.cells.get
                for x, y in cells:
                    held = get((cx + x, cy + y))
                    if held:
                        members += held
                        seen += 1
            if accept is not None and members:
                members = [j for j in members if accept(j)]
            if members:
                for j, feet in zip(
                    members, among(i, xs, ys, zs, members, level=level), strict=True
                ):
                    if (
                        (best < 0 or feet < best_feet or (feet == best_feet and j < best))
                        and feet <= limit
                        and (at is None or at(j, feet))
                    ):
                        best, best_feet = j, feet
            if seen >= occupied:
                return best
            if best >= 0 and best_feet < largest and best_feet < ring * size - step:
                return best
            if limit < largest and limit < ring * size - step:
                return best  # nobody farther is within the limit
            ring += 1
            if 16 * ring > occupied - seen:
                # more cells in the next ring than cells held: the rest by their rings
                return self._nearest_by_rings(i, grids, accept, at, ring, best, best_feet, limit)

    def _nearest_of_all(
        self, i: int, grids: list[_Grid], accept: Accept, at: At, limit: int
    ) -> int:
        """:meth:`_nearest` among few: every member measured at once."""
        members = [
            j
            for grid in grids
            for held in grid.cells.values()
            for j in held
            if accept is None or accept(j)
        ]
        if not members:
            return -1
        feet = self._among(i, self._xs, self._ys, self._zs, members, level=self._level)
        if at is None and limit == _ANY:
            return min(zip(feet, members, strict=True))[
                1
            ]  # the nearest, the lower index among equals
        best, best_feet = -1, 0
        for j, away in zip(members, feet, strict=True):
            if (
                (best < 0 or away < best_feet or (away == best_feet and j < best))
                and away <= limit
                and (at is None or at(j, away))
            ):
                best, best_feet = j, away
        return best

    def _nearest_by_rings(
        self,
        i: int,
        grids: list[_Grid],
        accept: Accept,
        at: At,
        ring: int,
        best: int,
        best_feet: int,
        limit: int = _ANY,
    ) -> int:
        """:meth:`_nearest` from ``ring`` on, its cells held sorted by their ring rather
        than walked (those far apart, each ring mostly empty)."""
        step, size, largest = self._step, self._size, self._largest
        among, xs, ys, zs, level = self._among, self._xs, self._ys, self._zs, self._level
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
            if limit < largest and limit < (away - 1) * size - step:
                break  # nor within the limit
            members = rings[away]
            if accept is not None:
                members = [j for j in members if accept(j)]
            if members:
                for j, feet in zip(
                    members, among(i, xs, ys, zs, members, level=level), strict=True
                ):
                    if (
                        (best < 0 or feet < best_feet or (feet == best_feet and j < best))
                        and feet <= limit
                        and (at is None or at(j, feet))
                    ):
                        best, best_feet = j, feet
        return best
