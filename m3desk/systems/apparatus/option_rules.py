"""The rule Apparatus's Defense choice picks: one small object per choice.

The wiki gives a static Defense (10 + …, the attacker rolls against it) and a later rolled
one (1d20 + …, the defender rolls too; the attacker wins ties). The choice names the rule
(:func:`defense_rule`), and the sheet's Guard, the action dialog's dice and odds, the
tracker's roll and the forecast all ask it instead of comparing the option's text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from m3desk.systems.apparatus.options import ApparatusOptions

__all__ = ["PICKED", "DefenseRule", "defense_rule"]

PICKED = frozenset({"defense"})
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
