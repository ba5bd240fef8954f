"""OSE morale, one rule for the tracker and the forecast (issue 22): the moments a side
checks (its first death, half of it down), a side closed after two held checks or a break,
ML 2 and 12 never rolling. Each situation is asked of the tracker (``round.morale_due``) and
of the simulator's own state (its side's morale step), which must agree on whether a roll
is made."""

from __future__ import annotations

import itertools

import pytest

from m3desk.core import encounter as core
from m3desk.systems.ose import forecast as ose_forecast
from m3desk.systems.ose import round as rnd
from m3desk.systems.ose.encounter import OseEncounter, SideMorale
from m3desk.systems.ose.samples import characters, monsters
from m3desk.systems.ose.system import SYSTEM

RULES = SYSTEM.encounter
assert RULES is not None


@pytest.mark.parametrize(
    ("down", "members", "moments"),
    [
        (0, 4, 0),
        (1, 4, rnd.FIRST_DEATH),
        (2, 4, rnd.FIRST_DEATH | rnd.HALF_DOWN),
        (2, 5, rnd.FIRST_DEATH),
        (3, 5, rnd.FIRST_DEATH | rnd.HALF_DOWN),
        (1, 2, rnd.FIRST_DEATH | rnd.HALF_DOWN),
        (1, 1, rnd.FIRST_DEATH | rnd.HALF_DOWN),
    ],
)
def test_the_moments(down: int, members: int, moments: int) -> None:
    assert rnd.morale_moments(down, members) == moments


def test_a_side_closes_after_two_held_checks_or_a_break() -> None:
    assert [rnd.morale_closed(passes, False) for passes in range(4)] == [False, False, True, True]
    assert rnd.morale_closed(0, True) and rnd.morale_closed(1, True)
    assert [rnd.never_checks(ml) for ml in (2, 3, 11, 12)] == [True, False, False, True]
    assert rnd.adjusted_morale(7, -2) == 5 and rnd.adjusted_morale(12, -2) == 12
    assert rnd.adjusted_morale(3, -2) == 2 and rnd.adjusted_morale(11, 2) == 12


def _goblins(dead: int, ml: int, state: SideMorale) -> OseEncounter:
    encounter = OseEncounter(name="Goblins")
    encounter = core.join(encounter, RULES.make_combatant(characters()["Morgan Ironwolf"], "Party"))
    goblin = monsters()["Goblin"].model_copy(update={"morale": ml})
    for _ in range(4):
        encounter = core.join(encounter, RULES.make_combatant(goblin, "Monsters"))
    for combatant in encounter.combatants[1 : 1 + dead]:
        encounter = core.replace_sheet(
            encounter, combatant.id, combatant.sheet.model_copy(update={"hit_points": 0})
        )
    encounter = encounter.model_copy(update={"morale": {"Monsters": state}})
    assert isinstance(encounter, OseEncounter)
    return encounter


STATES = [
    SideMorale(),
    SideMorale(checked=("first death",), passes=1),
    SideMorale(checked=("first death", "half down"), passes=2),
    SideMorale(checked=("first death",), broken=True),
]


@pytest.mark.parametrize(
    ("dead", "ml", "state"), list(itertools.product(range(5), (2, 7, 12), STATES))
)
def test_tracker_and_simulator_roll_at_the_same_moments(
    dead: int, ml: int, state: SideMorale
) -> None:
    encounter = _goblins(dead, ml, state)
    tracker_asks = bool(rnd.morale_due(encounter, "Monsters"))
    draws = []

    def dice() -> float:
        draws.append(1)
        return 0.0

    plan = ose_forecast._Plan(encounter)
    fight = ose_forecast._Fight(plan, dice)
    fight.morale(plan.side_names.index("Monsters"))
    assert bool(draws) == tracker_asks


def test_the_small_rules_at_their_edges() -> None:
    from m3desk.systems.ose import combat, movement

    assert [rnd.morale_holds(roll, 12) for roll in (2, 12, 13)] == [True, True, True]
    assert [rnd.morale_holds(roll, 11) for roll in (11, 12)] == [True, False]
    assert [rnd.morale_holds(roll, 2) for roll in (2, 1)] == [False, False]
    assert [
        movement.withdrawal_feet(40, kind)
        for kind in ("retreat", "fighting withdrawal", "", "cast a spell")
    ] == [40, 20, 0, 0]
    assert movement.withdrawal_feet(25, "fighting withdrawal") == 12
    assert [combat.damage_dealt(total) for total in (-3, 0, 1, 2, 5)] == [1, 1, 1, 2, 5]
    assert combat.damage_dealt(3, 2) == 6 and combat.damage_dealt(0, 3) == 1


def test_the_odds_shown_are_counted_by_the_rule_that_rolls(monkeypatch: pytest.MonkeyPatch) -> None:
    """The dialog's chance is #(2d6 totals that :func:`combat.morale_holds` keeps) / 36: at
    every ML, and still when the roll's rule is changed (here to "at most ML − 1"), so the
    odds cannot drift from the roll."""
    from fractions import Fraction

    from m3desk.systems.ose import combat

    assert [rnd.morale_chance(ml) for ml in (2, 3, 7, 11, 12)] == [
        0,
        Fraction(3, 36),
        Fraction(21, 36),
        Fraction(35, 36),
        1,
    ]
    rule = combat.morale_holds
    monkeypatch.setattr(combat, "morale_holds", lambda roll, ml: rule(roll + 1, ml))
    assert [rnd.morale_chance(ml) for ml in (3, 7, 11)] == [
        Fraction(1, 36),
        Fraction(15, 36),
        Fraction(33, 36),
    ]


def test_the_odds_at_ml_2_and_12_are_the_rolls_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """ML 12's "always holds" and ML 2's "never" are written once, in the roll's rule: the
    shown odds wrote ML 12 as 1 a second time, beside ``morale_holds``."""
    from m3desk.systems.ose import combat

    monkeypatch.setattr(combat, "morale_holds", lambda roll, ml: ml == 2 or roll <= ml - 20)
    assert [rnd.morale_chance(ml) for ml in (2, 12)] == [1, 0]
