"""The fight forecast of Monsters & Magic: whole fights by the stated policy, checked against
the action dialog's exact odds, the Example of Play's numbers, and common sense."""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from functools import partial

import pytest

from m3desk.core.forecast import Forecast, Policy, forecast, run_fights, stream
from m3desk.systems.monsters_and_magic import (
    Attribute,
    CharacterSheet,
    Condition,
    ConditionKind,
    DamageSpend,
    MonsterSheet,
    RangeBand,
    RangeSpend,
    ResistanceChoice,
    SpendPlan,
    TableRules,
    Tier,
    check_plan,
)
from m3desk.systems.monsters_and_magic.action_kind import ActionKind
from m3desk.systems.monsters_and_magic.check_request import CheckRequest, spec_for
from m3desk.systems.monsters_and_magic.conditions import Duration, DurationKind
from m3desk.systems.monsters_and_magic.encounter import (
    Encounter,
    add_combatant,
    replace_sheet,
    set_range,
    start,
    update_combatant,
)
from m3desk.systems.monsters_and_magic.forecast import attack_plans, one_attack, simulate, spend
from m3desk.systems.monsters_and_magic.ranges import WeaponReach, shift
from m3desk.systems.monsters_and_magic.sheet import Item, MonsterAttack, Pool
from m3desk.systems.monsters_and_magic.system import SYSTEM
from m3desk.systems.monsters_and_magic.table import FORECAST_POLICY
from tests.systems.monsters_and_magic.samples import MUMMY, sample_sheet

FIGHTS = 4000
TOLERANCE_SE = 4
"""Statistical tests pass when |observed − exact| < 4 standard errors (fixed seeds)."""

DUMMY = MonsterSheet(name="Training dummy", armour_class=15, rolled_defence=5, php=Pool.full(500))
"""A target that takes every blow and strikes none back."""
PELL = DUMMY.model_copy(update={"name": "Armoured pell", "armour_class": 20, "rolled_defence": 10})
"""A harder one, so that blows miss often enough to count."""
RAT = MonsterSheet(
    name="Giant rat",
    size="S",
    armour_class=12,
    rolled_defence=2,
    php=Pool.full(5),
    attacks=(
        MonsterAttack(name="Bite", bonus=2, damage="1d3", ranges=(RangeBand.HAND, RangeBand.CLOSE)),
    ),
)


def fight(
    party: Sequence[CharacterSheet | MonsterSheet],
    monsters: Sequence[CharacterSheet | MonsterSheet],
    *,
    band: RangeBand | None = None,
    **kw: object,
) -> Encounter:
    encounter = Encounter(name="Forecast", **kw)  # type: ignore[arg-type]
    for sheets, side in ((party, "Party"), (monsters, "Monsters")):
        for sheet in sheets:
            encounter = add_combatant(encounter, sheet, side)
    if band is not None:
        for a in encounter.combatants:
            for b in encounter.combatants:
                if a.id < b.id and a.side != b.side:
                    encounter = set_range(encounter, a.id, b.id, band, log=False)
    return encounter


def ids(encounter: Encounter) -> list[str]:
    return [c.id for c in encounter.combatants]


def within(observed: int, exact: Fraction, fights: int = FIGHTS) -> bool:
    p = float(exact)
    error = math.sqrt(p * (1 - p) / fights)
    return abs(observed / fights - p) < TOLERANCE_SE * error


def gramfive_request(encounter: Encounter, target: str) -> CheckRequest:
    """What the GM sets in the action dialog for Gramfive's blow: Cutter on STR, Weapons
    Training ticked (the trait the sheet marks as covering weapons and armour)."""
    gramfive = ids(encounter)[0]
    return CheckRequest(
        actor_id=gramfive,
        action=ActionKind.ATTACK,
        attribute=Attribute.STR,
        trait_names=("Weapons Training",),
        weapon_key="item:0",
        target_id=target,
        resistance=ResistanceChoice(rolled=encounter.phase == "surprise"),
    )


def test_the_system_offers_the_simulator_and_says_its_policy() -> None:
    rules = SYSTEM.encounter
    assert rules is not None and rules.simulate is not None
    assert rules.forecast_policy == FORECAST_POLICY
    for words in ("nearest", "5 EP", "maximum", "consequences", "0 PHP", "morale"):
        assert words in FORECAST_POLICY
    encounter = fight([sample_sheet("gramfive")], [RAT], band=RangeBand.CLOSE)
    result = rules.simulate(encounter, stream(1, 0), Policy())
    assert result.winner in ("Party", "Monsters")


