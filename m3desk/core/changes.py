"""Which parts of an encounter a change touched, so each view refreshes only what it shows.

Every field of an encounter maps to one :class:`Aspect`; fields a game system adds to its
encounter are part of the set-up unless the system's class says otherwise. A test checks
that no field of any installed system's encounter goes unnoticed.
"""

from __future__ import annotations

from enum import StrEnum

from m3desk.core.encounter import Encounter

__all__ = ["FIELD_ASPECTS", "Aspect", "aspect_of_field", "changed_aspects"]


class Aspect(StrEnum):
    ROSTER = "roster"
    """Who is in the fight: ids, names, sides."""
    SHEETS = "sheets"
    """What the combatants are now: hit points, conditions, initiative, notes."""
    POSITIONS = "positions"
    """Where each pair stands: bands, or the places distances are measured between."""
    TURN = "turn"
    """The round, its phase, whose turn it is."""
    LOG = "log"
    SETUP = "setup"
    """The encounter as a whole: its name, sides, surprise and the game's own settings."""


FIELD_ASPECTS: dict[str, Aspect] = {
    "name": Aspect.SETUP,
    "sides": Aspect.SETUP,
    "surprise_side": Aspect.SETUP,
    "combatants": Aspect.SHEETS,
    "applied_at": Aspect.SHEETS,
    "treasure": Aspect.SHEETS,
    "treasure_gp": Aspect.SHEETS,
    "positions": Aspect.POSITIONS,
    "places": Aspect.POSITIONS,
    "areas": Aspect.POSITIONS,
    "backdrop": Aspect.POSITIONS,
    "phase": Aspect.TURN,
    "round": Aspect.TURN,
    "turn": Aspect.TURN,
    "resume": Aspect.TURN,
    "log": Aspect.LOG,
    "options": Aspect.SETUP,
}


def aspect_of_field(name: str) -> Aspect:
    """The aspect a field belongs to; a system's own fields are set-up."""
    return FIELD_ASPECTS.get(name, Aspect.SETUP)


def _roster(encounter: Encounter) -> list[tuple[str, str, str]]:
    return [(c.id, c.name, c.side) for c in encounter.combatants]


def changed_aspects(before: Encounter, after: Encounter) -> frozenset[Aspect]:
    """The aspects in which ``after`` differs from ``before``."""
    aspects: set[Aspect] = set()
    for name in type(after).model_fields:
        if getattr(before, name, None) != getattr(after, name, None):
            aspects.add(aspect_of_field(name))
    if _roster(before) != _roster(after):
        aspects.add(Aspect.ROSTER)
    return frozenset(aspects)
