"""The GM's encounter tab with an OSE fight of nine, and the phones' window over it."""

from __future__ import annotations

from typing import Any

from m3desk.assets import sample_files
from m3desk.core import encounter as core
from m3desk.storage.sheet_files import load_sheet
from m3desk.systems.monsters_and_magic.dice import Roller
from m3desk.ui.encounter.new_document import new_encounter_document
from m3desk.ui.encounter.widget import EncounterWidget

PARTY = ("morgan-ironwolf", "silverleaf", "sister-rebecca", "lirra")
FOES = ("goblin",) * 4 + ("hobgoblin", "hobgoblin-boss")


def ose_table(qtbot: Any, size: tuple[int, int] = (1366, 700)) -> EncounterWidget:
    """Round one of an ambush: the party (side initiative 5) against six goblinoids standing
    5' away, the boss hidden from the players."""
    by_stem = {path.stem: path for path in sample_files("ose")}
    sheets = [load_sheet(by_stem[stem]).model for stem in PARTY + FOES]
    document = new_encounter_document(sheets, name="Ambush at the ford")
    widget = EncounterWidget(document, roller=Roller(3))
    qtbot.addWidget(widget)
    widget.resize(*size)
    widget.show()
    qtbot.waitExposed(widget)
    encounter = document.encounter
    morgan = encounter.combatants[0].id
    for other in encounter.combatants[1:]:
        distance = 5 if other.side != encounter.combatants[0].side else 10
        encounter = core.set_position(encounter, morgan, other.id, distance, log=False,
                                      mover=other.id)
    boss = encounter.combatants[-1].id
    encounter = core.update_combatant(encounter, boss, hidden=True)
    encounter = core.set_side_initiative(encounter, {"Party": 5, "Monsters": 2})
    document.apply(core.next_turn(encounter), "Round one")
    return widget
