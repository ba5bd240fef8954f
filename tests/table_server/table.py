"""The GM's encounter tab with an OSE fight of nine, and the phones' window over it."""

from __future__ import annotations

from typing import Any

from m3desk.assets import sample_files
from m3desk.core import encounter as core
from m3desk.storage.sheet_files import load_sheet
from m3desk.systems.monsters_and_magic.dice import Roller
from m3desk.ui.documents.encounter_document import EncounterDocument
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
        encounter = core.set_position(
            encounter, morgan, other.id, distance, log=False, mover=other.id
        )
    boss = encounter.combatants[-1].id
    encounter = core.update_combatant(encounter, boss, hidden=True)
    encounter = core.set_side_initiative(encounter, {"Party": 5, "Monsters": 2})
    document.apply(core.next_turn(encounter), "Round one")
    return widget


def game_fight(game: str, count: int = 10) -> core.Encounter:
    """Any game's table of ``count``: every sample character of the game (four at most) on
    the party's side, its sample monsters in turn on the other, the last of them hidden from
    the players; initiatives typed so the party acts first, round one begun."""
    from m3desk.core import registry

    rules = registry.get(game).encounter
    assert rules is not None
    sheets = [load_sheet(path).model for path in sorted(sample_files(game))]
    characters = [s for s in sheets if getattr(s, "kind", "") == "character"][:4]
    monsters = [s for s in sheets if getattr(s, "kind", "") == "monster"]
    encounter = rules.encounter_type(name="Ambush at the ford")
    for sheet in characters:
        encounter = core.join(encounter, rules.make_combatant(sheet, "Party"))
    for number in range(count - len(characters)):
        sheet = monsters[number % len(monsters)]
        encounter = core.join(encounter, rules.make_combatant(sheet, "Monsters"))
    hidden = encounter.combatants[-1].id
    encounter = core.update_combatant(encounter, hidden, hidden=True)
    return _begun(encounter)


def _ranked(encounter: core.Encounter) -> core.Encounter:
    for rank, combatant in enumerate(encounter.combatants):
        encounter = core.update_combatant(encounter, combatant.id, initiative=20 - rank)
    return encounter


def _begun(encounter: core.Encounter) -> core.Encounter:
    fight = core.start(_ranked(encounter))
    for _ in range(4):  # through set-up and any surprise step to round one
        if fight.phase == "rounds" and fight.turn is not None:
            break
        try:
            fight = core.next_turn(fight)
        except core.InitiativeNeededError:
            fight = core.next_turn(_ranked(fight))
    return fight


def game_table(qtbot: Any, game: str, size: tuple[int, int] = (1366, 700)) -> EncounterWidget:
    """The GM's encounter tab over :func:`game_fight`."""
    widget = game_widget(game, size)
    qtbot.addWidget(widget)
    qtbot.waitExposed(widget)
    return widget


def game_widget(game: str, size: tuple[int, int] = (1366, 700)) -> EncounterWidget:
    widget = EncounterWidget(EncounterDocument(game_fight(game)), roller=Roller(3))
    widget.resize(*size)
    widget.show()
    return widget
