"""Apparatus's choices that change a rule pick one rule object
(:mod:`m3desk.systems.apparatus.option_rules`), and the odds shown come from the very rule that
rolls: for every choice of every option that picks a rule (read from the field's own
declaration), the dice the dialog asks for are the rule's, and the preview's chance to hit is
the share of the d20 faces on which the tracker's resolve hits (every face where there are at
most two d20s; at ±3 and beyond, the automatic rule at the dice's extremes)."""

from __future__ import annotations

import itertools
import typing
from collections.abc import Iterator
from fractions import Fraction
from typing import Any, Literal

import pytest

from m3desk.core import encounter as core
from m3desk.core.actions import Action
from m3desk.core.places import Place
from m3desk.core.system import EncounterRules
from m3desk.systems.apparatus import option_rules
from m3desk.systems.apparatus.option_rules import (
    AdvantageRule,
    OpportunityRule,
    advantage_rule,
    opportunity_rule,
)
from m3desk.systems.apparatus.options import ApparatusOptions
from m3desk.systems.apparatus.samples import BRUTE, KESTREL
from m3desk.systems.apparatus.state import ApparatusEncounter
from m3desk.systems.apparatus.system import SYSTEM
from tests.systems.apparatus.test_opportunity_attacks import _beside_the_brute

RULES = SYSTEM.encounter
assert isinstance(RULES, EncounterRules)


def _choices(name: str) -> tuple[Any, ...]:
    annotation = ApparatusOptions.model_fields[name].annotation
    if annotation is bool:
        return (False, True)
    assert typing.get_origin(annotation) is Literal, annotation
    return typing.get_args(annotation)


def _every_choice() -> Iterator[Any]:
    """The defaults, then each other choice of each option that picks a rule, one at a time."""
    yield pytest.param(ApparatusOptions(), id="defaults")
    for name in sorted(option_rules.PICKED):
        for value in _choices(name):
            if value != ApparatusOptions.model_fields[name].default:
                yield pytest.param(ApparatusOptions(**{name: value}), id=f"{name}={value}")


CHOICES = list(_every_choice())

NETS = {
    "net 0": (True, "poisoned", "", 0),
    "net +1": (True, "", "", 1),
    "net −1": (False, "poisoned", "", -1),
    "net +3": (True, "unseen", "prone", 3),
    "net +4": (True, "unseen", "prone, restrained", 4),
    "net −3": (False, "poisoned, frightened, restrained", "", -3),
}
"""(the Brute attacks the Kestrel, or the other way round; the attacker's and the target's
conditions; the net Advantage they come to)."""


def _fight(options: ApparatusOptions, brute_attacks: bool, mine: str, theirs: str) -> Any:
    encounter = ApparatusEncounter(options=options)
    first, second = (BRUTE, KESTREL) if brute_attacks else (KESTREL, BRUTE)
    encounter = core.join(encounter, RULES.make_combatant(first, "Party"))
    encounter = core.join(encounter, RULES.make_combatant(second, "Monsters"))
    actor, target = (c.id for c in encounter.combatants)
    encounter = core.set_initiative(encounter, {actor: 20, target: 10})
    encounter = core.set_position(encounter, actor, target, 1)
    encounter = core.next_turn(encounter)
    for who, conditions in ((actor, mine), (target, theirs)):
        if conditions:
            encounter, _ = RULES.edit(encounter, who, "conditions", conditions)  # type: ignore[misc]
    return encounter, actor, target


def test_the_options_that_pick_a_rule_have_choices_to_loop_over() -> None:
    assert {"advantage_mode", "advantage_auto_at_3", "cap_advantage_dice"} <= option_rules.PICKED
    assert len(CHOICES) == 1 + sum(len(_choices(name)) - 1 for name in option_rules.PICKED)


