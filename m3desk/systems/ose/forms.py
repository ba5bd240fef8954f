"""How the generic sheet editor and printer show OSE characters and monster stat blocks.

Fields are paths into :mod:`m3desk.systems.ose.sheet`'s models; derived keys are
:func:`m3desk.systems.ose.derive.derive`'s, shown with their explanation and overridable by
the referee. A new sheet starts from the rules (hit points from the class die), never 0/0.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, cast

from pydantic import BaseModel

from m3desk.core.derived import Derived
from m3desk.core.dice import DiceExpr
from m3desk.core.numbers import pool_text
from m3desk.core.routines import MAX_ROUTINES, Damage, DamageError
from m3desk.core.sheet_form import FieldSpec, RowPreset, SectionSpec, SheetForm, TableSpec
from m3desk.core.sheet_print import CombatBox, PrintedColumn, PrintedStat, PrintSpec
from m3desk.core.spell_range import TOUCH, range_column
from m3desk.systems.ose.checks import sheet_warnings
from m3desk.systems.ose.derive import derive, hit_dice_text, weapon_damage
from m3desk.systems.ose.level_step import level_step
from m3desk.systems.ose.option_rules import first_hit_die_rule
from m3desk.systems.ose.options import OseOptions
from m3desk.systems.ose.sheet import (
    SPELL_RANGE_MAX,
    CharacterSheet,
    Item,
    MonsterAttack,
    MonsterSheet,
    Spell,
    Weapon,
)
from m3desk.systems.ose.statblock import parse_stat_block, stat_block_variants, with_attack_line
from m3desk.systems.ose.tables import (
    ARMOUR_AC,
    CLASS_HIT_DIE,
    THIEF_SKILLS,
    WEAPONS,
    OseClass,
    Save,
    standard_modifier,
)

__all__ = [
    "CHARACTER_FORM",
    "MONSTER_FORM",
    "SHEET_FORMS",
    "new_character",
    "new_monster",
    "starting_hit_points",
    "summary",
    "weapon",
]

ABILITIES = ("STR", "INT", "WIS", "DEX", "CON", "CHA")
SAVES = tuple(f"save.{save.value}" for save in Save)


def starting_hit_points(cls: OseClass, con: int, options: OseOptions | None = None) -> int:
    """First-level hit points until the real roll is typed: the class die's average (rounded
    up) or its maximum, as the table rule says, plus CON; at least 1. Where a first-level 1
    or 2 is rolled again, the die reads 3 to its maximum, so its average rises (d8: 5 → 6)."""
    options = options or OseOptions()
    die = CLASS_HIT_DIE[cls]
    first = first_hit_die_rule(options)
    rolled = die if options.starting_hit_points == "maximum" else first.average(die)
    return max(1, rolled + standard_modifier(con))


def weapon(name: str) -> Weapon:
    """A weapon of the equipment list by name ("sword", "short bow"), with its table damage,
    qualities and ranges."""
    spec = WEAPONS[name]
    return Weapon(
        name=spec.name,
        damage=DiceExpr.parse(spec.damage),
        melee=spec.melee,
        missile=spec.missile,
        two_handed=spec.two_handed,
        slow=spec.slow,
        brace=spec.brace,
        ranges=spec.ranges,
    )


def _weapon_note(name: str) -> str:
    """ "1d4, melee or thrown 10/20/30'" for the list's dagger."""
    spec = WEAPONS[name]
    kind = (
        "melee or thrown" if spec.melee and spec.missile else "missile" if spec.missile else "melee"
    )
    qualities = [
        q
        for q, on in (("two-handed", spec.two_handed), ("slow", spec.slow), ("brace", spec.brace))
        if on
    ]
    ranges = " " + "/".join(map(str, spec.ranges)) + "'" if spec.ranges else ""
    return ", ".join([spec.damage, kind + ranges, *qualities])


WEAPON_PRESETS = tuple(RowPreset(name, weapon(name), _weapon_note(name)) for name in WEAPONS)
"""The equipment list's weapons, offered by name in a sheet's weapons table."""


def new_character(name: str, options: BaseModel | None = None) -> CharacterSheet:
    sheet = CharacterSheet(name=name.strip()[:80] or "New character")
    hp = starting_hit_points(
        sheet.char_class, sheet.abilities.CON, cast(OseOptions | None, options)
    )
    return sheet.model_copy(
        update={"hit_points": hp, "max_hit_points": hp, "weapons": (weapon("sword"),)}
    )


