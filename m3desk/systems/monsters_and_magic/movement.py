"""Movement: by race, capped by encumbrance and armour (Table 15); distances (Tables 16–17)."""

from __future__ import annotations

from enum import StrEnum

from m3desk.core.terms import Term
from m3desk.systems.monsters_and_magic.attributes import attribute_modifier
from m3desk.systems.monsters_and_magic.conditions import Tier

RACE_MOVEMENT: dict[str, int] = {
    "human": 12,
    "elf": 12,
    "high elf": 12,
    "half-elf": 12,
    "half-orc": 12,
    "dwarf": 9,
    "halfling": 9,
}
DEFAULT_MOVEMENT = 12


class Encumbrance(StrEnum):
    UNENCUMBERED = "unencumbered"
    LIGHT = "lightly encumbered"
    HEAVY = "heavily encumbered"
    OVER = "over-encumbered"


class ArmourWeight(StrEnum):
    NONE = "none"
    LIGHT = "light"
    MEDIUM = "medium"
    HEAVY = "heavy"


ENCUMBRANCE_CAP = {
    Encumbrance.UNENCUMBERED: 12,
    Encumbrance.LIGHT: 9,
    Encumbrance.HEAVY: 6,
    Encumbrance.OVER: 3,
}
ARMOUR_CAP = {
    ArmourWeight.NONE: 12,
    ArmourWeight.LIGHT: 12,
    ArmourWeight.MEDIUM: 9,
    ArmourWeight.HEAVY: 6,
}


def race_movement(race: str) -> int:
    return RACE_MOVEMENT.get(race.strip().casefold(), DEFAULT_MOVEMENT)


def movement_modifier(movement: int) -> int:
    """MOV: Movement is an attribute-like score (12 → +1, 9 → −1, 6 → −2, 3 → −4)."""
    return attribute_modifier(movement)


def effective_movement(
    base: int, encumbrance: Encumbrance, armour: ArmourWeight
) -> tuple[int, tuple[Term, ...]]:
    """Movement after the lower of the encumbrance and armour caps; with its explanation."""
    terms = [Term(label="race", value=base)]
    cap = min(ENCUMBRANCE_CAP[encumbrance], ARMOUR_CAP[armour])
    if cap < base:
        reason = (
            f"{encumbrance.value} cap"
            if ENCUMBRANCE_CAP[encumbrance] <= ARMOUR_CAP[armour]
            else f"{armour.value} armour cap"
        )
        terms.append(Term(label=reason, value=cap - base))
        return cap, tuple(terms)
    return base, tuple(terms)


class MovementType(StrEnum):
    OUTDOOR = "outdoor"
    MAPPING = "mapping"
    CAUTIOUS = "cautious"
    NORMAL = "normal"
    RUN = "run"
    SPRINT = "sprint"


# Distance per point of Movement, its unit, and the consequence it imposes on other actions.
MOVEMENT_TYPES: dict[MovementType, tuple[int, str, Tier | None]] = {
    MovementType.OUTDOOR: (2, "miles per day", None),
    MovementType.MAPPING: (10, "feet per 10-minute turn", None),
    MovementType.CAUTIOUS: (10, "feet per round", None),
    MovementType.NORMAL: (20, "feet per round", Tier.MINOR),
    MovementType.RUN: (50, "feet per round", Tier.MAJOR),
    MovementType.SPRINT: (100, "feet per round", Tier.EXTREME),
}


def distance(movement: int, kind: MovementType) -> tuple[int, str]:
    """Table 17: how far a Movement score carries you, e.g. (240, 'feet per round')."""
    per_point, unit, _ = MOVEMENT_TYPES[kind]
    return movement * per_point, unit


def movement_consequence(kind: MovementType) -> Tier | None:
    """The consequence a movement type imposes on non-movement actions that round."""
    return MOVEMENT_TYPES[kind][2]
