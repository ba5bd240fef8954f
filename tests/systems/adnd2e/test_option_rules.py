"""AD&D's table-rules choices that change a rule pick one rule object
(:mod:`m3desk.systems.adnd2e.option_rules`), and the odds shown come from the very rule that
rolls: for every choice of every option that picks a rule (read from the field's own
declaration, not written here), the action dialog's preview, the roll the tracker resolves
and the attack the forecast plays agree, counted over every face of the dice."""

from __future__ import annotations

import itertools
import random
import typing
from collections.abc import Iterator
from enum import Enum
from fractions import Fraction
from typing import Any, Literal

import pytest

from m3desk.core import encounter as core
from m3desk.core.actions import Action
from m3desk.core.numbers import damage_spread, percent
from m3desk.core.places import Place
from m3desk.core.terms import Term
from m3desk.systems.adnd2e import forecast, option_rules
from m3desk.systems.adnd2e.derive import derive
from m3desk.systems.adnd2e.option_rules import (
    BY_THE_BOOK,
    D20,
    AttackRule,
    DeathRule,
    attack_rule,
    death_rule,
    dex_initiative_rule,
    initiative_rule,
    rear_rule,
)
from m3desk.systems.adnd2e.options import AdndOptions
from m3desk.systems.adnd2e.samples import ILSE, ORC, RATH, RUPERT
from m3desk.systems.adnd2e.table import (
    ENCOUNTER_RULES,
    AdndEncounter,
    initiative_terms,
    type_initiative,
)

RULES = ENCOUNTER_RULES
ATTACK = Action("attack", 0, variant="any")
"""Rath's long sword +1: d20 +3 (STR 18/80 +2, magic +1), 1d8 +5 against the orc."""


def _choices(name: str) -> tuple[Any, ...]:
    """Every value the field ``name`` of the options declares."""
    annotation = AdndOptions.model_fields[name].annotation
    if annotation is bool:
        return (False, True)
    if typing.get_origin(annotation) is Literal:
        return typing.get_args(annotation)
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return tuple(annotation)
    raise TypeError(f"{name}: no list of choices in {annotation!r}")


def _every_choice() -> Iterator[Any]:
    """The defaults, then each other choice of each option that picks a rule, one at a time."""
    yield pytest.param(AdndOptions(), id="defaults")
    for name in sorted(option_rules.PICKED):
        for value in _choices(name):
            if value != AdndOptions.model_fields[name].default:
                yield pytest.param(AdndOptions(**{name: value}), id=f"{name}={value}")


CHOICES = list(_every_choice())

ARMOUR = {"needs 24": -10, "needs 8": 6, "needs 4": 10}
"""The orc's AC: out of reach but for a natural 20, a middling roll, and reached even on a
natural 1 (Rath's THAC0 14, +3)."""


class Scripted(random.Random):
    """Dice that show the faces given, in order (each d``sides`` face as a ``random()``)."""

    def __init__(self, faces: list[tuple[int, int]]) -> None:
        super().__init__(0)
        self.values = [(face - 0.5) / sides for face, sides in faces]

    def random(self) -> float:
        return self.values.pop(0)


def _duel(options: AdndOptions, armour: int, orc_points: int = 9) -> AdndEncounter:
    encounter = AdndEncounter(name="Duel", options=options)
    encounter = core.join(encounter, RULES.make_combatant(RATH, "Party"))
    orc = ORC.model_copy(
        update={"armour_class": armour, "hit_points": orc_points, "max_hit_points": orc_points}
    )
    encounter = core.join(encounter, RULES.make_combatant(orc, "Monsters"))
    rath, foe = (c.id for c in encounter.combatants)
    encounter = core.move_to(encounter, rath, Place.at(0, 0))
    encounter = core.move_to(encounter, foe, Place.at(5, 0))
    assert isinstance(encounter, AdndEncounter)
    return encounter


def _faces(encounter: AdndEncounter, actor: str) -> list[tuple[int, ...]]:
    """Every roll of the dice the dialog asks for the attack (the d20 first): the long
    sword's against a man-sized foe, as ``ATTACK`` picks for the orc."""
    option = next(o for o in RULES.actions(encounter, actor) if o.id.variant == "sm")
    dice = [range(1, spec.sides + 1) for spec in option.dice for _ in range(spec.number)]
    assert len(dice) >= 2 and dice[0] == D20
    return list(itertools.product(*dice))


