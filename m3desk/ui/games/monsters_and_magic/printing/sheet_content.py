"""What goes on a printed sheet, as plain data: the words and numbers, not their places.

Separating content from layout keeps the game out of the painter: every number comes
from the sheet or from :func:`m3desk.systems.monsters_and_magic.derive.derive` (never recomputed
here), and
tests can check what a sheet says without Qt, fonts or poppler.
"""

from __future__ import annotations

import base64
import binascii
from dataclasses import dataclass

from m3desk.core.derived import Derived
from m3desk.core.numbers import signed
from m3desk.systems.monsters_and_magic.attributes import Attribute
from m3desk.systems.monsters_and_magic.derive import derive
from m3desk.systems.monsters_and_magic.movement import ArmourWeight
from m3desk.systems.monsters_and_magic.sheet import CharacterSheet, MonsterSheet
from m3desk.systems.monsters_and_magic.table_rules import TableRules
from m3desk.ui.printing.content import (
    BLANK,
    Cell,
    Column,
    HeaderField,
    PoolLine,
    Stat,
    Table,
    TextSection,
)
from m3desk.ui.printing.formatting import amount, bands_text

__all__ = [
    "GAME_NAME",
    "AttributeBox",
    "Cell",
    "Column",
    "HeaderField",
    "PoolLine",
    "SheetContent",
    "Stat",
    "Table",
    "TextSection",
    "defence_cell",
    "derived_cell",
    "sheet_content",
]

Sheet = CharacterSheet | MonsterSheet
GAME_NAME = "Monsters & Magic"
"""Named above the kind of every page of this game, top right."""
CHECK = "\u2713"
DASH = "\u2014"


@dataclass(frozen=True, slots=True)
class AttributeBox:
    attribute: Attribute
    score: int
    modifier: Cell
    prime_check: Cell | None
    """The doubled check modifier when this is the prime attribute."""


@dataclass(frozen=True, slots=True)
class SheetContent:
    name: str
    kind_label: str
    header_rows: tuple[tuple[HeaderField, ...], ...]
    attributes: tuple[AttributeBox, ...]
    stats: tuple[Stat, ...]
    pools: tuple[PoolLine, ...]
    hero_points: int | None
    sections: tuple[Table | TextSection, ...]
    portrait_png: bytes = b""
    has_overrides: bool = False
    notes: str = ""


def derived_cell(derived: dict[str, Derived], key: str, *, bonus: bool) -> Cell:
    """A derived value as printed, GM-marked when overridden; blank if the sheet lacks it."""
    value = derived.get(key)
    if value is None:
        return BLANK
    return Cell(signed(value.value) if bonus else amount(value.value), gm=value.overridden)


def defence_cell(derived: dict[str, Derived], suffix: str = "") -> Cell:
    """``19 (+7)``: AC with its rolled form, as the rulebook writes it."""
    ac, rolled = derived[f"ac{suffix}"], derived[f"ac.rolled{suffix}"]
    return Cell(f"{amount(ac.value)} ({signed(rolled.value)})",
                gm=ac.overridden or rolled.overridden)


def _attributes(sheet: Sheet, derived: dict[str, Derived]) -> tuple[AttributeBox, ...]:
    prime = sheet.prime if isinstance(sheet, CharacterSheet) else None
    boxes = []
    for attribute in Attribute:
        check = (derived_cell(derived, f"check.{attribute}", bonus=True)
                 if attribute is prime else None)
        boxes.append(AttributeBox(attribute, sheet.attributes.score(attribute),
                                  derived_cell(derived, f"mod.{attribute}", bonus=True), check))
    return tuple(boxes)


def _pools(sheet: Sheet) -> tuple[PoolLine, ...]:
    return (
        PoolLine("PHP", "physical hit points", sheet.php.current, sheet.php.maximum),
        PoolLine("MHP", "mental hit points", sheet.mhp.current, sheet.mhp.maximum),
    )


def _conditions_table(sheet: Sheet) -> Table:
    applies = {"both": "checks & defence", "checks": "checks", "defence": "defence"}
    rows = tuple(
        (
            Cell(c.name, bold=True),
            Cell(c.kind.value),
            Cell(c.tier.value),
            Cell(signed(c.value)),
            Cell(c.scope or applies[c.affects]),
            Cell(c.duration.describe()),
            Cell(c.source),
        )
        for c in sheet.conditions
    )
    return Table(
        "Effects and consequences",
        (Column("Name", flex=2), Column("Kind", min_width=56), Column("Tier", min_width=38),
         Column("Value", "right", min_width=32), Column("Applies to", flex=1.2),
         Column("Duration", flex=1.2), Column("Source", flex=1)),
        rows,
        blank_rows=max(2, 3 - len(rows)),
        hint="effects are bonuses (+), consequences penalties (−); pencil new ones in",
    )


