"""Rebuild the bundled OSE bestiary from the OSE SRD's own stat blocks.

Usage::

    python tools/build_ose_bestiary.py SRD_REPO FOUNDRY_REPO [--out DIR] [--previous OLD.json]
                                       [--draft-errata]

SRD_REPO is a git directory of the OSE SRD in Markdown (oldmanumby/ose.srd), read with
``git show`` (no work tree needed); FOUNDRY_REPO one of the OGL "Classic Fantasy Compendium"
for Foundry VTT (NecroticGnome/ose-foundry-content), the second source.

What it does, in order:

1. Reads every stat block of the SRD: the table of each monster file under
   ``7_Monsters/Monster_Stats`` and the one-line blocks of the spells that conjure a creature
   (``INLINE_BLOCKS``). Only the eleven stat fields are kept, as printed (names and numbers;
   no description text), in ``srd/extract.json``, which the tests read instead of the SRD.
2. Cuts the bestiary's entries from those blocks as ``srd/errata.json`` says (``entries``): a
   block of several variants ("HD 8 / 12 / 16", "AC 6 [13], 4 [15], or 3 [16]") gives one
   entry per variant, and the leaders, kings and bodyguards the SRD describes in a sentence
   ("A 3HD (15hp) king") are the base block with the numbers of that sentence, which must
   appear in the SRD's text.
3. Makes each entry's sheet from the SRD's numbers alone, with ``srd`` holding every field as
   printed (``attacks`` keeps the attack line word for word, which the monster form's one
   reader turns into the sheet's attacks, as the bestiary loader does) and the size the
   rules use; hit points the SRD fixes (1hp, a bodyguard's "2d6hp") go in ``hit_point_dice``.
   A block's variants are named by what sets them apart (``variant_names``).
4. Reads the same monsters from the compendium with the importer (File → Import) and
   compares every field. Each difference must be listed in ``errata.json`` (``differences``)
   with its reason; the SRD's value is the one shipped. An unlisted difference, or a listed
   one that no longer occurs, stops the build (``--draft-errata`` writes the list found to
   ``srd/errata-draft.json``, not to be committed, for a maintainer to give reasons).
5. With ``--previous``, counts what changed from an earlier bestiary file.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from collections.abc import Iterable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from m3desk.systems.ose.derive import derive, monster_save_source
from m3desk.systems.ose.foundry import monster_from_foundry, printed_saves_as
from m3desk.systems.ose.sheet import MonsterAttack, MonsterSheet
from m3desk.systems.ose.statblock import read_hit_dice, with_attack_line
from m3desk.systems.ose.tables import Save, monster_thac0
from m3desk.systems.ose.variant_names import variant_names

HERE = Path(__file__).resolve().parent.parent / "resources" / "bestiary" / "ose"
ERRATA = HERE / "srd" / "errata.json"
"""How the entries are cut, the sizes, and every difference explained (kept in a folder of its
own, so the bestiary panel, which reads ``*/*.json``, never mistakes it for a bestiary)."""

FIELDS = {
    "Armor Class": "ac",
    "Hit Dice": "hd",
    "Attacks": "attacks",
    "THAC0": "thac0",
    "Movement": "movement",
    "Saving Throws": "saves",
    "Morale": "morale",
    "Alignment": "alignment",
    "XP": "xp",
    "Number Appearing": "appearing",
    "Treasure Type": "treasure",
}
INLINE = {
    "AC": "ac",
    "HD": "hd",
    "Att": "attacks",
    "THAC0": "thac0",
    "MV": "movement",
    "SV": "saves",
    "ML": "morale",
    "AL": "alignment",
    "XP": "xp",
    "NA": "appearing",
    "TT": "treasure",
}
INLINE_BLOCKS = (
    "4_Magic/Cleric_Spells/4_Sticks_to_Snakes.md",
    "4_Magic/Magic-User_Spells/6_Control_Weather.md",
)
"""Spells whose text carries a creature's one-line stat block (conjured snakes, the
tornado)."""

SIZES = ("larger than human", "human-sized", "small")


# -- 1. the SRD's stat blocks --------------------------------------------------------------


def _git(repo: Path, *args: str) -> str:
    return subprocess.run(
        ["git", "-C", str(repo), *args],
        capture_output=True,
        text=True,
        check=True,
        encoding="utf-8",
    ).stdout


def git_files(repo: Path, folder: str, suffix: str) -> dict[str, str]:
    """Every file under ``folder`` of the repository's HEAD whose name ends in ``suffix``,
    by path, read in one ``git cat-file --batch`` (a mirror needs no work tree)."""
    listing = _git(repo, "ls-tree", "-r", "HEAD", folder)
    wanted = []
    for line in listing.splitlines():
        meta, path = line.split("\t", 1)
        if path.endswith(suffix) and meta.split()[1] == "blob":
            wanted.append((meta.split()[2], path))
    batch = subprocess.run(
        ["git", "-C", str(repo), "cat-file", "--batch"],
        check=True,
        input="".join(f"{oid}\n" for oid, _ in wanted).encode(),
        capture_output=True,
    ).stdout
    found, position = {}, 0
    for _oid, path in wanted:
        header_end = batch.index(b"\n", position)
        size = int(batch[position:header_end].split()[2])
        found[path] = batch[header_end + 1 : header_end + 1 + size].decode("utf-8")
        position = header_end + 1 + size + 1
    return found


def srd_texts(repo: Path) -> dict[str, str]:
    """The SRD's monster files and conjuring spells by path."""
    texts = git_files(repo, "7_Monsters/Monster_Stats", ".md")
    texts.update({path: _git(repo, "show", f"HEAD:{path}") for path in INLINE_BLOCKS})
    return texts


def read_blocks(texts: Mapping[str, str]) -> list[dict[str, Any]]:
    """Every stat block: its heading, the file, and the eleven fields as printed."""
    blocks: list[dict[str, Any]] = []
    for path, text in texts.items():
        heading = ""
        rows: dict[str, str] = {}
        for line in text.splitlines():
            if match := re.match(r"^#+\s+(.*\S)", line):
                heading = match.group(1)
            if match := re.match(r"^\|\s*([A-Z][A-Za-z0-9 ]+?)\s*\|\s*(.*?)\s*\|\s*$", line):
                if match.group(1) in FIELDS:
                    rows[FIELDS[match.group(1)]] = match.group(2)
                if match.group(1) == "Treasure Type":
                    blocks.append({"name": heading, "source": path, "fields": rows})
                    rows = {}
            elif line.startswith("**AC**"):
                parts = re.split(r"\*\*([A-Za-z0-9]+)\*\*\s*", line)[1:]
                fields = {
                    INLINE[key]: value.strip().rstrip(",").strip()
                    for key, value in zip(parts[::2], parts[1::2], strict=True)
                }
                blocks.append({"name": heading, "source": path, "fields": fields})
    return blocks


# -- 2. variants --------------------------------------------------------------------------


def hit_dice_choices(hd: str) -> list[str]:
    """Each variant's Hit Dice: "8 / 12 / 16* (36 / 54 / 72hp)" -> ["8*", "12*", "16*"];
    "3 to 7*" -> ["3*" … "7*"]."""
    head = hd.split("(")[0].strip()
    if match := re.fullmatch(r"(\d+) to (\d+)(\**)", head):
        low, high, stars = int(match.group(1)), int(match.group(2)), match.group(3)
        return [f"{level}{stars}" for level in range(low, high + 1)]
    if " / " in head:
        # "8 / 12 / 16*": the asterisks after the last stand for every variant, as in
        # "3 to 7*" (the XP 1,200 / 1,900 / 2,300 is the table's for 8*, 12*, 16*)
        parts = [part.strip() for part in head.split(" / ")]
        stars = re.search(r"\**$", parts[-1]).group(0)  # type: ignore[union-attr]
        return [part if part.endswith("*") else part + stars for part in parts]
    return [head]


def variant_of(value: str, count: int, index: int) -> str:
    """The ``index``-th of ``count`` variants of a field: "1d8 / 2d8 / 3d8" splits; a value
    that lists no variants is every variant's."""
    if count <= 1:
        return value
    if match := re.fullmatch(r"(.*?)\(([^()]*)\)(.*)", value):
        inner = match.group(2).split(" / ")
        if len(inner) == count:  # "1 × blow (1d8 / 2d8 / 3d8)", "See main entry (8 / 12)"
            return f"{match.group(1)}({inner[index].strip()}){match.group(3)}"
    parts = value.split(" / ")
    if len(parts) == count:
        return parts[index].strip()
    return value


def alternatives(value: str) -> list[str]:
    """ "6 [13], 4 [15], or 3 [16]" -> the three; "7 [12] or 5 [14]" -> the two."""
    return [part.strip() for part in re.split(r",\s*or\s+|,\s*|\s+or\s+", value) if part.strip()]


def entry_fields(block: Mapping[str, Any], spec: Mapping[str, Any]) -> dict[str, str]:
    """The fields of one bestiary entry: the block's, its variant's, and the erratum's."""
    fields = dict(block["fields"])
    variant = spec.get("variant")
    if variant is not None:
        kind = spec.get("by", "hd")
        if kind == "hd":
            choices = hit_dice_choices(fields["hd"])
            for key, value in list(fields.items()):
                if key == "hd":
                    points = re.search(r"\(([^()]*)hp\)", value)
                    hp = points.group(1).split(" / ") if points else []
                    shown = choices[variant]
                    if len(hp) == len(choices):
                        shown += f" ({hp[variant].strip()}hp)"
                    elif per := re.search(r"\((\d+)hp per \**HD\**\)", value):
                        level = int(re.match(r"\d+", shown).group(0))  # type: ignore[union-attr]
                        shown += f" ({int(per.group(1)) * level}hp)"
                    fields["hd"] = shown
                elif key == "movement":
                    continue  # " / " there separates ways of moving, not variants
                elif key == "attacks" and (heads := re.match(r"(\d+) to (\d+) ×", value)):
                    # "5 to 12 × bite (1d10)": one bite a head, a head a Hit Die
                    count = int(heads.group(1)) + variant
                    fields[key] = f"{count} ×" + value[heads.end() :]
                else:
                    fields[key] = variant_of(value, len(choices), variant)
        else:
            fields[kind] = alternatives(fields[kind])[variant]
    fields.update(spec.get("set", {}))
    return fields


# -- 3. the sheet -------------------------------------------------------------------------

_MOVE = re.compile(r"(\d{1,3})\s*['’]\s*\(\s*(\d{1,3})\s*['’]\s*\)\s*(.*)")
_MODE_WORDS = (
    ("fly", ("flying", "gliding")),
    ("swim", ("swimming", "in water")),
    ("climb", ("in webs",)),
)


def movement_modes(text: str) -> list[tuple[str, int, str]]:
    """ "90’ (30’) / 240’ (80’) flying" -> [("walk", 90, "90’ (30’)"), ("fly", 240, …)]."""
    modes = []
    for part in re.split(r"\s+/\s+|,\s+", text):
        match = _MOVE.match(part.strip())
        if match is None:
            continue
        word = match.group(3).strip().casefold()
        mode = next(
            (m for m, words in _MODE_WORDS if any(w in word for w in words)),
            "walk" if not word else "other",
        )
        modes.append((mode, int(match.group(1)), part.strip()))
    return modes


_CLASS_WORDS = {
    "cleric": "C",
    "magic-user": "MU",
    "dwarf": "D",
    "elf": "E",
    "halfling": "H",
    "fighter": "F",
    "thief": "T",
}


def first_int(text: str) -> int | None:
    match = re.match(r"\s*(-?\d[\d,]*)", text)
    return int(match.group(1).replace(",", "")) if match else None


def build_sheet(
    name: str, fields: Mapping[str, str], spec: Mapping[str, Any]
) -> tuple[MonsterSheet, dict[str, Any], list[str]]:
    """The sheet, what ``srd`` records, and the fields the book does not give."""
    not_given: list[str] = []
    values: dict[str, Any] = {"name": name}
    ac = first_int(fields["ac"])
    if ac is None:
        not_given.append("AC (the SRD: “" + fields["ac"] + "”; the sheet holds 9 [10])")
        ac = 9
    values["armour_class"] = ac
    hd_text = fields["hd"]
    if fixed := re.fullmatch(r"(\d+)hp", hd_text.strip()):
        values.update(
            hit_dice=0,
            hit_points=int(fixed.group(1)),
            max_hit_points=int(fixed.group(1)),
            hit_point_dice=f"+{int(fixed.group(1))}",
        )  # "1hp": always 1
    else:
        read = read_hit_dice(hd_text)
        if read is None:
            raise ValueError(f"{name}: could not read the Hit Dice “{hd_text}”")
        dice, modifier, stars, points, _end = read
        values.update(hit_dice=dice, hit_dice_modifier=modifier, hit_dice_asterisks=stars)
        per_hd = re.search(r"(\d+)hp per", hd_text)
        if points is None and per_hd:
            points = int(per_hd.group(1)) * dice
        if points is None:
            points = 2 if dice == 0 else dice * 9 // 2
            not_given.append("hit points (the sheet holds the average of its Hit Dice)")
        values.update(hit_points=points, max_hit_points=points)
        # a bodyguard's hit points as the SRD's sentence rolls them: "(3d6hp)", "(1d4 + 9hp)"
        if rolled := re.search(r"\((\d+d\d+(?:\s*[+-]\s*\d+)?)\s*hp\)", spec.get("quote", "")):
            values["hit_point_dice"] = rolled.group(1).replace(" ", "")
    attacks_line = fields["attacks"]
    if spec.get("derived"):
        if "By" in fields["saves"]:
            not_given.append("THAC0 and saving throws (the sheet's come from its Hit Dice)")
        elif re.search(r"\bD\d+ W\d+", fields["saves"]):
            not_given.append("THAC0 (the sheet's comes from its Hit Dice)")
        else:
            not_given.append(
                "THAC0 (the sheet's comes from its Hit Dice) and saving throws "
                "(its kind's class, at its Hit Dice)"
            )
    modes = movement_modes(fields["movement"])
    if not modes:
        raise ValueError(f"{name}: could not read the movement “{fields['movement']}”")
    walking = [rate for mode, rate, _ in modes if mode == "walk"]
    values["movement"] = walking[0] if walking else modes[0][1]
    values["movement_other"] = " / ".join(text for mode, _, text in modes if mode != "walk")[:200]
    saves_text = fields["saves"]
    five = {
        save: int(m.group(1))
        for save in Save
        if (m := re.search(rf"\b{save.value}(\d{{1,2}})\b", saves_text))
    }
    code_match = re.search(r"\(([^()]*)\)\s*$", saves_text)
    code = _save_code(code_match.group(1).strip() if code_match else "")
    if level_range := re.fullmatch(r"(MU|[FCDEHT])(\d+) to (?:MU|[FCDEHT])\d+", code):
        # "F1 to F3": the variant's level
        code = f"{level_range.group(1)}{int(level_range.group(2)) + (spec.get('variant') or 0)}"
    if len(five) == len(Save):
        as_code = printed_saves_as(five, values["hit_dice"])
        if as_code is None:
            values["saves"], values["saves_as"] = five, code
        elif as_code == "" and re.fullmatch(r"(MU|[FCDEHT])\d+", code):
            values["saves_as"] = code  # a fighter's saves are the table's: keep the class
        else:
            values["saves_as"] = as_code
    elif re.search(r"By \*\*HD\*\*|See main entry", saves_text):
        values["saves_as"] = ""
    elif re.fullmatch(r"(MU|[FCDEHT])\d+", code):
        values["saves_as"] = code  # a leader saving as its kind's class, at its own level
    else:
        raise ValueError(f"{name}: could not read the saves “{saves_text}”")
    morale = first_int(fields["morale"])
    if morale is None:
        not_given.append(f"morale (the SRD: “{fields['morale']}”; the sheet holds 7)")
        morale = 7
    values["morale"] = spec.get("morale", morale)
    values["alignment"] = fields["alignment"]
    xp = first_int(fields["xp"])
    if xp is None:
        raise ValueError(f"{name}: could not read the XP “{fields['xp']}”")
    values["xp"] = xp
    values["number_appearing"] = fields.get("appearing", "")
    values["treasure"] = fields.get("treasure", "")
    for key, label in (("appearing", "number appearing"), ("treasure", "treasure type")):
        if not fields.get(key):
            not_given.append(label)
    values["larger_than_human"] = spec["size"] == SIZES[0]
    notes = [f"Not given in the SRD: {'; '.join(not_given)}."] if not_given else []
    if spec.get("note"):
        notes.append(str(spec["note"]))
    if notes:
        values["notes"] = "\n".join(notes)
    sheet = MonsterSheet.model_validate(values)
    # The attacks as every reader of the line makes them: the monster form's (the bestiary
    # loader reads the same line with it), with a leader's bonus to damage added.
    sheet, _unread = with_attack_line(sheet, attacks_line)
    if bonus := int(spec.get("damage_bonus", 0)):
        sheet = sheet.model_copy(
            update={
                "attacks": tuple(
                    a
                    if a.damage is None
                    else a.model_copy(
                        update={"damage": replace(a.damage, bonus=a.damage.bonus + bonus)}
                    )
                    for a in sheet.attacks
                )
            }
        )
    if not sheet.attacks:
        notes.insert(
            len(notes) - bool(spec.get("note")), f"Attacks: none (the SRD prints “{attacks_line}”)."
        )
        sheet = sheet.model_copy(update={"notes": "\n".join(notes)})
    breaths = [a for a in sheet.attacks if "breath" in a.name.lower()]
    if breaths and "breath" not in spec:
        raise ValueError(f"{name}: a breath weapon without its rules in the errata's “breath”")
    if "breath" in spec:
        sheet = sheet.model_copy(
            update={
                "attacks": tuple(
                    MonsterAttack.model_validate(
                        {**a.model_dump(), "breath": True, **spec["breath"]}
                    )
                    if a in breaths
                    else a
                    for a in sheet.attacks
                )
            }
        )
    thac0 = _thac0(fields["thac0"], sheet)
    if thac0 == 20 and sheet.saves_as == "NH" and sheet.hit_dice <= 1:
        sheet = sheet.model_copy(update={"normal_human": True})  # THAC0 20 [−1]
    if derive(sheet)["thac0"].computed != thac0:
        sheet = sheet.model_copy(update={"overrides": {"thac0": thac0}})
    _source, saves = monster_save_source(sheet)
    printed = {
        "ac": fields["ac"],
        "hd": hd_text.split("(")[0].strip(),
        "hp": sheet.hit_points,
        "attacks": attacks_line,
        "thac0": thac0,
        "movement": fields["movement"],
        "saves_text": saves_text,
        "saves": {k.value: v for k, v in saves.items()},
        "morale": fields["morale"],
        "alignment": fields["alignment"],
        "xp": fields["xp"],
        "appearing": fields.get("appearing", ""),
        "treasure": fields.get("treasure", ""),
        "size": spec["size"],
        "modes": [mode for mode, _, _ in modes],
    }
    if spec.get("damage_bonus"):
        printed["damage_bonus"] = int(spec["damage_bonus"])  # "+1 bonus to damage" (a king)
    if not_given:
        printed["not_given"] = not_given
    return sheet, printed, not_given


def _save_code(code: str) -> str:
    words = code.lower().split()
    if len(words) == 2 and words[0] in _CLASS_WORDS and words[1].isdigit():
        return _CLASS_WORDS[words[0]] + words[1]
    return code


def _thac0(text: str, sheet: MonsterSheet) -> int:
    value = first_int(text)
    if value is None:  # "By **HD** (17 [+2] to 13 [+6])": the attack table's
        return monster_thac0(sheet.hit_dice, sheet.hit_dice_modifier)
    return value


# -- 4. the second source -----------------------------------------------------------------


def _norm(text: Any) -> str:
    text = str(text).replace("’", "'").replace("*", "×").replace(" x ", " × ")
    text = re.sub(r"\s*×\s*", " × ", text)
    text = re.sub(r"\s+", " ", text).strip().casefold()
    return "" if text in ("none", "nil", "-") else text


def comparable(sheet: MonsterSheet, printed: Mapping[str, Any]) -> dict[str, str]:
    """The numbers both sources hold, each as one plain text to compare."""
    modes = movement_modes(str(printed.get("movement", "")))
    if not modes:
        other = movement_modes(sheet.movement_other)
        modes = [("walk", sheet.movement, "")] if not other or other[0][1] != sheet.movement else []
        modes += other
    moves = ", ".join(f"{mode} {rate}" for mode, rate, _ in modes)
    # The damage of each attack, in order; what an attack is called ("weapon", "sword")
    # is the referee's word, not a number.
    attacks = ", ".join(f"{a.count} × ({a.damage or '—'})" for a in sheet.attacks)
    derived = derive(sheet)
    saves = " ".join(
        f"{k.split('.')[1]}{v.value}" for k, v in derived.items() if k.startswith("save.")
    )
    return {
        "ac": str(sheet.armour_class),
        "hd": str(printed.get("hd", "")),
        "hp": str(sheet.max_hit_points),
        "attacks": attacks,
        "thac0": str(derived["thac0"].value),
        "movement": moves,
        "saves": saves,
        "morale": str(sheet.morale),
        "alignment": _norm(sheet.alignment),
        "xp": str(sheet.xp),
        "appearing": _norm(sheet.number_appearing),
        "treasure": _norm(sheet.treasure),
    }


def compendium(repo: Path) -> dict[str, tuple[MonsterSheet, dict[str, Any]]]:
    """The compendium's monsters by name, read as File → Import reads them."""
    tables = {}
    for text in git_files(repo, "packs/_source/treasures", ".json").values():
        table = json.loads(text)
        name = str(table.get("name", ""))
        if name.startswith("Treasure Type "):
            tables[str(table.get("_id"))] = name.removeprefix("Treasure Type ").strip()
    found = {}
    for _path, text in sorted(git_files(repo, "packs/_source/monsters", ".json").items()):
        actor = json.loads(text)
        if isinstance(actor, dict) and actor.get("type") == "monster":
            read = monster_from_foundry(actor, tables)
            found[read.sheet.name] = (read.sheet, dict(read.printed))
    return found


def differences(ours: Mapping[str, str], theirs: Mapping[str, str]) -> dict[str, tuple[str, str]]:
    return {
        key: (ours[key], theirs.get(key, ""))
        for key in ours
        if key in theirs and ours[key] != theirs[key]
    }


# -- 5. sizes -----------------------------------------------------------------------------


def size_of(name: str, sizes: Mapping[str, Any]) -> str:
    entry = sizes.get(name)
    if entry is None:
        raise KeyError(f"{name}: no size in errata.json (sizes)")
    size = str(entry["size"])
    if size not in SIZES:
        raise ValueError(f"{name}: size {size!r} is not one of {SIZES}")
    return size


# -- the build ----------------------------------------------------------------------------


def _facets(sheet: MonsterSheet, printed: Mapping[str, Any]) -> dict[str, Any]:
    hd_text = str(printed["hd"])
    level = (
        0.0 if hd_text.endswith("hp") else (0.5 if sheet.hit_dice == 0 else float(sheet.hit_dice))
    )
    modes = [m for m in dict.fromkeys(printed["modes"]) if m != "other"]
    if sheet.movement == 0:
        modes = [m for m in modes if m != "walk"]
    ac = sheet.armour_class
    # what the book prints where it gives no number ("No hit roll required", "Varies")
    armour = (
        f"AC {ac} [{19 - ac}]" if first_int(printed["ac"]) is not None else f"AC: {printed['ac']}"
    )
    morale = sheet.morale if first_int(printed["morale"]) is not None else printed["morale"]
    summary = (
        f"HD {hd_text}   {armour}   THAC0 {printed['thac0']}   ML {morale}   "
        f"XP {sheet.xp}   {printed['size']}"
    )
    return {
        "level": level,
        "alignment": sheet.alignment,
        "modes": modes,
        "summary": summary,
        "appearing": sheet.number_appearing,
    }


def build(
    texts: Mapping[str, str], errata: Mapping[str, Any]
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The extract's blocks and the bestiary's monsters."""
    blocks = read_blocks(texts)
    by_name = {block["name"]: block for block in blocks}
    specs: dict[str, dict[str, Any]] = {block["name"]: {"block": block["name"]} for block in blocks}
    for name, spec in errata["entries"].items():
        if spec.get("block") is None:
            specs.pop(name, None)  # a heading that is no monster of its own
            continue
        specs[name] = dict(spec)
        if spec.get("replaces"):
            specs.pop(spec["replaces"], None)
    monsters = []
    for name, spec in specs.items():
        block = by_name.get(spec["block"])
        if block is None:
            raise KeyError(f"{name}: the SRD has no block “{spec['block']}”")
        if (quote := spec.get("quote")) and quote not in texts[block["source"]]:
            raise ValueError(f"{name}: “{quote}” is not in {block['source']}")
        spec["size"] = size_of(name, errata["sizes"])
        if (breath := errata.get("breath", {}).get(spec["block"])) is not None:
            for quote in breath["quote"]:
                if quote not in texts[block["source"]]:
                    raise ValueError(f"{name}: “{quote}” is not in {block['source']}")
            spec["breath"] = breath["set"]
        fields = entry_fields(block, spec)
        sheet, printed, _ = build_sheet(name, fields, spec)
        printed["source"] = block["source"]
        printed["block"] = block["name"]
        if spec.get("variant") is not None:
            printed["variant"] = spec["variant"]
        monsters.append(
            {
                "sheet": sheet.model_dump(mode="json"),
                "srd": printed,
                "facets": _facets(sheet, printed),
            }
        )
    _name_variants(monsters, {name: str(spec.get("by", "hd")) for name, spec in specs.items()})
    monsters.sort(key=lambda entry: _natural(entry["sheet"]["name"]))
    return blocks, monsters


def _natural(name: str) -> list[Any]:
    """Sorted as read: "Hydra (HD 5)" before "Hydra (HD 10)"."""
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", name.casefold())]


_VARIANT_FIELDS = {"hd": "hit_dice", "ac": "armour_class"}


def _name_variants(monsters: list[dict[str, Any]], by: Mapping[str, str]) -> None:
    """Each group of a block's variants named by what sets them apart
    (:func:`variant_names`: "Brigand (AC 6 [13])", "Hydra (HD 7)"), by the field the block
    splits them by ("HD 8 / 12 / 16": an elemental of HD 8, though its AC differs too); the
    errata's entry must carry that name, so its differences stay keyed to the monster
    shipped."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for monster in monsters:
        if "variant" in monster["srd"]:
            groups.setdefault(monster["srd"]["block"], []).append(monster)
    for block, group in groups.items():
        group.sort(key=lambda monster: int(monster["srd"]["variant"]))
        field = _VARIANT_FIELDS[by[group[0]["sheet"]["name"]]]
        names = variant_names(block, [{field: monster["sheet"][field]} for monster in group])
        for monster, name in zip(group, names, strict=True):
            if monster["sheet"]["name"] != name:
                raise ValueError(
                    f"{monster['sheet']['name']}: a variant of “{block}”, named "
                    f"“{name}” (the entry in errata.json must be keyed so)"
                )


def check_against(
    monsters: Iterable[Mapping[str, Any]],
    second: Mapping[str, tuple[MonsterSheet, dict[str, Any]]],
    errata: Mapping[str, Any],
) -> tuple[list[dict[str, str]], list[str], int]:
    """Every field compared with the compendium: the differences found, what is wrong with
    the errata (unexplained or stale), and how many values were compared."""
    found: list[dict[str, str]] = []
    # the importer makes a doubled space in a name one ("Giant  Piranha"), so does this
    names = {
        " ".join(str(spec.get("compendium", name)).split()): name
        for name, spec in errata["entries"].items()
    }
    reverse = {ours: theirs for theirs, ours in names.items()}
    compared = 0
    for monster in monsters:
        name = monster["sheet"]["name"]
        theirs_name = reverse.get(name, name)
        if theirs_name not in second:
            found.append({"monster": name, "field": "entry", "srd": name, "compendium": "(none)"})
            continue
        sheet = MonsterSheet.model_validate(monster["sheet"])
        ours = comparable(sheet, monster["srd"])
        theirs_sheet, theirs_printed = second[theirs_name]
        theirs = comparable(theirs_sheet, theirs_printed)
        compared += len(ours) + 1
        if theirs_name != name:
            found.append({"monster": name, "field": "name", "srd": name, "compendium": theirs_name})
        for key, (a, b) in differences(ours, theirs).items():
            found.append({"monster": name, "field": key, "srd": a, "compendium": b})
    shipped = {m["sheet"]["name"] for m in monsters}
    for theirs_name in second:
        if names.get(theirs_name, theirs_name) not in shipped:
            found.append(
                {
                    "monster": theirs_name,
                    "field": "entry",
                    "srd": "(none)",
                    "compendium": theirs_name,
                }
            )
    listed = {(d["monster"], d["field"]): d for d in errata["differences"]}
    problems = []
    for item in found:
        known = listed.pop((item["monster"], item["field"]), None)
        if known is None:
            problems.append(f"unexplained: {item}")
        elif (known["srd"], known["compendium"]) != (item["srd"], item["compendium"]):
            problems.append(f"changed: {item} (errata: {known['srd']!r} / {known['compendium']!r})")
        elif not str(known.get("reason", "")).strip():
            problems.append(f"no reason given: {item}")
    problems += [f"stale (no longer differs): {item}" for item in listed.values()]
    return found, problems, compared


def changes_from(previous: Path, monsters: Iterable[Mapping[str, Any]]) -> tuple[int, int]:
    """How many monsters and fields changed from an earlier bestiary file."""
    old = {m["sheet"]["name"]: m for m in json.loads(previous.read_text("utf-8"))["monsters"]}
    renamed = {
        "Eefreeti (Lesser)": "Efreeti (Lesser)",
        "Giant  Piranha": "Giant Piranha",
        "Kobold Chieftan": "Kobold Chieftain",
    }
    old = {renamed.get(k, k): v for k, v in old.items()}
    changed_monsters = changed_fields = 0
    for monster in monsters:
        before = old.get(monster["sheet"]["name"])
        if before is None:
            changed_monsters += 1
            continue
        a = comparable(MonsterSheet.model_validate(monster["sheet"]), monster["srd"])
        b = comparable(MonsterSheet.model_validate(before["sheet"]), before["srd"])
        diff = differences(a, b)
        changed_fields += len(diff)
        changed_monsters += bool(diff)
    return changed_monsters, changed_fields


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("srd", type=Path)
    parser.add_argument("foundry", type=Path)
    parser.add_argument("--out", type=Path, default=HERE)
    parser.add_argument("--previous", type=Path)
    parser.add_argument("--draft-errata", action="store_true")
    args = parser.parse_args(argv[1:])
    errata = json.loads(ERRATA.read_text(encoding="utf-8"))
    texts = srd_texts(args.srd)
    commit = _git(args.srd, "rev-parse", "HEAD").strip()
    blocks, monsters = build(texts, errata)
    found, problems, compared = check_against(monsters, compendium(args.foundry), errata)
    print(
        f"{len(blocks)} SRD stat blocks -> {len(monsters)} monsters; {compared} values "
        f"compared with the compendium, {len(found)} differences"
    )
    if args.previous:
        count, fields = changes_from(args.previous, monsters)
        print(f"against {args.previous}: {count} monsters changed, {fields} values")
    if args.draft_errata:
        (args.out / "srd").mkdir(parents=True, exist_ok=True)
        draft = args.out / "srd" / "errata-draft.json"
        draft.write_text(json.dumps(found, ensure_ascii=False, indent=1) + "\n", "utf-8")
        print(f"differences found -> {draft}")
    if problems:
        print("\n".join(problems), file=sys.stderr)
        print(
            f"{len(problems)} differences are not explained in {ERRATA.name}: not written",
            file=sys.stderr,
        )
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    extract = {
        "source": "oldmanumby/ose.srd",
        "commit": commit,
        "note": "The SRD's stat-block fields as printed, names and numbers only "
        "(Open Game Content, see OGL-1.0a.txt); made by "
        "tools/build_ose_bestiary.py",
        "blocks": blocks,
    }
    (args.out / "srd").mkdir(exist_ok=True)
    (args.out / "srd" / "extract.json").write_text(
        json.dumps(extract, ensure_ascii=False, indent=0) + "\n", encoding="utf-8"
    )
    data = {
        "format": "m3desk.bestiary",
        "system": "ose",
        "schema_version": 1,
        "title": "Old-School Essentials SRD monsters",
        "licence": "OGL-1.0a.txt",
        "source": f"oldmanumby/ose.srd {commit}",
        "monsters": monsters,
        "not_read": {},
    }
    (args.out / "srd-monsters.json").write_text(
        json.dumps(data, ensure_ascii=False, indent=0) + "\n", encoding="utf-8"
    )
    print(f"{len(monsters)} monsters -> {args.out / 'srd-monsters.json'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
