"""Reading a stat block as OSE modules print it into a monster sheet.

``AC 6 [13], HD 1-1 (3hp), Att 1 × weapon (1d6), THAC0 19 [0], MV 60' (20'), SV D14 W15 P16
B17 S18 (NH), ML 7, AL Chaotic, XP 5``. Every field that is read fills the sheet; every part
that is not is reported in plain words. Bad input never raises.
"""

from __future__ import annotations

import re

from m3desk.core.dice import DiceError, DiceExpr
from m3desk.systems.ose.sheet import MonsterAttack, MonsterSheet
from m3desk.systems.ose.tables import Save

__all__ = ["parse_stat_block"]

_FIELD = re.compile(r"\b(AC|HD|Att|THAC0|MV|SV|ML|AL|XP|NA|TT)\b", re.IGNORECASE)
_MAX_TEXT = 2000


def _split(text: str) -> dict[str, str]:
    """The text after each field name, up to the next field name."""
    found = list(_FIELD.finditer(text))
    parts: dict[str, str] = {}
    for index, match in enumerate(found):
        end = found[index + 1].start() if index + 1 < len(found) else len(text)
        parts[match.group(1).upper()] = text[match.end():end].strip(" ,;.")
    return parts


def _attacks(text: str, problems: list[str]) -> tuple[MonsterAttack, ...]:
    attacks = []
    for piece in re.split(r"\s*(?:,|\band\b)\s*", text):
        match = re.match(r"(\d+)\s*[×x]\s*([^()]+?)\s*\(([^)]*)\)", piece.strip())
        if not match:
            if piece.strip():
                problems.append(f"could not read the attack “{piece.strip()}”")
            continue
        dice_text = re.match(r"\s*(\d*d\d+(?:[+-]\d+)?)", match.group(3))
        try:
            damage = DiceExpr.parse(dice_text.group(1)) if dice_text else None
        except DiceError:
            damage = None
        if damage is None:
            problems.append(f"could not read the damage of “{piece.strip()}”")
        attacks.append(MonsterAttack(name=match.group(2).strip()[:80] or "attack",
                                     count=min(int(match.group(1)), 20), damage=damage))
    return tuple(attacks)


def parse_stat_block(text: str, name: str = "Monster") -> tuple[MonsterSheet, list[str]]:
    """The monster the stat block describes, and what could not be read."""
    problems: list[str] = []
    text = text[:_MAX_TEXT]
    parts = _split(text)
    values: dict[str, object] = {"name": name.strip()[:80] or "Monster"}
    if match := re.match(r"(-?\d+)", parts.get("AC", "")):
        values["armour_class"] = int(match.group(1))
    elif "AC" in parts:
        problems.append(f"could not read the AC “{parts['AC']}”")
    hd = parts.get("HD", "")
    if match := re.match(r"(\d+|½)\s*([+-]\s*\d+)?\**\s*(?:\((\d+)\s*hp\))?", hd):
        dice = 0 if match.group(1) == "½" else int(match.group(1))
        values["hit_dice"] = dice
        values["hit_dice_modifier"] = int(match.group(2).replace(" ", "")) if match.group(2) \
            else 0
        if match.group(3):
            values["hit_points"] = values["max_hit_points"] = max(int(match.group(3)), 1)
    elif hd:
        problems.append(f"could not read the Hit Dice “{hd}”")
    if "ATT" in parts:
        values["attacks"] = _attacks(parts["ATT"], problems)
    if match := re.match(r"(\d+)", parts.get("THAC0", "")):
        values["thac0"] = int(match.group(1))
    elif "THAC0" in parts:
        problems.append(f"could not read the THAC0 “{parts['THAC0']}”")
    if match := re.match(r"(\d+)\s*'", parts.get("MV", "")):
        values["movement"] = int(match.group(1))
    elif "MV" in parts:
        problems.append(f"could not read the movement “{parts['MV']}”")
    if "SV" in parts:
        saves = {save: int(m.group(1)) for save in Save
                 if (m := re.search(rf"\b{save.value}(\d+)", parts["SV"]))}
        if len(saves) == len(Save):
            values["saves"] = saves
        else:
            problems.append(f"could not read all five saves in “{parts['SV']}”")
        if match := re.search(r"\(([^)]+)\)", parts["SV"]):
            values["saves_as"] = match.group(1)[:200]
    if match := re.match(r"(\d+)", parts.get("ML", "")):
        values["morale"] = max(2, min(int(match.group(1)), 12))
    if "AL" in parts:
        values["alignment"] = parts["AL"].split("(")[0].strip()[:200]
    if match := re.match(r"([\d,]+)", parts.get("XP", "")):
        values["xp"] = int(match.group(1).replace(",", ""))
    if "NA" in parts:
        values["number_appearing"] = parts["NA"][:200]
    if not parts:
        problems.append("no stat block fields (AC, HD, Att, THAC0, MV, SV, ML …) were found")
    try:
        return MonsterSheet.model_validate(values), problems
    except ValueError as error:
        problems.append(f"the stat block holds an impossible value ({error})")
        return MonsterSheet(name=str(values["name"])), problems
