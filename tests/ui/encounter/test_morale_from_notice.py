"""A morale check the fight asks for is one click from the notice bar, in every game that
has morale: the button opens the action dialog on that side's check."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt

from m3desk.assets import sample_files
from m3desk.core import registry
from m3desk.core.dice import Roller
from m3desk.storage.sheet_files import load_sheet
from m3desk.ui.action.system_action_dialog import SystemActionDialog
from m3desk.ui.encounter import action_launcher
from m3desk.ui.encounter.widget import EncounterWidget
from m3desk.ui.games import parts_of
from tests.ui.action.sample_fights import GAMES, sample_fight
from tests.ui.encounter.game_samples import at_points

REAL_LAUNCHER = action_launcher.open_action_dialog


def _has_morale(game: str) -> bool:
    """Whether the game's monsters roll morale: a roll their sheet offers (``sheet_rolls``)."""
    system = registry.get(game)
    monster = next(
        load_sheet(path).model
        for path in sample_files(game)
        if getattr(load_sheet(path).model, "kind", "") == "monster"
    )
    return any(roll.label.startswith("Morale") for roll in system.sheet_rolls(monster, None))


MORALE = {game for game in GAMES if _has_morale(game)}
"""The games whose rules have a morale check, as their sheets say."""


@pytest.fixture(autouse=True)
def real_launcher(monkeypatch: pytest.MonkeyPatch) -> None:
    # The encounter tests' conftest forbids the dialog; here it is the point.
    monkeypatch.setattr(action_launcher, "open_action_dialog", REAL_LAUNCHER)


@pytest.mark.parametrize(
    "game", [g for g in GAMES if parts_of(registry.get(g)).action_dialog is None]
)
def test_the_notice_offers_the_morale_check_after_a_kill(
    qtbot: Any, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    document = sample_fight(game, monsters=3)
    widget = EncounterWidget(document)
    qtbot.addWidget(widget)
    widget.resize(1366, 728)
    widget.show()
    qtbot.waitExposed(widget)
    encounter = document.encounter
    actor = encounter.combatant(str(encounter.turn))
    victim = next(c for c in encounter.combatants if c.side != actor.side)
    document.apply(at_points(encounter, victim.id, 1), "wounded")
    assert not widget.notice_bar.due_buttons
    seen: list[tuple[str, str, str]] = []

    def kill(dialog: SystemActionDialog) -> int:
        if dialog.option is not None and dialog.option.group == "attack":
            index = dialog.target.findData(victim.id)
            if index >= 0:
                dialog.target.setCurrentIndex(index)
            else:  # the action names its target
                dialog.action.setCurrentIndex(
                    next(
                        n
                        for n in range(dialog.action.count())
                        if getattr(dialog.action.itemData(n), "target", None) == victim.id
                        and dialog.action.itemData(n).group == "attack"
                    )
                )
            for spin in dialog.dice:
                spin.set_face(spin.sides)
        else:
            seen.append(
                (dialog.actor.currentText(), dialog.action.currentText(), dialog.chance.text())
            )
            qtbot.mouseClick(dialog.roll_button, Qt.MouseButton.LeftButton)
        qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
        return 1

    monkeypatch.setattr(SystemActionDialog, "show_modal", staticmethod(kill))
    widget.turns.roller = Roller(4)
    widget.encounter_actions.act.trigger()
    assert document.encounter.out_of_fight(document.encounter.combatant(victim.id))
    buttons = widget.notice_bar.due_buttons
    if game not in MORALE:
        assert not buttons
        return
    assert widget.notice_bar.isVisible()
    assert [b.text() for b in buttons] == [f"Check morale: {victim.side}"]
    steps = document.undo_stack.count()
    qtbot.mouseClick(buttons[0], Qt.MouseButton.LeftButton)
    # One click opened the dialog on the side's morale check, rolled by one standing monster.
    name, action, chance = seen[0]
    standing = [
        c.name for c in document.encounter.combatants if c.side == victim.side and c.id != victim.id
    ]
    assert name in standing
    assert action.startswith("Morale check"), action
    assert chance.startswith("Chance of success: ")
    assert document.undo_stack.count() == steps + 1
    assert "morale" in document.encounter.log[-1].text
