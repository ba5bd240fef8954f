"""The table rules of an Apparatus game: every rule the wiki leaves open or states twice.

Apparatus is a homebrew whose pages changed often; the digest (shared/rules/apparatus.md §12)
lists what is unknown or disputed. Each of those is a field here with the digest's default,
and a one-line reason in :data:`EXPLANATIONS`.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["CHOICE_WORDS", "EXPLANATIONS", "LABELS", "ApparatusOptions"]

SizeStep = Annotated[int, Field(ge=-20, le=20)]
"""A size's modifier: the wiki's run from −4 to +8, with room for a table's own."""


class ApparatusOptions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    advantage_mode: Literal["dice", "flat"] = "dice"
    advantage_auto_at_3: bool = True
    cap_advantage_dice: bool = False
    critical_threshold: int = Field(20, ge=2, le=20)
    natural_1_misses: bool = False
    incapacitated_bonus: Literal["if_met", "always"] = "if_met"
    defense: Literal["static", "rolled"] = "static"
    physique_base: int = Field(10, ge=0, le=30)
    size_modifiers: tuple[SizeStep, SizeStep, SizeStep, SizeStep, SizeStep, SizeStep] = (
        -4, -2, 0, 2, 4, 8)
    size_factors: Literal["tables", "size_page"] = "tables"
    jump_bands: Literal["text", "headers"] = "text"
    jump_score: Literal["best", "might", "literal"] = "best"
    stand_cost: Literal["ceil", "floor", "exact"] = "ceil"
    grapple_halving: Literal["floor", "ceil"] = "floor"
    size_scaled_movement: bool = True
    sized_might_in_checks: bool = False
    speed_medium: int = Field(6, ge=1, le=60)
    landing_dc: int = Field(10, ge=1, le=40)
    near_range: int = Field(10, ge=1, le=1000)
    far_range: int = Field(30, ge=1, le=1000)
    starting_hit_points: int = Field(10, ge=1, le=999)
    ability_scores: Literal["point_buy", "typed"] = "point_buy"
    ability_points: int = Field(12, ge=0, le=80)
    ability_cap: int = Field(6, ge=1, le=20)
    opportunity_attacks: Literal["note", "due"] = "note"


EXPLANATIONS: dict[str, str] = {
    "advantage_mode": "What one step of Advantage does is unknown: roll an extra d20 and keep "
                      "the best (or worst), or add ±2 per step.",
    "advantage_auto_at_3": "A later wiki revision: net Advantage +3 always succeeds, −3 always "
                           "fails.",
    "cap_advantage_dice": "Roll at most 4 d20 at Advantage +3 or more: the hit is certain "
                          "anyway, but fewer dice lower the chance of a critical hit.",
    "critical_threshold": "The wiki never gives the usual Critical Threshold: a natural 20 "
                          "unless a feature lowers it.",
    "natural_1_misses": "No rule found for a natural 1; by default it is just a low roll.",
    "incapacitated_bonus": "Attacks on the Incapacitated are automatic crits: the extra damage "
                           "only if the roll also met the Defense, or always.",
    "defense": "Static Defense (10 + …) or the July 2022 rolled Defense (1d20 + …, the attacker "
               "wins ties); the wiki's Guard formula was not found.",
    "physique_base": "The Physique Rating formula is unknown: this + Might + Size Modifier.",
    "size_modifiers": "Only the −8…+4 bounds are known; Size Modifiers Tiny…Gargantuan "
                      "(attacks subtract it, grapples add it).",
    "size_factors": "Jump tables scale Huge ×4 and Gargantuan ×8; the Size page says ×3 and ×4.",
    "jump_bands": "The text says ≤ 2 and ≥ 6; the tables' headers say < 2 and > 6 (a lost =).",
    "jump_score": "“Might or Agility”: the better of the two, Might alone, or either "
                  "(any score ≤ 2 weakens, any ≥ 6 strengthens).",
    "stand_cost": "Standing up costs ½ Speed; rounding is not said (exact allows half points).",
    "grapple_halving": "A grappler's halved Speed: rounding is not said.",
    "size_scaled_movement": "Climb, swim and crawl distances scale with the Size Multiplier "
                            "(a Large creature climbs 2 m for one metre's cost).",
    "sized_might_in_checks": "Might is multiplied by size on the Size page; whether checks use "
                             "the multiplied value is not said.",
    "speed_medium": "Speeds by size are unknown: a Medium creature's Speed, scaled by the Size "
                    "Multiplier for others (at least 1).",
    "landing_dc": "A rough or slippery landing may need an Agility check; its DC is not given.",
    "near_range": "Range bands are unknown: a new weapon's Near range in metres.",
    "far_range": "Range bands are unknown: a new weapon's Far range in metres.",
    "starting_hit_points": "The pages read give no hit-point rule: a new sheet starts with "
                           "this many.",
    "ability_scores": "The pages read give no way to make a character: points spent on the "
                      "four abilities (the default), or scores typed as the table decides.",
    "ability_points": "Points a new character spends on its abilities: 12 gives the samples' "
                      "three in each (Might 3 is a strong adult).",
    "ability_cap": "The highest score points may buy: 6 is where the jump rules call a "
                   "score strong.",
    "opportunity_attacks": "The wiki names opportunity attacks but gives no rule for them: by "
                           "default leaving a hostile's reach is only noted.",
}

