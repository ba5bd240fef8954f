"""Reading a stat block as OSE books print it into a monster sheet.

Three layouts: the one line of modules (``AC 6 [13], HD 1-1 (3hp), Att 1 × weapon (1d6),
THAC0 19 [0], MV 60' (20'), SV D14 W15 P16 B17 S18 (NH), ML 7, AL Chaotic, XP 5``), the
SRD's table rows ("Armour Class 6 [13]", "Hit Dice 1-1 (3hp)" … one per line) and blocks
that offer variants ("HD 8 / 12 / 16", "HD 1 to 3"), read one variant at a time. Every
field that is read fills the sheet; every part that is not, or that the sheet cannot hold,
is said in plain words. Bad input never raises, and the work grows with the text's length.
"""

from __future__ import annotations

import re

from m3desk.core.dice import DiceError, DiceExpr
from m3desk.core.stat_block_text import (
    at_most,
    heading_name,
    pick_variant,
    quoted,
    read_fields,
    validated,
    variant_names,
)
from m3desk.systems.ose.derive import derive
from m3desk.systems.ose.sheet import MonsterAttack, MonsterSheet
from m3desk.systems.ose.tables import Save

__all__ = ["parse_stat_block", "stat_block_variants"]

_SHORT = {"AC": "AC", "HD": "HD", "Att": "ATT", "THAC0": "THAC0", "MV": "MV", "SV": "SV",
          "ML": "ML", "AL": "AL", "XP": "XP", "NA": "NA", "TT": "TT"}
_LONG = {"Armour Class": "AC", "Armor Class": "AC", "Hit Dice": "HD", "Attacks": "ATT",
         "Attacks Usable Per Round": "ATT", "Movement": "MV", "Movement Rate": "MV",
         "Saving Throws": "SV", "Saving Throw Values": "SV", "Saves": "SV", "Morale": "ML",
         "Alignment": "AL", "Experience Points": "XP", "Experience": "XP",
         "Number Appearing": "NA", "No. Appearing": "NA", "Treasure Type": "TT",
         "Treasure": "TT"}
_LABELS = {"armour_class": "AC", "hit_dice": "Hit Dice", "hit_dice_modifier": "Hit Dice bonus",
           "hit_points": "hit points", "max_hit_points": "hit points", "xp": "XP",
           "morale": "morale", "movement": "movement"}
_MAX_ATTACKS = 20
# Every repeat is bounded and the name starts with a visible character, so no text makes
# the pattern backtrack more than a few hundred steps at a position.
_ATTACK = re.compile(r"(\d{1,3})\s{0,3}[×xX*]\s{0,3}([^()\[\],\s][^()\[\],]{0,79}?)\s{0,3}"
                     r"\(([^()]{0,200})\)")
_DICE = re.compile(r"\s{0,3}(\d{0,2}\s?d\s?\d{1,3}(?:\s{0,3}[+-]\s{0,3}\d{1,3}(?!\s{0,3}d))?)")
_SEPARATORS = re.compile(r"(?:[\s,;\[\]]|\band\b|\bor\b)*", re.IGNORECASE)


def stat_block_variants(text: str) -> tuple[str, ...]:
    """The variants a block offers ("HD 8", "HD 12", "HD 16"); empty when it has one."""
    return variant_names(read_fields(text, _SHORT, _LONG).values)


def _damage(piece: str, text: str, notes: list[str], problems: list[str]) -> DiceExpr | None:
    """The damage of one attack, or None with the reason said."""
    dice = _DICE.match(text)
    if dice is None:
        problems.append(f"could not read the damage of “{piece}”")
        return None
    rest = text[dice.end():].strip()
    if re.match(r"[×xX*]\s*\d", rest):
        problems.append(f"the damage {quoted(text)} is multiplied, which a sheet's dice "
                        "cannot hold: left empty, roll it by hand")
        return None
    try:
        damage = DiceExpr.parse(dice.group(1).replace(" ", ""))
    except DiceError as error:
        problems.append(f"could not read the damage of “{piece}” ({error})")
        return None
    if rest and not re.match(r"or\b", rest, re.IGNORECASE):
        # "1d3 + disease": the dice are the damage, the rest is kept in the notes.
        notes.append(f"Att {piece}")
        if re.match(r"[+-]\s*\d", rest):
            problems.append(f"kept {damage} of the damage {quoted(text)}")
    return damage


