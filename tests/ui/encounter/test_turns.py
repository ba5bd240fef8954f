"""Initiative, the surprise round, rounds, delay and act now, driven by keys and typing."""

from __future__ import annotations

from PySide6.QtCore import Qt

from m3desk.systems.monsters_and_magic.encounter import turn_order
from m3desk.ui.encounter import action_launcher
from m3desk.ui.encounter.tracker_columns import Column, TrackerRole
from m3desk.ui.encounter.tracker_rows import RowState
from m3desk.ui.encounter.widget import EncounterWidget
from tests.ui.encounter.flow import scout, type_surprise_initiative
from tests.ui.encounter.helpers import (
    by_name,
    cell,
    click_cell,
    groups,
    names_in_order,
    press,
    row_of,
    type_into_cell,
)

CTRL = Qt.KeyboardModifier.ControlModifier
REAL_OPEN_ACTION_DIALOG = action_launcher.open_action_dialog  # before conftest replaces it
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


def next_turn(qtbot, widget: EncounterWidget) -> None:
    press(qtbot, widget, Qt.Key.Key_Return, CTRL)


def current(widget: EncounterWidget) -> str:
    encounter = widget.document.encounter
    return encounter.combatant(encounter.turn).name.split()[0]


def state_of(widget: EncounterWidget, name: str) -> str:
    return cell(widget, name, Column.NAME).data(TrackerRole.ROW_STATE)


def marker_of(widget: EncounterWidget, name: str) -> str:
    model = widget.tracker.tracker_model
    return model.headerData(row_of(widget, name), Qt.Orientation.Vertical)


def test_typed_initiatives_order_the_tracker_and_group_simultaneous_counts(
    qtbot, widget: EncounterWidget
) -> None:
    scout(widget)
    type_surprise_initiative(qtbot, widget)
    assert names_in_order(widget) == ["Felix", "Xiola", "Gramfive", "Shamira", "Guido", "First"]
    assert groups(widget)[:4] == [["Felix"], ["Xiola"], ["Gramfive", "Shamira"], ["Guido"]]
    assert cell(widget, "Gramfive", Column.INITIATIVE).data(TrackerRole.GROUP) == (2, 0)
    assert cell(widget, "Shamira", Column.INITIATIVE).data(TrackerRole.GROUP) == (2, 1)
    tip = cell(widget, "Gramfive", Column.INITIATIVE).data(Qt.ItemDataRole.ToolTipRole)
    assert "simultaneously with Shamira Sunfire" in tip
    assert cell(widget, "Felix", Column.INITIATIVE).data() == "21"
    # Each typed value is one undo step, and undo restores the state exactly.
    stack = widget.document.undo_stack
    after = widget.document.encounter
    stack.undo()
    assert by_name(widget.document.encounter, "Guido").initiative is None
    stack.redo()
    assert widget.document.encounter == after


def test_surprise_round_then_round_one_as_in_the_example_of_play(
    qtbot, widget: EncounterWidget
) -> None:
    scout(widget)
    type_surprise_initiative(qtbot, widget)
    next_turn(qtbot, widget)  # in set-up, the first Next starts the encounter
    encounter = widget.document.encounter
    assert encounter.phase == "surprise"
    assert widget.round_label.text().startswith("Surprise round · Felix Pook (count 21)")
    assert state_of(widget, "First") == RowState.SURPRISED
    assert marker_of(widget, "First") == "✕" and marker_of(widget, "Felix") == "▶"
    font = cell(widget, "Felix", Column.NAME).data(Qt.ItemDataRole.FontRole)
    assert font.bold()
    assert widget.document.selected == by_name(encounter, "Felix").id  # selection follows

    seen = []
    while widget.document.encounter.phase == "surprise":
        seen.append(current(widget))
        next_turn(qtbot, widget)
    assert seen == ["Felix", "Xiola", "Gramfive", "Shamira", "Guido"]
    encounter = widget.document.encounter
    assert (encounter.phase, encounter.round) == ("rounds", 1)
    assert widget.round_label.text() == "Round 1 · Felix Pook (count 21) · 1 without initiative"
    assert state_of(widget, "First") == RowState.WAITING

    # The mummy rolls 14 + 6 = 20 for round one; typed, it acts with Xiola.
    type_into_cell(qtbot, widget, "First", Column.INITIATIVE, "20")
    order = [[c.name.split()[0] for c in count] for count in turn_order(widget.document.encounter)]
    assert order == [["Felix"], ["Xiola", "First"], ["Gramfive", "Shamira"], ["Guido"]]
    assert groups(widget) == order
    assert "without initiative" not in widget.round_label.text()


