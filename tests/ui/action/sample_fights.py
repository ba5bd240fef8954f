"""Every installed game's samples in one fight, a round in, with foes in reach of each other.

The action dialog tests and the screenshots use it: two characters of the game's samples
against two of its monsters, every pair one step apart (melee, or Monsters & Magic's Close
band), the fight started and a character's turn.
"""

from __future__ import annotations

from typing import Any

from m3desk.assets import sample_files
from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.encounter.new_document import new_encounter_document

__all__ = ["GAMES", "near_step", "open_dialog", "sample_fight"]

GAMES = tuple(system.id for system in registry.systems())


def sample_fight(
    system_id: str, *, monsters: int = 2, combatants: int | None = None
) -> EncounterDocument:
    """``combatants``: a fight of that many (the real table's 8 to 12), the game's monster
    samples taken again in turn after the two characters."""
    files = sample_files(system_id)
    characters = [path for path in files if path.suffix == ".m3c"][:2]
    foes = [path for path in files if path.suffix == ".m3m"][:monsters]
    if combatants is not None:
        kinds = [path for path in files if path.suffix == ".m3m"]
        foes = [kinds[n % len(kinds)] for n in range(combatants - len(characters))]
    document = new_encounter_document([*characters, *foes], name="Sample fight")
    encounter = document.encounter
    ids = [c.id for c in encounter.combatants]
    near = near_step(encounter)
    for index, first in enumerate(ids):
        for second in ids[index + 1 :]:
            encounter = core.set_position(encounter, first, second, near)
    # Party first: a character takes the first turn.
    values: dict[str, int | None] = {
        c.id: (20 - n if c.side == "Party" else 1 + n) for n, c in enumerate(encounter.combatants)
    }
    if registry.system_of(encounter).initiative.lower_first:
        values = {key: 21 - (value or 0) for key, value in values.items()}
    encounter = core.start(core.set_initiative(encounter, values))
    if encounter.turn is not None:
        encounter = encounter.turn_begins(encounter.turn)
    document = EncounterDocument(encounter)
    if encounter.turn is not None:
        document.select(encounter.turn)
    return document


def near_step(encounter: core.Encounter) -> int:
    """One step apart (a distance's step, or the band next to the nearest: Monsters & Magic's
    Close), or, where a character does not reach a foe from there, the nearest position it
    does (a game whose melee is its first band): asked of the game's own ``reach``."""
    system = registry.system_of(encounter)
    model, rules = system.positions, system.encounter
    steps = [model.step] if model.kind == "distance" else [1, 0]
    steps += [value for value in range(model.largest + 1) if value not in steps]
    party = next((c for c in encounter.combatants if c.side == "Party"), None)
    foe = next((c for c in encounter.combatants if c.side != "Party"), None)
    if rules is None or party is None or foe is None:
        return steps[0]
    for value in steps:
        placed = core.set_position(encounter, party.id, foe.id, value, log=False)
        if rules.reach(placed, party.id, foe.id).in_reach:
            return value
    return steps[0]


def open_dialog(qtbot: Any, document: EncounterDocument, **options: Any) -> Any:
    """The generic action dialog on ``document``, shown and exposed."""
    from m3desk.ui.action.system_action_dialog import SystemActionDialog

    dialog = SystemActionDialog(document, **options)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog
