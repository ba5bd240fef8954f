"""The one game the Qt layer has widgets of its own for: Monsters & Magic.

Its sheets, its table-rules dialog, its action dialog (effect points) and its encounter set-up
(surroundings, Scouting) are its own widgets; every other game is rendered from what it
describes through the seam (sheet forms, options, encounter rules). Wherever the UI must tell
the two apart it asks here, so the UI names that game in one place.
"""

from __future__ import annotations

__all__ = ["OWN_GAME_ID", "OWN_GAME_NAME", "has_own_widgets"]

OWN_GAME_ID = "monsters_and_magic"
OWN_GAME_NAME = "Monsters & Magic"
"""Its name as the library shows it (files read before games were named are this game's)."""


def has_own_widgets(system_id: str) -> bool:
    return system_id == OWN_GAME_ID
