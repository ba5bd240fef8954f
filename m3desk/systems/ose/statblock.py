"""Reading a stat block as OSE modules print it into a monster sheet.

``AC 6 [13], HD 1-1 (3hp), Att 1 × weapon (1d6), THAC0 19 [0], MV 60' (20'), SV D14 W15 P16
B17 S18 (NH), ML 7, AL Chaotic, XP 5``. Every field that is read fills the sheet; every part
that is not is reported in plain words. Bad input never raises.
"""

from __future__ import annotations

import re

from m3desk.core.dice import DiceError, DiceExpr
from m3desk.systems.ose.derive import derive
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
    for piece in re.split(r"\s*(?:,|\band\b|\bor\b(?=\s*\[?\d+\s*[×x]))\s*", text):
        piece = piece.strip(" []")
        match = re.match(r"(\d+)\s*[×x]\s*([^()]+?)\s*\(([^)]*)\)", piece)
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
    if len(attacks) > 20:
        problems.append(f"kept the first 20 of {len(attacks)} attacks")
    return tuple(attacks[:20])


def _leftover(label: str, rest: str, notes: list[str]) -> None:
    """Text after a field's value that the sheet has no place for goes to the notes."""
    rest = rest.strip(" ,;.")
    if rest:
        notes.append(f"{label} {rest}")


def _hit_dice(hd: str, values: dict[str, object], problems: list[str]) -> None:
    match = re.match(r"(\d{1,2}|½|1/2)\s*(?:([+\-−])\s*(\d{1,2}))?\s*(\**)\s*"
                     r"(?:\((\d{1,3})\s*hp\))?", hd)
    if not match:
        problems.append(f"could not read the Hit Dice “{hd}”")
        return
    values["hit_dice"] = 0 if match.group(1) in ("½", "1/2") else int(match.group(1))
    sign = -1 if match.group(2) in ("-", "−") else 1
    values["hit_dice_modifier"] = sign * int(match.group(3) or 0)
    values["hit_dice_asterisks"] = min(len(match.group(4)), 6)
    if match.group(5):
        values["hit_points"] = values["max_hit_points"] = max(int(match.group(5)), 1)


def _saves(text: str, values: dict[str, object], problems: list[str]) -> None:
    if re.fullmatch(r"\s*(NH|MU\s*\d{1,2}|[FCDEHT]\s*\d{1,2})\s*", text, re.IGNORECASE):
        values["saves_as"] = text.strip().upper().replace(" ", "")
        return
    saves = {save: int(m.group(1)) for save in Save
             if (m := re.search(rf"\b{save.value}\s*(\d{{1,2}})", text))}
    if len(saves) == len(Save):
        values["saves"] = saves
    else:
        problems.append(f"could not read all five saves in “{text}”")
    if match := re.search(r"\(([^)]+)\)", text):
        values["saves_as"] = match.group(1).strip()[:200]


def parse_stat_block(text: str, name: str = "Monster") -> tuple[MonsterSheet, list[str]]:
    """The monster the stat block describes, and what could not be read.

    A printed THAC0 that differs from the one its Hit Dice give is kept as the referee's
    override (visible on the sheet), so the stat block wins and the difference shows."""
    problems: list[str] = []
    notes: list[str] = []
    text = text[:_MAX_TEXT].replace("−", "-")
    parts = _split(text)
    values: dict[str, object] = {"name": name.strip()[:80] or "Monster"}
    first = _FIELD.search(text)
    if first is not None and text[:first.start()].strip(" ,;.:"):
        problems.append(f"ignored “{text[:first.start()].strip(' ,;.:')[:80]}” before the "
                        "first field")
    if match := re.match(r"(-?\d{1,2})", parts.get("AC", "")):
        values["armour_class"] = int(match.group(1))
    elif "AC" in parts:
        problems.append(f"could not read the AC “{parts['AC']}”")
    if "HD" in parts:
        _hit_dice(parts["HD"], values, problems)
    if "ATT" in parts:
        values["attacks"] = _attacks(parts["ATT"], problems)
    printed_thac0: int | None = None
    if match := re.match(r"(\d{1,2})", parts.get("THAC0", "")):
        printed_thac0 = int(match.group(1))
    elif "THAC0" in parts:
        problems.append(f"could not read the THAC0 “{parts['THAC0']}”")
    if match := re.match(r"(\d{1,3})\s*['’]\s*(?:\(\s*\d+\s*['’]\s*\))?(.*)",
                         parts.get("MV", "")):
        values["movement"] = int(match.group(1))
        values["movement_other"] = match.group(2).strip(" ,;/")[:200]
    elif "MV" in parts:
        problems.append(f"could not read the movement “{parts['MV']}”")
    if "SV" in parts:
        _saves(parts["SV"], values, problems)
    if match := re.match(r"(\d{1,2})(.*)", parts.get("ML", "")):
        values["morale"] = max(2, min(int(match.group(1)), 12))
        _leftover("ML", match.group(2), notes)
    elif "ML" in parts:
        problems.append(f"could not read the morale “{parts['ML']}”")
    if "AL" in parts:
        values["alignment"] = parts["AL"].split("(")[0].strip()[:200]
    if match := re.match(r"([\d,]{1,9})(.*)", parts.get("XP", "")):
        values["xp"] = int(match.group(1).replace(",", "") or 0)
        _leftover("XP", match.group(2), notes)
    elif "XP" in parts:
        problems.append(f"could not read the XP “{parts['XP']}”")
    if "NA" in parts:
        values["number_appearing"] = parts["NA"][:200]
    if "TT" in parts:
        values["treasure"] = parts["TT"][:200]
    if notes:
        values["notes"] = "\n".join(notes)
    if not parts:
        problems.append("no stat block fields (AC, HD, Att, THAC0, MV, SV, ML …) were found")
    try:
        sheet = MonsterSheet.model_validate(values)
    except ValueError as error:
        problems.append(f"the stat block holds an impossible value ({error})")
        return MonsterSheet(name=str(values["name"])), problems
    if printed_thac0 is not None:
        sheet = _keep_printed_thac0(sheet, printed_thac0)
    return sheet, problems


def _keep_printed_thac0(sheet: MonsterSheet, printed: int) -> MonsterSheet:
    if printed == 20 and sheet.hit_dice <= 1 and sheet.hit_dice_modifier <= 0:
        sheet = sheet.model_copy(update={"normal_human": True})
    if derive(sheet)["thac0"].computed != printed:
        sheet = sheet.model_copy(update={"overrides": {**sheet.overrides, "thac0": printed}})
    return sheet
