"""Monsters & Magic's character and monster sheets as the generic editor renders them.

Everything the sheet shows is described here with the core's kinds (an ability table with
the prime marked, pools, range bands, derived columns, a headline "AC 19 (+7)"); the rules
behind it stay in their modules (:mod:`derive`, :mod:`traits`, :mod:`conditions`).
"""

from __future__ import annotations

from typing import Any, get_args

from pydantic import BaseModel

from m3desk.core.derived import Derived
from m3desk.core.numbers import minus, signed
from m3desk.core.sheet_form import (
    AbilityTable,
    FieldSpec,
    Headline,
    SectionSpec,
    SheetForm,
    TableSpec,
)
from m3desk.core.sheet_print import CombatBox, PrintedStat, PrintSpec
from m3desk.systems.monsters_and_magic.attributes import MAX_SCORE, MIN_SCORE, Attribute
from m3desk.systems.monsters_and_magic.band_text import bands_label, parse_bands
from m3desk.systems.monsters_and_magic.conditions import (
    TIERS,
    Condition,
    ConditionKind,
    Tier,
    tier_cost,
    tier_value,
)
from m3desk.systems.monsters_and_magic.derive import derive, starting_hit_points, with_attribute
from m3desk.systems.monsters_and_magic.duration_text import DURATION_HINT, parse_duration
from m3desk.systems.monsters_and_magic.movement import ArmourWeight, Encumbrance
from m3desk.systems.monsters_and_magic.sheet import (
    ITEM_KINDS,
    MAX_HIT_POINTS,
    CharacterSheet,
    Item,
    MonsterAttack,
    MonsterSheet,
    Spell,
)
from m3desk.systems.monsters_and_magic.size import Size
from m3desk.systems.monsters_and_magic.table_rules import TableRules
from m3desk.systems.monsters_and_magic.traits import Trait, TraitKind, trait_bonus

__all__ = ["CHARACTER_FORM", "MONSTER_FORM", "SHEET_FORMS", "ac_text", "trait_bonus_text"]

CHARACTER_KEYS = (
    "ac",
    "ac.rolled",
    "movement",
    "mov",
    "initiative",
    "initiative.casting",
    "mental_armour",
)
MONSTER_KEYS = ("ac", "ac.rolled", "initiative", "mental_armour")
BONUS_KEYS = ("ac.rolled", "mov", "initiative", "initiative.casting", "mod.", "check.")
ATTACK_KINDS = ("weapon", "social weapon")
"""Kinds of equipment that attack, and so have range bands worth showing."""
TRAIT_HINT = "Select the traits that apply to an action to see its trait bonus."
MAX_DAMAGE_HELP = "Damage die maximum + level; right-click to override"


def ac_text(values: tuple[Derived, ...]) -> str:
    """ "AC 19 (+7)": static AC and the bonus of its rolled form, as the rulebook writes it."""
    ac, rolled = values
    return f"AC {minus(ac.value)} ({signed(rolled.value)})"


def trait_bonus_text(level: int, traits: int) -> str:
    """ "Trait bonus with 2 traits: +2 (level 1, capped at 2)" for the traits selected."""
    if traits <= 0:
        return TRAIT_HINT
    bonus = trait_bonus(level, traits)
    cap = trait_bonus(level, level + 1)  # enough traits to reach the rules' cap
    noun = "trait" if traits == 1 else "traits"
    return f"Trait bonus with {traits} {noun}: {signed(bonus)} (level {level}, capped at {cap})"


def _rules(options: BaseModel | None) -> TableRules:
    return options if isinstance(options, TableRules) else TableRules()


def _set_attribute(attribute: Attribute) -> Any:
    return lambda sheet, score: with_attribute(sheet, attribute.value, score)


def _choices(values: tuple[Any, ...]) -> tuple[str, ...]:
    return tuple(str(getattr(value, "value", value)) for value in values)