def test_the_options_that_pick_a_rule_have_choices_to_loop_over() -> None:
    assert {"nat20_auto", "critical_hits", "deaths_door", "initiative"} <= option_rules.PICKED
    assert len(CHOICES) == 1 + sum(len(_choices(name)) - 1 for name in option_rules.PICKED) >= 6


@pytest.mark.parametrize("armour", ARMOUR.values(), ids=ARMOUR.keys())
@pytest.mark.parametrize("options", CHOICES)
def test_the_chance_shown_is_the_count_of_the_d20_faces_resolve_calls_hits(
    options: AdndOptions, armour: int
) -> None:
    """Each natural d20 through the tracker's resolve and the forecast's attack: the
    dialog's chance is exactly the share of faces that hit, in both."""
    encounter = _duel(options, armour)
    rath, orc = (c.id for c in encounter.combatants)
    shown = RULES.preview(encounter, rath, ATTACK, orc).success
    resolved = played = 0
    for natural in D20:
        outcome = RULES.resolve(encounter, rath, ATTACK, orc, (natural, 1, 1))
        resolved += encounter.combatant(orc).sheet.hit_points > (
            outcome.encounter.combatant(orc).sheet.hit_points
        )
        dice = Scripted([(natural, 20), (1, 8), (1, 8), (1, 20)])
        played += forecast.play_attack(encounter, rath, orc, dice) > 0
    assert shown == Fraction(resolved, 20) == Fraction(played, 20)
    assert shown == attack_rule(options).chance(3, 14 - armour)


@pytest.mark.parametrize("armour", [6, -10], ids=["needs 8", "needs 24"])
@pytest.mark.parametrize("options", CHOICES)
def test_the_damage_and_kills_shown_are_what_resolve_deals_over_every_face(
    options: AdndOptions, armour: int
) -> None:
    """Every face of every die the dialog asks for (a critical's second die included):
    the preview's damage spread and its chance to kill are exactly what resolve does."""
    encounter = _duel(options, armour)
    rath, orc = (c.id for c in encounter.combatants)
    preview = RULES.preview(encounter, rath, ATTACK, orc)
    faces = _faces(encounter, rath)
    dealt: dict[int, int] = {}
    kills = 0
    for roll in faces:
        outcome = RULES.resolve(encounter, rath, ATTACK, orc, roll)
        damage = 9 - outcome.encounter.combatant(orc).sheet.hit_points
        if damage:
            dealt[damage] = dealt.get(damage, 0) + 1
        kills += "Orc is dead" in outcome.summary
    hits = sum(dealt.values())
    assert preview.success == Fraction(hits, len(faces))
    assert preview.spread == damage_spread({d: Fraction(n, hits) for d, n in dealt.items()})
    (words, chance), *_effects = preview.outcomes
    assert chance == Fraction(kills, len(faces))
    assert words == death_rule(options).kills_words(9)


def _record(encounter: AdndEncounter, natural: int) -> str:
    """The log line of Rath's attack on the orc with ``natural`` on the d20 and 1s after."""
    rath, orc = (c.id for c in encounter.combatants)
    return RULES.resolve(encounter, rath, ATTACK, orc, (natural, 1, 1)).encounter.log[-1].text


@pytest.mark.parametrize("options", CHOICES)
def test_the_record_names_what_the_natural_die_decided(options: AdndOptions) -> None:
    """A natural 20 out of reach, a natural 1 that reached: the record says the natural
    die decided only where the rule made it so; a critical hit is named as such."""
    rule = attack_rule(options)
    twenty, one = (_record(_duel(options, armour), roll) for armour, roll in ((-10, 20), (10, 1)))
    assert ("a natural 20 always hits" in twenty) is rule.naturals
    assert ("a natural 1 always misses" in one) is rule.naturals
    assert ("and misses" in one) is rule.naturals
    assert ("critical hit" in twenty) is (rule.naturals and (rule.doubles or rule.extra))


@pytest.mark.parametrize("armour", ARMOUR.values(), ids=ARMOUR.keys())
@pytest.mark.parametrize("options", CHOICES)
def test_a_flight_s_notice_gives_the_free_attack_s_own_odds(
    options: AdndOptions, armour: int
) -> None:
    """The orc flees Rath: the notice's chance to hit its back is the one the free attack's
    preview shows (and resolve rolls), under every choice (it once gave the book's odds
    whatever the table chose)."""
    encounter = _duel(options, armour)
    rath, orc = (c.id for c in encounter.combatants)
    encounter = core.update_combatant(encounter, orc, declared="flee")
    outcome = RULES.resolve(encounter, orc, Action("move", variant="flee"), None, ())
    free = next(o.id for o in RULES.actions(outcome.encounter, rath) if o.id.kind == "free")
    chance = RULES.preview(outcome.encounter, rath, free, None).success
    assert f": {percent(chance)} to hit with the long sword +1." in outcome.notices[0]