def test_previous_turn_and_undo_of_each_step_restore_exactly(
    qtbot, widget: EncounterWidget
) -> None:
    scout(widget)
    type_surprise_initiative(qtbot, widget)
    states = [widget.document.encounter]
    for _ in range(3):  # start (Felix), Xiola, Gramfive
        next_turn(qtbot, widget)
        states.append(widget.document.encounter)
    assert current(widget) == "Gramfive"
    press(qtbot, widget, Qt.Key.Key_Return, CTRL_SHIFT)
    assert current(widget) == "Xiola"
    stack = widget.document.undo_stack
    stack.undo()
    for expected in reversed(states[:-1]):
        stack.undo()
        assert widget.document.encounter == expected
    assert widget.document.encounter.phase == "setup"


def test_delay_and_act_now(qtbot, widget: EncounterWidget) -> None:
    scout(widget)
    type_surprise_initiative(qtbot, widget)
    next_turn(qtbot, widget)
    before_delay = widget.document.encounter
    press(qtbot, widget, Qt.Key.Key_D, CTRL)  # Felix, whose turn it is, delays
    assert current(widget) == "Xiola"
    assert state_of(widget, "Felix") == RowState.DELAYED
    assert marker_of(widget, "Felix") == "‖"
    assert names_in_order(widget)[-2:] == ["Felix", "First"]
    assert not widget.encounter_actions.act_now.isEnabled()  # Xiola is selected, not delayed
    next_turn(qtbot, widget)  # Gramfive
    click_cell(qtbot, widget, "Felix", Column.NAME)
    press(qtbot, widget, Qt.Key.Key_D, CTRL_SHIFT)  # Felix steps in at Gramfive's count
    encounter = widget.document.encounter
    assert current(widget) == "Felix"
    assert by_name(encounter, "Felix").initiative == 13
    assert groups(widget)[:2] == [["Xiola"], ["Felix", "Gramfive", "Shamira"]]
    assert widget.tracker.selected_id() == by_name(encounter, "Felix").id
    next_turn(qtbot, widget)
    assert current(widget) == "Gramfive"
    for _ in range(4):
        widget.document.undo_stack.undo()
    assert widget.document.encounter == before_delay


def test_acting_now_in_the_middle_of_a_count_gives_nobody_a_second_turn(
    qtbot, widget: EncounterWidget
) -> None:
    scout(widget)
    type_surprise_initiative(qtbot, widget)
    next_turn(qtbot, widget)
    press(qtbot, widget, Qt.Key.Key_D, CTRL)  # Felix delays
    next_turn(qtbot, widget)  # Gramfive
    next_turn(qtbot, widget)  # Shamira
    click_cell(qtbot, widget, "Felix", Column.NAME)
    press(qtbot, widget, Qt.Key.Key_D, CTRL_SHIFT)
    next_turn(qtbot, widget)
    assert current(widget) == "Shamira"  # not Gramfive again


def test_casting_switches_the_roll_to_int_and_the_roll_dialog_takes_typed_dice(
    qtbot, widget: EncounterWidget, monkeypatch
) -> None:
    from m3desk.ui.games.monsters_and_magic.encounter import prompts

    click_cell(qtbot, widget, "Xiola", Column.NAME)
    press(qtbot, widget, Qt.Key.Key_T, CTRL)  # casting this round
    assert (
        cell(widget, "Xiola", "casting").data(Qt.ItemDataRole.CheckStateRole)
        == Qt.CheckState.Checked
    )
    asked = []

    def dice(parent, requests):
        asked.extend(requests)
        return {
            r.combatant_id: (13, "6 4 3")
            if r.name.startswith("Xiola")
            else (r.rolled[0] + r.rolled[1] + r.rolled[2], "")
            for r in requests
        }

    monkeypatch.setattr(prompts, "ask_initiative_dice", dice)
    press(qtbot, widget, Qt.Key.Key_I, CTRL)  # everyone without initiative
    assert len(asked) == 6
    xiola = next(r for r in asked if r.name.startswith("Xiola"))
    assert xiola.casting and xiola.modifier == 7  # INT +6 (prime) + level 1
    encounter = widget.document.encounter
    assert by_name(encounter, "Xiola").initiative == 20
    assert all(c.initiative is not None for c in encounter.combatants)
    entry = next(
        e
        for e in encounter.log
        if e.text == "Xiola Zenwaith rolls initiative: 20 (3d6 (6 4 3) = 13, INT +6 level +1 → 20)"
    )
    assert entry.details == "3d6 (6 4 3) = 13, INT +6 level +1 → 20"
    assert widget.document.undo_stack.undoText() == (
        "Roll initiative for " + ", ".join(r.name for r in asked)
    )
    assert not widget.encounter_actions.roll_initiative.isEnabled()


