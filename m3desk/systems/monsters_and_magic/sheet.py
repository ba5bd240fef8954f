"""Character and monster sheets as pydantic models.

Sheets hold what the player writes down; everything derived (modifiers, AC, Movement,
maximum damage, initiative) is computed by :mod:`m3desk.systems.monsters_and_magic.derive`, and the
GM's
overrides of derived values are stored by key in ``overrides``.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from m3desk.core.bounds import MAX_NOTES, OverrideKey, OverrideValue
from m3desk.systems.monsters_and_magic.attributes import Attribute, Attributes
from m3desk.systems.monsters_and_magic.conditions import Condition
from m3desk.systems.monsters_and_magic.dice import Dice
from m3desk.systems.monsters_and_magic.movement import ArmourWeight, Encumbrance
from m3desk.systems.monsters_and_magic.ranges import REACH_BANDS, RangeBand, ReachClass
from m3desk.systems.monsters_and_magic.size import Size
from m3desk.systems.monsters_and_magic.traits import Trait

MAX_LEVEL = 30
MAX_HIT_POINTS = 9999
MAX_LIST = 200
MAX_PORTRAIT_CHARS = 1024 * 1024
"""A stored portrait is at most 256 px (about 350 KB as base64 PNG, 30 KB as JPEG)."""

Name = Annotated[str, Field(min_length=1, max_length=80)]
ShortText = Annotated[str, Field(max_length=120)]
LongText = Annotated[str, Field(max_length=MAX_NOTES)]


class Pool(BaseModel):
    """Hit points, current and maximum; current may drop below zero (the GM rules what then)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    current: int = Field(0, ge=-MAX_HIT_POINTS, le=MAX_HIT_POINTS)
    maximum: int = Field(0, ge=0, le=MAX_HIT_POINTS)

    @model_validator(mode="after")
    def _not_above_maximum(self) -> Pool:
        if self.current > self.maximum:
            raise ValueError(f"current hit points ({self.current}) above maximum ({self.maximum})")
        return self

    @classmethod
    def full(cls, maximum: int) -> Pool:
        return cls(current=maximum, maximum=maximum)

    def raised_by(self, amount: int) -> Pool:
        """The pool with its maximum changed by ``amount`` and the current moved alike (a
        raise heals as much as it adds; a cut never leaves current above maximum)."""
        maximum = max(0, min(MAX_HIT_POINTS, self.maximum + amount))
        current = max(-MAX_HIT_POINTS, min(maximum, self.current + amount))
        return Pool(current=current, maximum=maximum)

    def adjusted(self, delta: int) -> Pool:
        """Damage (negative) or healing (positive); healing stops at the maximum."""
        current = max(min(self.current + delta, self.maximum), -MAX_HIT_POINTS)
        return Pool(current=current, maximum=self.maximum)

    def within(self, maximum: int) -> Pool:
        """This pool's current value under another maximum (a sheet file's own)."""
        return Pool(current=min(self.current, maximum), maximum=maximum)


ITEM_KINDS = ("weapon", "armour", "shield", "social weapon", "social armour", "gear")
ItemKindName = Literal["weapon", "armour", "shield", "social weapon", "social armour", "gear"]


