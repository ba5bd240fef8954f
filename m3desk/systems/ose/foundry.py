"""Foundry VTT's Old-School Essentials actors, read into m3desk sheets and written back.

Foundry's OSE system keeps a monster as an actor document: ``system.hp.hd`` ("4d8+1"),
``system.ac``/``system.aac``, ``system.thac0``, ``system.saves`` (death, wand, paralysis,
breath, spell), ``system.movement``, ``system.details`` (alignment, XP, morale, number
appearing, the number of special abilities, the treasure as a link to a roll table, a
biography) and an ``items`` list whose weapons are the attack routine (``counter.max``
attacks of ``damage`` each) beside its abilities, spells and gear. This module maps what
m3desk's monster sheet holds, keeps in the notes (a labelled line each, see
:mod:`~m3desk.systems.ose.foundry_common`) what the sheet has no field for, and reports in
plain words, by name, whatever it could not keep; it never raises on odd input. Characters
are read and written in :mod:`~m3desk.systems.ose.foundry_character`.

The bundled bestiary (``resources/bestiary/ose/``) is built from the OSE SRD's own text
(``tools/build_ose_bestiary.py``); this function reads the compendium as the second source
the build compares every field with.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from html import unescape
from typing import Any

from pydantic import BaseModel

from m3desk.core.bounds import MAX_NOTES
from m3desk.core.dice import DiceError, DiceExpr
from m3desk.core.numbers import signed
from m3desk.core.routines import MAX_ROUTINES, Damage
from m3desk.core.system import ExchangeRead
from m3desk.core.text import clean_text
from m3desk.systems.ose.attacks import breath_words, read_breath_words
from m3desk.systems.ose.derive import derive
from m3desk.systems.ose.foundry_character import character_from_foundry, character_to_foundry
from m3desk.systems.ose.foundry_common import (
    SAVE_KEYS,
    Report,
    counted,
    derived_numbers,
    effect_items,
    effect_names,
    foundry_only,
    html_of,
    note_lines,
    noted_items,
    read_note_lines,
    retainer_and_slots,
    saves_block,
    treasure_letter,
    weapon_item,
)
from m3desk.systems.ose.foundry_common import as_int as _int
from m3desk.systems.ose.foundry_common import clamp as _clamp
from m3desk.systems.ose.foundry_common import get as _get
from m3desk.systems.ose.sheet import CharacterSheet, MonsterAttack, MonsterSheet
from m3desk.systems.ose.tables import OseClass, Save, class_saves, monster_saves, monster_thac0

__all__ = [
    "FoundryMonster",
    "character_from_foundry",
    "character_to_foundry",
    "monster_from_foundry",
    "monster_to_foundry",
    "printed_saves_as",
    "read_actor",
    "write_actor",
]

_HD = re.compile(r"\s*(\d{1,2})\s*d\s*(\d{1,2})\s*(?:([+-])\s*(\d{1,2}))?\s*")
_MOVE = re.compile(r"(\d{1,3})\s*['’′]*\s*\(?")
_MODES = ("fly", "flying", "swim", "water", "glid", "climb", "burrow", "web")
_ALIGNMENTS = {
    "lawful": "Lawful",
    "neutral": "Neutral",
    "neutra": "Neutral",
    "chaotic": "Chaotic",
    "chatic": "Chaotic",
}
_CLASS_CODES = (
    ("C", OseClass.CLERIC),
    ("T", OseClass.THIEF),
    ("MU", OseClass.MAGIC_USER),
    ("D", OseClass.DWARF),
    ("E", OseClass.ELF),
    ("H", OseClass.HALFLING),
)


class FoundryMonster:
    """A monster read from a Foundry actor: the sheet, what the actor prints for the numbers
    m3desk derives (to compare), and what could not be kept."""

    def __init__(
        self,
        sheet: MonsterSheet,
        printed: dict[str, Any],
        problems: list[str],
        kept: list[str] | None = None,
    ):
        self.sheet = sheet
        self.printed = printed
        self.problems = problems
        self.kept = kept or []
        """What was kept in another place than Foundry's (the notes, an override)."""


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


