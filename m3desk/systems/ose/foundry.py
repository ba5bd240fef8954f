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

from pydantic import BaseModel

from m3desk.core.dice import DiceError, DiceExpr
from m3desk.core.numbers import signed
from m3desk.core.spell_range import range_words
from m3desk.core.system import ExchangeFormat, ExchangeRead
from m3desk.systems.ose.derive import derive
from m3desk.systems.ose.sheet import (
    SPELL_RANGE_MAX,
    Abilities,
    CharacterSheet,
    MonsterAttack,
    MonsterSheet,
    Spell,
    Weapon,
)
from m3desk.systems.ose.tables import OseClass, Save, class_saves, monster_saves, parse_class

__all__ = ["FOUNDRY_ACTOR", "FoundryMonster", "character_from_foundry", "character_to_foundry",
           "monster_from_foundry", "monster_to_foundry", "printed_saves_as"]

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
    derived_thac0 = derive(sheet)["thac0"].value
    if thac0 is not None and 1 <= thac0 <= 25 and thac0 != derived_thac0:
        # Keep the file's number, visibly: an override the referee can clear.
        sheet = sheet.model_copy(update={"overrides": {"thac0": thac0}})
        problems.append(f"THAC0 {thac0} in the file, where HD {hd_text} gives "
                        f"{derived_thac0}: kept {thac0} as an override")
    return FoundryMonster(sheet, printed, problems)


# -- characters ----------------------------------------------------------------------------

_SCORES = {"str": "STR", "int": "INT", "wis": "WIS", "dex": "DEX", "con": "CON", "cha": "CHA"}
_ARMOUR_BY_AC = {9: "unarmoured", 7: "leather", 5: "chainmail", 3: "plate mail"}
_AC_BY_ARMOUR = {name: ac for ac, name in _ARMOUR_BY_AC.items()}
_TAG = re.compile(r"<[^<>]{0,2000}>")
MAX_NOTES = 20_000
"""Characters of notes an imported sheet keeps (as many as m3desk's own sheets hold)."""


def _plain(text: Any, limit: int) -> str:
    """Foundry keeps notes as HTML: the words, without the tags, as plain text."""
    words = _TAG.sub(" ", str(text or "")[: limit * 4])
    for entity, char in (("&nbsp;", " "), ("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"),
                         ("&quot;", '"'), ("&#39;", "'")):
        words = words.replace(entity, char)
    lines = [" ".join(line.split()) for line in words.splitlines()]
    return "\n".join(line for line in lines if line)[:limit]


def _weapon(item: Mapping[str, Any], problems: list[str]) -> Weapon | None:
    name = str(item.get("name") or "weapon").strip()[:80] or "weapon"
    system = item.get("system") if isinstance(item.get("system"), Mapping) else {}
    damage_text = str(_get(system, "damage") or "1d6")
    try:
        damage = DiceExpr.parse(damage_text)
    except DiceError:
        problems.append(f"could not read the damage “{damage_text[:40]}” of {name}; kept 1d6")
        damage = DiceExpr.parse("1d6")
    ranges = tuple(_int(_get(system, "range", key)) or 0 for key in ("short", "medium", "long"))
    missile = bool(_get(system, "missile"))
    kept_ranges = None
    if missile and all(6 <= value <= 2000 for value in ranges) and \
            ranges[0] <= ranges[1] <= ranges[2]:
        kept_ranges = (ranges[0], ranges[1], ranges[2])
    elif missile and any(ranges):
        problems.append(f"the ranges of {name} ({ranges[0]}/{ranges[1]}/{ranges[2]}) are "
                        "not short ≤ medium ≤ long feet; left out")
    bonus = _int(_get(system, "bonus")) or 0
    if not 0 <= bonus <= 5:
        problems.append(f"{name}'s bonus {signed(bonus)} is outside +0 to +5; kept +0")
        bonus = 0
    return Weapon(name=name, damage=damage, melee=bool(_get(system, "melee")) or not missile,
                  missile=missile, slow=bool(_get(system, "slow")), ranges=kept_ranges,
                  magic=bonus)


_READ_RANGE, _ = range_words("ft", SPELL_RANGE_MAX)


