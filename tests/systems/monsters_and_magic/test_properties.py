"""Property tests of the rules core (hypothesis)."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from m3desk.systems.monsters_and_magic import (
    DamageSpend,
    DiceExpr,
    SpendPlan,
    check_odds,
    check_plan,
    resolve_check,
    success_chance,
    trait_bonus,
)
from m3desk.systems.monsters_and_magic.sheet import CharacterSheet, Pool

dice_exprs = st.builds(
    lambda n, s, b: f"{n}d{s}{b:+d}" if b else f"{n}d{s}",
    st.integers(1, 2),
    st.sampled_from([3, 4, 6, 8, 10, 12]),
    st.integers(-2, 3),
)


def brute_force(modifier: int, resistance: int, dice: str | None) -> Fraction:
    expr = DiceExpr.parse(dice) if dice else None
    faces = [tuple(range(1, expr.sides + 1))] * expr.count if expr else []
    wins = total = 0
    for d6 in product(range(1, 7), repeat=3):
        for damage in product(*faces):
            extra = sum(damage) + (expr.bonus if expr else 0)
            total += 1
            if resolve_check(sum(d6), modifier + extra, resistance).succeeded:
                wins += 1
    return Fraction(wins, total)


@given(st.integers(3, 18), st.integers(-20, 40), st.integers(-10, 60))
def test_effect_points_are_never_negative(roll: int, modifier: int, resistance: int) -> None:
    result = resolve_check(roll, modifier, resistance)
    assert result.effect_points >= 0
    assert result.succeeded == (result.failure is None)


@given(st.integers(1, 30), st.integers(0, 50))
def test_trait_bonus_never_exceeds_twice_the_level(level: int, traits: int) -> None:
    bonus = trait_bonus(level, traits)
    assert 0 <= bonus <= 2 * level
    assert trait_bonus(level, traits + 1) >= bonus


@settings(max_examples=60, deadline=None)
@given(st.integers(-8, 20), st.integers(0, 40), st.none() | dice_exprs)
def test_success_chance_equals_brute_force_enumeration(
    modifier: int, resistance: int, dice: str | None
) -> None:
    exact = check_odds(modifier, resistance, DiceExpr.parse(dice) if dice else None).success
    assert exact == brute_force(modifier, resistance, dice)
    assert success_chance(modifier, resistance, dice) == float(exact)


@given(st.integers(-10, 30), st.integers(0, 45), st.none() | dice_exprs)
def test_success_chance_is_monotone_in_the_modifier(
    modifier: int, resistance: int, dice: str | None
) -> None:
    assert success_chance(modifier, resistance, dice) <= success_chance(
        modifier + 1, resistance, dice
    )


@given(st.integers(-5, 25), st.integers(0, 40), dice_exprs)
def test_odds_add_up_to_one(modifier: int, resistance: int, dice: str) -> None:
    odds = check_odds(modifier, resistance, DiceExpr.parse(dice))
    assert sum(odds.effect_points.values()) == odds.success
    assert odds.success + sum(odds.failure_margins.values()) == 1


@given(
    st.integers(0, 40),
    st.integers(1, 60),
    st.sampled_from(["1d4", "1d8+1", "d12", "2d6-1"]),
    st.integers(1, 10),
)
def test_damage_never_exceeds_the_cap(ep: int, amount: int, dice: str, level: int) -> None:
    cap = DiceExpr.parse(dice).maximum + level
    actor = CharacterSheet(name="A", level=level)
    target = CharacterSheet(name="B", php=Pool.full(100))
    budget = check_plan(
        SpendPlan(spends=(DamageSpend(amount=amount),)),
        ep,
        actor=actor,
        target=target,
        damage_cap=cap,
    )
    if budget.ok:
        assert amount <= cap and amount <= ep