def test_the_same_seed_gives_the_same_forecast() -> None:
    encounter = fight(
        [sample_sheet(n) for n in ("gramfive", "felix", "xiola")], [sample_sheet(MUMMY)]
    )
    first = forecast(encounter, simulate, fights=300, seed=7)  # type: ignore[arg-type]
    again = forecast(encounter, simulate, fights=300, seed=7)  # type: ignore[arg-type]
    other = forecast(encounter, simulate, fights=300, seed=8)  # type: ignore[arg-type]
    assert first == again and first != other
    # A fresh but equal encounter (another object) forecasts the same.
    copy = encounter.model_copy()
    assert forecast(copy, simulate, fights=300, seed=7) == first  # type: ignore[arg-type]
    # ... and a changed one is read afresh: a badly hurt mummy falls more often.
    mummy = encounter.combatants[-1]
    hurt = replace_sheet(
        encounter, mummy.id, mummy.sheet.model_copy(update={"php": Pool(current=10, maximum=49)})
    )
    weaker = forecast(hurt, simulate, fights=300, seed=7)  # type: ignore[arg-type]
    assert weaker.wins["Party"].value > first.wins["Party"].value + 0.2
    alone = run_fights(encounter, simulate, fights=1, seed=7, start=5)  # type: ignore[arg-type]
    batch = run_fights(encounter, simulate, fights=8, seed=7)  # type: ignore[arg-type]
    assert alone[0] == batch[5]


def _forecast(
    encounter: Encounter,
    fights: int = 1000,
    seed: int = 1,
    policy: Policy = Policy(),  # noqa: B008
) -> Forecast:
    return forecast(
        encounter,
        simulate,
        fights=fights,
        seed=seed,  # type: ignore[arg-type]
        policy=policy,
    )


def test_four_heroes_against_a_giant_rat_is_lopsided_and_the_reverse() -> None:
    heroes = [sample_sheet(n) for n in ("gramfive", "felix", "shamira", "guido")]
    party = _forecast(fight(heroes, [RAT]))
    assert party.wins["Party"].value > 0.95
    assert party.mean_rounds < 4  # from Short, a blow must first buy two bands (10 EP)
    mummy = _forecast(fight([sample_sheet("xiola")], [sample_sheet(MUMMY)]))
    assert mummy.wins["Monsters"].value > 0.95
    xiola = next(iter(mummy.down))
    assert mummy.down[xiola].value > 0.95 and mummy.hit_points[xiola] <= 0


def test_the_whole_party_against_the_mummy_is_a_real_fight() -> None:
    """The Example of Play's line-up, from Short range: neither side is sure to win, and
    every result is a whole fight that ended with one side down."""
    encounter = fight(
        [sample_sheet(n) for n in ("felix", "gramfive", "guido", "shamira", "xiola")],
        [sample_sheet(MUMMY)],
    )
    result = _forecast(encounter, fights=800)
    assert 0.1 < result.wins["Party"].value < 0.9
    assert result.stalemate.value < 0.05
    assert sum(result.rounds.values()) == 800 and min(result.rounds) >= 2


def test_the_example_s_blow_is_built_as_the_dialog_builds_it() -> None:
    """Gramfive with Cutter: STR 17 prime +6, Weapons Training +1 (level 1), signature +1 =
    +8 and 1d8+1, against the mummy's AC 17 − 2 for a larger target = 15 (digest §1.6, §2)."""
    encounter = fight([sample_sheet("gramfive")], [sample_sheet(MUMMY)], band=RangeBand.CLOSE)
    gramfive, mummy = ids(encounter)
    (plan,) = attack_plans(encounter.model_copy(update={"phase": "rounds"}), gramfive, mummy)
    assert plan.key == "item:0" and plan.spec.modifier == 8
    assert plan.spec.resistance.value == 15 and not plan.spec.resistance.rolled
    assert plan.cap == 10  # 1d8+1 maximum 9 + level 1 (digest §1.9)
    dialog = spec_for(encounter, gramfive_request(encounter, mummy))
    assert plan.spec.odds() == dialog.odds()
    (bash,) = attack_plans(encounter, mummy, gramfive)  # Infect is a monster action
    assert bash.key == "attack:0" and bash.cap == 18  # d12 + level 6


