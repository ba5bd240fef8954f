"""How a game orders turns and measures how far apart its combatants are: the two
descriptions every encounter carries as class variables (and the seam,
:mod:`m3desk.core.system`, passes on), kept apart from the seam so that the encounter's
records can be built from them while the seam's defaults are built from the encounter."""

import math
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Literal, NamedTuple

if TYPE_CHECKING:
    from m3desk.core.places import Place

__all__ = ["InitiativeScheme", "PositionModel"]


class InitiativeScheme(NamedTuple):
    """How a system decides who acts first.

    ``roller``: ``"ranked_check"`` (each combatant rolls a check, e.g. 3d6 + modifiers),
    ``"side_die"`` (one die per side, every member acts on it) or ``"individual_die"`` (one
    die each). ``lower_first`` reverses the order (AD&D-style). ``ties``: ``"simultaneous"``
    (act together) or ``"reroll"``. ``declared`` lists what is declared before the roll.
    """

    roller: Literal["ranked_check", "side_die", "individual_die"]
    die: int = 0
    lower_first: bool = False
    ties: Literal["simultaneous", "reroll"] = "simultaneous"
    reroll_each_round: bool = True
    declared: tuple[str, ...] = ()
    check: str = ""
    """A ranked check's dice in words ("3d6 + modifier"), for Roll Initiative's tooltip."""

    def roll_words(self) -> str:
        """What Roll Initiative rolls, in this scheme's words (its tooltip)."""
        order = "lowest acts first" if self.lower_first else "highest acts first"
        if self.roller == "side_die" and self.die:
            return (
                f"Roll 1d{self.die} for each side of everyone who acts next and has no "
                f"initiative; the side's roll is its members' ({order})"
            )
        if self.roller == "individual_die" and self.die:
            return f"Roll 1d{self.die} for everyone who acts next and has no initiative ({order})"
        return f"Roll {self.check or 'initiative'} for everyone who acts next and has no initiative"


