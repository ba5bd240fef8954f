"""An OSE fight's state: combatants with what they declared, sides with their d6 and morale.

Only data here; the round's rules are in :mod:`m3desk.systems.ose.round` and the tracker's,
board's and dialog's functions in :mod:`m3desk.systems.ose.table`.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from m3desk.core import encounter as core
from m3desk.core.names import SideName
from m3desk.core.system import InitiativeScheme, PositionModel
from m3desk.systems.ose import combat
from m3desk.systems.ose.combat import MELEE_FEET
from m3desk.systems.ose.option_rules import keep_rule
from m3desk.systems.ose.options import OseOptions
from m3desk.systems.ose.sheet import CharacterSheet, MonsterSheet
from m3desk.systems.ose.turn_order import with_order

__all__ = [
    "DECLARATIONS",
    "FEET",
    "INITIATIVE",
    "MELEE_FEET",
    "Declaration",
    "OseCombatant",
    "OseEncounter",
    "SideMorale",
]

INITIATIVE = InitiativeScheme(
    roller="side_die",
    die=6,
    lower_first=False,
    ties="reroll",
    reroll_each_round=True,
    declared=("spells", "fighting withdrawal", "retreat"),
)
FEET = PositionModel(kind="distance", unit="ft", maximum=480, step=5, start=60)

Declaration = Literal["none", "cast a spell", "fighting withdrawal", "retreat"]
DECLARATIONS: tuple[Declaration, ...] = ("none", "cast a spell", "fighting withdrawal", "retreat")
Roll = Annotated[int, Field(ge=-9, le=20)]


class OseCombatant(core.Combatant):
    sheet: CharacterSheet | MonsterSheet = Field(discriminator="kind")
    declared: Declaration = "none"
    """What it declared before this round's initiative (spells and movement in melee)."""
    spell: str = Field("", max_length=80)
    """The memorised spell it declared it will cast."""
    rolled: int | None = Field(None, ge=-9, le=20)
    """Its own initiative roll, d6 + modifier (individual initiative only)."""
    acted: bool = False
    moved: int = Field(0, ge=0, le=100_000)
    """Feet moved this round (counted against what its declaration allows)."""
    fleeing: bool = False
    """Broke on a morale check (or routed): it flees or surrenders."""
    cover: int = Field(0, ge=0, le=5)
    reload_shot: int = Field(0, ge=0, le=100_000)
    """The round it last shot a weapon that must be reloaded (a crossbow); 0: none."""
    spent: dict[Annotated[int, Field(ge=0, le=19)], Annotated[int, Field(ge=0, le=20)]] = Field(
        default_factory=dict, max_length=20
    )
    """Uses spent today of its sheet's attacks that have uses a day (a breath weapon), by the
    attack's place on the sheet."""
    breathed: int = Field(0, ge=0, le=100_000)
    """The round it last used such an attack (0: not yet): everyone else caught in that
    breath is resolved in the same round without spending another use."""
    """Partial cover 1–4 (missiles against it −1 … −4); 5 is complete cover."""


class SideMorale(BaseModel):
    """Where a side's monsters stand on morale: which checks were made, how many held."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    checked: tuple[Literal["first death", "half down"], ...] = Field((), max_length=2)
    passes: int = Field(0, ge=0, le=2)
    broken: bool = False


class OseEncounter(core.Encounter):
    scheme: ClassVar[InitiativeScheme] = INITIATIVE
    position_model: ClassVar[PositionModel] = FEET
    combatants: tuple[OseCombatant, ...] = Field((), max_length=core.MAX_COMBATANTS)
    options: OseOptions = Field(default_factory=OseOptions)
    side_rolls: dict[SideName, Roll] = Field(default_factory=dict, max_length=200)
    """This round's d6 of each side (kept all fight under the keep-initiative rule)."""
    surprise_rolls: dict[SideName, Roll] = Field(default_factory=dict, max_length=200)
    """Each side's surprise d6 at set-up: 1–2 is surprised."""
    morale: dict[SideName, SideMorale] = Field(default_factory=dict, max_length=200)
    setup_results: dict[
        Annotated[str, Field(max_length=40)], Annotated[str, Field(max_length=200)]
    ] = Field(default_factory=dict, max_length=10)
    """What the set-up steps came to, in words ("distance": "60 ft, dungeon")."""
    experience_awarded: bool = False
    """The fight's experience was added to the survivors' sheets."""

    def out_of_fight(self, combatant: core.Combatant) -> bool:
        """0 hit points or fewer is dead (seed 003), and a paralysed, petrified or charmed
        combatant is out of the fight (:func:`attacks.afflicted`): no more turns."""
        from m3desk.systems.ose.attacks import afflicted

        return combat.down(combatant.sheet.hit_points) or afflicted(combatant)

    def round_ended(self) -> tuple[OseEncounter, list[str]]:
        """Declarations, acted marks and (unless kept) initiative end with the round."""
        ticked, expired = super().round_ended()
        keep = keep_rule(self.options).keeps(self.phase)
        combatants = tuple(
            c.model_copy(
                update={
                    "declared": "none",
                    "spell": "",
                    "acted": False,
                    "moved": 0,
                    "rolled": c.rolled if keep else None,
                }
            )
            for c in ticked.combatants
        )
        after = ticked.model_copy(
            update={"combatants": combatants, "side_rolls": self.side_rolls if keep else {}}
        )
        return with_order(after), expired
