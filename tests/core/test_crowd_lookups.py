"""What a crowd's fight looks up without a scan (issue 30: a forecast played step by step
through a game's actions): where a closer stops (:func:`core.closing_place`, which follows
the last encounter's spots from what the next one changed) and a combatant by id (an index
of the roster, built once per roster). Each answer must be the one read afresh, whatever
changed between two questions: moves, falls, a combatant rising again, someone joining or
leaving, another game's encounter asked in between."""

from __future__ import annotations

import random

import pytest

from m3desk.core import encounter as core
from m3desk.core import encounter_places, registry
from m3desk.core.places import Place
from tests.benchmarks.test_big_fight_bench import _crowd

GAMES = sorted(s.id for s in registry.systems() if s.positions.kind == "distance")


def _fresh(encounter: core.Encounter, mover: str, target: str, value: float) -> Place:
    """closing_place read from nothing (its kept spots forgotten)."""
    encounter_places._LAST.standing = None
    return core.closing_place(encounter, mover, target, value)


def _hp(encounter: core.Encounter, cid: str, hp: int) -> core.Encounter:
    rules = registry.system_of(encounter).encounter
    assert rules is not None
    sheet = rules.with_hit_points(encounter.combatant(cid).sheet, hp)
    return core.replace_sheet(encounter, cid, sheet)


@pytest.mark.parametrize("game", GAMES)
def test_a_closer_stops_where_a_fresh_reading_puts_it(game: str) -> None:
    """Forty changes to a crowd of 24 (moves onto and beside others, falls, one brought back,
    one joining, one taken off the map), each followed by the same question asked of the
    kept spots and of a fresh reading: the same spot every time."""
    dice = random.Random(30)
    encounter = _crowd(game, 24)
    other = _crowd(GAMES[(GAMES.index(game) + 1) % len(GAMES)], 20)
    step = encounter.position_model.step
    for change in range(40):
        ids = [c.id for c in encounter.combatants]
        kind = change % 5
        if kind in (0, 1):  # a move, often next to someone else
            near = encounter.places[dice.choice(ids)]
            spot = Place.at(near.x + step * dice.choice((0, 1)), near.y + step * dice.randint(0, 1))
            encounter = core.move_to(encounter, dice.choice(ids), spot)
        elif kind == 2:  # a fall, or one risen again
            encounter = _hp(encounter, dice.choice(ids), dice.choice((0, 0, 5)))
        elif kind == 3 and change % 10 == 3:  # someone joins, or another game is asked
            rules = registry.get(game).encounter
            assert rules is not None
            encounter = core.join(
                encounter, rules.make_combatant(encounter.combatants[0].sheet, "Monsters")
            )
            a, b = (c.id for c in other.combatants[:2])
            core.closing_place(other, a, b, step)
        elif kind == 3:  # taken off the map
            places = dict(encounter.places)
            places.pop(ids[-1], None)
            encounter = encounter.model_copy(update={"places": places})
        ids = [c.id for c in encounter.combatants if c.id in encounter.places]
        mover, target = dice.sample(ids, 2)
        kept = core.closing_place(encounter, mover, target, step)
        assert core.closing_place(encounter, mover, target, step) == kept  # asked again
        assert kept == _fresh(encounter, mover, target, step), change


def test_a_crowd_finds_each_combatant_by_id() -> None:
    """Every id of a crowd of 30 found as the roster holds it, after a wound (a new roster),
    a join and a removal; an unknown id a KeyError; a small roster still searched."""
    game = GAMES[0]
    encounter = _crowd(game, 30)
    for changed in range(4):
        for combatant in encounter.combatants:
            assert encounter.combatant(combatant.id) is combatant
        with pytest.raises(KeyError):
            encounter.combatant("nobody")
        first = encounter.combatants[0]
        if changed == 0:
            encounter = _hp(encounter, first.id, 1)
            assert encounter.combatant(first.id) is encounter.combatants[0] is not first
        elif changed == 1:
            rules = registry.get(game).encounter
            assert rules is not None
            encounter = core.join(encounter, rules.make_combatant(first.sheet, "Party"))
        else:
            encounter = core.remove_combatant(encounter, encounter.combatants[changed].id)
    small = _crowd(game, 3)
    assert all(small.combatant(c.id) is c for c in small.combatants)
