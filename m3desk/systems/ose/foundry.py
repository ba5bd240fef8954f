"""Foundry VTT's Old-School Essentials actors ("type": "monster"), read into m3desk sheets.

Foundry's OSE system keeps a monster as an actor document: ``system.hp.hd`` ("4d8+1"),
``system.ac``/``system.aac``, ``system.thac0``, ``system.saves`` (death, wand, paralysis,
breath, spell), ``system.movement``, ``system.details`` (alignment, XP, morale, number
appearing, the number of special abilities) and an ``items`` list whose weapons are the attack
routine (``counter.max`` attacks of ``damage`` each). This module maps what m3desk's monster
sheet holds and reports, in plain words, whatever it could not keep; it never raises on odd
input, and it takes numbers and names only (never description text).

The bundled bestiary (``resources/bestiary/ose/``) is made by this same function
(``tools/build_ose_bestiary.py``), so an import and the bestiary read a monster alike.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from m3desk.core.dice import DiceError, DiceExpr
from m3desk.systems.ose.derive import derive
from m3desk.systems.ose.sheet import MonsterAttack, MonsterSheet
from m3desk.systems.ose.tables import OseClass, Save, class_saves, monster_saves

__all__ = ["FoundryMonster", "monster_from_foundry", "printed_saves_as"]

_SAVE_KEYS = {"death": Save.DEATH, "wand": Save.WANDS, "paralysis": Save.PARALYSIS,
              "breath": Save.BREATH, "spell": Save.SPELLS}
_HD = re.compile(r"\s*(\d{1,2})\s*d\s*(\d{1,2})\s*(?:([+-])\s*(\d{1,2}))?\s*")
_MOVE = re.compile(r"(\d{1,3})\s*['’]*\s*\(?")
_ALIGNMENTS = {"lawful": "Lawful", "neutral": "Neutral", "neutra": "Neutral",
               "chaotic": "Chaotic", "chatic": "Chaotic"}
_CLASS_CODES = (("C", OseClass.CLERIC), ("T", OseClass.THIEF), ("MU", OseClass.MAGIC_USER),
                ("D", OseClass.DWARF), ("E", OseClass.ELF), ("H", OseClass.HALFLING))


class FoundryMonster:
    """A monster read from a Foundry actor: the sheet, what the actor prints for the numbers
    m3desk derives (to compare), and what could not be kept."""

    def __init__(self, sheet: MonsterSheet, printed: dict[str, Any], problems: list[str]):
        self.sheet = sheet
        self.printed = printed
        self.problems = problems


def _get(data: Any, *path: str) -> Any:
    for key in path:
        if not isinstance(data, Mapping):
            return None
        data = data.get(key)
    return data


def _int(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        match = re.match(r"\s*(-?\d{1,9})", value)
        if match:
            return int(match.group(1))
    return None


def _clamp(value: int, low: int, high: int) -> int:
    return max(low, min(high, value))


def printed_saves_as(saves: Mapping[Save, int], hit_dice: int) -> str | None:
    """The "save as" that gives these printed saves: "" when the monster's own Hit Dice give
    them, "NH" for a normal human, a class other than the fighter and its level ("C1", "T3");
    None when only the printed numbers say it (a fighter's rows are the monsters' rows by Hit
    Dice, so a monster saving as another HD keeps its printed saves)."""
    wanted = dict(saves)
    if monster_saves(max(hit_dice, 1)) == wanted:
        return ""
    if monster_saves(0, normal_human=True) == wanted:
        return "NH"
    for level in range(1, 15):
        for code, cls in _CLASS_CODES:
            if class_saves(cls, level) == wanted:
                return f"{code}{level}"
    return None


def _hit_dice(text: str, hp: int | None, problems: list[str]) -> tuple[int, int, str]:
    """(Hit Dice, modifier, HD as printed) from Foundry's "4d8+1"; "1d4" is HD ½, "1d1" or
    "0" a monster of 1 hit point, "2d6" a bodyguard's fixed-die HD (kept as its d8 count)."""
    cleaned = text.strip()
    if cleaned in ("0", "1d1"):
        return 0, 0, "1hp"
    match = _HD.fullmatch(cleaned)
    if match is None:
        number = _int(cleaned)
        if number is not None and 0 < number <= 40:
            return number, 0, str(number)
        problems.append(f"could not read the Hit Dice “{cleaned[:40]}”; kept HD 1")
        return 1, 0, "1"
    count, die = int(match.group(1)), int(match.group(2))
    modifier = int(match.group(4) or 0) * (-1 if match.group(3) == "-" else 1)
    if die == 4 and count == 1:
        return 0, modifier, "½" if not modifier else f"½{match.group(3)}{match.group(4)}"
    if die != 8:
        # Bodyguards print their HD as d6s ("2d6"); the sheet keeps Hit Dice as d8s, so the
        # number of dice stands and the printed text says the die.
        problems.append(f"Hit Dice “{cleaned}” are not d8s: kept {count} HD, hit points "
                        f"{hp if hp is not None else 'as printed'}")
    shown = str(count) + (f"{match.group(3)}{match.group(4)}" if modifier else "")
    return _clamp(count, 0, 40), _clamp(modifier, -10, 40), shown