def test_surprise_round_rolls_only_for_the_surprising_side(
    qtbot, widget: EncounterWidget, monkeypatch
) -> None:
    from m3desk.ui.games.monsters_and_magic.encounter import prompts

    scout(widget)
    asked = []
    monkeypatch.setattr(
        prompts, "ask_initiative_dice", lambda parent, requests: asked.extend(requests) or None
    )
    widget.encounter_actions.roll_initiative.trigger()
    assert sorted(r.name.split()[0] for r in asked) == [
        "Felix",
        "Gramfive",
        "Guido",
        "Shamira",
        "Xiola",
    ]
    assert widget.document.undo_stack.undoText() == "Scouting results"  # cancelled


def test_resolve_earlier_on_a_shared_count(qtbot, widget: EncounterWidget) -> None:
    scout(widget)
    type_surprise_initiative(qtbot, widget)
    click_cell(qtbot, widget, "Shamira", Column.NAME)
    press(qtbot, widget, Qt.Key.Key_Up, Qt.KeyboardModifier.AltModifier)
    assert groups(widget)[2] == ["Shamira", "Gramfive"]
    assert widget.document.selected == by_name(widget.document.encounter, "Shamira").id


def test_act_opens_the_action_dialog_for_the_current_combatant(
    qtbot, widget: EncounterWidget, monkeypatch
) -> None:
    calls = []
    monkeypatch.setattr(
        action_launcher,
        "open_action_dialog",
        lambda document, parent, roller, actor_id: calls.append(
            (document.selected, parent, roller, actor_id)
        ),
    )
    scout(widget)
    type_surprise_initiative(qtbot, widget)
    assert not widget.encounter_actions.act.isEnabled()
    next_turn(qtbot, widget)
    next_turn(qtbot, widget)
    click_cell(qtbot, widget, "Guido", Column.NAME)
    press(qtbot, widget, Qt.Key.Key_E, CTRL)
    xiola = by_name(widget.document.encounter, "Xiola").id
    assert calls == [(xiola, widget, widget.turns.roller, xiola)]


def test_act_hands_the_real_action_dialog_the_current_combatant(
    qtbot, widget: EncounterWidget, monkeypatch
) -> None:
    """Monsters & Magic keeps its own dialog (effect points need their step)."""
    from m3desk.ui.games.monsters_and_magic.action.action_dialog import ActionDialog as dialog

    monkeypatch.setattr(action_launcher, "open_action_dialog", REAL_OPEN_ACTION_DIALOG)
    calls = []

    def run_for(cls, document, parent, *, roller=None, memory=None, actor_id=None, action_id=None):
        calls.append((document, parent, {"roller": roller, "actor_id": actor_id, "on": action_id}))

    monkeypatch.setattr(dialog, "run_for", classmethod(run_for))
    scout(widget)
    type_surprise_initiative(qtbot, widget)
    next_turn(qtbot, widget)
    press(qtbot, widget, Qt.Key.Key_E, CTRL)
    felix = by_name(widget.document.encounter, "Felix").id
    assert calls == [
        (widget.document, widget, {"roller": widget.turns.roller, "actor_id": felix, "on": None})
    ]


def test_retyping_the_same_count_keeps_the_order_within_it(qtbot, widget: EncounterWidget) -> None:
    type_surprise_initiative(qtbot, widget)
    count = widget.document.undo_stack.count()
    type_into_cell(qtbot, widget, "Gramfive", Column.INITIATIVE, "13")
    assert groups(widget)[2] == ["Gramfive", "Shamira"]
    assert widget.document.undo_stack.count() == count
