"""Next Turn with nobody's initiative rolled or typed (issue 28): Apparatus ran through empty
rounds ("Round 13 · 5 without initiative") without a word, and a game that rolls each round
raised in the slot. Every game now stays on its round and says what is missing."""

from __future__ import annotations

from typing import Any

import pytest

from m3desk.assets import sample_files
from m3desk.core import registry
from m3desk.ui.encounter.new_document import new_encounter_document
from m3desk.ui.encounter.widget import EncounterWidget

GAMES = [system.id for system in registry.systems()]


@pytest.mark.parametrize("game", GAMES)
def test_next_turn_says_initiative_is_missing_instead_of_running_rounds(
    qtbot: Any, game: str
) -> None:
    document = new_encounter_document(sample_files(game), name="No initiative")
    widget = EncounterWidget(document)
    qtbot.addWidget(widget)
    next_turn = widget.encounter_actions.next_turn
    next_turn.trigger()  # the fight starts, nobody has an initiative
    started = document.encounter
    assert started.phase != "setup"
    assert started.turn is None
    assert "initiative" in widget.message_label.text().lower()
    steps = document.undo_stack.count()
    for _press in range(3):
        widget.message_label.clear()
        next_turn.trigger()
        assert document.encounter.round == started.round, "an empty round was run through"
        assert "initiative" in widget.message_label.text().lower()
    assert document.undo_stack.count() == steps
