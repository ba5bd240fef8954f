"""Free attacks a move earns the foes it leaves, for every game that has them.

AD&D 2e gives a fleeing combatant's foes a free attack at its back; Apparatus, when its table
rules say so, gives a hostile whose reach a creature leaves an opportunity attack. Both are
one rule, held here once:

- :func:`reach_left` — whom a move leaves: each foe whose reach held the mover where it stood
  and does not hold it where it goes (on plain distances, so the tracker and the forecasts
  ask the same function);
- the debt is kept on the mover (``Combatant.free_attacks``: one foe id per attack owed),
  :func:`owe` adds to it and :func:`settled` takes one away when the attack is made; the
  round's end clears what was not taken (:meth:`Encounter.round_ended`);
- :func:`due` — what the notice bar offers: one button per foe owed, in the game's words.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, TypeVar

from m3desk.core.system import Action, DueAction

if TYPE_CHECKING:
    from m3desk.core.encounter import Combatant, Encounter

__all__ = ["MAX_OWED", "due", "owe", "reach_left", "settled"]

E = TypeVar("E", bound="Encounter")

MAX_OWED = 200
"""At most this many free attacks are owed by one combatant at a time."""


def reach_left(
    before: Sequence[float], after: Sequence[float], reach: Sequence[float]
) -> list[int]:
    """Which foes (by index) a move leaves: each held the mover in its ``reach`` where it
    stood (``before``, its distance then) and does not where it goes (``after``). A reach
    below 0 threatens nobody (a foe that cannot strike)."""
    return [j for j, threat in enumerate(reach) if before[j] <= threat < after[j]]


def owe(encounter: E, mover: str, foes: Iterable[str]) -> E:
    """The encounter with ``foes`` (an id per attack) owed a free attack at ``mover``."""
    from m3desk.core.encounter import update_combatant

    owed = tuple(foes)
    if not owed:
        return encounter
    kept = encounter.combatant(mover).free_attacks
    return update_combatant(encounter, mover, free_attacks=(*kept, *owed)[:MAX_OWED])


def settled(encounter: E, mover: str, foe: str) -> E:
    """The encounter with one of ``foe``'s free attacks at ``mover`` made (no longer owed)."""
    from m3desk.core.encounter import update_combatant

    owed = list(encounter.combatant(mover).free_attacks)
    if foe in owed:
        owed.remove(foe)
    return update_combatant(encounter, mover, free_attacks=tuple(owed))


def due(
    encounter: Encounter, offer: Callable[[Combatant, Combatant], tuple[str, Action]]
) -> tuple[DueAction, ...]:
    """A button per foe owed a free attack, in the order owed: ``offer(mover, foe)`` gives
    its label and the foe's action."""
    found = []
    for mover in encounter.combatants:
        for foe_id in dict.fromkeys(mover.free_attacks):
            label, action = offer(mover, encounter.combatant(foe_id))
            found.append(DueAction(label, foe_id, action))
    return tuple(found)
