"""Where each combatant of an OSE fight stands in the turn order: its side's (or its own)
roll, a slow weapon's wielder below every other roll, and within a side the step its action
falls in (missiles before spells before melee). The encounter orders itself by this at the
end of each round, and the round's rules (:mod:`m3desk.systems.ose.round`) after every roll.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from m3desk.core import encounter as core
from m3desk.systems.ose.combat import MELEE_FEET
from m3desk.systems.ose.option_rules import initiative_rule
from m3desk.systems.ose.sheet import CharacterSheet, Weapon

if TYPE_CHECKING:
    from m3desk.systems.ose.encounter import OseCombatant, OseEncounter

__all__ = ["SLOW_PENALTY", "STEPS", "is_slow", "order_key", "readied", "step_of", "with_order"]

STEPS = ("morale", "movement", "missiles", "spells", "melee")
SLOW_PENALTY = 10
"""How far below every other roll a slow weapon's wielder is ordered (acts last)."""


def readied(combatant: OseCombatant) -> Weapon | None:
    """The weapon in hand: a character's first listed weapon."""
    sheet = combatant.sheet
    return sheet.weapons[0] if isinstance(sheet, CharacterSheet) and sheet.weapons else None


def is_slow(combatant: OseCombatant) -> bool:
    weapon = readied(combatant)
    return weapon is not None and weapon.slow


def _engaged(encounter: OseEncounter, combatant: OseCombatant) -> bool:
    return any(
        core.position_between(encounter, combatant.id, other.id) <= MELEE_FEET
        for other in encounter.combatants
        if other.side != combatant.side and other.id != combatant.id
    )


def step_of(encounter: OseEncounter, combatant: OseCombatant) -> str:
    """The step (b–e) of its side's turn in which this combatant's action falls."""
    if combatant.declared == "cast a spell":
        return "spells"
    if combatant.declared in ("retreat", "fighting withdrawal") or combatant.fleeing:
        return "movement"
    weapon = readied(combatant)
    if (
        weapon is not None
        and weapon.missile
        and not (weapon.melee and _engaged(encounter, combatant))
    ):
        return "missiles"
    return "melee"


def _base(encounter: OseEncounter, combatant: OseCombatant) -> int | None:
    if encounter.surprise_side and encounter.phase in ("setup", "surprise"):
        # The free round needs no initiative: the surprising side simply acts.
        return 0 if combatant.side == encounter.surprise_side else None
    return initiative_rule(encounter.options).roll_of(encounter, combatant)


def order_key(roll: int, slow: bool) -> int:
    """A combatant's place in the order from its roll (higher first): a slow weapon's
    wielder drops below every other roll, so it acts last. The tracker's order and the
    forecast's both sort by it."""
    return roll - (SLOW_PENALTY if slow else 0)


def with_order(encounter: OseEncounter, *, restart: bool = False) -> OseEncounter:
    """Every combatant's place in the turn order from the rolls, slow weapons last and, in
    a side, missiles before spells before melee. ``restart`` (new rolls) puts the turn on
    the first in the order while nobody has acted yet this round."""
    combatants = []
    for combatant in encounter.combatants:
        base = _base(encounter, combatant)
        key = None if base is None else order_key(base, is_slow(combatant))
        combatants.append(
            combatant.model_copy(
                update={"initiative": key, "tie_order": STEPS.index(step_of(encounter, combatant))}
            )
        )
    after = encounter.model_copy(update={"combatants": tuple(combatants)})
    fresh = restart and not any(c.acted for c in after.combatants)
    if after.phase != "setup" and (
        fresh or after.turn is None or after.combatant(after.turn).initiative is None
    ):
        order = [
            c.id for count in core.turn_order(after) for c in count if not after.out_of_fight(c)
        ]  # the pointer passes over who is down
        after = after.model_copy(update={"turn": order[0] if order else None})
    return after
