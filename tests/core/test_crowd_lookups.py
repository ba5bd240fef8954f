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
from m3desk.core.places import Place, toward
from tests.benchmarks.test_big_fight_bench import _crowd

GAMES = sorted(s.id for s in registry.systems() if s.positions.kind == "distance")


def _answers(
    encounters: list[core.Encounter], asked: list[tuple[str, str]], value: float
) -> tuple[list[Place], list[Place]]:
    """closing_place's answers for each encounter in turn, read afresh each time (its kept
    spots forgotten), then kept from one encounter to the next as a fight asks them."""
    fresh = []
    for encounter, (mover, target) in zip(encounters, asked, strict=True):
        encounter_places._LAST.standing = None
        fresh.append(core.closing_place(encounter, mover, target, value))
    encounter_places._LAST.standing = None
    kept = [
        core.closing_place(encounter, mover, target, value)
        for encounter, (mover, target) in zip(encounters, asked, strict=True)
    ]
    return fresh, kept


def _hp(encounter: core.Encounter, cid: str, hp: int) -> core.Encounter:
    """The combatant with ``hp`` hit points (or the game's pool) left."""
    rules = registry.system_of(encounter).encounter
    assert rules is not None
    sheet = encounter.combatant(cid).sheet
    changed = rules.with_hit_points(sheet, hp)
    if changed is sheet:  # a game whose copies keep their sheet's: its hit points set
        changed = sheet.model_copy(update={"hit_points": hp})
    return core.replace_sheet(encounter, cid, changed)


@pytest.mark.parametrize("game", GAMES)
def test_a_closer_stops_where_a_fresh_reading_puts_it(game: str) -> None:
    """A closer's spot on the line taken by a third, who falls, rises, steps off and back,
    then is asked for again after others join, leave the map and another game's encounter
    is asked in between: the kept spots answer as a fresh reading each time (and the
    answers differ: the spot is free, then not)."""
    encounter = _crowd(game, 24)
    other = _crowd(GAMES[(GAMES.index(game) + 1) % len(GAMES)], 20)
    step = encounter.position_model.step
    ids = [c.id for c in encounter.combatants]
    mover, target, blocker = ids[0], ids[1], ids[2]
    there = encounter.places[target]
    spot = toward(encounter.position_model, encounter.places[mover], there, step)
    away = Place.at(there.x + 40 * step, there.y + 40 * step)
    states = [encounter]

    def then(changed: core.Encounter) -> None:
        states.append(changed)

    then(core.move_to(states[-1], blocker, spot))  # on the spot
    then(_hp(states[-1], blocker, 0))  # falls
    then(_hp(states[-1], blocker, 5))  # rises
    then(core.move_to(states[-1], blocker, away))  # steps off
    then(core.move_to(states[-1], blocker, spot))  # and back
    rules = registry.get(game).encounter
    assert rules is not None
    then(core.join(states[-1], rules.make_combatant(encounter.combatants[3].sheet, "Party")))
    places = dict(states[-1].places)
    places.pop(ids[5])
    then(states[-1].model_copy(update={"places": places}))
    fresh, kept = _answers(states, [(mover, target)] * len(states), step)
    assert kept == fresh
    assert fresh[1] != fresh[2] and fresh[3] != fresh[4] != fresh[5]
    # another game asked between two of this one's questions
    encounter_places._LAST.standing = None
    assert core.closing_place(states[1], mover, target, step) == fresh[1]
    a, b = (c.id for c in other.combatants[:2])
    core.closing_place(other, a, b, step)
    assert core.closing_place(states[2], mover, target, step) == fresh[2]


@pytest.mark.parametrize("game", GAMES)
def test_a_closer_in_a_changing_crowd(game: str) -> None:
    """Forty random changes to a crowd of 24 (moves onto and beside others, falls and
    rises), each followed by a question: the kept spots answer as fresh readings."""
    dice = random.Random(30)
    states = [_crowd(game, 24)]
    step = states[0].position_model.step
    ids = [c.id for c in states[0].combatants]
    asked = [(ids[0], ids[1])]
    for change in range(40):
        encounter = states[-1]
        if change % 3:
            near = encounter.places[dice.choice(ids)]
            spot = Place.at(near.x + step * dice.choice((0, 1)), near.y + step * dice.randint(0, 1))
            encounter = core.move_to(encounter, dice.choice(ids), spot)
        else:
            encounter = _hp(encounter, dice.choice(ids), dice.choice((0, 0, 5)))
        states.append(encounter)
        asked.append(tuple(dice.sample(ids, 2)))  # type: ignore[arg-type]
    fresh, kept = _answers(states, asked, step)
    assert kept == fresh


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
