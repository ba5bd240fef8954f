"""What one token shows, as a value: the scene redraws a token only when its facts change."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class TokenFacts:
    """One combatant as seen from the board's centre.

    ``band`` is the ring the token sits in (None for the centre itself); ``position`` is
    its band or distance from the centre and ``position_label`` says it in words ("Close",
    "30 ft"). ``reach`` names the centre's attacks that work from there; an empty tuple
    means the centre cannot attack this combatant from here.
    """

    combatant_id: str
    name: str
    side: str
    side_index: int
    band: int | None = None
    position: int = 0
    position_label: str = ""
    distance_caption: bool = False
    """The game measures distances: the caption says the exact one."""
    reach: tuple[str, ...] = ()
    unequipped_reach: tuple[str, ...] = ()
    conditions: tuple[str, ...] = ()
    centre_name: str = ""
    attack_summary: tuple[str, ...] = ()
    """For the centre: "Dagger: Hand, Close" per attack (its tooltip)."""
    beyond_maximum: bool = False
    """The position lies past the encounter's limit (a band past the maximum range)."""

    @property
    def is_centre(self) -> bool:
        return self.band is None

    @property
    def in_reach(self) -> bool:
        return self.is_centre or bool(self.reach)
