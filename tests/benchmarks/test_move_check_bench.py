"""The ruler's question on every mouse move of a drag: each game's ``check_move`` at 50 and
200 combatants (with 40 terrain strips painted where the game prices terrain), in every game
of distances, reported against the plain straight-line check measured in the same run. A
drag at 60 frames a second leaves 16 ms a frame for everything; a check is a small part of
it."""

from __future__ import annotations

from typing import Any

import pytest

from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.core.places import Area, Place
from m3desk.core.system import plain_move_check
from tests.systems.option_probe import sample_sheets

GAMES = [system.id for system in registry.systems() if system.positions.kind == "distance"]


def _crowd(game: str, count: int) -> tuple[core.Encounter, str, Place]:
    system = registry.get(game)
    rules = system.encounter
    assert rules is not None
    encounter = rules.encounter_type(name="Crowd")
    sheets = sample_sheets(system)
    for number in range(count):
        encounter = core.join(
            encounter,
            rules.make_combatant(sheets[number % len(sheets)], "Party" if number % 2 else "Foes"),
        )
    encounter = core.next_turn(
        core.set_initiative(encounter, {c.id: 10 for c in encounter.combatants})
    )
    if encounter.position_model.prices_terrain:  # a game that prices terrain crosses it
        encounter = encounter.model_copy(
            update={
                "areas": tuple(
                    Area(x=3 * n, y=-25, width=2, height=50, rating=n % 3) for n in range(40)
                )
            }
        )
    mover = encounter.turn
    assert mover is not None
    here = encounter.places[mover]
    return encounter, mover, Place.at(here.x - 30, here.y + 17)


@pytest.mark.parametrize("count", [50, 200])
@pytest.mark.parametrize("game", GAMES)
def test_the_ruler_check_of_a_drag(benchmark: Any, game: str, count: int) -> None:
    encounter, mover, place = _crowd(game, count)
    rules = registry.system_of(encounter).encounter
    assert rules is not None
    check = benchmark(rules.check_move, encounter, mover, place)
    assert check.distance == plain_move_check(encounter, mover, place).distance


def test_the_plain_check_baseline(benchmark: Any) -> None:
    encounter, mover, place = _crowd("ose", 50)
    benchmark(plain_move_check, encounter, mover, place)
