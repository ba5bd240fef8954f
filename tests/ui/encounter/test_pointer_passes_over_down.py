"""The turn pointer passes over who is down, in every game (issue 28): after a goblin fell
on its own turn the pointer and the status's "Now:" stayed on it for the whole count."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from m3desk.assets import sample_files
from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.ui.encounter.new_document import new_encounter_document
from m3desk.ui.encounter.widget import EncounterWidget


@pytest.mark.parametrize("game", [g.id for g in registry.systems()])
def test_the_one_whose_turn_it_is_falls_and_the_turn_passes_on(qtbot, game: str) -> None:
    files = sample_files(game)
    party = [p for p in files if p.suffix == ".m3c"][:2]
    monster = next(p for p in files if p.suffix == ".m3m")
    document = new_encounter_document(party + [monster] * 3, name="Fall")
    fight = document.encounter
    sides = fight.sides
    # The monsters go first, each on its own count where the game counts one a side.
    fight = core.set_side_initiative(fight, {s: 5 + (s != "Party") for s in sides})
    document.apply(core.next_turn(fight), "start")
    widget = EncounterWidget(document)
    qtbot.addWidget(widget)
    widget.show()
    model = widget.tracker.tracker_model
    current = document.encounter.turn
    assert current is not None
    pool = next(n for n, spec in enumerate(model.columns) if spec.kind == "pool")
    model.setData(model.index(model.row_of(current), pool), "0")
    fallen = document.encounter.combatant(current)
    if not document.encounter.out_of_fight(fallen):
        pytest.skip(f"{game}: 0 in its first pool does not put a combatant out of the fight")
    turn = document.encounter.turn
    assert turn is not None and turn != current
    assert not document.encounter.out_of_fight(document.encounter.combatant(turn))
    # What the GM reads says the same: the round's line and the tracker's ▶.
    assert fallen.name not in widget.round_label.text()
    assert model.headerData(model.row_of(turn), Qt.Orientation.Vertical) == "▶"
    # Undo brings the fallen one back, and the pointer with it.
    document.undo_stack.undo()
    assert document.encounter.turn == current
