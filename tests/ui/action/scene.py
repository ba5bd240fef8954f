"""The Example of Play's table as an encounter: the sample party against the mummy.

Shared by the action-dialog tests, the benchmarks and the screenshot script, so all of them
look at the same, book-true situation: the surprise round, the party has surprise, the
range is Short, initiative as printed (digest §2.3, items 3–7).
"""

from __future__ import annotations

from m3desk.assets import sample_files
from m3desk.storage.sheet_files import load_sheet
from m3desk.systems.monsters_and_magic import CharacterSheet, Condition, MonsterSheet, TableRules
from m3desk.systems.monsters_and_magic.checks import Failure
from m3desk.systems.monsters_and_magic.encounter import (
    Encounter,
    add_combatant,
    replace_sheet,
    resolve_scouting,
    set_range,
    start,
    update_combatant,
)
from m3desk.systems.monsters_and_magic.ranges import RangeBand

INITIATIVE = {"Felix": 21, "Xiola": 20, "Gramfive": 13, "Shamira": 13, "Guido": 10}
TIE_ORDER = {"Shamira": 1}


def sample_sheets() -> list[CharacterSheet | MonsterSheet]:
    sheets = []
    for path in sample_files("monsters_and_magic"):
        sheet = load_sheet(path).model
        assert isinstance(sheet, CharacterSheet | MonsterSheet)
        sheets.append(sheet)
    return sheets


def book_encounter(*, rules: TableRules | None = None) -> Encounter:
    """The surprise round has begun (Felix's turn); every hero is at Short range."""
    encounter = Encounter(name="Fane of the First Ones", options=rules or TableRules())
    for sheet in sample_sheets():
        encounter = add_combatant(
            encounter, sheet, "Monsters" if isinstance(sheet, MonsterSheet) else "Party"
        )
    encounter = resolve_scouting(encounter, {"Party": None, "Monsters": Failure.SIMPLE})
    for combatant in encounter.combatants:
        first = combatant.name.split()[0]
        if first in INITIATIVE:
            encounter = update_combatant(
                encounter,
                combatant.id,
                initiative=INITIATIVE[first],
                tie_order=TIE_ORDER.get(first, 0),
            )
    return start(encounter)


def ids(encounter: Encounter) -> dict[str, str]:
    """Combatant id by first name: ``ids(enc)["Gramfive"]``; the mummy is ``"First"``."""
    return {c.name.split()[0]: c.id for c in encounter.combatants}


def at_turn(encounter: Encounter, first_name: str) -> Encounter:
    return encounter.model_copy(update={"turn": ids(encounter)[first_name]})


def in_round_one(encounter: Encounter, mummy_initiative: int = 20) -> Encounter:
    """Round one: the mummy has rolled 14 + 6 = 20 and nobody is surprised any more.

    Felix and Gramfive closed to Close in the surprise round (items 8 and 10); the others
    are still at Short (digest §2.3, the end state)."""
    mummy = ids(encounter)["First"]
    encounter = update_combatant(encounter, mummy, initiative=mummy_initiative)
    for name in ("Felix", "Gramfive"):
        encounter = set_range(encounter, ids(encounter)[name], mummy, RangeBand.CLOSE, log=False)
    return encounter.model_copy(update={"phase": "rounds", "round": 1})


def with_conditions(encounter: Encounter, first_name: str, *conditions: Condition) -> Encounter:
    combatant = encounter.combatant(ids(encounter)[first_name])
    sheet = combatant.sheet.model_copy(
        update={"conditions": (*combatant.sheet.conditions, *conditions)}
    )
    return replace_sheet(encounter, combatant.id, sheet)
