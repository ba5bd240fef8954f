"""What the GM's encounter sheet says, as plain data: words and numbers, not places.

As with :mod:`.sheet_content`, the game stays out of the painter: order comes from
:func:`m3desk.systems.monsters_and_magic.encounter.turn_order`, ranges from
:func:`m3desk.systems.monsters_and_magic.encounter.range_between` and every number from
:func:`m3desk.systems.monsters_and_magic.derive.derive`, so the paper agrees with the screen and
tests can
check the sheet's content without Qt.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from m3desk.core import encounter as core
from m3desk.core.derived import Derived
from m3desk.core.numbers import signed
from m3desk.systems.monsters_and_magic.conditions import Condition
from m3desk.systems.monsters_and_magic.derive import derive
from m3desk.systems.monsters_and_magic.encounter import (
    Combatant,
    Encounter,
    acting,
    phase_title,
    range_between,
    turn_order,
)
from m3desk.systems.monsters_and_magic.ranges import RangeBand
from m3desk.systems.monsters_and_magic.sheet import CharacterSheet
from m3desk.ui.printing.content import BLANK, Cell, HeaderField, PoolLine
from m3desk.ui.printing.formatting import amount

__all__ = [
    "BAND_ABBREVIATIONS",
    "GAME_NAME",
    "AttackLine",
    "CombatantRow",
    "EncounterContent",
    "InitiativeGroup",
    "InitiativeMember",
    "RangeMatrix",
    "encounter_content",
]


GAME_NAME = "Monsters & Magic"
"""Named above the kind of every page of this game, top right."""


def derived_cell(derived: dict[str, Derived], key: str, *, bonus: bool) -> Cell:
    """A derived value as printed, GM-marked when overridden; blank if the sheet lacks it."""
    value = derived.get(key)
    if value is None:
        return BLANK
    return Cell(signed(value.value) if bonus else amount(value.value), gm=value.overridden)


def defence_cell(derived: dict[str, Derived], suffix: str = "") -> Cell:
    """``19 (+7)``: AC with its rolled form, as the rulebook writes it."""
    ac, rolled = derived[f"ac{suffix}"], derived[f"ac.rolled{suffix}"]
    return Cell(
        f"{amount(ac.value)} ({signed(rolled.value)})", gm=ac.overridden or rolled.overridden
    )


KIND_LABEL = "encounter sheet (GM)"
MAX_ATTACKS = 4
"""Attack lines per combatant: the main ones; the full list is on the combatant's sheet."""
MAX_NOTE = 160
BAND_ABBREVIATIONS: dict[RangeBand, str] = {
    RangeBand.HAND: "Hand",
    RangeBand.CLOSE: "Close",
    RangeBand.REACH: "Reach",
    RangeBand.SHORT: "Short",
    RangeBand.MEDIUM: "Med",
    RangeBand.LONG: "Long",
    RangeBand.OUT_OF_RANGE: "OoR",
}
"""At most five letters: a range cell must fit beside twelve others on one page."""

GroupKind = Literal["count", "delayed", "surprised", "unrolled"]


@dataclass(frozen=True, slots=True)
class InitiativeMember:
    number: int
    """The combatant's number in the combatant table and the range table."""
    name: str
    side: str
    current: bool = False
    """Whose turn it is now."""


@dataclass(frozen=True, slots=True)
class InitiativeGroup:
    """One line of the initiative order: a count and everyone acting on it.

    Delayed, surprised and not-yet-rolled combatants come after the counts, one per
    group, with ``note`` saying why they wait.
    """

    kind: GroupKind
    count: str
    """"20"; "(15)" for a delayed combatant's rolled count; "" where one is to be pencilled."""
    members: tuple[InitiativeMember, ...]
    note: str = ""


@dataclass(frozen=True, slots=True)
class AttackLine:
    name: str
    bonus: str
    """A monster's attack bonus or a signature weapon's; "" when the check's attribute
    decides it."""
    damage: str
    maximum: Cell
    """The most one hit can do: die maximum + level (derive ``max_damage.*``)."""


@dataclass(frozen=True, slots=True)
class CombatantRow:
    number: int
    name: str
    side: str
    kind: str
    """"character" or "monster"."""
    level: str
    size: str
    ac: Cell
    """``17 (+7)``: AC and its rolled form, as the rulebook writes it."""
    ac_now: Cell
    ac_changed: bool
    """The effects in force change the AC; the "now" value is then the one to use."""
    php: PoolLine
    mhp: PoolLine
    hero_points: str
    initiative: Cell
    casting: Cell | None
    """A character's initiative when casting (INT instead of DEX)."""
    flags: tuple[str, ...]
    """"casting", "delayed": this round's state, next to the name."""
    attacks: tuple[AttackLine, ...]
    more_attacks: int
    in_force: tuple[str, ...]
    notes: str


