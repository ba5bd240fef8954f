"""Where a move ends, without Qt: a grid step from the keys, a typed move ("withdraw 40 ft
away from Orc A", "15 ft north-east"), and the terrain edits of the paint tool.

The rules of a move (what it costs, its log line) stay the game's: the map only computes the
place and hands it to ``rules.check_move`` / ``rules.make_move``.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from m3desk.core.encounter import Encounter
from m3desk.core.names import visible_name
from m3desk.core.places import Area, Place, toward
from m3desk.core.system import PositionModel

__all__ = ["COMPASS", "TypedMove", "parse_move", "snapped", "stepped", "with_area", "without_area"]

COMPASS: dict[str, tuple[float, float]] = {
    "north": (0, -1),
    "north-east": (1, -1),
    "east": (1, 0),
    "south-east": (1, 1),
    "south": (0, 1),
    "south-west": (-1, 1),
    "west": (-1, 0),
    "north-west": (-1, -1),
}
"""Directions on the map: north is up."""
_SHORT = {
    "n": "north",
    "ne": "north-east",
    "e": "east",
    "se": "south-east",
    "s": "south",
    "sw": "south-west",
    "w": "west",
    "nw": "north-west",
}
_UNITS = {
    "ft": "ft",
    "feet": "ft",
    "foot": "ft",
    "'": "ft",
    "m": "m",
    "metre": "m",
    "metres": "m",
    "meter": "m",
    "meters": "m",
}
_RELATIVE = {"towards ": False, "toward ": False, "to ": False, "away from ": True, "from ": True}
"""Words before a combatant's name, and whether they move away from it."""
_PATTERN = re.compile(
    r"^\s*+(?:(?P<verb>(?:\s*+[^\d\s]++)*+)\s++)?(?P<amount>\d+(?:\.\d+)?)"
    r"(?:\s*+(?P<unit>ft|feet|foot|'|metres|metre|meters|meter|m|squares|square|sq)\.?|\s*+\.)?"
    r"\s++"
    r"(?P<direction>.*\S)\s*+$",
    re.IGNORECASE,
)
"""[words] amount [unit] direction. Every run of spaces is taken whole, the words before the
amount word by word, and the direction runs to its last letter: no part is tried at every
split of a run of spaces (the lazy parts did: 0.5 s for 300 characters, 27 s for 1,200)."""


def snapped(model: PositionModel, x: float, y: float, z: float = 0.0) -> Place:
    """The grid point nearest (x, y): places on the map's grid of ``step``."""
    step = model.step or 1
    return Place.at(step * round(x / step), step * round(y / step), z)


def stepped(model: PositionModel, place: Place, dx: int, dy: int, dz: int = 0) -> Place:
    """One grid step from ``place`` (dx, dy, dz in -1..1), landing on the grid; never below
    the ground."""
    step = model.step or 1
    return snapped(model, place.x + dx * step, place.y + dy * step, max(0.0, place.z + dz * step))


@dataclass(frozen=True)
class TypedMove:
    """A typed move understood: the place it ends at and how it reads."""

    place: Place
    description: str


def _direction(text: str) -> str | None:
    word = text.strip().lower().replace(" ", "-").replace("northeast", "north-east")
    word = word.replace("northwest", "north-west").replace("southeast", "south-east")
    word = word.replace("southwest", "south-west")
    word = _SHORT.get(word, word)
    return word if word in COMPASS else None


