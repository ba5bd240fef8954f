"""A game's ``reach`` answered once per attacker and distance, not once per pair.

The range board asks ``EncounterRules.reach`` about the centre against every other
combatant, each time the centre or a position changes: 199 questions a frame in a fight of
200. In every game so far what one combatant can do to another depends only on the
encounter, the attacker and the distance (or band) between them, and a crowd stands at a
few distances, so most questions repeat. :class:`ReachByDistance` keeps the answers for the
latest encounter object: an encounter is immutable, so the same object always gives the
same answers, and any change (a new object) starts afresh. It holds on to that one
encounter until the next question.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from m3desk.core.encounter import Encounter, position_between
from m3desk.core.system import Reach

__all__ = ["ByCombatant", "ReachByDistance"]

T = TypeVar("T")


class ReachByDistance:
    """``reach(encounter, a, b)`` from ``reach_at(encounter, a, position)``, remembered."""

    def __init__(self, reach_at: Callable[[Encounter, str, int], Reach]) -> None:
        self._reach_at = reach_at
        self._encounter: Encounter | None = None
        self._answers: dict[tuple[str, int], Reach] = {}

    def __call__(self, encounter: Encounter, a: str, b: str) -> Reach:
        position = position_between(encounter, a, b)
        if encounter is not self._encounter:
            self._encounter, self._answers = encounter, {}
        key = (a, position)
        answer = self._answers.get(key)
        if answer is None:
            answer = self._answers[key] = self._reach_at(encounter, a, position)
        return answer


class ByCombatant(Generic[T]):
    """``answer(encounter, combatant_id)`` remembered for the latest encounter object: what a
    drag asks on every mouse move about the one combatant it moves (what its declaration
    allows, its Speed, who is near it where it stands) is worked out once per encounter."""

    def __init__(self, answer: Callable[[Encounter, str], T]) -> None:
        self._answer = answer
        self._encounter: Encounter | None = None
        self._answers: dict[str, T] = {}
        self.__doc__ = answer.__doc__

    def __call__(self, encounter: Encounter, combatant_id: str) -> T:
        if encounter is not self._encounter:
            self._encounter, self._answers = encounter, {}
        if combatant_id not in self._answers:
            self._answers[combatant_id] = self._answer(encounter, combatant_id)
        return self._answers[combatant_id]
