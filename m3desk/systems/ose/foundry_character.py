"""Foundry VTT's OSE characters ("type": "character"), read into m3desk sheets and written.

Every field of Foundry's character is accounted for: the sheet keeps what it holds (class,
level, scores, hit points, armour, weapons, spells, notes); the numbers Foundry's player
typed where m3desk works them out (THAC0, saves, an AC modifier, to-hit modifiers,
initiative) are kept as the referee's overrides when they differ; gear (with its container
in its name: "Rope (in Backpack)", a container inside another as its own row, and the weight
in coins Foundry gives it), coins, other treasure and languages go into the sheet's
own fields (format 2), and what does not fit them into the notes; what the sheet has no field
for (class abilities, the biography, the title, Foundry's active effects) is kept in the
notes, a labelled line each; everything else is named in the report. Export writes the
fields back as Foundry holds them: gear as items of type item (a container as one) with
their quantity, coins as treasure items a coin each, languages in ``system.languages``.
Foundry's notes and biography are HTML: only their words are kept.
The writing is :mod:`~m3desk.systems.ose.foundry_character_out`'s, re-exported here.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from m3desk.core.bounds import MAX_NOTES
from m3desk.core.dice import DiceError, DiceExpr
from m3desk.core.numbers import signed
from m3desk.core.spell_range import range_words
from m3desk.core.text import clean_text
from m3desk.systems.ose.derive import derive
from m3desk.systems.ose.foundry_character_out import (
    _ARMOUR_BY_AC,
    _COINS,
    _SCORES,
    _coins_line,
    character_to_foundry,
    magic_part,
)
from m3desk.systems.ose.foundry_common import (
    SAVE_KEYS,
    Report,
    counted,
    derived_numbers,
    effect_names,
    foundry_only,
    note_lines,
    retainer_and_slots,
)
from m3desk.systems.ose.foundry_common import as_int as _int
from m3desk.systems.ose.foundry_common import clamp as _clamp
from m3desk.systems.ose.foundry_common import get as _get
from m3desk.systems.ose.sheet import (
    SPELL_RANGE_MAX,
    Abilities,
    CharacterSheet,
    Coins,
    Item,
    Spell,
    Weapon,
)
from m3desk.systems.ose.tables import OseClass, Save, class_saves, parse_class

__all__ = ["character_from_foundry", "character_to_foundry"]

_COIN_NAME = re.compile(
    r"\((pp|gp|ep|sp|cp)\)|^\s*(platinum|gold|electrum|silver|copper)"
    r"(?:\s+(?:pieces?|coins?))?\s*$",
    re.IGNORECASE,
)
_SAVE_WORDS = {
    Save.DEATH: "death",
    Save.WANDS: "wands",
    Save.PARALYSIS: "paralysis",
    Save.BREATH: "breath",
    Save.SPELLS: "spells",
}
_READ_RANGE, _ = range_words("ft", SPELL_RANGE_MAX)


def _weapon(item: Mapping[str, Any], report: Report) -> Weapon:
    name = report.name(item.get("name"), "weapon", "a weapon's name")
    system = item.get("system") if isinstance(item.get("system"), Mapping) else {}
    damage_text = report.text(_get(system, "damage") or "1d6", 40, f"{name}'s damage")
    try:
        damage = DiceExpr.parse(damage_text)
    except DiceError:
        report.add(f"could not read the damage “{damage_text[:40]}” of {name}; kept 1d6")
        damage = DiceExpr.parse("1d6")
    ranges = tuple(_int(_get(system, "range", key)) or 0 for key in ("short", "medium", "long"))
    missile = bool(_get(system, "missile"))
    kept_ranges = None
    if (
        missile
        and all(6 <= value <= 2000 for value in ranges)
        and ranges[0] <= ranges[1] <= ranges[2]
    ):
        kept_ranges = (ranges[0], ranges[1], ranges[2])
    elif missile and any(ranges):
        report.add(
            f"the ranges of {name} ({ranges[0]}/{ranges[1]}/{ranges[2]}) are "
            "not short ≤ medium ≤ long feet; left out"
        )
    bonus = _int(_get(system, "bonus")) or 0
    if not 0 <= bonus <= 5:
        report.add(f"{name}'s bonus {signed(bonus)} is outside +0 to +5; kept +0")
        bonus = 0
    quantity = _int(_get(system, "quantity", "value")) or 1
    if quantity > 1:
        report.add(f"{name} ×{quantity}: the sheet keeps one weapon row for them")
    return Weapon(
        name=name,
        damage=damage,
        melee=bool(_get(system, "melee")) or not missile,
        missile=missile,
        slow=bool(_get(system, "slow")),
        ranges=kept_ranges,
        magic=bonus,
    )


def _spell_range(value: object) -> int | None:
    """A Foundry spell's range ("120'", "Touch", "The caster") in feet; None for words a
    number cannot say ("The caster or a creature touched")."""
    try:
        return _READ_RANGE(str(value or "").replace("′", "'"), None)
    except ValueError:
        return None


class _Items:
    """A character's Foundry items, sorted into the sheet's places and the notes' lines."""

    def __init__(self, report: Report) -> None:
        self.report = report
        self.armour, self.shield, self.magic_armour = "unarmoured", False, 0
        self.weapons: list[Weapon] = []
        self.spells: list[Spell] = []
        self.kept: dict[str, list[str]] = {}
        self.coins: dict[str, int] = {}
        self.containers: dict[str, str] = {}
        self.gear: list[Item] = []
        """Equipment rows: the name (with "(in Backpack)") and how many."""
        self.treasure: list[str] = []
        """Other treasure as written ("Garnet ×2 (50 gp each)")."""

    def note(self, label: str, text: str) -> None:
        self.kept.setdefault(label, []).append(text)

    def carry(self, name: str, quantity: int, where: str = "", weight: Any = None) -> None:
        """One piece of gear as an equipment row with its weight in coins; past the sheet's
        200 rows, in the notes (where a weight is not written: the report says so)."""
        named = (name + where)[:80]
        coins = _int(weight)
        if len(self.gear) < 200:
            self.gear.append(
                Item(
                    name=named,
                    quantity=_clamp(quantity, 0, 100_000),
                    # Foundry writes 0 for a weight nobody gave
                    weight=_clamp(coins, 1, 100_000) if coins else None,
                )
            )
        else:
            self.note("Equipment", counted(name, quantity, where))
            if coins:
                self.report.add(
                    f"the weight of {name} ({coins} coins) is not kept: past "
                    "the sheet's 200 equipment rows, it is listed in the notes"
                )

    def read(self, items: Any) -> None:
        if not isinstance(items, list):
            return
        if len(items) > 400:
            self.report.add(f"the actor has {len(items):,} items: read the first 400")
        listed = [item for item in items[:400] if isinstance(item, Mapping)]
        for item in listed:
            if item.get("type") == "container":
                self.containers[str(item.get("_id"))[:40]] = self.report.name(
                    item.get("name"), "container", "a container's name"
                )
        for item in listed:
            self.one(item)

    def one(self, item: Mapping[str, Any]) -> None:
        report = self.report
        kind = str(item.get("type"))[:20]
        system = _get(item, "system")
        name = report.name(item.get("name"), kind, f"a {kind}'s name")
        quantity = _int(_get(system, "quantity", "value"))
        inside = self.containers.get(str(_get(system, "containerId") or "")[:40])
        where = f" (in {inside})" if inside else ""
        if kind == "weapon":
            if len(self.weapons) < 50:
                self.weapons.append(_weapon(item, report))
            else:
                report.keep(f"more than 50 weapons: {name} kept as equipment")
                self.carry(name, quantity or 1, where)
        elif kind == "armor":
            self.armor(item, name, where)
        elif kind == "spell":
            self.spell(item, name)
        elif kind == "ability":
            self.note("Class abilities", name)
        elif kind == "container":
            self.carry(name, max(quantity or 1, 1), where, _get(system, "weight"))
        elif kind == "item":
            coin = _COIN_NAME.search(name)
            if coin is not None and _get(system, "treasure") is not False:
                code = (coin.group(1) or "").lower() or next(
                    key for key, word in _COINS.items() if word == coin.group(2).lower()
                )
                self.coins[code] = self.coins.get(code, 0) + max(quantity or 0, 0)
            elif _get(system, "treasure"):
                cost = _int(_get(system, "cost"))
                worth = f" ({cost} gp each)" if cost else ""
                self.treasure.append(counted(name, max(quantity or 1, 1), worth + where))
            else:
                self.carry(name, max(quantity or 1, 0), where, _get(system, "weight"))
        else:
            report.add(
                f"“{name}” is a Foundry item of a kind m3desk does not know (“{kind}”): not kept"
            )

    def armor(self, item: Mapping[str, Any], name: str, where: str) -> None:
        system = _get(item, "system")
        if not _get(system, "equipped"):
            self.carry(name, 1, where + " (not worn)")
            return
        if str(_get(system, "type")) == "shield":
            if self.shield:
                self.report.keep(f"a second shield, {name}, is kept as equipment")
                self.carry(name, 1, where)
            self.shield = True
            bonus = _int(_get(system, "ac", "value"))
            if bonus not in (None, 1):
                self.report.add(
                    f"the shield {name} gives {bonus} AC in Foundry; an OSE "
                    "shield gives 1, as the sheet counts it"
                )
            return
        ac = _int(_get(system, "ac", "value"))
        base = next(
            (value for value in sorted(_ARMOUR_BY_AC) if ac is not None and value >= ac), None
        )
        if ac is None or base is None:
            self.report.keep(f"the armour “{name}” has no readable AC: kept as equipment")
            self.carry(name, 1, where)
            return
        if self.armour != "unarmoured":
            self.report.keep(f"a second armour worn, {name}, is kept as equipment")
            self.carry(name, 1, where)
            return
        self.armour = _ARMOUR_BY_AC[base]
        self.magic_armour = _clamp(base - ac, 0, 5)

    def spell(self, item: Mapping[str, Any], name: str) -> None:
        if len(self.spells) >= 100:
            self.report.keep(f"more than 100 spells: {name} kept in the notes")
            self.note("Spells", name)
            return
        level = _clamp(_int(_get(item, "system", "lvl")) or 1, 1, 6)
        memorised = _int(_get(item, "system", "memorized")) or 0
        cast = _int(_get(item, "system", "cast")) or 0
        self.spells.append(
            Spell(
                name=name,
                level=level,
                cast=memorised > 0 and cast >= memorised,
                range=_spell_range(_get(item, "system", "range")),
            )
        )


