"""The rules OSE's table-rules choices pick: one small object per choice.

A choice that changes a rule names the rule (as Foundry's OSE system names one class per
encumbrance variant): :func:`initiative_rule` is by side or by combatant, :func:`tie_rule`
rolls a tie again or lets both sides act at once, :func:`reload_rule` makes a reload weapon
skip a round or not, :func:`keep_rule` keeps the first round's initiative all fight or not,
:func:`first_hit_die_rule` rolls a first-level 1 or 2 again or not.
The tracker (``round``, ``table``, ``encounter``), the action dialog and the forecast all ask
these objects instead of reading the option themselves, so a choice means one thing
everywhere.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NamedTuple

from m3desk.core.dice import DiceExpr
from m3desk.core.initiative import roll_sides

if TYPE_CHECKING:
    from m3desk.systems.ose.encounter import OseCombatant, OseEncounter
    from m3desk.systems.ose.options import OseOptions

__all__ = [
    "PICKED",
    "FirstHitDieRule",
    "InitiativeRule",
    "KeepRule",
    "ReloadRule",
    "TieRule",
    "first_hit_die_rule",
    "initiative_rule",
    "keep_rule",
    "reload_rule",
    "tie_rule",
]

PICKED = frozenset({"individual_initiative", "ties", "reload", "keep_initiative", "hp_reroll_1_2"})
"""The options whose choice picks a rule here: no other module of the game reads them."""


class TieRule(NamedTuple):
    """What equal side initiative means."""

    reroll: bool
    """Roll the tied sides again (at most :data:`m3desk.core.initiative.MAX_REROLLS` times)."""

    def tied(self, sides: list[str]) -> str:
        """The round line's words for sides whose rolls are equal."""
        names = " and ".join(sides)
        if self.reroll:
            return f"{names} tie: roll again (table rule)."
        return f"{names} act simultaneously: both sides' blows land."


REROLL_TIES = TieRule(reroll=True)
SIMULTANEOUS_TIES = TieRule(reroll=False)
_TIES = {"reroll": REROLL_TIES, "simultaneous": SIMULTANEOUS_TIES}


class InitiativeRule(NamedTuple):
    """Who rolls initiative: one d6 a side (the rules) or a d6 + DEX modifier each."""

    each: bool
    """Every combatant rolls its own die (the combatant's ``rolled``); else each side's d6
    (``side_rolls``) orders all its members."""
    unrolled_tip: str
    """The tracker's initiative tooltip before anyone has rolled."""
    roll_words: str | None
    """What Roll Initiative rolls, where it differs from the game's scheme."""
    waiting: str
    """The round line's steps while rolls are missing."""
    decided: str
    """The round line once every roll is in (individual initiative only: side initiative
    names the order of the sides)."""

    def roll_of(self, encounter: OseEncounter, combatant: OseCombatant) -> int | None:
        """The roll that places ``combatant`` in this round's order (None: not rolled)."""
        if self.each:
            return combatant.rolled
        return encounter.side_rolls.get(combatant.side)

    def cell_tip(self, combatant: OseCombatant) -> str:
        """The d6 column's tooltip for ``combatant``."""
        if self.each:
            return f"{combatant.name}'s own initiative, d6 + modifier"
        return f"{combatant.side}'s initiative d6 this round"

    def missing(self, encounter: OseEncounter, combatants: Sequence[OseCombatant]) -> bool:
        """Some roll of this round is still to be made."""
        return any(self.roll_of(encounter, c) is None for c in combatants)

    def simulated(
        self, init: list[int], left: list[int], d6: Callable[[], int], ties: TieRule
    ) -> list[int]:
        """A fresh round's rolls in the forecast: one per combatant (d6 + its modifier), or
        one per side still standing (ties as ``ties`` says)."""
        if self.each:
            return [d6() + modifier for modifier in init]
        found = roll_sides([s for s, count in enumerate(left) if count], d6, reroll=ties.reroll)
        return [found.get(s, 0) for s in range(len(left))]

    def roll_index(self, combatant: int, side: list[int]) -> int:
        """Where the forecast's rolls keep combatant ``combatant``'s roll."""
        return combatant if self.each else side[combatant]