def new_monster(name: str, _options: BaseModel | None = None) -> MonsterSheet:
    """One Hit Die, its average hit points (4), one weapon attack for 1d6, saves by HD."""
    sheet = MonsterSheet(
        name=name.strip()[:80] or "New monster", attacks=(MonsterAttack(name="weapon"),)
    )
    average = derive(sheet)["hp.average"].value
    return sheet.model_copy(update={"hit_points": average, "max_hit_points": average})


def summary(sheet: BaseModel) -> str:
    """ "Fighter 1, AC 4 [15], HP 8/8" or "HD 1-1, AC 6 [13], HP 3/3, ML 7"."""
    typed = cast(CharacterSheet | MonsterSheet, sheet)
    values = derive(typed)
    ac = values["ac"].value
    hp = f"HP {pool_text(typed.hit_points, typed.max_hit_points)}"
    if isinstance(typed, CharacterSheet):
        return f"{typed.char_class.value.title()} {typed.level}, AC {ac} [{19 - ac}], {hp}"
    return f"HD {hit_dice_text(typed)}, AC {ac} [{19 - ac}], {hp}, ML {values['morale'].value}"


CASTERS = frozenset({OseClass.CLERIC, OseClass.ELF, OseClass.MAGIC_USER})


def _unused(sheet: BaseModel) -> frozenset[str]:
    """What the class has no use for, on screen and on paper: a class that casts no spells
    has no spell list (unless spells were typed), and only thieves have thief skills."""
    typed = cast(CharacterSheet, sheet)
    unused = set()
    if typed.char_class not in CASTERS and not typed.spells:
        unused.add("Spells")
    if typed.char_class != OseClass.THIEF:
        unused.add("Thief skills")
    return frozenset(unused)


def _derive(sheet: BaseModel, options: BaseModel | None) -> dict[str, Derived]:
    return derive(cast(CharacterSheet | MonsterSheet, sheet), cast(OseOptions | None, options))


def _rolled_damage(row: BaseModel, options: BaseModel | None) -> str:
    """The die the weapon rolls at this table where it is not the weapon's own (1d6 for a
    dagger by default): the encounter's own rule, :func:`weapon_damage`."""
    weapon = cast(Weapon, row)
    rolled = weapon_damage(weapon, cast(OseOptions | None, options))
    return "" if rolled == weapon.damage else str(rolled)


WEAPON_TABLE = TableSpec(
    "weapons",
    "Weapons",
    (
        FieldSpec("name", "Weapon", width="two-handed sword"),
        FieldSpec(
            "damage",
            "Damage",
            "dice",
            width="1d10+1",
            help="The weapon's own die; it counts only where the table uses weapon damage "
            "(otherwise every weapon deals 1d6).",
            ruled=_rolled_damage,
        ),
        FieldSpec("melee", "Melee", "bool"),
        FieldSpec("missile", "Missile", "bool"),
        FieldSpec("two_handed", "Two-handed", "bool", help="No shield with it."),
        FieldSpec(
            "slow", "Slow", "bool", help="Acts last in the round, as if its side lost initiative."
        ),
        FieldSpec("brace", "Brace", "bool", help="Set against a charge: double damage."),
        FieldSpec(
            "ranges",
            "Ranges (ft)",
            "ints",
            width="160/320/480",
            help="The last foot of short (+1), medium and long (−1) range.",
        ),
        FieldSpec("magic", "Magic +", "int", minimum=0, maximum=5),
    ),
    lambda: Weapon(name="weapon"),
    help="The weapon listed first is the one in hand: a slow "
    "one makes its wielder act last. Type a weapon of the "
    "equipment list to fill its numbers.",
    presets=WEAPON_PRESETS,
)

EQUIPMENT_TABLE = TableSpec(
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
        FieldSpec(
            "weight",
            "Weight (cn)",
            "int",
            minimum=0,
            maximum=100_000,
            blank="—",
            width="1000",
            help="One piece's weight in coins (10 coins weigh a pound), "
            "for the detailed encumbrance; — when not written.",
        ),
        FieldSpec("name", "Item", width="Rations (iron, 7 days)"),
    ),
    lambda: Item(name="item"),
    noun="item",
    help="Adventuring gear carried, one row an item (weapons and armour have their own places).",
)