def _row_words(item: Item) -> str:
    """ "Rope ×50 (in Backpack)" for the row "Rope (in Backpack)" of 50: the count before
    the container, as the notes wrote it."""
    base, inside, rest = item.name.partition(" (in ")
    return counted(base, item.quantity, inside + rest)


def _kept_numbers(
    sheet: CharacterSheet, system: Mapping[str, Any], report: Report
) -> CharacterSheet:
    """The numbers Foundry's player typed or modified where m3desk works them out, kept as
    the referee's overrides when they differ from m3desk's (and said)."""
    numbers = derived_numbers(sheet)
    overrides: dict[str, int] = {}

    def keep(key: str, value: int, words: str) -> None:
        if value != numbers.get(key):
            overrides[key] = value
            report.keep(
                f"{words}: kept as the referee's override (m3desk works out {numbers.get(key)})"
            )

    ac_mod = _int(_get(system, "ac", "mod")) or 0
    aac_mod = _int(_get(system, "aac", "mod")) or 0
    if ac_mod or aac_mod:
        bonus = ac_mod or aac_mod
        if ac_mod and aac_mod and ac_mod != aac_mod:
            report.add(
                f"Foundry's AC modifier {signed(ac_mod)} and ascending AC modifier "
                f"{signed(aac_mod)} disagree: kept {signed(ac_mod)}"
            )
        keep(
            "ac",
            numbers["ac"] - bonus,
            f"AC {numbers['ac'] - bonus} with Foundry's AC modifier {signed(bonus)}",
        )
    thac0 = _int(_get(system, "thac0", "value"))
    if thac0 is not None and 1 <= thac0 <= 25:
        keep("thac0", thac0, f"THAC0 {thac0} as Foundry has it")
    bba = _int(_get(system, "thac0", "bba"))
    if bba and bba != 19 - (thac0 if thac0 is not None else numbers["thac0"]):
        report.add(
            f"Foundry's attack bonus {signed(bba)} is not 19 − THAC0: m3desk counts "
            "it from the THAC0"
        )
    for kind, key in (("melee", "melee.hit"), ("missile", "missile.hit")):
        bonus = _int(_get(system, "thac0", "mod", kind)) or 0
        if bonus:
            keep(
                key,
                numbers[key] + bonus,
                f"{kind} to hit {signed(numbers[key] + bonus)} "
                f"with Foundry's {kind} modifier {signed(bonus)}",
            )
    table = class_saves(sheet.char_class, sheet.level)
    for key, save in SAVE_KEYS.items():
        value = _int(_get(system, "saves", key, "value"))
        if value and 2 <= value <= 20 and value != table[save]:
            # Foundry keeps the class's number and adds WIS when it rolls; m3desk counts
            # WIS into the save, so the override keeps WIS's part.
            keep(
                f"save.{save.value}",
                value + magic_part(sheet, save),
                f"the save against {_SAVE_WORDS[save]} {value} as Foundry has it, where "
                f"{sheet.char_class.value} level {sheet.level} gives {table[save]}",
            )
    initiative = (_int(_get(system, "initiative", "value")) or 0) + (
        _int(_get(system, "initiative", "mod")) or 0
    )
    if initiative:
        keep(
            "initiative",
            numbers["initiative"] + initiative,
            f"initiative {signed(numbers['initiative'] + initiative)} with Foundry's "
            f"modifier {signed(initiative)}",
        )
    bonus = _int(_get(system, "details", "xp", "bonus")) or 0
    if bonus:
        keep("xp.prime", bonus, f"an XP bonus of {bonus} %")
    if _get(system, "config", "movementAuto") is False:
        base = _int(_get(system, "movement", "base"))
        if base is not None and 0 <= base <= 480:
            keep("movement", base, f"movement {base}' typed in Foundry")
    if not overrides:
        return sheet
    return sheet.model_copy(update={"overrides": {**sheet.overrides, **overrides}})


