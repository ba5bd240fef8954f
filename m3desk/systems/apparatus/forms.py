"""How the generic sheet editor and printer show Apparatus characters and creatures."""

from __future__ import annotations

from pydantic import BaseModel

from m3desk.core.numbers import pool_text
from m3desk.core.sheet_form import FieldSpec, SectionSpec, SheetForm, TableSpec
from m3desk.core.sheet_print import CombatBox, PrintedStat, PrintSpec
from m3desk.systems.apparatus.derive import derive
from m3desk.systems.apparatus.options import ApparatusOptions
from m3desk.systems.apparatus.sheet import CharacterSheet, CreatureSheet, Weapon
from m3desk.systems.apparatus.tables import SIZES

__all__ = ["CHARACTER_FORM", "CREATURE_FORM", "new_character", "new_creature", "summary"]

_ABILITY_HELP = "The number added to rolls (3 is a capable adult; ≤ 2 weak, ≥ 6 strong jumper)"
ABILITIES = SectionSpec(
    "Abilities",
    fields=tuple(
        FieldSpec(
            f"abilities.{key}", key.capitalize(), "int", minimum=-5, maximum=20, help=_ABILITY_HELP
        )
        for key in ("might", "agility", "wits", "resolve")
    ),
    derived=("might.sized", "initiative"),
)
BODY = SectionSpec(
    "Size and movement",
    fields=(
        FieldSpec("size", "Size", "choice", choices=SIZES),
        FieldSpec(
            "speed",
            "Speed (m)",
            "int",
            minimum=0,
            maximum=100,
            blank="by size",
            derived="speed",
            help="Metres of Movement a turn. Left at “by size”, the table rule's Medium "
            "Speed scaled by the Size Multiplier (at least 1).",
        ),
        FieldSpec(
            "feats.natural_climber",
            "Natural Climber",
            "bool",
            help="Climbing costs 1 Movement per metre instead of 2",
        ),
        FieldSpec(
            "feats.natural_swimmer",
            "Natural Swimmer",
            "bool",
            help="Swimming costs 1 Movement per metre instead of 2",
        ),
    ),
    derived=(
        "size_modifier",
        "cost.climb",
        "cost.swim",
        "jump.high",
        "jump.long.0",
        "jump.long.2",
        "jump.long.4",
    ),
)
COMBAT = SectionSpec(
    "Combat",
    fields=(
        FieldSpec("combat_proficiency", "Combat Proficiency", "int", minimum=0, maximum=5),
        FieldSpec("armour_bonus", "Armour", "int", minimum=0, maximum=10, help="Added to Guard"),
        FieldSpec("feats.expert_grappler", "Expert Grappler", "bool"),
        FieldSpec(
            "dual_wielding",
            "Dual-wielding",
            "bool",
            help="A weapon in each hand: Advantage on melee attacks, no free hand",
        ),
    ),
    derived=(
        "defense.guard",
        "defense.might",
        "defense.agility",
        "defense.wits",
        "defense.resolve",
        "physique",
        "grapple",
        "critical_threshold",
    ),
)
CONDITION = SectionSpec(
    "Hit points and conditions",
    fields=(
        FieldSpec("hit_points", "Hit points", "int", minimum=-999, maximum=9999),
        FieldSpec("max_hit_points", "Maximum hit points", "int", minimum=1, maximum=9999),
        FieldSpec(
            "exhaustion",
            "Exhaustion",
            "int",
            minimum=0,
            maximum=6,
            help="3 or more: −1 Advantage on attacks",
        ),
        FieldSpec(
            "conditions",
            "Conditions",
            "list",
            help="prone, restrained, unseen, obscured, frightened, poisoned, "
            "incapacitated, charmed",
        ),
    ),
)
WEAPONS = SectionSpec(
    "Weapons",
    table=TableSpec(
        "weapons",
        "Weapons",
        (
            FieldSpec("name", "Name", width="great sword"),
            FieldSpec("damage", "Damage", "dice", width="2d6+2"),
            FieldSpec("extra_damage", "Extra die", "dice", width="1d6", help="e.g. flame 1d6"),
            FieldSpec(
                "grip",
                "Grip",
                "choice",
                choices=("forceful", "finesse"),
                help="Forceful adds Might, Finesse adds Agility",
            ),
            FieldSpec("ranged", "Ranged", "bool"),
            FieldSpec("two_handed", "Two-handed", "bool"),
            FieldSpec("reach", "Reach m", "int", minimum=1, maximum=20),
            FieldSpec(
                "near",
                "Near m",
                "int",
                minimum=1,
                maximum=1000,
                blank="table",
                help="Ranged: the last metre of Near range. Empty: the table rule's Near "
                "range (10 m unless changed).",
            ),
            FieldSpec(
                "far",
                "Far m",
                "int",
                minimum=1,
                maximum=1000,
                blank="table",
                help="Ranged: the last metre it can shoot. Empty: the table rule's Far range "
                "(30 m unless changed).",
            ),
        ),
        Weapon,
        help="Damage dice; a critical hit adds the largest die's maximum",
    ),
    wide=True,
)
NOTES = SectionSpec("Notes", fields=(FieldSpec("notes", "Notes", "long_text"),), wide=True)


