"""A fight as a real table has it: 8 to 12 combatants in melee, the two sides face to face a
grid step apart, one of them selected, and a wall painted some way off (the scene the map
fitted whole at 100 ft, a five-foot step 14 px wide)."""

from __future__ import annotations

from m3desk.assets import sample_files
from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.core.places import Area, Place
from m3desk.storage.sheet_files import load_sheet
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.encounter.new_document import new_encounter_document

__all__ = ["MAP_GAMES", "SCREENS", "melee", "melee_document", "opening_document"]

MAP_GAMES = [
    s.id for s in registry.systems() if s.positions.kind == "distance" and s.encounter is not None
]
"""Every installed game that keeps places on a map (the toy game included)."""

SCREENS = {"1366x768@100": (1366, 768, 1.0), "1600x1000@150": (1600, 1000, 1.5)}
"""The real screens: device pixels and the scale (the map's share of the tab is what the
tests give it at that scale, in logical pixels)."""


def melee(game: str, count: int) -> core.Encounter:
    """``count`` combatants of ``game`` in melee: the party in a row, the monsters in the
    row facing them a step away, every one numbered when a sample repeats."""
    system = registry.get(game)
    rules = system.encounter
    assert rules is not None
    spec = next(d for d in system.documents if d.kind == "encounter")
    encounter = spec.model(name="Melee")
    sheets = [load_sheet(path).model for path in sample_files(game)]
    party = [s for s in sheets if getattr(s, "kind", "") == "character"] or sheets
    monsters = [s for s in sheets if getattr(s, "kind", "") == "monster"] or sheets
    for number in range(count):
        pool = party if number % 2 == 0 else monsters
        sheet = pool[(number // 2) % len(pool)]
        encounter = core.join(
            encounter, rules.make_combatant(sheet, "Party" if number % 2 == 0 else "Monsters")
        )
    model = encounter.position_model
    step = model.step
    places: dict[str, Place] = {}
    columns: dict[str, int] = {"Party": 0, "Monsters": 0}
    for combatant in encounter.combatants:
        column = columns[combatant.side]
        columns[combatant.side] += 1
        row = 0 if combatant.side == "Party" else 1
        places[combatant.id] = Place.at(column * step, row * step, 0.0)
    encounter = encounter.model_copy(update={"places": places})
    # A wall some way off: the whole scene is about a hundred feet (twenty steps) across.
    wall = Area(x=18 * step, y=-6 * step, width=2 * step, height=10 * step, wall=True)
    return encounter.model_copy(update={"areas": (wall,)})


def melee_document(game: str, count: int) -> EncounterDocument:
    encounter = melee(game, count)
    document = EncounterDocument(encounter)
    document.select(encounter.combatants[0].id)
    return document


def opening_document(game: str, count: int) -> EncounterDocument:
    """``count`` combatants of ``game`` as a new encounter places them (four characters, the
    rest monsters, each side where the game sets it up): the fight the GM sees first."""
    files = sample_files(game)
    characters = [p for p in files if p.suffix == ".m3c"][:4]
    monsters = [p for p in files if p.suffix == ".m3m"] or characters
    chosen = list(characters)
    while len(chosen) < count:
        chosen.append(monsters[(len(chosen) - len(characters)) % len(monsters)])
    document = new_encounter_document(chosen)
    document.select(document.encounter.combatants[0].id)
    return document
