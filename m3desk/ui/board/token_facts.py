"""What one token shows, as a value: the scene redraws a token only when its facts change."""

from __future__ import annotations

from dataclasses import dataclass

from m3desk.systems.monsters_and_magic.ranges import RangeBand


@dataclass(frozen=True, slots=True)
class TokenFacts:
    """One combatant as seen from the board's centre.

    ``band`` is None for the centre itself. ``reach`` names the centre's attacks that work
    at ``band``; an empty tuple means the centre cannot attack this combatant from here.
    """

    combatant_id: str
    name: str
    side: str
    side_index: int
    band: RangeBand | None = None
    reach: tuple[str, ...] = ()
    unequipped_reach: tuple[str, ...] = ()
    conditions: tuple[str, ...] = ()
    centre_name: str = ""
    attack_summary: tuple[str, ...] = ()
    """For the centre: "Dagger: Hand, Close" per attack (its tooltip)."""
    beyond_maximum: bool = False
    """The band lies past the encounter's maximum range (Table 13)."""

    @property
    def is_centre(self) -> bool:
        return self.band is None

    @property
    def in_reach(self) -> bool:
        return self.is_centre or bool(self.reach)
