"""Foundry VTT OSE actors in and out: a round trip keeps every number, over the whole bundled
bestiary and real actor files in the compendium's format, and what one side has that the
other has not is reported."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from m3desk.assets import resource_path, sample_files
from m3desk.storage.bestiary import load_bestiary
from m3desk.storage.sheet_files import load_sheet
from m3desk.systems.ose.derive import derive
from m3desk.systems.ose.foundry import (
    character_from_foundry,
    character_to_foundry,
    monster_from_foundry,
    monster_to_foundry,
)
from m3desk.systems.ose.foundry_common import TREASURE_TABLES
from m3desk.systems.ose.sheet import CharacterSheet, Coins, Item, MonsterSheet

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "foundry"
CHARACTERS = ("mira-the-thief", "wrenna-quickfingers")
MONSTERS = sorted(path for path in FIXTURES.glob("*.json") if path.stem not in CHARACTERS)
SAVES_ALIKE = {"saves", "saves_as"}  # the same numbers, as a "save as" or as printed
_RATE = re.compile(r"(\d{1,3})\s*['’′]")


def _numbers(sheet: Any) -> dict[str, int]:
    return {key: value.value for key, value in derive(sheet).items()}


def _rates(text: str) -> list[int]:
    return [int(rate) for rate in _RATE.findall(text)]


def _same_dice(ours: str, theirs: str) -> bool:
    """Foundry writes a creature of one hit point "1d1" or "0"; both roll 1."""
    one = {"0", "1d1"}
    return ours == theirs or (ours in one and theirs in one)


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
    assert {f"save.{k[0].upper()}": v["value"] for k, v in system["saves"].items()} == {
        key: value for key, value in numbers.items() if key.startswith("save.")
    }
    weapons = [
        (item["name"], item["system"]["counter"]["max"])
        for item in actor["items"]
        if item["type"] == "weapon"
    ]
    assert [(a.name, a.count) for a in sheet.attacks] == weapons
    # Every other item is kept by its name, or said.
    said = sheet.notes + " ".join(read.problems + read.kept)
    for item in actor["items"]:
        if item["type"] != "weapon":
            assert " ".join(item["name"].split()) in said, item["name"]

    written, _notes = monster_to_foundry(sheet)
    json.dumps(written)  # plain JSON
    again = monster_from_foundry(written).sheet
    assert _numbers(again) == numbers
    assert again.model_dump(exclude=SAVES_ALIKE) == sheet.model_dump(exclude=SAVES_ALIKE)
    # The numbers Foundry itself uses are the ones it had.
    out = written["system"]
    assert _same_dice(out["hp"]["hd"], system["hp"]["hd"].strip())
    assert out["ac"]["value"] == system["ac"]["value"]
    assert out["aac"]["value"] == system["aac"]["value"]
    assert out["saves"] == {
        key: {"value": value["value"]} for key, value in system["saves"].items()
    }
    rates, base = _rates(system["details"]["movement"]), system["movement"]["base"]
    assert out["movement"]["base"] == _rates(out["details"]["movement"])[0]
    if rates and rates[0] == base:  # Foundry's rate is its text's first: both as they were
        assert _rates(out["details"]["movement"]) == rates
        assert out["movement"]["base"] == base
    else:  # the text and the rate disagree: the text's walking rate first, nothing lost
        assert set(rates) | {base} <= set(_rates(out["details"]["movement"]))
    assert out["movement"]["encounter"] == out["movement"]["base"] // 3
    assert out["hp"]["max"] == system["hp"]["max"]
    assert out["thac0"]["value"] == system["thac0"]["value"]
    assert (out["details"]["morale"], out["details"]["specialAbilities"]) == (
        int(system["details"]["morale"]),
        int(system["details"]["specialAbilities"] or 0),
    )
    assert [
        (i["name"], i["system"]["counter"]["max"], i["system"]["damage"])
        for i in written["items"]
        if i["type"] == "weapon"
    ] == [
        (
            i["name"],
            i["system"]["counter"]["max"],  # Foundry's formula: "1d6*10"
            str(a.damage).replace(" × ", "*").replace(" ", "") if a.damage else "0",
        )
        for i, a in zip(
            [i for i in actor["items"] if i["type"] == "weapon"], sheet.attacks, strict=True
        )
    ]
    assert sorted(i["name"] for i in written["items"] if i["type"] == "ability") == sorted(
        " ".join(i["name"].split()) for i in actor["items"] if i["type"] == "ability"
    )
    link = system["details"]["treasure"]["table"]
    if link:
        assert out["details"]["treasure"]["type"] == TREASURE_TABLES[link[:-1].rsplit(".")[-1]]


def test_hit_dice_movement_and_treasure_are_as_foundry_holds_them() -> None:
    """The issue's cases: 1-hit-point creatures, bodyguards' d6 hit points, a dragon turtle
    that swims, a bee that only flies, a treasure named by a roll table's link."""

    def read(stem: str) -> tuple[MonsterSheet, dict[str, Any]]:
        actor = json.loads((FIXTURES / f"{stem}.json").read_text(encoding="utf-8"))
        sheet = monster_from_foundry(actor).sheet
        return sheet, monster_to_foundry(sheet)[0]["system"]

    rat, out = read("normal-rat")
    assert (str(rat.hit_point_dice), out["hp"]["hd"], rat.treasure) == ("+1", "1d1", "L")
    bat, out = read("normal-bat")
    assert (bat.movement, bat.movement_other) == (9, "120’ (40’) flying")
    assert (out["hp"]["hd"], out["movement"]["base"]) == ("1d1", 9)
    guard, out = read("goblin-bodyguard")
    assert (guard.hit_dice, str(guard.hit_point_dice), out["hp"]["hd"]) == (2, "2d6", "2d6")
    assert derive(guard)["hp.average"].value == 7 and guard.treasure == "R"
    _bee, out = read("killer-bee")
    assert (out["movement"]["base"], out["details"]["movement"]) == (150, "150’ (50’) flying")
    turtle = MonsterSheet(
        name="Dragon Turtle", hit_dice=30, movement=30, movement_other="90’ (30’) swimming"
    )
    out = monster_to_foundry(turtle)[0]["system"]
    assert (out["movement"]["base"], out["details"]["movement"]) == (
        30,
        "30' (10') / 90’ (30’) swimming",
    )


