"""The seed-002 round used by the table tests and the GUI test: a party of four against an
ogre that charges, an orc and a kobold."""

from __future__ import annotations

from m3desk.core import encounter as core
from m3desk.systems.adnd2e.samples import DELSENORA, ILSE, KOBOLD, OGRE, ORC, RATH, RUPERT
from m3desk.systems.adnd2e.table import ENCOUNTER_RULES, AdndEncounter

POSITIONS = {
    ("Ogre", "Rath"): 40, ("Orc", "Delsenora"): 5, ("Orc", "Ilse"): 5, ("Kobold", "Ilse"): 5,
    ("Rupert", "Ogre"): 150, ("Kobold", "Rath"): 30,
}


def seed_fight() -> AdndEncounter:
    encounter = AdndEncounter(name="The ford")
    for sheet, side in ((RATH, "Party"), (DELSENORA, "Party"), (ILSE, "Party"),
                        (RUPERT, "Party"), (OGRE, "Monsters"), (ORC, "Monsters"),
                        (KOBOLD, "Monsters")):
        encounter = core.join(encounter, ENCOUNTER_RULES.make_combatant(sheet, side))
    for (a, b), feet in POSITIONS.items():
        encounter = core.set_position(encounter, ids(encounter)[a], ids(encounter)[b], feet)
    return encounter


def ids(encounter: core.Encounter) -> dict[str, str]:
    return {c.name: c.id for c in encounter.combatants}
