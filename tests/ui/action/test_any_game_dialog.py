"""The generic action dialog resolves the toy game's attack: odds, dice, apply, undo."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from m3desk.core import encounter as core
from m3desk.core.dice import Roller
from m3desk.ui.action.system_action_dialog import SystemActionDialog
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.encounter import action_launcher
from tests.toy_system import TOY, ToyEncounter, ToySheet
from tests.ui.action.sample_fights import open_dialog


@pytest.fixture
def document() -> Iterator[EncounterDocument]:
    assert TOY.encounter is not None
    encounter = ToyEncounter(name="Toy fight")
    for sheet, side in (
        (ToySheet(name="Aldo", attack=2), "Party"),
        (ToySheet(name="Rat", hit_points=2, max_hit_points=2, ac=10), "Monsters"),
        (ToySheet(name="Goblin", hit_points=5, max_hit_points=5, ac=12), "Monsters"),
    ):
        encounter = core.join(encounter, TOY.encounter.make_combatant(sheet, side))
    aldo, rat, goblin = (c.id for c in encounter.combatants)
    encounter = core.set_position(encounter, aldo, goblin, 5)
    encounter = core.set_position(encounter, rat, aldo, 300, log=False)  # the rat far off
    document = EncounterDocument(encounter)
    document.select(aldo)
    yield document


def _dialog(qtbot: Any, document: EncounterDocument, **options: Any) -> SystemActionDialog:
    dialog = open_dialog(qtbot, document, **options)
    assert isinstance(dialog, SystemActionDialog)
    return dialog


def _hp(document: EncounterDocument, name: str) -> int:
    return next(c.sheet.hit_points for c in document.encounter.combatants if c.name == name)


def test_targets_show_distance_and_reach_and_default_to_one_in_reach(
    qtbot: Any, document: EncounterDocument
) -> None:
    dialog = _dialog(qtbot, document)
    texts = [dialog.target.itemText(i) for i in range(dialog.target.count())]
    assert texts == ["Rat — 300 ft (out of reach)", "Goblin — 5 ft (in reach)"]
    assert dialog.target.currentText().startswith("Goblin")
    # d20 + 2 against AC 12 hits on 10-20: 11 of 20 faces, exactly.
    assert dialog.chance.text() == "Chance of success: 55.0 %"
    assert dialog.preview.text() == "d20 + 2 vs AC 12"
    assert [spin.accessibleName() for spin in dialog.dice] == ["attack d20", "damage d6"]


def test_an_out_of_reach_target_is_barred_with_the_reason(
    qtbot: Any, document: EncounterDocument
) -> None:
    dialog = _dialog(qtbot, document)
    dialog.target.setCurrentIndex(0)
    assert dialog.problem.text() == "The target is out of reach."
    assert not dialog.roll_button.isEnabled() and not dialog.apply_button.isEnabled()


def test_typed_dice_apply_as_one_undo_step(qtbot: Any, document: EncounterDocument) -> None:
    dialog = _dialog(qtbot, document)
    assert not dialog.apply_button.isEnabled()  # no dice yet
    attack, damage = dialog.dice
    for spin, typed in ((attack, "15"), (damage, "4")):
        spin.setFocus()
        spin.selectAll()
        qtbot.keyClicks(spin, typed)
    assert dialog.faces() == (15, 4)
    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    assert dialog.was_applied and _hp(document, "Goblin") == 1
    assert document.encounter.log[-1].text == "Aldo hits Goblin for 4"
    assert document.undo_stack.count() == 1
    document.undo_stack.undo()
    assert _hp(document, "Goblin") == 5


def test_a_seeded_roll_gives_the_same_faces(qtbot: Any, document: EncounterDocument) -> None:
    first = _dialog(qtbot, document, roller=Roller(7))
    qtbot.mouseClick(first.roll_button, Qt.MouseButton.LeftButton)
    second = _dialog(qtbot, document, roller=Roller(7))
    second.roll()
    assert first.faces() == second.faces()
    assert all(face > 0 for face in first.faces())


def test_the_launcher_opens_the_generic_dialog_for_a_game_without_its_own(
    qtbot: Any, document: EncounterDocument, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown: list[SystemActionDialog] = []

    def roll_and_apply(dialog: SystemActionDialog) -> int:
        shown.append(dialog)
        dialog.roll()
        return int(dialog.apply())

    monkeypatch.setattr(SystemActionDialog, "show_modal", staticmethod(roll_and_apply))
    host = QWidget()
    qtbot.addWidget(host)
    action_launcher.open_action_dialog(document, host, Roller(3))
    assert len(shown) == 1 and document.undo_stack.count() == 1
