"""The stable public surface that acceptance checks outside this repository import."""

from __future__ import annotations

import pytest

from m3desk.systems.monsters_and_magic import (
    attribute_modifier,
    max_damage,
    resolve_check,
    size_adjustment,
    success_chance,
    trait_bonus,
)


@pytest.mark.parametrize(
    ("score", "modifier"),
    [
        (3, -4),
        (6, -2),
        (8, -1),
        (9, -1),
        (10, 0),
        (11, 0),
        (12, 1),
        (15, 2),
        (16, 3),
        (17, 3),
        (18, 4),
        (20, 5),
    ],
)
def test_attribute_modifier_matches_every_value_the_book_states(score: int, modifier: int) -> None:
    assert attribute_modifier(score) == modifier


@pytest.mark.parametrize(
    ("level", "traits", "bonus"),
    [
        (1, 0, 0),
        (1, 1, 1),
        (1, 2, 2),
        (1, 5, 2),
        (3, 1, 3),
        (3, 2, 4),
        (3, 4, 6),
        (3, 9, 6),
        (6, 1, 6),
    ],
)
def test_trait_bonus_is_level_then_plus_one_capped_at_twice_level(
    level: int, traits: int, bonus: int
) -> None:
    assert trait_bonus(level, traits) == bonus


def test_resolve_check_success_gives_the_margin_as_effect_points() -> None:
    r = resolve_check(15, 15, 16)
    assert (r.total, r.succeeded, r.effect_points, r.failure) == (30, True, 14, None)


def test_a_tie_succeeds_with_zero_effect_points() -> None:
    r = resolve_check(10, 5, 15)
    assert (r.succeeded, r.effect_points, r.failure) == (True, 0, None)


@pytest.mark.parametrize(
    ("short_by", "failure"),
    [
        (1, "simple"),
        (4, "simple"),
        (5, "minor"),
        (9, "minor"),
        (10, "major"),
        (14, "major"),
        (15, "extreme"),
        (40, "extreme"),
    ],
)
def test_failure_degrees(short_by: int, failure: str) -> None:
    r = resolve_check(10, 0, 10 + short_by)
    assert (r.succeeded, r.effect_points, r.failure) == (False, 0, failure)


def test_natural_three_fails_even_when_the_total_would_succeed() -> None:
    r = resolve_check(3, 30, 10)
    assert (r.total, r.succeeded, r.effect_points, r.failure) == (33, False, 0, "simple")
    assert resolve_check(3, 0, 20).failure == "extreme"


def test_natural_eighteen_succeeds_even_when_the_total_would_fail() -> None:
    r = resolve_check(18, -10, 30)
    assert (r.succeeded, r.effect_points, r.failure) == (True, 0, None)
    assert resolve_check(18, 2, 15).effect_points == 5


def test_resolve_check_refuses_an_impossible_roll() -> None:
    with pytest.raises(ValueError, match="3 to 18"):
        resolve_check(2, 0, 10)


@pytest.mark.parametrize(
    ("dice", "level", "cap"),
    [("1d4", 1, 5), ("1d4+1", 1, 6), ("d12", 6, 18), ("1d8+1", 1, 10), ("2d6-1", 3, 14)],
)
def test_max_damage_is_the_dice_maximum_plus_level(dice: str, level: int, cap: int) -> None:
    assert max_damage(dice, level) == cap


@pytest.mark.parametrize(
    ("attacker", "target", "mental", "expected"),
    [
        ("M", "L", False, (-2, -2)),
        ("M", "S", False, (2, 2)),
        ("S", "L", False, (-4, -4)),
        ("L", "S", False, (4, 4)),
        ("M", "L", True, (2, -2)),
        ("M", "S", True, (-2, 2)),
        ("S", "L", True, (4, -4)),
        ("L", "S", True, (-4, 4)),
        ("M", "M", False, (0, 0)),
    ],
)
def test_size_adjustment(
    attacker: str, target: str, mental: bool, expected: tuple[int, int]
) -> None:
    assert size_adjustment(attacker, target, mental=mental) == expected


def test_success_chance_exact_values() -> None:
    assert success_chance(0, 10) == pytest.approx(135 / 216)
    assert success_chance(0, 3) == pytest.approx(215 / 216)  # only a natural 3 fails
    assert success_chance(0, 100) == pytest.approx(1 / 216)  # only a natural 18 succeeds
    assert success_chance(8, 14, "1d8+1") == pytest.approx(215 / 216)
    assert 0 < success_chance(0, 15, "1d4") < success_chance(0, 15, "1d8")
