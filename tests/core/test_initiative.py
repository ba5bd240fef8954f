"""Rolling initiative by a scheme: one die per side, re-rolled ties, one die each."""

from __future__ import annotations

from typing import ClassVar

import pytest

from m3desk.core import encounter as core
from m3desk.core.dice import Roller
from m3desk.core.encounter import Combatant, Encounter
from m3desk.core.initiative import roll_by_scheme
from m3desk.core.system import InitiativeScheme


class SideReroll(Encounter):
    scheme: ClassVar[InitiativeScheme] = InitiativeScheme(roller="side_die", die=6, ties="reroll")


class EachD10(Encounter):
    scheme: ClassVar[InitiativeScheme] = InitiativeScheme(
        roller="individual_die", die=10, lower_first=True
    )


def _fill(encounter: Encounter) -> Encounter:
    for name, side in (("A", "Party"), ("B", "Party"), ("C", "Monsters")):
        encounter = core.join(encounter, Combatant(name=name, side=side))
    return encounter


@pytest.mark.parametrize("seed", range(30))
def test_a_side_shares_one_roll_and_ties_are_rolled_again(seed: int) -> None:
    encounter = _fill(SideReroll())
    rolled = roll_by_scheme(encounter, [c.id for c in encounter.combatants], Roller(seed))
    party = {c.initiative for c in rolled.combatants if c.side == "Party"}
    monsters = {c.initiative for c in rolled.combatants if c.side == "Monsters"}
    assert len(party) == 1 and len(monsters) == 1 and party != monsters
    assert party <= set(range(1, 7))


def test_one_d10_each_and_lowest_first() -> None:
    encounter = _fill(EachD10())
    rolled = roll_by_scheme(encounter, [c.id for c in encounter.combatants], Roller(5))
    values = [c.initiative or 0 for c in rolled.combatants]
    assert all(1 <= v <= 10 for v in values)
    order = [c.initiative for count in core.turn_order(rolled) for c in count]
    assert order == sorted(order)


def test_a_ranked_check_is_not_a_plain_die() -> None:
    encounter = _fill(Encounter())
    with pytest.raises(ValueError, match="check of its own"):
        roll_by_scheme(encounter, [encounter.combatants[0].id], Roller(1))
