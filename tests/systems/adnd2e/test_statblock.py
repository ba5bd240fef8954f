"""A 2e stat block pasted as the Monstrous Manual prints it fills a monster sheet."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from m3desk.systems.adnd2e.derive import derive
from m3desk.systems.adnd2e.sheet import MonsterSheet
from m3desk.systems.adnd2e.statblock import parse_stat_block

OGRE = (
    "AC 5; MV 9; HD 4+1; hp 25; THAC0 17; #AT 1; Dmg 1d10 (club); SA nil; SD nil; MR nil; "
    "SZ L (9' tall); ML Steady (11-12); Int Low (5-7); AL CE; XP 270"
)
TROLL = "AC 4; MV 12; HD 6+6; THAC0 13; #AT 3; Dmg 1d4+4/1d4+4/2d6; SZ L; ML 14; XP 1,400"


def test_an_ogre_block_fills_every_field() -> None:
    ogre, problems = parse_stat_block(OGRE, "Ogre")
    assert problems == ["the morale “Steady (11-12)” is a range: took its top, 12"]
    assert (ogre.armour_class, ogre.movement, ogre.hit_dice, ogre.hit_dice_modifier) == (5, 9, 4, 1)
    assert (ogre.hit_points, ogre.thac0, ogre.size, ogre.morale, ogre.xp) == (25, 17, "L", 12, 270)
    assert [(a.name, str(a.damage), a.count) for a in ogre.attacks] == [("club", "1d10", 1)]
    assert (ogre.intelligence, ogre.alignment) == ("Low (5-7)", "CE")


def test_a_troll_block_without_hit_points_gets_the_average() -> None:
    troll, problems = parse_stat_block(TROLL, "Troll")
    assert problems == []
    assert [str(a.damage) for a in troll.attacks] == ["1d4+4", "1d4+4", "2d6"]
    assert troll.hit_points == 33  # 6 × 4½ + 6
    assert troll.xp == 1400


def test_thac0_comes_from_hit_dice_when_the_block_has_none() -> None:
    kobold, problems = parse_stat_block("AC 7; MV 6; HD 1/2; #AT 1; Dmg 1d4; SZ S; ML 9", "K")
    assert problems == []
    assert kobold.hit_dice == 0 and kobold.thac0 is None
    assert derive(kobold)["thac0"].value == 20


def test_printed_saves_are_kept() -> None:
    ogre, problems = parse_stat_block("HD 4+1; SV 11 13 12 13 14", "Ogre")
    assert problems == [] and ogre.saves == (11, 13, 12, 13, 14)
    assert derive(ogre)["save.Sp"].value == 14


def test_what_cannot_be_read_is_said() -> None:
    sheet, problems = parse_stat_block("AC banana; HD lots; Dmg claws; SZ Q", "Thing")
    assert sheet.name == "Thing"
    assert problems == [
        "could not read the AC “banana”",
        "could not read the Hit Dice “lots”",
        "could not read the damage “claws”",
        "could not read the size “Q”",
    ]
    _sheet, problems = parse_stat_block("a friendly dragon", "D")
    assert problems == ["no stat block fields (AC, MV, HD, THAC0, #AT, Dmg, SZ, ML …) were found"]


def test_impossible_numbers_are_refused_not_stored() -> None:
    sheet, problems = parse_stat_block("AC 40; THAC0 0; ML 99", "X")
    assert (sheet.armour_class, sheet.thac0, sheet.morale) == (10, None, 10)
    assert len(problems) == 3


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=400), st.text(max_size=100))
def test_any_text_gives_a_sheet_and_never_raises(text: str, name: str) -> None:
    sheet, problems = parse_stat_block(text, name)
    assert isinstance(sheet, MonsterSheet)
    assert isinstance(problems, list)


FIELDS = st.sampled_from(
    [
        "AC",
        "MV",
        "HD",
        "hp",
        "THAC0",
        "#AT",
        "Dmg",
        "SZ",
        "ML",
        "XP",
        "MR",
        "SV",
        "Int",
        "AL",
        ";",
        "(",
        ")",
        "/",
        "+",
        "-",
        "−",
        "½",
    ]
)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.one_of(
            FIELDS,
            st.integers(-50, 5000).map(str),
            st.sampled_from(["1d10", "2d6+3", "d4", "L", "S", "nil"]),
        ),
        max_size=40,
    )
)
def test_block_like_noise_never_raises(parts: list[str]) -> None:
    sheet, _problems = parse_stat_block(" ".join(parts), "Noise")
    assert MonsterSheet.model_validate(sheet.model_dump()) == sheet
