"""Rebuild the bundled list of OSE SRD spells: names, levels, classes and ranges only.

Usage: python tools/build_ose_spells.py PACKS_SOURCE_DIR [OUT.json]

PACKS_SOURCE_DIR is ``packs/_source`` of a checkout of the OGL 1.0a "Classic Fantasy
Compendium" for Foundry VTT (NecroticGnome/ose-foundry-content), the same source as
``tools/build_ose_bestiary.py``. Each spell item gives its name (after the book's code,
"MU1.11 Sleep"), level, class list and range; no description text is copied. A range reads
as feet ("240'"), as 0 for the caster, a creature touched or an area round the caster, or as
a base and a step per caster level ("60' + 10' per level"), which the sheet's GM types. A
spell on both lists at the same level and range is one entry with both classes.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

DEFAULT_OUT = Path(__file__).resolve().parent.parent / "resources" / "data" / "ose_srd_spells.json"

_CODE = re.compile(r"^(?:C|MU)\d\.\d+r?\s+")
_FEET = r"(\d+)\s*['′]"
_SELF_WORDS = ("caster", "touch", "self", "presence")
CLASSES = {"Cleric": "cleric", "Magic-User": "magic-user"}
ERRATA: dict[str, tuple[str, str]] = {
    # name -> (the range as the OSE SRD prints it, why the compendium's is not kept)
    "Feeblemind": (
        "240'",
        "SRD 4_Magic/Magic-User_Spells/5_Feeblemind.md: Range 240’; the compendium has 120'",
    ),
    "Cause Fear": (
        "120'",
        "SRD 4_Magic/Cleric_Spells/1_Remove_Fear.md, Reversed: a target "
        "within 120’; the compendium gives the forward spell's range (the "
        "caster or a creature touched)",
    ),
}
"""Where the compendium's range differs from the SRD's text, the SRD's, with the reason."""


def read_range(text: str) -> dict[str, int | None]:
    """{"range": feet} (0: the caster, touch or round the caster), or a range growing with
    the caster's level: {"range": None, "base": feet, "per_level": feet}."""
    words = text.strip()
    grows = re.fullmatch(rf"(?:{_FEET}\s*\+\s*)?{_FEET}\s*per level", words)
    if grows is not None:
        return {"range": None, "base": int(grows.group(1) or 0), "per_level": int(grows.group(2))}
    plain = re.fullmatch(_FEET, words)
    if plain is not None:
        return {"range": int(plain.group(1))}
    if any(word in words.lower() for word in _SELF_WORDS):
        return {"range": 0}
    raise ValueError(f"an unknown spell range: {text!r}")


def build(source: Path) -> dict[str, Any]:
    spells: dict[tuple[str, int, int | None, int, int], dict[str, Any]] = {}
    for path in sorted(source.glob("spells/**/*.json")):
        if path.name == "_folder.json":
            continue
        item = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(item, dict) or item.get("type") != "spell":
            continue
        system = item["system"]
        name = _CODE.sub("", str(item["name"])).replace("′", "'").strip()
        level = int(system["lvl"])
        reach = read_range(ERRATA[name][0] if name in ERRATA else str(system["range"]))
        key = (
            name.casefold(),
            level,
            reach["range"],
            reach.get("base") or 0,
            reach.get("per_level") or 0,
        )
        entry = spells.setdefault(key, {"name": name, "level": level, "classes": [], **reach})
        cls = CLASSES[str(system["class"])]
        if cls not in entry["classes"]:
            entry["classes"].append(cls)
    listed = sorted(spells.values(), key=lambda s: (s["name"].casefold(), s["level"]))
    return {
        "format": "m3desk.spells",
        "system": "ose",
        "schema_version": 1,
        "title": "Old-School Essentials SRD spells: names, levels, classes and ranges",
        "licence": "bestiary/ose/OGL-1.0a.txt",
        "unit": "ft",
        "spells": listed,
    }


def main(argv: list[str]) -> int:
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    out = Path(argv[2]) if len(argv) > 2 else DEFAULT_OUT
    data = build(Path(argv[1]))
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(data, ensure_ascii=False, indent=0) + "\n", encoding="utf-8")
    print(f"{len(data['spells'])} spells -> {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