BESTIARY = load_bestiary(resource_path("bestiary", "ose", "srd-monsters.json"))


@pytest.mark.parametrize("entry", BESTIARY.entries, ids=lambda entry: entry.name)
def test_every_bestiary_monster_goes_to_foundry_and_back_with_every_number(entry: Any) -> None:
    sheet = entry.sheet
    assert isinstance(sheet, MonsterSheet)
    written, _notes = monster_to_foundry(sheet)
    read = monster_from_foundry(json.loads(json.dumps(written)))
    assert read.problems == []
    assert _numbers(read.sheet) == _numbers(sheet)
    # What the export said Foundry has no place for is all that may differ.
    unwritten = {"larger_than_human"} if any("larger than human" in n for n in _notes) else set()
    assert read.sheet.model_dump(exclude=SAVES_ALIKE | unwritten) == sheet.model_copy(
        update={"name": " ".join(sheet.name.split())}
    ).model_dump(exclude=SAVES_ALIKE | unwritten)  # a doubled space in a name is made one
    out = written["system"]
    hp_text = str(entry.printed.get("hd", ""))
    if hp_text.startswith("1hp"):
        assert out["hp"]["hd"] == "1d1"
    elif sheet.hit_point_dice is None:
        assert out["hp"]["hd"].startswith("1d4" if sheet.hit_dice == 0 else f"{sheet.hit_dice}d8")
    printed = _rates(str(entry.printed.get("movement", "")))
    if printed and "turtle" not in sheet.name.lower():
        assert (
            _rates(out["details"]["movement"])[::2] == printed[::2]
            or out["movement"]["base"] == sheet.movement
        )