COIN_FIELDS = tuple(
    FieldSpec(f"coins.{coin}", label, "int", minimum=0, maximum=10_000_000, help=word)
    for coin, label, word in (
        ("pp", "Platinum (pp)", "1 pp = 5 gp"),
        ("gp", "Gold (gp)", "1 gp = 10 sp"),
        ("ep", "Electrum (ep)", "1 ep = 5 sp"),
        ("sp", "Silver (sp)", "1 sp = 10 cp"),
        ("cp", "Copper (cp)", ""),
    )
)

SPELL_LIST = "ose_srd_spells.json"
"""The SRD's spells by name, level, class and range (``tools/build_ose_spells.py``)."""


def _spell_note(entry: Mapping[str, Any]) -> str:
    """ "magic-user 1, 240'", "cleric 1, magic-user 1, touch/self" or, for a range that grows
    with the caster, "magic-user 2, 60' + 10' a level (type it)"."""
    classes = ", ".join(f"{cls} {entry['level']}" for cls in entry["classes"])
    reach = entry.get("range")
    if reach is None:
        base = f"{entry['base']}' + " if entry.get("base") else ""
        where = f"{base}{entry['per_level']}' a level (type it)"
    else:
        where = TOUCH if reach == 0 else f"{reach}'"
    return f"{classes}, {where}"


def spell_presets(data: Mapping[str, Any]) -> tuple[RowPreset, ...]:
    """The SRD's spells as rows to fill a spell from by name. A name on both lists at other
    levels or ranges ("Hold Person": cleric 2, 180'; magic-user 3, 120') is offered once per
    list, as "Hold Person (cleric)"; either fills the name "Hold Person"."""
    entries = list(data["spells"])
    counts = Counter(str(entry["name"]).casefold() for entry in entries)
    presets = []
    for entry in entries:
        name = str(entry["name"])
        fields: dict[str, Any] = {"name": name, "level": int(entry["level"])}
        if entry.get("range") is not None:
            fields["range"] = int(entry["range"])
        listed = name if counts[name.casefold()] == 1 else f"{name} ({'/'.join(entry['classes'])})"
        presets.append(RowPreset(listed, Spell(**fields), _spell_note(entry)))
    return tuple(presets)


SPELL_TABLE = TableSpec(
    "spells",
    "Spells memorised",
    (
        FieldSpec("name", "Spell", width="Protection from evil"),
        FieldSpec("level", "Level", "int", minimum=1, maximum=6),
        range_column("ft", SPELL_RANGE_MAX, "120"),
        FieldSpec("cast", "Cast", "bool", help="Used (or lost) since it was memorised."),
    ),
    lambda: Spell(name="spell"),
    help="Type or pick a spell of the SRD to fill its level and "
    "range (elves cast from the magic-user list).",
    preset_file=SPELL_LIST,
    presets_from=spell_presets,
)

