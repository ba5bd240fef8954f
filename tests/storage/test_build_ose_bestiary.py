"""The bestiary build: reads SRD stat blocks, and stops on a difference nobody explained."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from m3desk.systems.ose.sheet import MonsterAttack, MonsterSheet

GOBLIN = """# Goblin

Small, grotesque humanoids.

------

| Armor Class     | 6 [13]                        |
| ---------------- | ----------------------------- |
| Hit Dice         | 1-1 (3hp)                     |
| Attacks          | 1 × weapon (1d6 or by weapon) |
| THAC0            | 19 [0]                        |
| Movement         | 60’ (20’)                     |
| Saving Throws    | D14 W15 P16 B17 S18 (NH)      |
| Morale           | 7 (9 with king)               |
| Alignment        | Chaotic                       |
| XP               | 5 (bodyguard: 20, king: 35)   |
| Number Appearing | 2d4 (6d10)                    |
| Treasure Type    | R (C)                         |

- **Goblin king and bodyguards:** A 3HD (15hp) king and 2d6 2HD (2d6hp) bodyguards.
"""
SNAKES = """#### Conjured Snakes

**AC** 6 [13], **HD** 1 (4hp), **Att** 1 × bite (1d4), **THAC0** 19 [0], **MV** 90’ (30’), \
**SV** D12 W13 P14 B15 S16 (1), **ML** 7, **AL** Neutral, **XP** 10 (13 if poisonous)
"""


@pytest.fixture(scope="module")
def tool() -> ModuleType:
    path = Path(__file__).resolve().parents[2] / "tools" / "build_ose_bestiary.py"
    spec = importlib.util.spec_from_file_location("build_ose_bestiary", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _errata(**extra: Any) -> dict[str, Any]:
    return {
        "entries": {
            "Goblin King": {
                "block": "Goblin",
                "derived": True,
                "damage_bonus": 1,
                "morale": 9,
                "quote": "A 3HD (15hp) king",
                "set": {
                    "hd": "3 (15hp)",
                    "xp": "35",
                    "thac0": "By HD",
                    "saves": "By **HD**",
                    "treasure": "",
                    "appearing": "1",
                },
            }
        },
        "sizes": {
            "Goblin": {"size": "small", "why": "“Small”"},
            "Goblin King": {"size": "small", "why": "as the goblin"},
            "Conjured Snakes": {"size": "small", "why": "open"},
        },
        "differences": [],
        **extra,
    }


def test_it_reads_tables_and_one_line_blocks_as_printed(tool: ModuleType) -> None:
    blocks = tool.read_blocks({"Goblin.md": GOBLIN, "Sticks.md": SNAKES})
    assert [(b["name"], b["fields"]["attacks"]) for b in blocks] == [
        ("Goblin", "1 × weapon (1d6 or by weapon)"),
        ("Conjured Snakes", "1 × bite (1d4)"),
    ]
    assert blocks[1]["fields"]["xp"] == "10 (13 if poisonous)"
    assert "appearing" not in blocks[1]["fields"]


def test_it_builds_the_sheet_from_the_srd_and_says_what_is_not_given(tool: ModuleType) -> None:
    _blocks, monsters = tool.build({"Goblin.md": GOBLIN, "Sticks.md": SNAKES}, _errata())
    by_name = {m["sheet"]["name"]: m for m in monsters}
    goblin = by_name["Goblin"]["sheet"]
    # the attacks as the monster form's reader makes them from the line (as the loader does)
    assert goblin["attacks"] == [
        {
            "name": "weapon",
            "count": 1,
            "damage": "1d6",
            "effect": "",
            "routine": 1,
            "uses": 0,
            "breath": False,
            "own_hit_points": False,
            "save": None,
            "opens": False,
            "chance": 0,
        }
    ]
    assert goblin["hit_point_dice"] is None  # rolled with its Hit Dice
    assert (goblin["hit_dice"], goblin["hit_dice_modifier"], goblin["xp"]) == (1, -1, 5)
    king = by_name["Goblin King"]
    assert king["sheet"]["attacks"][0]["damage"] == "1d6+1"
    assert (king["sheet"]["hit_points"], king["sheet"]["morale"], king["srd"]["thac0"]) == (
        15,
        9,
        17,
    )
    assert "treasure type" in king["sheet"]["notes"]
    snakes = by_name["Conjured Snakes"]["sheet"]
    assert snakes["notes"] == "Not given in the SRD: number appearing; treasure type."


def test_a_quote_missing_from_the_srd_stops_the_build(tool: ModuleType) -> None:
    errata = _errata()
    errata["entries"]["Goblin King"]["quote"] = "A 4HD (20hp) king"
    with pytest.raises(ValueError, match=r"is not in Goblin\.md"):
        tool.build({"Goblin.md": GOBLIN, "Sticks.md": SNAKES}, errata)


def test_an_unexplained_or_stale_difference_stops_the_build(tool: ModuleType) -> None:
    errata = _errata()
    _blocks, monsters = tool.build({"Goblin.md": GOBLIN}, errata)
    theirs = {
        m["sheet"]["name"]: (MonsterSheet.model_validate(m["sheet"]), dict(m["srd"]))
        for m in monsters
    }
    sheet, printed = theirs["Goblin"]
    sword = MonsterAttack(name="Sword", count=1, damage="1d8")  # type: ignore[arg-type]
    theirs["Goblin"] = (sheet.model_copy(update={"attacks": (sword,)}), printed)
    found, problems, compared = tool.check_against(monsters, theirs, errata)
    assert found == [
        {"monster": "Goblin", "field": "attacks", "srd": "1 × (1d6)", "compendium": "1 × (1d8)"}
    ]
    assert len(problems) == 1 and problems[0].startswith("unexplained")
    assert compared >= 2 * 12
    explained = _errata(differences=[{**found[0], "reason": "The SRD prints 1d6."}])
    assert tool.check_against(monsters, theirs, explained)[1] == []
    unreasoned = _errata(differences=[{**found[0], "reason": ""}])
    assert tool.check_against(monsters, theirs, unreasoned)[1][0].startswith("no reason")
    theirs["Goblin"] = (sheet, printed)  # the second source fixed: the erratum is stale
    assert tool.check_against(monsters, theirs, explained)[1][0].startswith("stale")


BRIGAND = """# Brigand

