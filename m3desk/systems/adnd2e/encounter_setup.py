"""An AD&D 2e encounter's opening: surprise, then the starting distance.

Surprise (PHB ch. 11): each side that could be surprised rolls 1d10, 1–3 is surprised; a side
alone alert gets a free round (attacks on the surprised at +1 are the tracker's condition).
A character's DEX reaction adjustment moves its own surprise roll in the book; with one d10
per side it is left to the GM (type the side's roll with it, or mark the character).

The distance, as Combat & Tactics' encounter distance table gives it in 5-foot squares, is
picked by the surprise: 1d4 squares when both sides are surprised, 1d6 when one is; else by
the terrain (the DM may also simply assign one: the GM drags the sides on the map). In a
dungeon or at night the limit of sight decides: the GM places the sides. With no cover at all
the fight opens at the longest missile weapon's long range.
"""

from __future__ import annotations

from m3desk.core import encounter as core
from m3desk.core.dice import DiceExpr
from m3desk.core.system import SetupStep
from m3desk.systems.adnd2e.encounter import AdndEncounter, attacks_of, ranges_feet

__all__ = [
    "DISTANCES",
    "SETUP_STEPS",
    "distance_dice",
    "roll_surprise",
    "set_distance",
    "surprised_sides",
]

SURPRISE_DIE = 10
SURPRISED_UP_TO = 3
"""A side's d10 of 1–3 is surprised (PHB ch. 11: a 30 % chance)."""

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
SURPRISED_ROWS = ("both", "one")
"""The table's rows the surprise roll picks (never chosen by terrain)."""


def _sides(encounter: core.Encounter) -> list[str]:
    return list(dict.fromkeys(c.side for c in encounter.combatants))


def _rolls(encounter: core.Encounter) -> dict[str, int]:
    return dict(getattr(encounter, "surprise_rolls", {}))


def surprised_sides(encounter: core.Encounter) -> list[str]:
    """The sides whose surprise d10 came up 1–3, in the order rolled."""
    return [side for side, roll in _rolls(encounter).items() if roll <= SURPRISED_UP_TO]


def _surprise_dice(encounter: core.Encounter, _choice: str) -> DiceExpr:
    return DiceExpr(max(1, len(_sides(encounter))), SURPRISE_DIE, 0)


def roll_surprise(
    encounter: core.Encounter, _choice: str, _who: str | None, faces: tuple[int, ...]
) -> core.Encounter:
    """Each side's surprise d10, in the order the sides appear (one face per side): 1–3 is
    surprised; when some are and exactly one side is not, that side has a free round."""
    sides = _sides(encounter)
    if len(faces) != len(sides):
        raise ValueError(f"surprise takes one d10 per side ({len(sides)}), not {len(faces)}")
    if not all(1 <= face <= SURPRISE_DIE for face in faces):
        raise ValueError("a d10 shows 1 to 10")
    rolls = dict(zip(sides, faces, strict=True))
    after = encounter.model_copy(update={"surprise_rolls": rolls})
    surprised = surprised_sides(after)
    alert = [side for side in sides if side not in surprised]
    free = alert[0] if surprised and len(alert) == 1 else None
    after = after.model_copy(update={"surprise_side": free})
    parts = ", ".join(
        f"{side} d10 {roll} ({'surprised' if roll <= SURPRISED_UP_TO else 'alert'})"
        for side, roll in rolls.items()
    )
    return core.add_log(after, f"Surprise: {parts}" + _verdict(surprised, free))


def _verdict(surprised: list[str], free: str | None) -> str:
    if not surprised:
        return "; nobody is surprised"
    if free is not None:
        return f"; {free} get a free round"
    return "; every side is surprised: no one gains"


def _surprise_shown(encounter: core.Encounter) -> str:
    rolls = _rolls(encounter)
    if not rolls:
        return ""
    parts = ", ".join(f"{side} {roll}" for side, roll in rolls.items())
    return f"{parts}{_verdict(surprised_sides(encounter), encounter.surprise_side)}"


def _by_surprise(encounter: core.Encounter) -> str | None:
    """The distance the surprise rolled picks ("both", "one"), or None (nobody surprised,
    or not rolled): then the terrain decides."""
    surprised = surprised_sides(encounter)
    if not surprised:
        return None
    return "both" if len(surprised) >= max(2, len(_sides(encounter))) else "one"


def distance_dice(encounter: core.Encounter, choice: str) -> DiceExpr:
    """The squares to roll: by the surprise rolled when a side is surprised, else by the
    situation chosen; none with no cover (the longest range)."""
    picked = _by_surprise(encounter)
    if picked is not None:
        return DISTANCES[picked][1]
    if choice == NO_COVER:
        return DiceExpr(0, 2, 0)
    return DISTANCES.get(choice, DISTANCES["light"])[1]


def _longest_range(encounter: core.Encounter) -> int:
    options = encounter.options if isinstance(encounter, AdndEncounter) else None
    found = [
        ranges[2]
        for c in encounter.combatants
        for attack in attacks_of(c.sheet, options)
        if attack.missile and (ranges := ranges_feet(attack, options)) is not None
    ]
    return max(found, default=0)


def set_distance(
    encounter: core.Encounter, choice: str, _who: str | None, faces: tuple[int, ...]
) -> core.Encounter:
    """The sides start this far apart: each side back in a loose group, the nearest two of
    different sides at the distance rolled (or at the longest missile's long range)."""
    choice = _by_surprise(encounter) or choice
    if choice == NO_COVER:
        feet = _longest_range(encounter)
        if not feet:
            raise ValueError(
                "Nobody here has a missile weapon: with no cover, place the sides on the map."
            )
        return core.start_apart(
            encounter,
            feet,
            f"Encounter distance: {feet} ft, no cover (the longest missile's long range)",
        )
    label, dice = DISTANCES.get(choice, DISTANCES["light"])
    if len(faces) != dice.count or not all(1 <= f <= dice.sides for f in faces):
        raise ValueError(
            f"the distance takes {dice} ({dice.count} "
            f"face{'s' if dice.count != 1 else ''} of 1–{dice.sides})"
        )
    squares = sum(faces)
    rolled = " + ".join(str(face) for face in faces)
    text = (
        f"Encounter distance: {squares} square{'s' if squares != 1 else ''}, "
        f"{squares * SQUARE} ft, {label.lower()} "
        f"({dice}: {rolled})"
    )
    return core.start_apart(encounter, squares * SQUARE, text)


SETUP_STEPS: tuple[SetupStep, ...] = (
    SetupStep(
        "surprise",
        "Surprise",
        "Each side that could be surprised rolls 1d10: 1–3 is "
        "surprised, and a side alone alert gets a free round.",
        _surprise_dice,
        roll_surprise,
        _surprise_shown,
        each="side",
    ),
    SetupStep(
        "distance",
        "Encounter distance",
        "How far apart the sides are when the fight begins, in 5-foot squares: 1d4 when "
        "both sides are surprised, 1d6 when one is, else by the terrain (Combat & "
        "Tactics); with no cover, the longest missile's long range; "
        "in a dungeon or at night the limit of sight decides: drag the sides on the map "
        "instead.",
        distance_dice,
        set_distance,
        core.sides_apart_text,
        # Both or one surprised come from the surprise step, not from this list.
        choices=(
            *((key, label) for key, (label, _d) in DISTANCES.items() if key not in SURPRISED_ROWS),
            (NO_COVER, "No cover"),
        ),
    ),
)
