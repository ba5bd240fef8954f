"""A phone's action: the actions the game offers the claimed character, each one's exact
chance from the game's own preview, written as the GM's action dialog writes it, the target
chosen among the combatants the players see, and dice sent for it reaching the GM's dialog on
that very action and target, in every game that describes its actions."""

from __future__ import annotations

from typing import Any

import pytest

from m3desk.core import registry
from m3desk.core.players import players_copy
from m3desk.table_server.view import state_of
from m3desk.ui.action.system_action_dialog import SystemActionDialog
from m3desk.ui.documents.encounter_document import EncounterDocument
from tests.table_server.table import game_fight
from tests.ui.action.any_dialog import in_action_dialog

GAMES = [system.id for system in registry.systems()]


def _acting(game: str) -> Any:
    """The game's table with the first character's turn come."""
    from m3desk.core import encounter as core

    encounter = game_fight(game)
    character = next(c for c in encounter.combatants if getattr(c.sheet, "kind", "") == "character")
    for _ in range(len(encounter.combatants) + 1):
        if encounter.turn == character.id:
            break
        encounter = core.next_turn(encounter)
    assert encounter.turn == character.id
    return encounter, character


def _in_reach(encounter: Any, character: Any) -> Any:
    """The fight with the character standing where it reaches each foe the players see (the
    sample fights' step: a game whose every action needs melee offers no chance from the
    start). Not the hidden one: in melee with it, the GM's dialog bars a move the phone,
    which cannot know of it, still offers."""
    from m3desk.core import encounter as core
    from tests.ui.action.sample_fights import near_step

    near = near_step(encounter)
    for other in encounter.combatants:
        if other.side != character.side and not other.hidden:
            encounter = core.set_position(encounter, character.id, other.id, near, log=False)
    return encounter


def _compared(qtbot: Any, encounter: Any, character: Any) -> int:
    """How many of the character's actions and targets showed a chance, each compared with
    the GM's dialog on the same action and target."""
    copy = players_copy(encounter)
    state = state_of(copy)
    acts = state.acts(character.id)
    assert acts is not None and acts["turn"]
    hidden = {c.id for c in encounter.combatants if c.hidden}
    names = {c.name for c in encounter.combatants if c.hidden}
    assert not hidden & {t["id"] for t in acts["targets"]}
    assert not any(name in str(acts) for name in names)
    document = EncounterDocument(encounter)
    dialog = SystemActionDialog(document, None, actor_id=character.id)
    qtbot.addWidget(dialog)
    compared = 0
    for action in acts["actions"]:
        option = state.option(character.id, action["id"])
        assert option is not None
        targets = [t["id"] for t in acts["targets"]] if action["needs_target"] else [None]
        for target in targets[:3]:
            from m3desk.table_server.view import preview_view

            phone = preview_view(copy, character.id, option, target)
            assert dialog.choose(option.id, target)
            assert dialog.target_id == target or not action["needs_target"]
            assert "\n".join(phone["chance"]) == dialog.chance.text()
            assert "\n".join(phone["lines"]) == dialog.preview.text().replace("\u00a0", " ")
            assert phone["problem"] == dialog.problem.text()
            compared += bool(phone["chance"])
    return compared


@pytest.mark.parametrize("game", GAMES)
def test_the_phones_chance_is_the_action_dialogs(qtbot: Any, game: str) -> None:
    rules = registry.get(game).encounter
    assert rules is not None
    encounter, character = _acting(game)
    acts = state_of(players_copy(encounter)).acts(character.id)
    assert acts is not None
    assert acts["actions"]
    hidden = {c.name for c in encounter.combatants if c.hidden}
    assert not any(name in str(acts) for name in hidden)
    if rules.resolve is None:  # its own dialog resolves them, and shows its odds its own way
        pytest.skip(
            f"{registry.get(game).name}'s own dialog: its chances are compared with the "
            "seam's by tests/ui/action/test_mm_seam_actions.py"
        )
    compared = _compared(qtbot, encounter, character)
    compared += _compared(qtbot, _in_reach(encounter, character), character)
    assert compared, "no action with a chance was compared"


def _one_foe_in_reach(encounter: Any, character: Any) -> Any:
    """The third foe the players see brought where the character's attacks reach it."""
    from m3desk.core import encounter as core

    system = registry.system_of(encounter)
    rules, model = system.encounter, system.positions
    assert rules is not None
    foe = [c for c in encounter.combatants if c.side != character.side and not c.hidden][2]
    steps = range(model.largest + 1) if model.kind == "bands" else [model.step]
    for step in steps:
        moved = core.set_position(encounter, character.id, foe.id, step, log=False, mover=foe.id)
        if rules.reach(moved, character.id, foe.id).in_reach:
            return moved
    raise AssertionError(f"no place where {character.name} reaches {foe.name}")


@pytest.mark.parametrize("near", [False, True], ids=["as set", "one foe brought in reach"])
@pytest.mark.parametrize("game", GAMES)
def test_the_phone_opens_on_the_action_the_dialog_opens_on(
    qtbot: Any, game: str, near: bool
) -> None:
    encounter, character = _acting(game)
    if near:
        encounter = _one_foe_in_reach(encounter, character)
    acts = state_of(players_copy(encounter)).acts(character.id)
    assert acts is not None
    # The game's own dialog, as the GM's Act opens it (Monsters & Magic's is its own).
    first, aimed = in_action_dialog(
        qtbot,
        EncounterDocument(encounter),
        lambda view: (view.chosen_action(), view.aimed_at),
        actor_id=character.id,
    )
    assert first is not None
    assert acts["first"] == str(first)
    needs = next(a["needs_target"] for a in acts["actions"] if a["id"] == acts["first"])
    if needs:
        assert acts["first_target"] == aimed
