"""A stat block typed or pasted as OSE modules print it fills the monster sheet."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from m3desk.systems.ose.statblock import parse_stat_block
from m3desk.systems.ose.tables import Save

GOBLIN = ("AC 6 [13], HD 1-1 (3hp), Att 1 × weapon (1d6), THAC0 19 [0], MV 60' (20'), "
          "SV D14 W15 P16 B17 S18 (NH), ML 7, AL Chaotic, XP 5")


def test_the_goblin_of_the_issue() -> None:
    goblin, problems = parse_stat_block(GOBLIN, "Goblin")
    assert problems == []
    assert (goblin.armour_class, goblin.hit_dice, goblin.hit_dice_modifier) == (6, 1, -1)
    assert (goblin.hit_points, goblin.thac0, goblin.movement, goblin.morale) == (3, 19, 60, 7)
    assert goblin.saves == {Save.DEATH: 14, Save.WANDS: 15, Save.PARALYSIS: 16,
                            Save.BREATH: 17, Save.SPELLS: 18}
    assert goblin.saves_as == "NH"  # not the 1–3 HD row: kept as printed
    assert goblin.alignment == "Chaotic" and goblin.xp == 5
    [attack] = goblin.attacks
    assert (attack.name, attack.count, str(attack.damage)) == ("weapon", 1, "1d6")


def test_what_cannot_be_read_is_said() -> None:
    monster, problems = parse_stat_block("AC six, HD 4+1, THAC0 15 [+4], SV D10 W11", "Ogre")
    assert monster.hit_dice == 4 and monster.hit_dice_modifier == 1 and monster.thac0 == 15
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