def parse_move(encounter: Encounter, mover: str, text: str) -> TypedMove:
    """Read a typed move of ``mover``: an amount in the game's unit (or squares) and a
    direction: "toward NAME", "away from NAME" or a compass direction ("north", "ne").
    A word before the amount ("withdraw", "charge") is the user's; the game names the move.
    Raises ValueError with a sentence when the text cannot be used."""
    model = encounter.position_model
    here = encounter.places.get(mover)
    if here is None:
        raise ValueError("This combatant has no place on the map.")
    found = _PATTERN.match(text)
    if found is None:
        raise ValueError(
            f'Type an amount and a direction, e.g. "30 {model.unit} toward '
            f'Orc A", "10 {model.unit} away from Orc A" or "15 '
            f'{model.unit} north".'
        )
    amount = float(found["amount"])
    unit = (found["unit"] or "").lower()
    if unit in ("square", "squares", "sq"):
        amount *= model.step
    elif unit and _UNITS[unit] != model.unit:
        raise ValueError(f"This game measures in {model.unit}, not {_UNITS[unit]}.")
    if amount > model.maximum:
        raise ValueError(f"At most {model.maximum} {model.unit} in one move.")
    direction = found["direction"].strip()
    lowered = direction.lower()
    label = f"{amount:g} {model.unit}"
    if lowered in ("up", "down"):
        if not model.height:
            raise ValueError("This game keeps no heights: move across the map.")
        rise = amount if lowered == "up" else -min(amount, here.z)
        return TypedMove(Place.at(here.x, here.y, here.z + rise), f"{label} {lowered}")
    compass = _direction(lowered)
    if compass is not None:
        dx, dy = COMPASS[compass]
        norm = model.norm(dx, dy)
        place = Place.at(here.x + dx * amount / norm, here.y + dy * amount / norm, here.z)
        if model.metric == "squares":
            place = snapped(model, place.x, place.y, place.z)
        return TypedMove(place, f"{label} {compass}")
    prefix = next((p for p in _RELATIVE if lowered.startswith(p)), None)
    if prefix is None:
        raise ValueError(
            f'"{direction}" is not a direction: use "toward NAME", '
            '"away from NAME" or north, north-east, east … north-west.'
        )
    away = _RELATIVE[prefix]
    name = direction[len(prefix) :].strip()
    wanted_name = visible_name(name).casefold()
    other = next(
        (
            c
            for c in encounter.combatants
            if c.id != mover and visible_name(c.name).casefold() == wanted_name
        ),
        None,
    )
    if other is None:
        raise ValueError(f'No other combatant is called "{name}".')
    there = encounter.places.get(other.id)
    if there is None:
        raise ValueError(f"{other.name} has no place on the map.")
    now = model.norm(here.x - there.x, here.y - there.y, here.z - there.z)
    wanted = now + amount if away else max(now - amount, 0.0)
    place = toward(model, here, there, wanted, fallback=(1.0, 0.0))
    if place.z != here.z:
        # Heights stay on the grid's steps (a climb is whole steps, "↑0.205 m" is none).
        step = model.step or 1
        place = Place.at(place.x, place.y, max(0.0, step * round(place.z / step)))
    word = "away from" if away else "toward"
    return TypedMove(place, f"{label} {word} {other.name}")


def with_area(encounter: Encounter, area: Area) -> Encounter:
    """The encounter with one more terrain area (drawn on top of the others)."""
    return encounter.model_copy(update={"areas": (*encounter.areas, area)})


def without_area(encounter: Encounter, index: int) -> Encounter:
    """The encounter without its ``index``-th terrain area."""
    areas = encounter.areas
    return encounter.model_copy(update={"areas": areas[:index] + areas[index + 1 :]})


TOUCH = 0.15
"""A paint drag takes a square it reaches more than this share of a step into."""


def area_between(
    model: PositionModel, a: tuple[float, float], b: tuple[float, float], *, rating: int, wall: bool
) -> Area | None:
    """The rectangle of every grid square the drag from ``a`` to ``b`` touches (a click
    paints the square under it; a wall dragged as a line is a row of squares)."""
    step = model.step or 1
    # The grid's lines: half a step off on a game of squares (each token in a square).
    o = step / 2 if model.metric == "squares" else 0.0
    # A corner a hair past a grid line (the pointer's pixel) does not take the next square.
    hair = TOUCH
    left = o + step * math.floor((min(a[0], b[0]) - o) / step + hair)
    right = max(o + step * math.ceil((max(a[0], b[0]) - o) / step - hair), left + step)
    top = o + step * math.floor((min(a[1], b[1]) - o) / step + hair)
    bottom = max(o + step * math.ceil((max(a[1], b[1]) - o) / step - hair), top + step)
    return Area(
        x=left,
        y=top,
        width=right - left,
        height=bottom - top,
        rating=0 if wall else rating,
        wall=wall,
    )