def _character(stem: str) -> dict[str, Any]:
    return json.loads((FIXTURES / f"{stem}.json").read_text(encoding="utf-8"))


def test_a_character_reads_with_its_class_scores_gear_and_plain_notes() -> None:
    sheet, problems, kept = character_from_foundry(_character("mira-the-thief"))
    assert (sheet.name, sheet.char_class.value, sheet.level, sheet.experience) == (
        "Mira the Thief",
        "thief",
        2,
        1300,
    )
    assert (sheet.abilities.STR, sheet.abilities.DEX, sheet.abilities.CHA) == (8, 9, 13)
    assert (sheet.hit_points, sheet.max_hit_points, sheet.armour) == (3, 4, "leather")
    dagger, bow = sheet.weapons
    assert (dagger.melee, dagger.missile, dagger.ranges) == (True, True, (10, 20, 30))
    assert (bow.melee, bow.magic, bow.ranges) == (False, 1, (50, 100, 150))
    assert sheet.notes == "Owes the Guild 40 gp."
    assert sheet.equipment == (Item(name="Rope"),)  # the sheet's own row, not the notes
    numbers = _numbers(sheet)
    assert numbers["ac"] == 7 and numbers["thac0"] == 19
    assert problems == []
    assert "1 piece of gear as equipment rows: Rope" in kept


def test_a_character_with_everything_keeps_each_thing_and_comes_back_the_same() -> None:
    actor = _character("wrenna-quickfingers")
    sheet, problems, kept = character_from_foundry(actor)
    notes = sheet.notes
    # gear, treasure, coins and languages in the sheet's own fields (format 2), not the notes
    assert [(i.name, i.quantity) for i in sheet.equipment] == [
        ("Backpack", 1),
        ("Rope (in Backpack)", 50),
        ("Torch (in Backpack)", 6),
        ("Thieves' tools", 1),
        ("Rations (iron, 7 days)", 1),
    ]
    assert sheet.treasure == "Garnet ×2 (50 gp each); Potion of healing"
    assert sheet.coins == Coins(gp=23, sp=15, cp=40)
    assert sheet.languages == ("Common", "Neutral", "Thieves' cant")
    assert not any(label in notes for label in ("Equipment:", "Treasure:", "Coins:", "Languages:"))
    assert "Class abilities: Back-stab; Hide in Shadows (HS); Read Languages" in notes
    assert "Effects (not applied): Bless; Mummy rot; Healing draught (off)" in notes
    assert "Biography:\nEarly years\nGrew up on the docks of Dolmvay & learned" in notes
    assert "alert" not in notes and "<" not in notes
    assert sheet.overrides == {"ac": 3, "missile.hit": 3, "xp.prime": 5}
    assert _numbers(sheet)["ac"] == 3
    assert any("Bless" in line for line in problems)
    assert any("listening at doors 2-in-6" in line for line in problems)
    assert any(line.startswith("AC 3 with Foundry's AC modifier +1") for line in kept)

    written, notes_out = character_to_foundry(sheet)
    out = written["system"]
    assert (out["ac"]["mod"], out["thac0"]["mod"]["missile"]) == (1, 1)
    assert out["saves"] == actor["system"]["saves"]  # Foundry's own numbers, WIS apart
    assert out["languages"]["value"] == actor["system"]["languages"]["value"]
    assert out["details"]["title"] == "Footpad"
    kinds = {(item["type"], item["name"]) for item in written["items"]}
    assert {
        ("ability", "Back-stab"),
        ("container", "Backpack"),
        ("item", "Rope"),
        ("item", "Gold (gp)"),
        ("armor", "shield"),
    } <= kinds
    shield = next(item for item in written["items"] if item["name"] == "shield")
    assert shield["system"]["ac"]["value"] == 1  # Foundry adds a shield's AC as a bonus
    rope = next(item for item in written["items"] if item["name"] == "Rope")
    assert rope["system"]["quantity"]["value"] == 50 and rope["system"]["containerId"]
    backpack = next(item for item in written["items"] if item["name"] == "Backpack")
    assert backpack["_id"] == rope["system"]["containerId"]
    coins = {
        item["name"]: item["system"]
        for item in written["items"]
        if item["system"].get("treasure") and item["name"].endswith("p)")
    }
    assert {name: c["quantity"]["value"] for name, c in coins.items()} == {
        "Gold (gp)": 23,
        "Silver (sp)": 15,
        "Copper (cp)": 40,
    }
    assert all(c["weight"] == 1 for c in coins.values())  # a coin weighs one coin
    garnet = next(item for item in written["items"] if item["name"] == "Garnet")
    assert (
        garnet["system"]["quantity"]["value"],
        garnet["system"]["cost"],
        garnet["system"]["treasure"],
    ) == (2, 50, True)
    assert not any("not written" in line for line in notes_out)
    assert [effect["name"] for effect in written["effects"]] == [
        "Bless",
        "Mummy rot",
        "Healing draught",
    ]
    assert any("effects" in line for line in notes_out)
    again, _problems, _kept = character_from_foundry(json.loads(json.dumps(written)))
    assert again == sheet


