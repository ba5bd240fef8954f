"""AD&D 2e experience: the entries' XP values, shared by the survivors, written back."""

from __future__ import annotations

from m3desk.core import encounter as core
from m3desk.systems.adnd2e.experience import award, describe_changes, experience, merged_into
from m3desk.systems.adnd2e.sheet import CharacterSheet, MonsterSheet
from m3desk.systems.adnd2e.table import ENCOUNTER_RULES, AdndEncounter


def _fight() -> AdndEncounter:
    encounter = AdndEncounter(name="Orc den")
    for sheet, side in (
        (CharacterSheet(name="Rath"), "Party"),
        (CharacterSheet(name="Ilse", experience=500), "Party"),
        (MonsterSheet(name="Orc 1", xp=15, hit_points=0), "Monsters"),
        (MonsterSheet(name="Orc 2", xp=15), "Monsters"),
        (MonsterSheet(name="Ogre", xp=0, hit_points=-3), "Monsters"),
    ):
        encounter = core.join(encounter, ENCOUNTER_RULES.make_combatant(sheet, side))
    return encounter


def test_only_the_fallen_count_and_a_missing_xp_value_is_said() -> None:
    earned = experience(_fight())
    assert [(line.name, line.xp) for line in earned.defeated] == [("Orc 1", 15), ("Ogre", 0)]
    assert earned.total == 15
    assert [(s.name, s.xp) for s in earned.shares] == [("Rath", 7), ("Ilse", 7)]
    assert "Ogre has no XP value on its sheet: add one" in earned.notes
    assert any("prime-requisite" in note for note in earned.notes)


def test_award_once_and_write_back() -> None:
    after = award(_fight())
    sheets = {c.name: c.sheet for c in after.combatants}
    assert (sheets["Rath"].experience, sheets["Ilse"].experience) == (7, 507)
    merged = merged_into(CharacterSheet(name="Ilse", experience=500), sheets["Ilse"])
    assert describe_changes(CharacterSheet(name="Ilse", experience=500), merged) == (
        "experience 500 → 507",
    )