@pytest.mark.parametrize("band", [RangeBand.CLOSE, RangeBand.SHORT])
def test_first_blow_agrees_with_the_dialog_s_exact_odds(band: RangeBand) -> None:
    """Over 4000 fights of one round, how often Gramfive's blow hits the dummy, and how often
    it does damage, match the dialog's exact odds within 4 standard errors. From Short the
    sword must first buy two bands (10 EP): damage needs 11 EP or more."""
    encounter = start(fight([sample_sheet("gramfive")], [PELL], band=band))
    gramfive, dummy = ids(encounter)
    odds = spec_for(encounter, gramfive_request(encounter, dummy)).odds()
    assert 0.5 < odds.success < 0.95 and odds.at_least(11) > 0.02
    hits = sum(
        one_attack(encounter, gramfive, dummy, stream(3, n))[0] is not None for n in range(FIGHTS)
    )
    assert within(hits, odds.success)
    results = run_fights(
        encounter,
        simulate,
        fights=FIGHTS,
        seed=5,  # type: ignore[arg-type]
        policy=Policy(max_rounds=1),
    )
    damaged = sum(r.hit_points[dummy] < 500 for r in results)
    needed = 1 if band is RangeBand.CLOSE else 11
    assert within(damaged, odds.at_least(needed))
    assert all(500 - r.hit_points[dummy] <= 10 for r in results)  # Cutter's maximum damage
    # The damage dealt: its exact distribution (EP − the bands' cost, capped at 10).
    cost = 0 if band is RangeBand.CLOSE else 10
    damage: dict[int, Fraction] = {}
    for ep, p in odds.effect_points.items():
        if ep > cost:
            damage[min(ep - cost, 10)] = damage.get(min(ep - cost, 10), Fraction(0)) + p
    mean = float(sum(d * p for d, p in damage.items()))
    spread = math.sqrt(float(sum(d * d * p for d, p in damage.items())) - mean * mean)
    observed = sum(500 - r.hit_points[dummy] for r in results) / FIGHTS
    assert abs(observed - mean) < TOLERANCE_SE * spread / math.sqrt(FIGHTS)


def test_a_surprised_target_rolls_its_defence() -> None:
    """In the surprise round the pell rolls 3d6 + 10 against the blow, as the dialog shows."""
    encounter = fight(
        [sample_sheet("gramfive")], [PELL], band=RangeBand.CLOSE, surprise_side="Party"
    )
    dummy = ids(encounter)[1]
    odds = spec_for(start(encounter), gramfive_request(start(encounter), dummy)).odds()
    static = spec_for(
        start(encounter.model_copy(update={"surprise_side": None})),
        gramfive_request(encounter, dummy),
    ).odds()
    assert odds.success != static.success
    results = run_fights(
        encounter,
        simulate,
        fights=FIGHTS,
        seed=9,  # type: ignore[arg-type]
        policy=Policy(max_rounds=1),
    )
    assert within(sum(r.hit_points[dummy] < 500 for r in results), odds.at_least(1))


def test_weakest_targets_differently_from_nearest() -> None:
    brute = MonsterSheet(name="Brute", armour_class=10, php=Pool.full(60))
    weakling = MonsterSheet(name="Weakling", armour_class=10, php=Pool.full(4))
    encounter = fight([sample_sheet("gramfive")], [brute, weakling], band=RangeBand.CLOSE)
    gramfive, brute_id, weak_id = ids(encounter)
    encounter = set_range(encounter, gramfive, weak_id, RangeBand.REACH, log=False)
    one = Policy(max_rounds=1)
    nearest = _forecast(encounter, policy=one)
    weakest = _forecast(encounter, policy=one._replace(target="weakest"))
    strongest = _forecast(encounter, policy=one._replace(target="strongest"))
    assert nearest.hit_points[weak_id] == 4 and nearest.hit_points[brute_id] < 55
    assert weakest.down[weak_id].value > 0.5 and weakest.hit_points[brute_id] == 60
    assert strongest.hit_points[brute_id] == pytest.approx(nearest.hit_points[brute_id])