def _hit_dice(
    text: str, hp: int | None, thac0: int | None, report: Report
) -> tuple[int, int, str, DiceExpr | None]:
    """(Hit Dice, modifier, HD as printed, the hit-point dice when they are not the Hit
    Dice's) from Foundry's "4d8+1"; "1d4" is HD ½, "1d1" or "0" a monster of 1 hit point.
    Other dice ("2d6", "1d4+9": bodyguards) are the hit points only: Foundry keeps no other
    Hit Dice, so the HD are the ones its THAC0 attacks as (else the number of dice)."""
    cleaned = text.strip()
    if cleaned in ("0", "1d1"):
        return 0, 0, "1hp", DiceExpr(0, 1, 1)
    match = _HD.fullmatch(cleaned)
    if match is None:
        number = _int(cleaned)
        if number is not None and 0 < number <= 40 and cleaned.isdigit():
            return number, 0, str(number), None
        report.add(f"could not read the Hit Dice “{cleaned[:40]}”; kept HD 1")
        return 1, 0, "1", None
    count, die = int(match.group(1)), int(match.group(2))
    modifier = int(match.group(4) or 0) * (-1 if match.group(3) == "-" else 1)
    if die == 4 and count == 1 and abs(modifier) <= 1:
        return 0, modifier, "½" if not modifier else f"½{match.group(3)}{match.group(4)}", None
    if die == 8:
        shown = str(count) + (f"{match.group(3)}{match.group(4)}" if modifier else "")
        return _clamp(count, 0, 40), _clamp(modifier, -10, 40), shown, None
    try:
        rolled: DiceExpr | None = DiceExpr(
            _clamp(count, 1, 40), _clamp(die, 2, 100), _clamp(modifier, -99, 99)
        )
        if rolled is not None:
            rolled.check()
    except DiceError:
        rolled = None
    hit_dice = next(
        (hd for hd in range(1, 41) if thac0 is not None and monster_thac0(hd) == thac0),
        _clamp(count, 1, 40),
    )
    report.keep(
        f"hit points {hp if hp is not None else ''} rolled on {cleaned}, not the Hit "
        f"Dice's d8s: kept as the hit-point dice, with {hit_dice} HD "
        + ("(THAC0 " + str(thac0) + ")" if thac0 is not None else "(the dice's count)")
    )
    return hit_dice, 0, str(hit_dice), rolled


def _attacks(items: Any, problems: list[str]) -> tuple[MonsterAttack, ...]:
    attacks: list[MonsterAttack] = []
    if not isinstance(items, list):
        return ()
    report = Report()
    for item in items[:400]:
        if not isinstance(item, Mapping) or item.get("type") != "weapon":
            continue
        name = report.name(item.get("name"), "attack", "an attack's name")
        count = _int(_get(item, "system", "counter", "max")) or 1
        damage_text = report.text(_get(item, "system", "damage"), 40, f"{name}'s damage")
        damage: Damage | None
        if damage_text in ("", "0"):
            damage = None
        else:
            try:
                damage = Damage.parse(damage_text)
            except DiceError:
                damage = None
                problems.append(f"could not read the damage “{damage_text[:40]}” of {name}")
        if len(attacks) >= 20:
            problems.append(f"more than 20 attacks: {name} and later ones left out")
            break
        said = report.text(_get(item, "system", "description"), 400, f"{name}'s description")
        effect, routine, uses, breath = (_ATTACK_LINE[key].search(said) for key in _ATTACK_LINE)
        rules: dict[str, Any] = {}
        if breath:
            try:
                rules = read_breath_words(unescape(breath.group(1)))
            except ValueError as error:
                problems.append(f"{name}: {error}; kept as an attack")
        attacks.append(
            MonsterAttack(
                name=name,
                count=_clamp(count, 1, 20),
                damage=damage,
                effect=unescape(effect.group(1)).strip()[:80] if effect else "",
                routine=_clamp(int(routine.group(1)), 1, MAX_ROUTINES) if routine else 1,
                uses=_clamp(int(uses.group(1)), 0, 20) if uses else 0,
                **rules,
            )
        )
    problems.extend(line for line in report.lines if line not in problems)
    return tuple(attacks)


