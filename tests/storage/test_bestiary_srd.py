"""The bundled OSE bestiary held to the SRD's own stat blocks, field by field, for every monster.

The SRD itself is not needed: ``tools/build_ose_bestiary.py`` commits the eleven stat fields
of each of its blocks, as printed, in ``srd/extract.json``. This test reads that extract and
``srd/errata.json`` and checks, independently of the tool's code, that every shipped monster
holds what its block prints (its variant's share where the block has several, the sentence's
numbers for a leader or king), that every difference from the second source has a reason,
and that XP, THAC0 and size agree with the rules' tables for all of them.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from m3desk.assets import resource_path
from m3desk.storage.bestiary import load_bestiary
from m3desk.systems.ose.derive import derive, hit_dice_text
from m3desk.systems.ose.experience import hit_dice_xp
from m3desk.systems.ose.sheet import MonsterSheet

HERE = resource_path("bestiary", "ose")
FIELDS = (
    "ac",
    "hd",
    "attacks",
    "thac0",
    "movement",
    "saves",
    "morale",
    "alignment",
    "xp",
    "appearing",
    "treasure",
)
SHIPPED_FIELD = {"saves": "saves_text"}


@pytest.fixture(scope="module")
def shipped() -> list[dict[str, Any]]:
    return json.loads((HERE / "srd-monsters.json").read_text(encoding="utf-8"))["monsters"]


@pytest.fixture(scope="module")
def blocks() -> dict[tuple[str, str], dict[str, str]]:
    extract = json.loads((HERE / "srd" / "extract.json").read_text(encoding="utf-8"))
    return {(block["source"], block["name"]): block["fields"] for block in extract["blocks"]}


@pytest.fixture(scope="module")
def errata() -> dict[str, Any]:
    return json.loads((HERE / "srd" / "errata.json").read_text(encoding="utf-8"))


def _variants(hd: str) -> int:
    head = hd.split("(")[0]
    if match := re.search(r"(\d+) to (\d+)", head):
        return int(match.group(2)) - int(match.group(1)) + 1
    return head.count(" / ") + 1


def _expected(block: dict[str, str], field: str, variant: int | None, by: str) -> set[str]:
    """What the shipped field may hold: the block's text, or its variant's share of it."""
    value = block[field]
    if variant is None:
        return {value}
    if by != "hd":
        return {value} if field != by else {re.split(r",\s*or\s+|,\s*|\s+or\s+", value)[variant]}
    count = _variants(block["hd"])
    shares = {value}
    parts = value.split(" / ")
    if len(parts) == count and field != "movement":
        shares.add(parts[variant].strip())
    if inner := re.fullmatch(r"(.*?)\(([^()]*)\)(.*)", value):
        split = inner.group(2).split(" / ")
        if len(split) == count:
            shares.add(f"{inner.group(1)}({split[variant].strip()}){inner.group(3)}")
    return shares


def _hit_dice_share(hd: str, variant: int | None) -> str:
    """ "8 / 12 / 16* (36 / 54 / 72hp)", variant 1 -> "12*"; "3 to 7*", 0 -> "3*"."""
    head = hd.split("(")[0].strip()
    stars = re.search(r"\**$", head).group(0)  # type: ignore[union-attr]
    if variant is None:
        return head
    if match := re.fullmatch(r"(\d+) to \d+\**", head):
        return f"{int(match.group(1)) + variant}{stars}"
    if " / " in head:
        return head.split(" / ")[variant].strip().rstrip("*") + stars
    return head


def test_the_extract_holds_every_srd_block_and_only_stat_fields(blocks) -> None:
    assert len(blocks) == 209
    for fields in blocks.values():
        assert set(fields) == set(FIELDS) or set(fields) >= set(FIELDS) - {"appearing", "treasure"}
        assert all(len(text) < 200 for text in fields.values())


def test_every_monster_holds_its_blocks_text_field_by_field(shipped, blocks, errata) -> None:
    """Each of the eleven fields of every monster, as shipped in ``srd``, is its block's text
    (or its variant's share), or the value the errata's entry takes from the SRD's sentence."""
    wrong = []
    checked = 0
    for monster in shipped:
        srd = monster["srd"]
        name = monster["sheet"]["name"]
        block = blocks[(srd["source"], srd["block"])]
        spec = errata["entries"].get(name, {})
        for field in FIELDS:
            if field not in block and field not in spec.get("set", {}):
                continue
            shown = srd[SHIPPED_FIELD.get(field, field)]
            allowed = (
                _expected(block, field, srd.get("variant"), spec.get("by", "hd"))
                if field in block
                else set()
            )
            if field in spec.get("set", {}):
                allowed = {spec["set"][field]}
            if field == "hd":
                allowed = {_hit_dice_share(a, srd.get("variant")) for a in allowed}
                if shown not in allowed:
                    wrong.append((name, field, shown, allowed))
            elif field == "attacks" and re.match(r"\d+ to \d+ ×", block[field]):
                low = int(block[field].split()[0])
                assert shown == f"{low + srd['variant']} ×" + block[field].split("×", 1)[1]
            elif field == "thac0":
                numeric = [int(m.group(1)) for a in allowed if (m := re.match(r"(\d+) \[", a))]
                if numeric and shown not in numeric:
                    wrong.append((name, field, shown, allowed))
            elif shown not in allowed:
                wrong.append((name, field, shown, allowed))
            checked += 1
    assert wrong == []
    assert checked >= 257 * 10


def _first(text: str) -> int:
    return int(re.match(r"\s*(-?[\d,]+)", text).group(1).replace(",", ""))  # type: ignore


def test_every_sheet_holds_the_numbers_its_srd_fields_print(shipped) -> None:
    """The sheet the app uses agrees with the fields as printed: AC, Hit Dice and hit
    points, THAC0, saves, movement, morale, XP, alignment, number appearing, treasure, and
    every attack's count and dice in the attack line."""
    wrong = []
    for monster in shipped:
        srd = monster["srd"]
        sheet = MonsterSheet.model_validate(monster["sheet"])
        derived = derive(sheet)
        notes = sheet.notes
        name = sheet.name
        if re.match(r"-?\d", srd["ac"]):
            ac = _first(srd["ac"])
        else:
            ac = 9
            assert "AC (the SRD: “No hit roll required”" in notes, name
        if sheet.armour_class != ac:
            wrong.append((name, "ac", sheet.armour_class, srd["ac"]))
        hd = srd["hd"]
        if hd.endswith("hp"):
            assert (sheet.hit_dice, sheet.max_hit_points) == (0, int(hd[:-2])), name
        elif hit_dice_text(sheet) != hd:
            wrong.append((name, "hd", hit_dice_text(sheet), hd))
        if sheet.max_hit_points != srd["hp"] or sheet.hit_points != srd["hp"]:
            wrong.append((name, "hp", sheet.max_hit_points, srd["hp"]))
        if derived["thac0"].value != srd["thac0"]:
            wrong.append((name, "thac0", derived["thac0"].value, srd["thac0"]))
        saves = {k.split(".")[1]: v.value for k, v in derived.items() if k.startswith("save.")}
        printed_saves = dict(re.findall(r"\b([DWPBS])(\d{1,2})\b", srd["saves_text"]))
        if len(printed_saves) == 5 and saves != {k: int(v) for k, v in printed_saves.items()}:
            wrong.append((name, "saves", saves, srd["saves_text"]))
        if saves != srd["saves"]:
            wrong.append((name, "saves", saves, srd["saves"]))
        rates = [int(r) for r in re.findall(r"(\d+)’ \(", srd["movement"])]
        if sheet.movement not in rates:
            wrong.append((name, "movement", sheet.movement, srd["movement"]))
        for rate in rates:
            if rate != sheet.movement and f"{rate}’" not in sheet.movement_other:
                wrong.append((name, "other movement", sheet.movement_other, srd["movement"]))
        if re.match(r"\d", srd["morale"]):
            if (
                sheet.morale != _first(srd["morale"])
                and f"{sheet.morale} with" not in srd["morale"]
                and f"{sheet.morale} in sight" not in srd["morale"]
            ):
                wrong.append((name, "morale", sheet.morale, srd["morale"]))
        else:
            assert f"morale (the SRD: “{srd['morale']}”" in notes, name
        if sheet.xp != _first(srd["xp"]):
            wrong.append((name, "xp", sheet.xp, srd["xp"]))
        if (sheet.alignment, sheet.number_appearing, sheet.treasure) != (
            srd["alignment"],
            srd["appearing"],
            srd["treasure"],
        ):
            wrong.append((name, "alignment/appearing/treasure", sheet.number_appearing))
        for label, given in (
            ("number appearing", srd["appearing"]),
            ("treasure type", srd["treasure"]),
        ):
            assert given or label in notes, (name, label)
        line = srd["attacks"].replace("**", "")
        if not sheet.attacks:  # "None": the sheet says so rather than look forgotten
            assert f"Attacks: none (the SRD prints “{srd['attacks']}”)" in notes, name
        bonus = srd.get("damage_bonus", 0)
        for attack in sheet.attacks:
            # "1 × bite", a range's first count ("2 or 4 × weapon"), a head's attack
            # ("goat: 1 × gore"), or a bare alternative ("or breath", ", magic")
            *head, last = attack.name.lower().split()
            said = line.lower()
            if not (
                re.search(rf"\b{attack.count}\b[^()\[\]]*?×[a-z\s-]*?\b{re.escape(last)}\b", said)
                or (attack.count == 1 and re.search(rf"(\bor|,) {re.escape(last)}\b", said))
            ) or not all(word in said for word in head):
                wrong.append((name, "attack", attack.name, line))
            if attack.damage is not None:
                dice = str(attack.damage).replace(" ", "")
                if bonus:
                    dice = re.sub(r"[+-]\d+$", "", dice)
                per_hd = f"1d{dice.split('d')[-1]} per HD"
                if dice.lstrip("+") not in line.replace(" ", "") and per_hd not in line:
                    wrong.append((name, "damage", dice, line))
    assert wrong == []


def test_the_goblin_hits_for_1d6(shipped) -> None:
    goblins = {
        m["sheet"]["name"]: m["sheet"]
        for m in shipped
        if "Goblin" in m["sheet"]["name"] and "Hob" not in m["sheet"]["name"]
    }
    assert [a["damage"] for a in goblins["Goblin"]["attacks"]] == ["1d6"]
    assert [a["damage"] for a in goblins["Goblin King"]["attacks"]] == ["1d6+1"]
    assert "1d8" not in json.dumps(goblins)


def test_xp_and_thac0_agree_with_the_tables_for_every_monster() -> None:
    """The SRD's XP is the Hit-Dice table's (by asterisks) for all 257, and its THAC0 the
    attack table's, but for the veterans who attack as fighters of their level."""
    from m3desk.systems.ose.checks import sheet_warnings

    entries = load_bestiary(HERE / "srd-monsters.json").entries
    assert len(entries) == 257
    xp_off = [
        e.name
        for e in entries
        if e.sheet.xp
        != hit_dice_xp(e.sheet.hit_dice, e.sheet.hit_dice_modifier, e.sheet.hit_dice_asterisks)
    ]
    assert xp_off == []
    assert [(e.name, sheet_warnings(e.sheet)) for e in entries if sheet_warnings(e.sheet)] == []


def test_every_monster_has_the_size_the_errata_decided(shipped, errata) -> None:
    sizes = errata["sizes"]
    for monster in shipped:
        name = monster["sheet"]["name"]
        size = sizes[name]["size"]
        assert sizes[name]["why"], name
        assert monster["srd"]["size"] == size
        assert monster["sheet"]["larger_than_human"] == (size == "larger than human"), name
    larger = {m["sheet"]["name"] for m in shipped if m["sheet"]["larger_than_human"]}
    assert {"Ogre", "Hill Giant", "Red Dragon", "Troll", "Owl Bear"} <= larger
    assert not {"Goblin", "Kobold", "Orc", "Halfling", "Bandit"} & larger


def test_every_difference_from_the_second_source_has_a_reason(shipped, errata) -> None:
    names = {m["sheet"]["name"] for m in shipped}
    assert len(errata["differences"]) >= 200
    for item in errata["differences"]:
        assert item["monster"] in names, item
        assert len(item["reason"]) > 20, item
    by_field = {(d["monster"], d["field"]): d for d in errata["differences"]}
    # the examples, each resolved by the SRD's text
    assert by_field[("Goblin", "attacks")]["srd"] == "1 × (1d6)"
    assert by_field[("Black Dragon", "movement")]["srd"] == "walk 90, fly 240"
    assert by_field[("Yellow Mould", "movement")]["srd"] == "walk 0"
    assert by_field[("Mastodon", "xp")]["compendium"] == "1"
    assert by_field[("Elf", "appearing")]["srd"] == "1d4 (2d12)"
    shipped_by_name = {m["sheet"]["name"]: m for m in shipped}
    for (name, field), item in by_field.items():
        sheet = shipped_by_name[name]["sheet"]
        if field == "xp":
            assert str(sheet["xp"]) == item["srd"], name
        elif field == "morale":
            assert str(sheet["morale"]) == item["srd"], name
        elif field == "ac":
            assert str(sheet["armour_class"]) == item["srd"], name


def test_derived_entries_quote_the_srd_and_say_what_it_does_not_give(shipped, errata) -> None:
    for name, spec in errata["entries"].items():
        if spec.get("derived"):
            assert spec["quote"] and spec["why"], name
            monster = next(m for m in shipped if m["sheet"]["name"] == name)
            assert "THAC0" in monster["sheet"]["notes"], name
