"""What reading and writing Foundry VTT's OSE actors share: reaching into untrusted JSON,
text made safe with what changed said, the lines an import keeps in a sheet's notes for what
the sheet has no field for (and reads back on export), and the compendium's treasure tables.

Nothing here raises on odd input: a reader collects sentences in a :class:`Report`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from html import escape
from typing import Any

from m3desk.core.dice import DiceExpr
from m3desk.core.routines import Damage
from m3desk.core.text import clean_text, html_to_text
from m3desk.systems.ose.derive import derive
from m3desk.systems.ose.sheet import CharacterSheet, MonsterSheet
from m3desk.systems.ose.tables import Save

__all__ = [
    "NOTE_LABELS",
    "SAVE_KEYS",
    "TREASURE_TABLES",
    "Report",
    "as_int",
    "clamp",
    "counted",
    "derived_numbers",
    "effect_items",
    "effect_names",
    "foundry_only",
    "get",
    "html_of",
    "note_lines",
    "noted_items",
    "read_note_lines",
    "retainer_and_slots",
    "saves_block",
    "treasure_letter",
    "weapon_item",
]

SAVE_KEYS = {
    "death": Save.DEATH,
    "wand": Save.WANDS,
    "paralysis": Save.PARALYSIS,
    "breath": Save.BREATH,
    "spell": Save.SPELLS,
}
_FOUNDRY_ONLY = ("img", "prototypeToken", "ownership", "folder", "flags", "sort", "_stats")


def get(data: Any, *path: str) -> Any:
    for key in path:
        if not isinstance(data, Mapping):
            return None
        data = data.get(key)
    return data


def as_int(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e9:
        return int(value)
    if isinstance(value, str):
        match = re.match(r"\s*(-?\d{1,9})", value)
        if match:
            return int(match.group(1))
    return None


def clamp(value: int, low: int, high: int) -> int:
    return max(low, min(high, value))


class Report:
    """The sentences an import says: what it could not keep (``lines``), and what it kept in
    another place than Foundry's (``kept``: in the notes, as an override)."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.kept: list[str] = []

    def add(self, line: str) -> None:
        line = clean_text(line, 2_000, lines=True)[0]  # a line may quote the file's text
        if line not in self.lines:
            self.lines.append(line)

    def keep(self, line: str) -> None:
        line = clean_text(line, 2_000, lines=True)[0]
        if line not in self.kept:
            self.kept.append(line)

    def text(
        self, value: Any, limit: int, what: str, *, lines: bool = False, html: bool = False
    ) -> str:
        """``value`` as safe text; a lone surrogate or a control character in it is said
        (``what`` names the field: "the name", "Rope's name"), never raised."""
        if html:
            text, changed = html_to_text(value, limit)
        else:
            text, changed = clean_text(value, limit, lines=lines)
        if changed:
            self.add(
                f"{what[:1].upper()}{what[1:]}: {changed} character"
                f"{'s' if changed > 1 else ''} that {'are' if changed > 1 else 'is'} "
                "not text (a lone surrogate or a control character) replaced or left "
                "out"
            )
        return text

    def number(self, value: Any, what: str) -> int | None:
        """A number the file gives (as a number or a text); text beside it ("5 (guard:
        20)") or a text that is no number is said, never dropped silently."""
        found = as_int(value)
        if not isinstance(value, str) or not value.strip():
            if value not in (None, "") and found is None:
                self.add(f"{what} “{clean_text(value, 40)[0]}” is not a number: left out")
            return found
        text = clean_text(value, 80)[0]
        if found is None:
            self.add(f"{what} “{text}” is not a number: left out")
        elif not re.fullmatch(r"\s*[+-]?\d{1,9}\s*", value):
            self.add(f"{what} “{text}”: kept {found}, the rest is not read")
        return found

    def name(self, value: Any, fallback: str, what: str) -> str:
        return self.text(value, 80, what) or fallback


