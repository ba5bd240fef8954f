"""Reading a 2e stat block, as the books print it, into a monster sheet.

Two layouts: the one line of modules (``AC 5; MV 9; HD 4+1; hp 25; THAC0 17; #AT 1; Dmg 1d10
(club); SA nil; SD nil; MR nil; SZ L (9' tall); ML Steady (11-12); Int Low (5-7); AL CE;
XP 270``) and the Monstrous Manual's labelled lines ("ARMOR CLASS: 5", "HIT DICE: 4+1",
"NO. OF ATTACKS: 1", "DAMAGE/ATTACK: 1d8" …), with blocks that offer variants ("HIT DICE:
8, 12 or 16", "1 to 3") read one variant at a time. Every field read fills the sheet; the
ecology lines the sheet has no field for go to its notes; every part not read is reported
in plain words. Bad input never raises, and the work grows with the text's length.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from m3desk.core.dice import DiceError, DiceExpr
from m3desk.core.routines import MAX_ROUTINES, effect_in, split_alternatives
from m3desk.core.stat_block_text import (
    MAX_STAT_BLOCK,
    at_most,
    heading_name,
    pick_variant,
    quoted,
    read_fields,
    validated,
    variant_names,
)
from m3desk.systems.adnd2e.sheet import MonsterAttack, MonsterSheet

__all__ = ["average_hit_points", "parse_stat_block", "stat_block_variants"]

_SHORT = {
    key: key.upper()
    for key in (
        "AC",
        "MV",
        "HD",
        "hp",
        "THAC0",
        "#AT",
        "Dmg",
        "SA",
        "SD",
        "MR",
        "SZ",
        "ML",
        "Int",
        "AL",
        "XP",
        "SV",
    )
}
_SHORT["Dmg/AT"] = "DMG"
_LONG = {
    "Armor Class": "AC",
    "Armour Class": "AC",
    "Movement": "MV",
    "Hit Dice": "HD",
    "Hit Points": "HP",
    "No. of Attacks": "#AT",
    "Number of Attacks": "#AT",
    "Damage/Attack": "DMG",
    "Damage": "DMG",
    "Special Attacks": "SA",
    "Special Defenses": "SD",
    "Special Defences": "SD",
    "Magic Resistance": "MR",
    "Size": "SZ",
    "Morale": "ML",
    "Intelligence": "INT",
    "Alignment": "AL",
    "XP Value": "XP",
    "Saving Throws": "SV",
    "Saves": "SV",
    # The ecology lines of a Monstrous Manual entry: kept in the notes.
    "Climate/Terrain": "Climate/Terrain",
    "Frequency": "Frequency",
    "Organization": "Organization",
    "Organisation": "Organization",
    "Activity Cycle": "Activity cycle",
    "Diet": "Diet",
    "Treasure": "Treasure",
    "No. Appearing": "No. appearing",
    "Number Appearing": "No. appearing",
}
_LABELS = {
    "armour_class": "AC",
    "hit_dice": "Hit Dice",
    "hit_dice_modifier": "Hit Dice bonus",
    "hit_points": "hit points",
    "max_hit_points": "hit points",
    "xp": "XP",
}
_NOTED = (
    "Climate/Terrain",
    "Frequency",
    "Organization",
    "Activity cycle",
    "Diet",
    "Treasure",
    "No. appearing",
)
_SIZES = {"T": "T", "S": "S", "M": "M", "L": "L", "H": "H", "G": "G"}
_MORALE_WORDS = {
    "unreliable": 3,
    "unsteady": 6,
    "average": 9,
    "steady": 12,
    "elite": 14,
    "champion": 16,
    "fanatic": 18,
    "fearless": 20,
}


def average_hit_points(hit_dice: int, modifier: int = 0) -> int:
    """Hit points of an average creature when the block gives none: 4½ a d8 (½ HD: 2)."""
    if hit_dice == 0:
        return max(1, 2 + modifier)
    return max(1, min(999, hit_dice * 9 // 2 + modifier))


_LABELLED = re.compile(r"[ \t]*([A-Za-z][A-Za-z0-9./ ]{1,30}):[ \t]*(.*)")
_MAX_LINES = 400


def _columns(text: str) -> list[str]:
    """A line's columns: runs of text apart by two spaces or more, or a tab."""
    return [
        part.strip()
        for part in re.split(r"[ \t]*(?:\t|\s{2,})[ \t]*", text.strip())
        if part.strip()
    ]


