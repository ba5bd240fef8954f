"""Apparatus, a homebrew d20 game (seed 004, the wiki's Actions page): its rules as data and
pure functions. Qt-free, importing only :mod:`m3desk.core` and itself.

The public surface is the page's arithmetic: what movement costs, when terrain is
impassable, how high and far a creature jumps (the seed's Tables 1 and 3) and whether a
grapple check succeeds. The rest of the package is reached through ``SYSTEM`` in
:mod:`m3desk.systems.apparatus.system`.
"""

from m3desk.systems.apparatus.grapple import grapple_succeeds
from m3desk.systems.apparatus.movement import (
    high_jump,
    long_jump,
    movement_cost,
    terrain_impassable,
)

__all__ = ["grapple_succeeds", "high_jump", "long_jump", "movement_cost", "terrain_impassable"]