def _unkept(system: Mapping[str, Any], report: Report) -> None:
    """Foundry's fields the sheet has no place for, named when they hold anything."""
    for key, score in _SCORES.items():
        bonus = _int(_get(system, "scores", key, "bonus")) or 0
        if bonus:
            report.add(
                f"Foundry's {score} bonus {signed(bonus)} is not kept: m3desk counts "
                "the modifier from the score"
            )
    share = _int(_get(system, "details", "xp", "share"))
    if share is not None and share != 100:
        report.add(
            f"the share of experience ({share} %) is not kept: m3desk shares a "
            "fight's experience equally"
        )
    retainer_and_slots(system, report)
    exploration = _get(system, "exploration")
    defaults = {"ld": 1, "od": 2, "sd": 1, "ft": 1}
    words = {
        "ld": "listening at doors",
        "od": "opening doors",
        "sd": "finding secret doors",
        "ft": "finding traps",
    }
    odd = [
        f"{words[key]} {_int(_get(exploration, key))}-in-6"
        for key in defaults
        if _int(_get(exploration, key)) not in (None, defaults[key])
    ]
    if odd:
        report.add(
            "Foundry's exploration chances are not kept (m3desk works out what the "
            "class gives): " + ", ".join(odd)
        )
    limit = _int(_get(system, "encumbrance", "max"))
    if limit not in (None, 0, 1600):
        report.add(
            f"Foundry's encumbrance limit {limit} coins is not kept: m3desk uses the SRD's 1,600"
        )


