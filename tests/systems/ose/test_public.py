"""The public surface issue 10 promises, against the digest's numbers (shared/rules/ose.md)."""

from __future__ import annotations

import pytest

import m3desk.systems.ose as ose

SURFACE = [
    "ability_modifier",
    "attack_hits",
    "damage_on_hit",
    "encounter_movement",
    "hit_chance",
    "initiative_modifier",
    "monster_thac0",
    "morale_hold_chance",
    "morale_holds",
    "side_initiative_order",
    "thac0",
]


def test_exactly_the_issues_names() -> None:
    assert sorted(ose.__all__) == SURFACE
    assert all(callable(getattr(ose, name)) for name in SURFACE)


def test_ability_and_initiative_columns() -> None:  # §1
    assert [ose.ability_modifier(s) for s in (3, 4, 5, 6, 8, 9, 12, 13, 15, 16, 17, 18)] == [
        -3,
        -2,
        -2,
        -1,
        -1,
        0,
        0,
        1,
        1,
        2,
        2,
        3,
    ]
    assert [ose.initiative_modifier(s) for s in (3, 4, 8, 9, 12, 13, 17, 18)] == [
        -2,
        -1,
        -1,
        0,
        0,
        1,
        1,
        2,
    ]


@pytest.mark.parametrize(
    ("cls", "level", "expected"),
    [
        ("fighter", 1, 19),
        ("fighter", 4, 17),
        ("fighter", 7, 14),
        ("fighter", 10, 12),
        ("fighter", 14, 10),
        ("dwarf", 12, 12),
        ("elf", 10, 12),
        ("halfling", 8, 14),
        ("cleric", 4, 19),
        ("cleric", 5, 17),
        ("thief", 13, 12),
        ("magic-user", 5, 19),
        ("magic-user", 6, 17),
        ("magic-user", 11, 14),
        ("Magic-User", 14, 14),
    ],
)
def test_class_thac0(cls: str, level: int, expected: int) -> None:  # §2
    assert ose.thac0(cls, level) == expected


def test_thac0_refuses_what_the_class_table_lacks() -> None:
    with pytest.raises(ValueError, match="halfling is level 1 to 8"):
        ose.thac0("halfling", 9)
    with pytest.raises(ValueError, match="not an OSE class"):
        ose.thac0("paladin", 1)


@pytest.mark.parametrize(
    ("hd", "expected"),
    [
        ("1-1", 19),
        ("½", 19),
        ("1", 19),
        ("1+1", 18),
        ("2", 18),
        ("2+1", 17),
        ("3+2", 16),
        ("4+1", 15),
        ("8", 12),
        ("9", 12),
        ("9+1", 11),
        ("22", 5),
        ("NH", 20),
        ("3**", 17),
    ],
)
def test_monster_thac0_by_hit_dice(hd: str, expected: int) -> None:  # §4, §14.14
    assert ose.monster_thac0(hd) == expected


def test_the_srd_attack_example() -> None:  # §13: fighter 5, STR 13, rolls 14 vs AC 4 and 2
    assert ose.attack_hits(14, 1, 17, 4) and ose.attack_hits(14, 1, 17, 2)
    assert not ose.attack_hits(13, 1, 17, 2)


def test_naturals_and_the_matrix_plateaus() -> None:
    assert ose.attack_hits(20, -10, 19, -5) and not ose.attack_hits(1, 30, 19, 9)
    assert ose.attack_hits(18, 2, 19, -3)  # §14.3: a modified 20 hits on the repeated 20s
    assert ose.hit_chance(2, 19, -3) == 3 / 20
    assert ose.hit_chance(-3, 10, 9) == 16 / 20  # §14.4: the matrix never needs less than 2
    assert ose.hit_chance(2, 19, 9) == 13 / 20  # §14.1
    assert ose.hit_chance(2, 19, 5) == 9 / 20 and ose.hit_chance(0, 19, 4) == 6 / 20  # §14.5
    assert isinstance(ose.hit_chance(0, 19, 9), float)


def test_damage_movement_initiative_morale() -> None:
    assert [ose.damage_on_hit(r, -1) for r in range(1, 7)] == [1, 1, 2, 3, 4, 5]  # §14.8
    assert ose.damage_on_hit(1, -3) == 1
    assert [ose.encounter_movement(b) for b in (120, 90, 60, 30)] == [40, 30, 20, 10]  # §7
    assert ose.side_initiative_order({"Party": 3, "Goblins": 5, "Rats": 3, "Orcs": 1}) == [
        ["Goblins"],
        ["Party", "Rats"],
        ["Orcs"],
    ]
    assert ose.morale_holds(8, 8) and not ose.morale_holds(9, 8)
    assert ose.morale_holds(12, 12) and not ose.morale_holds(2, 2)  # §11: ML 12 and ML 2
    assert round(ose.morale_hold_chance(8), 3) == 0.722 and ose.morale_hold_chance(8) == 26 / 36
    assert [round(ose.morale_hold_chance(m) * 100, 1) for m in range(5, 12)] == [
        27.8,
        41.7,
        58.3,
        72.2,
        83.3,
        91.7,
        97.2,
    ]  # §11
    assert ose.morale_hold_chance(12) == 1.0 and ose.morale_hold_chance(2) == 0.0