@pytest.mark.parametrize("path", [p for p in sample_files("ose")], ids=lambda p: p.stem)
def test_every_ose_sample_goes_there_and_back_with_every_number(path: Path) -> None:
    sheet = load_sheet(path).model
    if isinstance(sheet, CharacterSheet):
        written, _notes = character_to_foundry(sheet)
        again, problems, _kept = character_from_foundry(json.loads(json.dumps(written)))
    else:
        assert isinstance(sheet, MonsterSheet)
        written, _notes = monster_to_foundry(sheet)
        read = monster_from_foundry(json.loads(json.dumps(written)))
        again, problems = read.sheet, read.problems
    assert problems == []
    assert _numbers(again) == _numbers(sheet)
    assert again.notes == sheet.notes


def test_what_foundry_cannot_hold_is_reported() -> None:
    from m3desk.systems.ose.sheet import Weapon

    sheet = CharacterSheet(
        name="Bruno",
        weapons=(Weapon(name="pike", two_handed=True, brace=True),),
        load_coins=300,
        overrides={"thac0": 17, "open_doors": 3},
    )
    written, notes = character_to_foundry(sheet)
    joined = " ".join(notes)
    assert "two-handed and braced" in joined
    assert "load" in joined and "overrides (open_doors)" in joined
    assert written["system"]["thac0"]["value"] == 17  # Foundry holds THAC0 itself


def test_a_bad_class_or_score_is_reported_not_raised() -> None:
    actor = {
        "name": "Odd",
        "type": "character",
        "system": {
            "scores": {"str": {"value": 25}},
            "details": {"class": "Barbarian", "level": 40},
        },
    }
    sheet, problems, _kept = character_from_foundry(actor)
    assert sheet.char_class.value == "fighter" and sheet.level == 14
    joined = " ".join(problems)
    assert "Barbarian" in joined and "STR" in joined and "level 40" in joined


def test_a_monster_file_of_format_1_opens_without_hit_point_dice() -> None:
    loaded = load_sheet(FIXTURES.parent / "ose_monster_v1" / "goblin.m3m")
    assert loaded.migrated_from == 1
    assert isinstance(loaded.model, MonsterSheet) and loaded.model.hit_point_dice is None
    assert loaded.model.name == "Goblin"