def test_a_missile_that_reaches_is_shot_unless_told_to_close() -> None:
    archer = CharacterSheet(
        name="Archer",
        prime=Attribute.DEX,
        attributes={"DEX": 16},  # type: ignore[arg-type]
        php=Pool.full(12),
        items=(
            Item(
                name="Dagger", kind="weapon", damage="1d4", ranges=(RangeBand.HAND, RangeBand.CLOSE)
            ),
            Item(
                name="Shortbow",
                kind="weapon",
                damage="1d6",
                ranges=(RangeBand.SHORT, RangeBand.MEDIUM, RangeBand.LONG),
            ),
        ),
    )
    encounter = start(fight([archer], [DUMMY], band=RangeBand.SHORT))
    shooter, dummy = ids(encounter)
    assert one_attack(encounter, shooter, dummy, stream(1, 0))[1].key == "item:1"
    one = Policy(max_rounds=1)
    shoots = _forecast(encounter, policy=one)
    closes = _forecast(encounter, policy=one._replace(ranged_stay=False))
    assert shoots.hit_points[dummy] < closes.hit_points[dummy] - 2
    close = start(fight([archer], [DUMMY], band=RangeBand.CLOSE))
    assert one_attack(close, *ids(close), stream(1, 0))[1].key == "item:0"  # the dagger:
    assert _forecast(close, policy=one).hit_points[ids(close)[1]] < 497  # no backing off


def test_the_fallen_stay_down_and_the_round_under_way_goes_on() -> None:
    gramfive = sample_sheet("gramfive")
    fallen = gramfive.model_copy(update={"php": Pool(current=0, maximum=25)})
    result = _forecast(fight([fallen], [RAT], band=RangeBand.CLOSE), fights=50)
    assert result.wins["Monsters"].value == 1 and result.rounds == {0: 50}
    # Gramfive (count 20) has acted this round; it is the dummy's turn (count 5).
    encounter = start(fight([gramfive], [DUMMY], band=RangeBand.CLOSE))
    g, d = ids(encounter)
    encounter = update_combatant(update_combatant(encounter, g, initiative=20), d, initiative=5)
    one = Policy(max_rounds=1)
    done = _forecast(encounter.model_copy(update={"turn": d}), policy=one)
    to_come = _forecast(encounter.model_copy(update={"turn": g}), policy=one)
    assert done.hit_points[d] == 500 and to_come.hit_points[d] < 495


def test_effects_in_force_count_then_expire() -> None:
    """A +20 defence effect for one round keeps the dummy safe in round one only."""
    encounter = start(fight([sample_sheet("gramfive")], [DUMMY], band=RangeBand.CLOSE))
    g, d = ids(encounter)
    ward = Condition(
        name="ward",
        kind=ConditionKind.EFFECT,
        tier=Tier.EXTREME,
        value=20,
        affects="defence",
        duration=Duration(kind=DurationKind.ROUNDS, rounds=1),
    )
    warded = replace_sheet(encounter, d, DUMMY.model_copy(update={"conditions": (ward,)}))
    first = _forecast(warded, policy=Policy(max_rounds=1))
    two = _forecast(warded, policy=Policy(max_rounds=2))
    assert first.hit_points[d] > 499.9  # only a natural 18 gets through
    assert two.hit_points[d] < 495
    help_ = Condition(
        name="help from Guido", kind=ConditionKind.EFFECT, value=30, help=True, affects="checks"
    )
    helped = replace_sheet(
        encounter, g, sample_sheet("gramfive").model_copy(update={"conditions": (help_,)})
    )
    (plan,) = attack_plans(helped, g, d)
    assert plan.spec.modifier == 38  # the dialog ticks the help
    assert plan.table_now(plan.actor_conditions[0].bit, 0) == attack_plans(encounter, g, d)[0].table


def test_the_policy_s_spending_is_legal_and_leaves_nothing_it_could_use() -> None:
    """For every check from 0 to 40 EP and every range change a weapon can need, the rules
    core accepts what the policy buys, and refuses one more point of damage (seed 000,
    "Changing range": no damage until the range is bought)."""
    gramfive, dummy = sample_sheet("gramfive"), DUMMY
    rules = TableRules()
    for needed in range(-3, 4):  # from Short: Hand … Out of Range
        reach = WeaponReach(weapon="test", bands=(shift(RangeBand.SHORT, needed),))
        for ep in range(41):
            bands, damage = spend(ep, needed, rules.range_band_cost, 10)
            spends: list[RangeSpend | DamageSpend] = [RangeSpend(bands=bands)] if bands else []
            check = partial(
                check_plan,
                effect_points=ep,
                actor=gramfive,
                target=dummy,
                damage_cap=10,
                rules=rules,
                current_range=RangeBand.SHORT,
                reach=reach,
            )
            extra = (DamageSpend(amount=damage + 1),)
            if damage:
                assert check(SpendPlan(spends=(*spends, DamageSpend(amount=damage)))).ok
            else:
                assert check(SpendPlan(spends=tuple(spends))).ok
            assert not check(SpendPlan(spends=(*spends, *extra))).ok
            assert abs(bands) <= abs(needed) and (bands == needed or damage == 0)
