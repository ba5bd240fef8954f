"""AD&D 2e characters and monster stat blocks as frozen pydantic models.

A sheet holds what the player or the module writes down; every derived value (THAC0, saves,
AC, movement, ability adjustments) comes from :mod:`m3desk.systems.adnd2e.derive`, and the
DM's overrides are kept by key in ``overrides``. Bounds are strict: files can be hostile.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Any, Literal, get_args

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, PlainSerializer

from m3desk.core.bounds import MAX_NOTES, OverrideKey, OverrideValue, SaveTarget
from m3desk.core.dice import Dice, DiceExpr
from m3desk.core.routines import MAX_ROUTINES
from m3desk.systems.adnd2e.tables import ARMOUR_AC, CLASS_GROUP, RACE_MOVEMENT, SIZES

__all__ = [
    "Abilities",
    "CharacterSheet",
    "Coins",
    "Item",
    "MonsterAttack",
    "MonsterSheet",
    "RateOfFire",
    "Spell",
    "Weapon",
    "character_v1_to_v2",
    "character_v2_to_v3",
    "encounter_v2_to_v3",
    "monster_v2_to_v3",
    "parse_rate",
]

Name = Annotated[str, Field(min_length=1, max_length=80)]
ShortText = Annotated[str, Field(max_length=200)]
LongText = Annotated[str, Field(max_length=MAX_NOTES)]
RangeFeet = Annotated[int, Field(ge=0, le=10_000)]
"""A missile range band's end in tens of feet or yards as printed."""
Score = Annotated[int, Field(ge=3, le=25)]

Race = Literal["human", "elf", "half-elf", "dwarf", "gnome", "halfling"]
CharClass = Literal[
    "fighter", "paladin", "ranger", "cleric", "druid", "thief", "bard", "mage", "illusionist"
]
Armour = Literal[
    "none",
    "padded",
    "leather",
    "studded leather",
    "ring mail",
    "brigandine",
    "scale mail",
    "hide",
    "chain mail",
    "splint mail",
    "banded mail",
    "bronze plate",
    "plate mail",
    "field plate",
    "full plate",
]
Size = Literal["T", "S", "M", "L", "H", "G"]
assert set(get_args(Race)) == set(RACE_MOVEMENT)
assert set(get_args(CharClass)) == set(CLASS_GROUP)
assert set(get_args(Armour)) == set(ARMOUR_AC)
assert get_args(Size) == SIZES


def parse_rate(value: Any) -> Fraction:
    """A rate of fire as written: "2", "1/2", "3/2" (at most 10 a round, at least 1/10)."""
    if isinstance(value, Fraction):
        rate = value
    elif isinstance(value, int) and not isinstance(value, bool):
        rate = Fraction(value)
    elif isinstance(value, str) and len(value) <= 12:
        try:
            rate = Fraction(value.strip().replace(" ", ""))
        except (ValueError, ZeroDivisionError):
            raise ValueError(
                f"a rate of fire is written like 2, 1/2 or 3/2, not {value!r}"
            ) from None
    else:
        raise ValueError("a rate of fire is written like 2, 1/2 or 3/2")
    if not Fraction(1, 10) <= rate <= 10 or rate.denominator > 10:
        raise ValueError("a rate of fire is between 1/10 and 10 a round")
    return rate


def _rate_text(rate: Fraction) -> str:
    return str(rate)


RateOfFire = Annotated[
    Fraction, BeforeValidator(parse_rate), PlainSerializer(_rate_text, return_type=str)
]
"""A pydantic field type: "1/2" in files, a :class:`Fraction` in memory."""


