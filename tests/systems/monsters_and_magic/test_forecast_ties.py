"""Monsters & Magic rules the forecast applies, played through the tracker and the rules core
and through the simulator, which must agree (issue 31): who is down, what a check's effect
points may buy, and the turn order."""

from __future__ import annotations

import itertools

import pytest
from pydantic import BaseModel

from m3desk.core import encounter as core
from m3desk.systems.monsters_and_magic import encounter as rules
from m3desk.systems.monsters_and_magic import forecast as fc
from m3desk.systems.monsters_and_magic.encounter import Encounter
from m3desk.systems.monsters_and_magic.ranges import RangeBand, WeaponReach, shift
from m3desk.systems.monsters_and_magic.sheet import Pool
from m3desk.systems.monsters_and_magic.spending import (
    DamageSpend,
    RangeSpend,
    SpendPlan,
    check_plan,
)
from m3desk.systems.monsters_and_magic.table_rules import TableRules
from tests.systems.down_ties import check_edges, check_one_rule
from tests.systems.monsters_and_magic.samples import sample_sheet
from tests.systems.monsters_and_magic.test_forecast import DUMMY, RAT, fight


def _physical(sheet: BaseModel, points: int) -> BaseModel:
    php = sheet.php  # type: ignore[attr-defined]
    return sheet.model_copy(update={"php": Pool(current=points, maximum=php.maximum)})


def _fight() -> Encounter:
    """Two heroes against three rats, at Close."""
    return fight(
        [sample_sheet("gramfive"), sample_sheet("guido")], [RAT, RAT, RAT], band=RangeBand.CLOSE
    )


def test_down_is_the_encounter_s_out_of_fight_at_its_edges() -> None:
    """Whoever the simulator counts down is out of the fight in the tracker at the PHP the
    fight left them, a rat starting at 1, 0 or −1 included."""
    check_edges(_fight(), fc.simulate, (1, 0, -1, -9), _physical)


def test_the_simulator_asks_the_one_down_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    check_one_rule(monkeypatch, rules, _fight, fc.simulate, _physical)


def _legal(ep: int, steps: int, rules_: TableRules, cap: int | None) -> None:
    """The policy's spending of ``ep`` is a plan the rules core accepts, and one more point
    of damage is not."""
    fc.spend.cache_clear()
    bands, damage = fc.spend(ep, steps, rules_.range_band_cost, cap)
    start = RangeBand.HAND if steps >= 0 else RangeBand.OUT_OF_RANGE
    reach = WeaponReach(weapon="test", bands=(shift(start, steps),))
    moved = (RangeSpend(bands=bands),) if bands else ()
    for amount, ok in ((damage, True), (damage + 1, False)):
        spends = (*moved, DamageSpend(amount=amount)) if amount else moved
        assert (
            check_plan(
                SpendPlan(spends=spends),
                ep,
                actor=DUMMY,
                target=DUMMY,
                damage_cap=cap,
                rules=rules_,
                current_range=start,
                reach=reach,
            ).ok
            == ok
        ), (ep, steps, cap, amount)


@pytest.mark.parametrize(("cost", "cap"), [(5, 10), (3, None), (7, 4)])
def test_the_simulator_spends_what_the_rules_core_allows(cost: int, cap: int | None) -> None:
    table = TableRules(range_band_cost=cost)
    for ep, steps in itertools.product(range(1, 36), range(-6, 7)):
        _legal(ep, steps, table, cap)


def test_the_simulator_asks_the_one_spending_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    """A band made dearer in the rules core (one more point) is dearer in the simulator too:
    its spending has no arithmetic of its own."""
    before = fc.spend(12, 2, 5, None)
    monkeypatch.setattr(
        RangeSpend, "cost", lambda self, table: abs(self.bands) * (table.range_band_cost + 1)
    )
    try:
        for ep, steps in itertools.product(range(1, 20), (-2, 1, 3)):
            _legal(ep, steps, TableRules(), None)
        fc.spend.cache_clear()
        assert fc.spend(12, 2, 5, None) == (2, 0) != before == (2, 2)
    finally:
        fc.spend.cache_clear()


@pytest.mark.parametrize("counts", [(12, 12, 9, 15, 9), (3, 18, 10, 10, 10), (7,) * 5])
def test_the_turn_order_is_the_tracker_s(counts: tuple[int, ...]) -> None:
    """Equal counts act together, highest first: the simulator's counts are the tracker's."""
    encounter = _fight()
    ids = [c.id for c in encounter.combatants]
    encounter = core.set_initiative(encounter, dict(zip(ids, counts, strict=True)))
    assert isinstance(encounter, Encounter)
    groups = fc._counts(list(counts), range(len(ids)))
    assert [sorted(ids[i] for i in group) for group in groups] == [
        sorted(c.id for c in count) for count in core.turn_order(encounter)
    ]


@pytest.mark.parametrize(
    ("counts_first", "rounds", "placed_now"),
    list(itertools.product((True, False), (1, 2, 3), (True, False))),
)
def test_effects_expire_at_the_round_end_the_tracker_says(
    counts_first: bool, rounds: int, placed_now: bool
) -> None:
    """An effect of ``rounds`` rounds, placed this round or before: the round end at which the
    simulator takes it out is the one at which the tracker's round end removes it, with the
    table rule "the first round counts" on and off."""
    from m3desk.systems.monsters_and_magic.conditions import (
        Condition,
        ConditionKind,
        Duration,
        DurationKind,
        Tier,
    )
    from m3desk.systems.monsters_and_magic.encounter import mark_applied, replace_sheet, start

    encounter = start(
        _fight().model_copy(
            update={"options": TableRules(duration_counts_first_round=counts_first)}
        )
    )
    hero = encounter.combatants[0]
    shield = Condition.make(
        "shield",
        ConditionKind.EFFECT,
        Tier.MINOR,
        duration=Duration(kind=DurationKind.ROUNDS, rounds=rounds),
    )
    encounter = replace_sheet(
        encounter, hero.id, hero.sheet.model_copy(update={"conditions": (shield,)})
    )
    if placed_now:
        encounter = mark_applied(encounter, [shield.id])
    (end,) = [end for end, gone in fc._expiry(encounter).items() if (0, 1) in gone]
    tracker, ended = encounter, 0
    while tracker.combatant(hero.id).sheet.conditions and ended < 8:
        tracker, _ = tracker.round_ended()
        tracker = tracker.model_copy(update={"round": tracker.round + 1})
        ended += 1
    assert ended == end
    assert end == rounds + (1 if placed_now and not counts_first else 0)
