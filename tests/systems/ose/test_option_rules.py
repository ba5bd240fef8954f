"""OSE's choices pick their rule (``systems/ose/option_rules.py``): the tracker, the action
dialog's rules and the forecast ask the same object (that no other module reads the option is
tests/systems/test_option_rules.py)."""

from __future__ import annotations

import math
import typing
from fractions import Fraction
from typing import Any, Literal

import pytest

from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.core.generation import Draft
from m3desk.systems.ose import forecast, option_rules
from m3desk.systems.ose.encounter import OseEncounter
from m3desk.systems.ose.forms import starting_hit_points
from m3desk.systems.ose.options import OseOptions
from m3desk.systems.ose.samples import characters, monsters
from m3desk.systems.ose.table import ENCOUNTER_RULES as RULES
from m3desk.systems.ose.tables import CLASS_HIT_DIE


def _fight(options: OseOptions) -> OseEncounter:
    encounter = OseEncounter(name="Goblin ambush", options=options)
    encounter = core.join(encounter, RULES.make_combatant(characters()["Morgan Ironwolf"], "Party"))
    for _ in range(2):
        encounter = core.join(encounter, RULES.make_combatant(monsters()["Goblin"], "Goblins"))
    return encounter


@pytest.mark.parametrize("individual", [False, True])
@pytest.mark.parametrize("ties", ["reroll", "simultaneous"])
def test_the_tracker_and_the_forecast_ask_the_same_rules(individual: bool, ties: str) -> None:
    options = OseOptions(individual_initiative=individual, ties=ties)  # type: ignore[arg-type]
    rule = option_rules.initiative_rule(options)
    assert rule.each is individual
    assert option_rules.tie_rule(options).reroll is (ties == "reroll")
    encounter = _fight(options)
    plan = forecast._plan(encounter)
    assert plan.initiative is rule and plan.ties is option_rules.tie_rule(options)
    # the tracker's d6 column and its initiative tooltip before a roll say what the rule says
    started = encounter.model_copy(update={"phase": "rounds"})
    combatant = started.combatants[0]
    assert RULES.cell(started, combatant, "d6").tip == rule.cell_tip(combatant)
    assert RULES.initiative_tip is not None
    assert RULES.initiative_tip(started, combatant) == rule.unrolled_tip


def test_the_reload_rule_blocks_only_the_round_after_a_shot() -> None:
    reloading = option_rules.reload_rule(OseOptions(reload=True))
    assert reloading.marks_shot(True) and not reloading.marks_shot(False)
    assert reloading.reloading(True, 3, 4)
    assert not reloading.reloading(True, 3, 5) and not reloading.reloading(False, 3, 4)
    free = option_rules.reload_rule(OseOptions(reload=False))
    assert not free.marks_shot(True) and not free.reloading(True, 3, 4)


def _choices(name: str) -> tuple[Any, ...]:
    """Every value the field ``name`` declares (a switch: off and on)."""
    annotation = OseOptions.model_fields[name].annotation
    if annotation is bool:
        return (False, True)
    assert typing.get_origin(annotation) is Literal, annotation
    return typing.get_args(annotation)


@pytest.mark.parametrize("kept", _choices("keep_initiative"))
def test_initiative_is_kept_where_the_keep_rule_says(kept: bool) -> None:
    """The tracker's round end hands the sides' rolls on, and the forecast replays the first
    round's rolls, exactly where the keep rule says; a surprise round's rolls never carry."""
    options = OseOptions(keep_initiative=kept)
    rule = option_rules.keep_rule(options)
    assert rule.kept is kept and not rule.keeps("surprise")
    encounter = _fight(options).model_copy(
        update={"phase": "rounds", "side_rolls": {"Party": 4, "Goblins": 3}}
    )
    ended, _expired = encounter.round_ended()
    assert ended.side_rolls == ({"Party": 4, "Goblins": 3} if rule.keeps("rounds") else {})
    surprised, _expired = encounter.model_copy(update={"phase": "surprise"}).round_ended()
    assert surprised.side_rolls == {}
    assert forecast._plan(encounter).keep is rule.keeps("rounds")


@pytest.mark.parametrize("reroll", _choices("hp_reroll_1_2"))
def test_the_first_hit_die_is_rolled_and_averaged_by_one_rule(reroll: bool) -> None:
    """For every class: the die New Character asks for under "Rolled" is the rule's, and the
    average a new sheet starts with (CON 10) is that very die's exact mean, rounded up."""
    rule = option_rules.first_hit_die_rule(OseOptions(hp_reroll_1_2=reroll))
    generation = registry.get("ose").generation
    assert generation is not None
    scores = {"STR": 13, "INT": 13, "WIS": 13, "DEX": 13, "CON": 10, "CHA": 13}
    rolled = OseOptions(starting_hit_points="roll", hp_reroll_1_2=reroll)
    for cls, die in CLASS_HIT_DIE.items():
        dice = generation.hit_dice(Draft("", scores, {"class": cls.value}), rolled)
        assert dice == rule.dice(die)
        faces = range(dice.minimum, dice.maximum + 1)
        assert len(faces) == (die - 2 if reroll else die) and dice.minimum == (3 if reroll else 1)
        mean = Fraction(sum(faces), len(faces))
        shown = starting_hit_points(cls, 10, OseOptions(hp_reroll_1_2=reroll))
        assert shown == rule.average(die) == math.ceil(mean)
