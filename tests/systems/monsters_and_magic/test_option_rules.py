"""Monsters & Magic's choices that change a rule pick one rule object
(:mod:`m3desk.systems.monsters_and_magic.option_rules`): for every choice the fields declare,
the sheet's derived maximum damage and the action's cap are the damage-cap rule's, and the
effect points a hero point buys in the spending rules and the limit the assistant states
are the hero-bump rule's."""

from __future__ import annotations

from enum import Enum
from typing import Any

import pytest

from m3desk.core.dice import DiceExpr
from m3desk.systems.monsters_and_magic import bumped_points
from m3desk.systems.monsters_and_magic.action import build_check
from m3desk.systems.monsters_and_magic.action_kind import ActionKind
from m3desk.systems.monsters_and_magic.derive import derive
from m3desk.systems.monsters_and_magic.option_rules import (
    PICKED,
    DamageCapRule,
    damage_cap_rule,
    hero_bump_rule,
)
from m3desk.systems.monsters_and_magic.sheet import CharacterSheet
from m3desk.systems.monsters_and_magic.spend_offer import SpendOffer
from m3desk.systems.monsters_and_magic.table_rules import TableRules
from tests.systems.monsters_and_magic.samples import sample_sheet


def _choices(name: str) -> tuple[Any, ...]:
    annotation = TableRules.model_fields[name].annotation
    if annotation is bool:
        return (False, True)
    assert isinstance(annotation, type) and issubclass(annotation, Enum), annotation
    return tuple(annotation)


def test_the_options_that_pick_a_rule_have_choices_to_loop_over() -> None:
    assert {"hero_bump", "damage_cap_adds_level"} <= PICKED
    assert all(len(_choices(name)) >= 2 for name in PICKED)


@pytest.mark.parametrize("adds", _choices("damage_cap_adds_level"))
def test_the_sheet_and_the_action_cap_damage_by_the_one_rule(adds: bool) -> None:
    rules = TableRules(damage_cap_adds_level=adds)
    rule = damage_cap_rule(rules)
    gramfive = sample_sheet("gramfive")
    assert isinstance(gramfive, CharacterSheet) and gramfive.level > 0
    item = next(i for i in gramfive.items if i.damage is not None)
    assert item.damage is not None
    derived = derive(gramfive, rules)["max_damage.item.0"]
    check = build_check(gramfive, weapon=item, target=sample_sheet("first-one-mummy"), rules=rules)
    cap = item.damage.maximum + (gramfive.level if adds else 0)
    assert derived.value == check.damage_cap_computed == rule.cap(item.damage, gramfive.level)
    assert derived.value == cap
    assert ("level" in derived.explanation()) is adds


@pytest.mark.parametrize("bump", _choices("hero_bump"))
def test_a_hero_point_buys_what_the_one_rule_says(bump: Any) -> None:
    rules = TableRules(hero_bump=bump)
    rule = hero_bump_rule(rules)
    costs = (rules.minor_cost, rules.major_cost, rules.extreme_cost)
    for points in (0, 4, 5, 6, 9, 10, 14, 15, 16):
        for spent in (0, 1, 2):
            assert bumped_points(points, spent, rules) == rule.bumped(points, spent, costs)
    felix = sample_sheet("felix")
    assert isinstance(felix, CharacterSheet)
    felix = felix.model_copy(update={"hero_points": 2})
    offer = SpendOffer(
        action=ActionKind.ATTACK,
        effect_points=6,
        succeeded=True,
        actor=felix,
        target=sample_sheet("first-one-mummy"),
        damage_cap=None,
        mental=False,
        current_range=None,
        rules=rules,
    )
    assert offer.bump_limit().reason.endswith(f"each buys {rule.per} (table rule)")


def test_the_rules_at_their_edges() -> None:
    plus, tier = (hero_bump_rule(TableRules(hero_bump=b)) for b in _choices("hero_bump"))
    assert not plus.next_tier and tier.next_tier
    costs = (5, 10, 15)
    assert [plus.bumped(6, n, costs) for n in (-1, 0, 1, 2)] == [6, 6, 7, 8]
    assert [tier.bumped(6, n, costs) for n in (-1, 0, 1, 2, 3)] == [6, 6, 10, 15, 16]
    assert [tier.bumped(p, 1, costs) for p in (4, 5, 9, 10, 15)] == [5, 10, 10, 15, 16]
    d8 = DiceExpr.parse("1d8")
    assert DamageCapRule(True).cap(d8, 3) == 11 and DamageCapRule(False).cap(d8, 3) == 8
    assert [t.label for t in DamageCapRule(True).terms(d8, 3)] == ["1d8 maximum", "level"]
    assert [t.value for t in DamageCapRule(False).terms(d8, 3)] == [8]
    assert damage_cap_rule(TableRules()) == DamageCapRule(adds_level=True)
