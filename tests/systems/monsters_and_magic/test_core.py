"""Behaviour of the rules core beyond the public surface."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from m3desk.systems.monsters_and_magic import (
    ArmourWeight,
    Attribute,
    Attributes,
    CharacterSheet,
    CheckRoll,
    Condition,
    ConditionKind,
    ConditionSpend,
    CoverExtent,
    CoverKind,
    DamageSpend,
    DiceError,
    DiceExpr,
    Encumbrance,
    IncrementalContest,
    Item,
    MovementType,
    Pool,
    RangeBand,
    RangeSpend,
    RankedEntry,
    ResistanceChoice,
    ResistanceKind,
    Roller,
    Situation,
    SpendPlan,
    TableRules,
    Tier,
    Trait,
    apply_plan,
    build_check,
    check_plan,
    cover_bonus,
    derive,
    effective_movement,
    ranked,
)
from m3desk.systems.monsters_and_magic.conditions import Duration, DurationKind
from m3desk.systems.monsters_and_magic.movement import distance, movement_consequence, race_movement


def gramfive(**changes) -> CharacterSheet:
    base = CharacterSheet(
        name="Gramfive",
        attributes=Attributes(STR=17, DEX=13, CON=15),
        prime=Attribute.STR,
        php=Pool.full(25),
        hero_points=1,
        traits=(Trait(name="Weapons Training", kind="class", armour=True),),
        items=(
            Item(name="scale mail", kind="armour", armour_bonus=4, weight=ArmourWeight.MEDIUM),
            Item(name="shield", kind="shield", armour_bonus=1),
            Item(name="Cutter", kind="weapon", damage="1d8+1", signature=True, to_hit=1),
        ),
    )
    return base.model_copy(update=changes)


class TestDice:
    @pytest.mark.parametrize(
        ("text", "expected"),
        [
            ("1d8+1", (1, 8, 1)),
            ("d12", (1, 12, 0)),
            ("2d6-1", (2, 6, -1)),
            ("+1d4+1", (1, 4, 1)),
            (" 3D6 ", (3, 6, 0)),
            ("+2", (0, 1, 2)),
        ],
    )
    def test_parse(self, text: str, expected: tuple[int, int, int]) -> None:
        expr = DiceExpr.parse(text)
        assert (expr.count, expr.sides, expr.bonus) == expected

    @pytest.mark.parametrize("text", ["1d", "d", "fish", "1d1", "99d6", "1d6+500", ""])
    def test_bad_expressions_say_what_is_wrong(self, text: str) -> None:
        with pytest.raises(DiceError):
            DiceExpr.parse(text)

    def test_maximum_minimum_and_string(self) -> None:
        expr = DiceExpr.parse("2d6-1")
        assert (expr.maximum, expr.minimum, str(expr)) == (11, 1, "2d6-1")

    def test_seeded_roller_repeats(self) -> None:
        a, b = Roller(7), Roller(7)
        assert [a.roll_check(DiceExpr.parse("1d8")) for _ in range(5)] == [
            b.roll_check(DiceExpr.parse("1d8")) for _ in range(5)
        ]

    def test_typed_faces_are_checked(self) -> None:
        with pytest.raises(DiceError):
            CheckRoll((7, 1, 1))
        with pytest.raises(DiceError):
            DiceExpr.parse("1d4").total((5,))


class TestDerivedValues:
    def test_armour_class_and_its_explanation(self) -> None:
        d = derive(gramfive())
        assert d["ac"].value == 19
        assert d["ac"].explanation() == "AC 19 = DEX 13 + scale mail 4 + shield 1 + trait 1"
        assert d["ac.rolled"].value == 7

    def test_prime_attribute_doubles_on_checks(self) -> None:
        d = derive(gramfive())
        assert (d["mod.STR"].value, d["check.STR"].value, d["check.DEX"].value) == (3, 6, 1)

    def test_movement_is_capped_by_armour_or_encumbrance(self) -> None:
        d = derive(gramfive())
        assert (d["movement"].value, d["mov"].value) == (9, -1)
        heavy = derive(gramfive(encumbrance=Encumbrance.OVER))
        assert heavy["movement"].value == 3 and heavy["mov"].value == -4
        assert race_movement("Dwarf") == 9 and race_movement("half-orc") == 12
        assert effective_movement(9, Encumbrance.UNENCUMBERED, ArmourWeight.NONE)[0] == 9

    def test_gm_override_is_kept_and_marked(self) -> None:
        d = derive(gramfive(overrides={"ac": 21}))
        assert (d["ac"].value, d["ac"].computed, d["ac"].overridden) == (21, 19, True)
        assert "set by the GM" in d["ac"].explanation()

    def test_max_damage_of_each_weapon(self) -> None:
        assert derive(gramfive())["max_damage.item.2"].value == 10

    def test_defence_effects_show_in_current_ac(self) -> None:
        shield = Condition.make(
            "magical shield", ConditionKind.EFFECT, Tier.MINOR, affects="defence"
        )
        d = derive(gramfive(conditions=(shield,)))
        assert (d["ac.now"].value, d["ac.rolled.now"].value) == (21, 9)

    def test_consequences_on_checks_only_leave_the_ac_alone(self) -> None:
        dazed = Condition.make("dazed", ConditionKind.CONSEQUENCE, Tier.MINOR, affects="checks")
        assert dazed.affects == "checks"
        assert derive(gramfive(conditions=(dazed,)))["ac.now"].value == 19

    def test_help_for_a_resistance_does_not_raise_ac(self) -> None:
        from m3desk.systems.monsters_and_magic.spending import help_condition

        helped = gramfive(conditions=(help_condition(5, "Guido", "CON resistance"),))
        assert derive(helped)["ac.now"].value == 19

    def test_impossible_values_are_refused(self) -> None:
        with pytest.raises(ValidationError):
            Attributes(STR=0)
        with pytest.raises(ValidationError):
            Pool(current=30, maximum=25)
        with pytest.raises(ValidationError):
            Item(name="bad", damage="1d")


class TestMovementTables:
    def test_table_17_distances(self) -> None:
        assert distance(12, MovementType.NORMAL) == (240, "feet per round")
        assert distance(3, MovementType.SPRINT) == (300, "feet per round")
        assert distance(9, MovementType.OUTDOOR) == (18, "miles per day")
        assert movement_consequence(MovementType.RUN) is Tier.MAJOR
        assert movement_consequence(MovementType.CAUTIOUS) is None


class TestCoverAndConcealment:
    def test_table_14(self) -> None:
        assert cover_bonus(CoverKind.LIGHT, CoverExtent.HALF) == 2
        assert cover_bonus(CoverKind.HEAVY, CoverExtent.FULL) == 20

    def test_cover_raises_the_resistance(self) -> None:
        target = gramfive(name="Target")
        spec = build_check(
            gramfive(),
            attribute=Attribute.STR,
            target=target,
            situation=Situation(cover=CoverKind.MEDIUM, cover_extent=CoverExtent.HALF),
        )
        assert spec.resistance.value == 19 + 5


class TestSpending:
    def test_range_costs_five_a_band(self) -> None:
        g = gramfive()
        plan = SpendPlan(spends=(RangeSpend(bands=-2), DamageSpend(amount=4)))
        assert check_plan(plan, 14, actor=g, target=gramfive(name="T"), damage_cap=10).ok
        assert not check_plan(plan, 13, actor=g, target=gramfive(name="T"), damage_cap=10).ok
        out = apply_plan(
            plan,
            14,
            actor=g,
            target=gramfive(name="T"),
            damage_cap=10,
            current_range=RangeBand.SHORT,
        )
        assert out.range is RangeBand.CLOSE and out.target.php.current == 21

    def test_one_consequence_per_tier(self) -> None:
        fire = Condition.make("fire", ConditionKind.CONSEQUENCE, Tier.MINOR)
        target = gramfive(name="T", conditions=(fire,))
        plan = SpendPlan(
            spends=(
                ConditionSpend(
                    condition=Condition.make("lacerated", ConditionKind.CONSEQUENCE, Tier.MINOR)
                ),
            )
        )
        assert (
            "already has a minor"
            in check_plan(plan, 12, actor=gramfive(), target=target, damage_cap=10).problems[0]
        )
        assert check_plan(
            plan,
            12,
            actor=gramfive(),
            target=target,
            damage_cap=10,
            rules=TableRules(one_consequence_per_tier=False),
        ).ok

    def test_hero_points_are_needed(self) -> None:
        plan = SpendPlan(hero_bump=1)
        assert not check_plan(
            plan, 9, actor=gramfive(hero_points=0), target=None, damage_cap=None
        ).ok

    def test_defender_takes_damage_instead_capped(self) -> None:
        chest = Condition.make("chest bashed in", ConditionKind.CONSEQUENCE, Tier.EXTREME)
        out = apply_plan(
            SpendPlan(spends=(ConditionSpend(condition=chest),), defender_takes_damage=True),
            19,
            actor=gramfive(name="M"),
            target=gramfive(),
            damage_cap=18,
        )
        assert (out.damage, out.target.php.current, out.target.hero_points) == (18, 7, 0)
        assert out.target.conditions == ()

    def test_cinematic_range_change_with_hero_points(self) -> None:
        rules = TableRules(cinematic_range_hero_points=1)
        out = apply_plan(
            SpendPlan(range_hero_points=1),
            0,
            actor=gramfive(),
            target=None,
            damage_cap=None,
            current_range=RangeBand.REACH,
            rules=rules,
        )
        assert out.range is RangeBand.CLOSE and out.actor.hero_points == 0
        assert not check_plan(
            SpendPlan(range_hero_points=1), 0, actor=gramfive(), target=None, damage_cap=None
        ).ok  # the option is off by default


class TestChecks:
    def test_ranked_check_gem_of_madness(self) -> None:
        groups = ranked(
            [
                RankedEntry("Shamira", 9 - 1),
                RankedEntry("orc", 15 + 1),
                RankedEntry("Felix", 10 + 6 + 1),
            ]
        )
        assert [[e.name for e in g] for g in groups] == [["Felix"], ["orc"], ["Shamira"]]

    def test_incremental_contest_to_ten(self) -> None:
        contest = IncrementalContest(name="throw off the disease").add("Shamira", 6)
        assert contest.winner() is None
        assert contest.add("Shamira", 4).winner() == "Shamira"

    def test_orc_armour_class(self) -> None:
        orc = CharacterSheet(
            name="orc",
            attributes=Attributes(DEX=12),
            prime=None,
            traits=(Trait(name="orc weapons", armour=True),),
            items=(Item(name="hide", kind="armour", armour_bonus=1),),
        )
        assert derive(orc)["ac"].value == 14

    def test_rolled_difficulty(self) -> None:
        spec = build_check(
            gramfive(),
            attribute=Attribute.STR,
            resistance=ResistanceChoice(kind=ResistanceKind.DIFFICULTY, difficulty=15, rolled=True),
        )
        assert spec.resistance.rolled and spec.resistance.value == 5

    def test_conditions_tick_and_expire(self) -> None:
        shield = Condition.make(
            "shield",
            ConditionKind.EFFECT,
            Tier.MINOR,
            duration=Duration(kind=DurationKind.ROUNDS, rounds=2),
        )
        once = shield.tick()
        assert once is not None and once.duration.rounds == 1
        assert once.tick() is None

    def test_breakdown_names_naturals_and_failures(self) -> None:
        spec = build_check(
            gramfive(),
            attribute=Attribute.STR,
            resistance=ResistanceChoice(kind=ResistanceKind.DIFFICULTY, difficulty=30),
        )
        text = spec.resolve(CheckRoll((1, 1, 1))).breakdown()
        assert "natural 3" in text and "failure" in text
        text = spec.resolve(CheckRoll((6, 6, 6))).breakdown()
        assert "natural 18" in text and "0 EP" in text

    def test_odds_for_a_spec(self) -> None:
        spec = build_check(
            gramfive(),
            attribute=Attribute.STR,
            traits=1,
            weapon=gramfive().items[2],
            target=gramfive(name="T"),
        )
        odds = spec.odds()
        assert 0 < float(odds.success) < 1
        assert odds.at_least(5) <= odds.success


class TestSizeByDirection:
    """The book example drops size on a larger target's defence but keeps it on a smaller's."""

    def test_book_profile_keeps_the_smaller_target_adjustment(self) -> None:
        from m3desk.systems.monsters_and_magic import MonsterSheet, Size

        mummy = MonsterSheet(name="M", size=Size.L, level=6)
        book = TableRules.book_example()
        on_larger = build_check(gramfive(), attribute=Attribute.STR, target=mummy, rules=book)
        on_smaller = build_check(mummy, attribute=Attribute.STR, target=gramfive(), rules=book)
        assert on_larger.resistance.value == 10  # the monster sheet's default AC, unadjusted
        assert [t.label for t in on_larger.resistance.terms] == ["AC"]
        assert on_smaller.resistance.value == 19 + 2
        assert [t.value for t in on_larger.ep_terms] == [-2]
        assert [t.value for t in on_smaller.ep_terms] == [2]


class TestHitPointPools:
    def test_healing_stops_at_the_maximum_and_damage_goes_below_zero(self) -> None:
        pool = Pool(current=3, maximum=16)
        assert pool.adjusted(20) == Pool(current=16, maximum=16)
        assert pool.adjusted(-13).current == -10

    def test_a_pool_within_another_maximum(self) -> None:
        assert Pool(current=30, maximum=49).within(25) == Pool(current=25, maximum=25)
        assert Pool(current=7, maximum=25).within(25) == Pool(current=7, maximum=25)

    def test_initiative_is_roll_plus_modifier(self) -> None:
        from m3desk.systems.monsters_and_magic.initiative import initiative_result

        assert initiative_result(14, 7) == 21
