"""The encounter's own dialogs: initiative dice and a new effect or consequence."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QDialogButtonBox, QWidget

from m3desk.systems.monsters_and_magic import TableRules
from m3desk.systems.monsters_and_magic.conditions import ConditionKind, DurationKind, Tier
from m3desk.systems.monsters_and_magic.dice import DiceError, Roller
from m3desk.systems.monsters_and_magic.initiative_roll import initiative_requests, read_dice
from m3desk.ui.games.monsters_and_magic.encounter.condition_dialog import ConditionDialog
from m3desk.ui.games.monsters_and_magic.encounter.initiative_dialog import InitiativeDialog
from tests.ui.encounter.helpers import by_name


@pytest.mark.parametrize(
    ("typed", "total"),
    [("5 5 4", 14), ("554", 14), ("5,5,4", 14), ("14", 14), ("3", 3), ("18", 18)],
)
def test_read_dice_takes_faces_or_a_total(typed: str, total: int) -> None:
    assert read_dice(typed) == total


@pytest.mark.parametrize("typed", ["", "7 7 7", "19", "2", "5 5", "five"])
def test_read_dice_refuses_what_is_not_3d6(typed: str) -> None:
    with pytest.raises(DiceError):
        read_dice(typed)


def test_initiative_dialog_offers_rolls_and_takes_typed_dice(qtbot, document) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)
    ids = [c.id for c in document.encounter.combatants]
    requests = initiative_requests(document.encounter, ids, Roller(1))
    dialog = InitiativeDialog(requests, parent)
    assert dialog.parent() is parent
    answers = dialog.answers()
    assert {i: total for i, (total, _text) in answers.items()} == {
        r.combatant_id: sum(r.rolled) for r in requests
    }
    felix = by_name(document.encounter, "Felix").id
    edit = dialog.dice_edits[felix]
    edit.clear()
    qtbot.keyClicks(edit, "5 5 4")
    assert dialog.answers()[felix] == (14, "5 5 4")
    assert dialog._results[felix].text() == "21"  # 14 + DEX 6 + level 1
    ok = dialog._buttons.button(QDialogButtonBox.StandardButton.Ok)
    edit.setText("9 9 9")
    assert not ok.isEnabled() and felix not in dialog.answers()


def test_condition_dialog_builds_a_condition_from_the_table_rules(qtbot) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)
    dialog = ConditionDialog("Xiola Zenwaith", TableRules(), parent)
    ok = dialog._buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert not ok.isEnabled()
    qtbot.keyClicks(dialog.name_edit, "magical shield")
    assert ok.isEnabled()
    dialog.kind_combo.setCurrentIndex(dialog.kind_combo.findData(ConditionKind.EFFECT))
    dialog.affects_combo.setCurrentIndex(dialog.affects_combo.findData("defence"))
    dialog.rounds_spin.setValue(5)
    assert dialog.value_label.text() == "+2"
    condition = dialog.condition()
    assert (condition.name, condition.kind, condition.tier, condition.value) == (
        "magical shield",
        ConditionKind.EFFECT,
        Tier.MINOR,
        2,
    )
    assert condition.duration.kind is DurationKind.ROUNDS and condition.duration.rounds == 5
    assert condition.affects == "defence"
    dialog.kind_combo.setCurrentIndex(dialog.kind_combo.findData(ConditionKind.CONSEQUENCE))
    dialog.tier_combo.setCurrentIndex(dialog.tier_combo.findData(Tier.MAJOR))
    assert dialog.value_label.text() == "−4"
