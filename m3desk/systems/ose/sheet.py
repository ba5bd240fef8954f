"""OSE characters and monster stat blocks as frozen pydantic models.

Sheets hold what the player or the module writes down; everything derived (modifiers, AC,
THAC0, saves, movement) is computed by :mod:`m3desk.systems.ose.derive`, and the referee's
overrides are kept by key in ``overrides``. A monster keeps its saves as its stat block
prints them: a goblin (HD 1-1) saves as a normal human, which no Hit Dice table would say.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from m3desk.core.bounds import MAX_NOTES, OverrideKey, OverrideValue, SaveTarget
from m3desk.core.dice import Dice, DiceExpr
from m3desk.core.routines import MAX_ROUTINES, Damage, DamageText
from m3desk.systems.ose.tables import OseClass, Save

__all__ = [
    "Abilities",
    "CharacterSheet",
    "Coins",
    "Item",
    "MonsterAttack",
    "MonsterSheet",
    "Spell",
    "Weapon",
    "character_v1_to_v2",
    "monster_v1_to_v2",
]

Name = Annotated[str, Field(min_length=1, max_length=80)]
ShortText = Annotated[str, Field(max_length=200)]
Score = Annotated[int, Field(ge=3, le=18)]


class Abilities(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    STR: Score = 10
    INT: Score = 10
    WIS: Score = 10
    DEX: Score = 10
    CON: Score = 10
    CHA: Score = 10


class Weapon(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    name: Name
    damage: Dice = DiceExpr.parse("1d6")
    melee: bool = True
    missile: bool = False
    two_handed: bool = False
    slow: bool = False
    brace: bool = False
    ranges: (
        tuple[
            Annotated[int, Field(ge=6, le=2000)],
            Annotated[int, Field(ge=6, le=2000)],
            Annotated[int, Field(ge=6, le=2000)],
        ]
        | None
    ) = None
    """Short, medium and long range in feet (the last foot of each band)."""
    magic: int = Field(0, ge=0, le=5)
    """A magic weapon's +n, to hit and to damage."""


SPELL_RANGE_MAX = 2000
"""The longest spell range a sheet takes, in feet (the SRD's longest is 480')."""


class Spell(BaseModel):
    """A spell memorised in a slot; ``cast`` once it has been used (or lost) today."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    name: Name
    level: int = Field(1, ge=1, le=6)
    cast: bool = False
    range: int | None = Field(None, ge=0, le=SPELL_RANGE_MAX)
    """In feet; 0 for touch or the caster alone; None when not known (files before it)."""


class Item(BaseModel):
    """A piece of adventuring gear carried (rations, rope, a lantern), with how many."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    name: Name
    quantity: int = Field(1, ge=0, le=100_000)
    weight: int | None = Field(None, ge=0, le=100_000)
    """One piece's weight in coins (the unit of the detailed encumbrance and of Foundry's
    OSE system); None where it is not written down."""


Coin = Annotated[int, Field(ge=0, le=10_000_000)]