# -- lines kept in the notes -----------------------------------------------------------------

NOTE_LABELS = (
    "Equipment",
    "Treasure",
    "Coins",
    "Languages",
    "Class abilities",
    "Special abilities",
    "Spells",
    "Effects (not applied)",
    "Title",
)
"""What an import writes in the notes, a line each ("Equipment: Rope ×50; Torch ×6"), for
what the sheet has no field for; an export reads the same lines back into Foundry's items."""
_LINE = re.compile(rf"^({'|'.join(re.escape(label) for label in NOTE_LABELS)}): (.*)$")
_COUNT = re.compile(r"^(.*?) ×(\d{1,6})((?: \([^()]{0,60}\))*)$")


def note_lines(kept: Mapping[str, Iterable[str]]) -> str:
    """ "Equipment: Rope ×50; Torch ×6" and so on, a line per label with anything in it."""
    lines = []
    for label in NOTE_LABELS:
        names = [name.replace(";", ",") for name in kept.get(label, ())]
        if names:
            lines.append(f"{label}: {'; '.join(names)}")
    return "\n".join(lines)


def read_note_lines(notes: str) -> tuple[dict[str, list[tuple[str, int]]], str]:
    """The labelled lines of ``notes`` (each name with its count, 1 when none is written)
    and the rest of the notes."""
    found: dict[str, list[tuple[str, int]]] = {}
    rest = []
    for line in notes.split("\n"):
        match = _LINE.match(line)
        if match is None:
            rest.append(line)
            continue
        for part in match.group(2).split("; "):
            part = part.strip()
            if not part:
                continue
            counted = _COUNT.match(part)
            name, count = (
                (counted.group(1) + counted.group(3), int(counted.group(2)))
                if counted
                else (part, 1)
            )
            found.setdefault(match.group(1), []).append((name.strip()[:80] or "item", count))
    return found, "\n".join(rest).strip()


def html_of(text: str) -> str:
    """Plain notes as Foundry's formatted text: a paragraph a line, every character escaped."""
    return "".join(f"<p>{escape(line)}</p>" for line in text.split("\n") if line.strip())


# -- treasure --------------------------------------------------------------------------------

TREASURE_TABLES: Mapping[str, str] = {
    "4hd3r9dGyNWZJN4N": "A",
    "UjfCMHIzgJ6yEf6d": "B",
    "jlNmWDPy08DQZdiH": "C",
    "wAbYNwTmSep4cf7j": "D",
    "g1iymT9OEwLPThDX": "E",
    "ImAT0ffGC7YF0Po7": "F",
    "4TDn1ebuIHyyJicJ": "G",
    "wRHjD8Kj7kmZn2ba": "H",
    "iYWKYEZbfc6nI6vl": "I",
    "WDDnJrtXERJBmmWP": "J",
    "lMW29slKGAucsm4I": "K",
    "OZIlcpoJSYVKAgx8": "L",
    "4Dh4sYQ1t5EqAJJ6": "M",
    "PCPesJjAu9ZFC1Ho": "N",
    "UNONfVH7TevOlH5o": "O",
    "9OrveMueIFsm1smg": "P",
    "IioEYMfd3PxiMCcS": "Q",
    "7xIB9sb6R4hkYSoG": "R",
    "xdhHmGGZeJItn7oM": "S",
    "w3tlBvE9JUKcFA6E": "T",
    "CWW9LlROISitOCJ9": "U",
    "wxMOZR3vhARVkN3Y": "V",
}
"""The OGL compendium's treasure roll tables ("Treasure Type A" … "V"; packs/_source/
treasures of NecroticGnome/ose-foundry-content) by id, to the letter their name gives: a
monster names its treasure by a link to one (``@UUID[Compendium.….RollTable.<id>]``)."""
_LINK = re.compile(r"@UUID\[([^\]]{0,300})\](?:\{([^}]{0,200})\})?|^([^\[\]@{}]{0,200})$")
_LETTERS = re.compile(r"^\s*Treasure\s+Type\s+([A-V](?:\s*[,+&/]\s*[A-V])*)\s*$", re.IGNORECASE)


