"""Rolling initiative by a game's scheme: one die per side, or one die each.

Games whose initiative is a check of their own (a ranked 3d6 check) roll it themselves;
this covers the plain dice every other scheme uses, with typed dice as the equal path
(:func:`m3desk.core.encounter.set_side_initiative` / ``set_initiative``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

from m3desk.core.dice import Roller
from m3desk.core.encounter import Encounter, add_log, set_initiative, set_side_initiative

__all__ = ["MAX_REROLLS", "roll_by_scheme", "roll_sides", "roll_words"]

E = TypeVar("E", bound=Encounter)
S = TypeVar("S")
MAX_REROLLS = 20
"""Ties re-rolled at most this often; then the sides act together (never an endless loop)."""


def roll_words(encounter: Encounter) -> str:
    """What Roll Initiative rolls in this encounter: the game's words where a table rule
    changes the roll, else its scheme's."""
    from m3desk.core import registry

    rules = registry.system_of(encounter).encounter
    if rules is not None and rules.roll_words is not None:
        return rules.roll_words(encounter)
    return encounter.scheme.roll_words()


def roll_by_scheme(encounter: E, ids: Iterable[str], roller: Roller) -> E:
    """Roll the scheme's die for the sides of ``ids`` (side die) or for each of them."""
    scheme = encounter.scheme
    wanted = list(ids)
    if scheme.roller == "side_die":
        sides = list(dict.fromkeys(encounter.combatant(i).side for i in wanted))
        rolls = roll_sides(sides, lambda: roller.d(scheme.die), reroll=scheme.ties == "reroll")
        return set_side_initiative(encounter, rolls, die=f"d{scheme.die}")
    if scheme.roller == "individual_die":
        rolled: dict[str, int | None] = {i: roller.d(scheme.die) for i in wanted}
        after = set_initiative(encounter, rolled)
        for combatant_id, value in rolled.items():
            name = encounter.combatant(combatant_id).name
            after = add_log(
                after, f"{name} rolls initiative: d{scheme.die} {value}", actor=combatant_id
            )
        return after
    raise ValueError("this game's initiative is a check of its own, not a plain die")


def roll_sides(sides: Iterable[S], roll: Callable[[], int], *, reroll: bool) -> dict[S, int]:
    """One die per side (``sides`` distinct; ``roll`` rolls it); where ties are rolled again,
    every side rolls again while two share a number, at most :data:`MAX_REROLLS` times
    (then they act together). The tracker's side initiative and the forecasts roll with it."""
    present = list(sides)
    if len(present) == 2:
        # two sides (the forecasts' every round): the same dice, without the dictionaries
        first, second = roll(), roll()
        tries = 0
        while reroll and first == second and tries < MAX_REROLLS:
            first, second = roll(), roll()
            tries += 1
        return {present[0]: first, present[1]: second}
    rolls = {side: roll() for side in present}
    tries = 0
    while reroll and len(set(rolls.values())) < len(rolls) and tries < MAX_REROLLS:
        rolls = {side: roll() for side in present}
        tries += 1
    return rolls
