"""The rules AD&D's table-rules choices pick: one small object per choice.

A choice that changes a rule names the rule (as Foundry's OSE system names one class per
encumbrance variant): :func:`attack_rule` says what a natural 20 and a natural 1 do (strict
THAC0 or not, and the DMG's optional critical hits), :func:`death_rule` whether a fallen
combatant dies at 0 or lies at death's door until −10, :func:`initiative_rule` who rolls the
d10 and whose own modifiers count (and :func:`dex_initiative_rule` whether DEX is one of them),
:func:`rear_rule` what a blow from behind takes away. The tracker (``attack_plan``,
``encounter``), the action dialog's preview (``table``, ``routines``) and the forecast all
ask these objects instead of reading the option themselves, so a choice means one thing
everywhere and the odds shown are counted by the very test that rolls.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import TYPE_CHECKING, NamedTuple, TypeVar

from m3desk.core.terms import Term
from m3desk.systems.adnd2e.combat import down, rear_armour_class, to_hit_number

if TYPE_CHECKING:
    from m3desk.systems.adnd2e.options import AdndOptions

__all__ = [
    "BY_THE_BOOK",
    "D20",
    "PICKED",
    "AttackRule",
    "DeathRule",
    "DexInitiativeRule",
    "InitiativeRule",
    "RearRule",
    "attack_rule",
    "death_rule",
    "dex_initiative_rule",
    "hit_chance",
    "initiative_rule",
    "rear_rule",
]

PICKED = frozenset(
    {
        "nat20_auto",
        "critical_hits",
        "deaths_door",
        "initiative",
        "rear_ignores_dex",
        "dex_initiative",
    }
)
"""The options whose choice picks a rule here: no other module of the game reads them."""

T = TypeVar("T")

D20 = range(1, 21)
"""Every natural d20."""


class AttackRule(NamedTuple):
    """What the natural d20 of an attack does beyond its total."""

    naturals: bool
    """A natural 20 always hits and a natural 1 always misses (off: strict THAC0)."""
    doubles: bool
    """A natural 20 that hits rolls the damage dice twice (the DMG's optional critical)."""
    extra: bool
    """A natural 20 that hits earns an extra attack at once (and again on each further 20)."""

    def hits(self, natural: int, modifier: int, need: int) -> bool:
        """The attack roll: ``natural`` + ``modifier`` reaches ``need`` (THAC0 − AC)."""
        if self.naturals and natural == 20:
            return True
        if self.naturals and natural == 1:
            return False
        return natural + modifier >= need

    def chance(self, modifier: int, need: int) -> Fraction:
        """The exact chance to hit, counted over every natural d20 by :meth:`hits`."""
        return Fraction(sum(1 for natural in D20 if self.hits(natural, modifier, need)), 20)

    def lowest_hit(self, modifier: int, need: int) -> int:
        """The lowest natural d20 :meth:`hits` calls a hit (21: none); every higher one hits
        too, so the forecast rolls against this one number."""
        return next((natural for natural in D20 if self.hits(natural, modifier, need)), 21)

    def doubles_dice(self, natural: int) -> bool:
        """A hit on ``natural`` rolls its damage dice twice."""
        return natural == 20 and self.doubles

    def extra_on(self, natural: int) -> bool:
        """A hit on ``natural`` earns an extra attack at once."""
        return natural == 20 and self.extra

    def roll_words(self, natural: int, hit: bool, reached: bool) -> str:
        """What the record adds to the roll when the natural die, not the total, decided."""
        if self.naturals and natural == 20 and hit and not reached:
            return ", a natural 20 always hits"
        if self.naturals and natural == 1 and not hit and reached:
            return ", a natural 1 always misses"
        return ""

    def hit_words(self, natural: int) -> str:
        """What the record adds to a hit on ``natural`` (a critical hit named as such)."""
        if self.doubles_dice(natural):
            return " (natural 20: a critical hit, the damage dice rolled twice)"
        if self.extra_on(natural):
            return " (natural 20: a critical hit)"
        return ""


def attack_rule(options: AdndOptions) -> AttackRule:
    """The attack roll the table rules pick (``nat20_auto``, ``critical_hits``)."""
    critical = options.critical_hits
    return AttackRule(options.nat20_auto, critical == "double_dice", critical == "extra_attack")


BY_THE_BOOK = AttackRule(naturals=True, doubles=False, extra=False)
"""The PHB's attack roll: natural 20 hits, natural 1 misses, no critical hits."""


def hit_chance(modifier: int, thac0: int, target_ac: int) -> float:
    """The exact chance to hit by the book's attack roll (:data:`BY_THE_BOOK`), as a float:
    ``hit_chance(0, 14, 6) == 0.65``."""
    return float(BY_THE_BOOK.chance(modifier, to_hit_number(thac0, target_ac)))


class DeathRule(NamedTuple):
    """When a fallen combatant is dead."""

    at_door: bool
    """Death's door (DMG): unconscious from 0 to −9 hit points, losing 1 a round until
    bound, dead at −10; off, dead at 0 (PHB)."""

    def dead(self, hit_points: int) -> bool:
        """Dead, not just down (:func:`~m3desk.systems.adnd2e.combat.down`)."""
        return down(hit_points) and (not self.at_door or hit_points <= -10)

    def bleeds(self, hit_points: int, bound: bool) -> int:
        """Hit points after a round's end: at death's door an unbound combatant between 0
        and −9 loses 1; otherwise nothing changes. The tracker's round end and the forecast
        both bleed with it."""
        if self.at_door and down(hit_points) and not self.dead(hit_points) and not bound:
            return hit_points - 1
        return hit_points

    def kills_words(self, hit_points: int) -> str:
        """The preview's name for the chance this hit kills a target at ``hit_points``."""
        return "Kills outright" if self.at_door and hit_points > -10 else "Kills"


def death_rule(options: AdndOptions) -> DeathRule:
    """When the table rules call a fallen combatant dead (``deaths_door``)."""
    return DeathRule(options.deaths_door)


class InitiativeRule(NamedTuple):
    """Who rolls initiative, and whose modifiers count (PHB: standard, group, individual)."""

    each: bool
    """Every combatant rolls its own d10 (individual); else one d10 a side sets all its
    members' rolls."""
    own_modifiers: bool
    """Each one's own modifiers count (weapon speed, casting time, DEX: group and
    individual); standard counts only those every member of the side shares."""
    how: str
    """The tracker's words for the roll."""

    def counts(self, holds: Callable[[T], bool], combatant: T, side: Iterable[T]) -> bool:
        """A modifier ``holds`` for ``combatant`` counts: its own, or under standard
        initiative only where it holds for every member of its ``side``."""
        if self.own_modifiers:
            return holds(combatant)
        return all(holds(member) for member in side)

    def rollers(self, combatant: T, side: Iterable[T]) -> list[T]:
        """Whose roll a d10 typed or rolled for ``combatant`` sets: its own, or its side's."""
        return [combatant] if self.each else list(side)


STANDARD_INITIATIVE = InitiativeRule(each=False, own_modifiers=False, how="d10 for the side")
GROUP_INITIATIVE = InitiativeRule(
    each=False, own_modifiers=True, how="d10 for the side plus own modifiers"
)
INDIVIDUAL_INITIATIVE = InitiativeRule(each=True, own_modifiers=True, how="d10 each")
_INITIATIVE = {
    "standard": STANDARD_INITIATIVE,
    "group": GROUP_INITIATIVE,
    "individual": INDIVIDUAL_INITIATIVE,
}


def initiative_rule(options: AdndOptions) -> InitiativeRule:
    """The initiative the table rules pick (``initiative``)."""
    return _INITIATIVE[options.initiative]


class RearRule(NamedTuple):
    """What an attack from behind takes from the defender's armour class."""

    ignores_dex: bool
    """The DEX defensive adjustment is lost as well as the shield (a reading of the DMG)."""
    lost: str
    """The armour's explanation: what is lost ("no shield, no DEX")."""
    lost_short: str
    """The same in a notice's few words ("no shield or DEX")."""

    def armour(self, ac: int, *, shield: bool, dex_adjustment: int) -> int:
        """The defender's AC against a blow from behind."""
        return rear_armour_class(
            ac, shield=shield, dex_adjustment=dex_adjustment, ignore_dex=self.ignores_dex
        )


REAR_IGNORES_DEX = RearRule(
    ignores_dex=True, lost="no shield, no DEX", lost_short="no shield or DEX"
)
REAR_KEEPS_DEX = RearRule(ignores_dex=False, lost="no shield", lost_short="no shield")
_REAR = {True: REAR_IGNORES_DEX, False: REAR_KEEPS_DEX}


def rear_rule(options: AdndOptions) -> RearRule:
    """What a blow from behind takes away under the table rules (``rear_ignores_dex``)."""
    return _REAR[options.rear_ignores_dex]


class DexInitiativeRule(NamedTuple):
    """Whether a character's DEX reaction adjustment changes its initiative (common
    practice, not the book's), under group and individual initiative."""

    counts: bool

    def terms(self, dex: str, reaction: int) -> list[Term]:
        """The sheet's initiative modifier for a reaction adjustment of ``reaction``."""
        if self.counts and reaction:
            return [Term(label=f"{dex} reaction", value=-reaction)]
        return [Term(label="no individual modifier", value=0)]


def dex_initiative_rule(options: AdndOptions) -> DexInitiativeRule:
    """Whether DEX adjusts initiative under the table rules (``dex_initiative``)."""
    return DexInitiativeRule(options.dex_initiative)
