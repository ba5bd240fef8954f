"""An AD&D 2e encounter's starting distance, as Combat & Tactics' encounter distance table
gives it in 5-foot squares by the situation and the terrain (the DM may also simply assign
one: the GM drags the sides on the map). In a dungeon or at night the limit of sight decides:
the GM places the sides. With no cover at all the fight opens at the longest missile
weapon's long range.
"""

from __future__ import annotations

from m3desk.core import encounter as core
from m3desk.core.dice import DiceExpr
from m3desk.core.system import SetupStep

__all__ = ["DISTANCES", "SETUP_STEPS", "distance_dice", "set_distance"]

SQUARE = 5
"""Feet in one square of the table."""
DISTANCES: dict[str, tuple[str, DiceExpr]] = {
    "both": ("Both surprised", DiceExpr(1, 4, 0)),
    "one": ("One surprised", DiceExpr(1, 6, 0)),
    "fog": ("Smoke or fog", DiceExpr(1, 8, 0)),
    "jungle": ("Dense forest", DiceExpr(2, 10, 0)),
    "light": ("Light forest", DiceExpr(4, 6, 0)),
    "scrub": ("Scrub or brush", DiceExpr(4, 12, 0)),
    "grass": ("Grassland", DiceExpr(10, 6, 0)),
}
"""Combat & Tactics' encounter distance in squares, by situation (key: its words, dice)."""
NO_COVER = "open"


def distance_dice(_encounter: core.Encounter, choice: str) -> DiceExpr:
    """The squares to roll for the situation; none with no cover (the longest range)."""
    if choice == NO_COVER:
        return DiceExpr(0, 2, 0)
    return DISTANCES.get(choice, DISTANCES["light"])[1]


def _longest_range(encounter: core.Encounter) -> int:
    from m3desk.systems.adnd2e.table import AdndEncounter, attacks_of, ranges_feet

    options = encounter.options if isinstance(encounter, AdndEncounter) else None
    found = [ranges[2] for c in encounter.combatants
             for attack in attacks_of(c.sheet, options) if attack.missile
             and (ranges := ranges_feet(attack, options)) is not None]
    return max(found, default=0)


def set_distance(encounter: core.Encounter, choice: str, _who: str | None,
                 faces: tuple[int, ...]) -> core.Encounter:
    """The sides start this far apart: each side back in a loose group, the nearest two of
    different sides at the distance rolled (or at the longest missile's long range)."""
    if choice == NO_COVER:
        feet = _longest_range(encounter)
        if not feet:
            raise ValueError("Nobody here has a missile weapon: with no cover, place the "
                             "sides on the map.")
        return core.start_apart(encounter, feet, f"Encounter distance: {feet} ft, no cover "
                                                 "(the longest missile's long range)")
    label, dice = DISTANCES.get(choice, DISTANCES["light"])
    if len(faces) != dice.count or not all(1 <= f <= dice.sides for f in faces):
        raise ValueError(f"the distance takes {dice} ({dice.count} "
                         f"face{'s' if dice.count != 1 else ''} of 1–{dice.sides})")
    squares = sum(faces)
    rolled = " + ".join(str(face) for face in faces)
    text = (f"Encounter distance: {squares} square{'s' if squares != 1 else ''}, "
            f"{squares * SQUARE} ft, {label.lower()} "
            f"({dice}: {rolled})")
    return core.start_apart(encounter, squares * SQUARE, text)



SETUP_STEPS: tuple[SetupStep, ...] = (
    SetupStep("distance", "Encounter distance",
              "How far apart the sides are when the fight begins, in 5-foot squares by the "
              "situation (Combat & Tactics); with no cover, the longest missile's long range; "
              "in a dungeon or at night the limit of sight decides: drag the sides on the map "
              "instead.",
              distance_dice, set_distance, core.sides_apart_text,
              choices=(*((key, label) for key, (label, _d) in DISTANCES.items()),
                       (NO_COVER, "No cover"))),
)