@dataclass(frozen=True, slots=True)
class RangeMatrix:
    """Range band between every pair, in combatant-number order; "" on the diagonal."""

    names: tuple[str, ...]
    sides: tuple[str, ...]
    cells: tuple[tuple[str, ...], ...]
    maximum: str
    legend: str


@dataclass(frozen=True, slots=True)
class EncounterContent:
    name: str
    kind_label: str
    header_fields: tuple[HeaderField, ...]
    initiative: tuple[InitiativeGroup, ...]
    combatants: tuple[CombatantRow, ...]
    ranges: RangeMatrix
    has_overrides: bool = False
    log: tuple[str, ...] = ()
    """The log's lines, oldest first (the sheet prints the last few)."""
    portrait_png: bytes = b""
    """Always empty: lets the sheet's header block print the encounter's header."""


def _ordered(encounter: Encounter) -> list[Combatant]:
    """Combatants side by side (the encounter's side order), then as they joined.

    One order for the combatant table and both axes of the range table, so foes form
    blocks in the range table and a number means the same combatant everywhere.
    """
    rank = {side: index for index, side in enumerate(encounter.sides)}
    indexed = list(enumerate(encounter.combatants))
    indexed.sort(key=lambda pair: (rank.get(pair[1].side, len(rank)), pair[0]))
    return [combatant for _, combatant in indexed]


def _round_text(encounter: Encounter) -> str:
    return phase_title(encounter.phase, encounter.round)


def _turn_text(encounter: Encounter) -> str:
    if encounter.phase == "setup" or encounter.turn is None:
        return "\u2014"
    try:
        combatant = encounter.combatant(encounter.turn)
    except KeyError:
        return "\u2014"
    if combatant.initiative is None:
        return combatant.name
    return f"{combatant.name} (count {amount(combatant.initiative)})"


def _surprise_text(encounter: Encounter) -> str:
    """Who has surprise; after the surprise round, that it is over (it no longer counts)."""
    side = encounter.surprise_side
    if side is None:
        return "none"
    return f"{side} (round over)" if encounter.phase == "rounds" else side


def _header(encounter: Encounter) -> tuple[HeaderField, ...]:
    return (
        HeaderField("Conditions (Table 13)", encounter.conditions.label, 3.0),
        HeaderField("Maximum range", encounter.maximum_range.label, 1.0),
        HeaderField("Round", _round_text(encounter), 1.0),
        HeaderField("Surprise", _surprise_text(encounter), 1.2),
        HeaderField("Turn now", _turn_text(encounter), 1.7),
    )


def _initiative(
    encounter: Encounter, numbers: dict[str, int], derived: dict[str, dict[str, Derived]]
) -> tuple[InitiativeGroup, ...]:
    current = encounter.turn if encounter.phase != "setup" else None

    # turn_order is the core's and gives core combatants: a member reads only what they have.
    def member(c: core.Combatant) -> InitiativeMember:
        return InitiativeMember(numbers[c.id], c.name, c.side, c.id == current)

    groups = [
        InitiativeGroup(
            "count",
            amount(count[0].initiative or 0),
            tuple(member(c) for c in count),
            "simultaneous" if len(count) > 1 else "",
        )
        for count in turn_order(encounter)
    ]
    acts = {c.id for c in acting(encounter)}
    waiting: list[InitiativeGroup] = []
    unrolled: list[InitiativeGroup] = []
    for combatant in sorted(encounter.combatants, key=lambda c: numbers[c.id]):
        surprised = combatant.id not in acts
        if combatant.initiative is None:
            casts = combatant.casting and isinstance(combatant.sheet, CharacterSheet)
            modifier = derived[combatant.id]["initiative.casting" if casts else "initiative"]
            note = f"roll {signed(modifier.value)}"
            if surprised:
                note = f"surprised, no action; {note}"
            unrolled.append(InitiativeGroup("unrolled", "", (member(combatant),), note))
        elif surprised:
            waiting.append(
                InitiativeGroup(
                    "surprised",
                    f"({amount(combatant.initiative)})",
                    (member(combatant),),
                    "surprised, no action",
                )
            )
        elif combatant.delayed:
            waiting.append(
                InitiativeGroup(
                    "delayed",
                    f"({amount(combatant.initiative)})",
                    (member(combatant),),
                    "delayed: acts when it chooses",
                )
            )
    return (*groups, *waiting, *unrolled)