def _starting_hit_points(options: BaseModel | None) -> int:
    """A new sheet's hit points: the table rule's number (the pages give none)."""
    return (
        options if isinstance(options, ApparatusOptions) else ApparatusOptions()
    ).starting_hit_points


def new_character(name: str, options: BaseModel | None = None) -> CharacterSheet:
    hp = _starting_hit_points(options)
    return CharacterSheet(
        name=name,
        hit_points=hp,
        max_hit_points=hp,
        weapons=(Weapon(name="dagger", damage="1d4", grip="finesse"),),
    )


def new_creature(name: str, options: BaseModel | None = None) -> CreatureSheet:
    hp = _starting_hit_points(options)
    return CreatureSheet(
        name=name, hit_points=hp, max_hit_points=hp, weapons=(Weapon(name="claw", damage="1d6"),)
    )


def summary(sheet: BaseModel) -> str:
    if not isinstance(sheet, CharacterSheet | CreatureSheet):
        return ""
    values = derive(sheet)
    return (
        f"{sheet.size.capitalize()}, Speed {values['speed'].value} m, Guard "
        f"{values['defense.guard'].value}, Physique {values['physique'].value}, "
        f"HP {pool_text(sheet.hit_points, sheet.max_hit_points)}"
    )


_SECTIONS = (ABILITIES, BODY, COMBAT, CONDITION, WEAPONS, NOTES)
BONUS_KEYS = ("initiative",)
"""Added to a d20: shown signed (+3) on the sheet and on paper."""
_COMBAT_BOX = CombatBox(
    (
        PrintedStat("defense.guard", ("physique",)),
        PrintedStat("defense.might", ("defense.agility", "defense.wits", "defense.resolve")),
        PrintedStat("combat_proficiency", ("grapple",), note="added to attack rolls"),
        PrintedStat("critical_threshold"),
        PrintedStat("initiative"),
        PrintedStat("speed"),
    ),
    title="Defenses and attack",
    attacks="weapons",
    replaces=("speed",),
)
CHARACTER_FORM = SheetForm(
    bonus_keys=BONUS_KEYS,
    sections=(
        SectionSpec(
            "Character",
            fields=(
                FieldSpec("name", "Name"),
                FieldSpec("ancestry", "Ancestry"),
                FieldSpec("calling", "Calling"),
                FieldSpec("level", "Level", "int", minimum=0, maximum=30),
            ),
        ),
        *_SECTIONS,
    ),
    derive=derive,
    new_sheet=new_character,
    summary=summary,
    printed=PrintSpec(combat=_COMBAT_BOX, write_in=("Equipment", "Treasure")),
)
CREATURE_FORM = SheetForm(
    bonus_keys=BONUS_KEYS,
    sections=(
        SectionSpec(
            "Creature", fields=(FieldSpec("name", "Name"), FieldSpec("description", "Description"))
        ),
        *_SECTIONS,
    ),
    derive=derive,
    new_sheet=new_creature,
    summary=summary,
    printed=PrintSpec(combat=_COMBAT_BOX),
)
