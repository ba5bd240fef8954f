"""The public surface of m3desk.systems.adnd2e, with the digest's worked numbers (§2, §11)."""

from __future__ import annotations

from fractions import Fraction

import pytest

import m3desk.systems.adnd2e as adnd2e
from m3desk.systems.adnd2e import (
    charging_armour_class,
    combat_movement_feet,
    hit_chance,
    initiative_order,
    moving_rate_of_fire,
    thac0,
    to_hit_number,
)


def test_the_package_exports_exactly_the_issue_s_surface() -> None:
    assert sorted(adnd2e.__all__) == sorted(
        [
            "thac0",
            "to_hit_number",
            "hit_chance",
            "combat_movement_feet",
            "moving_rate_of_fire",
            "initiative_order",
            "charging_armour_class",
        ]
    )


@pytest.mark.parametrize(
    ("group", "level", "expected"),
    [
        ("warrior", 1, 20),
        ("warrior", 7, 14),
        ("warrior", 20, 1),
        ("priest", 3, 20),
        ("priest", 4, 18),
        ("priest", 19, 8),
        ("rogue", 3, 19),
        ("rogue", 10, 16),
        ("rogue", 20, 11),
        ("wizard", 4, 19),
        ("wizard", 10, 17),
        ("wizard", 20, 14),
    ],
)
def test_thac0_by_group_and_level(group: str, level: int, expected: int) -> None:
    """PHB Table 53 (digest §2)."""
    assert thac0(group, level) == expected


def test_an_unknown_group_is_refused() -> None:
    with pytest.raises(ValueError):
        thac0("monk", 3)


def test_rath_needs_8_against_the_orc_in_chain() -> None:
    """PHB: fighter 7, THAC0 14, against AC 6 needs 8; a negative AC adds."""
    assert to_hit_number(14, 6) == 8
    assert to_hit_number(14, -2) == 16


@pytest.mark.parametrize(
    ("modifier", "thac0_", "ac", "chance"),
    [
        (0, 14, 6, 13 / 20),  # §11.1: need 8
        (3, 14, 6, 16 / 20),  # STR +2 and sword +1: need 5
        (-3, 23, 0, 1 / 20),  # §11.2: only a natural 20
        (4, 3, 0, 19 / 20),  # a natural 1 still misses
        (2, 19, 5, 9 / 20),  # §11.3: at the fleeing back
        (0, 19, 2, 4 / 20),  # the same foe from the front
        (2, 18, 6, 11 / 20),  # §11.4: the charge's +2
    ],
)
def test_hit_chance_is_exact(modifier: int, thac0_: int, ac: int, chance: float) -> None:
    result = hit_chance(modifier, thac0_, ac)
    assert isinstance(result, float)
    assert result == chance


@pytest.mark.parametrize(
    ("action", "feet"),
    [
        ("move", 120),
        ("close", 60),
        ("missile", 60),
        ("charge", 180),
        ("withdraw", 40),
        ("flee", 120),
    ],
)
def test_combat_movement_of_a_human(action: str, feet: int) -> None:
    """Seed 002 and digest §11.5: MV 12 charges 180', withdraws 40', closes 60'."""
    assert combat_movement_feet(12, action) == feet


def test_combat_movement_of_mv_9_rounds_down() -> None:
    """Seed 002: MV 9 moves 90'; a withdrawal is 30', a charge 135', a close 45'."""
    assert [combat_movement_feet(9, a) for a in ("move", "withdraw", "charge", "close")] == [
        90,
        30,
        135,
        45,
    ]
    assert combat_movement_feet(6, "withdraw") == 20


def test_an_unknown_movement_is_refused() -> None:
    with pytest.raises(ValueError, match="one of"):
        combat_movement_feet(12, "sprint dance")


def test_moving_halves_the_rate_of_fire() -> None:
    """§11.6: a long bow 2 → 1 a round; a heavy crossbow ½ → ¼."""
    assert moving_rate_of_fire(Fraction(2)) == 1
    assert moving_rate_of_fire(Fraction(1, 2)) == Fraction(1, 4)
    assert moving_rate_of_fire(Fraction(3)) == Fraction(3, 2)


def test_initiative_order_lowest_first_ties_together() -> None:
    """DMG: the players roll 7 and the DM 10, so the PCs act first; ties act at once."""
    assert initiative_order({"Orcs": 10, "Party": 7}) == [["Party"], ["Orcs"]]
    assert initiative_order({"a": 5, "b": 2, "c": 5, "d": 9}) == [["b"], ["a", "c"], ["d"]]
    assert initiative_order({}) == []


def test_the_charger_loses_dex_and_is_one_worse() -> None:
    """§11.4: chain + shield + DEX 16 (−2) = AC 2 charges at AC 5; no DEX bonus, AC 4 → 5;
    a DEX penalty stays."""
    assert charging_armour_class(2, -2) == 5
    assert charging_armour_class(4, 0) == 5
    assert charging_armour_class(7, 1) == 8
