"""Range before damage (seed 000, "Changing range"), a change of range does no damage, the
default resistance of a change-range check, reach-aware default targets, and how a check
reads (natural 3, the minus sign). Numbers from the digest §1.7 and §2.3 (items 8, 10)."""

from __future__ import annotations

import pytest

from m3desk.core.numbers import MINUS
from m3desk.systems.monsters_and_magic import (
    Attribute,
    CheckRoll,
    Condition,
    ConditionKind,
    ConditionSpend,
    DamageSpend,
    RangeBand,
    RangeSpend,
    ResistanceChoice,
    ResistanceKind,
    Situation,
    SpendPlan,
    TableRules,
    Tier,
    apply_plan,
    build_check,
    check_plan,
)
from m3desk.systems.monsters_and_magic.action_defaults import (
    default_resistance,
    default_target_id,
    resistance_reason,
    target_note,
)
from m3desk.systems.monsters_and_magic.action_kind import ActionKind
from m3desk.systems.monsters_and_magic.action_outcome import apply_action
from m3desk.systems.monsters_and_magic.check_request import CheckRequest, spec_for
from m3desk.systems.monsters_and_magic.checks import Failure
from m3desk.systems.monsters_and_magic.encounter import (
    Encounter,
    add_combatant,
    resolve_scouting,
    set_range,
    start,
)
from m3desk.systems.monsters_and_magic.ranges import WeaponReach, steps_to
from m3desk.systems.monsters_and_magic.sheet import MonsterSheet
from m3desk.systems.monsters_and_magic.spend_draft import SpendDraft
from m3desk.systems.monsters_and_magic.spend_offer import offer_for
from m3desk.systems.monsters_and_magic.spending import ProblemCode
from m3desk.systems.monsters_and_magic.table_rules import RangeResistance
from tests.systems.monsters_and_magic.samples import MUMMY, sample_sheet

CUTTER = WeaponReach(weapon="Cutter", bands=(RangeBand.CLOSE,))
BOOK = TableRules.book_example()


def table(rules: TableRules = BOOK) -> Encounter:
    """The Example of Play at the start of the surprise round: everyone at Short (Table 13,
    a chamber), the party has surprise."""
    encounter = Encounter(name="Fane", options=rules)
    for stem in ("felix", "xiola", "gramfive", "shamira", "guido"):
        encounter = add_combatant(encounter, sample_sheet(stem), "Party")
    encounter = add_combatant(encounter, sample_sheet(MUMMY), "Monsters")
    encounter = resolve_scouting(encounter, {"Party": None, "Monsters": Failure.SIMPLE})
    return start(encounter)


def who(encounter: Encounter, first: str) -> str:
    return next(c.id for c in encounter.combatants if c.name.startswith(first))


def codes(budget) -> set[ProblemCode]:
    return {problem.code for problem in budget.problems}


# -- an attack out of reach must first buy the range ----------------------------------------


def test_steps_to_the_nearest_band_the_weapon_reaches() -> None:
    assert steps_to(RangeBand.SHORT, (RangeBand.CLOSE,)) == -2
    assert steps_to(RangeBand.HAND, (RangeBand.CLOSE,)) == 1  # the dragonet at Hand
    assert steps_to(RangeBand.REACH, (RangeBand.CLOSE, RangeBand.REACH)) == 0
    assert steps_to(RangeBand.LONG, ()) is None


def test_eleven_damage_with_a_longsword_at_short_is_refused() -> None:
    """11 EP at Short: Cutter works from Close only, so damage must wait for 2 bands."""
    gramfive, mummy = sample_sheet("gramfive"), sample_sheet(MUMMY)
    budget = check_plan(
        SpendPlan(spends=(DamageSpend(amount=10),)),
        11,
        actor=gramfive,
        target=mummy,
        damage_cap=10,
        current_range=RangeBand.SHORT,
        reach=CUTTER,
    )
    assert codes(budget) == {ProblemCode.OUT_OF_REACH}
    [problem] = budget.problems
    assert "Cutter attacks from Close" in problem and "2 bands closer (10 EP)" in problem
    with pytest.raises(ValueError, match="first buy 2 bands closer"):
        apply_plan(
            SpendPlan(spends=(DamageSpend(amount=10),)),
            11,
            actor=gramfive,
            target=mummy,
            damage_cap=10,
            current_range=RangeBand.SHORT,
            reach=CUTTER,
        )