def _attacks(items: Any, problems: list[str]) -> tuple[MonsterAttack, ...]:
    attacks: list[MonsterAttack] = []
    if not isinstance(items, list):
        return ()
    for item in items[:40]:
        if not isinstance(item, Mapping) or item.get("type") != "weapon":
            continue
        name = str(item.get("name") or "attack").strip()[:80] or "attack"
        count = _int(_get(item, "system", "counter", "max")) or 1
        damage_text = str(_get(item, "system", "damage") or "").strip()
        damage: DiceExpr | None
        if damage_text in ("", "0"):
            damage = None
        else:
            try:
                damage = DiceExpr.parse(damage_text.replace("*", "×"))
            except DiceError:
                damage = None
                problems.append(f"could not read the damage “{damage_text[:40]}” of {name}")
        if len(attacks) >= 20:
            problems.append(f"more than 20 attacks: {name} and later ones left out")
            break
        attacks.append(MonsterAttack(name=name, count=_clamp(count, 1, 20), damage=damage))
    return tuple(attacks)


def _movement(system: Mapping[str, Any], problems: list[str]) -> tuple[int, str]:
    base = _int(_get(system, "movement", "base"))
    printed = str(_get(system, "details", "movement") or "").strip()
    other = ""
    first = printed.split("/", 1)[0]
    if any(word in first.lower() for word in ("fly", "flying", "swim", "water", "glid")):
        other = printed  # the main rate is itself flying or swimming: keep it as printed
    elif "/" in printed:
        other = printed.split("/", 1)[1].strip()
    if base is None:
        match = _MOVE.match(printed)
        base = int(match.group(1)) if match else 120
        if not match:
            problems.append("no movement rate; kept 120'")
    return _clamp(base, 0, 480), " ".join(other.split())[:120]


def monster_from_foundry(actor: Any, treasure_types: Mapping[str, str] | None = None
                         ) -> FoundryMonster:
    """An OSE monster sheet from a Foundry actor's JSON (already parsed); never raises.

    ``treasure_types`` maps the ids of the compendium's treasure roll tables to their letters
    (a monster names its treasure by a link to such a table)."""
    problems: list[str] = []
    system = _get(actor, "system")
    if not isinstance(system, Mapping):
        system = {}
        problems.append("the file has no monster data (no “system” block)")
    name = str(_get(actor, "name") or "Monster").strip()[:80] or "Monster"
    hp_max = _int(_get(system, "hp", "max"))
    hit_dice, modifier, hd_text = _hit_dice(str(_get(system, "hp", "hd") or ""), hp_max,
                                            problems)
    ac = _int(_get(system, "ac", "value"))
    if ac is None:
        aac = _int(_get(system, "aac", "value"))
        ac = 19 - aac if aac is not None else 9
        if aac is None:
            problems.append("no armour class; kept AC 9")
    thac0 = _int(_get(system, "thac0", "value"))
    saves: dict[Save, int] = {}
    for key, save in _SAVE_KEYS.items():
        value = _int(_get(system, "saves", key, "value"))
        if value is not None:
            saves[save] = _clamp(value, 2, 20)
    saves_as = printed_saves_as(saves, hit_dice) if len(saves) == len(Save) else ""
    movement, movement_other = _movement(system, problems)
    details = _get(system, "details") or {}
    alignment_text = str(_get(details, "alignment") or "").strip()
    alignment = _ALIGNMENTS.get(alignment_text.lower(), alignment_text)[:80]
    morale = _int(_get(details, "morale"))
    if morale is None or not 2 <= morale <= 12:
        problems.append(f"morale “{_get(details, 'morale')}” is not 2–12; kept 7")
        morale = 7
    xp = _int(_get(details, "xp")) or 0
    asterisks = _int(_get(details, "specialAbilities")) or 0
    appearing = _get(details, "appearing") or {}
    dungeon = str(_get(appearing, "d") or "").strip()
    wild = str(_get(appearing, "w") or "").strip()
    number_appearing = f"{dungeon or '0'} ({wild or '0'})"
    treasure = str(_get(details, "treasure", "type") or "").strip()
    link = str(_get(details, "treasure", "table") or "")
    if not treasure and link and treasure_types:
        table_id = link.rstrip("]").rsplit(".", 1)[-1]
        treasure = treasure_types.get(table_id, "")
    normal_human = thac0 == 20 and hit_dice <= 1
    hp = hp_max if hp_max is not None and hp_max > 0 else None
    sheet = MonsterSheet(
        name=name,
        armour_class=_clamp(ac, -10, 19),
        hit_dice=hit_dice,
        hit_dice_modifier=modifier,
        hit_points=_clamp(hp or 1, 1, 999),
        max_hit_points=_clamp(hp or 1, 1, 999),
        attacks=_attacks(_get(actor, "items"), problems),
        hit_dice_asterisks=_clamp(asterisks, 0, 6),
        normal_human=normal_human,
        movement=movement,
        movement_other=movement_other,
        saves=saves if saves_as is None else {},
        saves_as=saves_as or "",
        morale=morale,
        alignment=alignment,
        xp=_clamp(xp, 0, 1_000_000),
        number_appearing=number_appearing[:80],
        treasure=treasure[:80],
    )
    if hp is None:
        problems.append("no hit points; kept 1")
    printed = {"thac0": thac0, "saves": {s.value: v for s, v in saves.items()},
               "movement": " ".join(str(_get(details, "movement") or "").split())[:120],
               "hp": hp, "hd": hd_text + "*" * _clamp(asterisks, 0, 6)}
    derive(sheet)  # a sheet that cannot be derived is a bug here, not the user's problem
    return FoundryMonster(sheet, printed, problems)