class Coins(BaseModel):
    """The money carried, by the SRD's five coins (1 pp = 5 gp, 1 gp = 2 ep = 10 sp = 100 cp)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    pp: Coin = 0
    gp: Coin = 0
    ep: Coin = 0
    sp: Coin = 0
    cp: Coin = 0


def character_v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    """A character file of format 1 as format 2: the same sheet with no gear, money or
    languages written down yet (format 2 adds them; nothing of format 1 changes)."""
    return dict(data)


class CharacterSheet(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    kind: Literal["character"] = "character"
    name: Name
    char_class: OseClass = OseClass.FIGHTER
    level: int = Field(1, ge=1, le=14)
    experience: int = Field(0, ge=0, le=10_000_000)
    abilities: Abilities = Field(default_factory=Abilities)
    hit_points: int = Field(1, ge=-99, le=999)
    max_hit_points: int = Field(1, ge=1, le=999)
    armour: Literal["unarmoured", "leather", "chainmail", "plate mail"] = "unarmoured"
    shield: bool = False
    magic_armour: int = Field(0, ge=0, le=5)
    carrying_treasure: bool = False
    load_coins: int = Field(0, ge=0, le=100_000)
    weapons: tuple[Weapon, ...] = Field((), max_length=50)
    spells: tuple[Spell, ...] = Field((), max_length=100)
    alignment: ShortText = ""
    languages: tuple[Annotated[str, Field(min_length=1, max_length=40)], ...] = Field(
        (), max_length=20
    )
    equipment: tuple[Item, ...] = Field((), max_length=200)
    coins: Coins = Field(default_factory=Coins)
    treasure: ShortText = ""
    """Gems, jewellery and other valuables carried, as written."""
    notes: Annotated[str, Field(max_length=MAX_NOTES)] = ""
    overrides: dict[OverrideKey, OverrideValue] = Field(default_factory=dict, max_length=200)


class MonsterAttack(BaseModel):
    """One attack of a routine: "2 × claw (1d3 + paralysis)". Attacks with the same
    ``routine`` number happen together in a round; a monster uses one routine a round."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    name: Name
    count: int = Field(1, ge=1, le=20)
    damage: DamageText | None = Damage.parse("1d6")
    """None: the attack deals no hit-point damage (a gaze, a paralysing touch)."""
    effect: Annotated[str, Field(max_length=80)] = ""
    """What it causes besides damage, as printed ("paralysis", "charm", "blindness"); the
    effects of :data:`m3desk.core.routines.EFFECTS` carry a save and a condition."""
    routine: int = Field(1, ge=1, le=MAX_ROUTINES)
    uses: int = Field(0, ge=0, le=20)
    """Times a day it may be used (a breath weapon's 3); 0: every round."""
    breath: bool = False
    """A breath weapon: no attack roll; each creature caught saves (:attr:`save`) for half
    the damage, or to escape its effect (:mod:`m3desk.systems.ose.attacks`)."""
    own_hit_points: bool = False
    """Its damage is the monster's hit points as they stand (a dragon's breath), not
    :attr:`damage`."""
    save: Save | None = None
    """The saving throw the book names for it ("save versus breath for half"); None: the
    effect's own, and no save against a breath's damage where the book names none."""
    opens: bool = False
    """The monster uses it first, in the first round it can (a dragon's breath)."""
    chance: int = Field(0, ge=0, le=6)
    """In six, how often the monster uses it in a round after that (a dragon's 3, a
    hellhound's 2); 0: when it is the referee's best choice."""


class MonsterSheet(BaseModel):
    """A monster as a module's stat block prints it."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    kind: Literal["monster"] = "monster"
    name: Name
    armour_class: int = Field(9, ge=-10, le=19)
    hit_dice: int = Field(1, ge=0, le=40)
    hit_dice_modifier: int = Field(0, ge=-10, le=40)
    """The "+1" of HD 4+1 or the "−1" of HD 1-1."""
    hit_points: int = Field(4, ge=-99, le=999)
    max_hit_points: int = Field(4, ge=1, le=999)
    hit_point_dice: Dice | None = None
    """What its hit points are rolled with when the SRD fixes other dice than its Hit Dice's
    d8s: a bodyguard's 3d6, "+1" for a creature of one hit point. None: the Hit Dice (½: 1d4)."""
    attacks: tuple[MonsterAttack, ...] = Field((), max_length=20)
    hit_dice_asterisks: int = Field(0, ge=0, le=6)
    """Special abilities, for XP (HD 3** has two)."""
    normal_human: bool = False
    """Attacks on the normal-human row (THAC0 20 [−1]) whatever its Hit Dice."""
    larger_than_human: bool = False
    """Larger than human-sized: a halfling's AC is 2 better against its attacks."""
    movement: int = Field(120, ge=0, le=480)
    movement_other: ShortText = ""
    """Other modes as printed ("fly 180' (60')")."""
    saves: dict[Save, SaveTarget] = Field(default_factory=dict)
    """As the stat block prints them; empty: from ``saves_as``, else from the Hit Dice."""
    saves_as: ShortText = ""
    """"NH", or a class and level ("F3", "D1", "MU5"), as printed."""
    initiative_modifier: int = Field(0, ge=-3, le=3)
    """The referee's fast/slow modifier for individual initiative (monsters have no DEX)."""
    morale: int = Field(7, ge=2, le=12)
    alignment: ShortText = ""
    xp: int = Field(0, ge=0, le=1_000_000)
    number_appearing: ShortText = ""
    treasure: ShortText = ""
    notes: Annotated[str, Field(max_length=MAX_NOTES)] = ""
    overrides: dict[OverrideKey, OverrideValue] = Field(default_factory=dict, max_length=200)


def monster_v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    """A monster file of format 1 as format 2: format 2 adds ``hit_point_dice`` (none in
    format 1: hit points from the Hit Dice); nothing of format 1 changes."""
    return dict(data)
