"""The bundled OSE tables held to the SRD's text, every row, and every monster to the bestiary.

``tools/build_ose_tables.py`` commits every row of the SRD's tables as printed (its cells) in
``resources/tables/ose/srd/extract.json``. This test reads that extract and the errata,
independently of the tool's code, and checks that each shipped table has exactly the SRD's
rows (range, result, number appearing), that each treasure type gives what the SRD's lines
say, that every monster named resolves to a bestiary entry, and (when the SRD mirror is on
the machine) that the extract's lines are the SRD's own.
"""

from __future__ import annotations

import json
import re
import subprocess
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from m3desk.assets import resource_path
from m3desk.core.dice import Roller
from m3desk.core.tables import TableSet, dice_text, roll
from m3desk.core.treasure import roll_treasure
from m3desk.storage.bestiary import load_bestiary
from m3desk.storage.tables import load_tables

HERE = resource_path("tables", "ose")
SRD = Path("/work/.mirror/oldmanumby+ose.srd/repo")
KINDS = {
    "Armor or Shield": "Armour and Shields",
    "Miscellaneous Item": "Miscellaneous Items",
    "Potion": "Potions",
    "Ring": "Rings",
    "Rod / Staff / Wand": "Rods, Staves and Wands",
    "Scroll or Map": "Scrolls and Maps",
    "Sword": "Swords",
    "Weapon": "Weapons",
}
"""The SRD's Magic Item Type results → the tables they send the roll to (at the same level)."""


@pytest.fixture(scope="module")
def tables() -> TableSet:
    found = load_tables("ose")
    assert found.problems == ()
    return found


