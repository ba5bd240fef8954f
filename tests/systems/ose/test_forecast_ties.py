"""OSE rules the forecast applies, played through the tracker and through the simulator,
which must agree (issue 22): the order of a round from the side or individual rolls (slow
weapons last, tied sides at once), the surprise round, closing and withdrawing in the plane."""

from __future__ import annotations

import itertools

import pytest

from m3desk.core import encounter as core
from m3desk.core.places import Place
from m3desk.systems.ose import combat, forecast
from m3desk.systems.ose import round as rnd
from m3desk.systems.ose.encounter import OseEncounter
from m3desk.systems.ose.movement import withdrawal_feet
from m3desk.systems.ose.options import OseOptions
from m3desk.systems.ose.samples import characters, monsters
from m3desk.systems.ose.sheet import Weapon
from m3desk.systems.ose.system import SYSTEM
from tests.systems.down_ties import check_edges, check_one_rule

RULES = SYSTEM.encounter
assert RULES is not None


def _party(options: OseOptions | None = None, *, third_side: bool = False) -> OseEncounter:
    """Morgan (a slow two-handed sword in hand), Silverleaf, two goblins, maybe a rat."""
    heroes = characters()
    slow = heroes["Morgan Ironwolf"].model_copy(
        update={
            "weapons": (
                Weapon(name="two-handed sword", damage="1d10", slow=True),
                *heroes["Morgan Ironwolf"].weapons,
            )
        }
    )
    encounter = OseEncounter(name="Ties", options=options or OseOptions())
    members = [
        (slow, "Party"),
        (heroes["Silverleaf"], "Party"),
        (monsters()["Goblin"], "Goblins"),
        (monsters()["Goblin"], "Goblins"),
    ]
    if third_side:
        members.append((monsters()["Giant rat"], "Rats"))
    for sheet, side in members:
        encounter = core.join(encounter, RULES.make_combatant(sheet, side))
    for k, combatant in enumerate(encounter.combatants):
        encounter = core.move_to(encounter, combatant.id, Place.at(10 * k, 40 * (k % 2)))
    assert isinstance(encounter, OseEncounter)
    return encounter


def _tracked(encounter: OseEncounter) -> list[set[str]]:
    return [{c.id for c in count} for count in core.turn_order(encounter)]


def _played(encounter: OseEncounter, kept: list[int]) -> list[set[str]]:
    plan = forecast._Plan(encounter)
    groups, _rolls = forecast._order(plan, lambda: 0.0, plan.left, kept)
    return [{plan.ids[i] for i in group} for group in groups]


@pytest.mark.parametrize(
    ("party", "goblins", "rats"), list(itertools.product((1, 3, 6), (1, 3, 6), (3,)))
)
def test_side_rolls_order_the_round_as_the_tracker_does(
    party: int, goblins: int, rats: int
) -> None:
    encounter = core.start(_party(third_side=True))
    assert isinstance(encounter, OseEncounter)
    rolls = {"Party": party, "Goblins": goblins, "Rats": rats}
    for side, roll in rolls.items():
        encounter = rnd.set_side_roll(encounter, side, roll)
    plan = forecast._Plan(encounter)
    kept = [rolls.get(name, 0) for name in plan.side_names]
    assert _played(encounter, kept) == _tracked(encounter)


@pytest.mark.parametrize("dice", [(1, 1, 1, 1), (6, 2, 6, 3), (4, 4, 5, 1)])
def test_individual_rolls_order_the_round_as_the_tracker_does(
    dice: tuple[int, int, int, int],
) -> None:
    encounter = core.start(_party(OseOptions(individual_initiative=True)))
    assert isinstance(encounter, OseEncounter)
    for combatant, die in zip(encounter.combatants, dice, strict=True):
        encounter = rnd.set_individual_roll(encounter, combatant.id, die)
    kept = [c.rolled or 0 for c in encounter.combatants]
    assert _played(encounter, kept) == _tracked(encounter)


def test_the_surprise_round_is_the_tracker_s() -> None:
    encounter = _party().model_copy(update={"surprise_side": "Goblins"})
    tracked = _tracked(rnd.with_order(core.start(encounter)))
    plan = forecast._Plan(encounter)
    assert [{plan.ids[i] for i in group} for group in plan.surprise_groups] == tracked