_ATTACK_LINE = {
    "effect": re.compile(r"Effect: ([^<\n]{1,80})"),
    "routine": re.compile(r"Routine: (\d{1,2})\b"),
    "uses": re.compile(r"Uses: (\d{1,2}) a day"),
    "breath": re.compile(r"Breath: ([^<\n]{1,80})"),
}
"""What Foundry's weapon has no field for (what an attack causes besides damage, the routine
it belongs to, its uses a day, a breath weapon's rules), as export writes it in the weapon's
description."""


def _has_mode(text: str) -> bool:
    lowered = text.lower()
    return any(word in lowered for word in _MODES)


def _movement(system: Mapping[str, Any], printed: str, problems: list[str]) -> tuple[int, str]:
    """(walking rate, the other modes as printed) from Foundry's rate and its movement text:
    a main rate that is itself flying or swimming keeps the whole text; a text whose walking
    rate is not Foundry's rate keeps the text's and says so."""
    base = _int(_get(system, "movement", "base"))
    other = ""
    first = printed.split("/", 1)[0]
    first_rate = _MOVE.match(first.strip())
    if _has_mode(first):
        other = printed  # the main rate is itself flying or swimming: keep it as printed
    elif "/" in printed:
        other = printed.split("/", 1)[1].strip()
    if base is None:
        base = int(first_rate.group(1)) if first_rate else 120
        if not first_rate:
            problems.append("no movement rate; kept 120'")
    elif first_rate is not None and not _has_mode(first) and int(first_rate.group(1)) != base:
        walking = int(first_rate.group(1))
        rates = [int(rate) for rate in re.findall(r"(\d{1,3})\s*['’′]", printed)]
        if base not in rates:
            other = " / ".join(part for part in (other, f"{base}' ({base // 3}')") if part)
        problems.append(
            f"Foundry's movement rate {base}' is not the walking rate its text "
            f"prints (“{printed[:60]}”): kept {walking}' walking"
            + ("" if base in rates else f" and {base}' among the other movement")
        )
        base = walking
    return _clamp(base, 0, 480), " ".join(other.split())[:200]


def _treasure(details: Any, tables: Mapping[str, str] | None, report: Report) -> str:
    treasure = report.text(_get(details, "treasure", "type"), 200, "the treasure type")
    link = report.text(_get(details, "treasure", "table"), 400, "the treasure table's link")
    if link:
        letter = treasure_letter(link, tables)
        if letter is None:
            report.add(
                f"the treasure is a link to a roll table m3desk does not know "
                f"(“{link[:80]}”): " + (f"kept “{treasure}”" if treasure else "left empty")
            )
        elif not treasure:
            treasure = letter
        elif letter not in treasure:
            report.add(
                f"the treasure “{treasure}” and its linked table (Treasure Type "
                f"{letter}) differ: kept “{treasure}”"
            )
    return treasure


