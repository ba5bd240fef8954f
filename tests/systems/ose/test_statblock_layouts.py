"""OSE stat blocks in every layout the books use: each field right, or said.

The blocks are real OSE SRD monsters (Classic Fantasy). Their numbers and names were taken
from the Open Game Licence compendium ``NecroticGnome/ose-foundry-content``
(``packs/_source/monsters/classic-fantasy/``, OGL 1.0a) and set in the SRD's two layouts:
the one line of modules and the SRD page's table rows. No descriptions are copied.
"""

from __future__ import annotations

import pytest

from m3desk.systems.ose.derive import derive
from m3desk.systems.ose.sheet import MonsterSheet
from m3desk.systems.ose.statblock import parse_stat_block, stat_block_variants

# name: (block, AC, HD, HD modifier, asterisks, hp, attacks (count, name, damage), THAC0,
#        movement, saves D W P B S, morale, XP)
SRD_LINES: dict[
    str,
    tuple[str, int, int, int, int, int, list[tuple[int, str, str]], int, int, list[int], int, int],
] = {
    "Black Bear": (
        "AC 6 [13], HD 4 (18hp), Att 2 × claw (1d3), 1 × bite (1d6), THAC0 16 [+3], "
        "MV 120’ (40’), SV D12 W13 P14 B15 S16 (2), ML 7, AL Neutral, XP 75, NA 1d4 (1d4)",
        6,
        4,
        0,
        0,
        18,
        [(2, "claw", "1d3"), (1, "bite", "1d6")],
        16,
        120,
        [12, 13, 14, 15, 16],
        7,
        75,
    ),
    "Cave Bear": (
        "AC 5 [14], HD 7 (31hp), Att 2 × claw (1d8), 1 × bite (2d6), THAC0 13 [+6], "
        "MV 120’ (40’), SV D12 W13 P14 B15 S16 (3), ML 9, AL Neutral, XP 450",
        5,
        7,
        0,
        0,
        31,
        [(2, "claw", "1d8"), (1, "bite", "2d6")],
        13,
        120,
        [12, 13, 14, 15, 16],
        9,
        450,
    ),
    "Hobgoblin": (
        "AC 6 [13], HD 1+1 (5hp), Att 1 × weapon (1d8 or by weapon), THAC0 18 [+1], "
        "MV 90’ (30’), SV D12 W13 P14 B15 S16 (1), ML 8 (10 with king), AL Chaotic, XP 15, "
        "NA 1d6 (4d6)",
        6,
        1,
        1,
        0,
        5,
        [(1, "weapon", "1d8")],
        18,
        90,
        [12, 13, 14, 15, 16],
        8,
        15,
    ),
    "Troll": (
        "AC 4 [15], HD 6+3* (30hp), Att 2 × talon (1d6), 1 × bite (1d10), THAC0 13 [+6], "
        "MV 120’ (40’), SV D10 W11 P12 B13 S14 (6), ML 10 (8), AL Chaotic, XP 650",
        4,
        6,
        3,
        1,
        30,
        [(2, "talon", "1d6"), (1, "bite", "1d10")],
        13,
        120,
        [10, 11, 12, 13, 14],
        10,
        650,
    ),
    "Gelatinous Cube": (
        "AC 8 [11], HD 4* (18hp), Att 1 × touch (2d4 + paralysis), THAC0 16 [+3], "
        "MV 60’ (20’), SV D12 W13 P14 B15 S16 (2), ML 12, AL Neutral, XP 125",
        8,
        4,
        0,
        1,
        18,
        [(1, "touch", "2d4")],
        16,
        60,
        [12, 13, 14, 15, 16],
        12,
        125,
    ),
    "Black Dragon": (
        "AC 2 [17], HD 7** (31hp), Att [2 × claw (1d6 + 1), 1 × bite (3d10)], THAC0 13 [+6], "
        "MV 90’ (30’) / 240’ (80’) flying, SV D8 W9 P10 B10 S12 (7), ML 8, AL Chaotic, "
        "XP 1,250",
        2,
        7,
        0,
        2,
        31,
        [(2, "claw", "1d6+1"), (1, "bite", "3d10")],
        13,
        90,
        [8, 9, 10, 10, 12],
        8,
        1250,
    ),
    "Ogre (no hit points printed)": (
        "AC 5 [14], HD 4+1, Att 1 × club (1d10), THAC0 15 [+4], MV 90’ (30’), "
        "SV D10 W11 P12 B13 S14 (4), ML 10, AL Chaotic, XP 125",
        5,
        4,
        1,
        0,
        19,
        [(1, "club", "1d10")],
        15,
        90,
        [10, 11, 12, 13, 14],
        10,
        125,
    ),
}


