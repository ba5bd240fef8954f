"""The encounter skeleton with a toy game: side initiative lower-first, distances, conditions."""

from __future__ import annotations

from typing import ClassVar

import pytest

from m3desk.core import encounter as core
from m3desk.core.encounter import Combatant, ConditionState, Encounter
from m3desk.core.system import InitiativeScheme, PositionModel


class ToyEncounter(Encounter):
    scheme: ClassVar[InitiativeScheme] = InitiativeScheme(
        roller="side_die", die=10, lower_first=True
    )
    position_model: ClassVar[PositionModel] = PositionModel(
        kind="distance", unit="ft", maximum=300, step=5
    )


def _fight() -> tuple[ToyEncounter, dict[str, str]]:
    encounter = ToyEncounter()
    for name, side in (
        ("Aldo", "Party"),
        ("Bea", "Party"),
        ("Goblin", "Monsters"),
        ("Goblin", "Monsters"),
    ):
        encounter = core.join(encounter, Combatant(name=name, side=side))
    return encounter, {c.name: c.id for c in encounter.combatants}


def test_copies_are_numbered_and_sides_kept() -> None:
    encounter, ids = _fight()
    assert list(ids) == ["Aldo", "Bea", "Goblin 1", "Goblin 2"]
    assert encounter.sides == ("Party", "Monsters")


def test_side_initiative_lower_first_and_ties_act_together() -> None:
    encounter, _ids = _fight()
    encounter = core.set_side_initiative(encounter, {"Party": 7, "Monsters": 3})
    order = core.turn_order(encounter)
    assert [[c.name for c in count] for count in order] == [
        ["Goblin 1", "Goblin 2"],
        ["Aldo", "Bea"],
    ]
    assert encounter.log[-1].text == "Initiative: Party 7, Monsters 3"


def test_a_new_round_clears_rerolled_initiative_and_counts_conditions_down() -> None:
    encounter, ids = _fight()
    encounter = core.set_side_initiative(encounter, {"Party": 2, "Monsters": 5})
    encounter = core.start(encounter)
    encounter = core.add_condition(
        encounter, ids["Aldo"], ConditionState(condition="prone", name="Prone", rounds=1)
    )
    for _ in range(4):
        encounter = core.next_turn(encounter)
    assert encounter.round == 2
    # Placed in round 1, its one round is round 2: it is still there.
    assert [c.name for c in encounter.combatant(ids["Aldo"]).conditions] == ["Prone"]
    assert all(c.initiative is None for c in encounter.combatants)
    encounter = core.set_side_initiative(encounter, {"Party": 1, "Monsters": 2})
    encounter = core.next_turn(core.next_turn(core.next_turn(core.next_turn(encounter))))
    assert encounter.round == 3
    assert encounter.combatant(ids["Aldo"]).conditions == ()
    assert "Expired: Prone on Aldo" in [entry.text for entry in encounter.log]


def test_newcomers_stand_with_their_side_and_the_sides_start_apart() -> None:
    """Each side in a loose group, the front of each side the starting distance (twelve
    steps, 60 ft) from the other's: never everyone at the board's farthest."""
    encounter, ids = _fight()
    between = {
        (a, b): core.position_between(encounter, ids[a], ids[b]) for a in ids for b in ids if a < b
    }
    assert between[("Aldo", "Goblin 1")] == 60  # the front of each side, straight across
    assert between[("Bea", "Goblin 2")] == 60
    assert between[("Aldo", "Bea")] == 10  # two steps apart in the group
    assert between[("Goblin 1", "Goblin 2")] == 10
    assert 60 < between[("Aldo", "Goblin 2")] < 70


def test_positions_are_distances_with_a_bound() -> None:
    encounter, ids = _fight()
    a, g = ids["Aldo"], ids["Goblin 1"]
    encounter = core.set_position(encounter, a, g, 30)
    assert core.position_between(encounter, g, a) == 30
    assert encounter.log[-1].text == "Aldo ↔ Goblin 1: 30 ft"
    assert core.position_between(core.set_position(encounter, a, g, 9999), a, g) == 300
    encounter = core.remove_combatant(encounter, g)
    assert encounter.positions == {}
    assert g not in encounter.places


def test_setting_a_distance_moves_the_mover_and_every_distance_to_it_follows() -> None:
    encounter, ids = _fight()
    a, b, g = ids["Aldo"], ids["Bea"], ids["Goblin 1"]
    moved = core.set_position(encounter, a, g, 5)  # Aldo (the first named) closes on Goblin 1
    assert moved.places[g] == encounter.places[g]
    assert moved.places[b] == encounter.places[b]
    assert core.position_between(moved, a, g) == 5
    assert core.position_between(moved, a, b) != core.position_between(encounter, a, b)
    pushed = core.set_position(moved, a, g, 10, mover=g)  # Goblin 1 is pushed back
    assert pushed.places[a] == moved.places[a]
    assert core.position_between(pushed, a, g) == 10
    with pytest.raises(ValueError, match="mover"):
        core.set_position(moved, a, g, 10, mover=b)