def treasure_letter(link: str, tables: Mapping[str, str] | None = None) -> str | None:
    """The treasure type a Foundry link to a roll table names: by the table's name written in
    the link ("{Treasure Type C}") or by its id in the compendium (``tables``, else
    :data:`TREASURE_TABLES`); None when the link names no table that is known."""
    match = _LINK.search(link.strip())
    if match is None:
        return None
    label = match.group(2) or match.group(3) or ""
    letters = _LETTERS.match(label)
    if letters is not None:
        return re.sub(r"\s+", " ", letters.group(1).upper())
    target = match.group(1) or ""
    table_id = target.rsplit(".", 1)[-1]
    return {**TREASURE_TABLES, **(tables or {})}.get(table_id)


def counted(name: str, count: int, where: str = "") -> str:
    """ "Rope ×50 (in Backpack)"; a single item by its name."""
    return (name if count == 1 else f"{name} ×{count}") + where


# -- shared by the readers and writers ------------------------------------------------------


def effect_names(actor: Any, report: Report) -> list[str]:
    """Foundry's active effects on the actor and its items, by name (m3desk applies none)."""
    names = []
    items = get(actor, "items")
    sources = [actor, *items] if isinstance(items, list) else [actor]
    for source in sources[:401]:
        effects = get(source, "effects")
        if not isinstance(effects, list):
            continue
        for effect in effects[:50]:
            name = report.name(
                get(effect, "name") or get(effect, "label"), "an effect", "an effect's name"
            )
            if get(effect, "disabled") is True:
                name += " (off)"
            names.append(name)
    if names:
        report.add(
            "Foundry's active effects are not applied by m3desk (their names are in "
            "the notes, to apply by hand): " + "; ".join(names)
        )
    return names


def effect_items(found: Mapping[str, list[tuple[str, int]]]) -> list[dict[str, Any]]:
    """The notes' effects as Foundry's active effects, by name only: they change nothing."""
    effects = []
    for name, _count in found.get("Effects (not applied)", ()):
        off = name.endswith(" (off)")
        effects.append(
            {
                "name": name.removesuffix(" (off)") if off else name,
                "changes": [],
                "disabled": off,
                "transfer": False,
                "duration": {},
            }
        )
    return effects


def retainer_and_slots(system: Any, report: Report) -> None:
    """Foundry's retainer settings and spell slots, named when they hold anything: an m3desk
    sheet has no place for the first and counts the second from the class and level."""
    retainer = get(system, "retainer")
    if get(retainer, "enabled"):
        wage = clean_text(get(retainer, "wage"), 40)[0]
        report.add(
            f"a retainer (loyalty {as_int(get(retainer, 'loyalty'))}"
            f"{', wage ' + wage if wage else ''}): not kept, the sheet has no place"
        )
    slots = [
        f"level {level}: {as_int(get(system, 'spells', str(level), 'max'))}"
        for level in range(1, 7)
        if as_int(get(system, "spells", str(level), "max"))
    ]
    if slots:
        report.add(
            "Foundry's spell slots are not kept: m3desk counts a character's from the "
            "class and level, and a monster's spells are in its notes (" + ", ".join(slots) + ")"
        )


def foundry_only(actor: Any, report: Report) -> None:
    """Foundry's own bookkeeping (its picture, token, permissions, folder) said once."""
    held = [key for key in _FOUNDRY_ONLY if get(actor, key) not in (None, "", {}, [], 0)]
    if held:
        report.add(
            "Foundry's own data (the picture, the token, permissions, the folder, "
            "module flags) is not kept: it means nothing outside Foundry"
        )


def saves_block(values: Mapping[str, int]) -> dict[str, Any]:
    return {key: {"value": values[save.value]} for key, save in SAVE_KEYS.items()}


