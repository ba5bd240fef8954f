"""AD&D morale timing, one rule for the tracker and the forecast (issue 22): a side's monsters
check morale when a quarter of them are down, when half are, and at each loss after half
(DMG, digest §8) — not at the first death, which is Old-School Essentials' rule. A monster
that has checked and held is not asked again until the side reaches a later trigger.

Each situation is played twice: through the encounter (the dialog's attack resolved with a
hitting roll, then the tracker's status) and through the simulator (one round, morale 2
monsters that break unless 2d10 shows 2), and the two must agree on whether a check is due.
"""

from __future__ import annotations

import pytest

from m3desk.core import encounter as core
from m3desk.core.forecast import Policy, run_fights
from m3desk.systems.adnd2e.action_kinds import MORALE
from m3desk.systems.adnd2e.combat import morale_trigger
from m3desk.systems.adnd2e.forecast import simulate
from m3desk.systems.adnd2e.samples import ORC, RATH
from m3desk.systems.adnd2e.table import ENCOUNTER_RULES, AdndEncounter, morale_due
from tests.systems.adnd2e.fight import ids

RULES = ENCOUNTER_RULES
assert RULES.resolve is not None and RULES.status is not None
RESOLVE = RULES.resolve
STATUS = RULES.status


def _orcs(down: int, morale: int = 2) -> AdndEncounter:
    """Rath beside Orc 1 (1 hit point left); ``down`` other orcs already at 0 and the rest
    200' off, too slow to come near in a round; every orc has checked at the side's trigger."""
    encounter = AdndEncounter(name="Orcs")
    encounter = core.join(encounter, RULES.make_combatant(RATH, "Party"))
    for _ in range(5):
        encounter = core.join(
            encounter,
            RULES.make_combatant(
                ORC.model_copy(update={"morale": morale, "movement": 1}), "Monsters"
            ),
        )
    named = ids(encounter)
    for number in range(1, 6):
        encounter = core.set_position(
            encounter,
            named["Rath"],
            named[f"Orc {number}"],
            5 if number == 1 else 200,
            mover=named[f"Orc {number}"],
        )  # each orc walks alone
    for number in range(2, 2 + down):
        orc = encounter.combatant(named[f"Orc {number}"])
        encounter = core.replace_sheet(
            encounter, orc.id, orc.sheet.model_copy(update={"hit_points": 0})
        )
    orc = encounter.combatant(named["Orc 1"])
    encounter = core.replace_sheet(
        encounter, orc.id, orc.sheet.model_copy(update={"hit_points": 1})
    )
    trigger = morale_trigger(down, 5)
    for number in range(1, 6):
        encounter = core.update_combatant(encounter, named[f"Orc {number}"], morale_checked=trigger)
    assert isinstance(encounter, AdndEncounter)
    assert not morale_due(encounter, "Monsters")
    return encounter


def _morale_lines(encounter: core.Encounter) -> list[str]:
    return [line for line in STATUS(encounter) if "check morale" in line]


def _kill_orc_one(encounter: AdndEncounter) -> AdndEncounter:
    """Rath's sword through the action dialog's resolve, with a natural 20 and full damage."""
    named = ids(encounter)
    action = next(
        o.id
        for o in RULES.actions(encounter, named["Rath"])
        if o.label.startswith("Attack with long sword")
    )
    outcome = RESOLVE(encounter, named["Rath"], action, named["Orc 1"], (20, 8))
    after = outcome.encounter
    assert isinstance(after, AdndEncounter)
    assert after.out_of_fight(after.combatant(named["Orc 1"]))
    return after


def test_one_orc_of_five_down_is_no_morale_check() -> None:
    """The drift of issue 22: with 1 of 5 orcs down the tracker said "check morale"."""
    after = _kill_orc_one(_orcs(0))
    assert _morale_lines(after) == []
    second = _kill_orc_one(_orcs(1))  # 2 of 5: a quarter
    assert _morale_lines(second) == [
        "Monsters: 2 of 5 down — check morale (2d10 at most ML): Orc 3, Orc 4, Orc 5"
    ]


def test_a_monster_that_checked_and_held_is_not_asked_again() -> None:
    encounter = _kill_orc_one(_orcs(1, morale=20))
    named = ids(encounter)
    for number in (3, 4):
        outcome = RESOLVE(encounter, named[f"Orc {number}"], MORALE, None, (1, 1))
        assert "holds" in outcome.summary
        encounter = outcome.encounter  # type: ignore[assignment]
    assert _morale_lines(encounter) == [
        "Monsters: 2 of 5 down — check morale (2d10 at most ML): Orc 5"
    ]
    encounter = RESOLVE(encounter, named["Orc 5"], MORALE, None, (2, 3)).encounter  # type: ignore[assignment]
    assert _morale_lines(encounter) == []
    # the next loss (3 of 5: half) asks again
    orc = encounter.combatant(named["Orc 3"])
    encounter = core.replace_sheet(
        encounter, orc.id, orc.sheet.model_copy(update={"hit_points": 0})
    )
    assert _morale_lines(encounter) == [
        "Monsters: 3 of 5 down — check morale (2d10 at most ML): Orc 4, Orc 5"
    ]


@pytest.mark.parametrize("down", range(5))
def test_tracker_and_forecast_agree_when_morale_is_due(down: int) -> None:
    """Orc 1 falls with ``down`` others already down: the tracker prompts exactly when the
    simulated timid orcs break in the same round (they break 99 times in 100 when asked)."""
    encounter = _orcs(down)
    prompts = bool(_morale_lines(_kill_orc_one(encounter)))
    results = run_fights(encounter, simulate, fights=300, seed=3, policy=Policy(max_rounds=1))
    killed = [r for r in results if ids(encounter)["Orc 1"] in r.down]
    assert len(killed) > 100
    broke = sum(1 for r in killed if r.fled)
    if prompts:
        assert broke > len(killed) * 0.9
    else:
        assert broke == 0
    assert prompts == (1 <= down <= 3)  # 4: every orc is down, none left to check


@pytest.mark.parametrize(
    ("down", "members", "trigger"),
    [
        (0, 4, 0),
        (1, 4, 1),
        (2, 4, 2),
        (3, 4, 3),
        (4, 4, 4),
        (1, 5, 0),
        (2, 5, 2),
        (3, 5, 3),
        (1, 8, 0),
        (2, 8, 2),
        (3, 8, 2),
        (4, 8, 4),
        (5, 8, 5),
        (1, 2, 1),
        (1, 1, 1),
        (0, 0, 0),
        (1, 0, 0),
        (-1, 4, 0),
    ],
)
def test_the_trigger_at_each_count(down: int, members: int, trigger: int) -> None:
    """A quarter of the side (2 of 8), half (4 of 8), then each loss; 1 of 5 is no trigger."""
    assert morale_trigger(down, members) == trigger


@pytest.mark.parametrize(
    ("points", "most", "loss"),
    [
        (8, 8, 0),
        (7, 8, 0),
        (6, 8, -2),
        (5, 8, -2),
        (4, 8, -4),
        (0, 8, -4),
        (7, 9, 0),
        (6, 9, -2),
        (5, 9, -2),
        (4, 9, -4),
        (3, 3, 0),
        (2, 3, -2),
        (1, 3, -4),
    ],
)
def test_the_rating_loss_for_its_own_wounds(points: int, most: int, loss: int) -> None:
    """DMG Table 50: lost a quarter of its hit points −2, half −4."""
    from m3desk.systems.adnd2e.combat import morale_loss

    assert morale_loss(points, most) == loss
