"""Sample characters and creatures, with numbers from the digest's worked examples (§11).

Kestrel attacks with Might 3 + Combat Proficiency 1 against Guard; the Brute's flaming
longsword is the digest's 1d8 + 1d6 (a critical hit adds 8); the Brute has Physique Rating
13, the digest's grapple target. ``resources/samples/apparatus/`` holds these as files (a
test keeps the two equal).
"""

from __future__ import annotations

from m3desk.systems.apparatus.sheet import (
    Abilities,
    CharacterSheet,
    CreatureSheet,
    Feats,
    Sheet,
    Weapon,
)

__all__ = ["BRUTE", "CAVE_BEAR", "KESTREL", "SAMPLES", "WREN"]

KESTREL = CharacterSheet(
    name="Kestrel",
    ancestry="human",
    calling="warden",
    level=2,
    abilities=Abilities(might=3, agility=3, wits=2, resolve=4),
    combat_proficiency=1,
    hit_points=20,
    max_hit_points=20,
    weapons=(
        Weapon(name="spear", damage="1d8"),
        Weapon(name="shortbow", damage="1d6", grip="finesse", ranged=True, two_handed=True),
    ),
    notes="Guard 14 and Physique Rating 13: the digest's target numbers.",
)

BRUTE = CreatureSheet(
    name="Brute",
    description="a raider with a flaming longsword and a hatchet",
    abilities=Abilities(might=3, agility=2, wits=1, resolve=2),
    combat_proficiency=2,
    hit_points=24,
    max_hit_points=24,
    dual_wielding=True,
    weapons=(
        Weapon(name="flaming longsword", damage="1d8", extra_damage="1d6"),
        Weapon(name="hatchet", damage="1d6"),
    ),
)

WREN = CharacterSheet(
    name="Wren",
    ancestry="halfling",
    calling="scout",
    size="small",
    abilities=Abilities(might=1, agility=6, wits=3, resolve=3),
    combat_proficiency=2,
    hit_points=12,
    max_hit_points=12,
    feats=Feats(natural_climber=True),
    weapons=(
        Weapon(name="sling", damage="1d4", grip="finesse", ranged=True),
        Weapon(name="knife", damage="1d4", grip="finesse"),
    ),
)

CAVE_BEAR = CreatureSheet(
    name="Cave bear",
    description="Large; swims rivers after fish",
    size="large",
    abilities=Abilities(might=5, agility=2, wits=1, resolve=3),
    combat_proficiency=1,
    hit_points=40,
    max_hit_points=40,
    feats=Feats(natural_swimmer=True),
    weapons=(Weapon(name="claws", damage="2d6", reach=2),),
)

SAMPLES: dict[str, Sheet] = {
    "kestrel.m3c": KESTREL,
    "wren.m3c": WREN,
    "brute.m3m": BRUTE,
    "cave-bear.m3m": CAVE_BEAR,
}
"""File name in resources/samples/apparatus/ → the sheet it holds."""
