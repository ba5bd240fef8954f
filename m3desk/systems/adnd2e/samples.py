"""Sample sheets: a party of four and some classic foes, from the digest's numbers.

The party follows the PHB's own examples (Rath, fighter 7 with STR 18/80 and a long sword +1;
Delsenora the mage; Rupert with his long bow) plus a cleric. The foes' THAC0s and the ogre's
saves are the digest's (§2, §11.14); the rest of their blocks is the Monstrous Manual's as
remembered, to be checked against the book (stated in each monster's notes).
The files in resources/samples/adnd2e/ are written from these (a test keeps them equal).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from m3desk.core.dice import DiceExpr
from m3desk.systems.adnd2e.sheet import (
    Abilities,
    CharacterSheet,
    Coins,
    Item,
    MonsterAttack,
    MonsterSheet,
    Spell,
    Weapon,
)
from m3desk.systems.adnd2e.tables import WEAPONS

__all__ = ["CHARACTERS", "MONSTERS", "SAMPLES", "weapon"]

_CHECK = "Block from memory of the Monstrous Manual; THAC0 from DMG Table 39. Check the book."


def weapon(
    kind: str,
    *,
    name: str | None = None,
    magic: int = 0,
    thrown: bool = False,
    specialised: bool = False,
) -> Weapon:
    """A weapon of PHB Tables 44/45 by its name in :data:`WEAPONS`."""
    stats = WEAPONS[kind]
    return Weapon(
        name=name or kind,
        speed=stats.speed,
        damage_sm=DiceExpr.parse(stats.damage_sm),
        damage_l=DiceExpr.parse(stats.damage_l),
        magic=magic,
        melee=stats.melee,
        missile=stats.rate_of_fire is not None,
        thrown=thrown,
        rate_of_fire=stats.rate_of_fire or Fraction(1),
        ranges=stats.ranges,
        set_vs_charge=stats.set_vs_charge,
        double_on_charge=stats.double_on_charge,
        specialised=specialised,
    )


def _kit(
    languages: tuple[str, ...], gear: tuple[str, ...], treasure: str = "", **coins: int
) -> dict[str, Any]:
    """Languages, gear ("6 Torches": six of them), coins and treasure of a sample."""
    items = []
    for entry in gear:
        count, _space, name = entry.partition(" ")
        items.append(Item(name=name, quantity=int(count)) if count.isdigit() else Item(name=entry))
    return {
        "languages": languages,
        "equipment": tuple(items),
        "coins": Coins(**coins),
        "treasure": treasure,
    }


RATH = CharacterSheet(
    name="Rath",
    race="human",
    char_class="fighter",
    level=7,
    abilities=Abilities(STR=18, STR_exceptional=80, DEX=16, CON=16, INT=10, WIS=11, CHA=12),
    hit_points=58,
    max_hit_points=58,
    armour="chain mail",
    shield=True,
    carried=95,
    weapons=(weapon("long sword", name="long sword +1", magic=1), weapon("spear", thrown=True)),
    proficiencies=("long sword", "spear", "short bow", "dagger"),
    **_kit(
        ("Common",),
        ("Backpack", "Rope, 50'", "6 Torches", "7 Iron rations (days)", "Whetstone"),
        gp=30,
        sp=14,
        cp=40,
    ),
    notes="The PHB's worked example: THAC0 14; with STR 18/80 and the sword +1 his modified "
    "THAC0 is 11.",
)

DELSENORA = CharacterSheet(
    name="Delsenora",
    race="elf",
    char_class="mage",
    level=5,
    abilities=Abilities(STR=9, DEX=16, CON=14, INT=17, WIS=12, CHA=13),
    hit_points=14,
    max_hit_points=14,
    carried=20,
    weapons=(weapon("dagger", thrown=True), weapon("dart")),
    proficiencies=("dagger",),
    spells=tuple(
        Spell(name=name)
        for name in ("magic missile", "sleep", "Melf's acid arrow", "web", "lightning bolt")
    ),
    **_kit(
        ("Common", "Elvish", "Gnomish"),
        ("Spellbook", "Backpack", "Scroll case", "Ink and pen", "7 Iron rations (days)"),
        treasure="a pearl (100 gp)",
        gp=112,
        pp=3,
    ),
)

RUPERT = CharacterSheet(
    name="Rupert",
    race="half-elf",
    char_class="ranger",
    level=5,
    abilities=Abilities(STR=16, DEX=17, CON=15, INT=12, WIS=14, CHA=11),
    hit_points=38,
    max_hit_points=38,
    armour="studded leather",
    carried=60,
    weapons=(weapon("long bow"), weapon("short sword")),
    proficiencies=("long bow", "short sword", "dagger"),
    **_kit(
        ("Common", "Elvish"),
        ("Backpack", "Tinder box", "12 Arrows (spare)", "7 Iron rations (days)", "Waterskin"),
        gp=62,
        ep=6,
    ),
)

ILSE = CharacterSheet(
    name="Ilse",
    race="human",
    char_class="cleric",
    level=4,
    abilities=Abilities(STR=14, DEX=10, CON=15, INT=11, WIS=16, CHA=13),
    hit_points=24,
    max_hit_points=24,
    armour="chain mail",
    shield=True,
    carried=75,
    weapons=(weapon("footman's mace"),),
    proficiencies=("footman's mace", "flail"),
    spells=tuple(
        Spell(name=name)
        for name in ("cure light wounds", "bless", "command", "hold person", "spiritual hammer")
    ),
    **_kit(
        ("Common",),
        ("Holy symbol, silver", "Backpack", "10 Candles", "7 Iron rations (days)", "Waterskin"),
        gp=45,
        sp=20,
    ),
)

CHARACTERS: tuple[CharacterSheet, ...] = (RATH, DELSENORA, RUPERT, ILSE)

ORC = MonsterSheet(
    name="Orc",
    armour_class=6,
    movement=9,
    hit_dice=1,
    hit_points=5,
    max_hit_points=5,
    attacks=(MonsterAttack(name="spear", damage=DiceExpr.parse("1d6"), set_vs_charge=True),),
    size="M",
    morale=11,
    intelligence="Average (8–10)",
    alignment="LE",
    xp=15,
    notes=f"AC 10 without armour; 6 in ring mail and shield. {_CHECK}",
)

OGRE = MonsterSheet(
    name="Ogre",
    armour_class=5,
    movement=9,
    hit_dice=4,
    hit_dice_modifier=1,
    hit_points=19,
    max_hit_points=19,
    attacks=(MonsterAttack(name="club", damage=DiceExpr.parse("1d10")),),
    size="L",
    morale=11,
    intelligence="Low (5–7)",
    alignment="CE",
    xp=270,
    saves=(11, 13, 12, 13, 14),
    notes=f"HD 4+1: THAC0 17 and saves as a 5th-level warrior (the digest's example). {_CHECK}",
)

TROLL = MonsterSheet(
    name="Troll",
    armour_class=4,
    movement=12,
    hit_dice=6,
    hit_dice_modifier=6,
    hit_points=33,
    max_hit_points=33,
    attacks=(
        MonsterAttack(name="claw", damage=DiceExpr.parse("1d4+4")),
        MonsterAttack(name="claw", damage=DiceExpr.parse("1d4+4")),
        MonsterAttack(name="bite", damage=DiceExpr.parse("2d6")),
    ),
    size="L",
    morale=14,
    intelligence="Low (5–7)",
    alignment="CE",
    xp=1400,
    special_defences="regenerates 3 hp a round; only fire and acid kill it",
    notes=f"HD 6+6 counts as 7: THAC0 13. {_CHECK}",
)

KOBOLD = MonsterSheet(
    name="Kobold",
    armour_class=7,
    movement=6,
    hit_dice=0,
    hit_points=3,
    max_hit_points=3,
    attacks=(MonsterAttack(name="short spear", damage=DiceExpr.parse("1d6")),),
    size="S",
    morale=9,
    intelligence="Average (8–10)",
    alignment="LE",
    xp=7,
    notes=f"½ HD: THAC0 20. {_CHECK}",
)

GOBLIN = MonsterSheet(
    name="Goblin",
    armour_class=6,
    movement=6,
    hit_dice=1,
    hit_dice_modifier=-1,
    hit_points=4,
    max_hit_points=4,
    attacks=(MonsterAttack(name="short sword", damage=DiceExpr.parse("1d6")),),
    size="S",
    morale=10,
    intelligence="Low to average (5–10)",
    alignment="LE",
    xp=15,
    notes=f"HD 1−1: THAC0 20. {_CHECK}",
)

GHOUL = MonsterSheet(
    name="Ghoul",
    armour_class=6,
    movement=9,
    hit_dice=2,
    hit_points=9,
    max_hit_points=9,
    attacks=(
        MonsterAttack(name="claw", count=2, damage=DiceExpr.parse("1d3"), effect="paralysis"),
        MonsterAttack(name="bite", damage=DiceExpr.parse("1d6"), effect="paralysis"),
    ),
    size="M",
    morale=12,
    intelligence="Low (5–7)",
    alignment="CE",
    xp=175,
    special_attacks="paralysis",
    special_defences="immune to sleep and charm",
    notes=f"A hit paralyses unless the target saves vs paralyzation; elves are immune. {_CHECK}",
)

MONSTERS: tuple[MonsterSheet, ...] = (ORC, OGRE, TROLL, KOBOLD, GOBLIN, GHOUL)

_ALL: tuple[CharacterSheet | MonsterSheet, ...] = (*CHARACTERS, *MONSTERS)
SAMPLES: dict[str, CharacterSheet | MonsterSheet] = {sheet.name.lower(): sheet for sheet in _ALL}
"""By file stem: rath.m3c … goblin.m3m."""
