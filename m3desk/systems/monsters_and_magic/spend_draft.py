"""What the user has asked the spending assistant for, before it becomes a ``SpendPlan``.

The widgets fill a draft; :class:`~m3desk.systems.monsters_and_magic.spend_offer.SpendOffer` turns
it into the
rules core's plan and asks the core what is legal. Keeping the draft Qt-free lets the
legality rules be tested without a window.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal

from m3desk.systems.monsters_and_magic import ConditionKind, Duration, Tier

__all__ = ["ConditionDraft", "SpendDraft"]

Affects = Literal["checks", "defence", "both"]


@dataclass(frozen=True, slots=True)
class ConditionDraft:
    """One effect (on the actor) or consequence (on the target), named freely."""

    kind: ConditionKind = ConditionKind.CONSEQUENCE
    tier: Tier | None = None
    """None: nothing bought on this row."""
    name: str = ""
    duration: Duration = field(default_factory=Duration)
    affects: Affects = "both"

    @property
    def wanted(self) -> bool:
        return self.tier is not None


@dataclass(frozen=True, slots=True)
class SpendDraft:
    """Every spend the assistant offers, as the user has set it."""

    hero_bump: int = 0
    range_bands: int = 0
    """Negative closes in, positive backs off (as
    :class:`~m3desk.systems.monsters_and_magic.RangeSpend`)."""
    conditions: tuple[ConditionDraft, ...] = ()
    damage: int = 0
    help_towards: str = ""
    defender_takes_damage: bool = False

    @property
    def is_empty(self) -> bool:
        """Nothing asked for yet (Enter then means "go to the spending", not "apply")."""
        return not (
            self.hero_bump
            or self.range_bands
            or self.damage
            or self.help_towards.strip()
            or self.defender_takes_damage
            or any(row.wanted for row in self.conditions)
        )

    def without_damage(self) -> SpendDraft:
        return replace(self, damage=0, defender_takes_damage=False)

    def with_condition(self, row: int, condition: ConditionDraft) -> SpendDraft:
        rows = list(self.conditions)
        while len(rows) <= row:
            rows.append(ConditionDraft())
        rows[row] = condition
        return replace(self, conditions=tuple(rows))