CHARACTER_FORM = SheetForm(
    bonus_keys=("attack_bonus", "melee.", "missile.", "reaction", "xp.prime", "initiative", "mod."),
    sections=(
        SectionSpec(
            "Character",
            (
                FieldSpec("name", "Name"),
                FieldSpec("char_class", "Class", "choice", tuple(c.value for c in OseClass)),
                FieldSpec("level", "Level", "int", minimum=1, maximum=14),
                FieldSpec("experience", "XP", "int", minimum=0, maximum=10_000_000),
                FieldSpec("alignment", "Alignment"),
                FieldSpec(
                    "languages",
                    "Languages",
                    "list",
                    placeholder="Common, Lawful…",
                    help="The languages spoken, comma-separated: Common, the alignment "
                    "language, the race's own and the extra ones INT gives.",
                ),
            ),
            derived=("xp.next", "xp.prime"),
        ),
        SectionSpec(
            "Abilities",
            tuple(
                FieldSpec(
                    f"abilities.{name}", name, "int", minimum=3, maximum=18, derived=f"mod.{name}"
                )
                for name in ABILITIES
            ),
            derived=("initiative", "open_doors", "reaction", "retainers", "loyalty", "languages"),
        ),
        SectionSpec(
            "Hit points",
            (
                FieldSpec("hit_points", "Hit points", "int", minimum=-99, maximum=999),
                FieldSpec(
                    "max_hit_points",
                    "Maximum",
                    "int",
                    minimum=1,
                    maximum=999,
                    help="Class die per level to 9th, plus CON (at least 1 a level).",
                ),
            ),
        ),
        SectionSpec(
            "Armour",
            (
                FieldSpec("armour", "Armour", "choice", tuple(ARMOUR_AC)),
                FieldSpec("shield", "Shield", "bool"),
                FieldSpec("magic_armour", "Magic armour +", "int", minimum=0, maximum=5),
            ),
            derived=("ac", "aac", "ac.larger_foes"),
        ),
        SectionSpec(
            "Attacks", derived=("thac0", "attack_bonus", "melee.hit", "melee.damage", "missile.hit")
        ),
        SectionSpec("Saving throws", derived=SAVES),
        SectionSpec(
            "Movement",
            (
                FieldSpec(
                    "carrying_treasure",
                    "Carrying treasure",
                    "bool",
                    help="Basic encumbrance: significant treasure slows by one step.",
                ),
                FieldSpec(
                    "load_coins",
                    "Load (coins)",
                    "int",
                    minimum=0,
                    maximum=100_000,
                    help="Detailed encumbrance: armour, weapons and treasure in coins "
                    "(10 coins = 1 lb; gear counts 80).",
                ),
            ),
            derived=("movement", "movement.encounter", "movement.overland"),
        ),
        SectionSpec(
            "Money and treasure",
            (
                *COIN_FIELDS,
                FieldSpec(
                    "treasure",
                    "Other treasure",
                    placeholder="gems, jewellery…",
                    help="Gems, jewellery and other valuables carried.",
                ),
            ),
        ),
        SectionSpec("Weapons", table=WEAPON_TABLE, wide=True),
        SectionSpec("Equipment", table=EQUIPMENT_TABLE, wide=True),
        SectionSpec("Spells", table=SPELL_TABLE, wide=True),
        SectionSpec("Thief skills", derived=tuple(f"thief.{key}" for key, _n in THIEF_SKILLS)),
        SectionSpec("Notes", (FieldSpec("notes", "Notes", "long_text"),), wide=True),
    ),
    derive=_derive,
    new_sheet=new_character,
    summary=summary,
    level_step=level_step,
    printed=PrintSpec(
        combat=CombatBox(
            (
                PrintedStat("ac", ("aac",)),
                PrintedStat("thac0", ("attack_bonus",)),
                PrintedStat("melee.hit", ("melee.damage",)),
                PrintedStat("missile.hit"),
                PrintedStat(
                    "movement",
                    ("movement.encounter",),
                    note="feet a turn exploring; encounter: a round",
                ),
                PrintedStat("initiative"),
            ),
            saves=SAVES,
            attacks="weapons",
        ),
        columns=(
            PrintedColumn("weapons", "To hit", "weapon.{index}.hit", encounter=True),
            PrintedColumn("weapons", "Thrown", "weapon.{index}.thrown", encounter=True),
            PrintedColumn("weapons", "Dmg +", "weapon.{index}.damage"),
        ),
        as_text=("Money and treasure", "Equipment"),
        as_text_title="Gear and money",
        unused=_unused,
    ),
)


def _read_damage(text: str, _old: object) -> Damage | None:
    """Damage as the book prints it ("1d6 × 10", "3d10 + 1d10"); empty: none."""
    text = text.strip()
    if not text or text in ("—", "-"):
        return None
    try:
        return Damage.parse(text)
    except DamageError as error:
        raise ValueError(str(error)) from None


def _show_damage(value: object) -> str:
    return "" if value is None else str(value)


ATTACK_TABLE = TableSpec(
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
            help="Attacks with the same number happen together; the monster uses one "
            "routine a round (“2 × claw, 1 × bite” is 1, “or breath” is 2).",
        ),
        FieldSpec("count", "×", "int", minimum=1, maximum=20, width="20"),
        FieldSpec("name", "Attack", width="weapon"),
        FieldSpec(
            "damage",
            "Damage",
            "dice",
            read=_read_damage,
            show=_show_damage,
            width="3d10 + 1d10",
            help="As printed: 1d8+1, 1d6 × 10, 3d10 + 1d10; empty when it deals none (a "
            "gaze, a paralysing touch).",
        ),
        FieldSpec(
            "uses",
            "Per day",
            "int",
            minimum=0,
            maximum=20,
            width="Per day",
            help="Uses a day: 0, every round; a breath weapon's 3.",
        ),
        FieldSpec(
            "effect",
            "Effect",
            width="petrification",
            help="What a hit causes: paralysis, petrification, charm, poison or energy "
            "drain have a save and a condition; other words are shown as written.",
        ),
    ),
    lambda: MonsterAttack(name="weapon"),
    help="Attacks as the stat block prints them, one "
    "routine a round (“2 × claw (1d3), 1 × bite "
    "(1d6) or breath”).",
)