def _traits_table(sheet: Sheet) -> Table:
    rows = []
    for trait in sheet.traits:
        helps = trait.helps_with
        if trait.armour:
            helps += "; counts toward AC"
        if trait.initiative:
            helps += "; applies to initiative"
        rows.append((Cell(trait.name, bold=True), Cell(trait.kind.value),
                     Cell(helps.lstrip("; "))))
    return Table(
        "Traits",
        (Column("Trait", flex=1.2), Column("Kind"), Column("Helps with", flex=2)),
        tuple(rows),
        blank_rows=1 if len(rows) < 6 else 0,
    )


def _items_table(sheet: CharacterSheet, derived: dict[str, Derived]) -> Table:
    rows = []
    for index, item in enumerate(sheet.items):
        name = item.name
        if item.signature:
            name += f" (signature, {signed(item.to_hit)} to hit)"
        kind: str = item.kind
        if item.weight is not ArmourWeight.NONE:
            kind += f", {item.weight.value}"
        rows.append((
            Cell(CHECK if item.equipped else ""),
            Cell(name, bold=item.is_attack),
            Cell(kind),
            Cell(str(item.damage) if item.damage is not None else ""),
            derived_cell(derived, f"max_damage.item.{index}", bonus=False),
            Cell(signed(item.armour_bonus) if item.armour_bonus else ""),
            Cell(bands_text(item.ranges) if item.is_attack else ""),
            Cell(item.notes),
        ))
    return Table(
        "Equipment",
        (Column("Eq.", "center"), Column("Item", flex=2), Column("Kind"), Column("Damage"),
         Column("Max dmg", "right"), Column("Armour", "right"), Column("Ranges", flex=0.8),
         Column("Notes", flex=1.2)),
        tuple(rows),
        blank_rows=2 if len(rows) < 10 else 0,
        hint=f"Eq. {CHECK} = worn or in hand; max dmg = damage die maximum + level",
    )


def _spells_table(sheet: CharacterSheet, derived: dict[str, Derived]) -> Table:
    rows = []
    for index, spell in enumerate(sheet.spells):
        damage = str(spell.damage) if spell.damage is not None else ""
        if damage and spell.mental:
            damage += " mental"
        duration = spell.duration_rounds
        rows.append((
            Cell(spell.name, bold=True),
            Cell(str(spell.level)),
            Cell(damage),
            derived_cell(derived, f"max_damage.spell.{index}", bonus=False),
            Cell(bands_text(spell.ranges)),
            Cell(f"{duration} round{'s' if duration != 1 else ''}" if duration else DASH),
            Cell(spell.notes),
        ))
    return Table(
        "Spells",
        (Column("Spell", flex=1.4), Column("Level", "right"), Column("Damage"),
         Column("Max dmg", "right"), Column("Ranges", flex=0.8), Column("Duration"),
         Column("Notes", flex=1.6)),
        tuple(rows),
        blank_rows=1 if len(rows) < 10 else 0,
    )


def _attacks_table(sheet: MonsterSheet, derived: dict[str, Derived]) -> Table:
    rows = []
    for index, attack in enumerate(sheet.attacks):
        resisted = attack.resisted_by + (" (mental)" if attack.mental else "")
        rows.append((
            Cell(attack.name + (" (monster action)" if attack.action else ""), bold=True),
            Cell(signed(attack.bonus)),
            Cell(str(attack.damage) if attack.damage is not None else ""),
            derived_cell(derived, f"max_damage.attack.{index}", bonus=False),
            Cell(resisted),
            Cell(bands_text(attack.ranges)),
            Cell(attack.description),
        ))
    return Table(
        "Attacks and monster actions",
        (Column("Attack", flex=1.3), Column("Bonus", "right"), Column("Damage"),
         Column("Max dmg", "right"), Column("Resisted by"), Column("Ranges", flex=0.6),
         Column("Description", flex=2.2)),
        tuple(rows),
        blank_rows=0 if rows else 2,
    )