@pytest.mark.parametrize(
    "path",
    [
        *(p for p in sample_files("ose") if isinstance(load_sheet(p).model, CharacterSheet)),
        *(FIXTURES / f"{stem}.json" for stem in ("mira-the-thief", "wrenna-quickfingers")),
    ],
    ids=lambda p: p.stem,
)
def test_gear_coins_treasure_and_languages_go_there_and_back_in_their_fields(path: Path) -> None:
    """The sheet's own fields (format 2) are written as Foundry items and languages and read
    back into the same fields: every row, count and coin."""
    if path.suffix == ".json":
        sheet = character_from_foundry(json.loads(path.read_text(encoding="utf-8")))[0]
    else:
        sheet = load_sheet(path).model
    assert isinstance(sheet, CharacterSheet)
    assert sheet.equipment or sheet.languages or any(sheet.coins.model_dump().values())
    written, problems = character_to_foundry(sheet)
    assert not any("not written" in line and "equipment" in line for line in problems)
    again = character_from_foundry(json.loads(json.dumps(written)))[0]
    assert (again.equipment, again.coins, again.languages, again.treasure) == (
        sheet.equipment,
        sheet.coins,
        sheet.languages,
        sheet.treasure,
    )


def _gear(
    name: str, kind: str, weight: float, inside: str = "", own: str = "", quantity: int = 1
) -> dict[str, Any]:
    item: dict[str, Any] = {
        "name": name,
        "type": kind,
        "system": {
            "quantity": {"value": quantity, "max": 0},
            "weight": weight,
            "cost": 1,
            "containerId": inside,
            "treasure": False,
        },
    }
    if own:
        item["_id"] = own
    return item


def test_gear_weights_and_a_container_inside_another_are_kept_there_and_back() -> None:
    """A pouch inside a backpack, flint inside the pouch, rope with its weight: each row keeps
    its container (the pouch as a row of the backpack) and its weight in coins, the report
    names nothing of them, and the export nests them again as Foundry does."""
    actor = {
        "name": "Oswin",
        "type": "character",
        "system": {"details": {"class": "Fighter", "level": 1}, "hp": {"value": 6, "max": 6}},
        "items": [
            _gear("Backpack", "container", 20, own="bp0000000000001"),
            _gear("Pouch", "container", 1, inside="bp0000000000001", own="pu0000000000001"),
            _gear("Flint and steel", "item", 2, inside="pu0000000000001"),
            _gear("Rope, 50'", "item", 50, inside="bp0000000000001"),
            _gear("Torches", "item", 10, quantity=6),
            _gear("Chalk", "item", 0),
        ],
    }
    sheet, problems, _kept = character_from_foundry(actor)
    rows = {item.name: (item.quantity, item.weight) for item in sheet.equipment}
    assert rows == {
        "Backpack": (1, 20),
        "Pouch (in Backpack)": (1, 1),
        "Flint and steel (in Pouch)": (1, 2),
        "Rope, 50' (in Backpack)": (1, 50),
        "Torches": (6, 10),
        "Chalk": (1, None),
    }
    assert not any("weight" in line or "container" in line for line in problems), problems
    written, _problems = character_to_foundry(sheet)
    by_name = {
        item["name"]: item for item in written["items"] if item["type"] in ("item", "container")
    }
    assert {name: item["system"]["weight"] for name, item in by_name.items()} == {
        "Backpack": 20,
        "Pouch": 1,
        "Flint and steel": 2,
        "Rope, 50'": 50,
        "Torches": 10,
        "Chalk": 0,
    }
    assert by_name["Pouch"]["type"] == by_name["Backpack"]["type"] == "container"
    assert by_name["Pouch"]["system"]["containerId"] == by_name["Backpack"]["_id"]
    assert by_name["Flint and steel"]["system"]["containerId"] == by_name["Pouch"]["_id"]
    again = character_from_foundry(json.loads(json.dumps(written)))[0]
    assert again.equipment == sheet.equipment