def _item_names(items: Any, report: Report) -> dict[str, list[str]]:
    """What a monster's items other than its weapons are, by the notes' labels."""
    kept: dict[str, list[str]] = {}
    if not isinstance(items, list):
        return kept
    labels = {
        "ability": "Special abilities",
        "spell": "Spells",
        "item": "Equipment",
        "armor": "Equipment",
        "container": "Equipment",
    }
    for item in items[:400]:
        if not isinstance(item, Mapping) or item.get("type") == "weapon":
            continue
        kind = str(item.get("type"))[:20]
        name = report.name(item.get("name"), kind, f"a {kind}'s name")
        label = labels.get(kind)
        if label is None:
            report.add(
                f"“{name}” is a Foundry item of a kind m3desk does not know (“{kind}”): not kept"
            )
            continue
        quantity = _int(_get(item, "system", "quantity", "value")) or 1
        kept.setdefault(label, []).append(counted(name, quantity) if label == "Equipment" else name)
    if len(items) > 400:
        report.add(f"the actor has {len(items):,} items: read the first 400")
    return kept


def monster_from_foundry(
    actor: Any, treasure_types: Mapping[str, str] | None = None, *, biography: bool = True
) -> FoundryMonster:
    """An OSE monster sheet from a Foundry actor's JSON (already parsed); never raises.

    ``treasure_types`` maps the ids of treasure roll tables to their letters, beside the
    compendium's own (a monster names its treasure by a link to such a table). The
    bestiary's build passes ``biography=False``: a compendium's biography is the book's
    description, which m3desk never copies (a user's own actor keeps it in the notes)."""
    report = Report()
    problems = report.lines
    system = _get(actor, "system")
    if not isinstance(system, Mapping):
        system = {}
        problems.append("the file has no monster data (no “system” block)")
    name = report.name(_get(actor, "name"), "Monster", "the name")
    hp_max = report.number(_get(system, "hp", "max"), "the hit points")
    hd_text = report.text(_get(system, "hp", "hd"), 40, "the Hit Dice")
    thac0 = _int(_get(system, "thac0", "value"))
    hit_dice, modifier, hd_shown, rolled = _hit_dice(hd_text, hp_max, thac0, report)
    ac = _armour_class(system, problems)
    saves, saves_as = _saves(system, hit_dice)
    details = _get(system, "details") or {}
    printed_move = report.text(_get(details, "movement"), 200, "the movement")
    movement, movement_other = _movement(system, printed_move, problems)
    alignment_text = report.text(_get(details, "alignment"), 200, "the alignment")
    alignment = _ALIGNMENTS.get(alignment_text.lower(), alignment_text)[:80]
    morale = _morale(details, report)
    xp = report.number(_get(details, "xp"), "the XP") or 0
    asterisks = (
        report.number(_get(details, "specialAbilities"), "the number of special abilities") or 0
    )
    number_appearing = _number_appearing(details, report)
    treasure = _treasure(details, treasure_types, report)
    initiative = _initiative_modifier(system, problems)
    retainer_and_slots(system, report)
    ac_mod = _int(_get(system, "ac", "mod")) or _int(_get(system, "aac", "mod")) or 0
    for kind in ("melee", "missile"):
        bonus = _int(_get(system, "thac0", "mod", kind)) or 0
        if bonus:
            problems.append(
                f"Foundry's {kind} to-hit modifier {signed(bonus)} is not kept: "
                "a monster sheet has its THAC0 only"
            )
    normal_human = thac0 == 20 and hit_dice <= 1
    hp = hp_max if hp_max is not None and hp_max > 0 else None
    notes = _notes(actor, system, details, report, biography=biography)
    foundry_only(actor, report)
    attacks = _attacks(_get(actor, "items"), problems)
    sheet = MonsterSheet(
        name=name,
        armour_class=_clamp(ac, -10, 19),
        hit_dice=hit_dice,
        hit_dice_modifier=modifier,
        hit_points=_clamp(hp or 1, 1, 999),
        max_hit_points=_clamp(hp or 1, 1, 999),
        hit_point_dice=rolled,
        attacks=attacks,
        hit_dice_asterisks=_clamp(asterisks, 0, 6),
        normal_human=normal_human,
        movement=movement,
        movement_other=movement_other,
        saves=saves if saves_as is None else {},
        saves_as=saves_as or "",
        initiative_modifier=_clamp(initiative, -3, 3),
        morale=morale,
        alignment=alignment,
        xp=_clamp(xp, 0, 1_000_000),
        number_appearing=number_appearing[:80],
        treasure=treasure[:80],
        notes=notes[:MAX_NOTES],
    )
    if hp is None:
        problems.append("no hit points; kept 1")
    printed = {
        "thac0": thac0,
        "saves": {s.value: v for s, v in saves.items()},
        "movement": printed_move[:120],
        "hp": hp,
        "hd": hd_shown + "*" * _clamp(asterisks, 0, 6),
    }
    if ac_mod:  # Foundry adds it to a character's AC only; a monster's AC is its value
        report.add(
            f"Foundry's AC modifier {signed(ac_mod)} is not kept: Foundry itself uses "
            f"it for characters only, and shows this monster's AC {ac}"
        )
    sheet = _with_thac0(sheet, thac0, hd_shown, report)
    said = [clean_text(line, 2_000, lines=True)[0] for line in problems]  # quotes the file
    return FoundryMonster(sheet, printed, said, report.kept)