def character_from_foundry(actor: Any) -> tuple[CharacterSheet, list[str], list[str]]:
    """An OSE character from a Foundry actor's JSON (``type`` "character"), what could not
    be kept and what was kept in another place (the notes, an override); never raises."""
    report = Report()
    system = _get(actor, "system")
    if not isinstance(system, Mapping):
        system = {}
        report.add("the file has no character data (no “system” block)")
    name = report.name(_get(actor, "name"), "Character", "the name")
    details = _get(system, "details") or {}
    scores = _scores(system, report)
    char_class = _class(details, report)
    level = report.number(_get(details, "level"), "the level") or 1
    if not 1 <= level <= 14:
        report.add(f"level {level} is outside 1–14; kept {_clamp(level, 1, 14)}")
    hp_max = report.number(_get(system, "hp", "max"), "the maximum hit points") or 1
    hp = report.number(_get(system, "hp", "value"), "the hit points")
    items = _Items(report)
    items.read(_get(actor, "items"))
    kept = items.kept
    coins = {code: _clamp(count, 0, 10_000_000) for code, count in items.coins.items()}
    if any(coins[code] != count for code, count in items.coins.items()):
        report.add("more than 10,000,000 of a coin: kept 10,000,000")
    languages = _languages(system, report, kept)
    treasure = _treasure(items.treasure, kept)
    notes = _notes(actor, details, report, kept)
    _say_kept(report, items, coins, languages, treasure)
    _unkept(system, report)
    foundry_only(actor, report)
    sheet = CharacterSheet(
        name=name,
        char_class=char_class,
        level=_clamp(level, 1, 14),
        experience=_clamp(
            report.number(_get(details, "xp", "value"), "the experience") or 0, 0, 10_000_000
        ),
        abilities=Abilities(**scores),
        hit_points=_clamp(hp if hp is not None else hp_max, -99, 999),
        max_hit_points=_clamp(hp_max, 1, 999),
        armour=items.armour,
        shield=items.shield,
        magic_armour=items.magic_armour,
        weapons=tuple(items.weapons),
        spells=tuple(items.spells),
        alignment=report.text(_get(details, "alignment"), 200, "the alignment"),
        languages=tuple(languages),
        equipment=tuple(items.gear),
        coins=Coins(**coins),
        treasure=treasure,
        notes=notes[:MAX_NOTES],
    )
    sheet = _kept_numbers(sheet, system, report)
    derive(sheet)
    return sheet, [clean_text(line, 2_000, lines=True)[0] for line in report.lines], report.kept