def test_what_is_left_after_reaching_close_may_go_to_damage() -> None:
    """Item 10 as printed: 12 EP → 2 bands (10 EP) to Close + 2 PHP; mummy 49 → 47."""
    gramfive, mummy = sample_sheet("gramfive"), sample_sheet(MUMMY)
    plan = SpendPlan(spends=(RangeSpend(bands=-2), DamageSpend(amount=2)))
    out = apply_plan(
        plan,
        12,
        actor=gramfive,
        target=mummy,
        damage_cap=10,
        current_range=RangeBand.SHORT,
        reach=CUTTER,
    )
    assert (out.range, out.target.php.current) == (RangeBand.CLOSE, 47)


def test_one_band_short_of_reach_buys_nothing_else() -> None:
    gramfive, mummy = sample_sheet("gramfive"), sample_sheet(MUMMY)
    minor = Condition.make("knocked back", ConditionKind.CONSEQUENCE, Tier.MINOR)
    moving = SpendPlan(spends=(RangeSpend(bands=-1),))
    assert check_plan(
        moving,
        7,
        actor=gramfive,
        target=mummy,
        damage_cap=10,
        current_range=RangeBand.SHORT,
        reach=CUTTER,
    ).ok
    for extra in (DamageSpend(amount=2), ConditionSpend(condition=minor)):
        plan = SpendPlan(spends=(RangeSpend(bands=-1), extra))
        budget = check_plan(
            plan,
            12,
            actor=gramfive,
            target=mummy,
            damage_cap=10,
            current_range=RangeBand.SHORT,
            reach=CUTTER,
        )
        assert codes(budget) == {ProblemCode.OUT_OF_REACH}
        assert "at Reach after the range change" in budget.problems[0]
        assert "1 more band closer (5 EP)" in budget.problems[0]


def test_an_attack_spec_carries_its_reach_but_a_monster_action_does_not() -> None:
    gramfive, mummy = sample_sheet("gramfive"), sample_sheet(MUMMY)
    assert isinstance(mummy, MonsterSheet)
    cutter = next(item for item in gramfive.items if item.name.startswith("Cutter"))
    spec = build_check(gramfive, attribute=Attribute.STR, weapon=cutter, target=mummy)
    assert spec.reach == WeaponReach(weapon=cutter.name, bands=(RangeBand.CLOSE,))
    infect = next(attack for attack in mummy.attacks if attack.action)
    con = ResistanceChoice(kind=ResistanceKind.ATTRIBUTE, attribute=Attribute.CON)
    assert (
        build_check(mummy, weapon=infect, target=gramfive, resistance=con).reach is None
    )  # a GM reaction
    alone = ResistanceChoice(kind=ResistanceKind.DIFFICULTY)
    assert (
        build_check(gramfive, attribute=Attribute.STR, weapon=cutter, resistance=alone).reach
        is None
    )  # nobody to reach


def offer_at_short(dice: tuple[int, ...]):
    encounter = table()
    gramfive, mummy = who(encounter, "Gramfive"), who(encounter, "First")
    request = CheckRequest(
        actor_id=gramfive,
        weapon_key="item:0",
        attribute=Attribute.STR,
        trait_names=("Weapons Training",),
        target_id=mummy,
        resistance=ResistanceChoice(kind=ResistanceKind.AC, rolled=True),
    )
    spec = spec_for(encounter, request)
    resolution = spec.resolve(CheckRoll(dice[:3], dice[3:4]), dice[4:7], rules=BOOK)  # type: ignore[arg-type]
    return encounter, request, resolution, offer_for(encounter, request, resolution)