_ATTRIBUTES = AbilityTable(
    rows=tuple(
        FieldSpec(
            f"attributes.{a.value}",
            a.value,
            "int",
            minimum=MIN_SCORE,
            maximum=MAX_SCORE,
            help=a.full_name,
            apply=_set_attribute(a),
        )
        for a in Attribute
    ),
    columns=(
        FieldSpec(
            "",
            "Modifier",
            "derived",
            derived="mod.{}",
            help="ATT modifier: (score − 10) ÷ 2, rounded down",
        ),
        FieldSpec(
            "",
            "Check",
            "derived",
            derived="check.{}",
            help="Modifier on checks: the prime attribute's modifier is doubled",
        ),
    ),
    score_help=f"Attribute score, {MIN_SCORE} to {MAX_SCORE}",
    marked="prime",
    mark_word="prime",
    mark_help=": the prime attribute, its modifier doubles on checks",
    note="Right-click a modifier to override it.",
    mark_note="★ prime attribute: its modifier doubles on checks. ",
)

_BANDS = tuple(band for band in parse_bands("Hand–Long"))


def _bands(help_text: str, *, hidden: Any = None) -> FieldSpec:
    return FieldSpec(
        "ranges",
        "Range",
        "bands",
        choices=tuple(b.label for b in _BANDS),
        values=_BANDS,
        help=help_text,
        width="Hand–Close, Short",
        read=lambda text, _old: parse_bands(text),
        show=bands_label,
        hidden=hidden,
    )


def _dice(help_text: str) -> FieldSpec:
    return FieldSpec("damage", "Damage", "dice", help=help_text, width="1d8+1")


def _max_damage(prefix: str) -> FieldSpec:
    return FieldSpec("", "Max damage", "derived", derived=prefix, help=MAX_DAMAGE_HELP)


_TRAITS_COLUMNS = (
    FieldSpec("name", "Name"),
    FieldSpec(
        "kind", "Kind", "choice", choices=_choices(tuple(TraitKind)), values=tuple(TraitKind)
    ),
    FieldSpec(
        "armour",
        "Armour",
        "bool",
        help="Covers the weapons and armour used: the trait bonus counts toward AC",
    ),
    FieldSpec("initiative", "Initiative", "bool", help="Applies to initiative"),
    FieldSpec("helps_with", "Helps with", help="What the trait helps with"),
)


def _traits(min_rows: int) -> TableSpec:
    return TableSpec(
        "traits",
        "Traits",
        _TRAITS_COLUMNS,
        lambda: Trait(name="New trait"),
        noun="trait",
        min_rows=min_rows,
        selection_note=lambda sheet, count: trait_bonus_text(getattr(sheet, "level"), count),  # noqa: B009
        selection_help="The first trait that applies adds your level; each further one adds "
        "+1, up to twice your level.",
    )


_ITEMS = TableSpec(
    "items",
    "Equipment",
    (
        FieldSpec("name", "Name", width="Backpack, rope"),
        FieldSpec("kind", "Kind", "choice", choices=ITEM_KINDS),
        _dice("Damage die added to attack checks with it, like 1d8+1 (empty: none)"),
        _bands(
            "Range bands a weapon attacks from, like Close or Short–Long (Hand … Long)",
            hidden=lambda row: row.kind not in ATTACK_KINDS,
        ),
        FieldSpec(
            "armour_bonus",
            "Armour",
            "int",
            minimum=0,
            maximum=40,
            signed=True,
            help="Armour bonus: added to AC (armour, shield) or mental armour (social armour)",
        ),
        FieldSpec(
            "weight",
            "Weight",
            "choice",
            choices=_choices(tuple(ArmourWeight)),
            values=tuple(ArmourWeight),
            hidden=lambda row: getattr(row, "weight", None) is ArmourWeight.NONE,
            help="Armour weight: medium and heavy armour cap Movement",
        ),
        FieldSpec(
            "signature",
            "Signature",
            "bool",
            help="A signature weapon adds its to-hit bonus to the check",
        ),
        FieldSpec(
            "to_hit",
            "To-hit",
            "int",
            signed=True,
            help="Signature bonus",
            hidden=lambda row: not getattr(row, "signature", False),
        ),
        _max_damage("max_damage.item."),
        FieldSpec("equipped", "Equipped", "bool", help="Worn or wielded: counts for AC"),
        FieldSpec("notes", "Notes"),
    ),
    lambda: Item(name="New item"),
    noun="item",
)

