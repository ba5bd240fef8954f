"""Every row and threshold of the games' rule tables, read (issue 31): a row changed, or a
threshold moved by one, fails here even where the tracker and the simulator would still
agree with each other. The values are the books' (the seeds and digests under
/work/shared, PHB/DMG tables for AD&D)."""

from __future__ import annotations

from m3desk.systems.adnd2e import combat as adnd


def test_adnd_initiative_modifiers_every_row() -> None:
    """PHB Table 55, and seed 002: a charge gives the charger's opponents −2."""
    assert adnd.INITIATIVE_MODIFIERS == {
        "hasted": -2, "slowed": 2, "higher_ground": -1, "set": -2, "slippery": 2,
        "deep_water": 4, "foreign_environment": 6, "hindered": 3, "waiting": 1,
        "foe_charges": -2}


def test_adnd_morale_thresholds() -> None:
    """DMG: 2d10 at most the rating holds; Table 50's −2 at a quarter lost and −4 at half;
    checks at a quarter and half of the side down and each loss after half."""
    assert [adnd.morale_holds(total, 11) for total in (11, 12)] == [True, False]
    assert [adnd.morale_loss(points, 20) for points in (20, 16, 15, 11, 10, 0)] == [
        0, 0, -2, -2, -4, -4]
    assert [adnd.morale_trigger(down, 8) for down in range(0, 9)] == [
        0, 0, 2, 2, 4, 5, 6, 7, 8]


def test_ose_morale_thresholds() -> None:
    """OSE: 2d6 at most ML holds; ML 2 and ML 12 roll nothing (no odds, no roll)."""
    from fractions import Fraction

    from m3desk.systems.ose import combat as ose

    assert [ose.morale_pass_chance(ml) for ml in (1, 2, 3, 7, 11, 12, 13)] == [
        None, None, Fraction(3, 36), Fraction(21, 36), Fraction(35, 36), None, None]
    assert [ose.morale_holds(roll, ml) for roll, ml in ((7, 7), (8, 7), (2, 2), (12, 12))] == [
        True, False, False, True]


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