def _armour_class(system: Any, problems: list[str]) -> int:
    """The descending AC, from ascending AC where only that is given (AC 9 where neither
    is), and a disagreement between the two said."""
    ac = _int(_get(system, "ac", "value"))
    aac = _int(_get(system, "aac", "value"))
    if ac is None:
        ac = 19 - aac if aac is not None else 9
        if aac is None:
            problems.append("no armour class; kept AC 9")
    elif aac is not None and aac != 19 - ac:
        problems.append(f"AC {ac} and ascending AC {aac} disagree: kept AC {ac} [{19 - ac}]")
    return ac


def _saves(system: Any, hit_dice: int) -> tuple[dict[Save, int], str | None]:
    """The printed saves, and the "save as" that gives them when all five are printed."""
    saves: dict[Save, int] = {}
    for key, save in SAVE_KEYS.items():
        value = _int(_get(system, "saves", key, "value"))
        if value is not None:
            saves[save] = _clamp(value, 2, 20)
    saves_as = printed_saves_as(saves, hit_dice) if len(saves) == len(Save) else ""
    return saves, saves_as


def _morale(details: Any, report: Report) -> int:
    """The morale, 2–12 (7 where the file's is missing or impossible, and said)."""
    problems = report.lines
    morale = report.number(_get(details, "morale"), "the morale")
    if morale is None or not 2 <= morale <= 12:
        problems.append(f"morale “{str(_get(details, 'morale'))[:20]}” is not 2–12; kept 7")
        morale = 7
    return morale


def _number_appearing(details: Any, report: Report) -> str:
    """ "1d4 (2d6)": in a dungeon, and in a lair or the wild."""
    appearing = _get(details, "appearing") or {}
    dungeon = report.text(_get(appearing, "d"), 40, "the number appearing")
    wild = report.text(_get(appearing, "w"), 40, "the number appearing in the wild")
    # a lone "1" when no lair is given
    number_appearing = f"{dungeon or '0'} ({wild})" if wild else dungeon
    return number_appearing


def _initiative_modifier(system: Any, problems: list[str]) -> int:
    """The initiative modifier as the file gives it (outside −3 to +3: said)."""
    initiative = _int(_get(system, "initiative", "mod")) or 0
    if not -3 <= initiative <= 3:
        problems.append(
            f"the initiative modifier {signed(initiative)} is outside −3 to +3: "
            f"kept {signed(_clamp(initiative, -3, 3))}"
        )
    return initiative