MONSTER_FORM = SheetForm(
    warnings=sheet_warnings,
    bonus_keys=("attack_bonus", "initiative"),
    sections=(
        SectionSpec(
            "Monster",
            (
                FieldSpec("name", "Name"),
                FieldSpec("alignment", "AL"),
                FieldSpec("xp", "XP", "int", minimum=0, maximum=1_000_000),
                FieldSpec("number_appearing", "NA"),
                FieldSpec("treasure", "TT"),
            ),
        ),
        SectionSpec(
            "Hit Dice",
            (
                FieldSpec("hit_dice", "HD", "int", minimum=0, maximum=40, help="0 for ½ HD (1d4)."),
                FieldSpec("hit_dice_modifier", "HD +/−", "int", minimum=-10, maximum=40),
                FieldSpec("hit_dice_asterisks", "Specials (*)", "int", minimum=0, maximum=6),
                FieldSpec("hit_points", "Hit points", "int", minimum=-99, maximum=999),
                FieldSpec("max_hit_points", "Maximum", "int", minimum=1, maximum=999),
                FieldSpec(
                    "hit_point_dice",
                    "Hit-point dice",
                    "dice",
                    placeholder="from HD",
                    help="Only where the book fixes other dice than the Hit Dice's d8s: "
                    "a bodyguard's 3d6, +1 for a creature of 1 hit point.",
                ),
            ),
            derived=("hp.average",),
        ),
        SectionSpec(
            "Armour and attack",
            (
                FieldSpec("armour_class", "AC", "int", minimum=-10, maximum=19),
                FieldSpec(
                    "normal_human",
                    "Normal human",
                    "bool",
                    help="Attacks on the normal-human row: THAC0 20 [−1].",
                ),
                FieldSpec(
                    "larger_than_human",
                    "Larger than human",
                    "bool",
                    help="Halflings get AC 2 better against its attacks.",
                ),
            ),
            derived=("ac", "aac", "thac0", "attack_bonus"),
        ),
        SectionSpec("Attacks", table=ATTACK_TABLE, wide=True),
        SectionSpec(
            "Saving throws",
            (
                FieldSpec(
                    "saves_as",
                    "Saves as",
                    width="MU12",
                    help="NH, a Hit Dice row (2), or a class and level (F3, D1, MU5); "
                    "the printed saves win.",
                ),
            ),
            derived=SAVES,
        ),
        SectionSpec(
            "Movement and morale",
            (
                FieldSpec("movement", "MV (ft)", "int", minimum=0, maximum=480),
                FieldSpec("movement_other", "Other movement"),
                FieldSpec("morale", "ML", "int", minimum=2, maximum=12),
                FieldSpec(
                    "initiative_modifier",
                    "Initiative +/−",
                    "int",
                    minimum=-3,
                    maximum=3,
                    help="The referee's fast/slow modifier for individual initiative.",
                ),
            ),
            derived=("movement", "movement.encounter", "morale", "initiative"),
        ),
        SectionSpec("Notes", (FieldSpec("notes", "Notes", "long_text"),), wide=True),
    ),
    derive=_derive,
    new_sheet=new_monster,
    summary=summary,
    parse=lambda text, name, variant=0: cast(
        tuple[BaseModel, list[str]], parse_stat_block(text, name, variant)
    ),
    parse_help="Paste a stat block as a module prints it on one line (AC 6 [13], HD 1-1 "
    "(3hp), Att 1 × weapon (1d6), THAC0 19 [0], MV 60' (20'), SV D14 W15 P16 B17 "
    "S18 (NH), ML 7, AL Chaotic, XP 5) or as the SRD's rows (Armour Class 6 [13], "
    "Hit Dice 1-1 (3hp) …, one a line). A block with variants (HD 8 / 12 / 16) "
    "offers a choice.",
    stat_block_variants=stat_block_variants,
    read_attacks=lambda sheet, line: cast(
        tuple[BaseModel, list[str]], with_attack_line(cast(MonsterSheet, sheet), line)
    ),
    printed=PrintSpec(
        combat=CombatBox(
            (
                PrintedStat("ac", ("aac",)),
                PrintedStat("thac0", ("attack_bonus",)),
                PrintedStat("movement", ("movement.encounter",)),
                PrintedStat("morale"),
                PrintedStat("initiative"),
            ),
            saves=SAVES,
            attacks="attacks",
            replaces=("armour_class", "movement", "morale"),
        )
    ),
)

SHEET_FORMS = {"character": CHARACTER_FORM, "monster": MONSTER_FORM}
