"""The round's first turn, missile counts and a set spear, as rules (no Qt): the core's one
pointer rule (:func:`core.first_turn_follows`) under 2e's side d10, lower first."""

from __future__ import annotations

from m3desk.core import encounter as core
from m3desk.systems.adnd2e.table import ENCOUNTER_RULES, AdndEncounter, type_initiative
from m3desk.systems.monsters_and_magic.dice import Roller
from tests.systems.adnd2e.fight import ids, seed_fight


def _round_one() -> AdndEncounter:
    started = core.next_turn(seed_fight())
    assert isinstance(started, AdndEncounter) and started.turn is None
    return started


def _typed(encounter: AdndEncounter, **rolls: int) -> AdndEncounter:
    for name, roll in rolls.items():
        encounter, _text = type_initiative(encounter, ids(encounter)[name], roll)
    return encounter


def _walk(encounter: core.Encounter) -> list[str]:
    start, seen = encounter.round, []
    while encounter.round == start and encounter.turn is not None:
        seen.append(encounter.combatant(encounter.turn).name)
        encounter = core.next_turn(encounter)
    return seen


def test_the_lower_side_acts_first_whichever_die_was_typed_first() -> None:
    for first, second in ((("Orc", 7), ("Rath", 3)), (("Rath", 3), ("Orc", 7))):
        one = _typed(_round_one(), **dict([first]))
        assert one.turn is None
        both = _typed(one, **dict([second]))
        assert _walk(both) == ["Rath", "Delsenora", "Ilse", "Rupert", "Ogre", "Orc", "Kobold"]


def test_a_tie_is_one_count_and_the_pointer_visits_everyone() -> None:
    tied = _typed(_round_one(), Orc=4, Rath=4)
    assert len(core.turn_order(tied)) == 1 and len(_walk(tied)) == 7


def test_once_the_round_moved_on_a_changed_die_leaves_the_pointer() -> None:
    typed = _typed(_round_one(), Rath=3, Orc=5)
    moved_on = core.next_turn(typed)
    assert moved_on.combatant(moved_on.turn or "").name == "Delsenora"
    retyped = _typed(moved_on, Orc=1)
    assert retyped.turn == moved_on.turn


def test_the_roll_initiative_command_starts_on_the_lower_count() -> None:
    roll = ENCOUNTER_RULES.roll_initiative
    assert roll is not None
    encounter: core.Encounter = _round_one()
    roller = Roller(5)
    for round_number in range(1, 9):
        encounter = roll(encounter, roller)
        flat = [c.name for group in core.turn_order(encounter) for c in group]
        assert _walk(encounter) == flat
        while encounter.round == round_number:
            encounter = core.next_turn(encounter)