def _character_parts(
    sheet: CharacterSheet, derived: dict[str, Derived]
) -> tuple[tuple[tuple[HeaderField, ...], ...], tuple[Stat, ...], list[Table | TextSection]]:
    focus_points = str(sheet.alignment_focus_points) if sheet.alignment_focus else ""
    header = (
        (HeaderField("Race", sheet.race, 1.3), HeaderField("Class", sheet.char_class, 1.3),
         HeaderField("Level", str(sheet.level), 0.6),
         HeaderField("Size", f"{sheet.size.value} ({sheet.size.label})", 0.9),
         HeaderField("Experience", str(sheet.experience), 0.9)),
        (HeaderField("Alignment", sheet.alignment, 1.3),
         HeaderField("Alignment focus", sheet.alignment_focus, 2.6),
         HeaderField("Focus points", focus_points, 1.1)),
    )
    stats = [_ac_stat(derived)]
    stats.append(Stat("Movement", derived_cell(derived, "movement", bonus=False),
                      (("MOV", derived_cell(derived, "mov", bonus=True)),),
                      note=_movement_note(derived, sheet.encumbrance.value)))
    stats.append(Stat("Initiative", derived_cell(derived, "initiative", bonus=True),
                      (("casting", derived_cell(derived, "initiative.casting", bonus=True)),)))
    stats.append(Stat("Mental armour", derived_cell(derived, "mental_armour", bonus=True)))
    sections: list[Table | TextSection] = [
        _conditions_table(sheet), _traits_table(sheet), _items_table(sheet, derived)]
    if sheet.spells:
        sections.append(_spells_table(sheet, derived))
    return header, tuple(stats), sections


def _ac_stat(derived: dict[str, Derived]) -> Stat:
    now = defence_cell(derived, ".now")
    base = defence_cell(derived)
    parts = (("with effects now", now),) if now.text != base.text else ()
    return Stat("AC", base, parts, note="rolled defence in brackets")


def _monster_parts(
    sheet: MonsterSheet, derived: dict[str, Derived]
) -> tuple[tuple[tuple[HeaderField, ...], ...], tuple[Stat, ...], list[Table | TextSection]]:
    header = ((HeaderField("Level", str(sheet.level), 0.6),
               HeaderField("Size", f"{sheet.size.value} ({sheet.size.label})", 0.9),
               HeaderField("Encounter", "", 2.0)),)
    stats = [_ac_stat(derived),
             Stat("Initiative", derived_cell(derived, "initiative", bonus=True))]
    if sheet.resistances:
        text = ", ".join(f"{attribute} {signed(bonus)}"
                         for attribute, bonus in sorted(sheet.resistances.items()))
        stats.append(Stat("Resistances", Cell(text), note="beyond the ATT modifier"))
    sections: list[Table | TextSection] = [_attacks_table(sheet, derived),
                                           _conditions_table(sheet), _traits_table(sheet)]
    if sheet.description.strip():
        sections.append(TextSection("Description", sheet.description))
    return header, tuple(stats), sections


def _portrait(sheet: Sheet) -> bytes:
    """The portrait's PNG bytes, or nothing: a broken portrait must not stop printing."""
    if not isinstance(sheet, CharacterSheet) or not sheet.portrait_png:
        return b""
    try:
        return base64.b64decode(sheet.portrait_png, validate=False)
    except (binascii.Error, ValueError):
        return b""


def sheet_content(sheet: Sheet, rules: TableRules | None = None) -> SheetContent:
    """Everything a printed sheet says, in reading order."""
    derived = derive(sheet, rules or TableRules())
    if isinstance(sheet, CharacterSheet):
        header, stats, sections = _character_parts(sheet, derived)
        kind_label = "character sheet"
    else:
        header, stats, sections = _monster_parts(sheet, derived)
        kind_label = "monster sheet"
    hero_points = sheet.hero_points if isinstance(sheet, CharacterSheet) or sheet.hero_points \
        else None
    return SheetContent(
        name=sheet.name,
        kind_label=kind_label,
        header_rows=header,
        attributes=_attributes(sheet, derived),
        stats=stats,
        pools=_pools(sheet),
        hero_points=hero_points,
        sections=tuple(sections),
        portrait_png=_portrait(sheet),
        has_overrides=any(d.overridden for d in derived.values()),
        notes=sheet.notes,
    )


def _movement_note(derived: dict[str, Derived], encumbrance: str) -> str:
    """Say what limits Movement (e.g. "medium armour cap"), not just the encumbrance."""
    caps = [term.label for term in derived["movement"].terms[1:]]
    return caps[0] if caps else encumbrance