def test_the_attack_rule_at_its_edges() -> None:
    """The rule objects themselves, at every edge the options move."""
    strict = attack_rule(AdndOptions(nat20_auto=False))
    assert attack_rule(AdndOptions()) == BY_THE_BOOK
    assert [BY_THE_BOOK.hits(n, 0, 10) for n in (1, 9, 10, 20)] == [False, False, True, True]
    assert [BY_THE_BOOK.hits(n, 5, 30) for n in (19, 20)] == [False, True]
    assert [BY_THE_BOOK.hits(n, 5, 2) for n in (1, 2)] == [False, True]
    assert [strict.hits(n, 5, 30) for n in (19, 20)] == [False, False]
    assert [strict.hits(n, 5, 6) for n in (1, 2)] == [True, True]
    assert [strict.hits(n, 0, 10) for n in (9, 10)] == [False, True]
    assert BY_THE_BOOK.chance(0, 10) == strict.chance(0, 10) == Fraction(11, 20)
    assert (BY_THE_BOOK.chance(5, 30), strict.chance(5, 30)) == (Fraction(1, 20), 0)
    assert (BY_THE_BOOK.chance(5, 2), strict.chance(5, 2)) == (Fraction(19, 20), 1)
    assert [BY_THE_BOOK.lowest_hit(m, 10) for m in (0, 9, 10, -9, -10)] == [10, 2, 2, 19, 20]
    assert [strict.lowest_hit(m, 10) for m in (0, 9, 10, -10, -11)] == [10, 1, 1, 20, 21]
    assert BY_THE_BOOK.roll_words(20, True, False) == ", a natural 20 always hits"
    assert BY_THE_BOOK.roll_words(1, False, True) == ", a natural 1 always misses"
    assert BY_THE_BOOK.roll_words(20, True, True) == BY_THE_BOOK.roll_words(1, False, False) == ""
    assert BY_THE_BOOK.roll_words(19, True, False) == BY_THE_BOOK.roll_words(2, False, True) == ""
    assert strict.roll_words(20, True, False) == strict.roll_words(1, False, True) == ""
    double = AttackRule(naturals=True, doubles=True, extra=False)
    extra = AttackRule(naturals=True, doubles=False, extra=True)
    assert [double.hit_words(n) for n in (19, 20)] == [
        "",
        " (natural 20: a critical hit, the damage dice rolled twice)",
    ]
    assert [extra.hit_words(n) for n in (19, 20)] == ["", " (natural 20: a critical hit)"]
    assert BY_THE_BOOK.hit_words(20) == ""
    assert attack_rule(AdndOptions(critical_hits="double_dice")) == double
    assert attack_rule(AdndOptions(critical_hits="extra_attack")) == extra


def test_the_death_rule_at_its_edges() -> None:
    door, no_door = death_rule(AdndOptions(deaths_door=True)), death_rule(AdndOptions())
    assert (door, no_door) == (DeathRule(at_door=True), DeathRule(at_door=False))
    assert [door.kills_words(hp) for hp in (9, -9, -10, -11)] == [
        "Kills outright",
        "Kills outright",
        "Kills",
        "Kills",
    ]
    assert [no_door.kills_words(hp) for hp in (9, 0)] == ["Kills", "Kills"]


