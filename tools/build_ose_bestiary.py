"""Rebuild the bundled OSE bestiary from the Open Game Licence compendium's monster files.

Usage: python tools/build_ose_bestiary.py PACKS_SOURCE_DIR [OUT.json]
       python tools/build_ose_bestiary.py --name-variants BESTIARY.json

A block's variants, which the compendium names by letter ("Brigand a"), are named by what
sets them apart ("Brigand (AC 6 [13])", ``m3desk.systems.ose.variant_names``);
``--name-variants`` applies that naming to a bestiary file already built.

PACKS_SOURCE_DIR is ``packs/_source`` of a checkout of the OGL 1.0a "Classic Fantasy
Compendium" for Foundry VTT (NecroticGnome/ose-foundry-content). Each monster actor is read by
``m3desk.systems.ose.foundry.monster_from_foundry`` — the same function as File → Import — and
only numbers and names are kept: no description text is copied. Where the compendium disagrees
with the OSE SRD's own stat block, ERRATA below corrects it and says why; the test
``tests/systems/ose/test_bestiary.py`` checks every monster derives what the SRD prints.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

from m3desk.systems.ose.foundry import monster_from_foundry
from m3desk.systems.ose.variant_names import LETTERED, variant_names

DEFAULT_OUT = Path(__file__).resolve().parent.parent / "resources" / "bestiary" / "ose" / \
    "srd-monsters.json"

# name -> (fields to set on the sheet, printed numbers to set, why). Each checked against the
# OSE SRD's stat block of that monster.
ERRATA: dict[str, tuple[dict[str, Any], dict[str, Any], str]] = {
    "Giant Rattler": ({"hit_dice": 4, "hit_points": 18, "max_hit_points": 18},
                      {"hd": "4*", "hp": 18},
                      "the SRD prints HD 4* (18hp), THAC0 16; the compendium has 5d8"),
    "Insect Swarm (3HD)": ({"hit_dice": 3}, {"hd": "3"},
                           "the SRD's middle swarm is 3 HD (13hp), THAC0 17; the compendium "
                           "has 2d8"),
    "Hobgoblin Bodyguard": ({"hit_dice": 4}, {"hd": "4"},
                            "the SRD: 4HD bodyguards with 3d6hp; the compendium has 3d6 as HD"),
    "Goblin Bodyguard": ({"hit_dice": 2}, {"hd": "2"},
                         "the SRD: 2HD bodyguards with 2d6hp; the compendium has 2d6 as HD"),
    "Neanderthal Leader (Caveman)": ({}, {"thac0": 14},
                                     "the SRD: 6HD leaders, and 6 HD attacks with THAC0 14 "
                                     "on the SRD's table; the compendium prints 13"),
    "Gnome Bodyguard": ({"hit_dice": 3, "hit_dice_modifier": 0}, {"hd": "3"},
                        "bodyguards fight as 3 HD monsters (THAC0 17) with 1d4+9hp; the "
                        "compendium keeps the hit points as HD"),
}

# Monsters whose hit points the SRD fixes rather than averaging their Hit Dice (leaders,
# kings, chieftains and bodyguards, hydras at 8hp a head, creatures of 1 hit point).
FIXED_HIT_POINTS_NOTE = "fixed hit points, as the SRD gives them"


def _treasure_types(source: Path) -> dict[str, str]:
    """The compendium's treasure roll tables by id: "Treasure Type D" -> "D"."""
    found = {}
    for path in source.glob("treasures/*.json"):
        table = json.loads(path.read_text(encoding="utf-8"))
        name = str(table.get("name", ""))
        if name.startswith("Treasure Type "):
            found[str(table.get("_id"))] = name.removeprefix("Treasure Type ").strip()
    return found


