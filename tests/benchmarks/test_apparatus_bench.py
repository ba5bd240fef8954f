"""Speed of Apparatus's exact odds: an attack with Advantage and its damage, and the whole
preview the action dialog asks for on every change (targets well under a millisecond)."""

from __future__ import annotations

from fractions import Fraction

from m3desk.core import encounter as core
from m3desk.core.actions import Action
from m3desk.core.dice import DiceExpr
from m3desk.systems.apparatus.combat import attack_damage_distribution, attack_odds
from m3desk.systems.apparatus.options import ApparatusOptions
from m3desk.systems.apparatus.samples import BRUTE, KESTREL
from m3desk.systems.apparatus.state import ApparatusEncounter
from m3desk.systems.apparatus.system import SYSTEM


def test_attack_with_advantage_and_damage(benchmark) -> None:
    """N = +2 (3 d20, keep the highest), 1d8 + 1d6 with a crit bonus: exact distribution."""
    dice = (DiceExpr.parse("1d8"), DiceExpr.parse("1d6"))

    def run() -> dict[int, Fraction]:
        return attack_damage_distribution(attack_odds(5, 14, 2), dice)

    damage = benchmark(run)
    assert sum(damage.values()) == 1 and damage[0] == Fraction(64, 1000)


def test_attack_against_a_rolled_defense(benchmark) -> None:
    """Rolled Defense: the attacker's kept d20 against the evader's kept d20 (400 pairs)."""
    rolled = ApparatusOptions(defense="rolled")
    odds = benchmark(attack_odds, 5, 4, 1, rolled, defender_net=1)
    assert 0 < odds.hit < 1


def test_the_dialog_preview(benchmark) -> None:
    rules = SYSTEM.encounter
    assert rules is not None
    encounter = ApparatusEncounter()
    for sheet, side in ((BRUTE, "Monsters"), (KESTREL, "Party")):
        encounter = core.join(encounter, rules.make_combatant(sheet, side))
    brute, kestrel = (c.id for c in encounter.combatants)
    encounter = core.next_turn(
        core.set_position(
            core.set_initiative(encounter, {brute: 15, kestrel: 10}), brute, kestrel, 1
        )
    )
    preview = benchmark(rules.preview, encounter, brute, Action("attack", 0, target=kestrel), None)
    assert preview.success == Fraction(21, 25)  # dual-wielding: net +1