_SPELLS = TableSpec(
    "spells",
    "Spells",
    (
        FieldSpec("name", "Name"),
        FieldSpec("level", "Level", "int", help="Spell level (casting difficulty + level)"),
        _dice("Damage die, like 1d4+1 (empty: none)"),
        _bands("Range bands the spell reaches, like Close–Short (Hand … Long)"),
        FieldSpec("mental", "Mental", "bool", help="Deals mental (MHP) damage"),
        _max_damage("max_damage.spell."),
        FieldSpec(
            "duration_rounds",
            "Duration",
            "int",
            minimum=1,
            maximum=10_000,
            blank="—",
            help="Rounds the spell lasts; empty: it does not last",
        ),
        FieldSpec("notes", "Notes"),
    ),
    lambda: Spell(name="New spell"),
    noun="spell",
    min_rows=1,
)

_RESISTED_BY = tuple(
    str(name) for name in get_args(MonsterAttack.model_fields["resisted_by"].annotation)
)

_ATTACKS = TableSpec(
    "attacks",
    "Attacks and monster actions",
    (
        FieldSpec("name", "Name"),
        FieldSpec(
            "action",
            "Action",
            "bool",
            help="A monster action (e.g. a GM reaction) rather than an attack",
        ),
        FieldSpec("bonus", "Bonus", "int", signed=True, help="Added to the attack check"),
        _dice("Damage die, like 1d8+1 (empty: none)"),
        _bands("Range bands the attack works at, like Close or Close–Reach (Hand … Long)"),
        FieldSpec("resisted_by", "Resisted by", "choice", choices=_RESISTED_BY),
        _max_damage("max_damage.attack."),
        FieldSpec("mental", "Mental", "bool", help="Deals mental (MHP) damage"),
        FieldSpec("description", "Description"),
    ),
    lambda: MonsterAttack(name="New attack"),
    noun="attack",
)


def _condition_rule(before: BaseModel, after: BaseModel, options: BaseModel | None) -> BaseModel:
    """A new tier or kind takes the tier's standard value (the rules say how much)."""
    assert isinstance(before, Condition) and isinstance(after, Condition)
    if after.tier == before.tier and after.kind == before.kind:
        return after
    made = Condition.make(
        after.name,
        ConditionKind(after.kind),
        Tier(after.tier),
        rules=_rules(options),
        source=after.source,
        scope=after.scope,
        duration=after.duration,
    )
    return made.model_copy(update={"id": before.id})


def _tier_labels(_spec: FieldSpec, options: BaseModel | None) -> tuple[str, ...]:
    rules = _rules(options)
    return tuple(
        f"{tier.value}: {tier_cost(tier, rules)} EP, ±{tier_value(tier, rules)}" for tier in TIERS
    )


_CONDITIONS = TableSpec(
    "conditions",
    "Effects and consequences",
    (
        FieldSpec("name", "Name"),
        FieldSpec(
            "kind",
            "Effect / consequence",
            "choice",
            choices=_choices(tuple(ConditionKind)),
            values=tuple(ConditionKind),
            help="An effect is a bonus; a consequence is a penalty",
        ),
        FieldSpec(
            "tier",
            "Tier",
            "choice",
            choices=_choices(TIERS),
            values=TIERS,
            help="Changing the tier or kind resets the value to the tier's standard one",
        ),
        FieldSpec("value", "Value", "int", signed=True, help="Bonus (+) or penalty (−)"),
        FieldSpec("source", "Source", help="Who or what caused it"),
        FieldSpec(
            "duration",
            "Duration",
            help=DURATION_HINT.capitalize(),
            read=parse_duration,
            show=lambda duration: str(duration.describe()),
        ),
        FieldSpec("scope", "Applies to", help="Which checks it changes; empty: all"),
    ),
    lambda: Condition.make("New consequence", ConditionKind.CONSEQUENCE, Tier.MINOR),
    noun="effect or consequence",
    min_rows=1,
    new_row_under=lambda options: Condition.make(
        "New consequence", ConditionKind.CONSEQUENCE, Tier.MINOR, rules=_rules(options)
    ),
    row_rule=_condition_rule,
    choice_labels=lambda spec, options: _tier_labels(spec, options) if spec.path == "tier" else (),
)

_AC = Headline(("ac", "ac.rolled"), ac_text)


