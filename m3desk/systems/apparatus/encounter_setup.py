"""An Apparatus encounter's starting distance. The wiki gives no encounter-distance rule, so
the GM says it: within melee reach (an ambush), at Near or Far range of the longest ranged
weapon in the fight (the table rules' bands where no weapon has its own), or typed in
metres.
"""

from __future__ import annotations

from m3desk.core import encounter as core
from m3desk.core.dice import DiceExpr
from m3desk.core.system import SetupStep
from m3desk.systems.apparatus.moves import melee_reach
from m3desk.systems.apparatus.state import options_of, sheet_of

__all__ = ["CHOICES", "SETUP_STEPS", "set_distance"]

CHOICES: tuple[tuple[str, str], ...] = (
    ("reach", "Melee reach"),
    ("near", "Near range"),
    ("far", "Far range"),
    ("typed", "Typed (m)"),
)


def _none(_encounter: core.Encounter, _choice: str) -> DiceExpr:
    return DiceExpr(0, 2, 0)  # nothing is rolled: the GM decides


def _metres(encounter: core.Encounter, choice: str) -> int:
    """The distance a choice names in this fight."""
    sheets = [sheet_of(encounter, c.id) for c in encounter.combatants]
    if choice == "reach":
        return max((melee_reach(sheet) for sheet in sheets), default=1)
    options = options_of(encounter)
    bands = [w.ranges(options) for sheet in sheets for w in sheet.weapons if w.ranged]
    bands = bands or [(min(options.near_range, options.far_range), options.far_range)]
    return max(band[0 if choice == "near" else 1] for band in bands)


def set_distance(
    encounter: core.Encounter, choice: str, _who: str | None, faces: tuple[int, ...]
) -> core.Encounter:
    """The sides start this far apart: each side back in a loose group, the nearest two of
    different sides at the distance chosen (typed: the digits typed are the metres)."""
    if choice == "typed":
        if not faces or not all(0 <= f <= 9 for f in faces) or not int("".join(map(str, faces))):
            raise ValueError(
                "Type how many metres apart the sides start (1 or more) and press Enter."
            )
        metres = int("".join(map(str, faces)))
        return core.start_apart(encounter, metres, f"Starting distance: {metres} m (the GM's)")
    label = dict(CHOICES).get(choice, "Far range")
    metres = _metres(encounter, choice)
    return core.start_apart(
        encounter, metres, f"Starting distance: {metres} m, {label[0].lower()}{label[1:]}"
    )


SETUP_STEPS: tuple[SetupStep, ...] = (
    SetupStep(
        "distance",
        "Starting distance",
        "How far apart the sides start (the wiki gives no rule, the GM decides): within "
        "melee reach, at the Near or Far range of the longest ranged weapon here, or "
        "typed in metres and Enter.",
        _none,
        set_distance,
        core.sides_apart_text,
        choices=CHOICES,
    ),
)