def _effect(condition: Condition) -> str:
    """``Shaken −2 on defence, 3 rounds``: what it does and how long it lasts."""
    where = {"both": "", "checks": " on checks", "defence": " on defence"}[condition.affects]
    if condition.scope:
        where = f" ({condition.scope})"
    return f"{condition.name} {signed(condition.value)}{where}, {condition.duration.describe()}"


def _attacks(combatant: Combatant, derived: dict[str, Derived]) -> list[AttackLine]:
    sheet = combatant.sheet
    lines: list[AttackLine] = []
    if isinstance(sheet, CharacterSheet):
        for index, item in enumerate(sheet.items):
            if item.is_attack and item.equipped:
                name = item.name + (" (mental)" if item.mental else "")
                lines.append(
                    AttackLine(
                        name,
                        signed(item.to_hit) if item.signature and item.to_hit else "",
                        str(item.damage),
                        derived_cell(derived, f"max_damage.item.{index}", bonus=False),
                    )
                )
        for index, spell in enumerate(sheet.spells):
            if spell.damage is not None:
                name = f"{spell.name} (spell{', mental' if spell.mental else ''})"
                lines.append(
                    AttackLine(
                        name,
                        "",
                        str(spell.damage),
                        derived_cell(derived, f"max_damage.spell.{index}", bonus=False),
                    )
                )
    else:
        for index, attack in enumerate(sheet.attacks):
            name = attack.name + (" (action)" if attack.action else "")
            damage = str(attack.damage) if attack.damage is not None else ""
            lines.append(
                AttackLine(
                    name,
                    signed(attack.bonus),
                    damage,
                    derived_cell(derived, f"max_damage.attack.{index}", bonus=False),
                )
            )
    return lines


def _combatant_row(combatant: Combatant, number: int, derived: dict[str, Derived]) -> CombatantRow:
    sheet = combatant.sheet
    ac, ac_now = defence_cell(derived), defence_cell(derived, ".now")
    casting = (
        derived_cell(derived, "initiative.casting", bonus=True)
        if isinstance(sheet, CharacterSheet)
        else None
    )
    flags = tuple(
        flag for flag, on in (("casting", combatant.casting), ("delayed", combatant.delayed)) if on
    )
    attacks = _attacks(combatant, derived)
    notes = " ".join(combatant.notes.split())
    if len(notes) > MAX_NOTE:
        notes = notes[: MAX_NOTE - 1].rstrip() + "\u2026"
    return CombatantRow(
        number=number,
        name=combatant.name,
        side=combatant.side,
        kind=sheet.kind,
        level=str(sheet.level),
        size=sheet.size.value,
        ac=ac,
        ac_now=ac_now,
        ac_changed=ac_now.text != ac.text,
        php=PoolLine("PHP", "physical hit points", sheet.php.current, sheet.php.maximum),
        mhp=PoolLine("MHP", "mental hit points", sheet.mhp.current, sheet.mhp.maximum),
        hero_points=str(sheet.hero_points),
        initiative=derived_cell(derived, "initiative", bonus=True),
        casting=casting,
        flags=flags,
        attacks=tuple(attacks[:MAX_ATTACKS]),
        more_attacks=max(len(attacks) - MAX_ATTACKS, 0),
        in_force=tuple(_effect(condition) for condition in sheet.conditions),
        notes=notes,
    )


def _ranges(encounter: Encounter, ordered: list[Combatant]) -> RangeMatrix:
    cells = tuple(
        tuple(
            "" if a.id == b.id else BAND_ABBREVIATIONS[range_between(encounter, a.id, b.id)]
            for b in ordered
        )
        for a in ordered
    )
    maximum = encounter.maximum_range
    legend = (
        "Nearest first: Hand, Close, Reach, Short, Med = Medium, Long, "
        "OoR = Out of Range. Shaded: same side. "
        f"Pairs not set are at the maximum range ({maximum.label})."
    )
    return RangeMatrix(
        tuple(c.name for c in ordered), tuple(c.side for c in ordered), cells, maximum.label, legend
    )


def encounter_content(encounter: Encounter) -> EncounterContent:
    """Everything the GM's encounter sheet says, in reading order."""
    ordered = _ordered(encounter)
    numbers = {c.id: index for index, c in enumerate(ordered, start=1)}
    derived = {c.id: derive(c.sheet, encounter.options) for c in ordered}
    return EncounterContent(
        name=encounter.name,
        kind_label=KIND_LABEL,
        header_fields=_header(encounter),
        initiative=_initiative(encounter, numbers, derived),
        combatants=tuple(_combatant_row(c, numbers[c.id], derived[c.id]) for c in ordered),
        ranges=_ranges(encounter, ordered),
        has_overrides=any(d.overridden for values in derived.values() for d in values.values()),
        log=tuple(entry.text for entry in encounter.log),
    )
