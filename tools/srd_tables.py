"""The OSE SRD's class tables as numbers, for the test that reads every row of OSE's tables
against the book (tests/systems/ose/test_tables_from_the_book.py).

Reads each class page of the SRD (a git directory: ``--srd``, by default the mirror of
oldmanumby/ose.srd) and writes, per class, what its header table and its level progression
table say: prime requisites, the hit die, the maximum level, and per level the XP, Hit
Dice, THAC0 and the five saving throws; the thief's skills by level; and the monsters'
attack matrix, saving throws and XP by Hit Dice. Only numbers and
names (facts); no text of the book is kept.

    .venv/bin/python tools/srd_tables.py > tests/fixtures/ose_srd_tables.json
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys

CLASSES = {
    "cleric": "1_Cleric",
    "dwarf": "2_Dwarf",
    "elf": "3_Elf",
    "fighter": "4_Fighter",
    "halfling": "5_Halfling",
    "magic-user": "6_Magic-User",
    "thief": "7_Thief",
}
DEFAULT_SRD = "/work/.mirror/oldmanumby+ose.srd/repo"


def _page(srd: str, name: str) -> str:
    return subprocess.run(
        ["git", "-C", srd, "show", f"HEAD:2_Classes/{name}.md"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def _rows(page: str, heading: str) -> list[list[str]]:
    """The table's rows whose first cell is a level, from the first header row naming
    ``heading`` on."""
    lines = page.splitlines()
    start = next(
        i for i, line in enumerate(lines) if line.startswith("|") and heading in _cells(line)
    )
    rows = []
    for line in lines[start + 1 :]:
        if not line.startswith("|"):
            break
        cells = _cells(line)
        if re.fullmatch(r"\d+", cells[0]):
            rows.append(cells)
    return rows


def _number(text: str) -> int:
    return int(text.replace(",", "").split("[")[0].strip())


def read_class(page: str) -> dict[str, object]:
    header = {
        cells[0]: cells[1]
        for line in page.splitlines()[:12]
        if line.startswith("|") and len(cells := _cells(line)) == 2
    }
    levels = []
    for cells in _rows(page, "XP"):
        levels.append(
            {
                "level": int(cells[0]),
                "xp": _number(cells[1]),
                "hd": cells[2],
                "thac0": _number(cells[3]),
                "saves": [int(cells[i]) for i in range(4, 9)],
            }
        )
    return {
        "prime": header["Prime requisite"],
        "hit_die": header["Hit Dice"],
        "max_level": int(header["Maximum level"]),
        "levels": levels,
    }


def read_thief_skills(page: str) -> list[dict[str, int]]:
    keys = ("CS", "TR", "HN", "HS", "MS", "OL", "PP")
    found = []
    for cells in _rows(page, "CS"):
        row = {"level": int(cells[0])}
        for key, cell in zip(keys, cells[1:8], strict=True):
            row[key] = int(cell.split("–")[-1])  # HN "1–2": the top face of the d6
        found.append(row)
    return found


def _srd_file(srd: str, path: str) -> str:
    return subprocess.run(
        ["git", "-C", srd, "show", f"HEAD:{path}"], capture_output=True, text=True, check=True
    ).stdout


def _table_after(page: str, heading: str) -> list[list[str]]:
    """The data rows of the first table after the line ``heading``."""
    lines = page.splitlines()
    start = lines.index(heading)
    rows: list[list[str]] = []
    for line in lines[start + 1 :]:
        if line.startswith("|"):
            rows.append(_cells(line))
        elif rows:
            break
    return [
        row
        for row in rows
        if not set(row[0]) <= set(":- ") and row[0] not in ("", "Monster HD", "Hit Dice")
    ]


def read_monsters(srd: str) -> dict[str, object]:
    """The attack matrix (THAC0 and the roll to hit AC −3 … 9 by Hit Dice), the monster
    saving throws by Hit Dice, and the XP by Hit Dice."""
    combat = _srd_file(srd, "5_Adventures/13_Combat_Tables.md")
    matrix = [
        {
            "hd": row[0],
            "thac0": _number(row[1]),
            "to_hit": [int(cell.strip("*")) for cell in row[2:15]],
        }
        for row in _table_after(combat, "## Attack Matrix")
    ]
    saves = [
        {"hd": row[0], "saves": [int(cell) for cell in row[1:6]]}
        for row in _table_after(combat, "## Monster Saving Throws")
    ]
    awarding = _srd_file(srd, "6_Running_Adventures/9_Awarding_XP.md")
    xp = [
        {"hd": row[0], "base": _number(row[1]), "bonus": _number(row[2])}
        for row in _table_after(awarding, "## Defeated Monsters")
    ]
    return {"attack_matrix": matrix, "saves": saves, "xp": xp}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--srd", default=DEFAULT_SRD)
    srd = parser.parse_args().srd
    tables: dict[str, object] = {
        "source": "OSE SRD (oldmanumby/ose.srd), 2_Classes/*.md",
        "classes": {},
    }
    for key, name in CLASSES.items():
        page = _page(srd, name)
        tables["classes"][key] = read_class(page)  # type: ignore[index]
        if key == "thief":
            tables["thief_skills"] = read_thief_skills(page)
    tables["monsters"] = read_monsters(srd)
    json.dump(tables, sys.stdout, indent=1, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