def _pools(*, hero_points: bool) -> SectionSpec:
    fields: tuple[FieldSpec, ...] = (
        FieldSpec(
            "php",
            "PHP",
            "pool",
            minimum=-MAX_HIT_POINTS,
            maximum=MAX_HIT_POINTS,
            help="Physical hit points",
        ),
        FieldSpec(
            "mhp",
            "MHP",
            "pool",
            minimum=-MAX_HIT_POINTS,
            maximum=MAX_HIT_POINTS,
            help="Mental hit points",
        ),
    )
    if hero_points:
        fields += (
            FieldSpec(
                "hero_points",
                "Hero points",
                "int",
                minimum=0,
                maximum=99,
                help="Spend to bump effect points, or to take damage instead of a consequence",
            ),
        )
    return SectionSpec("Hit points", fields)


_PRIMES = (*Attribute, None)
_SIZE = FieldSpec(
    "size",
    "Size",
    "choice",
    choices=tuple(f"{size.value} ({size.label})" for size in Size),
    values=tuple(Size),
    help="Size changes defence and effect points by 2 per step",
)

_CHARACTER_SECTIONS = (
    SectionSpec(
        "Character",
        (
            FieldSpec("name", "Name"),
            FieldSpec("race", "Race", placeholder="human, elf…"),
            FieldSpec("char_class", "Class", placeholder="fighter, cleric…"),
            FieldSpec(
                "prime",
                "Prime",
                "choice",
                choices=(*(f"{a.value} ({a.full_name})" for a in Attribute), "none"),
                values=_PRIMES,
                help="The class's prime attribute: its modifier doubles on checks",
            ),
            FieldSpec("level", "Level", "int", minimum=1, maximum=30),
            FieldSpec("alignment", "Alignment", placeholder="e.g. Lawful"),
            FieldSpec("alignment_focus", "Focus", help="What or whom the alignment serves"),
            FieldSpec(
                "alignment_focus_points",
                "Focus points",
                "int",
                minimum=0,
                maximum=9999,
                help="Alignment focus points",
            ),
            FieldSpec("experience", "Experience", "int", minimum=0, maximum=10_000_000),
        ),
        picture=FieldSpec("portrait_png", "Portrait", "picture"),
    ),
    SectionSpec("Attributes", abilities=_ATTRIBUTES),
    SectionSpec(
        "Defence and movement",
        (
            FieldSpec(
                "movement_base",
                "Base movement",
                "int",
                minimum=1,
                maximum=30,
                blank="by race",
                help="Movement before encumbrance and armour; 'by race' looks it up",
            ),
            FieldSpec(
                "encumbrance",
                "Encumbrance",
                "choice",
                choices=_choices(tuple(Encumbrance)),
                values=tuple(Encumbrance),
                help="Encumbrance caps Movement, as medium and heavy armour do",
            ),
        ),
        derived=CHARACTER_KEYS,
        headline=_AC,
    ),
    _pools(hero_points=True),
    SectionSpec("Traits", table=_traits(2), wide=True),
    SectionSpec("Equipment", table=_ITEMS, wide=True),
    SectionSpec("Spells", table=_SPELLS, wide=True),
    SectionSpec("Effects and consequences", table=_CONDITIONS, wide=True),
    SectionSpec("Notes", (FieldSpec("notes", "Notes", "long_text"),), wide=True, stretch=True),
)


def _written_ac(sheet: BaseModel) -> str:
    return (
        "Worked out from DEX and the armour bonus"
        if getattr(sheet, "armour_bonus", None) is not None
        else ""
    )


