"""Range bands, weapon reach, maximum encounter range (Table 13) and starting range."""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum, StrEnum

from pydantic import BaseModel, ConfigDict, Field

from m3desk.systems.monsters_and_magic.checks import Failure


class RangeBand(IntEnum):
    HAND = 0
    CLOSE = 1
    REACH = 2
    SHORT = 3
    MEDIUM = 4
    LONG = 5
    OUT_OF_RANGE = 6

    @property
    def label(self) -> str:
        return self.name.replace("_", " ").title().replace("Of", "of")


BANDS: tuple[RangeBand, ...] = tuple(RangeBand)


def bands_between(a: RangeBand, b: RangeBand) -> int:
    return abs(int(a) - int(b))


def shift(band: RangeBand, steps: int) -> RangeBand:
    """Move ``steps`` bands outward (positive) or inward (negative), clamped to the board."""
    return RangeBand(min(max(int(band) + steps, 0), len(BANDS) - 1))


def steps_to(band: RangeBand, bands: Iterable[RangeBand]) -> int | None:
    """Signed bands from ``band`` to the nearest of ``bands``: 0 when already there, negative
    to close in, positive to back off (closing in wins a tie); None when ``bands`` is empty."""
    offsets = sorted((abs(int(b) - int(band)), int(b) - int(band)) for b in bands)
    return offsets[0][1] if offsets else None


def bands_text(bands: Iterable[RangeBand]) -> str:
    """ "Close", "Close or Reach", "Short, Medium or Long" — in board order."""
    labels = [b.label for b in sorted(set(bands))]
    if len(labels) <= 1:
        return "".join(labels) or "no range"
    return f"{', '.join(labels[:-1])} or {labels[-1]}"


class WeaponReach(BaseModel):
    """The bands an attack can be made from, and what it is called (seed 000, "Changing
    range": an attacker out of reach must first buy the range change)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    weapon: str = Field(max_length=120)
    bands: tuple[RangeBand, ...] = Field(max_length=7)

    def reaches(self, band: RangeBand) -> bool:
        return band in self.bands

    def steps_from(self, band: RangeBand) -> int | None:
        """Signed bands to move before this attack can land (0: in reach)."""
        return steps_to(band, self.bands)

    def describe(self) -> str:
        """ "Cutter attacks from Close"."""
        return f"{self.weapon} attacks from {bands_text(self.bands)}"


class ReachClass(StrEnum):
    """Typical bands a weapon works at; every item keeps its own editable list."""

    HAND = "hand"
    MELEE = "melee"
    LONG_MELEE = "long_melee"
    THROWN = "thrown"
    MISSILE = "missile"
    SPELL = "spell"


REACH_BANDS: dict[ReachClass, tuple[RangeBand, ...]] = {
    ReachClass.HAND: (RangeBand.HAND, RangeBand.CLOSE),
    ReachClass.MELEE: (RangeBand.CLOSE,),
    ReachClass.LONG_MELEE: (RangeBand.CLOSE, RangeBand.REACH),
    ReachClass.THROWN: (RangeBand.CLOSE, RangeBand.REACH, RangeBand.SHORT),
    ReachClass.MISSILE: (RangeBand.SHORT, RangeBand.MEDIUM, RangeBand.LONG),
    ReachClass.SPELL: (RangeBand.CLOSE, RangeBand.REACH, RangeBand.SHORT),
}


class EncounterConditions(StrEnum):
    """Table 13: the surroundings decide the maximum encounter range."""

    OUTDOORS_CLEAR = "outdoors_clear"
    OUTDOORS_POOR = "outdoors_poor"
    OUTDOORS_NIGHT = "outdoors_night"
    INDOORS_VAST = "indoors_vast"
    INDOORS_CHAMBER = "indoors_chamber"

    @property
    def label(self) -> str:
        return _CONDITION_LABELS[self]


_CONDITION_LABELS = {
    EncounterConditions.OUTDOORS_CLEAR: "Outdoors, by day, good visibility, no obstructions",
    EncounterConditions.OUTDOORS_POOR: "Outdoors, poor visibility or obstructions",
    EncounterConditions.OUTDOORS_NIGHT: "Outdoors, at night",
    EncounterConditions.INDOORS_VAST: "Indoors, vast space (cathedral, huge cavern)",
    EncounterConditions.INDOORS_CHAMBER: "Indoors, chamber, tunnel or corridor",
}

MAXIMUM_RANGE: dict[EncounterConditions, RangeBand] = {
    EncounterConditions.OUTDOORS_CLEAR: RangeBand.OUT_OF_RANGE,
    EncounterConditions.OUTDOORS_POOR: RangeBand.MEDIUM,
    EncounterConditions.OUTDOORS_NIGHT: RangeBand.SHORT,
    EncounterConditions.INDOORS_VAST: RangeBand.MEDIUM,
    EncounterConditions.INDOORS_CHAMBER: RangeBand.SHORT,
}

SCOUTING_LOSS: dict[Failure, int] = {
    Failure.SIMPLE: 1,
    Failure.MINOR: 2,
    Failure.MAJOR: 3,
    Failure.EXTREME: 3,
}
MINIMUM_STARTING_RANGE = RangeBand.REACH


def starting_range(
    maximum: RangeBand, scouting_failure: Failure | None, *, detected_at: RangeBand | None = None
) -> RangeBand:
    """Where an encounter starts after a Scouting check.

    Success: the maximum range. A failure loses 1 band (simple), 2 (minor) or 3 (major or
    worse), never closer than Reach — or the range at which the opponent detects you or
    chooses to act, whichever is greater.
    """
    if scouting_failure is None:
        return maximum
    reduced = shift(maximum, -SCOUTING_LOSS[scouting_failure])
    floor = min(MINIMUM_STARTING_RANGE, maximum)
    result = max(reduced, floor)
    if detected_at is not None:
        result = max(result, min(detected_at, maximum))
    return RangeBand(result)