LABELS: dict[str, str] = {
    "advantage_mode": "Advantage",
    "advantage_auto_at_3": "Advantage ±3 decides",
    "cap_advantage_dice": "At most 4 d20 at Advantage",
    "critical_threshold": "Critical Threshold",
    "natural_1_misses": "Natural 1 misses",
    "incapacitated_bonus": "Crits on the Incapacitated",
    "defense": "Defense",
    "physique_base": "Physique Rating base",
    "size_modifiers": "Size Modifiers (Tiny … Gargantuan)",
    "size_factors": "Jump size factors",
    "jump_bands": "Jump score bands",
    "jump_score": "Jump score",
    "stand_cost": "Standing up rounds",
    "grapple_halving": "Grappler's Speed rounds",
    "size_scaled_movement": "Size scales climbing and swimming",
    "sized_might_in_checks": "Checks use sized Might",
    "speed_medium": "Medium Speed (m)",
    "landing_dc": "Landing DC",
    "near_range": "Near range (m)",
    "far_range": "Far range (m)",
    "starting_hit_points": "New sheets' hit points",
    "ability_scores": "New characters' abilities",
    "ability_points": "Ability points to spend",
    "ability_cap": "Highest bought ability",
    "opportunity_attacks": "Leaving an enemy's reach",
}
"""The label each option shows in the Table Rules dialog."""

CHOICE_WORDS: dict[str, dict[str, str]] = {
    "advantage_mode": {"dice": "Extra d20s", "flat": "±2 a step"},
    "incapacitated_bonus": {"if_met": "Only if the roll meets Defense", "always": "Always"},
    "defense": {"static": "Static (10 + …)", "rolled": "Rolled (1d20 + …)"},
    "size_factors": {"tables": "Jump tables (×4, ×8)", "size_page": "Size page (×3, ×4)"},
    "jump_bands": {"text": "The text (≤ 2, ≥ 6)", "headers": "The headers (< 2, > 6)"},
    "jump_score": {"best": "The better of Might and Agility", "might": "Might alone",
                   "literal": "Either score"},
    "stand_cost": {"ceil": "Up", "floor": "Down", "exact": "Exact (half points)"},
    "grapple_halving": {"floor": "Down", "ceil": "Up"},
    "ability_scores": {"point_buy": "Points spent", "typed": "Typed from the table"},
    "opportunity_attacks": {"note": "A note only", "due": "The enemy gets a free attack"},
}
"""Each choice in words, as the dialog's lists show it."""
