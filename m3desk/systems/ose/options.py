"""The table rules of an OSE game: every option the rules leave to the referee, with a default.

Each field has a one-line reason in :data:`EXPLANATIONS`, shown beside it in the app.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

__all__ = ["CHOICE_WORDS", "EXPLANATIONS", "LABELS", "OseOptions"]


class OseOptions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    ties: Literal["reroll", "simultaneous"] = "reroll"
    individual_initiative: bool = False
    keep_initiative: bool = False
    attack_table: Literal["matrix", "arithmetic"] = "matrix"
    ascending_ac: bool = False
    variable_weapon_damage: bool = False
    encumbrance: Literal["none", "basic", "detailed"] = "basic"
    reload: bool = False
    hp_reroll_1_2: bool = False
    starting_hit_points: Literal["average", "maximum", "roll"] = "average"
    ability_scores: Literal["3d6_in_order", "4d6_drop_lowest", "typed"] = "3d6_in_order"


EXPLANATIONS: dict[str, str] = {
    "ties": "Equal side initiative: roll again (the default) or both sides act at once.",
    "individual_initiative": "Each combatant rolls 1d6 + DEX modifier instead of one per side.",
    "keep_initiative": "Keep the first round's initiative all fight (B/X re-rolls each round).",
    "attack_table": "The attack matrix (repeated 20s and 2s) or plain THAC0 − AC arithmetic.",
    "ascending_ac": "Show AC as ascending [AAC] first, with the attack bonus instead of THAC0.",
    "variable_weapon_damage": "Weapons deal their table damage instead of every weapon 1d6.",
    "encumbrance": "How load slows characters: not at all, by armour and treasure, or by weight.",
    "reload": "Crossbows (and other reload weapons) fire only every second round.",
    "hp_reroll_1_2": "A 1 or 2 on the first level's hit die is rolled again.",
    "starting_hit_points": "A new character's hit die: its average (rounded up), its maximum, "
                           "or rolled in the New Character dialog (the rules roll it).",
    "ability_scores": "How New Character gets the six scores: 3d6 in order (the rules), 4d6 "
                      "dropping the lowest die arranged as the player likes, or typed from "
                      "the table's own dice.",
}

LABELS: dict[str, str] = {
    "ties": "Initiative ties",
    "individual_initiative": "Individual initiative",
    "keep_initiative": "Keep initiative all fight",
    "attack_table": "Attack rolls",
    "ascending_ac": "Ascending armour class",
    "variable_weapon_damage": "Damage by weapon",
    "encumbrance": "Encumbrance",
    "reload": "Crossbows reload",
    "hp_reroll_1_2": "Re-roll a first-level 1 or 2",
    "starting_hit_points": "New sheets' hit points",
    "ability_scores": "New characters' ability scores",
}
"""The label each option shows in the Table Rules dialog."""

CHOICE_WORDS: dict[str, dict[str, str]] = {
    "ties": {"reroll": "Roll again", "simultaneous": "Both sides act at once"},
    "attack_table": {"matrix": "The attack matrix", "arithmetic": "THAC0 − AC arithmetic"},
    "encumbrance": {"none": "None", "basic": "Basic (armour and treasure)",
                    "detailed": "Detailed (by weight)"},
    "starting_hit_points": {"average": "The die's average", "maximum": "The die's maximum",
                            "roll": "Rolled"},
    "ability_scores": {"3d6_in_order": "3d6 in order", "4d6_drop_lowest":
                       "4d6 drop the lowest, arranged", "typed": "Typed from the table"},
}
"""Each choice in words, as the dialog's lists show it."""