def _table_rows(line: str) -> str:
    """The same block as the SRD page's table: one "Label value" row a line."""
    labels = {
        "AC": "Armour Class",
        "HD": "Hit Dice",
        "Att": "Attacks",
        "THAC0": "THAC0",
        "MV": "Movement",
        "SV": "Saving Throws",
        "ML": "Morale",
        "AL": "Alignment",
        "XP": "XP",
        "NA": "Number Appearing",
    }
    rows, rest = [], line
    order = [label for label in labels if f"{label} " in line]
    for index, label in enumerate(order):
        start = rest.index(f"{label} ") + len(label) + 1
        end = rest.index(f", {order[index + 1]} ") if index + 1 < len(order) else len(rest)
        rows.append(f"{labels[label]}\t{rest[start:end]}")
    return "\n".join(rows)


def _check(monster: MonsterSheet, expected: tuple) -> None:  # type: ignore[type-arg]
    (_, ac, hd, modifier, stars, hp, attacks, thac0, movement, saves, morale, xp) = expected
    values = derive(monster)
    assert (
        monster.armour_class,
        monster.hit_dice,
        monster.hit_dice_modifier,
        monster.hit_dice_asterisks,
    ) == (ac, hd, modifier, stars)
    assert (monster.hit_points, monster.max_hit_points) == (hp, hp)
    assert [(a.count, a.name, str(a.damage)) for a in monster.attacks] == attacks
    assert values["thac0"].value == thac0
    assert monster.movement == movement
    assert [values[f"save.{s}"].value for s in "DWPBS"] == saves
    assert (monster.morale, monster.xp) == (morale, xp)


@pytest.mark.parametrize("name", sorted(SRD_LINES))
def test_srd_blocks_read_right_on_one_line_and_as_table_rows(name: str) -> None:
    expected = SRD_LINES[name]
    for text in (expected[0], f"{name}\n{_table_rows(expected[0])}"):
        monster, problems = parse_stat_block(text, name)
        _check(monster, expected)
        assert problems == [], (text, problems)
    assert stat_block_variants(expected[0]) == ()


def test_table_rows_copied_as_label_and_value_on_separate_lines() -> None:
    """A browser copies the SRD page's table as one cell a line."""
    text = (
        "Goblin\nArmour Class\n6 [13]\nHit Dice\n1-1 (3hp)\nAttacks\n1 × weapon (1d6)\n"
        "THAC0\n19 [0]\nMovement\n60’ (20’)\nSaving Throws\nD14 W15 P16 B17 S18 (NH)\n"
        "Morale\n7\nAlignment\nChaotic\nXP\n5\nNumber Appearing\n2d4 (6d10)\n"
        "Treasure Type\nR (C)"
    )
    goblin, problems = parse_stat_block(text, "Goblin")
    assert problems == []
    assert (
        goblin.armour_class,
        goblin.hit_dice,
        goblin.hit_dice_modifier,
        goblin.hit_points,
        goblin.movement,
        goblin.saves_as,
        goblin.morale,
        goblin.xp,
        goblin.treasure,
    ) == (6, 1, -1, 3, 60, "NH", 7, 5, "R (C)")