def _attacks(text: str, notes: list[str], problems: list[str]) -> tuple[MonsterAttack, ...]:
    attacks: list[MonsterAttack] = []
    position = 0
    for match in _ATTACK.finditer(text):
        gap = text[position:match.start()]
        if _SEPARATORS.fullmatch(gap) is None:
            problems.append(f"could not read the attack {quoted(gap.strip(' ,;[]'))}")
        position = match.end()
        piece = " ".join(match.group(0).split())
        count = int(match.group(1))
        if not 1 <= count <= 20:
            problems.append(f"could not read the attack “{piece}”: 1 to 20 a round, please")
            continue
        damage = _damage(piece, match.group(3), notes, problems)
        if len(attacks) < _MAX_ATTACKS:
            attacks.append(MonsterAttack(name=" ".join(match.group(2).split()) or "attack",
                                         count=count, damage=damage))
        elif len(attacks) == _MAX_ATTACKS:
            problems.append(f"kept the first {_MAX_ATTACKS} attacks")
    rest = text[position:]
    if _SEPARATORS.fullmatch(rest) is None:
        problems.append(f"could not read the attack {quoted(rest.strip(' ,;[]'))}")
    return tuple(attacks)


def _leftover(label: str, rest: str, notes: list[str]) -> None:
    """Text after a field's value that the sheet has no place for goes to the notes."""
    rest = rest.strip(" ,;.")
    if rest:
        notes.append(f"{label} {rest}")


# Possessive spaces: no space run is ever given back, so a padded text is read in one pass.
_HIT_DICE = re.compile(r"\s*+(\d{1,2}|½|1/2)\s*+(?:([+\-−])\s*+(\d{1,2}))?\s*+(\**+)\s*+"
                       r"(?:\(\s*+(\d{1,3})\s*+hp\s*+\))?", re.IGNORECASE)


def read_hit_dice(text: str) -> tuple[int, int, int, int | None, int] | None:
    """Hit Dice as printed at the start of ``text`` ("1-1", "½", "3+2*", "4 (18hp)"): the
    dice (½ is 0), the modifier, the asterisks, the hit points in brackets (or None) and
    where the reading ended; None when no Hit Dice start the text. The stat-block reader
    and the public ``parse_hit_dice`` read with it."""
    match = _HIT_DICE.match(text)
    if not match or not match.group(0).strip():
        return None
    dice = 0 if match.group(1) in ("½", "1/2") else int(match.group(1))
    modifier = int(match.group(3) or 0) * (-1 if match.group(2) in ("-", "−") else 1)
    points = int(match.group(5)) if match.group(5) else None
    return dice, modifier, len(match.group(4)), points, match.end()


def _hit_dice(hd: str, values: dict[str, object], problems: list[str]) -> None:
    if fixed := re.fullmatch(r"\s*(\d{1,3})\s*(?:hp|hit\s+points?)\s*", hd, re.IGNORECASE):
        points = max(1, int(fixed.group(1)))
        values.update(hit_dice=0, hit_points=points, max_hit_points=points)
        problems.append(f"HD {quoted(hd)} is a fixed number of hit points: the sheet keeps it "
                        f"as ½ HD with {points} hp")
        return
    read = read_hit_dice(hd)
    if read is None:
        problems.append(f"could not read the Hit Dice {quoted(hd)}")
        return
    dice, modifier, asterisks, bracketed, end = read
    values["hit_dice"] = dice
    values["hit_dice_modifier"] = modifier
    values["hit_dice_asterisks"] = min(asterisks, 6)
    if bracketed is not None:
        values["hit_points"] = values["max_hit_points"] = max(bracketed, 1)
    if rest := hd[end:].strip(" ,;."):
        problems.append(f"could not read {quoted(rest)} after the Hit Dice")


