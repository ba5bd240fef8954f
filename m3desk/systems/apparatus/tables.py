"""Apparatus's numbers as data: sizes, their multipliers and modifiers, the seed's jump
tables (Actions page, Tables 1 and 3) and the cost of each kind of movement.

The jump tables are stored cell by cell as the seed prints them; :func:`jump_formula`
reproduces them (the digest's §3 formula) and serves the Size page's factors, a table rule.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

__all__ = [
    "BAND_NAMES",
    "BASE_COST",
    "HEIGHT",
    "HIGH_JUMP",
    "JUMP_FACTOR",
    "LONG_JUMP",
    "MOVE_KINDS",
    "SIZES",
    "SIZE_MULTIPLIER",
    "Band",
    "MoveKind",
    "Size",
    "round_half_up",
    "size_index",
    "size_modifier",
]

Size = Literal["tiny", "small", "medium", "large", "huge", "gargantuan"]
SIZES: tuple[Size, ...] = ("tiny", "small", "medium", "large", "huge", "gargantuan")
Band = Literal["weak", "normal", "strong"]
BAND_NAMES: dict[Band, str] = {"weak": "score ≤ 2", "normal": "normal score", "strong": "score ≥ 6"}
MoveKind = Literal["run", "climb", "swim", "crawl"]
MOVE_KINDS: tuple[MoveKind, ...] = ("run", "climb", "swim", "crawl")

BASE_COST: dict[MoveKind, int] = {"run": 1, "climb": 2, "swim": 2, "crawl": 2}
"""Movement per metre on clear ground (seed: Run 1, Climb 2, Swim 2, Crawl 2)."""

SIZE_MULTIPLIER: dict[Size, Fraction] = {
    "tiny": Fraction(1, 4),
    "small": Fraction(1, 2),
    "medium": Fraction(1),
    "large": Fraction(2),
    "huge": Fraction(3),
    "gargantuan": Fraction(4),
}
"""The Size page's multipliers (rev. 1011): climbing, swimming, crawling, Speed."""

JUMP_FACTOR: dict[Size, Fraction] = {
    "tiny": Fraction(1, 4),
    "small": Fraction(1, 2),
    "medium": Fraction(1),
    "large": Fraction(2),
    "huge": Fraction(4),
    "gargantuan": Fraction(8),
}
"""The factors the seed's jump tables were drawn with (Huge ×4, Gargantuan ×8)."""

HEIGHT: dict[Size, Fraction] = {
    "tiny": Fraction(1, 2),
    "small": Fraction(1),
    "medium": Fraction(2),
    "large": Fraction(4),
    "huge": Fraction(6),
    "gargantuan": Fraction(8),
}
"""A creature's height in metres by the Size page."""

# Table 1, High Jump Distances: (start, band) -> height per size, Tiny … Gargantuan. With a
# 2 m run the jump also carries as far horizontally as it rises (the seed's "h / h" cells).
HIGH_JUMP: dict[tuple[int, Band], tuple[int, ...]] = {
    (0, "weak"): (0, 0, 0, 1, 2, 4),
    (0, "normal"): (0, 1, 1, 2, 4, 8),
    (0, "strong"): (1, 1, 2, 4, 8, 16),
    (2, "weak"): (0, 0, 0, 1, 2, 4),
    (2, "normal"): (0, 1, 1, 2, 4, 8),
    (2, "strong"): (1, 1, 2, 4, 8, 16),
}

# Table 3, Long Jumping Distances: (run-up, band) -> metres per size, Tiny … Gargantuan.
LONG_JUMP: dict[tuple[int, Band], tuple[int, ...]] = {
    (0, "weak"): (0, 1, 1, 2, 4, 8),
    (0, "normal"): (1, 1, 2, 4, 8, 16),
    (0, "strong"): (1, 2, 3, 6, 12, 24),
    (2, "weak"): (1, 1, 2, 4, 8, 16),
    (2, "normal"): (1, 2, 4, 8, 16, 32),
    (2, "strong"): (2, 3, 6, 12, 24, 48),
    (4, "weak"): (1, 2, 3, 6, 12, 24),
    (4, "normal"): (2, 3, 6, 12, 24, 48),
    (4, "strong"): (2, 5, 9, 18, 36, 72),
}

_BAND_STEP: dict[Band, int] = {"weak": -1, "normal": 0, "strong": 1}
_RUN_FACTOR = {0: 1, 2: 2, 4: 3}


def size_index(size: str) -> int:
    if size not in SIZES:
        raise ValueError(f"size is one of {', '.join(SIZES)}, not {size!r}")
    return SIZES.index(size)


def size_modifier(size: Size, table: tuple[int, ...]) -> int:
    """The creature's Size Modifier (big = positive) from the table rules' six values."""
    return table[size_index(size)]


def round_half_up(value: Fraction) -> int:
    return int((value * 2 + 1) // 2)


def jump_formula(
    kind: Literal["high", "long"],
    size: Size,
    band: Band,
    run_up: int,
    *,
    factors: dict[Size, Fraction] = JUMP_FACTOR,
) -> int:
    """The digest's formula behind Tables 1 and 3: long = (2 + a) · r · s, high = (1 + a) · s
    but at least a quarter of the creature's height (which follows the factors: 2 s)."""
    step = _BAND_STEP[band]
    factor = factors[size]
    if kind == "long":
        return round_half_up((2 + step) * _RUN_FACTOR[run_up] * factor)
    quarter = int(2 * factor / 4)
    return max(round_half_up((1 + step) * factor), quarter)