def test_an_extra_effect_of_an_attack_is_the_attacks_effect() -> None:
    cube, problems = parse_stat_block(SRD_LINES["Gelatinous Cube"][0], "Cube")
    assert problems == [] and cube.notes == ""
    assert [(str(a.damage), a.effect) for a in cube.attacks] == [("2d4", "paralysis")]


def test_a_heading_line_is_the_name_even_when_it_starts_like_a_label() -> None:
    """A pasted SRD page starts with the monster's name; "Al-mi'raj" is not the AL field."""
    text = (
        "Al-mi'raj\nAC 6 [13], HD 1 (5hp), Att 1 × horn (1d4), THAC0 19 [0], "
        "MV 180’ (60’), SV D12 W13 P14 B15 S16 (1), ML 6, AL Neutral, XP 10"
    )
    monster, problems = parse_stat_block(text, "Horned rabbit")
    assert problems == [] and (monster.alignment, monster.xp) == ("Neutral", 10)


def test_the_ogre_without_hit_points_gets_the_sheets_own_average() -> None:
    """Issue 24: no "(Nhp)" gave 4 hp whatever the HD; the sheet's average for 4+1 is 19."""
    ogre, _ = parse_stat_block("AC 5 [14], HD 4+1, THAC0 15 [+4]", "Ogre")
    assert ogre.max_hit_points == derive(ogre)["hp.average"].value == 19


def test_damage_with_a_spaced_bonus_is_read_whole_and_a_multiplier_is_kept() -> None:
    dragon, problems = parse_stat_block("HD 7** (31hp), Att 2 × claw (1d6 + 1)", "Dragon")
    assert str(dragon.attacks[0].damage) == "1d6+1" and problems == []
    turtle, problems = parse_stat_block(
        "AC -2 [21], HD 30*** (135hp), Att [2 × claw (1d8), 1 × bite (1d6 × 10)] or breath, "
        "THAC0 5 [+14]",
        "Dragon turtle",
    )
    assert [(a.routine, a.name, str(a.damage)) for a in turtle.attacks] == [
        (1, "claw", "1d8"),
        (1, "bite", "1d6 × 10"),
        (2, "breath", "None"),
    ]
    # a breath weapon (issue 29), with only what the block writes: here none of its rules
    assert turtle.attacks[2].breath and turtle.attacks[2].uses == 0
    assert problems == [
        "“breath” is a breath weapon (no attack roll); the block writes no "
        "uses a day (every round), no save (none applied), no damage (type "
        "its dice, or “own hp” in its rules)"
    ]


def test_hit_points_instead_of_hit_dice_are_kept_and_said() -> None:
    """The SRD's normal bat: "HD 1hp" is one hit point, not 1 HD with 4 hp."""
    bat, problems = parse_stat_block(
        "AC 6 [13], HD 1hp, Att 1 × swarm (confusion), THAC0 20 [-1], MV 9’ (3’) / 120’ (40’) "
        "flying, SV D14 W15 P16 B17 S18 (NH), ML 6, AL Neutral, XP 5",
        "Normal bat",
    )
    assert (bat.hit_dice, bat.hit_points, bat.max_hit_points) == (0, 1, 1)
    assert derive(bat)["thac0"].value == 20 and bat.movement_other == "120’ (40’) flying"
    assert any("“1hp” is a fixed number of hit points" in p for p in problems)
    assert [(a.name, a.damage, a.effect) for a in bat.attacks] == [("swarm", None, "confusion")]


def test_a_zero_count_attack_is_said_and_never_raises() -> None:
    """Issue 20: "Att 0 × claw (1d4)" raised, and the window dropped the whole block."""
    monster, problems = parse_stat_block("AC 7 [12], HD 2 (9hp), Att 0 × claw (1d4)", "Zero")
    assert (monster.armour_class, monster.max_hit_points, monster.attacks) == (7, 9, ())
    assert problems == ["could not read the attack “0 × claw (1d4)”: 1 to 20 a round, please"]


