"""AD&D 2e stat blocks in every layout the books use: each field right, or said.

The Monstrous Manual prints an entry as labelled lines ("ARMOR CLASS: 5", "HIT DICE: 4+1",
"NO. OF ATTACKS: 1", "DAMAGE/ATTACK: 1d10 (weapon)" …) after its ecology lines; modules
print the same numbers on one line. The ogre's numbers are the Monstrous Manual's.
"""

from __future__ import annotations

from m3desk.systems.adnd2e.derive import derive
from m3desk.systems.adnd2e.statblock import parse_stat_block, stat_block_variants

OGRE_ENTRY = """OGRE
CLIMATE/TERRAIN: Any land
FREQUENCY: Common
ORGANIZATION: Tribal
ACTIVITY CYCLE: Any
DIET: Carnivore
INTELLIGENCE: Low (5-7)
TREASURE: (M) Q (B, S)
ALIGNMENT: Chaotic evil
NO. APPEARING: 2-20
ARMOR CLASS: 5
MOVEMENT: 9
HIT DICE: 4+1
THAC0: 17
NO. OF ATTACKS: 1
DAMAGE/ATTACK: 1d10 (weapon)
SPECIAL ATTACKS: Nil
SPECIAL DEFENSES: Nil
MAGIC RESISTANCE: Nil
SIZE: L (9'+ tall)
MORALE: Steady (11-12)
XP VALUE: 270
"""


def test_a_monstrous_manual_entry_reads_every_field() -> None:
    """Issue 24: this came out as AC 10, HD 1, 4 hp and no attacks."""
    ogre, problems = parse_stat_block(OGRE_ENTRY, "Ogre")
    assert (ogre.armour_class, ogre.movement, ogre.hit_dice, ogre.hit_dice_modifier) == (5, 9, 4, 1)
    assert (ogre.hit_points, ogre.max_hit_points) == (19, 19)  # 4+1 average, no hp printed
    assert (ogre.thac0, ogre.size, ogre.morale, ogre.xp) == (17, "L", 12, 270)
    assert [(a.name, a.count, str(a.damage)) for a in ogre.attacks] == [("weapon", 1, "1d10")]
    assert (ogre.intelligence, ogre.alignment, ogre.special_attacks) == (
        "Low (5-7)",
        "Chaotic evil",
        "Nil",
    )
    assert ogre.notes.splitlines() == [
        "Climate/Terrain: Any land",
        "Frequency: Common",
        "Organization: Tribal",
        "Activity cycle: Any",
        "Diet: Carnivore",
        "Treasure: (M) Q (B, S)",
        "No. appearing: 2-20",
    ]
    assert problems == ["the morale “Steady (11-12)” is a range: took its top, 12"]
    assert derive(ogre)["thac0"].value == 17


def test_the_description_after_an_entry_is_said_not_read_as_fields() -> None:
    text = OGRE_ENTRY + "\nOgres are big, ugly, greedy humanoids.\n"
    ogre, problems = parse_stat_block(text, "Ogre")
    assert ogre.xp == 270
    assert "could not read “Ogres are big, ugly, greedy humanoids” after the XP" in problems


def test_multiple_attacks_on_labelled_lines() -> None:
    troll, problems = parse_stat_block(
        "ARMOR CLASS: 4\nMOVEMENT: 12\nHIT DICE: 6+6\nTHAC0: 13\nNO. OF ATTACKS: 3\n"
        "DAMAGE/ATTACK: 1d4+4/1d4+4/2d6\nSIZE: L (9' tall)\nMORALE: Elite (14)\n"
        "XP VALUE: 1,400",
        "Troll",
    )
    assert problems == []
    assert [str(a.damage) for a in troll.attacks] == ["1d4+4", "1d4+4", "2d6"]
    assert (troll.hit_points, troll.morale, troll.xp) == (33, 14, 1400)


VARIANTS = (
    "ARMOR CLASS: 2\nMOVEMENT: 12\nHIT DICE: 8, 12, or 16\nTHAC0: 13 / 9 / 5\n"
    "NO. OF ATTACKS: 1\nDAMAGE/ATTACK: 2d10\nXP VALUE: 2,000 / 7,000 / 10,000\n"
)


