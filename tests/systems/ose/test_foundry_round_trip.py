"""Foundry VTT OSE actors in and out: a round trip keeps every number, and what one side has
that the other has not is reported."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from m3desk.assets import sample_files
from m3desk.storage.sheet_files import load_sheet
from m3desk.systems.ose.derive import derive
from m3desk.systems.ose.foundry import (
    character_from_foundry,
    character_to_foundry,
    monster_from_foundry,
    monster_to_foundry,
)
from m3desk.systems.ose.sheet import CharacterSheet, MonsterSheet

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "foundry"
MONSTERS = sorted(path for path in FIXTURES.glob("*.json") if "mira" not in path.name)


def _numbers(sheet: Any) -> dict[str, int]:
    return {key: value.value for key, value in derive(sheet).items()}


@pytest.mark.parametrize("path", MONSTERS, ids=lambda path: path.stem)
def test_a_compendium_monster_keeps_every_number_there_and_back(path: Path) -> None:
    actor = json.loads(path.read_text(encoding="utf-8"))
    read = monster_from_foundry(actor)
    sheet = read.sheet
    system = actor["system"]
    # What the compendium prints is what m3desk shows.
    numbers = _numbers(sheet)
    assert numbers["ac"] == system["ac"]["value"]
    assert numbers["aac"] == system["aac"]["value"]
    assert sheet.max_hit_points == system["hp"]["max"]
    assert sheet.morale == int(system["details"]["morale"])
    assert sheet.xp == int(str(system["details"]["xp"]).strip())
    assert {f"save.{k[0].upper()}": v["value"] for k, v in system["saves"].items()} == \
        {key: value for key, value in numbers.items() if key.startswith("save.")}
    weapons = [(item["name"], item["system"]["counter"]["max"]) for item in actor["items"]]
    assert [(a.name, a.count) for a in sheet.attacks] == weapons

    written, _notes = monster_to_foundry(sheet)
    json.dumps(written)  # plain JSON
    again = monster_from_foundry(written).sheet
    assert _numbers(again) == numbers
    assert again.model_dump(exclude={"saves", "saves_as"}) == \
        sheet.model_dump(exclude={"saves", "saves_as"})
    out = written["system"]
    assert out["ac"]["value"] == system["ac"]["value"]
    assert out["aac"]["value"] == system["aac"]["value"]
    assert out["saves"] == {key: {"value": value["value"]}
                            for key, value in system["saves"].items()}
    assert out["movement"]["base"] == system["movement"]["base"]
    assert out["movement"]["encounter"] == system["movement"]["base"] // 3
    assert out["hp"]["max"] == system["hp"]["max"]
    assert out["thac0"]["value"] == numbers["thac0"]


def test_a_character_reads_with_its_class_scores_gear_and_plain_notes() -> None:
    actor = json.loads((FIXTURES / "mira-the-thief.json").read_text(encoding="utf-8"))
    sheet, problems = character_from_foundry(actor)
    assert (sheet.name, sheet.char_class.value, sheet.level, sheet.experience) == \
        ("Mira the Thief", "thief", 2, 1300)
    assert (sheet.abilities.STR, sheet.abilities.DEX, sheet.abilities.CHA) == (8, 9, 13)
    assert (sheet.hit_points, sheet.max_hit_points, sheet.armour) == (3, 4, "leather")
    dagger, bow = sheet.weapons
    assert (dagger.melee, dagger.missile, dagger.ranges) == (True, True, (10, 20, 30))
    assert (bow.melee, bow.magic, bow.ranges) == (False, 1, (50, 100, 150))
    assert sheet.notes == "Owes the Guild 40 gp."
    numbers = _numbers(sheet)
    assert numbers["ac"] == 7 and numbers["thac0"] == 19
    assert problems == []


@pytest.mark.parametrize("path", [p for p in sample_files("ose")], ids=lambda p: p.stem)
def test_every_ose_sample_goes_there_and_back_with_every_number(path: Path) -> None:
    sheet = load_sheet(path).model
    if isinstance(sheet, CharacterSheet):
        written, _notes = character_to_foundry(sheet)
        again, problems = character_from_foundry(json.loads(json.dumps(written)))
    else:
        assert isinstance(sheet, MonsterSheet)
        written, _notes = monster_to_foundry(sheet)
        read = monster_from_foundry(json.loads(json.dumps(written)))
        again, problems = read.sheet, read.problems
    assert problems == []
    assert _numbers(again) == _numbers(sheet)


def test_what_foundry_cannot_hold_is_reported() -> None:
    from m3desk.systems.ose.sheet import Weapon

    sheet = CharacterSheet(name="Bruno", weapons=(Weapon(name="pike", two_handed=True,
                                                          brace=True),),
                           load_coins=300, overrides={"thac0": 17})
    _written, notes = character_to_foundry(sheet)
    joined = " ".join(notes)
    assert "two-handed and braced" in joined
    assert "load" in joined and "overrides" in joined


def test_a_bad_class_or_score_is_reported_not_raised() -> None:
    actor = {"name": "Odd", "type": "character", "system": {
        "scores": {"str": {"value": 25}}, "details": {"class": "Barbarian", "level": 40}}}
    sheet, problems = character_from_foundry(actor)
    assert sheet.char_class.value == "fighter" and sheet.level == 14
    joined = " ".join(problems)
    assert "Barbarian" in joined and "STR" in joined and "level 40" in joined