BY_SIDE = InitiativeRule(
    each=False,
    unrolled_tip="Each side rolls 1d6 (d6 column); highest acts first",
    roll_words=None,
    waiting="1. declare spells, fighting withdrawals and retreats (Declared), 2. roll 1d6 "
    "for each side (d6 column).",
    decided="",
)
BY_COMBATANT = InitiativeRule(
    each=True,
    unrolled_tip="1d6 + DEX modifier each",
    roll_words="Roll 1d6 + DEX modifier for everyone who acts next and has no initiative "
    "(highest acts first)",
    waiting="1. declare spells and melee movement, 2. each combatant rolls 1d6 + DEX (d6 column).",
    decided="initiative by combatant.",
)
_INITIATIVE = {False: BY_SIDE, True: BY_COMBATANT}


class ReloadRule(NamedTuple):
    """Whether a reload weapon (a crossbow) shoots only every second round."""

    counts: bool

    def marks_shot(self, reloads: bool) -> bool:
        """A shot with this weapon is remembered, to block the next round's."""
        return self.counts and reloads

    def reloading(self, reloads: bool, shot_round: int, now: int) -> bool:
        """The weapon shot last round and is still being reloaded this one."""
        return self.counts and reloads and shot_round > 0 and now == shot_round + 1


RELOADING = ReloadRule(counts=True)
NO_RELOADING = ReloadRule(counts=False)
_RELOAD = {False: NO_RELOADING, True: RELOADING}


def initiative_rule(options: OseOptions) -> InitiativeRule:
    """The initiative the table rules pick (``individual_initiative``)."""
    return _INITIATIVE[options.individual_initiative]


def tie_rule(options: OseOptions) -> TieRule:
    """What a tie means under the table rules (``ties``)."""
    return _TIES[options.ties]


def reload_rule(options: OseOptions) -> ReloadRule:
    """Whether reloading counts under the table rules (``reload``)."""
    return _RELOAD[options.reload]


class KeepRule(NamedTuple):
    """Whether initiative is rolled each round (B/X) or kept from the first all fight."""

    kept: bool

    def keeps(self, phase: str) -> bool:
        """A round of ``phase`` hands its rolls on to the next (a surprise round never does:
        the first full round rolls)."""
        return self.kept and phase == "rounds"


KEPT_INITIATIVE = KeepRule(kept=True)
ROLLED_EACH_ROUND = KeepRule(kept=False)
_KEEP = {False: ROLLED_EACH_ROUND, True: KEPT_INITIATIVE}


def keep_rule(options: OseOptions) -> KeepRule:
    """Whether the first round's initiative lasts the fight (``keep_initiative``)."""
    return _KEEP[options.keep_initiative]


class FirstHitDieRule(NamedTuple):
    """How a first-level character's hit die reads."""

    rerolls_low: bool
    """A 1 or 2 is rolled again: the die reads 3 to its maximum, each equally likely."""

    def dice(self, sides: int) -> DiceExpr:
        """The die as rolled: a d8 is 1d8, or 1d6+2 where a 1 or 2 is rolled again."""
        if self.rerolls_low:
            return DiceExpr(1, sides - 2, 2)
        return DiceExpr(1, sides, 0)

    def average(self, sides: int) -> int:
        """:meth:`dice`'s average, rounded up (d8: 5, or 6 where 1s and 2s are rolled again)."""
        dice = self.dice(sides)
        return -(-(dice.minimum + dice.maximum) // 2)  # half the two ends, rounded up


REROLLED_LOW = FirstHitDieRule(rerolls_low=True)
KEPT_AS_ROLLED = FirstHitDieRule(rerolls_low=False)
_FIRST_HIT_DIE = {False: KEPT_AS_ROLLED, True: REROLLED_LOW}


def first_hit_die_rule(options: OseOptions) -> FirstHitDieRule:
    """How a first-level hit die reads under the table rules (``hp_reroll_1_2``)."""
    return _FIRST_HIT_DIE[options.hp_reroll_1_2]