def _facets(sheet: dict[str, Any], printed: dict[str, Any]) -> dict[str, Any]:
    """What the bestiary panel searches and shows, in words any game can have: a level
    number (HD ½ is 0.5, a 1-hit-point creature 0), the alignment, the ways it moves, and one
    summary line as the book prints it."""
    hd_text = str(printed.get("hd", ""))
    level = 0.0 if hd_text.startswith("1hp") else (0.5 if sheet["hit_dice"] == 0
                                                     else float(sheet["hit_dice"]))
    printed_move = str(printed.get("movement", "")).lower()
    parts = printed_move.split("/")
    kinds = {"fly": ("fly", "flying", "glid"), "swim": ("swim", "water"),
             "climb": ("climb", "web")}
    modes = [mode for mode, words in kinds.items()
             if any(word in printed_move for word in words)]
    first_rate = re.match(r"\s*(\d+)", parts[0])
    main_is_other = any(word in parts[0] for words in kinds.values() for word in words)
    if sheet["movement"] > 0 and (not main_is_other or first_rate is None
                                  or int(first_rate.group(1)) != sheet["movement"]):
        modes.insert(0, "walk")
    ac = sheet["armour_class"]
    summary = (f"HD {hd_text}   AC {ac} [{19 - ac}]   THAC0 {printed.get('thac0')}   "
               f"ML {sheet['morale']}   XP {sheet['xp']}")
    return {"level": level, "alignment": sheet["alignment"], "modes": modes,
            "summary": summary, "appearing": sheet["number_appearing"]}


def name_variants(monsters: list[dict[str, Any]]) -> None:
    """Rename each group of lettered variants ("Brigand a", "Brigand b") by what sets them
    apart, in place; the book's own block name stays first."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for entry in monsters:
        match = LETTERED.match(entry["sheet"]["name"])
        if match:
            groups.setdefault(match.group("base"), []).append(entry)
    for base, entries in groups.items():
        if len(entries) < 2:
            continue
        entries.sort(key=lambda entry: entry["sheet"]["name"])
        for entry, name in zip(entries, variant_names(base, [e["sheet"] for e in entries]),
                               strict=True):
            entry["sheet"]["name"] = name


def build(source: Path) -> dict[str, Any]:
    treasure_types = _treasure_types(source)
    monsters = []
    problems: dict[str, list[str]] = {}
    for path in sorted(source.glob("monsters/**/*.json")):
        if path.name == "_folder.json":
            continue
        actor = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(actor, dict) or actor.get("type") != "monster":
            continue
        read = monster_from_foundry(actor, treasure_types)
        sheet = read.sheet.model_dump(mode="json")
        printed = dict(read.printed)
        fix = ERRATA.get(read.sheet.name)
        if fix is not None:
            sheet.update(fix[0])
            sheet["overrides"] = {}  # the erratum puts the book's numbers back
            printed.update(fix[1])
            printed["erratum"] = fix[2]
        if read.problems:
            problems[read.sheet.name] = read.problems
        monsters.append({"sheet": sheet, "srd": printed, "facets": _facets(sheet, printed)})
    name_variants(monsters)
    monsters.sort(key=lambda entry: entry["sheet"]["name"].lower())
    return {
        "format": "m3desk.bestiary",
        "system": "ose",
        "schema_version": 1,
        "title": "Old-School Essentials SRD monsters",
        "licence": "OGL-1.0a.txt",
        "monsters": monsters,
        "not_read": problems,
    }


def main(argv: list[str]) -> int:
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    if argv[1] == "--name-variants" and len(argv) > 2:
        path = Path(argv[2])
        data = json.loads(path.read_text(encoding="utf-8"))
        name_variants(data["monsters"])
        data["monsters"].sort(key=lambda entry: entry["sheet"]["name"].lower())
        path.write_text(json.dumps(data, ensure_ascii=False, indent=0, sort_keys=False) + "\n",
                        encoding="utf-8")
        return 0
    out = Path(argv[2]) if len(argv) > 2 else DEFAULT_OUT
    data = build(Path(argv[1]))
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(data, ensure_ascii=False, indent=0, sort_keys=False) + "\n",
                   encoding="utf-8")
    print(f"{len(data['monsters'])} monsters -> {out}; {len(data['not_read'])} with notes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