def _spell_range(value: object) -> int | None:
    """A Foundry spell's range ("120'", "Touch", "The caster") in feet; None for words a
    number cannot say ("The caster or a creature touched")."""
    try:
        return _READ_RANGE(str(value or "").replace("′", "'"), None)
    except ValueError:
        return None


def character_from_foundry(actor: Any) -> tuple[CharacterSheet, list[str]]:
    """An OSE character from a Foundry actor's JSON (``type`` "character"); never raises."""
    problems: list[str] = []
    system = _get(actor, "system")
    if not isinstance(system, Mapping):
        system = {}
        problems.append("the file has no character data (no “system” block)")
    name = str(_get(actor, "name") or "Character").strip()[:80] or "Character"
    details = _get(system, "details") or {}
    scores: dict[str, int] = {}
    for key, ability in _SCORES.items():
        value = _int(_get(system, "scores", key, "value"))
        if value is None or not 3 <= value <= 18:
            problems.append(f"{ability} “{value}” is not 3–18; kept 10")
            value = 10
        scores[ability] = value
    class_text = str(_get(details, "class") or "").strip()
    try:
        char_class = parse_class(class_text) if class_text else OseClass.FIGHTER
    except ValueError:
        problems.append(f"“{class_text[:40]}” is not one of OSE's seven classes; kept fighter")
        char_class = OseClass.FIGHTER
    level = _int(_get(details, "level")) or 1
    if not 1 <= level <= 14:
        problems.append(f"level {level} is outside 1–14; kept {_clamp(level, 1, 14)}")
    hp_max = _int(_get(system, "hp", "max")) or 1
    hp = _int(_get(system, "hp", "value"))
    armour, shield, magic_armour = "unarmoured", False, 0
    weapons: list[Weapon] = []
    spells: list[Spell] = []
    items = _get(actor, "items")
    for item in items[:400] if isinstance(items, list) else ():
        if not isinstance(item, Mapping):
            continue
        kind = item.get("type")
        if kind == "weapon" and len(weapons) < 50:
            weapon = _weapon(item, problems)
            if weapon is not None:
                weapons.append(weapon)
        elif kind == "armor" and _get(item, "system", "equipped"):
            if str(_get(item, "system", "type")) == "shield":
                shield = True
                continue
            ac = _int(_get(item, "system", "ac", "value"))
            base = next((value for value in sorted(_ARMOUR_BY_AC) if ac is not None
                         and value >= ac), None)
            if ac is None or base is None:
                problems.append(f"the armour “{item.get('name')}” has no readable AC")
                continue
            armour = _ARMOUR_BY_AC[base]
            magic_armour = _clamp(base - ac, 0, 5)
        elif kind == "spell" and len(spells) < 100:
            spell_name = str(item.get("name") or "spell").strip()[:80] or "spell"
            spell_level = _clamp(_int(_get(item, "system", "lvl")) or 1, 1, 6)
            memorised = _int(_get(item, "system", "memorized")) or 0
            cast = _int(_get(item, "system", "cast")) or 0
            spells.append(Spell(name=spell_name, level=spell_level,
                                cast=memorised > 0 and cast >= memorised,
                                range=_spell_range(_get(item, "system", "range"))))
    sheet = CharacterSheet(
        name=name, char_class=char_class, level=_clamp(level, 1, 14),
        experience=_clamp(_int(_get(details, "xp", "value")) or 0, 0, 10_000_000),
        abilities=Abilities(**scores),
        hit_points=_clamp(hp if hp is not None else hp_max, -99, 999),
        max_hit_points=_clamp(hp_max, 1, 999),
        armour=armour, shield=shield, magic_armour=magic_armour,
        weapons=tuple(weapons), spells=tuple(spells),
        alignment=str(_get(details, "alignment") or "").strip()[:200],
        notes=_plain(_get(details, "notes"), MAX_NOTES),
    )
    if len(_plain(_get(details, "notes"), MAX_NOTES + 1)) > MAX_NOTES:
        problems.append(f"the notes are longer than {MAX_NOTES:,} characters: cut there")
    derive(sheet)
    return sheet, problems


