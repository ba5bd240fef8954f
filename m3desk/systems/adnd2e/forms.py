"""How the generic editor and printer show 2e characters and monster stat blocks."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import get_args

from pydantic import BaseModel

from m3desk.core.derived import Derived
from m3desk.core.dice import DiceExpr
from m3desk.core.numbers import pool_text, signed
from m3desk.core.routines import MAX_ROUTINES
from m3desk.core.sheet_form import FieldSpec, RowPreset, SectionSpec, SheetForm, TableSpec
from m3desk.core.sheet_print import CombatBox, PrintedColumn, PrintedStat, PrintSpec
from m3desk.core.spell_range import range_column
from m3desk.systems.adnd2e.checks import sheet_warnings
from m3desk.systems.adnd2e.derive import derive
from m3desk.systems.adnd2e.level_step import level_step
from m3desk.systems.adnd2e.options import AdndOptions
from m3desk.systems.adnd2e.sheet import (
    SPELL_RANGE_MAX,
    Armour,
    CharacterSheet,
    CharClass,
    Item,
    MonsterAttack,
    MonsterSheet,
    Race,
    Size,
    Spell,
    Weapon,
)
from m3desk.systems.adnd2e.statblock import (
    average_hit_points,
    parse_stat_block,
    stat_block_variants,
)
from m3desk.systems.adnd2e.tables import CLASS_GROUP, GROUP_HIT_DIE, Group, Save, con_hp_adjustment
from m3desk.systems.adnd2e.tables import WEAPONS as WEAPON_STATS

__all__ = ["CHARACTER_FORM", "MONSTER_FORM", "new_character", "new_monster", "starting_hit_points"]

SAVES = tuple(f"save.{save.value}" for save in Save)


def _derive(sheet: BaseModel, options: BaseModel | None) -> Mapping[str, Derived]:
    assert isinstance(sheet, CharacterSheet | MonsterSheet)
    assert options is None or isinstance(options, AdndOptions)
    return derive(sheet, options)


def starting_hit_points(char_class: str, con: int, options: BaseModel | None = None) -> int:
    """First-level hit points until the player's roll is typed: the class group's die at its
    average rounded up (6 on a d10) or its maximum, as the table rule says, plus the CON
    adjustment (warriors' own); at least 1."""
    rules = options if isinstance(options, AdndOptions) else AdndOptions()
    group = CLASS_GROUP[char_class]
    die = GROUP_HIT_DIE[group]
    rolled = die if rules.starting_hit_points == "maximum" else die // 2 + 1
    return max(1, rolled + con_hp_adjustment(con, warrior=group is Group.WARRIOR))


def new_character(name: str, options: BaseModel | None = None) -> CharacterSheet:
    """A 1st-level human fighter with average scores; the first hit die counts as the table
    rule starts it (its average rounded up, 6 on a d10) until the player rolls it."""
    sheet = CharacterSheet(name=name.strip()[:80] or "New character")
    hit_points = starting_hit_points(sheet.char_class, sheet.abilities.CON, options)
    return sheet.model_copy(update={"hit_points": hit_points, "max_hit_points": hit_points})


def new_monster(name: str, _options: BaseModel | None = None) -> MonsterSheet:
    """A 1 HD monster with the average 4 hit points and one 1d6 attack."""
    hit_points = average_hit_points(1)
    return MonsterSheet(
        name=name.strip()[:80] or "New monster",
        hit_points=hit_points,
        max_hit_points=hit_points,
        attacks=(MonsterAttack(name="attack"),),
    )


def _unused(sheet: BaseModel) -> frozenset[str]:
    """Warriors and thieves cast no spells at low level: no spell list unless one is typed
    (a paladin's or ranger's later spells are)."""
    typed = sheet if isinstance(sheet, CharacterSheet) else None
    if (
        typed is None
        or typed.spells
        or CLASS_GROUP[typed.char_class] in ("priest", "wizard")
        or typed.char_class == "bard"
    ):
        return frozenset()
    return frozenset({"Spells"})


def _character_summary(sheet: BaseModel) -> str:
    assert isinstance(sheet, CharacterSheet)
    values = derive(sheet)
    hp = pool_text(sheet.hit_points, sheet.max_hit_points)
    return (
        f"{sheet.char_class.title()} {sheet.level} ({sheet.race}), AC {values['ac'].value}, "
        f"THAC0 {values['thac0'].value}, HP {hp}"
    )


def _monster_summary(sheet: BaseModel) -> str:
    assert isinstance(sheet, MonsterSheet)
    values = derive(sheet)
    hd = "½" if sheet.hit_dice == 0 else str(sheet.hit_dice)
    if sheet.hit_dice_modifier:
        hd += signed(sheet.hit_dice_modifier)
    return (
        f"HD {hd}, AC {values['ac'].value}, THAC0 {values['thac0'].value}, "
        f"MV {sheet.movement}, size {sheet.size}, ML {sheet.morale}"
    )


def list_weapon(name: str) -> Weapon:
    """A weapon of PHB Tables 44/45 by name, with the table's numbers only (a melee weapon
    with a range is thrown); magic, proficiency and specialisation stay the row's own."""
    stats = WEAPON_STATS[name]
    missile = stats.rate_of_fire is not None
    return Weapon(
        name=name,
        speed=stats.speed,
        damage_sm=DiceExpr.parse(stats.damage_sm),
        damage_l=DiceExpr.parse(stats.damage_l),
        melee=stats.melee,
        missile=missile,
        thrown=stats.melee and missile,
        rate_of_fire=stats.rate_of_fire or Fraction(1),
        ranges=stats.ranges,
        set_vs_charge=stats.set_vs_charge,
        double_on_charge=stats.double_on_charge,
    )


def _weapon_note(name: str) -> str:
    """ "SF 2, 1d4/1d3, thrown ROF 2 1/2/3" for the table's dagger."""
    stats = WEAPON_STATS[name]
    parts = [f"SF {stats.speed}", f"{stats.damage_sm}/{stats.damage_l}"]
    if stats.rate_of_fire is not None:
        rate = stats.rate_of_fire
        shown = (
            str(rate.numerator) if rate.denominator == 1 else f"{rate.numerator}/{rate.denominator}"
        )
        where = "/".join(map(str, stats.ranges)) if stats.ranges else ""
        parts.append(f"{'thrown' if stats.melee else 'missile'} ROF {shown} {where}".strip())
    parts += [
        word
        for word, on in (("set vs charge", stats.set_vs_charge), ("lance", stats.double_on_charge))
        if on
    ]
    return ", ".join(parts)


def _parse(text: str, name: str, variant: int = 0) -> tuple[BaseModel, list[str]]:
    return parse_stat_block(text, name, variant)


WEAPONS = TableSpec(
    "weapons",
    "Weapons",
    (
        FieldSpec("name", "Weapon", width="composite long bow"),
        FieldSpec("speed", "SF", "int", minimum=0, maximum=20, help="Speed factor", width="10"),
        FieldSpec(
            "damage_sm",
            "S-M",
            "dice",
            help="Damage against small and man-sized foes",
            width="1d8+1",
        ),
        FieldSpec("damage_l", "L", "dice", help="Damage against large foes", width="1d8+1"),
        FieldSpec("magic", "Magic", "int", minimum=-5, maximum=6, width="+3"),
        FieldSpec("melee", "Melee", "bool"),
        FieldSpec("missile", "Missile", "bool"),
        FieldSpec("thrown", "Thrown", "bool", help="Thrown weapons add STR to hit and damage"),
        FieldSpec("rate_of_fire", "ROF", help="Shots a round: 2, 1, 1/2 …", width="3/2"),
        FieldSpec(
            "ranges",
            "Range",
            "ints",
            help="Short/medium/long in tens (yards outdoors, feet indoors)",
            width="21/42/63",
        ),
        FieldSpec(
            "set_vs_charge", "Set", "bool", help="Can be set against a charge (double damage)"
        ),
        FieldSpec("double_on_charge", "Lance", "bool", help="Double damage in a charge"),
        FieldSpec("proficient", "Prof.", "bool"),
        FieldSpec("specialised", "Spec.", "bool", help="Specialised: +1 to hit, +2 damage"),
    ),
    lambda: Weapon(name="weapon"),
    help="Type a weapon of PHB Tables 44/45 to fill its numbers.",
    presets=tuple(RowPreset(name, list_weapon(name), _weapon_note(name)) for name in WEAPON_STATS),
)

SPELLS = TableSpec(
    "spells",
    "Spells",
    (
        FieldSpec("name", "Spell", width="Melf's acid arrow"),
        range_column("ft", SPELL_RANGE_MAX, "90", "The book gives yards: type “30 yd” for 90 ft."),
        FieldSpec("cast", "Cast", "bool", help="Gone off (or lost) since it was memorised."),
    ),
    lambda: Spell(name="spell"),
    help="Spells memorised, each with its range where it is known.",
)

EQUIPMENT = TableSpec(
    "equipment",
    "Equipment",
    (
        FieldSpec(
            "quantity",
            "×",
            "int",
            minimum=0,
            maximum=100_000,
            width="1000",
            help="How many are carried.",
        ),
        FieldSpec("name", "Item", width="Backpack (leather)"),
    ),
    lambda: Item(name="item"),
    noun="item",
    help="Equipment carried, one row an item (weapons and armour have their own places).",
)

COIN_FIELDS = tuple(
    FieldSpec(f"coins.{coin}", label, "int", minimum=0, maximum=10_000_000)
    for coin, label in (
        ("pp", "Platinum (pp)"),
        ("gp", "Gold (gp)"),
        ("ep", "Electrum (ep)"),
        ("sp", "Silver (sp)"),
        ("cp", "Copper (cp)"),
    )
)

CHARACTER_FORM = SheetForm(
    bonus_keys=(
        "str.hit",
        "str.damage",
        "dex.",
        "encumbrance.to_hit",
        "weapon_to_hit",
        "weapon_damage_bonus",
        "initiative",
        "con.hp",
        "wis.magic",
    ),
    sections=(
        SectionSpec(
            "Character",
            fields=(
                FieldSpec("name", "Name"),
                FieldSpec(
                    "race",
                    "Race",
                    "choice",
                    choices=get_args(Race),
                    help="Sets the base movement rate",
                ),
                FieldSpec(
                    "char_class",
                    "Class",
                    "choice",
                    choices=get_args(CharClass),
                    help="Its group (warrior, priest, rogue, wizard) sets THAC0 and saves",
                ),
                FieldSpec("level", "Level", "int", minimum=1, maximum=20, derived="thac0"),
                FieldSpec(
                    "experience",
                    "Experience",
                    "int",
                    minimum=0,
                    maximum=100_000_000,
                    help="Experience points earned (a fight's share is added after it)",
                ),
                FieldSpec("hit_points", "Hit points", "int", minimum=-99, maximum=999),
                FieldSpec(
                    "max_hit_points", "Maximum", "int", minimum=1, maximum=999, derived="con.hp"
                ),
            ),
            derived=("thac0", "hit_die", "con.hp"),
        ),
        SectionSpec(
            "Abilities",
            fields=(
                FieldSpec("abilities.STR", "STR", "int", minimum=3, maximum=25, derived="str.hit"),
                FieldSpec(
                    "abilities.STR_exceptional",
                    "STR 18/",
                    "int",
                    minimum=0,
                    maximum=100,
                    help="Exceptional strength percentage (100 is 18/00); warriors only",
                    derived="str.damage",
                ),
                FieldSpec(
                    "abilities.DEX", "DEX", "int", minimum=3, maximum=25, derived="dex.defensive"
                ),
                FieldSpec("abilities.CON", "CON", "int", minimum=3, maximum=25, derived="con.hp"),
                FieldSpec("abilities.INT", "INT", "int", minimum=3, maximum=25),
                FieldSpec(
                    "abilities.WIS", "WIS", "int", minimum=3, maximum=25, derived="wis.magic"
                ),
                FieldSpec("abilities.CHA", "CHA", "int", minimum=3, maximum=25),
            ),
            derived=(
                "str.hit",
                "str.damage",
                "dex.reaction",
                "dex.missile",
                "dex.defensive",
                "wis.magic",
            ),
        ),
        SectionSpec(
            "Proficiencies",
            fields=(
                FieldSpec(
                    "proficiencies",
                    "Known",
                    "list",
                    help="Weapon and non-weapon proficiencies, comma-separated.",
                ),
                FieldSpec(
                    "languages",
                    "Languages",
                    "list",
                    placeholder="Common, Elvish…",
                    help="The languages spoken, comma-separated (INT's number of languages "
                    "says how many may be learned).",
                ),
            ),
        ),
        SectionSpec(
            "Armour and movement",
            fields=(
                FieldSpec("armour", "Armour", "choice", choices=get_args(Armour)),
                FieldSpec("shield", "Shield", "bool"),
                FieldSpec("magic_armour", "Magic armour", "int", minimum=0, maximum=5),
                FieldSpec(
                    "carried", "Carried (lb)", "int", minimum=0, maximum=5000, derived="encumbrance"
                ),
            ),
            derived=(
                "ac",
                "ac.rear",
                "ac.charging",
                "encumbrance",
                "encumbrance.to_hit",
                "movement.base",
                "movement",
                "initiative",
            ),
        ),
        SectionSpec("Saving throws", derived=SAVES),
        SectionSpec(
            "Money and treasure",
            fields=(
                *COIN_FIELDS,
                FieldSpec(
                    "treasure",
                    "Other treasure",
                    placeholder="gems, jewellery…",
                    help="Gems, jewellery and other valuables carried.",
                ),
            ),
        ),
        SectionSpec("Weapons", table=WEAPONS, wide=True),
        SectionSpec("Equipment", table=EQUIPMENT, wide=True),
        SectionSpec("Spells", table=SPELLS, wide=True),
        SectionSpec("Notes", fields=(FieldSpec("notes", "Notes", "long_text"),), wide=True),
    ),
    derive=_derive,
    new_sheet=new_character,
    summary=_character_summary,
    level_step=level_step,
    printed=PrintSpec(
        combat=CombatBox(
            (
                PrintedStat("ac", ("ac.rear", "ac.charging")),
                PrintedStat("thac0", note="modified per weapon in the weapons table"),
                PrintedStat("movement", ("movement.base",)),
                PrintedStat("initiative"),
            ),
            saves=SAVES,
            attacks="weapons",
        ),
        columns=(
            PrintedColumn("weapons", "To hit", "weapon.{index}.to_hit"),
            PrintedColumn("weapons", "Dmg +", "weapon.{index}.damage"),
            PrintedColumn("weapons", "THAC0", "weapon.{index}.thac0", bonus=False),
        ),
        as_text=("Money and treasure", "Equipment"),
        as_text_title="Gear and money",
        unused=_unused,
    ),
)


def _show_damage(value: object) -> str:
    return "" if value is None else str(value)


ATTACKS = TableSpec(
    "attacks",
    "Attacks",
    (
        FieldSpec(
            "routine",
            "Routine",
            "int",
            minimum=1,
            maximum=MAX_ROUTINES,
            width="Routine",
            help="Attacks with the same number are made together (claw/claw/bite); the "
            "monster makes one routine a round (“or by weapon” is a second).",
        ),
        FieldSpec("name", "Attack", width="claw"),
        FieldSpec("count", "×", "int", minimum=1, maximum=20, width="20"),
        FieldSpec(
            "damage",
            "Damage",
            "dice",
            width="1d10+10",
            show=_show_damage,
            help="As printed: 1d8+1; empty when a hit deals none (a paralysing touch).",
        ),
        FieldSpec(
            "set_vs_charge", "Set", "bool", help="A spear or polearm it can set against a charge"
        ),
        FieldSpec("double_on_charge", "Lance", "bool", help="Double damage in a charge"),
        FieldSpec(
            "effect",
            "Effect",
            width="petrification",
            help="What a hit causes: paralysis, petrification, charm, poison or energy "
            "drain have a save and a condition; other words are shown as written.",
        ),
    ),
    lambda: MonsterAttack(name="attack"),
)

MONSTER_FORM = SheetForm(
    warnings=sheet_warnings,
    sections=(
        SectionSpec(
            "Stat block",
            fields=(
                FieldSpec("name", "Name"),
                FieldSpec("armour_class", "AC", "int", minimum=-10, maximum=10, derived="ac"),
                FieldSpec("movement", "MV", "int", minimum=0, maximum=48, derived="movement"),
                FieldSpec("movement_text", "Other movement", help="As printed: Fl 18 (C), Sw 9"),
                FieldSpec(
                    "hit_dice",
                    "HD",
                    "int",
                    minimum=0,
                    maximum=40,
                    help="0 is ½ HD or less",
                    derived="thac0",
                ),
                FieldSpec("hit_dice_modifier", "HD +", "int", minimum=-10, maximum=40),
                FieldSpec("hit_points", "Hit points", "int", minimum=-99, maximum=999),
                FieldSpec("max_hit_points", "Maximum", "int", minimum=1, maximum=999),
                FieldSpec(
                    "size",
                    "Size",
                    "choice",
                    choices=get_args(Size),
                    help="L and larger take weapons' L damage",
                ),
                FieldSpec("morale", "Morale", "int", minimum=2, maximum=20, derived="morale"),
                FieldSpec("xp", "XP", "int", minimum=0, maximum=1_000_000),
            ),
            derived=("thac0", "ac", "movement", "morale"),
        ),
        SectionSpec(
            "Specials",
            fields=(
                FieldSpec("intelligence", "Intelligence"),
                FieldSpec("alignment", "Alignment"),
                FieldSpec("special_attacks", "Special attacks"),
                FieldSpec("special_defences", "Special defences"),
                FieldSpec("magic_resistance", "Magic resistance %", "int", minimum=0, maximum=100),
                FieldSpec(
                    "saves",
                    "Saves as printed",
                    "ints",
                    help="PPD/RSW/PP/BW/Sp, or empty to save as a warrior of its HD",
                ),
            ),
            derived=("save_level", *SAVES),
        ),
        SectionSpec("Attacks", table=ATTACKS, wide=True),
        SectionSpec("Notes", fields=(FieldSpec("notes", "Notes", "long_text"),), wide=True),
    ),
    derive=_derive,
    new_sheet=new_monster,
    summary=_monster_summary,
    parse=_parse,
    parse_help="Paste a stat block on one line (AC 5; MV 9; HD 4+1; THAC0 17; #AT 1; Dmg 1d10; "
    "SZ L; ML 11; XP 270) or a Monstrous Manual entry's labelled lines (ARMOR "
    "CLASS: 5, HIT DICE: 4+1 …, one a line). A block with variants (HIT DICE: 8, "
    "12 or 16) offers a choice.",
    stat_block_variants=stat_block_variants,
    printed=PrintSpec(
        combat=CombatBox(
            (
                PrintedStat("ac"),
                PrintedStat("thac0"),
                PrintedStat("hit_dice", ("hit_dice_modifier",)),
                PrintedStat("movement", ("movement_text",)),
                PrintedStat("morale"),
                PrintedStat("magic_resistance"),
            ),
            saves=SAVES,
            attacks="attacks",
            replaces=("movement",),
        )
    ),
)
