"""Initiative: a ranked check (DEX, or INT when casting, + level + initiative traits)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from m3desk.core.terms import Term, total
from m3desk.systems.monsters_and_magic.attributes import Attribute, check_modifier
from m3desk.systems.monsters_and_magic.sheet import CharacterSheet, MonsterSheet
from m3desk.systems.monsters_and_magic.table_rules import STRICT, TableRules
from m3desk.systems.monsters_and_magic.traits import trait_bonus


def initiative_terms(
    sheet: CharacterSheet | MonsterSheet,
    *,
    casting: bool = False,
    traits: int = 0,
    rules: TableRules = STRICT,
) -> tuple[Term, ...]:
    """The modifier of an initiative check, labelled.

    The level counts as the first trait's bonus; each further applicable trait adds +1, up to
    twice the level (so a 6th-level monster's initiative trait gives +6, as in the example).
    """
    attribute = Attribute.INT if casting else Attribute.DEX
    prime = sheet.prime if isinstance(sheet, CharacterSheet) else None
    mod = check_modifier(sheet.attributes.score(attribute), prime=attribute is prime, rules=rules)
    extra = traits + sum(1 for t in sheet.traits if t.initiative)
    terms = [Term(label=attribute.value, value=mod), Term(label="level", value=sheet.level)]
    bonus = trait_bonus(sheet.level, 1 + extra)
    if bonus > sheet.level:
        terms.append(Term(label="initiative traits", value=bonus - sheet.level))
    return tuple(terms)


def initiative_modifier(
    sheet: CharacterSheet | MonsterSheet,
    *,
    casting: bool = False,
    traits: int = 0,
    rules: TableRules = STRICT,
) -> int:
    override = sheet.overrides.get("initiative.casting" if casting else "initiative")
    if override is not None:
        return override
    return total(initiative_terms(sheet, casting=casting, traits=traits, rules=rules))


def initiative_result(roll: int, modifier: int) -> int:
    """A ranked check's result: the 3d6 total plus the initiative modifier.

    Ranked checks only order combatants, so natural 3 and 18 carry no special meaning here.
    """
    return roll + modifier


@dataclass(frozen=True, slots=True)
class InitiativeEntry:
    combatant: str
    result: int
    order_hint: int = 0
    """Which of several tied combatants the table resolves first (lower first)."""


def initiative_order(entries: Iterable[InitiativeEntry]) -> list[list[InitiativeEntry]]:
    """Counts from highest to lowest; combatants on the same count act simultaneously."""
    ordered = sorted(entries, key=lambda e: (-e.result, e.order_hint))
    counts: list[list[InitiativeEntry]] = []
    for entry in ordered:
        if counts and counts[-1][0].result == entry.result:
            counts[-1].append(entry)
        else:
            counts.append([entry])
    return counts
