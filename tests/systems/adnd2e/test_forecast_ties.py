"""AD&D rules the forecast applies, each played through the encounter (the tracker's round
end, the action dialog's resolve, the map's move) and through the simulator, which must
agree (issue 22): critical hits, conditions counting down, walking in the plane."""

from __future__ import annotations

import random

import pytest

from m3desk.core import encounter as core
from m3desk.core.actions import Action
from m3desk.core.forecast import Policy, run_fights
from m3desk.core.places import Place
from m3desk.systems.adnd2e import combat, forecast
from m3desk.systems.adnd2e.option_rules import attack_rule
from m3desk.systems.adnd2e.options import AdndOptions
from m3desk.systems.adnd2e.samples import ORC, RATH
from m3desk.systems.adnd2e.table import ENCOUNTER_RULES, AdndEncounter
from tests.systems.adnd2e.fight import ids
from tests.systems.down_ties import check_edges, check_one_rule

ATTACK_0_ANY = Action("attack", 0, variant="any")

RULES = ENCOUNTER_RULES


class Scripted(random.Random):
    """Dice that show the faces given, in order (each d``sides`` face as a ``random()``)."""

    def __init__(self, faces: list[tuple[int, int]]) -> None:
        super().__init__(0)
        self.values = [(face - 0.5) / sides for face, sides in faces]

    def random(self) -> float:
        return self.values.pop(0)


def _duel(critical: str = "off", feet: int = 5, orc_points: int = 40) -> AdndEncounter:
    encounter = AdndEncounter(name="Duel", options=AdndOptions(critical_hits=critical))
    encounter = core.join(encounter, RULES.make_combatant(RATH, "Party"))
    encounter = core.join(
        encounter,
        RULES.make_combatant(
            ORC.model_copy(update={"hit_points": orc_points, "max_hit_points": orc_points}),
            "Monsters",
        ),
    )
    named = ids(encounter)
    encounter = core.move_to(encounter, named["Rath"], Place.at(0, 0))
    encounter = core.move_to(encounter, named["Orc"], Place.at(feet, 0))
    assert isinstance(encounter, AdndEncounter)
    return encounter


@pytest.mark.parametrize("critical", ["off", "double_dice", "extra_attack"])
@pytest.mark.parametrize(("natural", "dice"), [(20, (3, 7)), (19, (5, 1)), (20, (8, 8))])
def test_a_hit_deals_what_the_dialog_deals(
    critical: str, natural: int, dice: tuple[int, int]
) -> None:
    """The same d20 and damage faces through the dialog's resolve and the simulator's
    attack: the same damage (a natural 20 doubling the dice under double-dice criticals)."""
    encounter = _duel(critical)
    named = ids(encounter)
    rath, orc = named["Rath"], named["Orc"]
    outcome = RULES.resolve(encounter, rath, ATTACK_0_ANY, orc, (natural, *dice))
    dealt = 40 - outcome.encounter.combatant(orc).sheet.hit_points
    played = forecast.play_attack(
        encounter, rath, orc, Scripted([(natural, 20), *((d, 8) for d in dice)])
    )
    assert played == dealt > 0


def test_an_extra_attack_on_a_natural_20_in_both() -> None:
    """Extra-attack criticals: the dialog says a natural 20 earns another attack; in the
    simulator the same 20 is followed by a second roll against the same foe."""
    encounter = _duel("extra_attack")
    named = ids(encounter)
    outcome = RULES.resolve(encounter, named["Rath"], ATTACK_0_ANY, named["Orc"], (20, 4))
    assert any("extra attack" in notice for notice in outcome.notices)
    first = 40 - outcome.encounter.combatant(named["Orc"]).sheet.hit_points
    again = RULES.resolve(outcome.encounter, named["Rath"], ATTACK_0_ANY, named["Orc"], (15, 6))
    second = 40 - first - again.encounter.combatant(named["Orc"]).sheet.hit_points
    # Initiative 1 against 10: Rath first, a 20 and 4 on the d8; under extra-attack
    # criticals a second roll follows, 15 and 6, before the orc's turn.
    values = forecast.prepared(encounter)
    hits = []
    for extra in (True, False):
        played = _duel("extra_attack" if extra else "off")
        played = core.update_combatant(played, ids(played)["Rath"], initiative=1)
        played = core.update_combatant(played, ids(played)["Orc"], initiative=9)
        result = forecast.play(
            forecast.prepared(played),
            Scripted([(1, 10), (10, 10), (20, 20), (4, 8), (15, 20), (6, 8), (1, 20)]).random,
            "nearest",
            True,
            1,
        )
        hits.append(40 - result.hit_points[ids(played)["Orc"]])
    assert values.critical == attack_rule(AdndOptions(critical_hits="extra_attack"))
    assert hits == [first + second, first]


