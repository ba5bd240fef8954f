"""What the map shows, as one value computed from the encounter without Qt.

The interactive map, the player view and the printed encounter sheet all paint a
:class:`MapPicture` with the same routine (:func:`m3desk.ui.map.painter.paint_map`); this
module says what is in it: every placed combatant (hidden and down marked), the rings the
game draws around the selected one, the terrain areas and the background picture.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

from m3desk.core import registry
from m3desk.core.encounter import Encounter
from m3desk.core.places import Area, Backdrop
from m3desk.core.system import PositionModel, Ring
from m3desk.ui.board.token_metrics import distinct_initials, initials

__all__ = ["MapPicture", "MapToken", "picture_of", "sides_of"]


@dataclass(frozen=True, slots=True)
class MapToken:
    """One combatant where it stands (in the game's unit)."""

    combatant_id: str
    name: str
    side: str
    side_index: int
    x: float
    y: float
    z: float = 0.0
    hidden: bool = False
    """Unseen by the players (the GM's map marks it; the player view leaves it out)."""
    down: bool = False
    """Out of the fight, as the game says (the tracker strikes the name out)."""
    conditions: tuple[str, ...] = ()
    mark: str = ""
    """What the marker reads: initials unique in the scene ("GR2" and "Go2" for Giant rat 2
    and Goblin 2, both "G2" before); its own initials where none was given."""

    @property
    def marked(self) -> str:
        return self.mark or initials(self.name)


@dataclass(frozen=True, slots=True)
class MapPicture:
    model: PositionModel
    tokens: tuple[MapToken, ...]
    sides: tuple[str, ...]
    selected: str = ""
    rings: tuple[Ring, ...] = ()
    areas: tuple[Area, ...] = ()
    backdrop: Backdrop | None = None

    def token(self, combatant_id: str) -> MapToken | None:
        return next((t for t in self.tokens if t.combatant_id == combatant_id), None)

    def bounds(self) -> tuple[float, float, float, float]:
        """The smallest rectangle (left, top, right, bottom) holding every token and area
        (not the rings: a bow's long range would shrink every name), a few steps at least."""
        xs: list[float] = []
        ys: list[float] = []
        for token in self.tokens:
            xs.append(token.x)
            ys.append(token.y)
        for area in self.areas:
            xs += [area.x, area.x + area.width]
            ys += [area.y, area.y + area.height]
        if not xs:
            xs, ys = [0.0], [0.0]
        margin = 2 * self.model.step
        left, right = min(xs) - margin, max(xs) + margin
        top, bottom = min(ys) - margin, max(ys) + margin
        least = 8 * self.model.step
        if right - left < least:
            middle = (left + right) / 2
            left, right = middle - least / 2, middle + least / 2
        if bottom - top < least:
            middle = (top + bottom) / 2
            top, bottom = middle - least / 2, middle + least / 2
        return left, top, right, bottom


def sides_of(encounter: Encounter) -> tuple[str, ...]:
    """The encounter's sides in order, then any side only a combatant names."""
    sides = list(encounter.sides)
    sides += [c.side for c in encounter.combatants if c.side not in sides]
    return tuple(dict.fromkeys(sides))


class _LastTokens(threading.local):
    """The tokens of the last encounter drawn (per thread: printing may run in a worker).
    Encounters are frozen values, so the same object has the same tokens: a new selection,
    which changes only the rings, and the other views of the same change (the player view,
    the print preview) reuse them instead of reading 200 combatants again."""

    def __init__(self) -> None:
        self.encounter: Encounter | None = None
        self.sides: tuple[str, ...] = ()
        self.tokens: tuple[MapToken, ...] = ()


_LAST = _LastTokens()


def picture_of(encounter: Encounter, selected: str = "", *, rings: bool = True) -> MapPicture:
    """The map of ``encounter`` around ``selected`` (rings only when ``rings``)."""
    system = registry.system_of(encounter)
    rules = system.encounter
    sides, tokens = _tokens_of(encounter)
    shown_rings: tuple[Ring, ...] = ()
    if rings and rules is not None and selected in encounter.places:
        shown_rings = tuple(r for r in rules.rings(encounter, selected) if r.value > 0)
    return MapPicture(
        system.positions,
        tokens,
        sides,
        selected,
        shown_rings,
        tuple(encounter.areas),
        encounter.backdrop,
    )


def _tokens_of(encounter: Encounter) -> tuple[tuple[str, ...], tuple[MapToken, ...]]:
    """The encounter's sides and every placed combatant's token (kept for the last one)."""
    last = _LAST
    if last.encounter is encounter:
        return last.sides, last.tokens
    sides = sides_of(encounter)
    tokens = _read_tokens(encounter, sides)
    last.encounter, last.sides, last.tokens = encounter, sides, tokens
    return sides, tokens


def _read_tokens(encounter: Encounter, sides: tuple[str, ...]) -> tuple[MapToken, ...]:
    index = {side: i for i, side in enumerate(sides)}
    rules = registry.system_of(encounter).encounter
    names = (
        rules.condition_names
        if rules is not None
        else (lambda c: tuple(s.name for s in c.conditions))
    )
    tokens = []
    marks = distinct_initials(c.name for c in encounter.combatants if c.id in encounter.places)
    for combatant in encounter.combatants:
        place = encounter.places.get(combatant.id)
        if place is None:
            continue
        tokens.append(
            MapToken(
                combatant.id,
                combatant.name,
                combatant.side,
                index[combatant.side],
                place.x,
                place.y,
                place.z,
                combatant.hidden,
                encounter.out_of_fight(combatant),
                tuple(names(combatant)),
                marks[combatant.name],
            )
        )
    return tuple(tokens)