def family_columns(text: str) -> tuple[str, tuple[str, ...]]:
    """A Monstrous Manual family entry laid out in columns (a line of names, then
    "ARMOR CLASS:  6   5   10" …) as one variant per column: each labelled line's columns
    joined by " / ", as the books' one-line variants are written, and the column names.
    Any other text comes back unchanged with no names. Linear in the text's length."""
    lines = text[:MAX_STAT_BLOCK].splitlines()[:_MAX_LINES]
    header = -1
    for number, line in enumerate(lines):
        if _LABELLED.match(line):
            break
        if len(_columns(line)) >= 2 and number + 1 < len(lines):
            header = number
    if header < 0:
        return text, ()
    names = _columns(lines[header])
    if not 2 <= len(names) <= 10:
        return text, ()
    joined, matched = [], 0
    for line in lines[header + 1 :]:
        match = _LABELLED.match(line)
        if match is None:
            joined.append(line)
            continue
        cells = _columns(match.group(2))
        if len(cells) == len(names):
            matched += 1
            joined.append(f"{match.group(1)}: {' / '.join(cells)}")
        else:
            joined.append(line)
    if matched < 3:
        return text, ()
    return "\n".join(joined), tuple(names)


def stat_block_variants(text: str) -> tuple[str, ...]:
    """The variants a block offers ("HD 8", "HD 12", "HD 16", or a family's names: "Goblin",
    "Hobgoblin"); empty when it has one."""
    flat, names = family_columns(text)
    found = variant_names(read_fields(flat, _SHORT, _LONG).values)
    return names if names and len(names) == len(found) else found


def _int(text: str) -> int | None:
    match = re.match(r"\s*([-−]?\d+)", text)
    return int(match.group(1).replace("−", "-")) if match else None


def _attacks(count_text: str, damage_text: str, problems: list[str]) -> tuple[MonsterAttack, ...]:
    """The routines of "#AT 3 or 1, Dmg 1d4/1d4/1d8 or by weapon": each "or" another routine,
    each "/" another attack of the routine."""
    counts = split_alternatives(count_text) if count_text else []
    damages = split_alternatives(damage_text) if damage_text else []
    if len(damages) == 1 and len(counts) > 1:  # "#AT 1 or 2, Dmg 1d6": a choice of counts
        damages = damages * len(counts)
    attacks: list[MonsterAttack] = []
    for number, damage in enumerate(damages[:MAX_ROUTINES], start=1):
        count = (
            counts[number - 1]
            if number - 1 < len(counts)
            else (counts[0] if len(damages) == 1 and counts else "")
        )
        for attack in _routine(count, damage, problems):
            if len(attacks) == 20:
                problems.append("kept the first 20 attacks")
                return tuple(attacks)
            attacks.append(attack.model_copy(update={"routine": number}))
    if len(damages) > MAX_ROUTINES:
        problems.append(f"kept the first {MAX_ROUTINES} of {len(damages)} routines")
    return tuple(attacks)