_MONSTER_SECTIONS = (
    SectionSpec(
        "Monster",
        (
            FieldSpec("name", "Name"),
            FieldSpec("level", "Level", "int", minimum=1, maximum=30),
            _SIZE,
        ),
    ),
    SectionSpec(
        "Defence",
        (
            FieldSpec(
                "armour_class",
                "AC",
                "int",
                minimum=0,
                maximum=99,
                help="Static AC from the stat block",
                locked=_written_ac,
            ),
            FieldSpec(
                "rolled_defence",
                "Rolled defence",
                "int",
                minimum=-20,
                maximum=99,
                prefix="3d6 + ",
                help="The rolled form of the AC: 'AC 17 (+7)' rolls 3d6+7",
                locked=_written_ac,
            ),
            FieldSpec(
                "armour_bonus",
                "Armour bonus",
                "int",
                minimum=0,
                maximum=40,
                blank="none (AC as written)",
                prefix="+",
                help="The armour bonus its AC is built from, like the orc's +1: AC = DEX + "
                "armour bonus (+ level with an armour trait), rolled defence = DEX "
                "modifier + the same. None: the AC and rolled defence as written above.",
            ),
            FieldSpec(
                "mental_armour",
                "Mental armour",
                "int",
                minimum=0,
                maximum=40,
                prefix="+",
                help="Armour bonus to mental resistance (a cosseted social class, a glamour)",
            ),
        ),
        derived=MONSTER_KEYS,
        headline=_AC,
        tall=True,
    ),
    _pools(hero_points=False),
    SectionSpec("Attributes", abilities=_ATTRIBUTES),
    SectionSpec("Traits", table=_traits(1)),
    SectionSpec("Attacks and monster actions", table=_ATTACKS, wide=True),
    SectionSpec("Effects and consequences", table=_CONDITIONS, wide=True),
    SectionSpec(
        "Description", (FieldSpec("description", "Description", "long_text"),), stretch=True
    ),
    SectionSpec("Notes", (FieldSpec("notes", "Notes", "long_text"),), stretch=True),
)


def _derive(sheet: BaseModel, options: BaseModel | None) -> dict[str, Derived]:
    assert isinstance(sheet, CharacterSheet | MonsterSheet)
    return derive(sheet, _rules(options))


def _new_character(name: str, options: BaseModel | None) -> CharacterSheet:
    sheet = CharacterSheet(name=name)
    php, mhp = starting_hit_points(sheet.attributes, _rules(options))
    return sheet.model_copy(update={"php": php, "mhp": mhp})


def _character_summary(sheet: BaseModel) -> str:
    assert isinstance(sheet, CharacterSheet)
    who = " ".join(part for part in (sheet.race, sheet.char_class) if part)
    return f"{who[:1].upper()}{who[1:]}, level {sheet.level}".lstrip(", ")


def _monster_summary(sheet: BaseModel) -> str:
    assert isinstance(sheet, MonsterSheet)
    return f"Level {sheet.level} {sheet.size.label} monster"


_AC_STAT = PrintedStat("ac", together=("ac.rolled",), note="rolled defence in brackets")


def _printed(*, character: bool) -> PrintSpec:
    """The printed page: AC as the book writes it, movement with what caps it, initiative
    and mental armour beside the pools with pencil boxes (and a character's hero points as
    ticks); each row's maximum damage; equipment worn or in hand ticked in a column."""
    stats = (
        (
            _AC_STAT,
            PrintedStat("movement", beside=("mov",), why=True),
            PrintedStat("initiative", beside=("initiative.casting",)),
            PrintedStat("mental_armour", signed=True),
        )
        if character
        else (
            # the armour bonus a monster's AC is built from, beside it: the Defence section
            # has nothing left to print in a box of its own
            _AC_STAT._replace(beside=("armour_bonus",)),
            PrintedStat("initiative"),
            PrintedStat("mental_armour", signed=True),
        )
    )
    return PrintSpec(
        combat=CombatBox(
            stats,
            hit_points=("php", "mhp"),
            tally="hero_points" if character else "",
            title="Defence and movement" if character else "Defence and initiative",
            attacks="items" if character else "attacks",
            replaces=("armour_class", "rolled_defence"),
        ),
        header=(_SIZE,) if character else (),
        tick_columns=("items.equipped",),
        joined=("items.weight", "items.signature>name", "items.to_hit>name", "spells.mental"),
        unused=lambda sheet: frozenset() if getattr(sheet, "spells", ()) else frozenset({"Spells"}),
    )


CHARACTER_FORM = SheetForm(
    sections=_CHARACTER_SECTIONS,
    derive=_derive,
    new_sheet=_new_character,
    summary=_character_summary,
    bonus_keys=BONUS_KEYS,
    column_stretch=(3, 2),
    printed=_printed(character=True),
)
MONSTER_FORM = SheetForm(
    sections=_MONSTER_SECTIONS,
    derive=_derive,
    new_sheet=lambda name, _options: MonsterSheet(name=name),
    summary=_monster_summary,
    bonus_keys=BONUS_KEYS,
    column_stretch=(0, 0),
    printed=_printed(character=False),
)
SHEET_FORMS = {"character": CHARACTER_FORM, "monster": MONSTER_FORM}
