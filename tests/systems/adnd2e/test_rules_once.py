"""AD&D rules the forecast applies, played through the encounter and through the simulator
(issue 22): death's-door bleeding at the round's end, and the initiative order."""

from __future__ import annotations

import pytest

from m3desk.core import encounter as core
from m3desk.core.forecast import Policy, run_fights
from m3desk.systems.adnd2e import combat
from m3desk.systems.adnd2e.forecast import simulate
from m3desk.systems.adnd2e.option_rules import DeathRule, death_rule
from m3desk.systems.adnd2e.options import AdndOptions
from m3desk.systems.adnd2e.samples import ILSE, ORC, RATH
from m3desk.systems.adnd2e.table import ENCOUNTER_RULES, AdndEncounter
from tests.systems.adnd2e.fight import ids

RULES = ENCOUNTER_RULES


def _far_fight(ilse_points: int, *, bound: bool, deaths_door: bool = True) -> AdndEncounter:
    """Rath and Ilse (at ``ilse_points``) 500' from an orc: nobody strikes in a round."""
    encounter = AdndEncounter(name="Far", options=AdndOptions(deaths_door=deaths_door))
    for sheet, side in (
        (RATH, "Party"),
        (ILSE.model_copy(update={"hit_points": ilse_points}), "Party"),
        (ORC, "Monsters"),
    ):
        encounter = core.join(encounter, RULES.make_combatant(sheet, side))
    named = ids(encounter)
    for name in ("Rath", "Ilse"):
        encounter = core.set_position(encounter, named[name], named["Orc"], 500)
    if bound:
        encounter = core.add_condition(
            encounter, named["Ilse"], core.ConditionState(condition="bound", name="Bound")
        )
    assert isinstance(encounter, AdndEncounter)
    return encounter


@pytest.mark.parametrize(
    ("points", "bound", "deaths_door"),
    [
        (-3, False, True),
        (-3, True, True),
        (0, False, True),
        (-9, False, True),
        (-3, False, False),
        (4, False, True),
    ],
)
def test_bleeding_at_the_round_end_is_the_same_in_tracker_and_forecast(
    points: int, bound: bool, deaths_door: bool
) -> None:
    encounter = _far_fight(points, bound=bound, deaths_door=deaths_door)
    ilse = ids(encounter)["Ilse"]
    ended, _expired = encounter.round_ended()
    tracked = ended.combatant(ilse).sheet.hit_points
    played = {
        r.hit_points[ilse]
        for r in run_fights(encounter, simulate, fights=50, seed=2, policy=Policy(max_rounds=1))
    }
    assert played == {tracked}
    assert tracked == death_rule(encounter.options).bleeds(points, bound)


def test_the_initiative_order_is_the_tracker_s() -> None:
    """Typed counts: the tracker's turn order (lower first, ties together) is the order the
    forecast plays a round in (combat.initiative_order)."""
    encounter = _far_fight(5, bound=False)
    counts = {"Rath": 4, "Ilse": 7, "Orc": 4}
    for name, count in counts.items():
        encounter = core.update_combatant(encounter, ids(encounter)[name], initiative=count)
    tracked = [[c.name for c in group] for group in core.turn_order(encounter)]
    assert tracked == combat.initiative_order(counts) == [["Rath", "Orc"], ["Ilse"]]


def test_morale_s_odds_are_counted_by_the_rule_that_rolls(monkeypatch: pytest.MonkeyPatch) -> None:
    """The roll holds at the rating and breaks above it; the dialog's chance is #(2d10 totals
    that :func:`combat.morale_holds` keeps) / 100, at every rating and still when the roll's
    rule is changed (here to "below the rating"), so the odds cannot drift from the roll."""
    from fractions import Fraction

    assert [combat.morale_holds(total, 11) for total in (2, 11, 12, 20)] == [
        True,
        True,
        False,
        False,
    ]
    assert [combat.morale_hold_chance(rating) for rating in (1, 2, 11, 19, 20)] == [
        0,
        Fraction(1, 100),
        Fraction(55, 100),
        Fraction(99, 100),
        1,
    ]
    monkeypatch.setattr(combat, "morale_holds", lambda total, rating: total < rating)
    assert [combat.morale_hold_chance(rating) for rating in (2, 11, 20)] == [
        0,
        Fraction(45, 100),
        Fraction(99, 100),
    ]


def test_death_s_door_bleeds_one_a_round_only_unbound_between_0_and_minus_9() -> None:
    """Pinned at every edge (issue 31: "not when bound" survived the mutants): 1 a round from
    0 to −9 under the option, nothing when bound, at −10 (dead), above 0 or without it."""
    door, no_door = DeathRule(at_door=True), DeathRule(at_door=False)
    assert [door.bleeds(points, False) for points in (1, 0, -1, -9, -10, -12)] == [
        1,
        -1,
        -2,
        -10,
        -10,
        -12,
    ]
    assert [door.bleeds(points, True) for points in (0, -3, -9)] == [0, -3, -9]
    assert [no_door.bleeds(points, False) for points in (0, -3, -9)] == [0, -3, -9]
    assert [door.dead(points) for points in (1, 0, -9, -10, -11)] == [
        False,
        False,
        False,
        True,
        True,
    ]
    assert [no_door.dead(points) for points in (1, 0, -1)] == [False, True, True]


@pytest.mark.parametrize("bound", [False, True])
def test_the_tracker_s_round_end_bleeds_only_the_unbound(bound: bool) -> None:
    encounter = core.start(_far_fight(-3, bound=bound))
    ilse = ids(encounter)["Ilse"]
    after, _ = encounter.round_ended()
    assert after.combatant(ilse).sheet.hit_points == (-3 if bound else -4)


def test_the_charge_and_the_set_spear_read_the_initiative_table(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The tracker's "charging" and "set against a charge" terms are the rows of
    ``combat.INITIATIVE_MODIFIERS`` (PHB Table 55, seed 002), not numbers of their own."""
    from m3desk.systems.adnd2e.table import initiative_terms

    encounter = _far_fight(5, bound=False)
    named = ids(encounter)
    encounter = core.update_combatant(encounter, named["Orc"], declared="charge")
    for name in ("Rath", "Ilse"):  # standard initiative: the whole side is set
        encounter = core.update_combatant(encounter, named[name], declared="set")
    assert isinstance(encounter, AdndEncounter)
    for charge, set_ in ((-2, -2), (-5, -1)):
        monkeypatch.setitem(combat.INITIATIVE_MODIFIERS, "foe_charges", charge)
        monkeypatch.setitem(combat.INITIATIVE_MODIFIERS, "set", set_)
        terms = {
            t.label: t.value
            for t in initiative_terms(encounter, encounter.combatant(named["Rath"]))
        }
        assert terms["Orc charging"] == charge
        assert terms["set against a charge"] == set_
