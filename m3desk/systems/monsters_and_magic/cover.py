"""Visibility and cover: concealment penalties and cover's armour bonus (Table 14)."""

from __future__ import annotations

from enum import StrEnum


class Concealment(StrEnum):
    NONE = "none"
    SEMI = "semi"
    """Semi-darkness, shadow, fog: like a minor consequence (−2) on anyone spotting or attacking."""
    TOTAL = "total"
    """Total darkness or invisible: like a major consequence (−4)."""


CONCEALMENT_PENALTY = {Concealment.NONE: 0, Concealment.SEMI: -2, Concealment.TOTAL: -4}


class CoverKind(StrEnum):
    NONE = "none"
    LIGHT = "light"
    """Thin wood, plaster, undergrowth, branches."""
    MEDIUM = "medium"
    """Thick wood, thin brick or stone."""
    HEAVY = "heavy"
    """Thick stone, metal."""


class CoverExtent(StrEnum):
    HALF = "half"
    """Ranged attacks are still possible from half cover."""
    FULL = "full"
    """No attacks at all from full cover."""


COVER_BONUS: dict[CoverKind, tuple[int, int]] = {
    CoverKind.NONE: (0, 0),
    CoverKind.LIGHT: (2, 5),
    CoverKind.MEDIUM: (5, 10),
    CoverKind.HEAVY: (10, 20),
}


def cover_bonus(kind: CoverKind, extent: CoverExtent) -> int:
    """Armour bonus from cover (Table 14)."""
    half, full = COVER_BONUS[kind]
    return half if extent is CoverExtent.HALF else full