def _routine(count_text: str, damage_text: str, problems: list[str]) -> list[MonsterAttack]:
    count = _int(count_text) if count_text else None
    if count_text and (count is None or re.match(r"\s*\d+\s*/\s*\d", count_text)):
        problems.append(f"could not read the number of attacks {quoted(count_text)}")
        count = None
    elif count_text and re.sub(r"\([^)]*\)", "", count_text).strip(" \t\n,;.0123456789"):
        problems.append(f"read the number of attacks {quoted(count_text)} as {count}")
    if re.fullmatch(r"\s*by\s+weapon(?:\s+type)?\s*", damage_text, re.IGNORECASE):
        problems.append("“by weapon”: a weapon attack of 1d6 until its own die is typed")
        return [MonsterAttack(name="weapon", count=count if count and 1 <= count <= 20 else 1)]
    pieces = [p.strip() for p in damage_text.split("/") if p.strip()] if damage_text else []
    attacks: list[MonsterAttack] = []
    if len(pieces) > 20:
        problems.append(f"kept the first 20 of {len(pieces)} damages")
    for index, piece in enumerate(pieces[:20]):
        match = re.match(r"(\d{0,2}d\d{1,3}(?:\s*[+-]\s*\d{1,3}(?!\s*d))?)\s*", piece)
        name_match = re.search(r"\(([^)]{0,80})\)", piece)
        name = (name_match.group(1).strip() if name_match else "") or f"attack {index + 1}"
        effect = effect_in(re.sub(r"\([^)]*\)", "", piece))
        if not match and re.search(r"\bbreath", piece, re.IGNORECASE):
            problems.append(
                f"{quoted(piece)} is a breath weapon, which an AD&D sheet has no "
                "rules for yet (no attack roll; a save vs breath weapon for half): "
                "left out; roll it by hand"
            )
            continue
        if not match and effect and not re.search(r"\d", re.sub(r"\([^)]*\)", "", piece)):
            # "Paralysis": a hit that causes its effect and deals no damage
            attacks.append(MonsterAttack(name=name[:80], damage=None, effect=effect))
            continue
        if not match:
            problems.append(f"could not read the damage {quoted(piece)}")
            continue
        rest = re.sub(r"\([^)]*\)", "", piece[match.end() :]).strip(" ,;")
        if effect and _EFFECT_TAIL.fullmatch(rest):  # "1d4 + poison"
            rest = ""
        else:
            effect = ""
        if re.match(r"[×xX*]\s*\d", rest):
            problems.append(
                f"the damage {quoted(piece)} is multiplied, which a sheet's dice "
                "cannot hold: left out"
            )
            continue
        if rest:
            problems.append(f"kept {match.group(1).replace(' ', '')} of the damage {quoted(piece)}")
        try:
            damage = DiceExpr.parse(match.group(1).replace(" ", ""))
        except DiceError as error:
            problems.append(f"could not read the damage {quoted(piece)} ({error})")
            continue
        attacks.append(MonsterAttack(name=name[:80], damage=damage, effect=effect))
    if count is not None and len(attacks) == 1 and 1 <= count <= 20:
        attacks = [attacks[0].model_copy(update={"count": count})]
    elif count is not None and not 1 <= count <= 20:
        problems.append(f"could not read the number of attacks {quoted(count_text)}")
    elif count is not None and attacks and count != len(attacks) and len(attacks) > 1:
        problems.append(f"#AT {count} but {len(attacks)} damages were given")
    return attacks


_EFFECT_TAIL = re.compile(
    r"[+&,]?\s*(?:and\s+)?(?:paraly[sz](?:is|ation)|petrification|"
    r"poison|charm|(?:energy|level)\s*drain)",
    re.IGNORECASE,
)
"""What a damage may carry after its dice: "+ poison", "and paralysis"."""