def test_a_block_with_variants_offers_them_and_reads_the_one_chosen() -> None:
    assert stat_block_variants(VARIANTS) == ("HD 8", "HD 12", "HD 16")
    read = [parse_stat_block(VARIANTS, "Elemental", n) for n in range(3)]
    assert [p for _, p in read] == [[], [], []]
    assert [(m.hit_dice, m.hit_points, m.thac0, m.xp) for m, _ in read] == [
        (8, 36, 13, 2000),
        (12, 54, 9, 7000),
        (16, 72, 5, 10000),
    ]
    assert stat_block_variants("AC 7; HD 1 to 3; #AT 1; Dmg 1d6") == ("HD 1", "HD 2", "HD 3")
    assert stat_block_variants("AC 7; HD 1/2; #AT 1; Dmg 1d4") == ()  # ½ HD, one creature


def test_what_the_sheet_cannot_hold_is_said() -> None:
    monster, problems = parse_stat_block("AC 6; HD 1 hp; #AT 0; Dmg 1d6*10", "Odd")
    assert (monster.hit_dice, monster.hit_points) == (0, 1)
    assert monster.attacks == ()
    assert any("“1 hp” is a fixed number of hit points" in p for p in problems)
    assert any("is multiplied" in p for p in problems)
    assert "could not read the number of attacks “0”" in problems


def test_a_number_of_attacks_with_a_choice_is_two_routines() -> None:
    monster, problems = parse_stat_block("NO. OF ATTACKS: 1 or 2\nDAMAGE/ATTACK: 1d6", "Odd")
    assert [(a.routine, a.count) for a in monster.attacks] == [(1, 1), (2, 2)]
    assert problems == []


FAMILY = """GOBLINOIDS
                    Goblin            Hobgoblin          Koalinth
CLIMATE/TERRAIN:    Any               Any                Any coastal
FREQUENCY:          Uncommon          Uncommon           Rare
ARMOR CLASS:        6 (10)            5 (10)             5
MOVEMENT:           6                 9                  9, Sw 12
HIT DICE:           1-1               1+1                1+1
THAC0:              20                19                 19
NO. OF ATTACKS:     1                 1                  1
DAMAGE/ATTACK:      1d6 (weapon)      1d8 (weapon)       1d8 (weapon)
SIZE:               S (4' tall)       M (6' tall)        M (6' tall)
MORALE:             Average (8-10)    Steady (11-12)     Steady (11-12)
XP VALUE:           15                35                 35
"""


def test_a_family_entry_in_columns_offers_each_creature_by_name() -> None:
    """The Monstrous Manual prints a family (goblin, hobgoblin, koalinth) in columns: each
    column is a variant, named as the book names it."""
    from m3desk.systems.adnd2e.statblock import stat_block_variants

    assert stat_block_variants(FAMILY) == ("Goblin", "Hobgoblin", "Koalinth")
    goblin, _ = parse_stat_block(FAMILY, "Monster", 0)
    koalinth, _ = parse_stat_block(FAMILY, "Monster", 2)
    assert (
        goblin.name,
        goblin.armour_class,
        goblin.movement,
        goblin.hit_dice,
        goblin.hit_dice_modifier,
        goblin.size,
        goblin.xp,
    ) == ("Goblin", 6, 6, 1, -1, "S", 15)
    assert [str(a.damage) for a in goblin.attacks] == ["1d6"]
    assert (
        koalinth.name,
        koalinth.armour_class,
        koalinth.movement,
        koalinth.hit_dice_modifier,
        koalinth.xp,
    ) == ("Koalinth", 5, 9, 1, 35)
    assert "Sw 12" in koalinth.movement_text
    named, _ = parse_stat_block(FAMILY, "Bob", 1)
    assert named.name == "Bob"  # a name the GM typed stays


def test_columns_that_do_not_line_up_are_not_a_family() -> None:
    ragged = FAMILY.replace(
        "ARMOR CLASS:        6 (10)            5 (10)             5", "ARMOR CLASS:        6"
    )
    from m3desk.systems.adnd2e.statblock import family_columns

    flat, names = family_columns("OGRE\nARMOR CLASS: 5\nHIT DICE: 4+1\nTHAC0: 17\n")
    assert names == ()
    flat, names = family_columns(ragged)
    assert names == ("Goblin", "Hobgoblin", "Koalinth")  # the other rows still line up
    assert "ARMOR CLASS:        6" in flat
