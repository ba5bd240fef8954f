"""Every row and threshold of the games' rule tables, read (issue 31): a row changed, or a
threshold moved by one, fails here even where the tracker and the simulator would still
agree with each other. The values are the books' (the seeds and digests under
/work/shared, PHB/DMG tables for AD&D)."""

from __future__ import annotations

from m3desk.systems.adnd2e import combat as adnd
from m3desk.systems.adnd2e.option_rules import attack_rule
from m3desk.systems.adnd2e.options import AdndOptions


def test_adnd_initiative_modifiers_every_row() -> None:
    """PHB Table 55, and seed 002: a charge gives the charger's opponents −2."""
    assert adnd.INITIATIVE_MODIFIERS == {
        "hasted": -2,
        "slowed": 2,
        "higher_ground": -1,
        "set": -2,
        "slippery": 2,
        "deep_water": 4,
        "foreign_environment": 6,
        "hindered": 3,
        "waiting": 1,
        "foe_charges": -2,
    }


def test_adnd_morale_thresholds() -> None:
    """DMG: 2d10 at most the rating holds; Table 50's −2 at a quarter lost and −4 at half;
    checks at a quarter and half of the side down and each loss after half."""
    assert [adnd.morale_holds(total, 11) for total in (11, 12)] == [True, False]
    assert [adnd.morale_loss(points, 20) for points in (20, 16, 15, 11, 10, 0)] == [
        0,
        0,
        -2,
        -2,
        -4,
        -4,
    ]
    assert [adnd.morale_trigger(down, 8) for down in range(0, 9)] == [0, 0, 2, 2, 4, 5, 6, 7, 8]


def test_ose_morale_thresholds() -> None:
    """OSE: 2d6 at most ML holds; ML 2 and ML 12 roll nothing (no odds, no roll)."""
    from fractions import Fraction

    from m3desk.systems.ose import combat as ose

    assert [ose.morale_pass_chance(ml) for ml in (1, 2, 3, 7, 11, 12, 13)] == [
        None,
        None,
        Fraction(3, 36),
        Fraction(21, 36),
        Fraction(35, 36),
        None,
        None,
    ]
    assert [ose.morale_holds(roll, ml) for roll, ml in ((7, 7), (8, 7), (2, 2), (12, 12))] == [
        True,
        False,
        False,
        True,
    ]


def test_monsters_and_magic_down_and_durations() -> None:
    """At 0 PHP or fewer a combatant is down; only a duration in rounds counts down, one
    round end more when it waits; the table rules count the first round by default."""
    from m3desk.systems.monsters_and_magic.conditions import (
        Condition,
        ConditionKind,
        Duration,
        DurationKind,
        Tier,
        round_ends_left,
    )
    from m3desk.systems.monsters_and_magic.encounter import down
    from m3desk.systems.monsters_and_magic.table_rules import TableRules

    assert [down(points) for points in (1, 0, -1)] == [False, True, True]

    def lasting(duration: Duration) -> Condition:
        return Condition.make("shield", ConditionKind.EFFECT, Tier.MINOR, duration=duration)

    scene = lasting(Duration(kind=DurationKind.SCENE, rounds=3))
    assert round_ends_left(scene, False) is None
    assert round_ends_left(lasting(Duration(kind=DurationKind.UNTIL_REMOVED)), True) is None
    rounds = lasting(Duration(kind=DurationKind.ROUNDS, rounds=3))
    assert [round_ends_left(rounds, waits) for waits in (False, True)] == [3, 4]
    rules = TableRules()
    assert rules.duration_counts_first_round is True
    assert rules.range_band_cost == 5


def test_range_bands_in_words() -> None:
    """Runs of neighbouring bands as "first–last", separate runs with commas, in order."""
    from m3desk.core.numbers import step_runs

    names = ("Hand", "Close", "Reach", "Short", "Medium", "Long").__getitem__
    assert step_runs([], names) == ""
    assert step_runs([1], names) == "Close"
    assert step_runs([0, 1], names) == "Hand–Close"
    assert step_runs([3, 1, 2], names) == "Close–Short"
    assert step_runs([0, 2, 3, 5], names) == "Hand, Reach–Short, Long"
    assert step_runs([0, 1, 2, 3, 4, 5], names) == "Hand–Long"


