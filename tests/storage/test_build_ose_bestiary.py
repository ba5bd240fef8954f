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
    return {"entries": {"Goblin King": {"block": "Goblin", "derived": True, "damage_bonus": 1,
                                        "morale": 9, "quote": "A 3HD (15hp) king",
                                        "set": {"hd": "3 (15hp)", "xp": "35", "thac0": "By HD",
                                                "saves": "By **HD**", "treasure": "",
                                                "appearing": "1"}}},
            "sizes": {"Goblin": {"size": "small", "why": "“Small”"},
                      "Goblin King": {"size": "small", "why": "as the goblin"},
                      "Conjured Snakes": {"size": "small", "why": "open"}},
            "differences": [], **extra}


def test_it_reads_tables_and_one_line_blocks_as_printed(tool: ModuleType) -> None:
    blocks = tool.read_blocks({"Goblin.md": GOBLIN, "Sticks.md": SNAKES})
    assert [(b["name"], b["fields"]["attacks"]) for b in blocks] == [
        ("Goblin", "1 × weapon (1d6 or by weapon)"), ("Conjured Snakes", "1 × bite (1d4)")]
    assert blocks[1]["fields"]["xp"] == "10 (13 if poisonous)"
    assert "appearing" not in blocks[1]["fields"]


def test_it_builds_the_sheet_from_the_srd_and_says_what_is_not_given(tool: ModuleType) -> None:
    _blocks, monsters = tool.build({"Goblin.md": GOBLIN, "Sticks.md": SNAKES}, _errata())
    by_name = {m["sheet"]["name"]: m for m in monsters}
    goblin = by_name["Goblin"]["sheet"]
    assert goblin["attacks"] == [{"name": "Weapon", "count": 1, "damage": "1d6"}]
    assert (goblin["hit_dice"], goblin["hit_dice_modifier"], goblin["xp"]) == (1, -1, 5)
    king = by_name["Goblin King"]
    assert king["sheet"]["attacks"][0]["damage"] == "1d6+1"
    assert (king["sheet"]["hit_points"], king["sheet"]["morale"], king["srd"]["thac0"]) == \
        (15, 9, 17)
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
    theirs = {m["sheet"]["name"]: (MonsterSheet.model_validate(m["sheet"]), dict(m["srd"]))
              for m in monsters}
    sheet, printed = theirs["Goblin"]
    sword = MonsterAttack(name="Sword", count=1, damage="1d8")  # type: ignore[arg-type]
    theirs["Goblin"] = (sheet.model_copy(update={"attacks": (sword,)}), printed)
    found, problems, compared = tool.check_against(monsters, theirs, errata)
    assert found == [{"monster": "Goblin", "field": "attacks", "srd": "1 × (1d6)",
                      "compendium": "1 × (1d8)"}]
    assert len(problems) == 1 and problems[0].startswith("unexplained")
    assert compared >= 2 * 12
    explained = _errata(differences=[{**found[0], "reason": "The SRD prints 1d6."}])
    assert tool.check_against(monsters, theirs, explained)[1] == []
    unreasoned = _errata(differences=[{**found[0], "reason": ""}])
    assert tool.check_against(monsters, theirs, unreasoned)[1][0].startswith("no reason")
    theirs["Goblin"] = (sheet, printed)  # the second source fixed: the erratum is stale
    assert tool.check_against(monsters, theirs, explained)[1][0].startswith("stale")
