"""The action dialog moves tokens as the map does (issue 23): in every game of distances,
every dialog action that moves someone (a move, an AD&D close or charge through its attack, a
charger meeting a set weapon) leaves each mover where it stands after a map drop there and
logs the move in the drop's words, the allowance counted alike. All dice show 1."""

from __future__ import annotations

import pytest

from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.core.system import Action, EncounterRules
from tests.systems.test_moves_keep_places import GAMES, _fight


def _map_unknown(action: Action) -> bool:
    """Apparatus moves whose kind the dialog names and a drop cannot tell (the ground says; a
    jump is not a walk)."""
    return (action.kind == "move" and action.variant in ("swim", "crawl")) or action.kind in (
        "high",
        "long",
    )


def _declared(rules: EncounterRules, encounter: core.Encounter, label: str) -> core.Encounter:
    """Everyone who may declares ``label`` (an AD&D close or charge); the games without such
    a declaration are left as they are."""
    if rules.edit is None:
        return encounter
    for combatant in encounter.combatants:
        try:
            encounter, _text = rules.edit(encounter, combatant.id, "declared", label)
        except (ValueError, KeyError):
            continue
    return encounter


def _on_turn(encounter: core.Encounter, actor: str) -> core.Encounter:
    for _ in range(len(encounter.combatants) + 1):
        if encounter.turn == actor:
            return encounter
        encounter = core.next_turn(encounter)
    raise AssertionError("the turn never came")


@pytest.mark.parametrize("game", GAMES)
def test_every_dialog_move_is_the_map_s_move(game: str) -> None:
    rules = registry.get(game).encounter
    assert rules is not None
    checked = sum(
        _checked(rules, _declared(rules, _fight(game, 4, False), declared))
        for declared in ("", "Charge", "Close")
    )
    assert checked, "no dialog action moved anyone"


def _checked(rules: EncounterRules, base: core.Encounter) -> int:
    """How many moves the dialog's actions made, each checked against the map's drop."""
    assert rules.resolve is not None
    checked = 0
    for actor in [c.id for c in base.combatants]:
        encounter = _on_turn(base, actor)
        foes = [c.id for c in encounter.combatants if c.side != encounter.combatant(actor).side]
        for option in rules.actions(encounter, actor):
            if not (option.group == "attack" or option.group == "movement") or _map_unknown(
                option.id
            ):
                continue
            faces = tuple(1 for spec in option.dice for _ in range(spec.number))
            for target in foes if option.needs_target else [option.target]:
                try:
                    outcome = rules.resolve(encounter, actor, option.id, target, faces)
                except ValueError:
                    continue
                after = outcome.encounter
                lines = [entry.text for entry in after.log[len(encounter.log) :]]
                for mover in (c.id for c in encounter.combatants):
                    place = after.places[mover]
                    if place == encounter.places[mover]:
                        continue
                    dropped, text = rules.make_move(encounter, mover, place)
                    assert any(text in line for line in lines), (option.id, lines)
                    assert after.combatant(mover).model_dump(
                        include={"moved"}
                    ) == dropped.combatant(mover).model_dump(include={"moved"})
                    checked += 1
    return checked
