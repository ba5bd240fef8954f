"""Old-School Essentials (the B/X restatement): its rules as data and pure functions.

Qt-free and importing only :mod:`m3desk.core`. The names below are the public surface issue
10 promises (acceptance checks import them from here); numbers are the OSE SRD's tables (see
the digest, shared/rules/ose.md).
"""

from m3desk.systems.ose.public import (
    ability_modifier,
    attack_hits,
    damage_on_hit,
    encounter_movement,
    hit_chance,
    initiative_modifier,
    monster_thac0,
    morale_hold_chance,
    morale_holds,
    side_initiative_order,
    thac0,
)

__all__ = [
    "ability_modifier",
    "attack_hits",
    "damage_on_hit",
    "encounter_movement",
    "hit_chance",
    "initiative_modifier",
    "monster_thac0",
    "morale_hold_chance",
    "morale_holds",
    "side_initiative_order",
    "thac0",
]
