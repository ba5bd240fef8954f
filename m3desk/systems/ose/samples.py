"""The bundled OSE samples: a party of four first-level characters and a few monsters.

Monsters are read from their OSE SRD stat lines with the stat-block parser (the goblin is the
digest's §5 line; orc, hobgoblin and giant rat as the SRD prints them). The hobgoblin boss is
one of a hobgoblin king's bodyguards: 4 HD, 3d6 hp (10 on average), XP 75, per the SRD's
hobgoblin entry. Morgan Ironwolf is the digest's §13 case; the other characters' scores are
ours, their hit points the class die's average rounded up plus CON (the default table rule).
The files in resources/samples/ose/ are these sheets written by the storage layer; a test
keeps them equal.
"""

from __future__ import annotations

from typing import Any

from m3desk.systems.ose.forms import starting_hit_points, weapon
from m3desk.systems.ose.options import OseOptions
from m3desk.systems.ose.sheet import Abilities, CharacterSheet, Coins, Item, MonsterSheet, Spell
from m3desk.systems.ose.statblock import parse_stat_block
from m3desk.systems.ose.tables import OseClass

__all__ = ["MONSTER_LINES", "characters", "monsters", "samples"]

MONSTER_LINES: dict[str, str] = {
    "Goblin": "AC 6 [13], HD 1-1 (3hp), Att 1 × weapon (1d6 or by weapon), THAC0 19 [0], "
    "MV 60' (20'), SV D14 W15 P16 B17 S18 (NH), ML 7 (9 with king), AL Chaotic, "
    "XP 5 (bodyguard 20, king 35), NA 2d4 (6d10), TT R (C)",
    "Orc": "AC 6 [13], HD 1 (4hp), Att 1 × weapon (1d6 or by weapon), THAC0 19 [0], "
    "MV 120' (40'), SV D12 W13 P14 B15 S16 (1), ML 6 (8 with leader), AL Chaotic, "
    "XP 10 (leader 10, chieftain 75), NA 2d4 (1d6 × 10), TT D",
    "Hobgoblin": "AC 6 [13], HD 1+1 (5hp), Att 1 × weapon (1d8 or by weapon), THAC0 18 [+1], "
    "MV 90' (30'), SV D12 W13 P14 B15 S16 (1), ML 8 (10 with king), "
    "AL Chaotic, XP 15 (bodyguard 75, king 175), NA 1d6 (4d6), TT D",
    "Hobgoblin boss": "AC 6 [13], HD 4 (10hp), Att 1 × weapon (1d8 or by weapon), "
    "THAC0 16 [+3], MV 90' (30'), SV D10 W11 P12 B13 S14 (4), ML 8, "
    "AL Chaotic, XP 75",
    "Giant rat": "AC 7 [12], HD ½ (2hp), Att 1 × bite (1d3 + disease), THAC0 19 [0], "
    "MV 120' (40') / 60' (20') swimming, SV D12 W13 P14 B15 S16 (1), ML 8, "
    "AL Neutral, XP 5, NA 3d6 (3d10), TT C",
}

_NOTES = {
    "Orc": "Hate the sun: −1 to hit in full daylight. A leader has 8 hp and +1 damage.",
    "Hobgoblin boss": "One of the hobgoblin king's bodyguards (4 HD, 3d6 hp).",
    "Giant rat": "Disease: a bite infects 1 in 20 (save vs poison). Afraid of fire.",
}


def monsters() -> dict[str, MonsterSheet]:
    found = {}
    for name, line in MONSTER_LINES.items():
        sheet, problems = parse_stat_block(line, name)
        assert problems == [], problems
        notes = "\n".join(part for part in (sheet.notes, _NOTES.get(name, "")) if part)
        found[name] = sheet.model_copy(update={"notes": notes})
    return found


def _hp(cls: OseClass, con: int) -> dict[str, int]:
    hp = starting_hit_points(cls, con, OseOptions())
    return {"hit_points": hp, "max_hit_points": hp}


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


def characters() -> dict[str, CharacterSheet]:
    return {
        "Morgan Ironwolf": CharacterSheet(
            name="Morgan Ironwolf",
            char_class=OseClass.FIGHTER,
            alignment="Lawful",
            abilities=Abilities(STR=16, INT=7, WIS=9, DEX=13, CON=14, CHA=8),
            hit_points=6,
            max_hit_points=6,
            armour="chainmail",
            shield=True,
            weapons=(weapon("sword"), weapon("dagger")),
            **_kit(
                ("Common", "Lawful"),
                ("Backpack", "6 Torches", "7 Iron rations (days)", "Tinder box", "Waterskin"),
                gp=8,
                sp=5,
                cp=12,
            ),
            notes="Digest §13: die 5 + CON 1 = 6 hp; chain, shield and DEX: AC 3.",
        ),
        "Silverleaf": CharacterSheet(
            name="Silverleaf",
            char_class=OseClass.ELF,
            alignment="Neutral",
            abilities=Abilities(STR=13, INT=14, WIS=10, DEX=15, CON=10, CHA=11),
            **_hp(OseClass.ELF, 10),
            armour="chainmail",
            weapons=(weapon("short bow"), weapon("sword")),
            spells=(Spell(name="Sleep", range=240),),
            **_kit(
                ("Common", "Neutral", "Elvish", "Gnoll", "Hobgoblin", "Orcish"),
                ("Spell book", "Backpack", "Lantern", "2 Oil flasks", "7 Iron rations (days)"),
                gp=21,
                ep=4,
                treasure="a moonstone (50 gp)",
            ),
        ),
        "Sister Rebecca": CharacterSheet(
            name="Sister Rebecca",
            char_class=OseClass.CLERIC,
            alignment="Lawful",
            abilities=Abilities(STR=12, INT=10, WIS=15, DEX=9, CON=13, CHA=11),
            **_hp(OseClass.CLERIC, 13),
            armour="plate mail",
            shield=True,
            weapons=(weapon("mace"), weapon("sling")),
            **_kit(
                ("Common", "Lawful"),
                (
                    "Holy symbol",
                    "2 Holy water (vials)",
                    "Backpack",
                    "7 Standard rations (days)",
                    "Waterskin",
                ),
                gp=5,
                sp=30,
            ),
            notes="Clerics gain their first spell at 2nd level; turns undead.",
        ),
        "Lirra": CharacterSheet(
            name="Lirra",
            char_class=OseClass.THIEF,
            alignment="Neutral",
            abilities=Abilities(STR=10, INT=12, WIS=8, DEX=17, CON=12, CHA=13),
            **_hp(OseClass.THIEF, 12),
            armour="leather",
            weapons=(weapon("short sword"), weapon("dagger"), weapon("sling")),
            **_kit(
                ("Common", "Neutral"),
                (
                    "Backpack",
                    "Thieves' tools",
                    "6 Torches",
                    "7 Iron rations (days)",
                    "Rope, 50'",
                    "Waterskin",
                ),
                gp=14,
                sp=23,
            ),
        ),
    }


def samples() -> dict[str, CharacterSheet | MonsterSheet]:
    """Every sample by the file stem it is written to ("morgan-ironwolf", "giant-rat")."""
    found: dict[str, CharacterSheet | MonsterSheet] = {}
    every: list[tuple[str, CharacterSheet | MonsterSheet]] = [
        *characters().items(),
        *monsters().items(),
    ]
    for name, sheet in every:
        found[name.lower().replace(" ", "-")] = sheet
    return found
