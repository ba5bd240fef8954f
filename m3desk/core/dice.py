"""Dice every game shares: dice expressions, a seedable roller, exact distributions.

A die expression is written like ``1d8+1``, ``d12`` or ``2d6-1``. Distributions are exact integer
counts (never floats) so that
probabilities can be compared to brute-force enumeration without tolerance games.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Annotated, Any

from pydantic import BeforeValidator, PlainSerializer

MAX_DICE_COUNT = 20
MAX_DIE_SIDES = 100
MAX_FLAT_BONUS = 100

MAX_DICE_TEXT = 40
"""The longest damage text read: ``20d100+100`` with room for spaces; longer is refused unread."""


class DiceError(ValueError):
    """A dice expression the app cannot use; the message is shown to the user as it is."""


@dataclass(frozen=True, slots=True)
class DiceExpr:
    """``count``d``sides`` + ``bonus``; ``count == 0`` means a flat bonus only."""

    count: int
    sides: int
    bonus: int = 0

    @classmethod
    def parse(cls, text: str) -> DiceExpr:
        """Read ``1d8+1``, ``d12``, ``2d6-1``, ``+1d4+1`` or a flat ``+2``."""
        if not isinstance(text, str):
            raise DiceError(f"a damage die must be text like 1d8+1, not {type(text).__name__}")
        if len(text) > MAX_DICE_TEXT:
            raise DiceError(
                f"a damage die is at most {MAX_DICE_TEXT} characters like 1d8+1 "
                f"(this one has {len(text)})"
            )
        read = _read_dice(_tokens(text))
        if read is None:
            # a lone surrogate (from a hostile file) is shown escaped: the sentence itself must
            # be text every writer can encode (pydantic's errors cannot hold one)
            shown = text.strip().encode("utf-8", "backslashreplace").decode("utf-8")
            raise DiceError(f"'{shown}' is not a damage die; write it like 1d8+1, d12 or 2d6-1")
        count, sides, bonus = read
        expr = cls(count=count, sides=sides, bonus=bonus)
        expr.check()
        return expr

    def check(self) -> None:
        if self.count < 0 or self.count > MAX_DICE_COUNT:
            raise DiceError(f"between 1 and {MAX_DICE_COUNT} dice, please (got {self.count})")
        if self.count and not 2 <= self.sides <= MAX_DIE_SIDES:
            raise DiceError(f"a die needs 2 to {MAX_DIE_SIDES} sides (got d{self.sides})")
        if abs(self.bonus) > MAX_FLAT_BONUS:
            raise DiceError(f"a flat bonus of at most ±{MAX_FLAT_BONUS}, please (got {self.bonus})")

    @property
    def maximum(self) -> int:
        return self.count * self.sides + self.bonus

    @property
    def minimum(self) -> int:
        return self.count + self.bonus

    def total(self, faces: Sequence[int]) -> int:
        """The value of this expression for the given die faces (as rolled at the table)."""
        if len(faces) != self.count:
            raise DiceError(f"{self} needs {self.count} dice, got {len(faces)}")
        for face in faces:
            if not 1 <= face <= self.sides:
                raise DiceError(f"a d{self.sides} shows 1 to {self.sides}, not {face}")
        return sum(faces) + self.bonus

    def distribution(self) -> Mapping[int, int]:
        """Exact outcome counts: value -> number of equally likely face combinations."""
        base = sum_of_dice(self.count, self.sides)
        return {value + self.bonus: ways for value, ways in base.items()}

    @property
    def combinations(self) -> int:
        return int(self.sides**self.count) if self.count else 1

    def __str__(self) -> str:
        if self.count == 0:
            return f"{self.bonus:+d}"
        dice = f"{self.count}d{self.sides}"
        return dice + (f"{self.bonus:+d}" if self.bonus else "")


def _validate_dice(value: Any) -> DiceExpr:
    if isinstance(value, DiceExpr):
        return value
    if not isinstance(value, str):
        raise DiceError("a damage die must be text like 1d8+1")
    return DiceExpr.parse(value)


def _tokens(text: str) -> list[str] | None:
    """Digit runs and the marks ``d``, ``+``, ``-``; spaces separate; anything else: None.

    One pass over the text, so a padded or hostile string costs what its length costs.
    """
    tokens: list[str] = []
    start = -1
    for at, char in enumerate(text):
        if char.isdecimal():
            if start < 0:
                start = at
            continue
        if start >= 0:
            tokens.append(text[start:at])
            start = -1
        if char in "dD+-":
            tokens.append(char.lower())
        elif not char.isspace():
            return None
    if start >= 0:
        tokens.append(text[start:])
    return tokens


def _read_dice(tokens: list[str] | None) -> tuple[int, int, int] | None:
    """``[+] [count] d sides [(+|-) flat]`` or a flat ``[+|-] flat``: (count, sides, bonus)."""
    if not tokens:
        return None
    if "d" not in tokens:
        sign = tokens[0] if tokens[0] in "+-" else ""
        rest = tokens[1:] if sign else tokens
        if len(rest) != 1 or not rest[0].isdecimal():
            return None
        return 0, 1, -int(rest[0]) if sign == "-" else int(rest[0])
    if tokens[0] == "+":
        tokens = tokens[1:]
    count = 1
    if tokens and tokens[0].isdecimal():
        count, tokens = int(tokens[0]), tokens[1:]
    if len(tokens) < 2 or tokens[0] != "d" or not tokens[1].isdecimal():
        return None
    sides, tokens = int(tokens[1]), tokens[2:]
    if not tokens:
        return count, sides, 0
    if len(tokens) != 2 or tokens[0] not in "+-" or not tokens[1].isdecimal():
        return None
    flat = int(tokens[1])
    return count, sides, -flat if tokens[0] == "-" else flat


Dice = Annotated[DiceExpr, BeforeValidator(_validate_dice), PlainSerializer(str, return_type=str)]
"""A pydantic field type: stored as ``"1d8+1"`` in files, a :class:`DiceExpr` in memory."""


@cache
def sum_of_dice(count: int, sides: int) -> Mapping[int, int]:
    """Exact counts of the sum of ``count`` dice with ``sides`` faces (convolution)."""
    counts: dict[int, int] = {0: 1}
    for _ in range(count):
        nxt: dict[int, int] = {}
        for value, ways in counts.items():
            for face in range(1, sides + 1):
                nxt[value + face] = nxt.get(value + face, 0) + ways
        counts = nxt
    return counts


def convolve(a: Mapping[int, int], b: Mapping[int, int]) -> dict[int, int]:
    """Distribution of the sum of two independent outcomes given as counts."""
    out: dict[int, int] = {}
    for va, wa in a.items():
        for vb, wb in b.items():
            out[va + vb] = out.get(va + vb, 0) + wa * wb
    return out


class Roller:
    """A seedable dice roller; pass a seed in tests to make every roll repeatable.

    Every system rolls through one of these (or types the faces rolled at the table), so a
    fight is a pure function of its seed and its commands.
    """

    def __init__(self, seed: int | None = None) -> None:
        self._random = random.Random(seed)

    def d(self, sides: int) -> int:
        return self._random.randint(1, sides)

    def dice(self, count: int, sides: int) -> tuple[int, ...]:
        return tuple(self.d(sides) for _ in range(count))

    def roll_faces(self, expr: DiceExpr) -> tuple[int, ...]:
        return self.dice(expr.count, expr.sides)


def parse_faces(text: str) -> tuple[int, ...]:
    """Read faces typed at the table: ``"5 6 4"``, ``"5,6,4"`` or ``"564"`` for single digits."""
    cleaned = text.replace(",", " ").split()
    if len(cleaned) == 1 and cleaned[0].isdigit() and len(cleaned[0]) > 1:
        return tuple(int(ch) for ch in cleaned[0])
    try:
        return tuple(int(part) for part in cleaned)
    except ValueError:
        raise DiceError(f"'{text}' is not a list of die faces") from None
