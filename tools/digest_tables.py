"""AD&D 2e's tables as the rules digest prints them (/work/shared/rules/adnd2e.md: PHB
Tables 1, 2, 47, 53 and 60, DMG Table 39), as numbers, for the test that reads every row of
m3desk's AD&D tables against them (tests/systems/adnd2e/test_tables_from_the_digest.py).

    .venv/bin/python tools/digest_tables.py > tests/fixtures/adnd2e_digest_tables.json
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

DEFAULT_DIGEST = Path("/work/shared/rules/adnd2e.md")


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def _table_after(lines: list[str], marker: str) -> list[list[str]]:
    """The rows (header first, the |---| line left out) of the first table after the first
    line starting with ``marker``."""
    start = next(i for i, line in enumerate(lines) if line.startswith(marker))
    rows: list[list[str]] = []
    for line in lines[start + 1 :]:
        if line.startswith("|"):
            if not re.fullmatch(r"[|\-: ]+", line.strip()):
                rows.append(_cells(line))
        elif rows:
            break
    return rows


def _signed(text: str) -> int:
    return int(text.replace("−", "-").replace("+", "").split("(")[0].strip())


def read(digest: str) -> dict[str, object]:
    lines = digest.splitlines()
    strength = [
        {"str": row[0], "hit": _signed(row[1]), "damage": _signed(row[2])}
        for row in _table_after(lines, "**Strength**")[1:]
    ]
    dex_rows = _table_after(lines, "**Dexterity**")
    dexterity = [
        {"dex": score, "reaction": _signed(reaction), "defensive": _signed(defensive)}
        for score, reaction, defensive in zip(
            dex_rows[0][1:], dex_rows[1][1:], dex_rows[2][1:], strict=True
        )
    ]
    thac0_rows = _table_after(lines, "**THAC0 by level**")
    thac0 = {row[0].lower(): [int(cell) for cell in row[1:]] for row in thac0_rows[1:]}
    first = next(i for i, line in enumerate(lines) if line.startswith("**Monster THAC0 by HD**"))
    paragraph = " ".join(lines[first : lines.index("", first)])
    listed = re.search(r"High\): (.*?)\.\s", paragraph)
    assert listed is not None
    monster_thac0 = [
        {"hd": item.rsplit(" ", 1)[0], "thac0": int(item.rsplit(" ", 1)[1])}
        for item in listed[1].split("; ")
    ]
    saves: dict[str, list[dict[str, object]]] = {}
    for row in _table_after(lines, "**Saving throws**")[1:]:
        saves[row[0].lower()] = [
            {
                "levels": band.split(":")[0].strip(),
                "saves": [int(value) for value in band.split(":")[1].split()],
            }
            for band in row[1].split(" · ")
        ]
    encumbrance = [
        {"str": row[0], "starts": [int(cell) for cell in row[1:5]], "maximum": int(row[5])}
        for row in _table_after(lines, "| STR | Light")[0:]
        if row[0] != "STR"
    ]
    return {
        "source": "rules digest /work/shared/rules/adnd2e.md §1, §2, §6",
        "strength": strength,
        "dexterity": dexterity,
        "thac0": thac0,
        "monster_thac0": monster_thac0,
        "saves": saves,
        "encumbrance": encumbrance,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--digest", type=Path, default=DEFAULT_DIGEST)
    digest = parser.parse_args().digest.read_text(encoding="utf-8")
    json.dump(read(digest), sys.stdout, indent=1, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
