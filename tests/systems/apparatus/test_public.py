"""The public surface against the seed's Actions page: costs, impassable terrain, the jump
tables (Tables 1 and 3, every cell), the grapple check."""

from __future__ import annotations

import pytest

from m3desk.systems import apparatus
from m3desk.systems.apparatus import (
    grapple_succeeds,
    high_jump,
    long_jump,
    movement_cost,
    terrain_impassable,
)
from m3desk.systems.apparatus.tables import HIGH_JUMP, JUMP_FACTOR, LONG_JUMP, SIZES, jump_formula

# The seed's Table 3 as printed, row by row (Tiny … Gargantuan).
SEED_LONG = {
    (0, 1): (0, 1, 1, 2, 4, 8),
    (0, 4): (1, 1, 2, 4, 8, 16),
    (0, 7): (1, 2, 3, 6, 12, 24),
    (2, 1): (1, 1, 2, 4, 8, 16),
    (2, 4): (1, 2, 4, 8, 16, 32),
    (2, 7): (2, 3, 6, 12, 24, 48),
    (4, 1): (1, 2, 3, 6, 12, 24),
    (4, 4): (2, 3, 6, 12, 24, 48),
    (4, 7): (2, 5, 9, 18, 36, 72),
}
# Table 1: standing heights, and the running cells "h / h".
SEED_HIGH = {1: (0, 0, 0, 1, 2, 4), 4: (0, 1, 1, 2, 4, 8), 7: (1, 1, 2, 4, 8, 16)}


def test_exactly_the_issue_names_are_public() -> None:
    assert apparatus.__all__ == [
        "grapple_succeeds",
        "high_jump",
        "long_jump",
        "movement_cost",
        "terrain_impassable",
    ]


@pytest.mark.parametrize(
    ("kind", "natural", "per_metre"),
    [
        ("run", False, 1),
        ("climb", False, 2),
        ("climb", True, 1),
        ("swim", False, 2),
        ("swim", True, 1),
        ("crawl", False, 2),
        ("crawl", True, 2),
        ("run", True, 1),
    ],
)
def test_every_kind_costs_what_the_seed_says(kind: str, natural: bool, per_metre: int) -> None:
    assert movement_cost(kind, 1, natural=natural) == per_metre
    assert movement_cost(kind, 5, natural=natural) == 5 * per_metre
    # Difficult terrain: +1 Movement per metre per Difficulty Rating.
    assert movement_cost(kind, 3, difficulty=2, natural=natural) == 3 * (per_metre + 2)


def test_digest_worked_costs() -> None:
    # Digest §11 #7: DR 2: run 3/m, climb 4/m.
    assert movement_cost("run", 1, difficulty=2) == 3
    assert movement_cost("climb", 1, difficulty=2) == 4


def test_impassable_when_a_metre_costs_more_than_speed() -> None:
    # Digest §11 #7: Speed 6, climb in DR 5 = 7 > 6: impassable; run 1 + 5 = 6: allowed.
    assert terrain_impassable("climb", 5, 6)
    assert not terrain_impassable("run", 5, 6)
    assert not terrain_impassable("climb", 4, 6)
    # With Natural Climber the metre costs 1 + 5 = 6: no more than Speed.
    assert movement_cost("climb", 1, difficulty=5, natural=True) == 6


@pytest.mark.parametrize("bad", ["fly", "walk"])
def test_unknown_movement_is_refused(bad: str) -> None:
    with pytest.raises(ValueError, match="movement is one of"):
        movement_cost(bad, 1)


@pytest.mark.parametrize("score", [1, 4, 7])
@pytest.mark.parametrize("run_up", [0, 2, 4])
def test_long_jump_is_table_3(score: int, run_up: int) -> None:
    assert tuple(long_jump(size, score, run_up) for size in SIZES) == SEED_LONG[(run_up, score)]


@pytest.mark.parametrize("score", [1, 4, 7])
def test_high_jump_is_table_1(score: int) -> None:
    heights = SEED_HIGH[score]
    assert tuple(high_jump(size, score, False) for size in SIZES) == tuple((h, 0) for h in heights)
    assert tuple(high_jump(size, score, True) for size in SIZES) == tuple((h, h) for h in heights)


def test_band_edges_follow_the_text() -> None:
    # "2 or lower" is weak and "6 or higher" strong (the headers' "< 2" lost an "=").
    assert long_jump("medium", 2, 0) == 1
    assert long_jump("medium", 3, 0) == 2
    assert long_jump("medium", 5, 0) == 2
    assert long_jump("medium", 6, 0) == 3


def test_digest_worked_jumps() -> None:
    assert long_jump("medium", 4, 0) == 2  # §11 #1
    assert long_jump("medium", 6, 4) == 9  # §11 #2
    assert long_jump("large", 4, 2) == 8  # §11 #3
    assert high_jump("huge", 1, False) == (2, 0)  # §11 #4: a quarter of its 8 m height
    assert long_jump("small", 6, 4) == 5  # §11 #5: 4.5 rounds up


def test_the_formula_reproduces_every_stored_cell() -> None:
    for (run, band), row in LONG_JUMP.items():
        assert row == tuple(jump_formula("long", s, band, run, factors=JUMP_FACTOR) for s in SIZES)
    for (_run, band), row in HIGH_JUMP.items():
        assert row == tuple(jump_formula("high", s, band, 0) for s in SIZES)


def test_a_run_up_is_0_2_or_4() -> None:
    with pytest.raises(ValueError, match="0, 2 or 4"):
        long_jump("medium", 4, 3)
    with pytest.raises(ValueError, match="size is one of"):
        long_jump("colossal", 4, 0)


def test_grapple_check() -> None:
    # Digest §11 #12: CP 2 + Might 3 + SizeMod 0 vs Physique Rating 13: d20 ≥ 8 succeeds.
    assert grapple_succeeds(8, 2, 3, 0, 13)
    assert not grapple_succeeds(7, 2, 3, 0, 13)
    assert sum(grapple_succeeds(roll, 2, 3, 0, 13) for roll in range(1, 21)) == 13
    # A size modifier is added: a Large grappler (+2) needs 6.
    assert grapple_succeeds(6, 2, 3, 2, 13) and not grapple_succeeds(5, 2, 3, 2, 13)