@pytest.mark.parametrize("options", CHOICES)
def test_initiative_is_rolled_as_the_rule_says_in_tracker_status_and_forecast(
    options: AdndOptions,
) -> None:
    """Rath and Ilse against two orcs, everyone declared, Rath set against a charge: the d10
    typed for Rath is his alone or his side's, the status asks for the dice by name or by
    side, the tooltip says how, the set spear counts alone or only side-wide, and the forecast
    rolls per combatant exactly where the tracker does."""
    rule = initiative_rule(options)
    encounter = AdndEncounter(name="Initiative", options=options)
    for sheet, side in ((RATH, "Party"), (ILSE, "Party"), (ORC, "Monsters"), (ORC, "Monsters")):
        encounter = core.join(encounter, RULES.make_combatant(sheet, side))
    rath, ilse, _orc, _other = (c.id for c in encounter.combatants)
    for combatant in encounter.combatants:
        declared = "set" if combatant.id == rath else "attack"
        encounter = core.update_combatant(encounter, combatant.id, declared=declared)
    encounter = core.start(encounter)
    assert isinstance(encounter, AdndEncounter)
    typed, _text = type_initiative(encounter, rath, 4)
    rolled = {c.name for c in typed.combatants if c.initiative_roll == 4}
    assert rolled == ({"Rath"} if rule.each else {"Rath", "Ilse"})
    asked = "Rath, Ilse, Orc 1, Orc 2" if rule.each else "Party, Monsters"
    assert f"type the d10 for {asked} (lower" in " ".join(RULES.status(encounter))
    tip = RULES.initiative_tip(encounter, encounter.combatant(ilse))
    assert f"Initiative: {rule.how}, lower acts first" in tip
    set_term = [t.label for t in initiative_terms(encounter, encounter.combatant(rath))]
    assert ("set against a charge" in set_term) is rule.own_modifiers
    assert forecast.prepared(encounter).individual is rule.each


def test_the_initiative_rule_at_its_edges() -> None:
    """Standard counts a modifier only when the whole side has it; group and individual
    count each one's own; only individual rolls each."""
    rules = [initiative_rule(AdndOptions(initiative=c)) for c in _choices("initiative")]
    assert [(r.each, r.own_modifiers) for r in rules] == [
        (False, False),
        (False, True),
        (True, True),
    ]
    standard, group, individual = rules
    assert standard.counts(bool, 1, [1, 1]) and not standard.counts(bool, 1, [1, 0])
    assert group.counts(bool, 1, [1, 0]) and not group.counts(bool, 0, [1, 1])
    assert standard.rollers("a", ["a", "b"]) == group.rollers("a", ["a", "b"]) == ["a", "b"]
    assert individual.rollers("a", ["a", "b"]) == ["a"]


@pytest.mark.parametrize("options", CHOICES)
def test_a_blow_from_behind_takes_what_the_rule_says_everywhere(options: AdndOptions) -> None:
    """Rath (AC 2: shield −1, DEX −2) flees the orc: the sheet's AC from behind, the free
    attack's AC and its note in the preview, and the flight's notice all say what the rear
    rule takes away (the shield, and the DEX bonus where the table says so)."""
    rule = rear_rule(options)
    rear = rule.armour(2, shield=True, dex_adjustment=-2)
    assert rear == (5 if rule.ignores_dex else 3)
    sheet_value = derive(RATH, options)["ac.rear"]
    assert (sheet_value.value, sheet_value.explanation()) == (
        rear,
        f"AC from behind {rear} = AC 2 + {rule.lost} {rear - 2}",
    )
    encounter = _duel(options, 6)
    rath, orc = (c.id for c in encounter.combatants)
    encounter = core.update_combatant(encounter, rath, declared="flee")
    outcome = RULES.resolve(encounter, rath, Action("move", variant="flee"), None, ())
    assert f"(rear +2, {rule.lost_short}): " in outcome.notices[0]
    free = next(o.id for o in RULES.actions(outcome.encounter, orc) if o.id.kind == "free")
    line = RULES.preview(outcome.encounter, orc, free, None).lines[0]
    assert line.endswith(f"− AC {rear}, from behind: {rule.lost})")


@pytest.mark.parametrize("options", CHOICES)
def test_dex_adjusts_initiative_where_the_rule_says_on_sheet_and_tracker(
    options: AdndOptions,
) -> None:
    """Rupert (DEX 17, reaction +2) under group initiative: the sheet's initiative modifier
    and the tracker's DEX term are the rule's, both or neither."""
    rule = dex_initiative_rule(options)
    grouped = options.model_copy(update={"initiative": "group"})
    derived = derive(RUPERT, grouped)["initiative"]
    assert derived.value == (-2 if rule.counts else 0)
    encounter = AdndEncounter(name="Initiative", options=grouped)
    encounter = core.join(encounter, RULES.make_combatant(RUPERT, "Party"))
    terms = initiative_terms(encounter, encounter.combatants[0])
    assert [(t.label, t.value) for t in terms] == ([("DEX", -2)] if rule.counts else [])
    assert rule.terms("DEX 17", 2) == (
        [Term(label="DEX 17 reaction", value=-2)]
        if rule.counts
        else [Term(label="no individual modifier", value=0)]
    )
    assert dex_initiative_rule(AdndOptions(dex_initiative=True)).terms("DEX 9", 0) == [
        Term(label="no individual modifier", value=0)
    ]