@pytest.mark.parametrize("net", NETS.values(), ids=NETS.keys())
@pytest.mark.parametrize("options", CHOICES)
def test_the_chance_shown_is_what_resolve_hits_over_the_d20_faces(
    options: ApparatusOptions, net: tuple[bool, str, str, int]
) -> None:
    brute_attacks, mine, theirs, expected = net
    encounter, actor, target = _fight(options, brute_attacks, mine, theirs)
    attack = Action("attack", 0, target=target)
    rule = advantage_rule(options)
    preview = RULES.preview(encounter, actor, attack, None)
    assert f"→ net {expected:+d}".replace("-", "−") in preview.lines[1]
    assert preview.lines[1].endswith(rule.words(expected) or f"net {expected:+d}".replace("-", "−"))
    option = next(o for o in RULES.actions(encounter, actor) if o.id == attack)
    d20s = [d.number for d in option.dice if d.sides == 20]
    rest = tuple(1 for d in option.dice if d.sides != 20 for _ in range(d.number))
    before = encounter.combatant(target).sheet.hit_points

    def hits(faces: tuple[int, ...]) -> bool:
        outcome = RULES.resolve(encounter, actor, attack, None, faces + rest)
        return outcome.encounter.combatant(target).sheet.hit_points < before

    if rule.automatic(expected) and expected < 0:  # nothing to roll: it fails outright
        assert option.dice == () and preview.success == 0 and not hits(())
        return
    assert d20s[0] == rule.dice_count(expected)
    if sum(d20s) <= 2:
        rolls = list(itertools.product(range(1, 21), repeat=sum(d20s)))
        assert preview.success == Fraction(sum(hits(r) for r in rolls), len(rolls))
    elif abs(expected) >= 3:  # decided outright under the ±3 rule, whatever the dice
        assert rule.automatic(expected) is options.advantage_auto_at_3
        low, high = hits((1,) * sum(d20s)), hits((20,) * sum(d20s))
        if rule.automatic(expected):
            assert preview.success == 1 and low and high
        else:
            assert 0 < preview.success < 1 and high and not low


def test_the_advantage_rule_at_its_edges() -> None:
    dice, flat = AdvantageRule(True, True, False), AdvantageRule(False, True, False)
    capped, loose = AdvantageRule(True, True, True), AdvantageRule(True, False, False)
    assert advantage_rule(ApparatusOptions()) == dice
    assert advantage_rule(ApparatusOptions(advantage_mode="flat")) == flat
    assert advantage_rule(ApparatusOptions(cap_advantage_dice=True)) == capped
    assert advantage_rule(ApparatusOptions(advantage_auto_at_3=False)) == loose
    assert [dice.dice_count(n) for n in (-5, -3, -2, 0, 2, 3, 5)] == [4, 4, 3, 1, 3, 4, 6]
    assert [capped.dice_count(n) for n in (-5, 3, 4, 5)] == [4, 4, 4, 4]
    assert [loose.dice_count(n) for n in (-5, 5)] == [6, 6]
    assert [flat.dice_count(n) for n in (-3, 0, 4)] == [1, 1, 1]
    assert [flat.flat(n) for n in (-2, 0, 3)] == [-4, 0, 6] and dice.flat(3) == 0
    assert [dice.automatic(n) for n in (-4, -3, -2, 2, 3)] == [True, True, False, False, True]
    assert not loose.automatic(-3) and not loose.automatic(5)
    assert dice.words(3) == ": automatic success" and dice.words(-3) == ": automatic failure"
    assert dice.words(2) == ": roll 3 d20, keep the highest"
    assert dice.words(-1) == ": roll 2 d20, keep the lowest"
    assert flat.words(-2) == ": −4 to the roll" and flat.words(1) == ": +2 to the roll"
    assert dice.words(0) == flat.words(0) == ""


@pytest.mark.parametrize("choice", _choices("opportunity_attacks"))
def test_leaving_reach_owes_what_the_opportunity_rule_says(choice: str) -> None:
    """Kestrel runs out of the Brute's reach: the map's move owes the Brute its attack
    exactly where the rule says (and never after disengaging)."""
    options = ApparatusOptions(opportunity_attacks=choice)  # type: ignore[arg-type]
    rule = opportunity_rule(options)
    fight, kestrel, brute, _wren = _beside_the_brute(options)
    moved, _text = RULES.make_move(fight, kestrel, Place.at(-3, 0))
    assert moved.combatant(kestrel).free_attacks == ((brute,) if rule.due else ())


def test_the_opportunity_rule_at_its_edges() -> None:
    due, noted = OpportunityRule(due=True), OpportunityRule(due=False)
    assert opportunity_rule(ApparatusOptions()) == noted
    assert opportunity_rule(ApparatusOptions(opportunity_attacks="due")) == due
    assert due.owed(False) and not due.owed(True)
    assert not noted.owed(False) and not noted.owed(True)