def _notes(actor: Any, system: Any, details: Any, report: Report, *, biography: bool) -> str:
    """The notes: items, languages and effects the sheet has no field for, by label, then
    the biography as plain text (unless left out), each said in the report."""
    problems = report.lines
    kept = _item_names(_get(actor, "items"), report)
    languages = _get(system, "languages", "value")
    if isinstance(languages, list):
        kept["Languages"] = [
            report.name(language, "?", "a language") for language in languages[:40] if language
        ]
    kept["Effects (not applied)"] = effect_names(actor, report)
    story = (
        report.text(_get(details, "biography"), MAX_NOTES, "the biography", html=True)
        if biography
        else ""
    )
    listed = note_lines(kept)
    notes = "\n\n".join(part for part in (listed, story) if part)
    if len(notes) > MAX_NOTES:
        problems.append(f"the notes are longer than {MAX_NOTES:,} characters: cut there")
    in_notes = [label.lower() for label in kept if kept[label]]
    if story:
        in_notes.append("the biography (as plain text)")
    if in_notes:
        report.keep("kept in the notes, as the sheet has no field for them: " + "; ".join(in_notes))
    for label, names in kept.items():
        if names and label != "Effects (not applied)":
            report.keep(f"{label}: " + "; ".join(names))
    return notes


def _with_thac0(
    sheet: MonsterSheet, thac0: int | None, hd_shown: str, report: Report
) -> MonsterSheet:
    """The sheet with the file's THAC0 as the referee's override where it differs from
    what the Hit Dice give."""
    derived_thac0 = derive(sheet)["thac0"].value
    if thac0 is not None and 1 <= thac0 <= 25 and thac0 != derived_thac0:
        # Keep the file's number, visibly: an override the referee can clear.
        sheet = sheet.model_copy(update={"overrides": {**sheet.overrides, "thac0": thac0}})
        report.keep(
            f"THAC0 {thac0} in the file, where HD {hd_shown} gives "
            f"{derived_thac0}: kept {thac0} as the referee's override"
        )
    return sheet


# -- writing Foundry actors ----------------------------------------------------------------


def hit_dice_text(sheet: MonsterSheet) -> str:
    """Foundry's ``hp.hd``, the dice it rolls hit points with: "4d8+1", "1d4" for ½ HD,
    a bodyguard's "3d6", "1d1" for a creature of one hit point."""
    rolled = sheet.hit_point_dice
    if rolled is not None:
        if not rolled.count:
            return "1d1" if rolled.bonus == 1 else str(max(rolled.bonus, 0))
        text = f"{rolled.count}d{rolled.sides}"
        modifier = rolled.bonus
    else:
        text = f"{sheet.hit_dice}d8" if sheet.hit_dice else "1d4"
        modifier = sheet.hit_dice_modifier
    if modifier:
        text += f"{'+' if modifier > 0 else '-'}{abs(modifier)}"  # Foundry's dice: ASCII
    return text


def movement_text(sheet: MonsterSheet) -> tuple[int, str]:
    """Foundry's movement rate and text: the walking rate and the other modes, or a main
    rate that is flying or swimming as the sheet keeps it ("150' (50') flying")."""
    other = sheet.movement_other
    first = _MOVE.match(other.strip())
    if (
        other
        and _has_mode(other.split("/", 1)[0])
        and (sheet.movement == 0 or (first is not None and int(first.group(1)) == sheet.movement))
    ):
        rate = int(first.group(1)) if first is not None else sheet.movement
        return rate, other
    walking = f"{sheet.movement}' ({sheet.movement // 3}')"
    return sheet.movement, " / ".join(part for part in (walking, other) if part)


def _attack_lines(sheet: MonsterSheet, attack: MonsterAttack) -> tuple[str, ...]:
    """The weapon description's lines for what Foundry has no field for (read back by
    :data:`_ATTACK_LINE`): the effect, the routine when the monster has several, the uses."""
    lines = [f"Effect: {attack.effect}"] if attack.effect else []
    if len({a.routine for a in sheet.attacks}) > 1:
        lines.append(f"Routine: {attack.routine}")
    if attack.uses:
        lines.append(f"Uses: {attack.uses} a day")
    if attack.breath:
        lines.append(f"Breath: {breath_words(attack)}")
    return tuple(lines)


