"""What is left of the UI's one named game, for the modules other branches are reworking.

The generic UI asks a game's own widgets for what they provide (:mod:`m3desk.ui.games`) and
never tells games apart by id. Three uses remain, each owned elsewhere and removed when
that work is merged: the printer's own Monsters & Magic layouts (``ui/printing/jobs.py``,
``sheet_blocks.py``), the New Character dialog's race-and-class path
(``ui/window/new_character.py``) and the library's name for a file that cannot be read
(files from before games were named are this game's).
"""

from __future__ import annotations

__all__ = ["OWN_GAME_ID", "OWN_GAME_NAME", "has_own_widgets"]

OWN_GAME_ID = "monsters_and_magic"
OWN_GAME_NAME = "Monsters & Magic"
"""Its name as the library shows it (files read before games were named are this game's)."""


def has_own_widgets(system_id: str) -> bool:
    """Only for the printer, until it prints every game from what the game describes."""
    return system_id == OWN_GAME_ID