def test_the_simulator_rolls_sides_as_the_tracker_rolls_them() -> None:
    """Under re-rolled ties the d6s the simulator draws are the tracker's: the same faces
    give the same rolls (core.initiative.roll_sides), ties rolled again."""
    faces = [3, 3, 5, 2]
    encounter = core.start(_party(OseOptions(ties="reroll")))
    assert isinstance(encounter, OseEncounter)

    class Faces:
        def __init__(self) -> None:
            self.left = list(faces)

        def d(self, sides: int) -> int:
            return self.left.pop(0)

    tracked = rnd.roll_initiative(encounter, Faces())  # type: ignore[arg-type]
    plan = forecast._Plan(encounter)
    draws = [(face - 0.5) / 6 for face in faces]
    _groups, rolls = forecast._order(plan, lambda: draws.pop(0), plan.left, None)
    played = {name: roll for name, roll in zip(plan.side_names, rolls, strict=True) if roll}
    assert played == dict(tracked.side_rolls)


@pytest.mark.parametrize("step", [5, 20, 35])
def test_closing_ends_where_the_map_puts_it(step: int) -> None:
    """The simulator's walk toward a goblin leaves Silverleaf where the tracker's move along
    the line (core.set_position) does: the same distances to everyone."""
    encounter = _party()
    plan = forecast._Plan(encounter)
    fight = forecast._Fight(plan, lambda: 0.5)
    walker, goblin = 1, 2
    feet = fight.foes.feet
    before = feet(walker, goblin)
    fight.close(walker, goblin, step, step)
    moved = core.set_position(
        encounter, plan.ids[walker], plan.ids[goblin], before - step, log=False
    )
    assert [feet(walker, j) for j in range(plan.n)] == [
        0 if j == walker else core.position_between(moved, plan.ids[walker], plan.ids[j])
        for j in range(plan.n)
    ]
    assert all(feet(j, walker) == feet(walker, j) for j in range(plan.n))


@pytest.mark.parametrize("declared", ["fighting withdrawal", "retreat"])
def test_a_withdrawal_steps_away_from_the_nearest_foe_by_the_rule_s_feet(declared: str) -> None:
    encounter = _party()
    morgan = encounter.combatants[0]
    encounter = core.update_combatant(encounter, morgan.id, declared=declared)
    assert isinstance(encounter, OseEncounter)
    plan = forecast._Plan(encounter)
    fight = forecast._Fight(plan, lambda: 0.5)
    nearest = min((2, 3), key=lambda j: fight.foes.feet(0, j))
    assert fight.foes.pick(0, how="nearest") == nearest
    before = fight.foes.feet(0, nearest)
    fight.back_off(0, nearest, plan.away[0])
    assert plan.away[0] == withdrawal_feet(plan.rate[0], declared) > 0
    moved = core.set_position(
        encounter, morgan.id, plan.ids[nearest], before + plan.away[0], log=False
    )
    assert fight.foes.feet(0, nearest) == core.position_between(moved, morgan.id, plan.ids[nearest])


@pytest.mark.parametrize(
    ("party", "goblins", "rats"), list(itertools.product((2, 5), (2, 5), (1, 5)))
)
def test_the_public_side_order_is_the_tracker_s(party: int, goblins: int, rats: int) -> None:
    """``side_initiative_order`` groups sides as the tracker's turn order does for the same
    typed d6s (nobody with a slow weapon: a side is one count)."""
    from m3desk.systems.ose import side_initiative_order

    encounter = _party(third_side=True)
    morgan = encounter.combatants[0]
    encounter = core.replace_sheet(encounter, morgan.id, characters()["Morgan Ironwolf"])
    encounter = core.start(encounter)
    assert isinstance(encounter, OseEncounter)
    rolls = {"Party": party, "Goblins": goblins, "Rats": rats}
    for side, roll in rolls.items():
        encounter = rnd.set_side_roll(encounter, side, roll)
    tracked = [sorted({c.side for c in count}) for count in core.turn_order(encounter)]
    merged: list[list[str]] = []
    for sides in tracked:  # a side's missiles and melee are two counts of one roll
        if merged and rolls[sides[0]] == rolls[merged[-1][0]]:
            merged[-1] = sorted({*merged[-1], *sides})
        else:
            merged.append(sides)
    assert merged == [sorted(group) for group in side_initiative_order(rolls)]


def test_down_is_the_encounter_s_out_of_fight_at_its_edges() -> None:
    """Whoever the simulator counts down is out of the fight in the tracker at the hit
    points the fight left them, a goblin starting at 1, 0 or −1 included."""
    check_edges(_party(), forecast.simulate, (1, 0, -1, -9))


def test_the_simulator_asks_the_one_down_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    check_one_rule(monkeypatch, combat, _party, forecast.simulate)
