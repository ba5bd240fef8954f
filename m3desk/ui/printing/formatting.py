"""How numbers and lists read on paper.

Kept apart from the layout so the words on the page can be tested without Qt. Bonuses
are signed with a real minus sign (U+2212) because a pencil-and-paper reader must never
confuse a short hyphen with a dash or miss it entirely on a poor photocopy.
"""

from __future__ import annotations

from collections.abc import Iterable

from m3desk.core.numbers import MINUS, signed
from m3desk.systems.monsters_and_magic.ranges import RangeBand

__all__ = ["amount", "bands_text", "signed"]



def amount(value: int) -> str:
    """A plain amount (AC 19, Movement 9) that may still be negative (PHP −3)."""
    return str(value).replace("-", MINUS)


def bands_text(bands: Iterable[RangeBand]) -> str:
    """``Close–Short`` for a run of neighbouring bands, commas between separate runs.

    A thrown weapon's "Close, Reach, Short" takes three times the column width of
    "Close–Short" and says the same thing; isolated bands stay as they are.
    """
    ordered = sorted(set(bands))
    runs: list[list[RangeBand]] = []
    for band in ordered:
        if runs and int(band) == int(runs[-1][-1]) + 1:
            runs[-1].append(band)
        else:
            runs.append([band])
    parts = []
    for run in runs:
        if len(run) == 1:
            parts.append(run[0].label)
        elif len(run) == 2:
            parts.append(f"{run[0].label}, {run[1].label}")
        else:
            parts.append(f"{run[0].label}–{run[-1].label}")
    return ", ".join(parts)
