"""Encounter → Experience… for every game: offered where the game awards experience, its
tables read what the game computes, Add is one undo step, and only once."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from m3desk.assets import sample_files
from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.storage.sheet_files import load_sheet
from m3desk.ui.encounter.experience_dialog import ExperienceDialog
from m3desk.ui.encounter.new_document import new_encounter_document
from m3desk.ui.encounter.widget import EncounterWidget


def _tab(qtbot, game: str) -> EncounterWidget:
    sheets = [load_sheet(path).model for path in sample_files(game)]
    party = [s for s in sheets if s.kind == "character"][:2]
    foes = [s for s in sheets if s.kind == "monster"][:2]
    widget = EncounterWidget(new_encounter_document(party + foes, name="Test"))
    qtbot.addWidget(widget)
    widget.show()
    return widget


@pytest.mark.parametrize("game", [g.id for g in registry.systems()])
def test_experience_is_offered_where_the_game_awards_it(qtbot, game: str) -> None:
    widget = _tab(qtbot, game)
    rules = registry.system_of(widget.document.encounter).encounter
    awards = rules is not None and rules.experience is not None
    action = widget.encounter_actions.experience
    assert action.isVisible() == awards and action.isEnabled() == awards
    if not awards:
        return
    document = widget.document
    encounter = document.encounter
    for combatant in encounter.combatants:
        if combatant.sheet.kind == "monster":
            fallen = combatant.sheet.model_copy(update={"hit_points": 0})
            encounter = core.replace_sheet(encounter, combatant.id, fallen)
    document.apply(encounter, "The monsters fall")
    action.trigger()
    dialog = widget.findChild(ExperienceDialog)
    assert dialog is not None and dialog.isVisible()
    earned = rules.experience(document.encounter)
    assert dialog.total.text() == f"Total: {earned.total} XP"
    assert [dialog.defeated.item(row, 0).text() for row in range(dialog.defeated.rowCount())] == [
        line.name for line in earned.defeated
    ]
    assert [dialog.shares.item(row, 1).text() for row in range(dialog.shares.rowCount())] == [
        str(share.xp) for share in earned.shares
    ]
    assert "<" not in dialog.notes.text()
    if not any(share.xp for share in earned.shares):
        assert not dialog.add_button.isEnabled()
        return
    steps = document.undo_stack.count()
    qtbot.wait(10)
    buttons = [(b.text(), b.mapToGlobal(b.rect().topLeft())) for b in dialog.buttons.buttons()]
    qtbot.mouseClick(dialog.add_button, Qt.MouseButton.LeftButton)
    qtbot.wait(10)
    assert document.undo_stack.count() == steps + 1
    # The buttons stay under the pointer: the line saying it was added takes no new room
    # (it pushed them down a line).
    assert [
        (b.text(), b.mapToGlobal(b.rect().topLeft())) for b in dialog.buttons.buttons()
    ] == buttons
    assert not dialog.add_button.isEnabled()
    assert dialog.notes.text().startswith("Added to the sheets.")
    document.undo_stack.undo()
    assert dialog.add_button.isEnabled()
