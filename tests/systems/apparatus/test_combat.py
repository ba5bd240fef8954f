"""Advantage netting and exact odds, critical hits, barred attacks (digest §5–§7, §11)."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from m3desk.core.dice import DiceExpr
from m3desk.systems.apparatus.combat import (
    advantage_sources,
    attack_damage_distribution,
    attack_odds,
    barred,
    crit_extra,
    judge,
    kept_distribution,
    net_advantage,
)
from m3desk.systems.apparatus.options import ApparatusOptions


def _brute_force(bonus: int, defense: int, net: int) -> Fraction:
    count = 1 + abs(net)
    hits = 0
    for faces in product(range(1, 21), repeat=count):
        kept = max(faces) if net > 0 else min(faces)
        hits += judge(kept, bonus, defense, net) != "miss"
    return Fraction(hits, 20**count)


@pytest.mark.parametrize(
    ("net", "chance"),
    [
        (0, Fraction(12, 20)),
        (1, 1 - Fraction(8, 20) ** 2),
        (-1, Fraction(12, 20) ** 2),
        (2, Fraction(936, 1000)),
        (3, Fraction(1)),
        (-3, Fraction(0)),
    ],
)
def test_digest_hit_chances(net: int, chance: Fraction) -> None:
    # §11 #8: Might 3 + Proficiency 2 − SizeMod 0 against Guard 14: needs 9.
    assert attack_odds(5, 14, net).hit == chance


@pytest.mark.parametrize("net", [-2, -1, 0, 1, 2])
def test_odds_are_the_enumeration_of_the_dice(net: int) -> None:
    assert attack_odds(5, 14, net).hit == _brute_force(5, 14, net)
    assert sum(kept_distribution(net).values()) == 1


def test_crit_chances() -> None:
    # §11 #9: threshold 20, N = 0: 5 %; N = +1: 1 − (19/20)² = 9.75 %.
    assert attack_odds(5, 14, 0).crit == Fraction(1, 20)
    assert attack_odds(5, 14, 1).crit == Fraction(39, 400)
    # A lowered threshold (a feature): 19–20.
    assert attack_odds(5, 14, 0, threshold=19).crit == Fraction(2, 20)


def test_a_crit_that_would_miss_hits_for_normal_damage() -> None:
    # §11 #11: natural 20, total 24 against Guard 25.
    assert judge(20, 4, 25, 0) == "crit_normal"
    odds = attack_odds(4, 25, 0)
    assert odds.hit == odds.crit_normal == Fraction(1, 20) and odds.crit == 0


def test_incapacitated_targets_are_automatic_crits() -> None:
    assert judge(2, 0, 30, 0, incapacitated_target=True) == "crit_normal"
    assert judge(15, 0, 14, 0, incapacitated_target=True) == "crit"
    always = ApparatusOptions(incapacitated_bonus="always")
    assert judge(2, 0, 30, 0, always, incapacitated_target=True) == "crit"
    assert attack_odds(0, 30, -2, incapacitated_target=True).hit == 1


def test_crit_damage_adds_the_largest_die_maximum() -> None:
    # §11 #10: longsword 1d8 + flame 1d6, rolled 3 + 2, crit: 5 + 8 = 13.
    dice = (DiceExpr.parse("1d8"), DiceExpr.parse("1d6"))
    assert crit_extra(dice) == 8
    assert sum(d.total((f,)) for d, f in zip(dice, (3, 2), strict=True)) + crit_extra(dice) == 13


def test_damage_distribution_is_exact() -> None:
    dice = (DiceExpr.parse("1d8"), DiceExpr.parse("1d6"))
    odds = attack_odds(5, 14, 1)
    damage = attack_damage_distribution(odds, dice)
    assert sum(damage.values()) == 1
    assert damage[0] == 1 - odds.hit
    # The most a crit can do: 8 + 6 + 8.
    assert max(damage) == 22 and damage[22] == odds.crit / 48
    mean = sum(v * p for v, p in damage.items())
    assert mean == (odds.hit - odds.crit) * 8 + odds.crit * 16


def test_flat_mode_adds_two_per_step() -> None:
    flat = ApparatusOptions(advantage_mode="flat")
    assert attack_odds(5, 14, 1, flat).hit == Fraction(14, 20)
    assert attack_odds(5, 14, -2, flat).hit == Fraction(8, 20)


def test_auto_at_3_is_a_table_rule() -> None:
    off = ApparatusOptions(advantage_auto_at_3=False)
    assert attack_odds(5, 14, 3, off).hit == 1 - Fraction(8, 20) ** 4
    assert attack_odds(5, 14, -3, off).hit == Fraction(12, 20) ** 4


def test_rolled_defense_lets_the_attacker_win_ties() -> None:
    rolled = ApparatusOptions(defense="rolled")
    # d20 + 4 against d20 + 4: ties go to the attacker, and a natural 20 always hits.
    odds = attack_odds(4, 4, 0, rolled, defender_net=0)
    ties_or_better = Fraction(
        sum(1 for a in range(1, 21) for d in range(1, 21) if a >= d or a == 20), 400
    )
    assert odds.hit == ties_or_better
    # Evade (the defender's Advantage) lowers it.
    assert attack_odds(4, 4, 0, rolled, defender_net=1).hit < odds.hit


def test_advantage_sources_are_netted() -> None:
    # §11 #16: dual-wield +1, attacker Unseen +1, target Obscured −1, attacker Poisoned −1.
    sources = advantage_sources(
        attacker={"unseen", "poisoned"}, target={"obscured"}, melee=True, dual_wielding=True
    )
    assert [s.value for s in sources] == [1, 1, -1, -1] and net_advantage(sources) == 0
    # An archer adjacent to a hostile, shooting a Prone target at Far range: −3.
    archer = advantage_sources(
        attacker=set(), target={"prone"}, melee=False, adjacent_hostile=True, far_range=True
    )
    assert net_advantage(archer) == -3
    assert attack_odds(10, 5, -3).hit == 0  # automatic failure


@pytest.mark.parametrize(
    ("attacker", "target", "melee", "extra", "net"),
    [
        ({"prone"}, set(), True, {}, -1),
        (set(), {"prone"}, True, {}, 1),
        (set(), {"prone"}, False, {}, -1),
        ({"restrained"}, set(), True, {}, -1),
        (set(), {"restrained"}, True, {}, 1),
        ({"frightened"}, set(), True, {}, -1),
        (set(), set(), True, {"exhaustion": 3}, -1),
        (set(), set(), True, {"exhaustion": 2}, 0),
        (set(), set(), True, {"adjacent_hostile": True}, 0),
        (set(), set(), True, {"target_evading": True}, -1),
        (set(), set(), True, {"target_evading": True, "static_defense": False}, 0),
    ],
)
def test_each_source(
    attacker: set[str], target: set[str], melee: bool, extra: dict[str, object], net: int
) -> None:
    found = advantage_sources(attacker=attacker, target=target, melee=melee, **extra)  # type: ignore[arg-type]
    assert net_advantage(found) == net


def test_barred_attacks_say_why() -> None:
    assert "Incapacitated" in barred(attacker={"incapacitated"}, target=set())
    assert "Obscured" in barred(attacker=set(), target={"unseen"})
    assert "Charm" in barred(attacker=set(), target=set(), charmed_by_target=True)
    assert "Far" in barred(attacker=set(), target=set(), ranged=True, beyond_far=True)
    assert barred(attacker=set(), target={"obscured"}) == ""
