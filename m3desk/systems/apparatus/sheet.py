"""Apparatus characters and creatures as frozen pydantic models.

A sheet holds what is written down: the four abilities, size, Combat Proficiency, armour,
the feats that change movement and grappling, weapons, hit points, Exhaustion and lasting
conditions. Everything that follows from them (Speed, the five Defenses, Physique Rating,
jumps, the Critical Threshold) is derived by :mod:`m3desk.systems.apparatus.derive`, and the
referee's overrides are kept by the derived key in ``overrides``.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, PlainSerializer

from m3desk.core.bounds import MAX_NOTES, OverrideKey, OverrideValue
from m3desk.core.dice import Dice, DiceError, DiceExpr
from m3desk.systems.apparatus.options import ApparatusOptions
from m3desk.systems.apparatus.tables import Size

__all__ = [
    "CONDITION_IDS",
    "Abilities",
    "CharacterSheet",
    "ConditionId",
    "CreatureSheet",
    "Feats",
    "OptionalDice",
    "Sheet",
    "Weapon",
]

Name = Annotated[str, Field(min_length=1, max_length=80)]
ShortText = Annotated[str, Field(max_length=200)]
Score = Annotated[int, Field(ge=-5, le=20)]
ConditionId = Literal[
    "prone",
    "restrained",
    "unseen",
    "obscured",
    "frightened",
    "poisoned",
    "incapacitated",
    "charmed",
]
CONDITION_IDS: tuple[ConditionId, ...] = (
    "prone",
    "restrained",
    "unseen",
    "obscured",
    "frightened",
    "poisoned",
    "incapacitated",
    "charmed",
)


def _optional_dice(value: Any) -> DiceExpr | None:
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, DiceExpr):
        return value
    if not isinstance(value, str):
        raise DiceError("a damage die must be text like 1d6")
    return DiceExpr.parse(value)


def _dice_text(value: DiceExpr | None) -> str:
    return "" if value is None else str(value)


OptionalDice = Annotated[
    DiceExpr | None, BeforeValidator(_optional_dice), PlainSerializer(_dice_text, return_type=str)
]
"""A second damage die ("flame 1d6"), or none: stored as "" in files."""


class Abilities(BaseModel):
    """The small numbers added to rolls (the digest's reading: Might 3 is a strong adult)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    might: Score = 3
    agility: Score = 3
    wits: Score = 3
    resolve: Score = 3


class Feats(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    natural_climber: bool = False
    natural_swimmer: bool = False
    expert_grappler: bool = False


class Weapon(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    name: Name = "weapon"
    damage: Dice = DiceExpr.parse("1d6")
    extra_damage: OptionalDice = None
    grip: Literal["forceful", "finesse"] = "forceful"
    """Forceful weapons add Might to the attack, Finesse weapons Agility."""
    ranged: bool = False
    two_handed: bool = False
    reach: int = Field(1, ge=1, le=20)
    """Melee reach in metres."""
    near: int | None = Field(None, ge=1, le=1000)
    far: int | None = Field(None, ge=1, le=1000)
    """A ranged weapon's Near and Far range in metres; past Far it cannot shoot. None: the
    table rule's range bands (the wiki gives none for unlisted weapons)."""

    def ranges(self, options: ApparatusOptions) -> tuple[int, int]:
        """Near and Far in metres: the weapon's own, else the table's (Near at most Far)."""
        far = self.far if self.far is not None else options.far_range
        near = self.near if self.near is not None else min(options.near_range, far)
        return near, far

    def dice(self) -> tuple[DiceExpr, ...]:
        return (self.damage,) if self.extra_damage is None else (self.damage, self.extra_damage)


class _Sheet(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    name: Name
    size: Size = "medium"
    abilities: Abilities = Field(default_factory=Abilities)
    combat_proficiency: int = Field(0, ge=0, le=5)
    speed: int | None = Field(None, ge=0, le=100)
    """Speed in metres as written on the sheet; None: the table rule's Speed for its size."""
    armour_bonus: int = Field(0, ge=0, le=10)
    hit_points: int = Field(10, ge=-999, le=9999)
    max_hit_points: int = Field(10, ge=1, le=9999)
    feats: Feats = Field(default_factory=Feats)
    weapons: tuple[Weapon, ...] = Field((), max_length=30)
    dual_wielding: bool = False
    """Fights with a weapon in each hand: Advantage on melee attacks, no free hand."""
    exhaustion: int = Field(0, ge=0, le=6)
    conditions: tuple[ConditionId, ...] = Field((), max_length=len(CONDITION_IDS))
    """Conditions the creature carries into a fight (a poisoned scout)."""
    notes: Annotated[str, Field(max_length=MAX_NOTES)] = ""
    overrides: dict[OverrideKey, OverrideValue] = Field(default_factory=dict, max_length=100)


class CharacterSheet(_Sheet):
    kind: Literal["character"] = "character"
    ancestry: ShortText = ""
    calling: ShortText = ""
    level: int = Field(1, ge=0, le=30)


class CreatureSheet(_Sheet):
    """A creature (the "monster" document kind)."""

    kind: Literal["monster"] = "monster"
    description: ShortText = ""


Sheet = CharacterSheet | CreatureSheet
