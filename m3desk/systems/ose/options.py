"""The table rules of an OSE game: every option the rules leave to the referee, with a default.

Each field carries its label, its one-line reason and its choices in words (an
:class:`~m3desk.core.options.Option` marker), shown beside it in the app.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict

from m3desk.core.options import Option

__all__ = ["OseOptions"]


class OseOptions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    ties: Annotated[
        Literal["reroll", "simultaneous"],
        Option(
            "Initiative ties",
            "Equal side initiative: roll again (the default) or both sides act at once.",
            choices={"reroll": "Roll again", "simultaneous": "Both sides act at once"},
            section="Initiative",
        ),
    ] = "reroll"
    individual_initiative: Annotated[
        bool,
        Option(
            "Individual initiative",
            "Each combatant rolls 1d6 + DEX modifier instead of one per side.",
            section="Initiative",
        ),
    ] = False
    keep_initiative: Annotated[
        bool,
        Option(
            "Keep initiative all fight",
            "Keep the first round's initiative all fight (B/X re-rolls each round).",
            section="Initiative",
        ),
    ] = False
    attack_table: Annotated[
        Literal["matrix", "arithmetic"],
        Option(
            "Attack rolls",
            "The attack matrix (repeated 20s and 2s) or plain THAC0 − AC arithmetic.",
            choices={"matrix": "The attack matrix", "arithmetic": "THAC0 − AC arithmetic"},
            section="Combat",
        ),
    ] = "matrix"
    ascending_ac: Annotated[
        bool,
        Option(
            "Ascending armour class",
            "Show AC as ascending [AAC] first, with the attack bonus instead of THAC0.",
            section="Combat",
        ),
    ] = False
    variable_weapon_damage: Annotated[
        bool,
        Option(
            "Damage by weapon",
            "Weapons deal their table damage instead of every weapon 1d6.",
            section="Combat",
        ),
    ] = False
    encumbrance: Annotated[
        Literal["none", "basic", "detailed"],
        Option(
            "Encumbrance",
            "How load slows characters: not at all, by armour and treasure, or by weight.",
            choices={
                "none": "None",
                "basic": "Basic (armour and treasure)",
                "detailed": "Detailed (by weight)",
            },
            section="Movement",
        ),
    ] = "basic"
    reload: Annotated[
        bool,
        Option(
            "Crossbows reload",
            "Crossbows (and other reload weapons) fire only every second round.",
            section="Combat",
        ),
    ] = False
    hp_reroll_1_2: Annotated[
        bool,
        Option(
            "Re-roll a first-level 1 or 2",
            "A 1 or 2 on the first level's hit die is rolled again.",
            section="New characters",
        ),
    ] = False
    starting_hit_points: Annotated[
        Literal["average", "maximum", "roll"],
        Option(
            "New sheets' hit points",
            "A new character's hit die: its average (rounded up), its maximum, or rolled in the "
            "New "
            "Character dialog (the rules roll it).",
            choices={
                "average": "The die's average",
                "maximum": "The die's maximum",
                "roll": "Rolled",
            },
            section="New characters",
        ),
    ] = "average"
    ability_scores: Annotated[
        Literal["3d6_in_order", "4d6_drop_lowest", "typed"],
        Option(
            "New characters' ability scores",
            "How New Character gets the six scores: 3d6 in order (the rules), 4d6 dropping the "
            "lowest die arranged as the player likes, or typed from the table's own dice.",
            choices={
                "3d6_in_order": "3d6 in order",
                "4d6_drop_lowest": "4d6 drop the lowest, arranged",
                "typed": "Typed from the table",
            },
            section="New characters",
        ),
    ] = "3d6_in_order"
