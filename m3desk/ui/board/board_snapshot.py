"""The board's whole content for one centre, computed from the encounter without Qt.

Building this value is cheap (a pass over the combatants); comparing it with the previous
one is what lets the scene touch only the tokens that changed.
"""

from __future__ import annotations

from dataclasses import dataclass

from m3desk.systems.monsters_and_magic.encounter import Combatant, Encounter, range_between
from m3desk.systems.monsters_and_magic.ranges import BANDS, RangeBand
from m3desk.systems.monsters_and_magic.reach import attack_bands, attacks_reaching
from m3desk.ui.board.token_facts import TokenFacts


@dataclass(frozen=True, slots=True)
class BoardSnapshot:
    """The centre, every other combatant with its band, and the encounter's limits."""

    centre: TokenFacts | None
    tokens: tuple[TokenFacts, ...]
    maximum_range: RangeBand
    sides: tuple[str, ...]

    def band_members(self) -> tuple[tuple[str, ...], ...]:
        """Token ids per band, grouped by side then name so neighbours stay put."""
        ordered = sorted(self.tokens, key=lambda t: (t.side_index, t.name.casefold(),
                                                     t.combatant_id))
        return tuple(tuple(t.combatant_id for t in ordered if t.band == band)
                     for band in BANDS)

    def facts(self, combatant_id: str) -> TokenFacts | None:
        if self.centre is not None and self.centre.combatant_id == combatant_id:
            return self.centre
        return next((t for t in self.tokens if t.combatant_id == combatant_id), None)


def _sides(encounter: Encounter) -> tuple[str, ...]:
    sides = list(encounter.sides)
    sides += [c.side for c in encounter.combatants if c.side not in sides]
    return tuple(dict.fromkeys(sides))


def _centre_facts(centre: Combatant, side_index: int) -> TokenFacts:
    summary = tuple(f"{name}: {', '.join(b.label for b in bands) or '—'}"
                    for name, bands in attack_bands(centre.sheet))
    return TokenFacts(combatant_id=centre.id, name=centre.name, side=centre.side,
                      side_index=side_index,
                      conditions=tuple(c.name for c in centre.sheet.conditions),
                      attack_summary=summary)


def snapshot_of(encounter: Encounter, centre_id: str) -> BoardSnapshot:
    """The board around ``centre_id`` (an unknown or empty id gives a board without centre)."""
    sides = _sides(encounter)
    index = {side: i for i, side in enumerate(sides)}
    maximum = encounter.maximum_range
    centre = next((c for c in encounter.combatants if c.id == centre_id), None)
    if centre is None:
        return BoardSnapshot(None, (), maximum, sides)
    tokens = []
    for other in encounter.combatants:
        if other.id == centre.id:
            continue
        band = range_between(encounter, centre.id, other.id)
        tokens.append(TokenFacts(
            combatant_id=other.id, name=other.name, side=other.side,
            side_index=index[other.side], band=band,
            reach=tuple(attacks_reaching(centre.sheet, band)),
            unequipped_reach=tuple(attacks_reaching(centre.sheet, band, unequipped=True)),
            conditions=tuple(c.name for c in other.sheet.conditions),
            centre_name=centre.name, beyond_maximum=band > maximum))
    return BoardSnapshot(_centre_facts(centre, index[centre.side]), tuple(tokens), maximum,
                         sides)
