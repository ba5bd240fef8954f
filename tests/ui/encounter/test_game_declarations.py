"""What a game declares on the seam reaches the table: its round's steps (``phases``) on the
round's tooltip, its maneuvers beside the declared actions the tracker offers, its
conditions in the Add Condition picker. Every installed game, from ``registry.systems()``."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QStyleOptionViewItem

from m3desk.core import registry
from m3desk.core.system import ConditionSpec
from m3desk.ui.encounter import prompts
from m3desk.ui.encounter.tracker_columns import TrackerRole
from m3desk.ui.encounter.widget import EncounterWidget
from m3desk.ui.games import parts_of
from tests.ui.action.sample_fights import GAMES, sample_fight


def _widget(qtbot: Any, game: str) -> EncounterWidget:
    widget = EncounterWidget(sample_fight(game))
    qtbot.addWidget(widget)
    return widget


@pytest.mark.parametrize("game", GAMES)
def test_the_rounds_steps_are_on_the_rounds_tooltip(qtbot: Any, game: str) -> None:
    system = registry.get(game)
    tip = _widget(qtbot, game).round_label.toolTip()
    assert [phase.title in tip for phase in system.phases] == [True] * len(system.phases)
    assert all(phase.help in tip for phase in system.phases)


@pytest.mark.parametrize("game", GAMES)
def test_a_declared_actions_choices_say_what_each_maneuver_allows(qtbot: Any, game: str) -> None:
    system = registry.get(game)
    widget = _widget(qtbot, game)
    model = widget.tracker.tracker_model
    offered: dict[str, str] = {}
    seen: set[str] = set()
    for row in range(model.rowCount()):
        for column in range(model.columnCount()):
            index = model.index(row, column)
            choices = index.data(TrackerRole.CHOICES)
            if not choices:
                continue
            editor = widget.tracker.itemDelegate().createEditor(
                widget.tracker.viewport(), QStyleOptionViewItem(), index
            )
            assert isinstance(editor, QComboBox)
            for number in range(editor.count()):
                seen.add(editor.itemText(number).casefold())
                tip = editor.itemData(number, Qt.ItemDataRole.ToolTipRole)
                if tip:
                    offered[editor.itemText(number).casefold()] = tip
            editor.deleteLater()
    named = {m.name.casefold(): m for m in system.maneuvers}
    for text, tip in offered.items():  # every tip is the game's own maneuver, in words
        assert tip.startswith(named[text].name + ":")
        assert named[text].help.rstrip(".") in tip
    # Every maneuver the tracker offers says what it allows (OSE's withdrawal and retreat,
    # AD&D's declarations).
    assert {name for name in named if name in seen} == {n for n in named if n in offered}


DECLARING = [
    g
    for g in GAMES
    if registry.get(g).conditions and parts_of(registry.get(g)).tracker_commands is None
]


def test_some_game_declares_its_conditions() -> None:
    assert DECLARING  # AD&D's attack modifiers, Apparatus's Prone…


@pytest.mark.parametrize("game", DECLARING)
def test_the_condition_picker_offers_the_games_conditions(
    qtbot: Any, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    system = registry.get(game)
    widget = _widget(qtbot, game)
    actions = widget.encounter_actions
    assert actions.add_condition.isVisible() and actions.add_condition.text() == "Add &Condition…"
    target = widget.document.encounter.combatants[0]
    widget.document.select(target.id)
    asked: list[tuple[str, tuple[ConditionSpec, ...]]] = []

    def pick(_parent: object, name: str, specs: tuple[ConditionSpec, ...]) -> ConditionSpec:
        asked.append((name, tuple(specs)))
        return specs[-1]

    monkeypatch.setattr(prompts, "ask_game_condition", pick)
    actions.add_condition.trigger()
    assert asked == [(target.name, system.conditions)]
    chosen = system.conditions[-1]
    menu = actions.remove_condition_menu
    menu.aboutToShow.emit()
    assert [a.text() for a in menu.actions()][-1].startswith(chosen.name)
    assert widget.document.encounter.log[-1].text.startswith(f"{target.name}: {chosen.name}")
    menu.actions()[-1].trigger()
    assert all(
        c.condition != chosen.id for c in widget.document.encounter.combatant(target.id).conditions
    )
    widget.document.undo_stack.undo()
    assert any(
        c.condition == chosen.id for c in widget.document.encounter.combatant(target.id).conditions
    )
