"""A stat block typed or pasted as OSE modules print it fills the monster sheet."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from m3desk.systems.ose.derive import derive
from m3desk.systems.ose.statblock import parse_stat_block
from m3desk.systems.ose.tables import Save

GOBLIN = (
    "AC 6 [13], HD 1-1 (3hp), Att 1 × weapon (1d6), THAC0 19 [0], MV 60' (20'), "
    "SV D14 W15 P16 B17 S18 (NH), ML 7, AL Chaotic, XP 5"
)


def test_the_goblin_of_the_issue() -> None:
    goblin, problems = parse_stat_block(GOBLIN, "Goblin")
    assert problems == []
    assert (goblin.armour_class, goblin.hit_dice, goblin.hit_dice_modifier) == (6, 1, -1)
    assert (goblin.hit_points, goblin.movement, goblin.morale) == (3, 60, 7)
    values = derive(goblin)
    assert values["thac0"].value == 19 and not values["thac0"].overridden  # HD 1-1: 19 [0]
    assert values["thac0"].explanation() == "THAC0 19: HD 1-1"
    assert values["movement.encounter"].value == 20
    assert values["save.D"].value == 14  # as printed (NH), not the 1–3 HD row's 12
    assert goblin.saves == {
        Save.DEATH: 14,
        Save.WANDS: 15,
        Save.PARALYSIS: 16,
        Save.BREATH: 17,
        Save.SPELLS: 18,
    }
    assert goblin.saves_as == "NH"  # not the 1–3 HD row: kept as printed
    assert goblin.alignment == "Chaotic" and goblin.xp == 5
    [attack] = goblin.attacks
    assert (attack.name, attack.count, str(attack.damage)) == ("weapon", 1, "1d6")


def test_what_cannot_be_read_is_said() -> None:
    monster, problems = parse_stat_block("AC six, HD 4+1, THAC0 15 [+4], SV D10 W11", "Ogre")
    assert monster.hit_dice == 4 and monster.hit_dice_modifier == 1
    assert derive(monster)["thac0"].value == 15  # digest §14.14: 4+1 attacks as 5 HD
    assert any("AC" in p for p in problems)
    assert any("saves" in p for p in problems)


def test_junk_is_reported_never_raised() -> None:
    monster, problems = parse_stat_block("lorem ipsum", "Nothing")
    assert monster.name == "Nothing" and problems


@given(st.text(max_size=300))
def test_any_text_gives_a_sheet_and_never_an_exception(text: str) -> None:
    monster, problems = parse_stat_block(text, "Anything")
    assert monster.name == "Anything"
    assert isinstance(problems, list)


def test_the_srd_goblin_line_in_full() -> None:
    """Digest §5: the alternatives in parentheses go to the notes, NA and TT are kept."""
    text = (
        "AC 6 [13], HD 1-1 (3hp), Att 1 × weapon (1d6 or by weapon), THAC0 19 [0], "
        "MV 60' (20'), SV D14 W15 P16 B17 S18 (NH), ML 7 (9 with king), AL Chaotic, "
        "XP 5 (bodyguard 20, king 35), NA 2d4 (6d10), TT R (C)"
    )
    goblin, problems = parse_stat_block(text, "Goblin")
    assert problems == []
    assert (goblin.morale, goblin.xp, goblin.number_appearing, goblin.treasure) == (
        7,
        5,
        "2d4 (6d10)",
        "R (C)",
    )
    assert "9 with king" in goblin.notes and "king 35" in goblin.notes


def test_a_printed_thac0_that_differs_from_the_hit_dice_is_a_visible_override() -> None:
    human, problems = parse_stat_block(
        "AC 9 [10], HD ½ (2hp), Att 1 × weapon (1d6), THAC0 20 "
        "[−1], MV 120' (40'), SV D14 W15 P16 B17 S18 (NH), ML 6",
        "Normal human",
    )
    assert problems == []
    assert human.hit_dice == 0 and human.normal_human
    assert derive(human)["thac0"].value == 20 and derive(human)["movement.encounter"].value == 40
    odd, _ = parse_stat_block("AC 4, HD 2, THAC0 16 [+3]", "Trained")
    thac0 = derive(odd)["thac0"]
    assert (thac0.computed, thac0.value, thac0.overridden) == (18, 16, True)


def test_several_attacks_alternatives_and_specials() -> None:
    text = "AC 5 [14], HD 3** (13hp), Att 2 × claw (1d3), 1 × bite (1d6) or 1 × gaze (petrify)"
    monster, problems = parse_stat_block(text, "Beast")
    assert [(a.routine, a.count, a.name, str(a.damage), a.effect) for a in monster.attacks] == [
        (1, 2, "claw", "1d3", ""),
        (1, 1, "bite", "1d6", ""),
        (2, 1, "gaze", "None", "petrification"),
    ]
    assert monster.hit_dice_asterisks == 2 and monster.max_hit_points == 13
    assert problems == []


def test_saves_as_a_class_when_no_saves_are_printed() -> None:
    monster, _ = parse_stat_block("AC 4, HD 3, SV F3", "Guard")
    assert derive(monster)["save.D"].value == 12  # fighter 1–3: D12 W13 P14 B15 S16
    assert derive(monster)["save.S"].explanation() == (
        "Save vs spells, rods or staves 16: as fighter level 3"
    )


def test_a_block_of_variants_says_which_one_the_sheet_is() -> None:
    block = (
        "AC 5 [14], HD 8 / 12 / 16 (36hp / 54hp / 72hp), Att 2 × claw (1d6), "
        "THAC0 12 / 10 / 8, MV 90' (30'), ML 9"
    )
    sheet, problems = parse_stat_block(block)
    assert sheet.hit_dice == 8 and problems == []
    assert sheet.notes == (
        "Read as HD 8 (36hp): the block's HD 8 / 12 / 16 (36hp / 54hp / "
        "72hp) offers 3 variants (HD 8 (36hp), HD 12 (54hp), HD 16 (72hp))"
    )
    second, _problems = parse_stat_block(block, variant=1)
    assert second.hit_dice == 12 and second.notes.startswith("Read as HD 12 (54hp): ")


def test_a_range_of_hit_dice_says_it_read_the_first() -> None:
    sheet, _problems = parse_stat_block("AC 7, HD 1 to 3, Att 1 × bite (1d6), MV 60'")
    assert sheet.hit_dice == 1
    assert sheet.notes == ("Read as HD 1: the block's HD 1 to 3 offers a range (HD 1, HD 2, HD 3)")


def test_a_label_written_twice_in_a_row_is_read_once() -> None:
    sheet, problems = parse_stat_block("AC 7, HD 1, Att Att 1 × bite (1d4), MV 60'")
    assert [(a.name, a.count, str(a.damage)) for a in sheet.attacks] == [("bite", 1, "1d4")]
    assert problems == ["“Att Att” is the label written twice: read as one (“1 × bite (1d4)”)"]
