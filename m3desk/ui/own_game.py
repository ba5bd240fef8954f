"""What is left of the UI's one named game: the library's name for a file that cannot be read.

Files from before games were named are the first installed game's, and the library shows
that name at start-up without loading any game. Everything else a game provides reaches
the generic UI through :mod:`m3desk.ui.games` (``GameParts``), never by its id.
"""

from __future__ import annotations

__all__ = ["OWN_GAME_NAME", "game_order"]

OWN_GAME_NAME = "Monsters & Magic"
"""Its name as the library shows it (files read before games were named are this game's)."""


def game_order(name: str) -> tuple[bool, str]:
    """Where a game stands in every list of games the app shows (the library's filter, New
    Character, New Monster, Table Rules of Other Games): this one first, then by name."""
    return name != OWN_GAME_NAME, name.casefold()
