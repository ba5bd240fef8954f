"""Speed of the rules core: exact odds of a check with a damage die (target < 1 ms)."""

from __future__ import annotations

from m3desk.systems.monsters_and_magic import (
    Attribute,
    CharacterSheet,
    ResistanceChoice,
    build_check,
    derive,
)
from m3desk.systems.monsters_and_magic.dice import DiceExpr
from m3desk.systems.monsters_and_magic.odds import _odds
from m3desk.systems.monsters_and_magic.sheet import Item


def test_exact_odds_with_a_damage_die_uncached(benchmark) -> None:
    """Cold odds (the cache bypassed): 3d6 + 8 + 1d8+1 vs a rolled defence, size −2 EP."""
    die = DiceExpr.parse("1d8+1")
    odds = benchmark(_odds.__wrapped__, 8, 7, die, True, -2)
    assert 0 < odds.success < 1


def test_exact_odds_static_resistance_uncached(benchmark) -> None:
    die = DiceExpr.parse("d12")
    odds = benchmark(_odds.__wrapped__, 20, 19, die, False, 2)
    assert odds.success > 0


def test_build_and_price_a_check_from_sheets(benchmark) -> None:
    """What the action dialog does on every input change: build the spec and its odds."""
    actor = CharacterSheet(name="A", items=(Item(name="sword", kind="weapon", damage="1d8+1"),))
    target = CharacterSheet(name="T", size="L")

    def run() -> float:
        spec = build_check(
            actor,
            attribute=Attribute.STR,
            traits=1,
            weapon=actor.items[0],
            target=target,
            resistance=ResistanceChoice(rolled=True),
        )
        return float(spec.odds().success)

    assert 0 < benchmark(run) < 1


def test_derive_a_sheet(benchmark) -> None:
    sheet = CharacterSheet(
        name="A", items=tuple(Item(name=f"w{i}", kind="weapon", damage="1d6") for i in range(10))
    )
    assert "ac" in benchmark(derive, sheet)