ELEMENTAL = (
    "AC 2 [17] / 0 [19] / -2 [21], HD 8* / 12* / 16* (36 / 54 / 72hp), "
    "Att 1 × blow (1d8 / 2d8 / 3d8), THAC0 12 [+7] / 10 [+9] / 8 [+11], "
    "MV 360’ (120’) flying, SV D8 W9 P10 B10 S12 (8) / D6 W7 P8 B8 S10 (12) / "
    "D2 W3 P4 B3 S6 (16), ML 10, AL Neutral, XP 1,200 / 1,900 / 2,300"
)


def test_a_block_with_variants_offers_them_and_reads_the_one_chosen() -> None:
    assert stat_block_variants(ELEMENTAL) == ("HD 8* (36hp)", "HD 12* (54hp)", "HD 16* (72hp)")
    rows = []
    for variant in range(3):
        monster, problems = parse_stat_block(ELEMENTAL, "Air elemental", variant)
        assert problems == []
        values = derive(monster)
        rows.append(
            (
                monster.armour_class,
                monster.hit_dice,
                monster.max_hit_points,
                str(monster.attacks[0].damage),
                values["thac0"].value,
                values["save.D"].value,
                monster.xp,
            )
        )
    assert rows == [
        (2, 8, 36, "1d8", 12, 8, 1200),
        (0, 12, 54, "2d8", 10, 6, 1900),
        (-2, 16, 72, "3d8", 8, 2, 2300),
    ]
    assert stat_block_variants("AC 7 [12], HD 1 to 3, Att 1 × bite (1d6)") == (
        "HD 1",
        "HD 2",
        "HD 3",
    )
    second, _ = parse_stat_block("AC 7 [12], HD 1 to 3, Att 1 × bite (1d6)", "Snake", 1)
    assert (second.hit_dice, second.max_hit_points) == (2, 9)


def test_a_field_that_does_not_list_each_variant_is_said() -> None:
    _, problems = parse_stat_block("AC 2 [17] / 0 [19], HD 8 / 12 / 16", "Odd", 2)
    assert problems == ["AC “2 [17] / 0 [19]” does not list one value per variant: read as it is"]


def test_a_numeric_save_as_uses_that_row_not_the_hit_dice() -> None:
    """A 4 HD bear saving as 2 HD: the 1–3 row, not its own 4–6 row."""
    bear, problems = parse_stat_block("AC 6 [13], HD 4 (18hp), SV 2", "Bear")
    assert problems == [] and bear.saves_as == "2"
    values = derive(bear)
    assert [values[f"save.{s}"].value for s in "DWPBS"] == [12, 13, 14, 15, 16]
    assert values["save.D"].explanation() == "Save vs death or poison 12: as HD 2"


def test_a_label_given_many_times_is_said_once_and_the_list_stays_short() -> None:
    _, problems = parse_stat_block("AC 5, " * 500 + "HD 2", "Many")
    assert problems == ["“ac” is given 499 more times (“5” …): kept the first"]
    _, problems = parse_stat_block(
        "Att " + ", ".join(f"1 × x{n} (1d6 × 999)" for n in range(100)), "Many"
    )
    assert len(problems) <= 13 and problems[-1].endswith("more things could not be read")


def test_a_value_the_sheet_cannot_hold_is_said_and_the_rest_kept() -> None:
    """An AC of 25 once replaced the whole block with a blank monster; a morale of 0 (as one
    compendium entry gives) was clamped to 2 without a word."""
    monster, problems = parse_stat_block("AC 25 [-6], HD 3 (13hp), ML 0, XP 35", "Odd")
    assert (monster.hit_dice, monster.max_hit_points, monster.xp) == (3, 13, 35)
    assert (monster.armour_class, monster.morale) == (9, 7)  # the sheet's own, unchanged
    assert problems == [
        "the morale 0 is not 2 to 12: left as it was",
        "left out the AC 25: input should be less than or equal to 19",
    ]
