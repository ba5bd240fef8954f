"""Range bands as the sheet writes them: "Close", "Close–Short", "Hand–Close, Short".

A weapon, spell or monster attack lists the bands it can attack from (seed 000, "Changing
range"). The sheet shows a run of neighbouring bands as "first–last" and separate runs with a
comma; typing accepts the same, with a hyphen or "to" for a run and commas, "or" or "and"
between parts. Parsing is strict: an unknown word, a band twice, a backwards run or "Out of
Range" (no attack is made from there) is refused with a sentence saying why.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from m3desk.core.numbers import step_runs
from m3desk.systems.monsters_and_magic.ranges import RangeBand

__all__ = ["ATTACK_BANDS", "BANDS_HINT", "bands_label", "parse_bands"]

ATTACK_BANDS: tuple[RangeBand, ...] = tuple(b for b in RangeBand if b is not RangeBand.OUT_OF_RANGE)
"""The bands an attack can be made from: Hand to Long."""

_DASH = "–"
_NAMES = ", ".join(band.label for band in ATTACK_BANDS)
BANDS_HINT = (
    f"The range bands it attacks from ({_NAMES}): one band like Close, a run like "
    f"Close{_DASH}Short, or several parts like Hand{_DASH}Close, Short"
)
# No spaces around the separators: ``_band`` trims each word, and a leading ``\s*`` would make
# every split quadratic on a run of spaces.
_PARTS = re.compile(r",|;|/|\bor\b|\band\b", re.IGNORECASE)
_RUN = re.compile(r"[-–—]|\bto\b", re.IGNORECASE)


def bands_label(bands: Iterable[RangeBand]) -> str:
    """ "Close", "Close–Short", "Hand–Close, Short" — runs of neighbours, in board order."""
    return step_runs((int(band) for band in bands), lambda step: RangeBand(step).label)


def _band(word: str) -> RangeBand:
    cleaned = " ".join(word.split())
    if not cleaned:
        raise ValueError(f"A band is missing; write them like Close{_DASH}Short")
    for band in RangeBand:
        if band.label.casefold() == cleaned.casefold():
            if band is RangeBand.OUT_OF_RANGE:
                raise ValueError("No attack is made from Out of Range; the farthest band is Long")
            return band
    raise ValueError(f"{cleaned!r} is not a range band; the bands are {_NAMES}")


def parse_bands(text: str) -> tuple[RangeBand, ...]:
    """The bands ``text`` names, in board order; ValueError (a sentence) if it is not one."""
    if not text.strip():
        raise ValueError(f"An attack needs at least one range band, like Close or Short{_DASH}Long")
    found: list[RangeBand] = []
    for part in _PARTS.split(text.strip()):
        ends = _RUN.split(part)
        if len(ends) > 2:
            raise ValueError(
                f"{part.strip()!r} has more than two ends; write a run like Close{_DASH}Short"
            )
        first = _band(ends[0])
        last = _band(ends[-1])
        if last < first:
            raise ValueError(
                f"{part.strip()!r} runs backwards; write the nearer band first "
                f"({last.label}{_DASH}{first.label})"
            )
        for band in ATTACK_BANDS[first : last + 1]:
            if band in found:
                raise ValueError(f"{band.label} is named twice; name each band once")
            found.append(band)
    return tuple(sorted(found))
