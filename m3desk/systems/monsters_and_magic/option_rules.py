"""The rules Monsters & Magic's table-rules choices pick: one small object per choice.

A choice that changes a rule names the rule (as Foundry's OSE system names one class per
encumbrance variant): :func:`hero_bump_rule` says what a hero point does to an attacker's
effect points (+1, or up to the next tier), :func:`damage_cap_rule` whether a check's maximum
damage adds the level. The spending rules, the spending assistant's limits, the sheet's
derived maximum damage and the action's cap all ask these objects instead of reading the
option themselves, so a choice means one thing everywhere.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, NamedTuple

from m3desk.core.dice import DiceExpr
from m3desk.core.terms import Term
from m3desk.systems.monsters_and_magic.table_rules import HeroBump

if TYPE_CHECKING:
    from m3desk.systems.monsters_and_magic.table_rules import TableRules

__all__ = ["PICKED", "DamageCapRule", "HeroBumpRule", "damage_cap_rule", "hero_bump_rule"]

PICKED = frozenset({"hero_bump", "damage_cap_adds_level"})
"""The options whose choice picks a rule here: no other module of the game reads them."""


class HeroBumpRule(NamedTuple):
    """What each hero point spent on a success does to its effect points."""

    next_tier: bool
    """Each point raises the effect points to the next tier's cost (+1 past the last);
    else each point is +1."""
    per: str
    """What one point buys, in the spending assistant's words."""

    def bumped(self, effect_points: int, hero_points: int, costs: Iterable[int]) -> int:
        """Effect points after ``hero_points`` are spent on them; ``costs`` are the tiers'
        (minor, major, extreme)."""
        if hero_points < 1:  # none spent: the effect points as rolled
            return effect_points
        if not self.next_tier:
            return effect_points + hero_points
        points = effect_points
        tiers = sorted(set(costs))
        for _ in range(hero_points):
            higher = [cost for cost in tiers if cost > points]
            points = higher[0] if higher else points + 1
        return points


PLUS_ONE = HeroBumpRule(next_tier=False, per="+1 effect point")
NEXT_TIER = HeroBumpRule(next_tier=True, per="a rise to the next tier")
_BUMP = {HeroBump.PLUS_ONE: PLUS_ONE, HeroBump.NEXT_TIER: NEXT_TIER}


def hero_bump_rule(rules: TableRules) -> HeroBumpRule:
    """What a hero point does under the table rules (``hero_bump``)."""
    return _BUMP[rules.hero_bump]


class DamageCapRule(NamedTuple):
    """The most damage one check can deal."""

    adds_level: bool
    """The damage dice's maximum plus the attacker's level; else the dice's maximum."""

    def cap(self, damage: DiceExpr, level: int) -> int:
        """The maximum damage of ``damage`` for an attacker of ``level`` (1d4 at 1 → 5)."""
        return damage.maximum + (level if self.adds_level else 0)

    def terms(self, damage: DiceExpr, level: int) -> tuple[Term, ...]:
        """The maximum's parts, each named, for the sheet's explanation."""
        terms = [Term(label=f"{damage} maximum", value=damage.maximum)]
        if self.adds_level:
            terms.append(Term(label="level", value=level))
        return tuple(terms)


def damage_cap_rule(rules: TableRules) -> DamageCapRule:
    """Whether the maximum damage adds the level (``damage_cap_adds_level``)."""
    return DamageCapRule(rules.damage_cap_adds_level)