def _special_effect(
    special: str, attacks: tuple[MonsterAttack, ...], problems: list[str]
) -> tuple[MonsterAttack, ...]:
    """The special attack's effect ("SA Paralysis") on every attack that deals damage, where
    it names one effect with rules and no attack names its own (a ghoul's claws and bite,
    a wight's touch), said in words; two effects or more are left to the referee, said."""
    found = {key for part in re.split(r"[,;/]| and ", special[:200]) if (key := effect_in(part))}
    if not found or any(a.effect for a in attacks) or not attacks:
        return attacks
    if len(found) > 1:
        problems.append(
            f"the special attacks {quoted(special)} name "
            f"{' and '.join(sorted(found))}: type each on the attack that "
            "causes it"
        )
        return attacks
    effect = found.pop()
    problems.append(
        f"the special attack {quoted(special)}: every attack's hit causes "
        f"{effect} (clear the Effect of those the book says do not)"
    )
    return tuple(a.model_copy(update={"effect": effect}) for a in attacks)


def _morale(text: str) -> int | None:
    numbers = re.findall(r"\d+", text)
    if numbers:
        return int(numbers[-1])
    for word, value in _MORALE_WORDS.items():
        if word in text.lower():
            return value
    return None


def _bounded(
    parts: dict[str, str],
    key: str,
    read: Callable[[str], int | None],
    bounds: tuple[int, int],
    label: str,
    values: dict[str, Any],
    field: str,
    problems: list[str],
) -> None:
    """A whole number the block gives under ``key``, within ``bounds``, or a problem said."""
    if key not in parts:
        return
    number = read(parts[key])
    if number is not None and bounds[0] <= number <= bounds[1]:
        values[field] = number
    else:
        problems.append(f"could not read {label} “{parts[key][:40]}”")


def _hit_dice(
    hd: str, values: dict[str, object], parts: dict[str, str], problems: list[str]
) -> None:
    if fixed := re.fullmatch(r"\s*(\d{1,3})\s*(?:hp|hit\s+points?)\s*", hd, re.IGNORECASE):
        points = max(1, int(fixed.group(1)))
        values["hit_dice"] = 0
        parts.setdefault("HP", str(points))
        problems.append(
            f"HD {quoted(hd)} is a fixed number of hit points: the sheet keeps "
            f"it as ½ HD with {points} hp"
        )
        return
    match = re.match(r"\s*(1/2|½|\d{1,2})\s*(?:([+-])\s*(\d{1,2}))?", hd)
    if not match or not (match.group(1) in ("½", "1/2") or int(match.group(1)) <= 40):
        problems.append(f"could not read the Hit Dice {quoted(hd)}")
        return
    values["hit_dice"] = 0 if match.group(1) in ("½", "1/2") else int(match.group(1))
    if match.group(3):
        extra = int(match.group(3)) * (1 if match.group(2) == "+" else -1)
        if -10 <= extra <= 40:
            values["hit_dice_modifier"] = extra
        else:
            problems.append(f"could not read the Hit Dice bonus {quoted(hd)}")
    rest = hd[match.end() :].strip(" ,;.")
    if given := re.fullmatch(r"\((\d{1,3})\s*(?:hp)?\)?", rest):
        parts.setdefault("HP", given.group(1))
    elif rest:
        problems.append(f"could not read {quoted(rest)} after the Hit Dice")