def test_a_combatant_has_no_position_to_itself() -> None:
    with pytest.raises(ValueError):
        core.pair_key("a", "a")


def test_impossible_initiative_is_refused() -> None:
    encounter, ids = _fight()
    with pytest.raises(ValueError):
        core.set_initiative(encounter, {ids["Aldo"]: 500})


def test_initiative_set_changes_the_count_alone() -> None:
    """Only the count is validated and changed (a crowd's forecast sets 200 twice a round):
    the rest of each combatant is kept as it was, a refused count names its field."""
    encounter, ids = _fight()
    after = core.set_initiative(encounter, {ids["Aldo"]: 7})
    for before, now in zip(encounter.combatants, after.combatants, strict=True):
        expected = 7 if before.id == ids["Aldo"] else before.initiative
        assert now.initiative == expected
        assert now.model_dump(exclude={"initiative"}) == before.model_dump(exclude={"initiative"})
    with pytest.raises(ValueError, match="initiative"):
        core.set_initiative(encounter, {ids["Aldo"]: -100})


def test_several_log_lines_at_once_read_as_one_by_one() -> None:
    encounter, ids = _fight()
    lines = [("Aldo rolls initiative: d8 3", ids["Aldo"]), ("The table waits", None)]
    one_by_one = encounter
    for text, actor in lines:
        one_by_one = core.add_log(one_by_one, text, actor=actor)
    assert tuple(core.add_logs(encounter, lines).log) == tuple(one_by_one.log)


def test_a_round_without_its_initiative_waits_for_it() -> None:
    encounter, _ids = _fight()
    encounter = core.set_side_initiative(encounter, {"Party": 2, "Monsters": 5})
    encounter = core.start(encounter)
    for _ in range(4):
        encounter = core.next_turn(encounter)
    assert encounter.turn is None
    with pytest.raises(core.InitiativeNeededError, match="Roll initiative"):
        core.next_turn(encounter)
    rolled = core.set_side_initiative(encounter, {"Party": 4, "Monsters": 9})
    assert rolled.combatant(rolled.turn or "").name == "Aldo"


class CountingEncounter(ToyEncounter):
    """A game whose turn budget is reset when a turn begins (Apparatus' Movement)."""

    begun: tuple[str, ...] = ()

    def turn_begins(self, combatant_id: str) -> CountingEncounter:
        return self.model_copy(update={"begun": (*self.begun, combatant_id)})


def test_each_turn_that_begins_is_announced_to_the_game_once() -> None:
    encounter = CountingEncounter()
    for name, side in (("Aldo", "Party"), ("Goblin", "Monsters")):
        encounter = core.join(encounter, Combatant(name=name, side=side))
    ids = {c.name: c.id for c in encounter.combatants}
    encounter = core.set_side_initiative(encounter, {"Party": 2, "Monsters": 5})
    encounter = core.next_turn(encounter)  # start: Aldo (lower first)
    encounter = core.next_turn(encounter)  # Goblin
    assert encounter.begun == (ids["Aldo"], ids["Goblin"])
    assert core.previous_turn(encounter).begun == encounter.begun  # stepping back is no new turn


class FallingEncounter(ToyEncounter):
    """A game where a combatant whose notes say "down" takes no more turns."""

    def out_of_fight(self, combatant: Combatant) -> bool:
        return combatant.notes == "down"


def test_the_turn_passes_over_those_out_of_the_fight() -> None:
    encounter = FallingEncounter()
    for name, side in (("Aldo", "Party"), ("Bea", "Party"), ("Goblin", "Monsters")):
        encounter = core.join(encounter, Combatant(name=name, side=side))
    ids = {c.name: c.id for c in encounter.combatants}
    encounter = core.set_side_initiative(encounter, {"Party": 2, "Monsters": 5})
    encounter = core.next_turn(encounter)  # the goblin (lower first: the party at 2)
    assert encounter.turn == ids["Aldo"]
    # Aldo falls in his own turn: the turn goes on to Bea, not back to the round's start.
    encounter = core.update_combatant(encounter, ids["Aldo"], notes="down")
    encounter = core.next_turn(encounter)
    assert encounter.turn == ids["Bea"]
    encounter = core.next_turn(encounter)
    assert encounter.turn == ids["Goblin"]
    encounter = core.set_side_initiative(core.next_turn(encounter), {"Party": 1, "Monsters": 9})
    assert encounter.round == 2
    encounter = core.next_turn(encounter) if encounter.turn is None else encounter
    assert encounter.turn != ids["Aldo"]
