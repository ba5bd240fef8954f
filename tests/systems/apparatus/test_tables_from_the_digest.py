"""Every row of Apparatus's size and movement tables read against the rules digest
(/work/shared/rules/apparatus.md §2 Movement costs and §4 Size, transcribed here): the
Size page's multiplier, a creature's height, the jump tables' factor and the movement
costs per metre. (The jump tables' cells are read against the seed in test_public.py.)"""

from __future__ import annotations

from fractions import Fraction

from m3desk.systems.apparatus import tables

# §4 Size: multiplier (Size page), height (m), jump-table factor, Tiny … Gargantuan.
DIGEST_SIZES = {
    "tiny": ("0.25", "0.5", "0.25"),
    "small": ("0.5", "1", "0.5"),
    "medium": ("1", "2", "1"),
    "large": ("2", "4", "2"),
    "huge": ("3", "6", "4"),
    "gargantuan": ("4", "8", "8"),
}
# §2 Movement: the cost per metre on clear ground.
DIGEST_COSTS = {"run": 1, "climb": 2, "swim": 2, "crawl": 2}


def test_every_size_row() -> None:
    assert tuple(DIGEST_SIZES) == tables.SIZES
    for size, (multiplier, height, factor) in DIGEST_SIZES.items():
        assert tables.SIZE_MULTIPLIER[size] == Fraction(multiplier), size
        assert tables.HEIGHT[size] == Fraction(height), size
        assert tables.JUMP_FACTOR[size] == Fraction(factor), size
        assert tables.size_index(size) == list(DIGEST_SIZES).index(size)


def test_every_movement_cost() -> None:
    assert tuple(DIGEST_COSTS) == tables.MOVE_KINDS
    assert tables.BASE_COST == DIGEST_COSTS