class Item(BaseModel):
    """Equipment (Table 11's kinds): weapons and armour, social "weapons" and "armour", gear."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    name: Name
    kind: ItemKindName = "gear"
    damage: Dice | None = None
    """A damage die added to attack checks made with it (weapons, social weapons)."""
    armour_bonus: int = Field(0, ge=0, le=40)
    """Added to AC (armour, shield) or to mental resistance (social armour)."""
    weight: ArmourWeight = ArmourWeight.NONE
    """For armour: light, medium or heavy caps Movement (Table 15)."""
    signature: bool = False
    to_hit: int = Field(0, ge=-10, le=10)
    """A signature weapon's bonus to the check (Gramfive's Cutter: +1)."""
    ranges: tuple[RangeBand, ...] = Field(REACH_BANDS[ReachClass.MELEE], max_length=len(RangeBand))
    equipped: bool = True
    notes: ShortText = ""

    @property
    def is_attack(self) -> bool:
        return self.kind in ("weapon", "social weapon") and self.damage is not None

    @property
    def mental(self) -> bool:
        return self.kind in ("social weapon", "social armour")


class Spell(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    name: Name
    level: int = Field(1, ge=0, le=20)
    damage: Dice | None = None
    mental: bool = False
    ranges: tuple[RangeBand, ...] = Field(REACH_BANDS[ReachClass.SPELL], max_length=len(RangeBand))
    duration_rounds: int | None = Field(None, ge=1, le=10_000)
    notes: ShortText = ""


class SheetBase(BaseModel):
    """What players' characters and monsters share."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    name: Name
    level: int = Field(1, ge=1, le=MAX_LEVEL)
    size: Size = Size.M
    attributes: Attributes = Field(default_factory=Attributes)
    php: Pool = Field(default_factory=Pool)
    mhp: Pool = Field(default_factory=Pool)
    hero_points: int = Field(0, ge=0, le=99)
    traits: tuple[Trait, ...] = Field((), max_length=MAX_LIST)
    conditions: tuple[Condition, ...] = Field((), max_length=MAX_LIST)
    notes: LongText = ""
    overrides: dict[OverrideKey, OverrideValue] = Field(default_factory=dict, max_length=MAX_LIST)
    """GM overrides of derived values, by key (see
    :mod:`m3desk.systems.monsters_and_magic.derive`)."""


class CharacterSheet(SheetBase):
    """A player character."""

    kind: Literal["character"] = "character"
    race: ShortText = "human"
    char_class: ShortText = "fighter"
    prime: Attribute | None = Attribute.STR
    """The class's prime attribute: its modifier doubles on checks based on it."""
    alignment: ShortText = ""
    alignment_focus: ShortText = ""
    alignment_focus_points: int = Field(0, ge=0, le=9999)
    experience: int = Field(0, ge=0, le=10_000_000)
    movement_base: int | None = Field(None, ge=1, le=30)
    """Movement by race; None means take it from the race table."""
    encumbrance: Encumbrance = Encumbrance.UNENCUMBERED
    items: tuple[Item, ...] = Field((), max_length=MAX_LIST)
    spells: tuple[Spell, ...] = Field((), max_length=MAX_LIST)
    portrait_png: str = Field("", max_length=MAX_PORTRAIT_CHARS)
    """The portrait as base64 PNG, stored inside the file."""


class MonsterAttack(BaseModel):
    """A monster's attack or monster action, with its own bonus and damage die."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    name: Name
    bonus: int = Field(0, ge=-50, le=100)
    damage: Dice | None = None
    resisted_by: Literal["AC", "STR", "DEX", "CON", "INT", "WIS", "CHA", "difficulty"] = "AC"
    mental: bool = False
    ranges: tuple[RangeBand, ...] = Field(REACH_BANDS[ReachClass.MELEE], max_length=len(RangeBand))
    action: bool = False
    """A monster action (e.g. a GM reaction such as "Infect with Regressing Disease")."""
    description: ShortText = ""


class MonsterSheet(SheetBase):
    """A monster: level, size, AC as written in its stat block, attacks and monster actions."""

    kind: Literal["monster"] = "monster"
    armour_class: int = Field(10, ge=0, le=99)
    rolled_defence: int = Field(0, ge=-20, le=99)
    """The rolled form of its AC: "AC 17 (+7)" is armour_class 17, rolled_defence 7."""
    armour_bonus: int | None = Field(None, ge=0, le=40)
    """The armour bonus its AC is built from (seed 001's orc: DEX 12 + armour 1 + trait 1 =
    AC 14). When given, AC and rolled defence are worked out as for a character; when None,
    they are the stat block's ``armour_class`` and ``rolled_defence``."""
    mental_armour: int = Field(0, ge=0, le=40)
    """Armour bonus to mental resistance (a cosseted social class, a glamour: Table 11)."""
    attacks: tuple[MonsterAttack, ...] = Field((), max_length=MAX_LIST)
    resistances: dict[Attribute, Annotated[int, Field(ge=-99, le=99)]] = Field(default_factory=dict)
    """Bonuses to rolled resistances beyond the attribute modifier (e.g. a trait: +6)."""
    description: LongText = ""


AnySheet = Annotated[CharacterSheet | MonsterSheet, Field(discriminator="kind")]
