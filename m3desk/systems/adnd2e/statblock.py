"""Reading a 2e stat block, as the Monstrous Manual prints it, into a monster sheet.

``AC 5; MV 9; HD 4+1; hp 25; THAC0 17; #AT 1; Dmg 1d10 (club); SA nil; SD nil; MR nil;
SZ L (9' tall); ML Steady (11-12); Int Low (5-7); AL CE; XP 270``. Every field read fills the
sheet; every part not read is reported in plain words. Bad input never raises.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from m3desk.core.dice import DiceError, DiceExpr
from m3desk.systems.adnd2e.sheet import MonsterAttack, MonsterSheet

__all__ = ["average_hit_points", "parse_stat_block"]

_FIELD = re.compile(
    r"(?<![\w#/])(AC|MV|HD|hp|THAC0|#AT|Dmg/AT|Dmg|SA|SD|MR|SZ|ML|Int|AL|XP|SV)(?![\w/])",
    re.IGNORECASE)
_MAX_TEXT = 3000
_SIZES = {"T": "T", "S": "S", "M": "M", "L": "L", "H": "H", "G": "G"}
_MORALE_WORDS = {"unreliable": 3, "unsteady": 6, "average": 9, "steady": 12, "elite": 14,
                 "champion": 16, "fanatic": 18, "fearless": 20}


def average_hit_points(hit_dice: int, modifier: int = 0) -> int:
    """Hit points of an average creature when the block gives none: 4½ a d8 (½ HD: 2)."""
    if hit_dice == 0:
        return max(1, 2 + modifier)
    return max(1, min(999, hit_dice * 9 // 2 + modifier))


def _split(text: str) -> dict[str, str]:
    found = list(_FIELD.finditer(text))
    parts: dict[str, str] = {}
    for index, match in enumerate(found):
        end = found[index + 1].start() if index + 1 < len(found) else len(text)
        key = match.group(1).upper()
        key = "DMG" if key == "DMG/AT" else key
        if key not in parts:
            parts[key] = text[match.end():end].strip(" :,;.\t\n")
    return parts


def _int(text: str) -> int | None:
    match = re.match(r"\s*([-−]?\d+)", text)
    return int(match.group(1).replace("−", "-")) if match else None


def _attacks(count_text: str, damage_text: str, problems: list[str]) -> tuple[MonsterAttack, ...]:
    count = _int(count_text) if count_text else None
    pieces = [p.strip() for p in damage_text.split("/") if p.strip()] if damage_text else []
    attacks: list[MonsterAttack] = []
    for index, piece in enumerate(pieces[:20]):
        match = re.match(r"(\d*d\d+(?:\s*[+-]\s*\d+)?)\s*(?:\(([^)]*)\))?", piece)
        name_match = re.search(r"\(([^)]*)\)", piece)
        name = (name_match.group(1).strip() if name_match else "") or f"attack {index + 1}"
        if not match:
            problems.append(f"could not read the damage “{piece[:60]}”")
            continue
        try:
            damage = DiceExpr.parse(match.group(1).replace(" ", ""))
        except DiceError:
            problems.append(f"could not read the damage “{piece[:60]}”")
            continue
        attacks.append(MonsterAttack(name=name[:80], damage=damage))
    if count is not None and len(attacks) == 1 and 1 <= count <= 20:
        attacks = [attacks[0].model_copy(update={"count": count})]
    elif count is not None and attacks and count != len(attacks) and len(attacks) > 1:
        problems.append(f"#AT {count} but {len(attacks)} damages were given")
    return tuple(attacks)


def _morale(text: str) -> int | None:
    numbers = re.findall(r"\d+", text)
    if numbers:
        return int(numbers[-1])
    for word, value in _MORALE_WORDS.items():
        if word in text.lower():
            return value
    return None


def _bounded(parts: dict[str, str], key: str, read: Callable[[str], int | None],
             bounds: tuple[int, int], label: str, values: dict[str, Any], field: str,
             problems: list[str]) -> None:
    """A whole number the block gives under ``key``, within ``bounds``, or a problem said."""
    if key not in parts:
        return
    number = read(parts[key])
    if number is not None and bounds[0] <= number <= bounds[1]:
        values[field] = number
    else:
        problems.append(f"could not read {label} “{parts[key][:40]}”")


def parse_stat_block(text: str, name: str = "Monster") -> tuple[MonsterSheet, list[str]]:
    """The monster the stat block describes, and what could not be read."""
    problems: list[str] = []
    text = str(text)[:_MAX_TEXT]
    parts = _split(text)
    values: dict[str, object] = {"name": name.strip()[:80] or "Monster"}
    if "AC" in parts:
        ac = _int(parts["AC"])
        if ac is not None and -10 <= ac <= 10:
            values["armour_class"] = ac
        else:
            problems.append(f"could not read the AC “{parts['AC'][:40]}”")
    if "MV" in parts:
        mv = _int(parts["MV"])
        if mv is not None and 0 <= mv <= 48:
            values["movement"] = mv
            rest = parts["MV"].split(",", 1)
            if len(rest) > 1:
                values["movement_text"] = rest[1].strip()[:200]
        else:
            problems.append(f"could not read the movement “{parts['MV'][:40]}”")
    if "HD" in parts:
        hd = parts["HD"]
        match = re.match(r"\s*(1/2|½|\d+)\s*(?:([+\-−])\s*(\d+))?", hd)
        if match and (match.group(1) in ("½", "1/2") or int(match.group(1)) <= 40):
            values["hit_dice"] = 0 if match.group(1) in ("½", "1/2") else int(match.group(1))
            if match.group(3):
                extra = int(match.group(3)) * (1 if match.group(2) == "+" else -1)
                if -10 <= extra <= 40:
                    values["hit_dice_modifier"] = extra
                else:
                    problems.append(f"could not read the Hit Dice bonus “{hd[:40]}”")
            points = re.search(r"\((\d+)\s*hp\)", hd)
            if points:
                parts.setdefault("HP", points.group(1))
        else:
            problems.append(f"could not read the Hit Dice “{hd[:40]}”")
    if "HP" in parts:
        hp = _int(parts["HP"])
        if hp is None and "HD" in parts:
            points = re.search(r"\((\d+)\s*$", parts["HD"])
            hp = int(points.group(1)) if points else None
        if hp is not None and 1 <= hp <= 999:
            values["hit_points"] = values["max_hit_points"] = hp
        else:
            problems.append(f"could not read the hit points “{parts['HP'][:40]}”")
    _bounded(parts, "THAC0", _int, (1, 20), "the THAC0", values, "thac0", problems)
    if "#AT" in parts or "DMG" in parts:
        attacks = _attacks(parts.get("#AT", ""), parts.get("DMG", ""), problems)
        if attacks:
            values["attacks"] = attacks
        elif "DMG" not in parts:
            problems.append("no damage (Dmg) was given for the attacks")
    if "SZ" in parts:
        size = parts["SZ"].strip()[:1].upper()
        if size in _SIZES:
            values["size"] = size
        else:
            problems.append(f"could not read the size “{parts['SZ'][:40]}”")
    _bounded(parts, "ML", _morale, (2, 20), "the morale", values, "morale", problems)
    if "MR" in parts:
        mr = _int(parts["MR"])
        if mr is not None and 0 <= mr <= 100:
            values["magic_resistance"] = mr
        elif parts["MR"].strip().lower() not in ("nil", "none", "", "-"):
            problems.append(f"could not read the magic resistance “{parts['MR'][:40]}”")
    if "SV" in parts:
        saves = [int(n) for n in re.findall(r"\d+", parts["SV"])[:5]]
        if len(saves) == 5 and all(1 <= s <= 20 for s in saves):
            values["saves"] = tuple(saves)
        else:
            problems.append(f"could not read five saves in “{parts['SV'][:40]}”")
    for key, field in (("SA", "special_attacks"), ("SD", "special_defences"),
                       ("INT", "intelligence"), ("AL", "alignment")):
        if key in parts:
            values[field] = parts[key][:200]
    if "XP" in parts:
        match = re.match(r"\s*([\d,]+)", parts["XP"])
        xp = int(match.group(1).replace(",", "")) if match and match.group(1).strip(",") \
            else None
        if xp is not None and xp <= 1_000_000:
            values["xp"] = xp
        else:
            problems.append(f"could not read the XP “{parts['XP'][:40]}”")
    read_dice = values.get("hit_dice")
    read_extra = values.get("hit_dice_modifier", 0)
    if "hit_points" not in values and isinstance(read_dice, int) and isinstance(read_extra, int):
        values["hit_points"] = values["max_hit_points"] = average_hit_points(read_dice,
                                                                             read_extra)
    if not parts:
        problems.append("no stat block fields (AC, MV, HD, THAC0, #AT, Dmg, SZ, ML …) were "
                        "found")
    try:
        return MonsterSheet.model_validate(values), problems
    except ValueError as error:
        problems.append(f"the stat block holds an impossible value ({str(error)[:200]})")
        return MonsterSheet(name=str(values["name"])), problems