class Abilities(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    STR: Score = 10
    STR_exceptional: int = Field(0, ge=0, le=100)
    """The percentage of an 18/xx (100 = 18/00; 0 = none); warriors only."""
    DEX: Score = 10
    CON: Score = 10
    INT: Score = 10
    WIS: Score = 10
    CHA: Score = 10


class Weapon(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    name: Name
    speed: int = Field(5, ge=0, le=20)
    damage_sm: Dice = DiceExpr.parse("1d6")
    damage_l: Dice = DiceExpr.parse("1d6")
    magic: int = Field(0, ge=-5, le=6)
    melee: bool = True
    missile: bool = False
    thrown: bool = False
    """A thrown weapon adds STR to hit and damage; a bow or crossbow does not."""
    rate_of_fire: RateOfFire = Fraction(1)
    ranges: tuple[RangeFeet, RangeFeet, RangeFeet] | None = None
    """Short, medium, long range in tens (of yards outdoors, of feet indoors)."""
    set_vs_charge: bool = False
    double_on_charge: bool = False
    proficient: bool = True
    specialised: bool = False


SPELL_RANGE_MAX = 5000
"""The longest spell range a sheet takes, in feet."""


class Spell(BaseModel):
    """A spell memorised; ``cast`` once it has gone off (or been lost) today."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    name: Name
    range: int | None = Field(None, ge=0, le=SPELL_RANGE_MAX)
    """In feet, as the map measures (the book's yards ×3); 0 for touch or the caster alone;
    None when not known."""
    cast: bool = False


def _bare_names_as_rows(value: Any) -> Any:
    """A list of bare spell names (files before ranges) as spells; anything else as it is,
    for the model to check."""
    if isinstance(value, list | tuple):
        return tuple(Spell(name=item) if isinstance(item, str) else item for item in value)
    return value


def character_v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    """A character file of format 1 (spells as bare names) as format 2 (spells as rows)."""
    upgraded = dict(data)
    spells = upgraded.get("spells")
    if isinstance(spells, list):
        upgraded["spells"] = [{"name": s} if isinstance(s, str) else s for s in spells]
    return upgraded


def monster_v2_to_v3(data: dict[str, Any]) -> dict[str, Any]:
    """A monster file of format 2 as format 3: the same attacks (format 3 lets an attack
    cause an effect and deal no damage; every attack of format 2 dealt its dice)."""
    return dict(data)


def encounter_v2_to_v3(data: dict[str, Any]) -> dict[str, Any]:
    """An encounter file of format 2 as format 3: its monsters' sheets as format 3 reads
    them (:func:`monster_v2_to_v3`: nothing of format 2 changes)."""
    return dict(data)


def character_v2_to_v3(data: dict[str, Any]) -> dict[str, Any]:
    """A character file of format 2 as format 3: the same sheet with no gear, money or
    languages written down yet (format 3 adds them; nothing of format 2 changes)."""
    return dict(data)


class Item(BaseModel):
    """A piece of equipment carried (a backpack, rope, a week's rations), with how many."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    name: Name
    quantity: int = Field(1, ge=0, le=100_000)


Coin = Annotated[int, Field(ge=0, le=10_000_000)]


class Coins(BaseModel):
    """The money carried, by the Player's Handbook's five coins, as counted."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    pp: Coin = 0
    gp: Coin = 0
    ep: Coin = 0
    sp: Coin = 0
    cp: Coin = 0


class CharacterSheet(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    kind: Literal["character"] = "character"
    name: Name
    race: Race = "human"
    char_class: CharClass = "fighter"
    level: int = Field(1, ge=1, le=20)
    experience: int = Field(0, ge=0, le=100_000_000)
    abilities: Abilities = Field(default_factory=Abilities)
    hit_points: int = Field(10, ge=-99, le=999)
    max_hit_points: int = Field(10, ge=1, le=999)
    armour: Armour = "none"
    shield: bool = False
    magic_armour: int = Field(0, ge=0, le=5)
    carried: int = Field(0, ge=0, le=5000)
    """Pounds carried, clothing included."""
    weapons: tuple[Weapon, ...] = Field((), max_length=50)
    proficiencies: tuple[ShortText, ...] = Field((), max_length=100)
    spells: Annotated[tuple[Spell, ...], BeforeValidator(_bare_names_as_rows)] = Field(
        (), max_length=200
    )
    """Read from bare names too: an encounter saved before ranges holds its sheets so."""
    languages: tuple[Annotated[str, Field(min_length=1, max_length=40)], ...] = Field(
        (), max_length=30
    )
    equipment: tuple[Item, ...] = Field((), max_length=200)
    coins: Coins = Field(default_factory=Coins)
    treasure: ShortText = ""
    """Gems, jewellery and other valuables carried, as written."""
    notes: LongText = ""
    overrides: dict[OverrideKey, OverrideValue] = Field(default_factory=dict, max_length=200)


class MonsterAttack(BaseModel):
    """One attack of a routine: "claw 1d3 + paralysis"."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    name: Name
    count: int = Field(1, ge=1, le=20)
    damage: Dice | None = DiceExpr.parse("1d6")
    """None: the attack deals no hit-point damage (a paralysing touch, a gaze)."""
    effect: Annotated[str, Field(max_length=80)] = ""
    """What a hit causes besides damage, as printed ("paralysis", "energy drain"); the
    effects of :data:`m3desk.core.routines.EFFECTS` carry a save and a condition
    (:mod:`m3desk.systems.adnd2e.effects`)."""
    set_vs_charge: bool = False
    double_on_charge: bool = False
    routine: int = Field(1, ge=1, le=MAX_ROUTINES)
    """Attacks with the same number are made together in a round ("claw/claw/bite"); the
    monster makes one routine a round ("… or by weapon" is a second)."""


class MonsterSheet(BaseModel):
    """A monster as the Monstrous Manual prints it."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    kind: Literal["monster"] = "monster"
    name: Name
    armour_class: int = Field(10, ge=-10, le=10)
    movement: int = Field(12, ge=0, le=48)
    movement_text: ShortText = ""
    """Other modes as printed ("Fl 18 (C)"); the first number is the walking rate."""
    hit_dice: int = Field(1, ge=0, le=40)
    """0 is ½ HD or less."""
    hit_dice_modifier: int = Field(0, ge=-10, le=40)
    hit_points: int = Field(4, ge=-99, le=999)
    max_hit_points: int = Field(4, ge=1, le=999)
    thac0: int | None = Field(None, ge=1, le=20)
    """As printed; None takes it from the Hit Dice (DMG Table 39)."""
    attacks: tuple[MonsterAttack, ...] = Field((), max_length=20)
    size: Size = "M"
    morale: int = Field(10, ge=2, le=20)
    intelligence: ShortText = ""
    alignment: ShortText = ""
    special_attacks: ShortText = ""
    special_defences: ShortText = ""
    magic_resistance: int = Field(0, ge=0, le=100)
    saves: tuple[SaveTarget, SaveTarget, SaveTarget, SaveTarget, SaveTarget] | None = None
    """PPD, RSW, PP, BW, Sp as printed; None saves as a warrior of its Hit Dice."""
    xp: int = Field(0, ge=0, le=1_000_000)
    notes: LongText = ""
    overrides: dict[OverrideKey, OverrideValue] = Field(default_factory=dict, max_length=200)