def monster_to_foundry(sheet: MonsterSheet) -> tuple[dict[str, Any], list[str]]:
    """The Foundry OSE monster actor Foundry itself would hold for the sheet: every number,
    the hit-point dice it rolls, its movement rates, its abilities and gear as items; what
    Foundry has no place for is listed, never dropped silently."""
    numbers = derived_numbers(sheet)
    problems: list[str] = []
    if sheet.saves_as:
        problems.append(f"“saves as {sheet.saves_as}” is written as the saves it gives")
    if sheet.overrides:
        problems.append("the referee's overrides are written as the numbers they give")
    if sheet.larger_than_human:
        problems.append("“larger than human” is not written: Foundry has no place for it")
    saves = {save.value: numbers[f"save.{save.value}"] for save in Save}
    dungeon, _, wild = sheet.number_appearing.partition("(")
    rate, printed_move = movement_text(sheet)
    found, biography = read_note_lines(sheet.notes)
    languages = [name for name, _count in found.get("Languages", ())]
    actor = {
        "name": sheet.name,
        "type": "monster",
        "system": {
            "hp": {
                "hd": hit_dice_text(sheet),
                "value": sheet.hit_points,
                "max": sheet.max_hit_points,
            },
            "ac": {"value": numbers["ac"], "mod": 0},
            "aac": {"value": numbers["aac"], "mod": 0},
            "thac0": {
                "value": numbers["thac0"],
                "bba": numbers["attack_bonus"],
                "mod": {"missile": 0, "melee": 0},
            },
            "saves": saves_block(saves),
            "movement": {"base": rate, "encounter": rate // 3},
            "initiative": {"value": 0, "mod": sheet.initiative_modifier},
            "languages": {"value": languages},
            "details": {
                "alignment": sheet.alignment,
                "xp": sheet.xp,
                "morale": sheet.morale,
                "specialAbilities": sheet.hit_dice_asterisks,
                "appearing": {"d": dungeon.strip(), "w": wild.rstrip(") ").strip()},
                "treasure": {"table": "", "type": sheet.treasure},
                "movement": printed_move,
                "biography": html_of(biography),
            },
        },
        "items": [
            weapon_item(
                attack.name, attack.damage, count=attack.count, said=_attack_lines(sheet, attack)
            )
            for attack in sheet.attacks
        ]
        + noted_items(found, ""),
        "effects": effect_items(found),
    }
    if found.get("Effects (not applied)"):
        problems.append(
            "the effects in the notes are written as Foundry effects by name "
            "only, changing nothing: "
            + "; ".join(name for name, _c in found["Effects (not applied)"])
        )
    return actor, problems


def read_actor(actor: Any) -> ExchangeRead:
    """A Foundry actor's JSON as a sheet (:data:`~m3desk.systems.ose.foundry_format.FOUNDRY_ACTOR`'s
    reader): never raises, names what it could not keep."""
    kind = _get(actor, "type")
    if kind == "character":
        sheet, problems, kept = character_from_foundry(actor)
        return ExchangeRead(sheet, tuple(problems), tuple(kept))
    read = monster_from_foundry(actor)
    problems = read.problems
    if kind != "monster":
        said = clean_text(str(kind), 20)[0]
        problems = [
            f"the file says it is a “{said}”, not a character or monster; read as a monster",
            *problems,
        ]
    return ExchangeRead(read.sheet, tuple(problems), tuple(read.kept))


def write_actor(sheet: BaseModel) -> tuple[Any, tuple[str, ...]]:
    """A sheet as a Foundry actor's JSON and what Foundry has no place for."""
    if isinstance(sheet, CharacterSheet):
        actor, problems = character_to_foundry(sheet)
    elif isinstance(sheet, MonsterSheet):
        actor, problems = monster_to_foundry(sheet)
    else:
        raise TypeError(f"not an OSE sheet: {type(sheet).__name__}")
    return actor, tuple(problems)
