"""A game m3desk was never told about runs in the real encounter tab, through the seam alone.

The toy system (tests/toy_system: a d20 attack, one d6 per side, distances in feet) is
registered like a shipped game; the real tracker, board and action dialog show and resolve
its fight, and every change is one undo step.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLabel

from m3desk.core import encounter as core
from m3desk.systems.monsters_and_magic.dice import Roller
from m3desk.ui.action.system_action_dialog import SystemActionDialog
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.encounter.widget import EncounterWidget
from tests.toy_system import TOY, ToyEncounter, ToySheet
from tests.ui.board.helpers import drag_token

CTRL = Qt.KeyboardModifier.ControlModifier


@pytest.fixture
def widget(qtbot: Any) -> Iterator[EncounterWidget]:
    assert TOY.encounter is not None
    encounter = ToyEncounter(name="Toy fight")
    for sheet, side in (
        (ToySheet(name="Aldo", attack=4), "Party"),
        (ToySheet(name="Goblin", hit_points=5, max_hit_points=5, ac=12), "Monsters"),
    ):
        encounter = core.join(encounter, TOY.encounter.make_combatant(sheet, side))
    shown = EncounterWidget(EncounterDocument(encounter), roller=Roller(11))
    qtbot.addWidget(shown)
    shown.resize(1366, 700)
    shown.show()
    qtbot.waitExposed(shown)
    yield shown


def _names(widget: EncounterWidget) -> list[str]:
    return [row.combatant.name for row in widget.tracker.tracker_model.rows]


def test_a_toy_fight_from_initiative_to_a_hit(
    qtbot: Any, widget: EncounterWidget, monkeypatch: pytest.MonkeyPatch
) -> None:
    document = widget.document
    model = widget.tracker.tracker_model
    # The game's own columns, and none of Monsters & Magic's commands.
    assert [model.headerData(n, Qt.Orientation.Horizontal) for n in range(7)] == [
        "Init",
        "Name",
        "Side",
        "HP",
        "AC",
        "Declared",
        "Notes",
    ]
    assert not widget.encounter_actions.adjust_php.isVisible()
    # One d6 per side, rolled in the app; the higher side acts first.
    widget.tracker.setFocus()
    qtbot.keyClick(widget.tracker, Qt.Key.Key_I, CTRL)
    rolled = {c.side: c.initiative for c in document.encounter.combatants}
    assert all(1 <= value <= 6 for value in rolled.values() if value is not None)
    assert set(rolled) == {"Party", "Monsters"}
    qtbot.keyClick(widget.tracker, Qt.Key.Key_Return, CTRL)
    assert document.encounter.phase == "rounds"
    aldo = next(c for c in document.encounter.combatants if c.name == "Aldo")
    document.select(aldo.id)
    # The board measures from Aldo in feet; the goblin is dragged into his reach.
    board = widget.board
    assert board.scene.snapshot.scale.labels[0] == "reach 5 ft"
    drag_token(qtbot, board, "Goblin", 0)
    goblin = next(c for c in document.encounter.combatants if c.name == "Goblin")
    assert core.position_between(document.encounter, aldo.id, goblin.id) == 5
    # Act: the generic dialog, with the exact odds, typed dice, one undo step.
    seen: list[str] = []

    def type_and_apply(dialog: SystemActionDialog) -> int:
        seen.append(dialog.chance.text())
        for spin, face in zip(dialog.dice, (17, 3), strict=True):
            spin.set_face(face)
        return int(dialog.apply())

    monkeypatch.setattr(SystemActionDialog, "show_modal", staticmethod(type_and_apply))
    document.apply(document.encounter.model_copy(update={"turn": aldo.id}), "Aldo's turn")
    widget.encounter_actions.act.trigger()
    assert seen == ["Chance of success: 65.0 %"]  # d20 + 4 vs AC 12: 8-20
    hp = model.index(model.row_of(goblin.id), model.column_of("hp"))
    assert hp.data() == "2/5"
    assert widget.log_panel.log_model.rowCount() > 0
    assert document.encounter.log[-1].text == "Aldo hits Goblin for 3"
    document.undo_stack.undo()
    assert model.index(model.row_of(goblin.id), model.column_of("hp")).data() == "5/5"


def test_declarations_are_picked_in_the_tracker_and_the_round_says_who_is_left(
    qtbot: Any, widget: EncounterWidget
) -> None:
    document = widget.document
    model = widget.tracker.tracker_model
    widget.tracker.setFocus()
    qtbot.keyClick(widget.tracker, Qt.Key.Key_I, CTRL)
    qtbot.keyClick(widget.tracker, Qt.Key.Key_Return, CTRL)
    status = widget.status_label
    assert status.isVisible() and status.text() == "Declare: Aldo, Goblin"
    aldo = next(c for c in document.encounter.combatants if c.name == "Aldo")
    cell = model.index(model.row_of(aldo.id), model.column_of("declared"))
    widget.tracker.setCurrentIndex(cell)
    widget.tracker.edit(cell)
    combo = widget.tracker.indexWidget(cell)
    assert isinstance(combo, QComboBox)
    assert [combo.itemText(n) for n in range(combo.count())] == ["—", "attack", "move", "flee"]
    assert combo.width() >= combo.sizeHint().width()  # the choices read whole
    combo.setFocus()
    qtbot.keyClick(combo, Qt.Key.Key_Down)  # → "attack"
    qtbot.keyClick(combo, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: document.encounter.declared.get(aldo.id) == "attack")
    assert cell.data() == "attack"
    assert status.text() == "Declare: Goblin"
    document.undo_stack.undo()
    assert status.text() == "Declare: Aldo, Goblin"


def test_arrow_keys_walk_the_choices_and_only_return_commits_one(
    qtbot: Any, widget: EncounterWidget
) -> None:
    """A closed list reports each arrow step as a pick: the cell must not commit the first
    step and close, or the third choice cannot be reached from the keyboard."""
    document = widget.document
    model = widget.tracker.tracker_model
    aldo = next(c for c in document.encounter.combatants if c.name == "Aldo")
    cell = model.index(model.row_of(aldo.id), model.column_of("declared"))
    widget.tracker.setCurrentIndex(cell)
    widget.tracker.edit(cell)
    combo = widget.tracker.indexWidget(cell)
    assert isinstance(combo, QComboBox)
    combo.setFocus()
    steps = document.undo_stack.count()
    qtbot.keyClick(combo, Qt.Key.Key_Down)  # "attack": only a step
    assert widget.tracker.indexWidget(cell) is combo
    assert aldo.id not in document.encounter.declared
    qtbot.keyClick(combo, Qt.Key.Key_Down)  # "move"
    qtbot.keyClick(combo, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: document.encounter.declared.get(aldo.id) == "move")
    assert document.undo_stack.count() == steps + 1
    assert cell.data() == "move"


def test_what_the_table_must_hear_is_said_when_the_action_is_applied(
    qtbot: Any, widget: EncounterWidget, monkeypatch: pytest.MonkeyPatch
) -> None:
    document = widget.document
    aldo, goblin = document.encounter.combatants
    document.apply(core.set_position(document.encounter, aldo.id, goblin.id, 5), "close")
    assert not widget.notice_bar.isVisible()

    def hit_hard(dialog: SystemActionDialog) -> int:
        for spin, face in zip(dialog.dice, (20, 6), strict=True):
            spin.set_face(face)
        return int(dialog.apply())

    monkeypatch.setattr(SystemActionDialog, "show_modal", staticmethod(hit_hard))
    SystemActionDialog.run_for(document, widget, actor_id=aldo.id)
    assert widget.notice_bar.isVisible() and widget.notice_bar.text() == "Goblin is down."
    qtbot.mouseClick(widget.notice_bar.close_button, Qt.MouseButton.LeftButton)
    assert not widget.notice_bar.isVisible()
    SystemActionDialog.run_for(document, widget, actor_id=aldo.id)
    assert widget.notice_bar.text() == "Goblin is down."
    document.undo_stack.undo()  # the hit is taken back: so is what it said
    assert not widget.notice_bar.isVisible()


def test_the_encounter_s_table_rules_are_the_game_s_own_options(
    qtbot: Any, widget: EncounterWidget, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtWidgets import QCheckBox, QDialogButtonBox, QSpinBox

    from m3desk.ui.table_rules import options_dialog

    document = widget.document
    action = widget.encounter_actions.table_rules
    assert action.isVisible() and action.isEnabled()
    seen: list[str] = []

    def untick_and_accept(dialog: options_dialog.OptionsDialog) -> int:
        seen.append(dialog.findChild(QLabel, "reason:natural_20_hits").text())
        check = dialog.editors["natural_20_hits"].widget
        assert isinstance(check, QCheckBox)
        check.setFocus()
        qtbot.keyClick(check, Qt.Key.Key_Space)
        spin = dialog.editors["crit_range"].widget
        assert isinstance(spin, QSpinBox) and spin.minimum() == 15
        spin.setValue(19)
        return int(dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled())

    def run(parent: Any, system: Any, current: Any, title: str, intro: str) -> Any:
        dialog = options_dialog.OptionsDialog(system, current, title, intro, parent)
        qtbot.addWidget(dialog)
        dialog.show()
        qtbot.waitExposed(dialog)
        return dialog.options() if untick_and_accept(dialog) else None

    monkeypatch.setattr(options_dialog, "ask_options", run)
    action.trigger()
    assert seen == ["A natural 20 hits whatever the target's AC."]
    assert document.encounter.options.natural_20_hits is False
    assert document.encounter.options.crit_range == 19
    document.undo_stack.undo()
    assert document.encounter.options.natural_20_hits is True


def test_the_board_opens_in_a_window_of_its_own_that_follows_the_fight(
    qtbot: Any, widget: EncounterWidget
) -> None:
    document = widget.document
    aldo, goblin = document.encounter.combatants
    widget.tracker.setFocus()
    qtbot.keyClick(widget.tracker, Qt.Key.Key_B, CTRL)
    window = widget.board_window
    assert window is not None and window.isVisible() and window.isWindow()
    assert window.windowTitle() == "Board — Toy fight"
    qtbot.waitExposed(window)
    document.select(aldo.id)
    assert window.board.header.text() == "Ranges from Aldo"
    assert window.board.font().pointSizeF() > widget.board.font().pointSizeF()
    # The window has the room for rings; the tab beside the log shows lanes.
    assert not window.board.lanes and widget.board.lanes
    if window.map is not None:  # a game of distances opens on its map: the board a tab away
        window.content.setCurrentWidget(window.board)
    drag_token(qtbot, window.board, "Goblin", 0)
    assert core.position_between(document.encounter, aldo.id, goblin.id) == 5
    assert widget.board.scene.snapshot is not None  # the tab's board follows as well
    document.undo_stack.undo()
    assert core.position_between(document.encounter, aldo.id, goblin.id) != 5
    widget.detach()
    assert not window.isVisible()


def test_a_combatant_at_0_hit_points_is_marked_down(qtbot: Any, widget: EncounterWidget) -> None:
    document = widget.document
    model = widget.tracker.tracker_model
    goblin = document.encounter.combatants[1]
    name = model.index(model.row_of(goblin.id), model.column_of("name"))
    assert name.data() == "Goblin" and not name.data(Qt.ItemDataRole.FontRole)
    hp = model.index(model.row_of(goblin.id), model.column_of("hp"))
    assert model.setData(hp, "0")
    name = model.index(model.row_of(goblin.id), model.column_of("name"))
    assert name.data() == "Goblin (down)"
    assert name.data(Qt.ItemDataRole.FontRole).strikeOut()
    assert "down: 0 hit points or fewer" in name.data(Qt.ItemDataRole.ToolTipRole)


def test_the_forecast_plays_the_fight_many_times_and_plots_it(
    qtbot: Any, widget: EncounterWidget
) -> None:
    from m3desk.ui.encounter.forecast_dialog import ForecastDialog

    widget.tracker.setFocus()
    qtbot.keyClick(widget.tracker, Qt.Key.Key_F, CTRL | Qt.KeyboardModifier.ShiftModifier)
    dialog = widget.forecast_dialog
    assert isinstance(dialog, ForecastDialog) and dialog.isVisible()
    assert dialog.policy_label.text().startswith("Each combatant attacks the first foe")
    dialog.fights.setValue(2000)
    dialog.seed.setValue(4)
    qtbot.mouseClick(dialog.run_button, Qt.MouseButton.LeftButton)
    assert dialog.cancel_button.isEnabled()  # runs in batches: the window stays live
    qtbot.waitUntil(lambda: dialog.forecast is not None, timeout=10_000)
    result = dialog.forecast
    assert result is not None and result.fights == 2000
    assert dialog.progress.value() == 2000
    assert [bar.label for bar in dialog.wins.bars][-1] == "no winner"
    assert dialog.summary.text().startswith(f"{dialog.wins.bars[0].label} win ")
    assert sum(dialog.rounds.counts.values()) == 2000
    assert {bar.label for bar in dialog.down.bars} == {"Aldo", "Goblin"}
    # The same seed, the same forecast; the fight itself was never changed.
    again = ForecastDialog(widget.document)
    qtbot.addWidget(again)
    again.fights.setValue(2000)
    again.seed.setValue(4)
    assert again.run_to_end() == result
    assert widget.document.undo_stack.count() == 0


def test_the_forecast_can_be_stopped_and_shows_what_was_played(
    qtbot: Any, widget: EncounterWidget
) -> None:
    """The fights play on a worker thread: the plots fill in while they run, and Stop shows
    at once what was played, marked as partial."""
    from m3desk.ui.encounter.forecast_dialog import ForecastDialog

    dialog = ForecastDialog(widget.document)
    qtbot.addWidget(dialog)
    dialog.fights.setValue(dialog.fights.maximum())
    assert dialog.fights.maximum() == 1_000_000
    qtbot.mouseClick(dialog.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.latest is not None, timeout=10_000)
    assert dialog.summary.text().startswith("Playing… so far ")
    assert sum(dialog.rounds.counts.values()) == dialog.latest.fights  # the plots moved
    qtbot.mouseClick(dialog.cancel_button, Qt.MouseButton.LeftButton)
    assert not dialog.running and dialog.run_button.isEnabled()
    played = dialog.latest.fights
    assert dialog.forecast is not None and dialog.forecast.fights == played < 1_000_000
    assert f"stopped after {played:,} fights" in dialog.summary.text()
    qtbot.wait(200)  # whatever the worker still had in hand is dropped
    assert dialog.forecast.fights == played


def test_a_sheet_edited_after_the_fight_began_is_pulled_in_and_write_back_says_why_not(
    qtbot: Any, widget: EncounterWidget, tmp_path: Any
) -> None:
    from m3desk.storage.sheet_files import save_sheet

    document = widget.document
    write_back = widget.encounter_actions.write_back
    assert not write_back.isEnabled()
    assert write_back.toolTip().startswith("Unavailable: Toy fights do not write back")
    aldo = document.encounter.combatants[0]
    # Aldo came from no file: there is nothing to pull, and the tracker says so.
    document.select(aldo.id)
    assert "came from no sheet file" in widget.pull_sheet()
    # A combatant from a file whose sheet was edited since: Update from Sheet takes it.
    path = tmp_path / "bea.m3c"
    save_sheet(path, ToySheet(name="Bea", ac=12))
    document.apply(
        core.join(
            document.encounter,
            TOY.encounter.make_combatant(ToySheet(name="Bea", ac=12), "Party").model_copy(
                update={"source_path": str(path)}
            ),
        ),
        "Bea joins",
    )
    bea = document.encounter.combatants[-1]
    save_sheet(path, ToySheet(name="Bea", ac=16, attack=5))  # edited in another tab, saved
    document.select(bea.id)
    widget.encounter_actions.pull_sheet.trigger()
    sheet = document.encounter.combatant(bea.id).sheet
    assert (sheet.ac, sheet.attack) == (16, 5)
    assert document.encounter.log[-1].text == "Bea's sheet updated from “bea.m3c”"
    assert widget.message_label.text() == "Bea updated from “bea.m3c”."
    document.undo_stack.undo()
    assert document.encounter.combatant(bea.id).sheet.ac == 12