# -- writing Foundry actors ----------------------------------------------------------------

def _saves_block(values: Mapping[str, int]) -> dict[str, Any]:
    return {key: {"value": values[save.value]} for key, save in _SAVE_KEYS.items()}


def _derived_numbers(sheet: CharacterSheet | MonsterSheet) -> dict[str, int]:
    return {key: value.value for key, value in derive(sheet).items()}


def _weapon_item(name: str, damage: DiceExpr | None, *, count: int = 1, melee: bool = True,
                 missile: bool = False, slow: bool = False,
                 ranges: tuple[int, int, int] | None = None, bonus: int = 0) -> dict[str, Any]:
    short, medium, long = ranges or (0, 0, 0)
    return {"name": name, "type": "weapon", "system": {
        "damage": str(damage) if damage is not None else "0", "bonus": bonus,
        "melee": melee, "missile": missile, "slow": slow, "equipped": True,
        "range": {"short": short, "medium": medium, "long": long},
        "counter": {"value": count, "max": count}, "quantity": {"value": 1, "max": 0}}}


def monster_to_foundry(sheet: MonsterSheet) -> tuple[dict[str, Any], list[str]]:
    """A Foundry OSE monster actor holding every number of the sheet; what Foundry has no
    place for is listed, never dropped silently."""
    numbers = _derived_numbers(sheet)
    problems: list[str] = []
    hd = f"{sheet.hit_dice}d8" if sheet.hit_dice else "1d4"
    if sheet.hit_dice_modifier:
        sign = "+" if sheet.hit_dice_modifier > 0 else "-"  # Foundry's dice text: ASCII
        hd += f"{sign}{abs(sheet.hit_dice_modifier)}"
    if sheet.saves_as:
        problems.append(f"“saves as {sheet.saves_as}” is written as the saves it gives")
    if sheet.overrides:
        problems.append("the referee's overrides are written as the numbers they give")
    if sheet.initiative_modifier:
        problems.append(f"the initiative modifier {signed(sheet.initiative_modifier)} goes to "
                        "Foundry's initiative bonus")
    saves = {save.value: numbers[f"save.{save.value}"] for save in Save}
    dungeon, _, wild = sheet.number_appearing.partition("(")
    actor = {"name": sheet.name, "type": "monster", "system": {
        "hp": {"hd": hd, "value": sheet.hit_points, "max": sheet.max_hit_points},
        "ac": {"value": numbers["ac"], "mod": 0}, "aac": {"value": numbers["aac"], "mod": 0},
        "thac0": {"value": numbers["thac0"], "bba": numbers["attack_bonus"],
                  "mod": {"missile": 0, "melee": 0}},
        "saves": _saves_block(saves),
        "movement": {"base": sheet.movement, "encounter": sheet.movement // 3},
        "initiative": {"value": sheet.initiative_modifier, "mod": 0},
        "details": {
            "alignment": sheet.alignment, "xp": sheet.xp, "morale": sheet.morale,
            "specialAbilities": sheet.hit_dice_asterisks,
            "appearing": {"d": dungeon.strip(), "w": wild.rstrip(") ").strip()},
            "treasure": {"table": "", "type": sheet.treasure},
            "movement": " / ".join(part for part in (
                f"{sheet.movement}' ({sheet.movement // 3}')", sheet.movement_other) if part),
            "biography": "",
        },
    }, "items": [_weapon_item(attack.name, attack.damage, count=attack.count)
                 for attack in sheet.attacks]}
    if sheet.notes:
        problems.append("the notes are not written (Foundry keeps them as formatted text)")
    return actor, problems


def character_to_foundry(sheet: CharacterSheet) -> tuple[dict[str, Any], list[str]]:
    """A Foundry OSE character actor holding every number of the sheet."""
    numbers = _derived_numbers(sheet)
    problems: list[str] = []
    if sheet.overrides:
        problems.append("the referee's overrides are written as the numbers they give")
    for weapon in sheet.weapons:
        if weapon.two_handed or weapon.brace:
            what = " and ".join(word for word, on in (("two-handed", weapon.two_handed),
                                                       ("braced", weapon.brace)) if on)
            problems.append(f"{weapon.name} is {what}: Foundry keeps that only as a tag, "
                            "so it is not written")
    if sheet.carrying_treasure or sheet.load_coins:
        problems.append("the load (treasure and coins) is not written: Foundry counts it "
                        "from its own items")
    kept = [what for what, held in (
        ("languages", sheet.languages), ("equipment", sheet.equipment),
        ("coins", any(sheet.coins.model_dump().values())), ("other treasure", sheet.treasure))
        if held]
    if kept:  # format 2 of the sheet keeps them; this writer does not carry them over yet
        problems.append(f"the {', '.join(kept)} are not written")
    items: list[dict[str, Any]] = [
        _weapon_item(w.name, w.damage, melee=w.melee, missile=w.missile, slow=w.slow,
                     ranges=w.ranges, bonus=w.magic) for w in sheet.weapons]
    if sheet.armour != "unarmoured":
        ac = _AC_BY_ARMOUR[sheet.armour] - sheet.magic_armour
        label = sheet.armour + (f" +{sheet.magic_armour}" if sheet.magic_armour else "")
        items.append({"name": label, "type": "armor", "system": {
            "ac": {"value": ac}, "aac": {"value": 19 - ac}, "equipped": True,
            "type": "heavy" if sheet.armour != "leather" else "light"}})
    if sheet.shield:
        items.append({"name": "shield", "type": "armor", "system": {
            "ac": {"value": 8}, "aac": {"value": 11}, "equipped": True, "type": "shield"}})
    items += [{"name": s.name, "type": "spell", "system": {
        "lvl": s.level, "class": sheet.char_class.value.title(), "memorized": 1,
        "cast": 1 if s.cast else 0,
        "range": "" if s.range is None else "Touch" if s.range == 0 else f"{s.range}'"}}
        for s in sheet.spells]
    saves = {save.value: numbers[f"save.{save.value}"] for save in Save}
    actor = {"name": sheet.name, "type": "character", "system": {
        "hp": {"hd": "", "value": sheet.hit_points, "max": sheet.max_hit_points},
        "ac": {"value": numbers["ac"], "mod": 0}, "aac": {"value": numbers["aac"], "mod": 0},
        "thac0": {"value": numbers["thac0"], "bba": numbers["attack_bonus"],
                  "mod": {"missile": 0, "melee": 0}},
        "saves": _saves_block(saves),
        "movement": {"base": numbers.get("movement", 120)},
        "scores": {key: {"value": getattr(sheet.abilities, ability), "bonus": 0}
                   for key, ability in _SCORES.items()},
        "details": {"class": sheet.char_class.value.title(), "level": sheet.level,
                    "alignment": sheet.alignment, "title": "", "biography": "",
                    "notes": sheet.notes,
                    "xp": {"value": sheet.experience, "share": 100, "bonus": 0}},
    }, "items": items}
    return actor, problems


def _read_actor(actor: Any) -> ExchangeRead:
    kind = _get(actor, "type")
    if kind == "character":
        sheet, problems = character_from_foundry(actor)
        return ExchangeRead(sheet, tuple(problems))
    read = monster_from_foundry(actor)
    problems = read.problems
    if kind != "monster":
        problems = [f"the file says it is a “{str(kind)[:20]}”, not a character or monster; "
                    "read as a monster", *problems]
    return ExchangeRead(read.sheet, tuple(problems))


def _write_actor(sheet: BaseModel) -> tuple[Any, tuple[str, ...]]:
    if isinstance(sheet, CharacterSheet):
        actor, problems = character_to_foundry(sheet)
    elif isinstance(sheet, MonsterSheet):
        actor, problems = monster_to_foundry(sheet)
    else:
        raise TypeError(f"not an OSE sheet: {type(sheet).__name__}")
    return actor, tuple(problems)


FOUNDRY_ACTOR = ExchangeFormat(id="foundry-ose-actor", label="Foundry VTT actor (OSE)",
                               extension=".json", read=_read_actor, write=_write_actor)
"""Foundry VTT's Old-School Essentials actor JSON, in and out (File → Import/Export)."""