def test_the_offer_chooses_the_range_change_it_needs_and_damage_waits() -> None:
    """Item 10's dice: 15 + 8 + 7 = 30 vs 9 + 7 = 16 → 14, larger target −2 → 12 EP."""
    encounter, request, resolution, offer = offer_at_short((5, 5, 5, 6, 3, 3, 3))
    assert resolution.effect_points == 12
    assert offer.range_required() == -2
    limit = offer.damage_limit(SpendDraft())
    assert limit.maximum == 0 and "Cutter (signature longsword) attacks from Close" in limit.reason
    assert offer.damage_limit(SpendDraft(range_bands=-2)).maximum == 2
    tiers = offer.tier_choices(SpendDraft(), 0, ConditionKind.CONSEQUENCE)
    assert not tiers[Tier.MINOR].allowed and "attacks from Close" in tiers[Tier.MINOR].reason
    with pytest.raises(ValueError, match="first buy"):
        apply_action(encounter, request, resolution, SpendDraft(damage=10))
    applied = apply_action(encounter, request, resolution, SpendDraft(range_bands=-2, damage=2))
    assert applied.encounter.combatant(who(encounter, "First")).sheet.php.current == 47


def test_too_few_points_for_the_range_choose_nothing_and_say_so() -> None:
    """9 − 4 + 8: 13 + 8 + 3 = 24 vs 16 → 8, −2 → 6 EP: one band only, no damage."""
    _encounter, _request, resolution, offer = offer_at_short((4, 4, 5, 2, 3, 3, 3))
    assert resolution.effect_points == 6
    assert offer.range_required() == 0
    note = offer.reach_note(SpendDraft())
    assert "2 bands closer first (10 EP)" in note and "6 EP cannot pay for it" in note


# -- a change of range does no damage; its resistance is a table rule ------------------------


def test_a_change_range_check_does_no_damage() -> None:
    felix, mummy = sample_sheet("felix"), sample_sheet(MUMMY)
    budget = check_plan(
        SpendPlan(spends=(RangeSpend(bands=-1), DamageSpend(amount=3))),
        10,
        actor=felix,
        target=mummy,
        damage_cap=None,
        moving_only=True,
    )
    assert codes(budget) == {ProblemCode.NO_DAMAGE}


def test_felix_sneak_offers_the_range_but_no_damage() -> None:
    """Item 8: 12 + 7 = 19 vs the surprised mummy's rolled WIS; 10 EP → 2 bands."""
    encounter = table()
    felix, mummy = who(encounter, "Felix"), who(encounter, "First")
    resistance = default_resistance(encounter, ActionKind.CHANGE_RANGE, None, mummy)
    assert (resistance.kind, resistance.attribute, resistance.rolled) == (
        ResistanceKind.ATTRIBUTE,
        Attribute.WIS,
        True,
    )
    request = CheckRequest(
        actor_id=felix,
        action=ActionKind.CHANGE_RANGE,
        attribute=Attribute.DEX,
        trait_names=("Stealthy",),
        target_id=mummy,
        resistance=resistance,
        gm_resistance=-4,
    )
    resolution = spec_for(encounter, request).resolve(CheckRoll((4, 4, 4)), (4, 4, 3))
    offer = offer_for(encounter, request, resolution)
    assert resolution.effect_points == 10
    assert not offer.damage_offered
    assert offer.damage_limit(SpendDraft()).maximum == 0
    assert offer.range_limit(SpendDraft(), closer=True).maximum == 2
    assert offer.problems(SpendDraft(range_bands=-1, damage=5))[0].code is ProblemCode.NO_DAMAGE


