"""OSE experience: the SRD's XP table, the share with the prime requisite, and write back."""

from __future__ import annotations

import pytest

from m3desk.assets import resource_path
from m3desk.core import encounter as core
from m3desk.storage.bestiary import load_bestiary
from m3desk.systems.ose.encounter import OseEncounter
from m3desk.systems.ose.experience import (
    award,
    describe_changes,
    experience,
    hit_dice_xp,
    merged_into,
    monster_xp,
)
from m3desk.systems.ose.sheet import Abilities, CharacterSheet, MonsterSheet
from m3desk.systems.ose.table import ENCOUNTER_RULES
from m3desk.systems.ose.tables import OseClass


@pytest.mark.parametrize(
    ("hd", "modifier", "stars", "xp"),
    [
        (0, 0, 0, 5),
        (1, -1, 0, 5),
        (1, 0, 0, 10),
        (1, 1, 0, 15),
        (2, 0, 1, 25),
        (2, 2, 0, 25),
        (3, 0, 2, 65),
        (4, 0, 1, 125),
        (6, 1, 0, 350),
        (7, 3, 0, 450),
        (10, 0, 2, 2300),
        (12, 0, 0, 1100),
        (16, 0, 0, 1350),
        (20, 0, 1, 3150),
        (21, 0, 0, 2500),
        (22, 0, 1, 2750 + 2250),
    ],
)
def test_the_srd_xp_table(hd: int, modifier: int, stars: int, xp: int) -> None:
    assert hit_dice_xp(hd, modifier, stars) == xp


def test_the_table_gives_what_the_srd_prints_for_every_book_monster() -> None:
    """Built from the SRD's own blocks, every bestiary monster's XP is the table's for its
    Hit Dice and asterisks (the compendium's copy agreed for 230 of 257: a mastodon worth
    1 XP, a harpy with the halfling's)."""
    entries = load_bestiary(resource_path("bestiary", "ose", "srd-monsters.json")).entries
    agree = sum(
        1
        for e in entries
        if hit_dice_xp(e.sheet.hit_dice, e.sheet.hit_dice_modifier, e.sheet.hit_dice_asterisks)
        == e.sheet.xp
    )
    assert agree == len(entries) == 257


def test_a_blocks_own_xp_wins() -> None:
    assert monster_xp(MonsterSheet(name="Goblin", hit_dice=1, hit_dice_modifier=-1, xp=5)) == (
        5,
        "stat block",
    )
    assert monster_xp(MonsterSheet(name="Bear", hit_dice=4, hit_dice_asterisks=1)) == (
        125,
        "HD 4* on the XP table",
    )


def _fight() -> OseEncounter:
    encounter = OseEncounter(name="Lair")
    sheets = [
        (
            CharacterSheet(
                name="Aldo",
                char_class=OseClass.FIGHTER,
                abilities=Abilities(STR=16),
                experience=100,
            ),
            "Party",
        ),
        (
            CharacterSheet(name="Bree", char_class=OseClass.THIEF, abilities=Abilities(DEX=7)),
            "Party",
        ),
        (CharacterSheet(name="Cato", hit_points=0, max_hit_points=6), "Party"),
        (MonsterSheet(name="Hobgoblin 1", hit_dice=1, hit_dice_modifier=1, xp=15), "Monsters"),
        (MonsterSheet(name="Hobgoblin 2", hit_dice=1, hit_dice_modifier=1, xp=15), "Monsters"),
        (MonsterSheet(name="Hobgoblin 3", xp=15), "Monsters"),
    ]
    for sheet, side in sheets:
        encounter = core.join(encounter, ENCOUNTER_RULES.make_combatant(sheet, side))
    ids = [c.id for c in encounter.combatants]
    for number in (3, 4):
        sheet = encounter.combatants[number].sheet
        encounter = core.replace_sheet(
            encounter, ids[number], sheet.model_copy(update={"hit_points": 0})
        )
    return core.update_combatant(encounter, ids[5], fleeing=True)


def test_slain_and_fled_monsters_count_and_the_living_share() -> None:
    earned = experience(_fight())
    assert [(line.name, line.xp) for line in earned.defeated] == [
        ("Hobgoblin 1", 15),
        ("Hobgoblin 2", 15),
        ("Hobgoblin 3", 15),
    ]
    assert earned.total == 45
    shares = {share.name: (share.xp, share.why) for share in earned.shares}
    assert shares == {
        "Aldo": (24, "share 22, +10 % prime requisite"),
        "Bree": (19, "share 22, −10 % prime requisite"),
    }
    assert earned.notes == ("45 XP split 2 ways: 22 each, 1 left over",)


def test_awarding_adds_to_the_sheets_once() -> None:
    after = award(_fight())
    names = {c.name: c.sheet for c in after.combatants}
    assert (names["Aldo"].experience, names["Bree"].experience) == (124, 19)
    assert after.log[-1].text == "Experience: 45 XP for the foes defeated; Aldo +24, Bree +19"
    assert experience(after).awarded
    with pytest.raises(ValueError, match="already"):
        award(after)


def test_write_back_takes_hit_points_and_experience_and_keeps_the_rest() -> None:
    on_disk = CharacterSheet(name="Aldo", max_hit_points=8, hit_points=8, notes="kept")
    fought = on_disk.model_copy(
        update={"hit_points": 3, "experience": 124, "notes": "x", "max_hit_points": 20}
    )
    merged = merged_into(on_disk, fought)
    assert (merged.hit_points, merged.experience, merged.notes, merged.max_hit_points) == (
        3,
        124,
        "kept",
        8,
    )
    assert describe_changes(on_disk, merged) == ("hit points 8 → 3", "experience 0 → 124")


def test_treasure_counts_one_xp_a_gp_and_writes_back_its_coins_and_gear() -> None:
    from m3desk.systems.ose.sheet import Coins, Item

    on_disk = CharacterSheet(name="Aldo", max_hit_points=8, hit_points=8)
    fought = on_disk.model_copy(
        update={"coins": Coins(gp=12, sp=300), "equipment": (Item(name="Gem (50gp)"),)}
    )
    merged = merged_into(on_disk, fought)
    assert (merged.coins, merged.equipment) == (fought.coins, fought.equipment)
    assert describe_changes(on_disk, merged) == ("coins 12gp, 300sp", "gear: Gem (50gp)")
    hero = CharacterSheet(name="Bree", max_hit_points=6, hit_points=6)
    fight = core.join(OseEncounter(name="Hoard"), ENCOUNTER_RULES.make_combatant(hero, "Party"))
    assert [line.name for line in experience(fight).defeated] == []
    fight = fight.model_copy(update={"treasure_gp": 230})
    earned = experience(fight)
    assert [tuple(line) for line in earned.defeated] == [("Treasure", 230, "1 XP per gp of value")]
    assert earned.total == 230
