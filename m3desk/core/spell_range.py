"""A spell's range, once for every game that measures distance: how it is typed and shown,
the rings the map draws for it and who stands within it.

A sheet keeps a spell's range as a whole number in the map's unit (feet, metres), 0 for a
spell of touch or of the caster alone, or None when nobody has said. The map draws one ring
per distinct range of the spells still to cast, named after them; the action dialog asks the
same :func:`spells_within` whether a target is in reach.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

from m3desk.core.sheet_form import FieldSpec
from m3desk.core.system import Ring

__all__ = [
    "TOUCH",
    "out_of_range",
    "range_column",
    "range_text",
    "range_words",
    "spell_label",
    "spell_rings",
    "spells_within",
]

TOUCH = "touch/self"
"""How a range of 0 reads: the caster, or a creature touched."""

_TOUCH_WORDS = frozenset(
    {"0", "touch", "self", "caster", "the caster", "touch/self", "self/touch", "personal"}
)
_UNITS = {
    "ft": ("", "'", "′", "ft", "ft.", "foot", "feet"),
    "m": ("", "m", "metre", "metres", "meter", "meters"),
}
_YARDS = ("yd", "yds", "yard", "yards")
_UNIT_WORDS = {"ft": "feet", "m": "metres"}
_NUMBER = re.compile(r"^(\d{1,5})\s*(.*)$")
MAX_LABEL_NAMES = 2
"""A ring names at most two spells, then "+N"."""


def range_words(
    unit: str, maximum: int
) -> tuple[Callable[[str, Any], int | None], Callable[[Any], str]]:
    """The reader and writer of a range column in ``unit``: "120", "120'", "120 ft", "40 yd"
    (feet only: ×3), "touch" or "self" (0), empty (not known)."""

    def read(text: str, _old: Any = None) -> int | None:
        words = text.strip().casefold()
        if words in ("", "—", "-"):
            return None
        if words in _TOUCH_WORDS:
            return 0
        found = _NUMBER.match(words)
        if found is not None:
            number, rest = int(found.group(1)), found.group(2).strip()
            if unit == "ft" and rest in _YARDS:
                number *= 3
            elif rest not in _UNITS.get(unit, ("", unit)):
                found = None
            if found is not None:
                if number > maximum:
                    raise ValueError(f"A spell's range is at most {maximum} {unit}.")
                return number
        raise ValueError(
            f"Type a spell's range in {_UNIT_WORDS.get(unit, unit)} (“120”), "
            "or “touch” or “self”; leave it empty when it is not known."
        )

    return read, range_text


def range_column(unit: str, maximum: int, example: str, more_help: str = "") -> FieldSpec:
    """A spell table's range column (the row's ``range``), typed in ``unit``."""
    read, show = range_words(unit, maximum)
    return FieldSpec(
        "range",
        f"Range ({unit})",
        width=TOUCH,
        read=read,
        show=show,
        placeholder=example,
        help=f"In {_UNIT_WORDS.get(unit, unit)}; “touch” or “self” for 0; "
        "empty when not known. The map rings the caster at each range of "
        "the spells not yet cast."
        f"{' ' + more_help if more_help else ''}",
    )


def range_text(value: Any) -> str:
    """The range as its column shows it: "120", "touch/self", or nothing when not known."""
    if value is None:
        return ""
    return TOUCH if value == 0 else str(value)


def spell_label(names: Iterable[str]) -> str:
    """ "Sleep", "Sleep, Light", "Sleep, Light +2": two names at most, then how many more."""
    found = list(dict.fromkeys(names))
    shown = ", ".join(found[:MAX_LABEL_NAMES])
    more = len(found) - MAX_LABEL_NAMES
    return f"{shown} +{more}" if more > 0 else shown


def spell_rings(spells: Iterable[tuple[str, int | None]]) -> tuple[Ring, ...]:
    """One ring per distinct range of ``spells`` (name, range), nearest first, named after
    its spells; touch, self and unknown ranges draw none."""
    by_range: dict[int, list[str]] = {}
    for name, reach in spells:
        if reach:
            by_range.setdefault(reach, []).append(name)
    return tuple(
        Ring(reach, spell_label(names), "spell") for reach, names in sorted(by_range.items())
    )


def spells_within(
    spells: Iterable[tuple[str, int | None]], distance: int, touch: int
) -> tuple[str, ...]:
    """The spells (name, range) that reach a creature ``distance`` away: within their range,
    or within ``touch`` (the game's melee reach) for a spell of touch."""
    return tuple(
        dict.fromkeys(
            name
            for name, reach in spells
            if reach is not None and distance <= (reach if reach else touch)
        )
    )


def out_of_range(
    name: str, reach: int | None, distance: int, touch: int, unit: str, target: str
) -> str:
    """Why ``target`` cannot be the target of the spell, or "" when it can (or the range is
    not known)."""
    if reach is None or spells_within(((name, reach),), distance, touch):
        return ""
    if reach == 0:
        return f"{name} is cast by touch: {target} is {distance} {unit} away."
    return f"{target} is {distance} {unit} away: beyond {name}'s range of {reach} {unit}."
