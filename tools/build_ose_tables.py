"""Build OSE's random tables from the SRD text: encounters, treasure types, gems, magic items.

Usage: ``python tools/build_ose_tables.py SRD_REPO [FOUNDRY_REPO]``

SRD_REPO is a git directory of oldmanumby/ose.srd (no work tree needed: files are read with
``git show HEAD:path``). The tool cuts every table the SRD prints in Markdown (the dungeon
encounter tables of levels 1–8+, the wilderness tables by terrain and their sub-tables, the
treasure types A–V, gems, jewellery's worth, the magic item type and each kind's table),
names and numbers only, and writes:

* ``resources/tables/ose/srd-tables.m3t``: the tables, as :mod:`m3desk.core.tables` reads them;
* ``resources/tables/ose/srd/extract.json``: every SRD row as printed (the cells of its line)
  with its source file and the SRD commit, so ``tests/storage/test_tables_srd.py`` re-checks
  every row of the tables against the SRD's own text without the mirror.

Monster names are resolved to the bestiary (``resources/bestiary/ose/srd-monsters.json``):
by the name as printed, its inverted form ("Beetle, Fire" → "Fire Beetle"), the part after
the comma ("Lycanthrope, Wererat" → "Wererat"), or the alias of ``srd/errata.json``; results
that are no monster (adventuring parties) are listed there with a reason. With FOUNDRY_REPO
(NecroticGnome/ose-foundry-content) every row is compared with the compendium's roll tables,
and the tool fails on a difference ``errata.json`` does not resolve.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "resources" / "tables" / "ose"
ERRATA = OUT / "srd" / "errata.json"
BESTIARY = ROOT / "resources" / "bestiary" / "ose" / "srd-monsters.json"

DUNGEON = "7_Monsters/3_Dungeon_Encounters.md"
WILDERNESS = "7_Monsters/4_Wilderness_Encounters.md"
TREASURE_TYPES = "8_Treasures/2_Treasure_Types.md"
GEMS = "8_Treasures/3_Gems_and_Jewellery.md"
MAGIC = "8_Treasures/4_Magic_Items_(General).md"
ITEM_FILES = {
    "Armor or Shield": ("8_Treasures/5_Armor_and_Shields.md", "Armour and Shields"),
    "Miscellaneous Item": ("8_Treasures/6_Miscellaneous_Items.md", "Miscellaneous Items"),
    "Potion": ("8_Treasures/7_Potions.md", "Potions"),
    "Ring": ("8_Treasures/8_Rings.md", "Rings"),
    "Rod / Staff / Wand": ("8_Treasures/9_Rods_Staffs_Wands.md", "Rods, Staves and Wands"),
    "Scroll or Map": ("8_Treasures/10_Scolls_and_Maps.md", "Scrolls and Maps"),
    "Sword": ("8_Treasures/11_Swords.md", "Swords"),
    "Weapon": ("8_Treasures/12_Weapons.md", "Weapons"),
}
LEVELS = {"B": "Basic", "X": "Expert"}
TERRAIN_LETTERS = {
    "B": "Barren, Hills, Mountains",
    "C": "City, Settled",
    "D": "Desert",
    "F": "Forest",
    "G": "Clear, Grasslands",
    "J": "Jungle",
    "L": "Lake, River",
    "O": "Ocean, Sea",
    "S": "Swamp",
}


def git_show(repo: Path, path: str) -> str:
    return subprocess.run(
        ["git", "-C", str(repo), "show", f"HEAD:{path}"], check=True, capture_output=True, text=True
    ).stdout


def git_commit(repo: Path) -> str:
    return subprocess.run(
        ["git", "-C", str(repo), "rev-parse", "HEAD"], check=True, capture_output=True, text=True
    ).stdout.strip()


def cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def markdown_tables(text: str) -> list[tuple[str, list[list[str]]]]:
    """(the heading above it, its lines' cells with the header first), for each table."""
    found: list[tuple[str, list[list[str]]]] = []
    heading = ""
    current: list[list[str]] | None = None
    for line in text.splitlines():
        if line.startswith("#"):
            heading = line.lstrip("#").strip()
        if line.lstrip().startswith("|"):
            row = cells(line)
            if all(re.fullmatch(r":?-+:?", c) for c in row if c):
                continue
            if current is None:
                current = []
                found.append((heading, current))
            current.append(row)
        else:
            current = None
    return found


def span(text: str) -> tuple[int, int]:
    """ "1–4", "1-4" or "28": the totals a row covers."""
    parts = [int(p) for p in re.split(r"[–-]", text.strip())]
    return parts[0], parts[-1]


def d100_span(text: str) -> tuple[int, int]:
    parts = [int(p) for p in re.split(r"[–-]", text.strip())]
    return parts[0] or 100, parts[-1] or 100


class Names:
    """Monster names as the tables print them → the bestiary's names."""

    def __init__(self, errata: dict[str, Any]) -> None:
        data = json.loads(BESTIARY.read_text(encoding="utf-8"))
        self.known = {m["sheet"]["name"] for m in data["monsters"]}
        self.aliases: dict[str, str] = errata["monster_aliases"]
        self.not_monsters: dict[str, str] = errata["not_monsters"]
        self.unresolved: set[str] = set()

    def resolve(self, printed: str) -> str | None:
        if printed in self.not_monsters:
            return None
        if printed in self.aliases:
            return self.aliases[printed]
        if printed in self.known:
            return printed
        if ", " in printed:
            head, tail = printed.split(", ", 1)
            for guess in (f"{tail} {head}", tail, f"{head}, {tail}"):
                if guess in self.known:
                    return guess
        self.unresolved.add(printed)
        return None


def clean(text: str, errata: dict[str, Any]) -> str:
    return errata["text_fixes"].get(text, text).rstrip("*").strip()


def monster_row(
    total: tuple[int, int], cell: str, names: Names, errata: dict[str, Any], with_appearing: bool
) -> dict[str, Any]:
    text, appearing = cell, None
    if with_appearing:
        match = re.fullmatch(r"(.+?)\s*\(([^()]+)\)", cell)
        if match is None:
            raise SystemExit(f"no number appearing in {cell!r}")
        text, appearing = match[1], match[2]
    text = clean(text, errata)
    row: dict[str, Any] = {"range": list(total), "text": text}
    monster = names.resolve(text)
    if monster is not None:
        row["monster"] = monster
    if appearing is not None:
        row["appearing"] = appearing
    return row


def dungeon(
    text: str, names: Names, errata: dict[str, Any], extract: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    tables: list[dict[str, Any]] = []
    for heading, rows in markdown_tables(text):
        header = rows[0]
        for column, level in enumerate(header[1:], start=1):
            name = f"Dungeon Encounters: {level.replace('-', '–')}"
            body = [
                monster_row((int(r[0]), int(r[0])), r[column], names, errata, True)
                for r in rows[1:]
            ]
            extract.append(
                {
                    "table": name,
                    "source": DUNGEON,
                    "heading": heading,
                    "column": column,
                    "lines": [[r[0], r[column]] for r in rows[1:]],
                }
            )
            tables.append(
                {
                    "name": name,
                    "dice": "1d20",
                    "rows": body,
                    "note": "For the dungeon level explored. The number appearing is "
                    "the table's (the SRD allows the monster's own).",
                }
            )
    return tables


def sub_table_name(code: str, kind: str, terrain: str) -> str:
    code = code.strip()
    if code == "C" and kind == "Human":
        kind = f"Human, {'City' if terrain == 'City' else 'Settled'}"
    return f"Wilderness Sub-Table {code}: {kind.strip()}"


def wilderness(
    text: str, names: Names, errata: dict[str, Any], extract: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    tables: list[dict[str, Any]] = []
    found = markdown_tables(text)
    terrain_rows = next(rows for heading, rows in found if "By Terrain" in heading)
    blocks: list[list[list[str]]] = []
    for row in terrain_rows:
        if row[0] == "d8":
            blocks.append([row])
        else:
            blocks[-1].append(row)
    for block in blocks:
        for column, terrain in enumerate(block[0][1:], start=1):
            body = []
            for r in block[1:]:
                code, kind = r[column].split(" - ", 1)
                sub = sub_table_name(code, kind, terrain)
                body.append({"range": [int(r[0]), int(r[0])], "text": r[column], "table": sub})
            name = f"Wilderness Encounters: {terrain}"
            extract.append(
                {
                    "table": name,
                    "source": WILDERNESS,
                    "heading": "By Terrain",
                    "column": column,
                    "lines": [[r[0], r[column]] for r in block[1:]],
                }
            )
            tables.append(
                {
                    "name": name,
                    "dice": "1d8",
                    "rows": body,
                    "note": "For the terrain explored; then 1d12 on the sub-table it "
                    "names. The number appearing is the monster's own "
                    "(wilderness).",
                }
            )
    for heading, rows in found:
        match = re.match(r"Sub-Table (\w+)", heading)
        if match is None:
            continue
        code = match[1]
        for column, kind in enumerate(rows[0][1:], start=1):
            name = f"Wilderness Sub-Table {code}: {kind}"
            body = [
                monster_row((int(r[0]), int(r[0])), r[column], names, errata, False)
                for r in rows[1:]
            ]
            note = (
                "Re-roll the starred results at sea."
                if any(r[column].endswith("*") for r in rows[1:])
                else ""
            )
            extract.append(
                {
                    "table": name,
                    "source": WILDERNESS,
                    "heading": heading,
                    "column": column,
                    "lines": [[r[0], r[column]] for r in rows[1:]],
                }
            )
            tables.append({"name": name, "dice": "1d12", "rows": body, "note": note})
    return tables


def gems(text: str, extract: list[dict[str, Any]]) -> tuple[dict[str, Any], int, int]:
    heading, rows = markdown_tables(text)[0]
    body = []
    for r in rows[1:]:
        low, high = span(r[0])
        value = int(r[1].replace(",", "").removesuffix("gp"))
        body.append({"range": [low, high], "text": f"{value:,}gp", "value_gp": value})
    extract.append(
        {
            "table": "Gems",
            "source": GEMS,
            "heading": heading,
            "column": 1,
            "lines": [[r[0], r[1]] for r in rows[1:]],
        }
    )
    jewel = re.search(r"worth (\d)d(\d) × (\d+)gp", text)
    assert jewel is not None
    return (
        {
            "name": "Gems",
            "dice": "1d20",
            "rows": body,
            "note": "The worth of one gem of a treasure hoard.",
        },
        int(jewel[1]),
        int(jewel[3]),
    )


def item_tables(repo: Path, extract: list[dict[str, Any]]) -> list[dict[str, Any]]:
    tables: list[dict[str, Any]] = []
    heading, rows = markdown_tables(git_show(repo, MAGIC))[0]
    for column, level in ((0, "B"), (1, "X")):
        name = f"Magic Item Type ({LEVELS[level]})"
        body = []
        for r in rows[1:]:
            sub = f"{ITEM_FILES[r[2]][1]} ({LEVELS[level]})"
            body.append({"range": list(d100_span(r[column])), "text": r[2], "table": sub})
        extract.append(
            {
                "table": name,
                "source": MAGIC,
                "heading": heading,
                "column": column,
                "lines": [[r[column], r[2]] for r in rows[1:]],
            }
        )
        tables.append(
            {
                "name": name,
                "dice": "1d100",
                "rows": body,
                "note": f"The kind of a magic item, by the {LEVELS[level]} "
                "probabilities (characters of level 1–3: Basic; 4 and up: "
                "Expert).",
            }
        )
    for source, title in ITEM_FILES.values():
        text = git_show(repo, source)
        heading, rows = markdown_tables(text)[0]
        die = re.fullmatch(r"B: d(\d+)", rows[0][0])
        assert die is not None, rows[0]
        for column, level in ((0, "B"), (1, "X")):
            lines = [r for r in rows[1:] if r[column]]
            body = [
                {
                    "range": list(d100_span(r[column]) if level == "X" else span(r[column])),
                    "text": r[2],
                }
                for r in lines
            ]
            name = f"{title} ({LEVELS[level]})"
            extract.append(
                {
                    "table": name,
                    "source": source,
                    "heading": heading,
                    "column": column,
                    "lines": [[r[column], r[2]] for r in lines],
                }
            )
            tables.append(
                {"name": name, "dice": f"1d{die[1]}" if level == "B" else "1d100", "rows": body}
            )
    return tables


PART = re.compile(
    r"^(?:(?P<count>\d+d\d+|\d+)(?: × (?P<times>[\d,]+))? ?"
    r"(?P<what>cp|sp|ep|gp|pp|gems|pieces of jewell?e?ry|magic items?|potions?|scrolls?"
    r"|magic sword, suit of armor, or weapon)(?P<rest>.*))$"
)


def treasure_types(
    text: str, jewel: tuple[int, int], extract: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    kinds: list[dict[str, Any]] = []
    kind = "hoard"
    current: dict[str, Any] | None = None
    for line in text.splitlines():
        if line.startswith("## "):
            kind = "individual" if "Individual" in line else "group" if "Group" in line else "hoard"
        match = re.match(r"### Type (\w) \(([\d.,]+)gp average\)", line)
        if match:
            current = {
                "type": match[1],
                "kind": kind,
                "average_gp": float(match[2].replace(",", "")),
                "lines": [],
            }
            kinds.append(current)
            extract.append(
                {
                    "table": f"Treasure Type {match[1]}",
                    "source": TREASURE_TYPES,
                    "heading": line.lstrip("# "),
                    "column": 0,
                    "lines": [],
                }
            )
            continue
        if current is None or not line.startswith("- "):
            continue
        item = line[2:].strip().rstrip(".")
        extract[-1]["lines"].append([item])
        chance = 100
        if "%: " in item:
            left, item = item.split("%: ", 1)
            chance = int(left)
        parts = [treasure_part(p.strip(), jewel) for p in re.split(r",? plus ", item)]
        current["lines"].append({"chance": chance, "parts": parts})
    return kinds


def treasure_part(text: str, jewel: tuple[int, int]) -> dict[str, Any]:
    never: list[str] = []
    if text.endswith("(not weapons)"):
        text = text.removesuffix("(not weapons)").strip()
        never = ["Sword", "Weapon"]
    match = PART.match(text.replace(",000", "000") if "×" in text else text)
    if match is None:
        raise SystemExit(f"cannot read the treasure line {text!r}")
    count = match["count"]
    times = int(match["times"].replace(",", "")) if match["times"] else 1
    what = match["what"]
    if what in ("cp", "sp", "ep", "gp", "pp"):
        return {"kind": "coins", "coins": {"coin": what, "dice": count, "times": times}}
    part: dict[str, Any] = {"count": count}
    if times != 1:
        part["times"] = times
    if what == "gems":
        part |= {"kind": "gems", "table": "Gems"}
    elif what.startswith("pieces"):
        part |= {
            "kind": "jewellery",
            "each": {"coin": "gp", "dice": f"{jewel[0]}d6", "times": jewel[1]},
        }
    elif what.startswith("magic item"):
        part |= {"kind": "magic items", "table": "Magic Item Type"}
    elif what.startswith("potion"):
        part |= {"kind": "magic items", "table": "Potions"}
    elif what.startswith("scroll"):
        part |= {"kind": "magic items", "table": "Scrolls and Maps"}
    else:  # a magic sword, suit of armour or weapon
        part |= {
            "kind": "magic items",
            "table": "Magic Item Type",
            "only": ["Armor or Shield", "Sword", "Weapon"],
        }
    if never:
        part["never"] = never
    return part


def foundry_rows(repo: Path) -> dict[str, dict[int, str]]:
    """The compendium's roll tables by our names: total → text."""
    listing = subprocess.run(
        [
            "git",
            "-C",
            str(repo),
            "ls-tree",
            "-r",
            "--name-only",
            "HEAD",
            "packs/_source/tables-encounters",
            "packs/_source/tables-items",
        ],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    out: dict[str, dict[int, str]] = {}
    for path in listing:
        if not path.endswith(".json") or path.endswith("_folder.json"):
            continue
        data = json.loads(git_show(repo, path))
        name = foundry_name(str(data.get("name", "")), path)
        if name is None:
            continue
        rows: dict[int, str] = {}
        for result in data.get("results", []):
            text = result.get("description") or result.get("name") or result.get("text") or ""
            low, high = result["range"]
            for total in range(low, high + 1):
                rows[total] = re.sub(r"<[^>]+>", "", str(text)).strip()
        out[name] = rows
    return out


def foundry_name(name: str, path: str) -> str | None:
    if "wilderness-encounter-by-terrain" in path:
        return f"Wilderness Encounters: {name}"
    if name.startswith("Wilderness Sub-Table"):
        return name
    match = re.match(r"dungeon-encounters-level-([\d-]+)", Path(path).stem)
    if match:
        level = match[1].replace("-", "–")
        return f"Dungeon Encounters: Level {level}{'+' if level == '8' else ''}"
    items = {
        "gems": "Gems",
        "magic-item-type": "Magic Item Type",
        "armour-shields": "Armour and Shields",
        "potions": "Potions",
        "magic-rings": "Rings",
        "magic-swords": "Swords",
        "magic-weapons": "Weapons",
        "miscellaneous-magic-items": "Miscellaneous Items",
        "rods-staves-wands": "Rods, Staves and Wands",
        "scrolls-maps": "Scrolls and Maps",
    }
    stem = Path(path).stem
    for key, ours in items.items():
        if stem == key:
            return ours
        if stem in (f"{key}-b", f"{key}-x"):
            return f"{ours} ({LEVELS[stem[-1].upper()]})"
    return None


def normal(text: str) -> str:
    text = re.sub(r"\[\[[^\]]*\]\]|\([^()]*\)|\*", "", text).casefold()
    text = text.replace("armour", "armor").replace("’", "'")
    for prefix in ("potion of ", "ring of ", "scroll of ", "wilderness "):
        text = text.removeprefix(prefix)
    return " ".join(text.replace(",", " ").split())


def differences(ours: list[dict[str, Any]], theirs: dict[str, dict[int, str]]) -> dict[str, str]:
    """Each row whose text (or range) differs from the second source: key → both, in words."""
    found: dict[str, str] = {}
    for table in ours:
        other = theirs.get(table["name"])
        if other is None:
            found[table["name"]] = "not in the second source"
            continue
        for row in table["rows"]:
            low, high = row["range"]
            seen = [other.get(total, "(none)") for total in range(low, high + 1)]
            mine = (
                row["table"]
                if table["name"].startswith("Wilderness") and "table" in row
                else row["text"]
            )  # a terrain row: the sub-table it names
            if any(normal(mine) != normal(text) for text in seen):
                shown = " / ".join(dict.fromkeys(seen))
                key = f"{table['name']} {low}" + (f"–{high}" if high != low else "")
                found[key] = f"SRD “{mine}”; second source “{shown}”"
    return found


def compare(
    ours: list[dict[str, Any]], theirs: dict[str, dict[int, str]], errata: dict[str, Any]
) -> list[str]:
    """Differences from the second source that errata.json does not resolve (each entry
    there records both texts and the resolution, so a changed source shows up too)."""
    resolved = errata["second_source"]
    return [
        f"{key}: {words}"
        for key, words in differences(ours, theirs).items()
        if resolved.get(key, {}).get("found") != words
    ]


def main(argv: list[str]) -> int:
    if len(argv) < 2:
        print(__doc__)
        return 2
    repo = Path(argv[1])
    errata = json.loads(ERRATA.read_text(encoding="utf-8"))
    names = Names(errata)
    extract: list[dict[str, Any]] = []
    tables = dungeon(git_show(repo, DUNGEON), names, errata, extract)
    tables += wilderness(git_show(repo, WILDERNESS), names, errata, extract)
    gem_table, jewel_dice, jewel_times = gems(git_show(repo, GEMS), extract)
    tables.append(gem_table)
    tables += item_tables(repo, extract)
    kinds = treasure_types(git_show(repo, TREASURE_TYPES), (jewel_dice, jewel_times), extract)
    if names.unresolved:
        print(
            "Monster names that resolve to no bestiary entry (add an alias or a reason to "
            "errata.json):\n  " + "\n  ".join(sorted(names.unresolved))
        )
        return 1
    commit = git_commit(repo)
    body = {
        "format": "m3desk.tables",
        "schema_version": 1,
        "system": "ose",
        "title": "OSE SRD tables",
        "licence": "OGL-1.0a.txt",
        "source": f"oldmanumby/ose.srd {commit}: Open Game Content (see OGL-1.0a.txt); "
        "names and numbers only, made by tools/build_ose_tables.py",
        "tables": tables,
        "treasure_types": kinds,
    }
    (OUT / "srd").mkdir(parents=True, exist_ok=True)
    (OUT / "srd-tables.m3t").write_text(
        json.dumps(body, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    (OUT / "srd" / "extract.json").write_text(
        json.dumps(
            {
                "source": "oldmanumby/ose.srd",
                "commit": commit,
                "note": "Every table row of the SRD as printed (its cells), names and numbers "
                "only; "
                "made by tools/build_ose_tables.py",
                "tables": extract,
            },
            indent=1,
            ensure_ascii=False,
        )
        + "\n",
        encoding="utf-8",
    )
    print(f"{len(tables)} tables, {len(kinds)} treasure types")
    if len(argv) > 2:
        left = compare(tables, foundry_rows(Path(argv[2])), errata)
        if left:
            print(
                "Differences from the second source errata.json does not resolve:\n  "
                + "\n  ".join(left)
            )
            return 1
        print("Every row agrees with the second source or is resolved in errata.json")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
