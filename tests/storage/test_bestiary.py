"""The bundled OSE bestiary: every SRD monster loads and derives what the SRD prints."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from m3desk.assets import resource_path
from m3desk.storage.bestiary import bundled_bestiaries, load_bestiary
from m3desk.storage.errors import DocumentLoadError
from m3desk.systems.ose.derive import derive

OSE_BESTIARY = resource_path("bestiary", "ose", "srd-monsters.json")

# The SRD gives these a fixed number of hit points rather than the average of their Hit Dice:
# leaders, kings, chieftains and bodyguards (their own hp lines), hydras (8hp a head) and
# creatures of 1 hit point.
FIXED_HIT_POINTS = {
    "Normal Bat",
    "Normal Rat",
    "Gnoll Leader",
    "Gnome Leader",
    "Gnome Bodyguard",
    "Goblin Bodyguard",
    "Goblin King",
    "Hobgoblin Bodyguard",
    "Kobold Bodyguard",
    "Werewolf Leader",
    "Orc Chieftain",
    "Orc Leader",
    *(f"Hydra (HD {heads})" for heads in range(5, 13)),
}


@pytest.fixture(scope="module")
def bestiary():
    return load_bestiary(OSE_BESTIARY)


def test_every_srd_monster_loads(bestiary) -> None:
    assert bestiary.system == "ose"
    assert bestiary.skipped == ()
    assert len(bestiary.entries) == 257
    names = [entry.sheet.name for entry in bestiary.entries]
    assert len(set(names)) == len(names)
    assert {"Hobgoblin", "Goblin", "Red Dragon", "Giant Rat", "Ogre"} <= set(names)


def test_every_monster_derives_the_thac0_and_saves_the_srd_prints(bestiary) -> None:
    wrong = []
    for entry in bestiary.entries:
        # derived, never pinned, except a THAC0 the SRD prints off the Hit-Dice table
        # (veterans attack as fighters of their level)
        assert set(entry.sheet.overrides) <= {"thac0"}, entry.sheet.name
        derived = derive(entry.sheet)
        saves = {
            key.split(".")[1]: value.value
            for key, value in derived.items()
            if key.startswith("save.")
        }
        if derived["thac0"].value != entry.printed["thac0"] or saves != entry.printed["saves"]:
            wrong.append((entry.sheet.name, derived["thac0"].value, entry.printed["thac0"]))
        elif derived["attack_bonus"].value != 19 - entry.printed["thac0"]:
            wrong.append((entry.sheet.name, "attack bonus", derived["attack_bonus"].value))
    assert wrong == []


def test_every_monster_has_the_srd_hit_points(bestiary) -> None:
    wrong = []
    for entry in bestiary.entries:
        sheet = entry.sheet
        assert sheet.max_hit_points == entry.printed["hp"] == sheet.hit_points
        average = derive(sheet)["hp.average"].value
        if sheet.name not in FIXED_HIT_POINTS and average != entry.printed["hp"]:
            wrong.append((sheet.name, average, entry.printed["hp"]))
    assert wrong == []


def test_most_saves_are_derived_not_copied(bestiary) -> None:
    """A monster keeps printed saves only where the SRD says "saves as" another Hit Dice."""
    derived = [entry for entry in bestiary.entries if not entry.sheet.saves]
    assert len(derived) >= 180


def test_the_data_holds_numbers_and_names_only() -> None:
    text = OSE_BESTIARY.read_text(encoding="utf-8")
    assert "<p>" not in text and "description" not in text
    # A sheet's notes say only what the book does not give, or which of its values it holds.
    for entry in json.loads(text)["monsters"]:
        for line in entry["sheet"]["notes"].splitlines():
            assert line.startswith(
                (
                    "Not given in the SRD: ",
                    "AC: the SRD gives",
                    "XP: the SRD gives none",
                    "Attacks: none",
                )
            ), line


def test_the_open_game_licence_ships_with_the_data(bestiary) -> None:
    assert bestiary.licence is not None
    licence = bestiary.licence.read_text(encoding="utf-8")
    assert "OPEN GAME LICENSE Version 1.0a" in licence
    assert "15 COPYRIGHT NOTICE" in licence
    section_15 = licence.split("15 COPYRIGHT NOTICE", 1)[1]
    assert "Old-School Essentials System Reference Document" in section_15
    assert "m3desk bestiary data" in section_15


def test_the_bundled_bestiaries_are_found() -> None:
    found = bundled_bestiaries(resource_path("bestiary"))
    assert OSE_BESTIARY in found
    # the build's errata and SRD extract sit in a folder of their own, never read as one
    assert [path.name for path in found if path.parent.name == "ose"] == ["srd-monsters.json"]


def test_a_bad_monster_is_left_out_and_reported(tmp_path: Path) -> None:
    data = json.loads(OSE_BESTIARY.read_text(encoding="utf-8"))
    data["monsters"] = data["monsters"][:3]
    data["monsters"][1]["sheet"]["armour_class"] = 10**100
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    loaded = load_bestiary(path)
    assert len(loaded.entries) == 2
    assert len(loaded.skipped) == 1 and loaded.skipped[0].startswith("monster 2:")


@pytest.mark.parametrize(
    "text",
    [
        "[]",
        '{"format": "m3desk.bestiary", "system": "nope", "monsters": []}',
        "not json",
        "{" * 10_000,
    ],
)
def test_a_broken_bestiary_file_says_why(tmp_path: Path, text: str) -> None:
    path = tmp_path / "broken.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DocumentLoadError) as caught:
        load_bestiary(path)
    assert "broken.json" in caught.value.message


def test_every_monster_added_to_an_encounter_shows_the_srd_numbers(bestiary) -> None:
    """Every book monster, put into a fight as the bestiary's "Add to Encounter" does (average
    hit points of its Hit Dice), shows the SRD's THAC0 [AB] and AC in the tracker's cells."""
    from m3desk.core.copies import copy_hit_points
    from m3desk.core.dice import Roller
    from m3desk.core.numbers import minus, signed
    from m3desk.systems.ose.encounter import OseEncounter
    from m3desk.systems.ose.table import ENCOUNTER_RULES

    rules = ENCOUNTER_RULES
    wrong = []
    for entry in bestiary.entries:
        dice = rules.hit_dice(entry.sheet)
        hp = copy_hit_points(dice, "average", Roller(seed=1))
        combatant = rules.make_combatant(rules.with_hit_points(entry.sheet, hp), "Monsters")
        fight = OseEncounter(combatants=(combatant,))
        thac0 = entry.printed["thac0"]
        shown = (
            rules.cell(fight, combatant, "thac0").text,
            rules.cell(fight, combatant, "ac").text,
        )
        ac = entry.sheet.armour_class
        if shown != (f"{thac0} [{signed(19 - thac0)}]", f"AC {minus(ac)} [{19 - ac}]"):
            wrong.append((entry.sheet.name, shown))
        if entry.sheet.name not in FIXED_HIT_POINTS and hp != entry.printed["hp"]:
            wrong.append((entry.sheet.name, "hp", hp, entry.printed["hp"]))
    assert wrong == []


def test_a_leaders_bonus_to_damage_stays_when_the_attack_line_is_read(bestiary) -> None:
    by_name = {entry.name: entry.sheet for entry in bestiary.entries}
    damage = {
        name: [str(a.damage) for a in by_name[name].attacks]
        for name in ("Goblin", "Goblin King", "Hobgoblin King", "Orc Leader")
    }
    assert damage == {
        "Goblin": ["1d6"],
        "Goblin King": ["1d6+1"],
        "Hobgoblin King": ["1d8+2"],
        "Orc Leader": ["1d6+1"],
    }