def parse_stat_block(
    text: str, name: str = "Monster", variant: int = 0
) -> tuple[MonsterSheet, list[str]]:
    """The monster the stat block describes (its ``variant``-th variant when it offers
    several), and what could not be read."""
    text, family = family_columns(text)
    fields = read_fields(text, _SHORT, _LONG)
    problems = fields.problems
    parts = pick_variant(fields.values, variant, problems)
    name = name.strip()[:80] if isinstance(name, str) else ""
    if heading_name(fields):  # a name line above the stats ("Orc") names the monster
        name = heading_name(fields)
    if family and 0 <= variant < len(family) and name in ("", "Monster"):
        name = family[variant][:80]  # a family's column names the creature
    values: dict[str, object] = {"name": name or "Monster"}
    _bounded(parts, "AC", _int, (-10, 10), "the AC", values, "armour_class", problems)
    if "MV" in parts:
        mv = _int(parts["MV"])
        if mv is not None and 0 <= mv <= 48:
            values["movement"] = mv
            rest = parts["MV"].split(",", 1)
            if len(rest) > 1:
                values["movement_text"] = rest[1].strip()[:200]
        else:
            problems.append(f"could not read the movement {quoted(parts['MV'])}")
    if "HD" in parts:
        _hit_dice(parts["HD"], values, parts, problems)
    if "HP" in parts:
        hp = _int(parts["HP"])
        if hp is not None and 1 <= hp <= 999:
            values["hit_points"] = values["max_hit_points"] = hp
        else:
            problems.append(f"could not read the hit points {quoted(parts['HP'])}")
    _bounded(parts, "THAC0", _int, (1, 20), "the THAC0", values, "thac0", problems)
    if "#AT" in parts or "DMG" in parts:
        attacks = _attacks(parts.get("#AT", ""), parts.get("DMG", ""), problems)
        attacks = _special_effect(parts.get("SA", ""), attacks, problems)
        if attacks:
            values["attacks"] = attacks
        elif "DMG" not in parts:
            problems.append("no damage (Dmg) was given for the attacks")
    if re.search(r"\bbreath", parts.get("SA", ""), re.IGNORECASE):
        problems.append(
            f"the special attack {quoted(parts['SA'])} is a breath weapon, which "
            "an AD&D sheet has no rules for yet: kept as words; roll it by hand"
        )
    if "SZ" in parts:
        size = parts["SZ"].strip()[:1].upper()
        if size in _SIZES:
            values["size"] = size
        else:
            problems.append(f"could not read the size {quoted(parts['SZ'])}")
    _bounded(parts, "ML", _morale, (2, 20), "the morale", values, "morale", problems)
    if "ML" in parts and re.search(r"\d+\s*-\s*\d+", parts["ML"]) and "morale" in values:
        problems.append(
            f"the morale {quoted(parts['ML'])} is a range: took its top, {values['morale']}"
        )
    if "MR" in parts:
        mr = _int(parts["MR"])
        if mr is not None and 0 <= mr <= 100:
            values["magic_resistance"] = mr
        elif parts["MR"].strip().lower() not in ("nil", "none", "", "-"):
            problems.append(f"could not read the magic resistance {quoted(parts['MR'])}")
    if "SV" in parts:
        saves = [int(n) for n in re.findall(r"\d{1,2}", parts["SV"])[:5]]
        if len(saves) == 5 and all(1 <= s <= 20 for s in saves):
            values["saves"] = tuple(saves)
        else:
            problems.append(f"could not read five saves in {quoted(parts['SV'])}")
    for key, field in (
        ("SA", "special_attacks"),
        ("SD", "special_defences"),
        ("INT", "intelligence"),
        ("AL", "alignment"),
    ):
        if key in parts:
            values[field] = " ".join(parts[key].split())[:200]
    if "XP" in parts:
        match = re.match(r"\s*(\d[\d,]{0,9})", parts["XP"])
        xp = int(match.group(1).replace(",", "")) if match else None
        if xp is not None and xp <= 1_000_000:
            values["xp"] = xp
            after = parts["XP"][match.end() :].strip(" ,;.") if match else ""
            if after:
                problems.append(f"could not read {quoted(after)} after the XP")
        else:
            problems.append(f"could not read the XP {quoted(parts['XP'])}")
    notes = [f"{key}: {' '.join(parts[key].split())}" for key in _NOTED if key in parts]
    if notes:
        values["notes"] = "\n".join(notes)
    read_dice = values.get("hit_dice")
    read_extra = values.get("hit_dice_modifier", 0)
    if "hit_points" not in values and isinstance(read_dice, int) and isinstance(read_extra, int):
        values["hit_points"] = values["max_hit_points"] = average_hit_points(read_dice, read_extra)
    if not fields.values:
        problems.append("no stat block fields (AC, MV, HD, THAC0, #AT, Dmg, SZ, ML …) were found")
    return validated(MonsterSheet, values, problems, _LABELS), at_most(problems)
