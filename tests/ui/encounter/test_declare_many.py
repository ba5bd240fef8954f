"""Declaring for a whole side at once (issue 28): AD&D asked for a pick per combatant per
round, and with several rows selected a typed letter declared only one of them.

Every game whose tracker has a choice column (a declaration, OSE's cover…) takes one pick for
all the selected rows, by the keyboard, as one undo step; a game with ``declare_attack``
has "Everyone Attacks the Nearest Foe", one command, one undo step.
"""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QItemSelectionModel, Qt
from PySide6.QtWidgets import QApplication, QComboBox

from m3desk.core import registry
from m3desk.ui.encounter.tracker_columns import TrackerRole
from m3desk.ui.encounter.widget import EncounterWidget
from tests.ui.action.sample_fights import GAMES, sample_fight

Flag = QItemSelectionModel.SelectionFlag


def _choice_column(widget: EncounterWidget) -> int:
    model = widget.tracker.tracker_model
    for column in range(model.columnCount()):
        choices = model.index(0, column).data(TrackerRole.CHOICES)
        if choices and len(choices) > 2:
            return column
    return -1


@pytest.mark.parametrize("game", GAMES)
def test_one_pick_declares_every_selected_row(qtbot: Any, game: str) -> None:
    widget = EncounterWidget(sample_fight(game, monsters=3))
    qtbot.addWidget(widget)
    widget.show()
    qtbot.waitExposed(widget)
    column = _choice_column(widget)
    if column < 0:
        pytest.skip(f"{registry.get(game).name}'s tracker has no choice to make per row")
    tracker = widget.tracker
    model = tracker.tracker_model
    rows = [1, 2, 3]
    choices = model.index(rows[0], column).data(TrackerRole.CHOICES)
    # The first choice whose letter picks it (none of the rows has it now).
    shown = {str(model.index(r, column).data(Qt.ItemDataRole.EditRole) or "") for r in rows}
    chosen = next(
        c
        for c in choices
        if c not in shown
        and c[:1].isalpha()
        and next(x for x in choices if x[:1].lower() == c[:1].lower()) == c
    )
    selection = tracker.selectionModel()
    selection.setCurrentIndex(model.index(rows[0], column), Flag.ClearAndSelect | Flag.Rows)
    for row in rows[1:]:
        selection.select(model.index(row, column), Flag.Select | Flag.Rows)
    selection.setCurrentIndex(model.index(rows[0], column), Flag.NoUpdate)
    picked = [model.combatant_id(r) for r in rows]
    assert tracker.selected_ids() == picked
    widget.activateWindow()
    qtbot.waitUntil(widget.isActiveWindow, timeout=2000)
    tracker.setFocus()
    qtbot.waitUntil(tracker.hasFocus, timeout=2000)
    steps = widget.document.undo_stack.count()
    painted_before = [model.index(r, column).data(Qt.ItemDataRole.DisplayRole) for r in rows]
    qtbot.keyClick(tracker, chosen[0].lower())  # the letter opens the list on that choice
    editor = QApplication.focusWidget()
    assert isinstance(editor, QComboBox), "the letter opened no list"
    assert editor.currentText() == chosen
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: widget.document.undo_stack.count() > steps, timeout=2000)
    ids = picked
    after = [
        str(model.index(model.row_of(i), column).data(Qt.ItemDataRole.EditRole) or "") for i in ids
    ]
    assert after == [chosen] * len(rows), (chosen, after, widget.message_label.text())
    assert widget.document.undo_stack.count() == steps + 1  # one undo step for them all
    # What the rows paint now: the game's words for the pick, in every selected row.
    painted = [model.index(model.row_of(i), column).data(Qt.ItemDataRole.DisplayRole) for i in ids]
    assert len(set(painted)) == 1 and painted[0], painted
    assert painted != painted_before, (painted_before, painted)
    rules = registry.get(game).encounter
    assert rules is not None
    encounter = widget.document.encounter
    cells = [
        rules.cell(encounter, encounter.combatant(i), spec.id)
        for i in ids
        for spec in rules.columns
    ]
    said = {cell.text for cell in cells if chosen in cell.choices}
    assert any(painted[0] in text for text in said), (painted, said)
    widget.document.undo_stack.undo()
    assert {
        str(model.index(model.row_of(i), column).data(Qt.ItemDataRole.EditRole) or "")
        for i in picked
    } == shown


@pytest.mark.parametrize("game", GAMES)
def test_everyone_attacks_the_nearest_foe_in_one_step(qtbot: Any, game: str) -> None:
    widget = EncounterWidget(sample_fight(game, monsters=3))
    qtbot.addWidget(widget)
    action = widget.encounter_actions.everyone_attacks
    rules = registry.get(game).encounter
    if rules is None or rules.declare_attack is None:
        assert not action.isVisible() and not action.isEnabled()
        return
    assert action.isVisible() and action.isEnabled()
    document = widget.document
    before = document.encounter
    steps = document.undo_stack.count()
    action.trigger()
    assert document.undo_stack.count() == steps + 1
    after = document.encounter
    for combatant in before.combatants:
        expected, _text = rules.declare_attack(before, combatant.id)
        assert rules.cell(after, after.combatant(combatant.id), "declared") == rules.cell(
            expected, expected.combatant(combatant.id), "declared"
        ), combatant.name