@pytest.mark.parametrize(("rounds", "placed_now"), [(1, False), (2, False), (3, True), (1, True)])
def test_a_condition_runs_out_in_the_round_the_tracker_says(rounds: int, placed_now: bool) -> None:
    """A stunned orc (+4 to hit it) for ``rounds``: the round from which the tracker's round
    end has taken it off is the round from which the simulator prices Rath's attack
    without it."""
    encounter = _duel()
    encounter = core.start(encounter)
    if not placed_now:
        encounter = encounter.model_copy(update={"round": 1})
    named = ids(encounter)
    encounter = core.add_condition(
        encounter,
        named["Orc"],
        core.ConditionState(condition="stunned", name="Stunned", rounds=rounds),
    )
    if not placed_now:
        encounter = encounter.model_copy(update={"round": 2})
    assert isinstance(encounter, AdndEncounter)
    tracked = encounter
    gone_from = None
    for played in range(1, 8):
        tracked, _expired = tracked.round_ended()
        tracked = tracked.model_copy(update={"round": tracked.round + 1})
        if not tracked.combatant(named["Orc"]).conditions:
            gone_from = played + 1
            break
    values = forecast.prepared(encounter)
    assert [start for start, _arms in values.later] == [gone_from]
    stunned = values.melee[0][1]
    after = values.later[0][1].melee[0][1]
    assert stunned is not None and after is not None
    plain = forecast.prepare(_duel()).melee[0][1]
    assert after == plain and stunned != plain
    assert stunned[0].mean > after[0].mean


@pytest.mark.parametrize(("feet", "budget"), [(60, 30), (200, 120), (35, 90)])
def test_walking_toward_a_foe_ends_where_the_map_puts_it(feet: int, budget: int) -> None:
    """The simulator's walk toward the orc leaves Rath where the tracker's move along the
    line (core.set_position) does: the same distance to the orc and to a third party."""
    encounter = _duel(feet=feet)
    encounter = core.join(encounter, RULES.make_combatant(ORC, "Monsters"))
    third = encounter.combatants[-1].id
    encounter = core.move_to(encounter, third, Place.at(feet, 40))
    named = ids(encounter)
    rath, orc = named["Rath"], encounter.combatants[1].id
    values = forecast.prepared(encounter)
    plane = values.plane.copy()
    wanted = max(5, feet - budget)
    plane.approach(0, 1, wanted)
    moved = core.set_position(encounter, rath, orc, wanted, log=False)
    assert plane.row(0) == [
        0,
        core.position_between(moved, rath, orc),
        core.position_between(moved, rath, third),
    ]


def test_the_forecast_walks_in_the_plane() -> None:
    """Rath 200' from one orc and 60' from another beside it: he closes on the nearer and
    every distance the fights end with is one the places can hold (no pair drifts)."""
    encounter = _duel(feet=60, orc_points=3)
    results = run_fights(
        encounter, forecast.simulate, fights=30, seed=3, policy=Policy(max_rounds=3)
    )
    assert {r.rounds for r in results} <= {1, 2, 3}
    assert any(r.winner == "Party" for r in results)


def test_the_critical_and_damage_rules_at_their_edges() -> None:
    """What the dialog and the forecast share, pinned: only a natural 20 under double-dice
    criticals doubles the dice, only under extra-attack ones earns another, and a hit deals
    at least 1."""
    off, double, extra = (
        attack_rule(AdndOptions(critical_hits=critical))
        for critical in ("off", "double_dice", "extra_attack")
    )
    assert [double.doubles_dice(n) for n in (19, 20)] == [False, True]
    assert not off.doubles_dice(20) and not extra.doubles_dice(20)
    assert [extra.extra_on(n) for n in (19, 20)] == [False, True]
    assert not off.extra_on(20) and not double.extra_on(20)
    assert [
        combat.hit_damage(rolled, bonus)
        for rolled, bonus in ((1, -3), (0, 1), (1, 0), (2, 0), (1, 1), (6, 2))
    ] == [1, 1, 1, 2, 2, 8]


@pytest.mark.parametrize("critical", ["off", "double_dice", "extra_attack"])
def test_a_natural_20_doubles_the_dice_only_under_double_dice(critical: str) -> None:
    encounter = _duel(critical)
    named = ids(encounter)
    rath, orc = named["Rath"], named["Orc"]
    plain = (
        40
        - RULES.resolve(encounter, rath, ATTACK_0_ANY, orc, (19, 3, 7))
        .encounter.combatant(orc)
        .sheet.hit_points
    )
    twenty = (
        40
        - RULES.resolve(encounter, rath, ATTACK_0_ANY, orc, (20, 3, 7))
        .encounter.combatant(orc)
        .sheet.hit_points
    )
    assert twenty == plain + (7 if critical == "double_dice" else 0)
    played = forecast.play_attack(encounter, rath, orc, Scripted([(20, 20), (3, 8), (7, 8)]))
    assert played == twenty


def _melee(deaths_door: bool) -> AdndEncounter:
    """Rath and a second orc beside the first, death's door as asked."""
    encounter = _duel(feet=5, orc_points=6)
    encounter = core.join(encounter, RULES.make_combatant(ORC, "Monsters"))
    encounter = core.move_to(encounter, encounter.combatants[-1].id, Place.at(5, 5))
    encounter = encounter.model_copy(update={"options": AdndOptions(deaths_door=deaths_door)})
    assert isinstance(encounter, AdndEncounter)
    return encounter


@pytest.mark.parametrize("deaths_door", [False, True])
def test_down_is_the_encounter_s_out_of_fight_at_its_edges(deaths_door: bool) -> None:
    """At 0, −1, −9 and −10 (death's door on: unconscious, bleeding, dead) and at 1, whom
    the simulator counts down is out of the fight in the tracker at its final hit points."""
    check_edges(_melee(deaths_door), forecast.simulate, (1, 0, -1, -9, -10))


@pytest.mark.parametrize("deaths_door", [False, True])
def test_the_simulator_asks_the_one_down_rule(
    monkeypatch: pytest.MonkeyPatch, deaths_door: bool
) -> None:
    check_one_rule(monkeypatch, combat, lambda: _melee(deaths_door), forecast.simulate)