def _saves(text: str, values: dict[str, object], problems: list[str]) -> None:
    if re.fullmatch(r"\s*(?:as\s+)?(NH|MU\s*\d{1,2}|[FCDEHT]\s*\d{1,2}|\d{1,2})\s*", text,
                    re.IGNORECASE):
        values["saves_as"] = re.sub(r"(?i)as|\s", "", text).upper()
        return
    saves = {save: int(m.group(1)) for save in Save
             if (m := re.search(rf"\b{save.value}\s*(\d{{1,2}})\b", text))}
    if len(saves) == len(Save):
        values["saves"] = saves
    else:
        problems.append(f"could not read all five saves in {quoted(text)}")
    if match := re.search(r"\(([^)]{1,200})\)", text):
        values["saves_as"] = match.group(1).strip()


def _whole(key: str, label: str, parts: dict[str, str], problems: list[str],
           pattern: str = r"(-?\d{1,2})") -> re.Match[str] | None:
    if key not in parts:
        return None
    match = re.match(pattern, parts[key])
    if match is None:
        problems.append(f"could not read the {label} {quoted(parts[key])}")
    return match


def parse_stat_block(text: str, name: str = "Monster",
                     variant: int = 0) -> tuple[MonsterSheet, list[str]]:
    """The monster the stat block describes (its ``variant``-th variant when it offers
    several), and what could not be read.

    A printed THAC0 that differs from the one its Hit Dice give is kept as the referee's
    override (visible on the sheet), so the stat block wins and the difference shows."""
    fields = read_fields(text, _SHORT, _LONG)
    problems = fields.problems
    notes: list[str] = []
    name = name.strip()[:80] if isinstance(name, str) else ""
    if heading_name(fields):  # a name line above the stats ("Goblin") names the monster
        name = heading_name(fields)
    values: dict[str, object] = {"name": name or "Monster"}
    parts = pick_variant(fields.values, variant, problems)
    if match := _whole("AC", "AC", parts, problems):
        values["armour_class"] = int(match.group(1))
    if "HD" in parts:
        _hit_dice(parts["HD"], values, problems)
    if "ATT" in parts:
        values["attacks"] = _attacks(parts["ATT"], notes, problems)
    printed_thac0: int | None = None
    if match := _whole("THAC0", "THAC0", parts, problems, r"(\d{1,2})"):
        printed_thac0 = int(match.group(1))
    if match := _whole("MV", "movement", parts, problems,
                       r"(\d{1,3})\s*['’′]*\s*(?:\(\s*\d+\s*['’′]*\s*\))?(.*)"):
        values["movement"] = int(match.group(1))
        values["movement_other"] = match.group(2).strip(" ,;/")[:200]
    if "SV" in parts:
        _saves(parts["SV"], values, problems)
    if match := _whole("ML", "morale", parts, problems, r"(\d{1,2})(.*)"):
        if 2 <= int(match.group(1)) <= 12:
            values["morale"] = int(match.group(1))
        else:
            problems.append(f"the morale {match.group(1)} is not 2 to 12: left as it was")
        _leftover("ML", match.group(2), notes)
    if "AL" in parts:
        values["alignment"] = parts["AL"].split("(")[0].strip()[:200]
    if match := _whole("XP", "XP", parts, problems, r"(\d[\d,]{0,8})(.*)"):
        values["xp"] = int(match.group(1).replace(",", ""))
        _leftover("XP", match.group(2), notes)
    if "NA" in parts:
        values["number_appearing"] = parts["NA"][:200]
    if "TT" in parts:
        values["treasure"] = parts["TT"][:200]
    if notes:
        values["notes"] = "\n".join(notes)[:100_000]
    if not parts:
        problems.append("no stat block fields (AC, HD, Att, THAC0, MV, SV, ML …) were found")
    sheet = validated(MonsterSheet, values, problems, _LABELS)
    if "hit_points" not in values and "hit_dice" in values:
        average = max(1, derive(sheet)["hp.average"].value)
        sheet = sheet.model_copy(update={"hit_points": average, "max_hit_points": average})
    if printed_thac0 is not None:
        sheet = _keep_printed_thac0(sheet, printed_thac0)
    return sheet, at_most(problems)


def _keep_printed_thac0(sheet: MonsterSheet, printed: int) -> MonsterSheet:
    if printed == 20 and sheet.hit_dice <= 1 and sheet.hit_dice_modifier <= 0:
        sheet = sheet.model_copy(update={"normal_human": True})
    if derive(sheet)["thac0"].computed != printed:
        sheet = sheet.model_copy(update={"overrides": {**sheet.overrides, "thac0": printed}})
    return sheet
