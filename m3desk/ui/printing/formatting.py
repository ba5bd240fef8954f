"""How numbers and lists read on paper.

Kept apart from the layout so the words on the page can be tested without Qt. Bonuses
are signed with a real minus sign (U+2212) because a pencil-and-paper reader must never
confuse a short hyphen with a dash or miss it entirely on a poor photocopy.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol, Self

from m3desk.core.numbers import MINUS, signed, step_runs

__all__ = ["amount", "bands_text", "signed"]


def amount(value: int) -> str:
    """A plain amount (AC 19, Movement 9) that may still be negative (PHP −3)."""
    return str(value).replace("-", MINUS)


class Band(Protocol):
    """A step of an ordered scale with a name (a range band): its place and its label."""

    @property
    def label(self) -> str: ...

    def __int__(self) -> int: ...

    def __lt__(self, other: Self, /) -> bool: ...

    def __hash__(self) -> int: ...


def bands_text(bands: Iterable[Band]) -> str:
    """``Close–Short`` for a run of neighbouring bands, commas between separate runs: the
    screen's words (:func:`~m3desk.core.numbers.step_runs`). A thrown weapon's "Close,
    Reach, Short" would take three times the column width of "Close–Short"."""
    labels = {int(band): band.label for band in bands}
    return step_runs(labels, labels.__getitem__)