@pytest.fixture(scope="module")
def extract() -> dict[str, Any]:
    return json.loads((HERE / "srd" / "extract.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def errata() -> dict[str, Any]:
    return json.loads((HERE / "srd" / "errata.json").read_text(encoding="utf-8"))


def _span(cell: str, percent: bool) -> tuple[int, int]:
    ends = [int(p) for p in re.split(r"[–-]", cell.strip())]
    low, high = ends[0], ends[-1]
    return (low or 100, high or 100) if percent else (low, high)


def _expected(table: dict[str, Any], errata: dict[str, Any], dice: str) -> list[tuple[Any, ...]]:
    """(low, high, result, number appearing) per SRD line, read from the printed cells."""
    fixes = errata["text_fixes"]
    out = []
    for first, second in table["lines"]:
        roll_cell, result = (first, second)
        low, high = _span(roll_cell, dice == "1d100")
        appearing = None
        if table["table"].startswith("Dungeon"):
            match = re.fullmatch(r"(.+?)\s*\(([^()]+)\)", result)
            assert match, result
            result, appearing = match[1], match[2]
        result = fixes.get(result, result).rstrip("*")
        subtable = None
        if table["table"].startswith("Wilderness Encounters"):
            code, kind = result.split(" - ")
            if code == "C" and kind == "Human":
                kind += ", City" if table["table"].endswith("City") else ", Settled"
            subtable = f"Wilderness Sub-Table {code}: {kind}"
        if table["table"].startswith("Magic Item Type"):
            level = table["table"].removeprefix("Magic Item Type ")
            subtable = f"{KINDS[result]} {level}"
        out.append((low, high, result, appearing, subtable))
    return out


def test_every_row_of_every_table_is_the_srds(
    tables: TableSet, extract: dict[str, Any], errata: dict[str, Any]
) -> None:
    printed = [t for t in extract["tables"] if not t["table"].startswith("Treasure Type")]
    assert len(printed) == len(tables) == 71
    rows = 0
    for source in printed:
        table = tables.get(source["table"])
        assert table is not None, source["table"]
        expected = _expected(source, errata, str(table.dice))
        shipped = [
            (
                r.low,
                r.high,
                r.text if table.name != "Gems" else f"{r.value_gp:,}gp",
                dice_text(r.appearing) if r.appearing is not None else None,
                r.table,
            )
            for r in table.rows
        ]
        assert shipped == expected, table.name
        rows += len(shipped)
        assert sum(chance for _row, chance in table.chances()) == 1
    assert rows == 885


def test_the_dice_are_the_srds(tables: TableSet) -> None:
    for name in tables.names():
        table = tables.get(name)
        assert table is not None
        want = (
            "1d20"
            if name.startswith(("Dungeon", "Gems"))
            else "1d8"
            if name.startswith("Wilderness Encounters")
            else "1d12"
            if name.startswith("Wilderness Sub-Table")
            else "1d100"
            if name.endswith("(Expert)")
            else ""
        )
        if want:
            assert str(table.dice) == want, name
    assert str(tables.get("Potions (Basic)").dice) == "1d8"  # type: ignore[union-attr]
    assert str(tables.get("Miscellaneous Items (Basic)").dice) == "1d10"  # type: ignore[union-attr]


def test_every_monster_named_resolves_to_the_bestiary(
    tables: TableSet, errata: dict[str, Any]
) -> None:
    bestiary = load_bestiary(resource_path("bestiary", "ose", "srd-monsters.json"))
    known = {entry.name for entry in bestiary.entries}
    named = 0
    for name in tables.names():
        table = tables.get(name)
        assert table is not None
        for row in table.rows:
            if not name.startswith(("Dungeon", "Wilderness Sub-Table")):
                assert row.monster is None
                continue
            if row.monster is None:
                assert row.text in errata["not_monsters"], (name, row.text)
            else:
                assert row.monster in known, (name, row.text, row.monster)
                named += 1
    assert named == 506


def test_the_level_one_goblins_roll_as_the_book_says(tables: TableSet) -> None:
    table = tables.get("Dungeon Encounters: Level 1")
    assert table is not None
    result = roll(table, Roller(1), typed=[6])
    assert (result.text, result.monster, result.appearing_dice) == ("Goblin", "Goblin", "2d4")
    assert result.appearing is not None and 2 <= result.appearing <= 8
    assert dict((r.text, c) for r, c in table.chances())["Goblin"] == Fraction(1, 20)


def _treasure_words(line: Any) -> str:
    parts = []
    for part in line.parts:
        if part.kind == "coins":
            times = f" × {part.coins.times:,}" if part.coins.times != 1 else ""
            parts.append(f"{part.coins.dice}{times}{part.coins.coin}")
        else:
            times = f" × {part.times}" if part.times != 1 else ""
            parts.append(f"{dice_text(part.count)}{times} {part.kind}:{part.table or part.each}")
    return (f"{line.chance}%: " if line.chance < 100 else "") + " + ".join(parts)


def _srd_words(text: str) -> str:
    """An SRD treasure line in the same words as :func:`_treasure_words`."""
    chance = ""
    if "%: " in text:
        left, text = text.split("%: ", 1)
        chance = f"{left}%: "
    parts = []
    for piece in re.split(r",? plus ", text):
        piece = piece.removesuffix(" (not weapons)")
        coins = re.fullmatch(r"(\d+d\d+)(?: × ([\d,]+))?(cp|sp|ep|gp|pp)", piece)
        if coins:
            times = f" × {int(coins[2].replace(',', '')):,}" if coins[2] else ""
            parts.append(f"{coins[1]}{times}{coins[3]}")
            continue
        things = re.fullmatch(r"(\d+d\d+|\d+)(?: × (\d+))? (.+)", piece)
        assert things, piece
        times = f" × {things[2]}" if things[2] else ""
        what = things[3]
        kind = (
            "gems:Gems"
            if what == "gems"
            else "jewellery:3d6 × 100gp"
            if "jewel" in what
            else "magic items:Potions"
            if what.startswith("potion")
            else "magic items:Scrolls and Maps"
            if what.startswith("scroll")
            else "magic items:Magic Item Type"
        )
        parts.append(f"{things[1]}{times} {kind}")
    return chance + " + ".join(parts)


def test_every_treasure_type_gives_what_the_srd_says(
    tables: TableSet, extract: dict[str, Any]
) -> None:
    printed = {
        t["table"].removeprefix("Treasure Type "): t
        for t in extract["tables"]
        if t["table"].startswith("Treasure Type")
    }
    assert sorted(printed) == [chr(c) for c in range(ord("A"), ord("V") + 1)]
    for letter, source in printed.items():
        kind = tables.treasure_types[letter.casefold()]
        shipped = [_treasure_words(line) for line in kind.lines]
        expected = [_srd_words(line[0]) for line in source["lines"]]
        assert shipped == expected, letter
        average = re.search(r"\(([\d.,]+)gp average\)", source["heading"])
        assert average and kind.average_gp == float(average[1].replace(",", ""))


def test_a_rolled_hoard_adds_up(tables: TableSet) -> None:
    for seed in range(20):
        treasure = roll_treasure(tables, "H", Roller(seed))
        coins = sum((c.value_gp for c in treasure.coins), Fraction(0))
        assert treasure.value_gp == coins + sum(i.value_gp or 0 for i in treasure.items)
        for gem in treasure.of_kind("gems"):
            assert gem.value_gp in (10, 50, 100, 500, 1000)
        for piece in treasure.of_kind("jewellery"):
            assert piece.value_gp is not None and 300 <= piece.value_gp <= 1800
            assert piece.value_gp % 100 == 0
    individual = roll_treasure(tables, "p", Roller(3))
    assert len(individual.coins) == 1 and individual.coins[0].coin == "cp"
    assert 3 <= individual.coins[0].amount <= 24


def test_treasure_b_keeps_only_a_sword_armour_or_weapon(tables: TableSet) -> None:
    kinds = set()
    for seed in range(300):
        for item in roll_treasure(tables, "B", Roller(seed)).of_kind("magic items"):
            assert item.result is not None
            kinds.add(item.result.steps[0].row.text)
    assert kinds == {"Armor or Shield", "Sword", "Weapon"}


@pytest.mark.skipif(not SRD.is_dir(), reason="the SRD mirror is not on this machine")
def test_the_extract_is_the_srds_own_text(extract: dict[str, Any]) -> None:
    assert (
        subprocess.run(
            ["git", "-C", str(SRD), "rev-parse", "HEAD"], capture_output=True, text=True, check=True
        ).stdout.strip()
        == extract["commit"]
    )
    texts: dict[str, str] = {}
    for table in extract["tables"]:
        source = table["source"]
        if source not in texts:
            texts[source] = subprocess.run(
                ["git", "-C", str(SRD), "show", f"HEAD:{source}"],
                capture_output=True,
                text=True,
                check=True,
            ).stdout
        lines = texts[source].splitlines()
        for cells in table["lines"]:
            if table["table"].startswith("Treasure Type"):
                assert f"- {cells[0]}." in lines or f"- {cells[0]}" in lines, cells
                continue
            assert any(
                line.lstrip().startswith("|")
                and all(f" {c} " in f" {line} " or f"|{c}|" in line.replace(" ", "") for c in cells)
                for line in lines
            ), (table["table"], cells)