| Armor Class     | 6 [13], 4 [15], or 3 [16]     |
| ---------------- | ----------------------------- |
| Hit Dice         | 1 (4hp)                       |
| Attacks          | 1 × weapon (1d6 or by weapon) |
| THAC0            | 19 [0]                        |
| Movement         | 120’ (40’)                    |
| Saving Throws    | D12 W13 P14 B15 S16 (1)       |
| Morale           | 8                             |
| Alignment        | Chaotic                       |
| XP               | 10                            |
| Number Appearing | 0 (1d4 × 10)                  |
| Treasure Type    | A                             |
"""


def _brigands(*names: str) -> dict[str, Any]:
    errata = _errata()
    errata["entries"] = {
        name: {"block": "Brigand", "replaces": "Brigand", "variant": number, "by": "ac"}
        for number, name in enumerate(names)
    }
    errata["sizes"] = {name: {"size": "human-sized", "why": "open"} for name in names}
    return errata


def test_a_blocks_variants_are_named_by_what_sets_them_apart(tool: ModuleType) -> None:
    names = ("Brigand (AC 6 [13])", "Brigand (AC 4 [15])", "Brigand (AC 3 [16])")
    _blocks, monsters = tool.build({"Brigand.md": BRIGAND}, _brigands(*names))
    assert [(m["sheet"]["name"], m["sheet"]["armour_class"]) for m in monsters] == [
        ("Brigand (AC 3 [16])", 3),
        ("Brigand (AC 4 [15])", 4),
        ("Brigand (AC 6 [13])", 6),
    ]
    with pytest.raises(
        ValueError,
        match=r"Brigand a: a variant of “Brigand”, named "
        r"“Brigand \(AC 6 \[13\]\)”",
    ):
        tool.build({"Brigand.md": BRIGAND}, _brigands("Brigand a", "Brigand b", "Brigand c"))


def test_the_hit_points_the_srd_fixes_are_the_sheets_hit_point_dice(tool: ModuleType) -> None:
    errata = _errata()
    errata["entries"]["Goblin Bodyguard"] = {
        "block": "Goblin",
        "derived": True,
        "quote": "2d6 2HD (2d6hp) bodyguards",
        "set": {
            "hd": "2 (7hp)",
            "xp": "20",
            "thac0": "By HD",
            "saves": "By **HD**",
            "treasure": "",
            "appearing": "2d6",
        },
    }
    errata["sizes"]["Goblin Bodyguard"] = {"size": "small", "why": "as the goblin"}
    errata["sizes"]["Normal Rat"] = {"size": "small", "why": "open"}
    rat = GOBLIN.replace("# Goblin", "# Normal Rat").replace("1-1 (3hp)", "1hp")
    _blocks, monsters = tool.build({"Goblin.md": GOBLIN, "Rat.md": rat}, errata)
    by_name = {m["sheet"]["name"]: m["sheet"] for m in monsters}
    assert (
        by_name["Goblin Bodyguard"]["hit_point_dice"],
        by_name["Goblin Bodyguard"]["hit_points"],
    ) == ("2d6", 7)
    assert (by_name["Normal Rat"]["hit_point_dice"], by_name["Normal Rat"]["hit_points"]) == (
        "+1",
        1,
    )
    assert by_name["Goblin King"]["hit_point_dice"] is None  # "(15hp)": a number, no dice


def test_a_compendium_name_is_matched_with_its_spaces_made_one(tool: ModuleType) -> None:
    errata = _errata()
    errata["entries"]["Goblin"] = {"block": "Goblin", "compendium": "Goblin  Raider"}
    _blocks, monsters = tool.build({"Goblin.md": GOBLIN}, errata)
    theirs = {
        m["sheet"]["name"]: (MonsterSheet.model_validate(m["sheet"]), dict(m["srd"]))
        for m in monsters
    }
    theirs["Goblin Raider"] = theirs.pop("Goblin")  # as the importer reads "Goblin  Raider"
    found, _problems, _compared = tool.check_against(monsters, theirs, errata)
    assert found == [
        {"monster": "Goblin", "field": "name", "srd": "Goblin", "compendium": "Goblin Raider"}
    ]


def test_variants_split_by_hit_dice_are_named_by_them_though_their_ac_differs(
    tool: ModuleType,
) -> None:
    block = (
        BRIGAND.replace("# Brigand", "# Air Elemental")
        .replace("6 [13], 4 [15], or 3 [16]  ", "2 [17] / 0 [19] / -2 [21]")
        .replace("1 (4hp)  ", "8 / 12 / 16*")
    )
    names = ("Air Elemental (HD 8)", "Air Elemental (HD 12)", "Air Elemental (HD 16)")
    errata = _errata()
    errata["entries"] = {
        name: {"block": "Air Elemental", "replaces": "Air Elemental", "variant": number}
        for number, name in enumerate(names)
    }
    errata["sizes"] = {name: {"size": "larger than human", "why": "open"} for name in names}
    _blocks, monsters = tool.build({"Air.md": block}, errata)
    assert [(m["sheet"]["name"], m["sheet"]["armour_class"]) for m in monsters] == [
        ("Air Elemental (HD 8)", 2),
        ("Air Elemental (HD 12)", 0),
        ("Air Elemental (HD 16)", -2),
    ]