def test_ose_morale_moments_and_limits() -> None:
    """OSE (SRD, Morale): a side checks at its first death and when half of it is down; two
    held checks end them, as does breaking; ML 2 and 12 never roll, and the situation's
    −2…+2 keeps ML within 2–12."""
    from m3desk.systems.ose import round as rnd

    first, half = rnd.FIRST_DEATH, rnd.HALF_DOWN
    assert [rnd.morale_moments(down, 4) for down in range(5)] == [
        0,
        first,
        first | half,
        first | half,
        first | half,
    ]
    assert [rnd.morale_moments(down, 5) for down in (2, 3)] == [first, first | half]
    assert rnd.morale_moments(0, 0) == 0
    assert rnd.morale_moments(1, 0) == first
    assert [rnd.morale_closed(passes, False) for passes in (0, 1, 2)] == [False, False, True]
    assert rnd.morale_closed(0, True) is True
    assert [
        rnd.passes_after(passes, holds)
        for passes, holds in ((0, True), (1, True), (2, True), (1, False))
    ] == [1, 2, 2, 1]
    assert [rnd.never_checks(ml) for ml in (1, 2, 3, 11, 12, 13)] == [
        False,
        True,
        False,
        False,
        True,
        False,
    ]
    assert [
        rnd.adjusted_morale(base, adjustment)
        for base, adjustment in ((7, 2), (7, -2), (3, -2), (11, 2), (2, 2), (12, -2))
    ] == [9, 5, 2, 12, 2, 12]


def test_ose_hits_and_damage() -> None:
    """OSE (SRD, Attacks): a natural 20 always hits and a natural 1 always misses, so the
    lowest natural that hits is 2 to 20; a hit deals at least 1 damage (a backstab's ×2)."""
    from m3desk.systems.ose import combat as ose

    assert [ose.lowest_natural(need, 0) for need in (1, 2, 11, 20, 21, 25)] == [
        2,
        2,
        11,
        20,
        20,
        20,
    ]
    assert [ose.lowest_natural(15, modifier) for modifier in (-6, 2, 14)] == [20, 13, 2]
    assert [ose.damage_dealt(total) for total in (-1, 0, 1, 2, 6)] == [1, 1, 1, 2, 6]
    assert [ose.damage_dealt(total, 2) for total in (0, 1, 3)] == [1, 2, 6]


def test_ose_withdrawal_and_slow_weapons() -> None:
    """OSE (SRD, Movement in combat): a retreat moves the whole encounter rate back, a
    fighting withdrawal half of it; a slow weapon's wielder acts after every other roll."""
    from m3desk.systems.ose.movement import withdrawal_feet
    from m3desk.systems.ose.turn_order import SLOW_PENALTY, order_key

    assert [withdrawal_feet(rate, "retreat") for rate in (40, 35)] == [40, 35]
    assert [withdrawal_feet(rate, "fighting withdrawal") for rate in (40, 35)] == [20, 17]
    assert withdrawal_feet(40, "none") == 0
    assert SLOW_PENALTY == 10
    assert [order_key(roll, False) for roll in (1, 6)] == [1, 6]
    assert [order_key(roll, True) for roll in (1, 6)] == [-9, -4]


def test_adnd_morale_triggers_at_the_edges() -> None:
    """DMG: a check when a quarter of the group is down (rounded up: 2 of 5), at half, and at
    each loss after half; a side of no monsters never checks."""
    assert [adnd.morale_trigger(down, 5) for down in range(6)] == [0, 0, 2, 3, 4, 5]
    assert [adnd.morale_trigger(down, 9) for down in range(2, 6)] == [0, 3, 3, 5]
    assert [adnd.morale_trigger(1, members) for members in (1, 2, 3, 4, 5)] == [1, 1, 1, 1, 0]
    assert adnd.morale_trigger(1, 0) == 0
    assert adnd.morale_trigger(0, 0) == 0


def test_adnd_critical_hits_and_damage() -> None:
    """DMG's optional critical hits: on a natural 20 only, the damage dice twice
    ("double_dice") or an extra attack ("extra_attack"); a hit deals at least 1."""
    off, double, extra = (
        attack_rule(AdndOptions(critical_hits=critical))
        for critical in ("off", "double_dice", "extra_attack")
    )
    for natural in (19, 20):
        assert double.doubles_dice(natural) is (natural == 20)
        assert extra.extra_on(natural) is (natural == 20)
        assert extra.doubles_dice(natural) is False
        assert double.extra_on(natural) is False
        assert off.doubles_dice(natural) is off.extra_on(natural) is False
    assert [
        adnd.hit_damage(rolled, bonus)
        for rolled, bonus in ((1, -3), (1, 0), (2, 0), (3, -1), (4, 2))
    ] == [1, 1, 2, 2, 6]


