"""The seed-002 round used by the table tests and the GUI test: a party of four against an
ogre that charges, an orc and a kobold."""

from __future__ import annotations

from m3desk.core import encounter as core
from m3desk.core.places import Place
from m3desk.systems.adnd2e.samples import DELSENORA, ILSE, KOBOLD, OGRE, ORC, RATH, RUPERT
from m3desk.systems.adnd2e.table import ENCOUNTER_RULES, AdndEncounter

POSITIONS = {
    ("Ogre", "Rath"): 40,
    ("Orc", "Delsenora"): 5,
    ("Orc", "Ilse"): 5,
    ("Kobold", "Ilse"): 5,
    ("Rupert", "Ogre"): 150,
    ("Kobold", "Rath"): 30,
}
"""The seed's scene: who stands how far from whom."""
PLACES = {
    "Orc": (0, 0),
    "Delsenora": (-5, 0),
    "Ilse": (0, -5),
    "Kobold": (0, -10),
    "Rath": (-30, -10),
    "Ogre": (-70, -10),
    "Rupert": (-70, 140),
}
"""Places (feet, 5' squares) that stand so: the orc fights Delsenora and Ilse, the kobold
Ilse; Rath 30' from the kobold, the ogre 40' beyond him, Rupert 150' from the ogre."""


def seed_fight() -> AdndEncounter:
    encounter = AdndEncounter(name="The ford")
    for sheet, side in (
        (RATH, "Party"),
        (DELSENORA, "Party"),
        (ILSE, "Party"),
        (RUPERT, "Party"),
        (OGRE, "Monsters"),
        (ORC, "Monsters"),
        (KOBOLD, "Monsters"),
    ):
        encounter = core.join(encounter, ENCOUNTER_RULES.make_combatant(sheet, side))
    for name, (x, y) in PLACES.items():
        encounter = core.move_to(encounter, ids(encounter)[name], Place.at(x, y))
    for (a, b), feet in POSITIONS.items():
        assert core.position_between(encounter, ids(encounter)[a], ids(encounter)[b]) == feet
    return encounter


def ids(encounter: core.Encounter) -> dict[str, str]:
    return {c.name: c.id for c in encounter.combatants}
