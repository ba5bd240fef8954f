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
from tests import toy_system
from tests.toy_system import TOY, ToyEncounter, ToySheet
from tests.ui.board.helpers import drag_token

CTRL = Qt.KeyboardModifier.ControlModifier


@pytest.fixture
def widget(qtbot: Any) -> Iterator[EncounterWidget]:
    toy_system.install()
    assert TOY.encounter is not None
    encounter = ToyEncounter(name="Toy fight")
    for sheet, side in ((ToySheet(name="Aldo", attack=4), "Party"),
                        (ToySheet(name="Goblin", hp=5, hp_max=5, ac=12), "Monsters")):
        encounter = core.join(encounter, TOY.encounter.make_combatant(sheet, side))
    shown = EncounterWidget(EncounterDocument(encounter), roller=Roller(11))
    qtbot.addWidget(shown)
    shown.resize(1366, 700)
    shown.show()
    qtbot.waitExposed(shown)
    yield shown
    toy_system.uninstall()


def _names(widget: EncounterWidget) -> list[str]:
    return [row.combatant.name for row in widget.tracker.tracker_model.rows]


def test_a_toy_fight_from_initiative_to_a_hit(qtbot: Any, widget: EncounterWidget,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    document = widget.document
    model = widget.tracker.tracker_model
    # The game's own columns, and none of Monsters & Magic's commands.
    assert [model.headerData(n, Qt.Orientation.Horizontal) for n in range(7)] == [
        "Init", "Name", "Side", "HP", "AC", "Declared", "Notes"]
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
            spin.setValue(face)
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
        qtbot: Any, widget: EncounterWidget) -> None:
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


def test_what_the_table_must_hear_is_said_when_the_action_is_applied(
        qtbot: Any, widget: EncounterWidget, monkeypatch: pytest.MonkeyPatch) -> None:
    document = widget.document
    aldo, goblin = document.encounter.combatants
    document.apply(core.set_position(document.encounter, aldo.id, goblin.id, 5), "close")
    heard: list[tuple[str, ...]] = []
    monkeypatch.setattr(SystemActionDialog, "tell",
                        staticmethod(lambda _parent, notices: heard.append(notices)))

    def hit_hard(dialog: SystemActionDialog) -> int:
        for spin, face in zip(dialog.dice, (20, 6), strict=True):
            spin.setValue(face)
        return int(dialog.apply())

    monkeypatch.setattr(SystemActionDialog, "show_modal", staticmethod(hit_hard))
    SystemActionDialog.run_for(document, widget, actor_id=aldo.id)
    assert heard == [("Goblin is down.",)]


def test_the_encounter_s_table_rules_are_the_game_s_own_options(
        qtbot: Any, widget: EncounterWidget, monkeypatch: pytest.MonkeyPatch) -> None:
    from PySide6.QtWidgets import QCheckBox, QDialogButtonBox, QSpinBox

    from m3desk.ui.table_rules import options_dialog

    document = widget.document
    action = widget.encounter_actions.table_rules
    assert action.isVisible() and action.isEnabled()
    seen: list[str] = []

    def untick_and_accept(dialog: options_dialog.OptionsDialog) -> int:
        seen.append(dialog.findChild(QLabel, "reason:natural_20_hits").text())
        check = dialog.editors["natural_20_hits"]
        assert isinstance(check, QCheckBox)
        check.setFocus()
        qtbot.keyClick(check, Qt.Key.Key_Space)
        spin = dialog.editors["crit_range"]
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
