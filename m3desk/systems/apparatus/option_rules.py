"""The rules Apparatus's choices pick: one small object per choice.

The wiki gives a static Defense (10 + …, the attacker rolls against it) and a later rolled
one (1d20 + …, the defender rolls too; the attacker wins ties). The choice names the rule
(:func:`defense_rule`), and the sheet's Guard, the action dialog's dice and odds, the
tracker's roll and the forecast all ask it instead of comparing the option's text. What a
step of Advantage does (extra d20s or ±2, whether ±3 decides, whether the dice are capped)
is :func:`advantage_rule`'s: the dice asked for, the roll's total, the odds and the words.
Whether leaving a hostile's reach gives it a free attack is :func:`opportunity_rule`'s, for
the map's moves and the forecast alike.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from m3desk.core.numbers import signed

if TYPE_CHECKING:
    from m3desk.systems.apparatus.options import ApparatusOptions

__all__ = [
    "PICKED",
    "AdvantageRule",
    "DefenseRule",
    "OpportunityRule",
    "advantage_rule",
    "defense_rule",
    "opportunity_rule",
]

PICKED = frozenset(
    {
        "defense",
        "advantage_mode",
        "advantage_auto_at_3",
        "cap_advantage_dice",
        "opportunity_attacks",
    }
)
"""The options whose choice picks a rule here: no other module of the game reads them."""


class DefenseRule(NamedTuple):
    """Static Defense, or Defense the defender rolls."""

    rolled: bool
    """The defender rolls its own d20s (with its own Advantage) and adds its Guard bonus."""

    @property
    def static(self) -> bool:
        """A fixed Defense: 10 + the Guard bonus, and an evading target is harder to hit."""
        return not self.rolled

    def defender_net(self, net: int) -> int | None:
        """The defender's net Advantage on its roll; None where it does not roll."""
        return net if self.rolled else None


STATIC_DEFENSE = DefenseRule(rolled=False)
ROLLED_DEFENSE = DefenseRule(rolled=True)
_DEFENSE = {"static": STATIC_DEFENSE, "rolled": ROLLED_DEFENSE}


def defense_rule(options: ApparatusOptions) -> DefenseRule:
    """The Defense the table rules pick (``defense``)."""
    return _DEFENSE[options.defense]


class AdvantageRule(NamedTuple):
    """What net Advantage does to a d20 roll."""

    dice: bool
    """Each step rolls another d20, the best (or worst) kept; else each step is ±2."""
    decides_at_3: bool
    """Net +3 or better always succeeds, −3 or worse always fails (a later revision)."""
    capped: bool
    """At +3 or more at most 4 d20 are rolled (the hit is certain; fewer crits)."""

    def dice_count(self, net: int) -> int:
        """How many d20 are rolled: 1 + |N| with dice, one with ±2 steps.

        At N ≤ −3 with the ±3 rule the roll fails whatever the dice, so no more than 4 are
        asked for. At N ≥ +3 it succeeds anyway, but every extra die raises the chance of a
        critical hit (digest §6), so all 1 + N are rolled unless the table caps them at 4."""
        if not self.dice:
            return 1
        steps = abs(net)
        if self.decides_at_3 and (net < 0 or self.capped):
            steps = min(steps, 3)
        return 1 + steps

    def flat(self, net: int) -> int:
        """What Advantage adds to the total (±2 a step; nothing where it rolls dice)."""
        return 0 if self.dice else 2 * net

    def automatic(self, net: int) -> bool:
        """The roll is decided by Advantage alone (±3 under the table's rule)."""
        return self.decides_at_3 and abs(net) >= 3

    def words(self, net: int) -> str:
        """The dialog's words for what ``net`` does ("" at 0)."""
        if self.automatic(net):
            return ": automatic " + ("success" if net > 0 else "failure")
        if net and self.dice:
            return f": roll {1 + abs(net)} d20, keep the {'highest' if net > 0 else 'lowest'}"
        if net:
            return f": {signed(2 * net)} to the roll"
        return ""


def advantage_rule(options: ApparatusOptions) -> AdvantageRule:
    """What Advantage does under the table rules (``advantage_mode``,
    ``advantage_auto_at_3``, ``cap_advantage_dice``)."""
    return AdvantageRule(
        options.advantage_mode == "dice", options.advantage_auto_at_3, options.cap_advantage_dice
    )


class OpportunityRule(NamedTuple):
    """What leaving a hostile's reach on one's own turn does (the wiki names opportunity
    attacks but gives no rule for them)."""

    due: bool
    """The hostile gets a free attack; else the move only notes it."""

    def owed(self, disengaged: bool) -> bool:
        """A move out of reach owes the hostiles their attacks (never after disengaging)."""
        return self.due and not disengaged


OPPORTUNITY_DUE = OpportunityRule(due=True)
OPPORTUNITY_NOTED = OpportunityRule(due=False)
_OPPORTUNITY = {"due": OPPORTUNITY_DUE, "note": OPPORTUNITY_NOTED}


def opportunity_rule(options: ApparatusOptions) -> OpportunityRule:
    """What leaving a hostile's reach does under the table rules (``opportunity_attacks``)."""
    return _OPPORTUNITY[options.opportunity_attacks]
