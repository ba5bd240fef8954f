"""The forecast runner: seeded, repeatable, summed up with standard errors (the toy game)."""

from __future__ import annotations

from fractions import Fraction

from m3desk.core import encounter as core
from m3desk.core.forecast import FightResult, Policy, forecast, run_fights, stream, summarise
from tests.toy_system import TOY, ToyEncounter, ToySheet


def _fight(party: list[ToySheet], monsters: list[ToySheet]) -> ToyEncounter:
    assert TOY.encounter is not None
    encounter = ToyEncounter(name="Forecast")
    for sheets, side in ((party, "Party"), (monsters, "Monsters")):
        for sheet in sheets:
            encounter = core.join(encounter, TOY.encounter.make_combatant(sheet, side))
    return encounter


def _simulate() -> object:
    assert TOY.encounter is not None and TOY.encounter.simulate is not None
    return TOY.encounter.simulate


def test_the_same_seed_gives_the_same_forecast_and_another_seed_another() -> None:
    encounter = _fight([ToySheet(name="Aldo")], [ToySheet(name="Goblin")])
    first = forecast(encounter, _simulate(), fights=300, seed=7)  # type: ignore[arg-type]
    again = forecast(encounter, _simulate(), fights=300, seed=7)  # type: ignore[arg-type]
    other = forecast(encounter, _simulate(), fights=300, seed=8)  # type: ignore[arg-type]
    assert first == again
    assert first != other
    # Fight 5 of seed 7 is the same fight whether it runs alone or in a batch.
    alone = run_fights(encounter, _simulate(), fights=1, seed=7, start=5)  # type: ignore[arg-type]
    batch = run_fights(encounter, _simulate(), fights=10, seed=7)  # type: ignore[arg-type]
    assert alone[0] == batch[5]


def test_a_lopsided_fight_is_forecast_lopsided() -> None:
    heroes = [
        ToySheet(name=f"Hero {n}", attack=8, hit_points=30, max_hit_points=30) for n in range(4)
    ]
    rat = ToySheet(name="Rat", hit_points=3, max_hit_points=3, ac=10)
    result = forecast(_fight(heroes, [rat]), _simulate(), fights=500, seed=1)  # type: ignore[arg-type]
    assert result.wins["Party"].value > 0.99
    assert result.down[next(iter(result.down))].value == 0.0  # Hero 1 never falls
    assert 1 <= result.mean_rounds < 2
    assert sum(result.rounds.values()) == 500


def test_shares_carry_standard_errors_that_shrink_with_more_fights() -> None:
    encounter = _fight([ToySheet(name="Aldo")], [ToySheet(name="Goblin")])
    small = forecast(encounter, _simulate(), fights=100, seed=3)  # type: ignore[arg-type]
    large = forecast(encounter, _simulate(), fights=1600, seed=3)  # type: ignore[arg-type]
    assert 0.2 < large.wins["Party"].value < 0.8
    assert large.wins["Party"].error < small.wins["Party"].error / 3


def test_one_simulated_attack_agrees_with_the_dialog_s_exact_odds() -> None:
    """The first blow's hit rate over 4000 fights is within 4 standard errors of the exact
    chance the action dialog shows (tolerance stated: |observed − exact| < 4·SE)."""
    assert TOY.encounter is not None
    aldo = ToySheet(name="Aldo", attack=4)
    goblin = ToySheet(name="Goblin", hit_points=99, max_hit_points=99)
    encounter = _fight([aldo], [goblin])
    a, g = (c.id for c in encounter.combatants)
    encounter = core.set_position(encounter, a, g, 5)
    exact = TOY.encounter.preview(encounter, a, "attack", g).success
    assert exact == Fraction(13, 20)
    hits = 0
    fights = 4000
    for number in range(fights):
        dice = stream(11, number)
        dice.randint(1, 6)  # the toy rolls its sides' order first (two sides)
        dice.randint(1, 6)
        roll = dice.randint(1, 20)
        hits += roll == 20 or roll + aldo.attack >= goblin.ac
    observed = hits / fights
    error = (float(exact) * (1 - float(exact)) / fights) ** 0.5
    assert abs(observed - float(exact)) < 4 * error


def test_the_policy_changes_whom_they_hit() -> None:
    weak = ToySheet(name="Weak", hit_points=4, max_hit_points=20)
    strong = ToySheet(name="Strong", hit_points=20, max_hit_points=20)
    encounter = _fight([ToySheet(name="Aldo", attack=10)], [strong, weak])
    strong_id, weak_id = (c.id for c in encounter.combatants[1:])
    weakest = forecast(
        encounter,
        _simulate(),
        fights=300,
        seed=2,  # type: ignore[arg-type]
        policy=Policy(target="weakest", max_rounds=1),
    )
    first = forecast(
        encounter,
        _simulate(),
        fights=300,
        seed=2,  # type: ignore[arg-type]
        policy=Policy(target="nearest", max_rounds=1),
    )
    assert weakest.down[weak_id].value > first.down[weak_id].value
    assert weakest.hit_points[strong_id] > first.hit_points[strong_id]


def test_summaries_of_no_fights_are_empty_not_errors() -> None:
    result = summarise([], ["Party"], ["a"])
    assert result.fights == 0 and result.wins["Party"].value == 0.0
    one = summarise([FightResult(winner=None, rounds=20, down=frozenset())], ["Party"], ["a"])
    assert one.stalemate.value == 1.0 and one.mean_rounds == 20