@pytest.mark.parametrize(
    ("rule", "kind", "attribute", "word"),
    [
        (RangeResistance.SPOTTING, ResistanceKind.ATTRIBUTE, Attribute.WIS, "WIS"),
        (RangeResistance.BLOCKING, ResistanceKind.ATTRIBUTE, Attribute.STR, "STR"),
        (RangeResistance.DEFENCE, ResistanceKind.AC, None, "AC"),
    ],
)
def test_the_change_range_resistance_follows_the_table_rule(
    rule: RangeResistance, kind: ResistanceKind, attribute: Attribute | None, word: str
) -> None:
    encounter = table(TableRules(change_range_resistance=rule))
    mummy = who(encounter, "First")
    choice = default_resistance(encounter, ActionKind.CHANGE_RANGE, None, mummy)
    assert (choice.kind, choice.attribute) == (kind, attribute)
    reason = resistance_reason(encounter, ActionKind.CHANGE_RANGE, None, mummy)
    assert reason.startswith(f"Against {word}: First One Mummy")
    assert "table rule" in reason and "No damage" in reason


def test_the_default_follows_the_book_example_and_is_explained() -> None:
    assert TableRules().change_range_resistance is RangeResistance.SPOTTING
    assert "Felix's sneak" in TableRules.explain("change_range_resistance")


# -- default target in reach, and the list's notes ------------------------------------------


def round_one() -> Encounter:
    """Felix and Gramfive closed to Close in the surprise round; the others stay at Short."""
    encounter = table()
    mummy = who(encounter, "First")
    for name in ("Felix", "Gramfive"):
        encounter = set_range(encounter, who(encounter, name), mummy, RangeBand.CLOSE)
    return encounter.model_copy(update={"phase": "rounds", "round": 1, "turn": mummy})


def test_the_default_target_is_one_the_weapon_reaches() -> None:
    encounter = round_one()
    mummy = encounter.combatant(who(encounter, "First"))
    assert isinstance(mummy.sheet, MonsterSheet)
    bash, infect = mummy.sheet.attacks
    xiola = who(encounter, "Xiola")  # selected, but at Short: the bash cannot reach her
    chosen = default_target_id(encounter, mummy.id, ActionKind.ATTACK, bash, xiola)
    assert chosen in (who(encounter, "Felix"), who(encounter, "Gramfive"))
    gramfive = who(encounter, "Gramfive")
    assert default_target_id(encounter, mummy.id, ActionKind.ATTACK, bash, gramfive) == gramfive
    # The disease is a GM reaction: reach does not decide, the selection does.
    assert default_target_id(encounter, mummy.id, ActionKind.ATTACK, infect, xiola) == xiola
    assert target_note(encounter, mummy.id, xiola, bash)[0] == "Short · out of reach"
    assert target_note(encounter, mummy.id, gramfive, bash)[0] == "Close · in reach"
    assert target_note(encounter, mummy.id, xiola, infect)[0] == "Short"


# -- how the check reads ----------------------------------------------------------------------


def test_a_natural_3_that_meets_the_number_never_fails_by_0() -> None:
    gramfive, mummy = sample_sheet("gramfive"), sample_sheet(MUMMY)
    cutter = next(item for item in gramfive.items if item.name.startswith("Cutter"))
    spec = build_check(gramfive, attribute=Attribute.STR, weapon=cutter, target=mummy, rules=BOOK)
    resolution = spec.resolve(CheckRoll((1, 1, 1), (8,)), rules=BOOK)  # 3 + 7 + 9 = 19 vs 17
    assert not resolution.succeeded
    text = resolution.breakdown()
    assert "failed by" not in text
    assert text == "3 + 7 + 9 = 19 vs 17 (natural 3: automatic failure) → simple failure"


def test_a_negative_sum_reads_with_the_one_minus_sign() -> None:
    shamira, mummy = sample_sheet("shamira"), sample_sheet(MUMMY)
    regressing = Condition.make("regressing", ConditionKind.CONSEQUENCE, Tier.MAJOR)
    spec = build_check(
        shamira,
        attribute=Attribute.DEX,
        target=mummy,
        situation=Situation(actor_conditions=(regressing,), gm_check=-10),
    )
    text = spec.resolve(CheckRoll((2, 2, 2))).breakdown()  # DEX +1, regressing −4, GM −10
    # The mummy is larger: AC 17 − 2 = 15.
    assert text == f"6 {MINUS} 13 = {MINUS}7 vs 15 → failed by 22: extreme failure"