class PositionModel(NamedTuple):
    """How far apart two combatants are: a band (0 = touching) or a distance in a unit.

    A band model keeps one band per pair; ``bands`` names them in order (nearest first). A
    distance model has ``unit`` ("ft", "m"), a ``maximum`` and a ``step`` for the board's keys
    and drags, and gives each combatant a place on a plane (:mod:`m3desk.core.places`): the
    distance of a pair is measured between their places by ``metric``:

    - ``"straight"``: the straight line (with the height where the game has one), to the
      nearest whole unit;
    - ``"squares"``: squares of ``step`` on a grid, a diagonal step counting one square and
      every second diagonal step two (so a diagonal run costs 3 squares per 2), whole
      squares.

    ``height`` says the game climbs, jumps or flies (places keep a height); ``start`` is how
    far apart the sides stand when a fight begins (before the GM or the game moves them).
    """

    kind: Literal["bands", "distance"]
    unit: str = ""
    bands: tuple[str, ...] = ()
    maximum: int = 0
    step: int = 1
    metric: Literal["straight", "squares"] = "straight"
    height: bool = False
    start: int = 0
    """0: twelve steps (60 ft in five-foot steps)."""
    prices_terrain: bool = False
    """The game's movement cost counts a Difficulty Rating per terrain area (the map then
    offers difficult ground besides walls when painting terrain)."""

    def label(self, value: int) -> str:
        if self.kind == "bands":
            return self.bands[max(0, min(value, len(self.bands) - 1))]
        return f"{value} {self.unit}"

    @property
    def largest(self) -> int:
        return len(self.bands) - 1 if self.kind == "bands" else self.maximum

    @property
    def starting_distance(self) -> int:
        """How far apart the sides stand at first: ``start``, or twelve steps."""
        return min(self.maximum, self.start or 12 * self.step)

    def norm(self, dx: float, dy: float, dz: float = 0.0) -> float:
        """The length of a displacement by this model's metric, unrounded."""
        if self.metric == "squares":
            # the three sides put in order by hand (a sort is slow for three)
            low, mid, high = abs(dx), abs(dy), abs(dz)
            if low > mid:
                low, mid = mid, low
            if mid > high:
                mid, high = high, mid
                if low > mid:
                    low, mid = mid, low
            return high + (mid + low) / 2
        return math.sqrt(dx * dx + dy * dy + dz * dz)

    def measure(self, a: "Place", b: "Place") -> int:
        """The distance between two places as the rules read it: rounded by the metric and
        at most ``maximum`` (the board's farthest)."""
        return self.measure_all(a.x, a.y, a.z, (b.x,), (b.y,), (b.z,))[0]

    def measure_all(
        self,
        x: float,
        y: float,
        z: float,
        xs: Sequence[float],
        ys: Sequence[float],
        zs: Sequence[float],
        *,
        level: bool = False,
    ) -> list[int]:
        """The distance from (x, y, z) to each of the places (xs, ys, zs), as
        :meth:`measure` reads it (the forecasts measure a whole row at once): by the
        metric's :meth:`norm`, whole squares down on a grid, the nearest whole unit on a
        straight line, at most ``maximum``. ``level``: the caller knows every place stands
        at height ``z`` (a fight on one level), so the heights are left out (the very same
        numbers: a height of 0.0 between adds nothing), a quarter of the cost of a row."""
        largest, floor = self.maximum, math.floor
        if level:
            return self._measure_level(x, y, xs, ys)
        if self.metric == "squares":
            step = self.step
            found: list[int] = []
            for ox, oy, oz in zip(xs, ys, zs, strict=True):
                # the longest axis whole, the two others at half (as :meth:`norm`)
                a, b, c = ox - x, oy - y, oz - z
                a, b, c = (a if a > 0 else -a), (b if b > 0 else -b), (c if c > 0 else -c)
                high = a if a > b else b
                if c > high:
                    high = c
                value = step * floor((high + (a + b + c - high) / 2) / step + 1e-3)
                found.append(value if value < largest else largest)
            return found
        sqrt = math.sqrt
        # one comprehension (a forecast measures a whole row after every move)
        return [
            value
            if (
                value := floor(
                    sqrt((a := ox - x) * a + (b := oy - y) * b + (c := oz - z) * c) + 0.5
                )
            )
            < largest
            else largest
            for ox, oy, oz in zip(xs, ys, zs, strict=True)
        ]

    def _measure_level(
        self, x: float, y: float, xs: Sequence[float], ys: Sequence[float]
    ) -> list[int]:
        """:meth:`measure_all` among places all at one height: the same arithmetic with the
        height's terms (each 0.0) left out."""
        largest, floor = self.maximum, math.floor
        if self.metric == "squares":
            step = self.step
            found: list[int] = []
            for ox, oy in zip(xs, ys, strict=True):
                a, b = ox - x, oy - y
                a, b = (a if a > 0 else -a), (b if b > 0 else -b)
                high = a if a > b else b
                value = step * floor((high + (a + b - high) / 2) / step + 1e-3)
                found.append(value if value < largest else largest)
            return found
        sqrt = math.sqrt
        # each difference taken once and squared (the very same float as taken twice)
        return [
            value
            if (value := floor(sqrt((a := ox - x) * a + (b := oy - y) * b) + 0.5)) < largest
            else largest
            for ox, oy in zip(xs, ys, strict=True)
        ]

    def measure_among(
        self,
        i: int,
        xs: Sequence[float],
        ys: Sequence[float],
        zs: Sequence[float],
        among: Iterable[int],
        *,
        level: bool = False,
    ) -> list[int]:
        """:meth:`measure_all` from place ``i`` of (xs, ys, zs) to the places ``among``
        (their indices) alone: the same arithmetic on the same numbers, without the lists of
        their coordinates gathered first (a forecast's index measures a few foes at a time,
        many times a round)."""
        largest, floor = self.maximum, math.floor
        x, y, z = xs[i], ys[i], zs[i]
        if self.metric == "squares":
            step = self.step
            if level:  # as _measure_level, in one comprehension
                return [
                    value
                    if (
                        value := step
                        * floor(
                            (
                                (high := a if (a := abs(xs[j] - x)) > (b := abs(ys[j] - y)) else b)
                                + (a + b - high) / 2
                            )
                            / step
                            + 1e-3
                        )
                    )
                    < largest
                    else largest
                    for j in among
                ]
            found: list[int] = []
            for j in among:
                a, b, c = xs[j] - x, ys[j] - y, zs[j] - z
                a, b, c = (a if a > 0 else -a), (b if b > 0 else -b), (c if c > 0 else -c)
                high = a if a > b else b
                if c > high:
                    high = c
                value = step * floor((high + (a + b + c - high) / 2) / step + 1e-3)
                found.append(value if value < largest else largest)
            return found
        sqrt = math.sqrt
        if level:
            return [
                value
                if (value := floor(sqrt((a := xs[j] - x) * a + (b := ys[j] - y) * b) + 0.5))
                < largest
                else largest
                for j in among
            ]
        return [
            value
            if (
                value := floor(
                    sqrt((a := xs[j] - x) * a + (b := ys[j] - y) * b + (c := zs[j] - z) * c) + 0.5
                )
            )
            < largest
            else largest
            for j in among
        ]

    def snap(self, value: float) -> int:
        """A distance this model can hold: within 0..``largest``; on a grid, whole squares."""
        if self.kind == "distance" and self.metric == "squares":
            value = self.step * math.floor(value / self.step + 0.5)
        return max(0, min(int(value), self.largest))
