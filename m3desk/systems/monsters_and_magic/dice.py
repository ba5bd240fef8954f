"""The dice of a Monsters & Magic check: 3d6 with natural 3 and 18, plus a damage die.

Dice expressions, the seedable roller and exact distributions are the core's
(:mod:`m3desk.core.dice`); this module adds what only the Effect Engine rolls.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from m3desk.core.dice import Dice, DiceError, DiceExpr, convolve, parse_faces, sum_of_dice
from m3desk.core.dice import Roller as CoreRoller

__all__ = [
    "NATURAL_FAIL",
    "NATURAL_SUCCESS",
    "THREE_D6",
    "CheckRoll",
    "Dice",
    "DiceError",
    "DiceExpr",
    "Roller",
    "convolve",
    "iter_3d6",
    "parse_faces",
    "sum_of_dice",
]

THREE_D6: Mapping[int, int] = sum_of_dice(3, 6)
NATURAL_FAIL = 3
NATURAL_SUCCESS = 18


@dataclass(frozen=True, slots=True)
class CheckRoll:
    """The dice of one check: the three d6 and, where one applies, the damage die faces."""

    d6: tuple[int, int, int]
    damage_faces: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        for face in self.d6:
            if not 1 <= face <= 6:
                raise DiceError(f"a d6 shows 1 to 6, not {face}")

    @property
    def check_total(self) -> int:
        return sum(self.d6)

    @property
    def natural(self) -> int | None:
        """3 or 18 on a natural roll, else None."""
        total = self.check_total
        return total if total in (NATURAL_FAIL, NATURAL_SUCCESS) else None


class Roller(CoreRoller):
    """The core roller, with the Effect Engine's check roll."""

    def roll_3d6(self) -> tuple[int, int, int]:
        return (self.d(6), self.d(6), self.d(6))

    def roll_check(self, damage: DiceExpr | None = None) -> CheckRoll:
        faces = self.roll_faces(damage) if damage else ()
        return CheckRoll(self.roll_3d6(), faces)


def iter_3d6() -> Iterable[tuple[int, int, int]]:
    """Every one of the 216 equally likely 3d6 rolls (brute force for tests and odds)."""
    for a in range(1, 7):
        for b in range(1, 7):
            for c in range(1, 7):
                yield (a, b, c)