def derived_numbers(sheet: CharacterSheet | MonsterSheet) -> dict[str, int]:
    return {key: value.value for key, value in derive(sheet).items()}


def weapon_item(
    name: str,
    damage: DiceExpr | Damage | None,
    *,
    count: int = 1,
    melee: bool = True,
    missile: bool = False,
    slow: bool = False,
    ranges: tuple[int, int, int] | None = None,
    bonus: int = 0,
    said: tuple[str, ...] = (),
) -> dict[str, Any]:
    """A Foundry weapon item; what it has no field for (an attack's effect, its routine) is
    ``said`` as lines of its description, where Foundry shows them and import reads them."""
    short, medium, long = ranges or (0, 0, 0)
    return {
        "name": name,
        "type": "weapon",
        "system": {
            "description": "".join(f"<p>{escape(line)}</p>" for line in said),
            # Foundry writes special damage without spaces: "1d6*10".
            "damage": str(damage).replace(" × ", "*").replace(" ", "")
            if damage is not None
            else "0",
            "bonus": bonus,
            "melee": melee,
            "missile": missile,
            "slow": slow,
            "equipped": True,
            "range": {"short": short, "medium": medium, "long": long},
            "counter": {"value": count, "max": count},
            "quantity": {"value": 1, "max": 0},
        },
    }


_SUFFIX = re.compile(r"^(.*) \(([^()]{1,90})\)$")
_WORTH = re.compile(r"([\d.]{1,9}) gp each")


def _suffixes(name: str) -> tuple[str, str, float]:
    """("Rope", "Backpack", 0) from "Rope (in Backpack)"; a treasure's "(50 gp each)" is its
    cost. Other brackets stay in the name."""
    container, cost = "", 0.0
    while (match := _SUFFIX.match(name)) is not None:
        inner = match.group(2)
        worth = _WORTH.fullmatch(inner)
        if inner.startswith("in ") and not container:
            container = inner[3:]
        elif worth is not None and not cost:
            cost = float(worth.group(1))
        else:
            break
        name = match.group(1)
    return name, container, cost


def noted_items(
    found: Mapping[str, list[tuple[str, int]]], owner: str, weights: Mapping[str, int] | None = None
) -> list[dict[str, Any]]:
    """Foundry items for the notes' labelled lines: abilities, spells, gear (in its
    containers) and treasure; ``weights`` gives a piece of gear's weight in coins, by its
    row's name ("Rope (in Backpack)")."""
    weights = weights or {}
    items: list[dict[str, Any]] = []
    for label in ("Class abilities", "Special abilities"):
        items += [
            {
                "name": name,
                "type": "ability",
                "system": {
                    "description": "",
                    "requirements": owner,
                    "roll": "",
                    "rollType": "result",
                    "rollTarget": 0,
                    "blindroll": False,
                    "save": "",
                    "pattern": "transparent",
                },
            }
            for name, _count in found.get(label, ())
        ]
    items += [
        {"name": name, "type": "spell", "system": {"lvl": 1, "memorized": 0, "cast": 0}}
        for name, _count in found.get("Spells", ())
    ]
    gear = [
        (*_suffixes(name), count, label == "Treasure", weights.get(name, 0))
        for label in ("Equipment", "Treasure")
        for name, count in found.get(label, ())
    ]
    holders = {container for _name, container, _cost, _count, _treasure, _w in gear if container}
    ids = {name: f"m3desk{index:010d}" for index, name in enumerate(sorted(holders))}
    for name, container, cost, count, treasure, weight in gear:
        item: dict[str, Any] = {
            "name": name,
            "type": "container" if name in ids else "item",
            "system": {
                "quantity": {"value": count, "max": 0},
                "weight": weight,
                "cost": cost,
                "containerId": ids.get(container, ""),
            },
        }
        if name in ids:
            item["_id"] = ids[name]
        else:
            item["system"].update({"treasure": treasure, "isContainer": False})
        items.append(item)
    return items