def _scores(system: Any, report: Report) -> dict[str, int]:
    """The six ability scores, each 3–18 (10 where the file's is missing or impossible)."""
    scores: dict[str, int] = {}
    for key, ability in _SCORES.items():
        value = report.number(_get(system, "scores", key, "value"), ability)
        if value is None or not 3 <= value <= 18:
            report.add(f"{ability} “{value}” is not 3–18; kept 10")
            value = 10
        scores[ability] = value
    return scores


def _class(details: Any, report: Report) -> OseClass:
    """The class by its name (a fighter where the file names none of the seven)."""
    class_text = report.text(_get(details, "class"), 40, "the class")
    try:
        char_class = parse_class(class_text) if class_text else OseClass.FIGHTER
    except ValueError:
        report.add(f"“{class_text[:40]}” is not one of OSE's seven classes; kept fighter")
        char_class = OseClass.FIGHTER
    return char_class


def _languages(system: Any, report: Report, kept: dict[str, list[str]]) -> list[str]:
    """The languages the sheet holds (20, each at most 40 characters); the rest go to
    ``kept`` for the notes."""
    languages: list[str] = []
    read = _get(system, "languages", "value")
    if isinstance(read, list):
        for language in read[:40]:
            if not language:
                continue
            word = report.name(language, "?", "a language")
            if len(languages) < 20 and len(word) <= 40:
                languages.append(word)
            else:
                kept.setdefault("Languages", []).append(word)
    return languages


def _treasure(pieces: list[str], kept: dict[str, list[str]]) -> str:
    """The other treasure in one line of at most 200 characters; the rest go to ``kept``."""
    treasure = ""
    for piece in pieces:
        joined = f"{treasure}; {piece}" if treasure else piece
        if len(joined) <= 200 and "Treasure" not in kept:
            treasure = joined
        else:
            kept.setdefault("Treasure", []).append(piece)
    return treasure


def _notes(actor: Any, details: Any, report: Report, kept: dict[str, list[str]]) -> str:
    """The notes: the actor's own, then what the sheet has no field for by label, then the
    biography as plain text, each said in the report."""
    title = report.text(_get(details, "title"), 80, "the title")
    if title:
        kept["Title"] = [title]
    kept["Effects (not applied)"] = effect_names(actor, report)
    own_notes = report.text(_get(details, "notes"), MAX_NOTES, "the notes", html=True)
    biography = report.text(_get(details, "biography"), MAX_NOTES, "the biography", html=True)
    listed = note_lines(kept)
    parts = [own_notes, listed, f"Biography:\n{biography}" if biography else ""]
    notes = "\n\n".join(part for part in parts if part)
    if len(notes) > MAX_NOTES:
        report.add(f"the notes are longer than {MAX_NOTES:,} characters: cut there")
    in_notes = [label.lower() for label in kept if kept[label]]
    if biography:
        in_notes.append("the biography (as plain text)")
    if in_notes:
        report.keep("kept in the notes, as the sheet has no field for them: " + "; ".join(in_notes))
    for label in ("Equipment", "Treasure", "Coins", "Languages", "Class abilities", "Title"):
        if kept.get(label):
            report.keep(f"{label}: " + "; ".join(kept[label]))
    return notes


def _say_kept(
    report: Report, items: _Items, coins: dict[str, int], languages: list[str], treasure: str
) -> None:
    """What went into the sheet's own fields: gear as equipment rows, coins, languages and
    other treasure."""
    if items.gear:
        count = len(items.gear)
        report.keep(
            f"{count} piece{'s' if count != 1 else ''} of gear as equipment rows: "
            + "; ".join(_row_words(i) for i in items.gear)
        )
    for label, words in (
        ("coins", _coins_line(coins)),
        ("languages", languages),
        ("other treasure", [treasure] if treasure else []),
    ):
        if words:
            report.keep(f"in the sheet's {label}: " + "; ".join(words))
