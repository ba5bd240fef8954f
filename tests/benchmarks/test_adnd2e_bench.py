"""Speed of the AD&D 2e rules: exact odds of an attack with its damage (target < 1 ms)."""

from __future__ import annotations

from fractions import Fraction

from m3desk.core import encounter as core
from m3desk.core.dice import DiceExpr
from m3desk.systems.adnd2e.combat import attack_outcomes
from m3desk.systems.adnd2e.derive import derive
from m3desk.systems.adnd2e.option_rules import BY_THE_BOOK
from m3desk.systems.adnd2e.samples import RATH
from m3desk.systems.adnd2e.table import ENCOUNTER_RULES
from tests.systems.adnd2e.fight import ids, seed_fight


def test_exact_odds_of_an_attack_with_damage(benchmark) -> None:
    """A troll's 2d6 bite doubled, +4, against AC 2: the whole damage distribution."""
    dice = DiceExpr.parse("2d6")
    outcomes = benchmark(attack_outcomes, 3, 13, 2, dice, 4, double=True, rule=BY_THE_BOOK)
    assert sum(outcomes.values()) == 1
    assert outcomes[0] == Fraction(7, 20)  # THAC0 13 − AC 2 = 11, +3: naturals 8–20 hit


def test_preview_an_attack_in_an_encounter(benchmark) -> None:
    """What the action dialog asks on every change: plan, exact chance, kill chance."""
    encounter = seed_fight()
    rath, ogre = ids(encounter)["Rath"], ids(encounter)["Ogre"]
    encounter = ENCOUNTER_RULES.edit(encounter, ogre, "declared", "Charge")[0]  # type: ignore[misc]
    option = next(
        o.id
        for o in ENCOUNTER_RULES.actions(encounter, rath)
        if o.label.startswith("Attack with spear (1d8")
    )
    encounter = core.set_position(encounter, rath, ogre, 5)
    preview = benchmark(ENCOUNTER_RULES.preview, encounter, rath, option, ogre)
    assert preview.success == Fraction(15, 20)


def test_derive_a_character(benchmark) -> None:
    assert benchmark(derive, RATH)["thac0"].value == 14