def test_turn_order_groups_and_countdowns() -> None:
    """The core's initiative counts (highest or lowest first, a tie acting together, ordered
    within by tie order) and a condition's rounds counting down (unlimited stays, one
    placed this round waits a round, the last round runs out at 0)."""
    from m3desk.core.encounter import counted_down, group_counts

    items = [("a", 3, 0), ("b", 5, 1), ("c", 3, -1), ("d", 1, 0), ("e", 5, 0)]
    assert group_counts(items, lower_first=False) == [["e", "b"], ["c", "a"], ["d"]]
    assert group_counts(items, lower_first=True) == [["d"], ["c", "a"], ["e", "b"]]
    assert group_counts([("x", 0, 0)], lower_first=False) == [["x"]]
    assert group_counts([("x", 2, 1), ("y", 2, 0)], lower_first=False) == [["y", "x"]]
    assert [counted_down(rounds, False) for rounds in (None, 1, 2, 3)] == [None, 0, 1, 2]
    assert [counted_down(rounds, True) for rounds in (None, 1, 2)] == [None, 1, 2]


def test_side_dice_reroll_ties() -> None:
    """One die a side; where ties are rolled again every side rolls again while two share a
    number, at most MAX_REROLLS times; without rerolls a tie stands."""
    from m3desk.core.initiative import MAX_REROLLS, roll_sides

    def dice(*faces: int) -> object:
        left = list(faces)
        return lambda: left.pop(0)

    assert roll_sides(["A", "B"], dice(3, 3, 4, 4, 2, 5), reroll=True) == {"A": 2, "B": 5}
    assert roll_sides(["A", "B"], dice(3, 3), reroll=False) == {"A": 3, "B": 3}
    assert roll_sides(["A", "B"], dice(3, 4), reroll=True) == {"A": 3, "B": 4}
    assert roll_sides(["A"], dice(6), reroll=True) == {"A": 6}
    # the last reroll allowed still counts; after it a tie stands
    last = dice(*[1] * (2 * MAX_REROLLS), 2, 3)
    assert roll_sides(["A", "B"], last, reroll=True) == {"A": 2, "B": 3}
    stuck = dice(*[1] * (2 * MAX_REROLLS + 2), 2, 3)
    assert roll_sides(["A", "B"], stuck, reroll=True) == {"A": 1, "B": 1}
    # three sides (two roll without the dictionaries): a tie of any two rolls all again
    assert roll_sides("ABC", dice(3, 1, 3, 4, 2, 5), reroll=True) == {"A": 4, "B": 2, "C": 5}
    assert roll_sides("ABC", dice(3, 1, 3), reroll=False) == {"A": 3, "B": 1, "C": 3}
    assert roll_sides("ABC", dice(3, 4, 5), reroll=True) == {"A": 3, "B": 4, "C": 5}
    last = dice(*[1] * (3 * MAX_REROLLS), 2, 3, 4)
    assert roll_sides("ABC", last, reroll=True) == {"A": 2, "B": 3, "C": 4}
    stuck = dice(*[1] * (3 * MAX_REROLLS + 3), 2, 3, 4)
    assert roll_sides("ABC", stuck, reroll=True) == {"A": 1, "B": 1, "C": 1}


def test_apparatus_conditions_speed_and_evade() -> None:
    """Apparatus (rules digest, Grappling and Conditions): a creature held in a grapple is
    Grappled, and Restrained too when the grapple is Advanced or Complete; Grappled,
    Restrained or Incapacitated is Speed 0; Evade counts only for a creature that can move;
    Exhaustion is the highest level placed."""
    from m3desk.systems.apparatus.options import ApparatusOptions
    from m3desk.systems.apparatus.state import (
        evade_counts,
        exhaustion_level,
        held_conditions,
        speed_rule,
    )

    assert held_conditions(["prone"], []) == {"prone"}
    assert held_conditions([], ["basic"]) == {"grappled"}
    assert held_conditions([], ["advanced"]) == {"grappled", "restrained"}
    assert held_conditions([], ["complete"]) == {"grappled", "restrained"}
    options = ApparatusOptions()
    for condition, why in (
        ("grappled", "held in a grapple: Speed 0"),
        ("restrained", "Restrained: Speed 0"),
        ("incapacitated", "Incapacitated: Speed 0"),
    ):
        assert speed_rule(6, {condition}, False, options) == (0, why)
    assert speed_rule(6, {"prone"}, False, options) == (6, "")
    assert speed_rule(6, set(), True, options)[0] < 6
    assert [
        evade_counts(evading, speed)
        for evading, speed in ((True, 1), (True, 0), (False, 1), (False, 0))
    ] == [True, False, False, False]
    assert exhaustion_level([]) == 0
    assert exhaustion_level([("exhaustion", 2), ("prone", 5), ("exhaustion", 1)]) == 2
